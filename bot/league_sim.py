"""``parley league-sim``: a whole league played on a real store with a fake clock, checked
against an independent recomputation, optionally killed (SIGKILL) at chosen moments and
resumed; and ``--pairing N``: the time to pair Swiss rounds of N players.

``parley league-sim [--players 32] [--format swiss|robin] [--rounds 5] [--game cardinal]
[--seats 2] [--player greedy] [--kill drawn:2,made:9,moved:300] [--db FILE] [--seed 1]``

The league runs through :class:`bot.play.leagues.rounds.LeagueRounds` and every move through
:meth:`bot.play.service.GameService.act`, as on Discord (posts are queued, never sent). With
``--kill``, the league runs in a worker process that stops at each named moment (the Nth
round drawn, the Nth game made, the Nth move) and is killed there with SIGKILL, then started
again on the same database, until the league is over. The checks then read the database:
every round legal (each player once), no repeated pairing (counted, with whether the format
could have avoided it), one game per board and no other game, every game over, byes to
nobody twice, and the table equal to one recomputed longhand from the games' own results.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from bot.play.leagues.boards import Board, met
from bot.play.leagues.pairing import swiss
from bot.play.leagues.rounds import LeagueRounds
from bot.play.leagues.table import points_of, standings
from bot.play.service import GameService
from bot.storage import SqliteStore
from bot.storage.leagues import LeagueDraft
from games import REGISTRY
from games.ai import make_player

GUILD, CHANNEL, ORGANISER = 1, 2, 3
DAY = 86400.0


class Moments:
    """Where a worker stops for its parent: when the league's Nth round has been drawn, its
    Nth game made, its Nth move made (counted in the database, so across restarts), it
    prints the moment and waits for a word on stdin (the parent kills it instead)."""

    def __init__(self, stops: set[str], path: str | None = None) -> None:
        self.stops = stops
        self.db = sqlite3.connect(path) if path and stops else None

    def passed(self, kind: str) -> None:
        if self.db is None:
            return
        query = {
            "drawn": "SELECT round FROM leagues WHERE id=1",
            "made": "SELECT COUNT(*) FROM league_games WHERE game_id IS NOT NULL",
            "moved": "SELECT COUNT(*) FROM actions",
        }[kind]
        moment = f"{kind}:{self.db.execute(query).fetchone()[0]}"
        if moment in self.stops:
            print(moment, flush=True)
            sys.stdin.readline()


class Clock:
    def __init__(self) -> None:
        self.now = 1_767_600_000.0

    def __call__(self) -> float:
        return self.now


def draft_of(args: argparse.Namespace, now: float) -> LeagueDraft:
    return LeagueDraft(
        guild_id=GUILD,
        channel_id=CHANNEL,
        organiser_id=ORGANISER,
        name="Simulated",
        game_key=args.game,
        options={},
        clock_seconds=int(DAY),
        policy="autopilot",
        format=args.format,
        rounds=args.rounds,
        seats=args.seats,
        signup_until=now + DAY,
        rated=True,
    )


async def play_league(args: argparse.Namespace, moments: Moments) -> None:
    """Create the league if the database has none, then run it to its end (resuming one a
    kill cut short: every step is safe to repeat)."""
    clock = Clock()
    store = await SqliteStore.open(args.db, clock=clock)
    service = GameService(store)
    rounds = LeagueRounds(store, service)
    try:
        if await store.league(1) is None:
            made = await store.create_league(draft_of(args, clock.now))
            await store.set_league_places(made.id, 10, 11)
            for user in range(100, 100 + args.players):
                await store.join_league(made.id, user)
        _watch(store, moments)
        clock.now += 2 * DAY
        rng = random.Random(args.seed)
        while True:
            league = await rounds.step(1, clock.now)
            assert league is not None
            if league.status != "playing":
                break
            for board in await store.league_boards(1):
                if board.game_id is not None and board.status == "active":
                    await play_out(service, board.game_id, args.player, rng, moments)
    finally:
        await store.close()


def _watch(store: SqliteStore, moments: Moments) -> None:
    """Count rounds drawn and games made as the store commits them."""
    draw, make = store.draw_round, store.open_league_game

    async def drawn(*a: Any, **k: Any) -> bool:
        done = await draw(*a, **k)
        if done:
            moments.passed("drawn")
        return done

    async def made(*a: Any, **k: Any) -> int | None:
        game = await make(*a, **k)
        if game is not None:
            moments.passed("made")
        return game

    store.draw_round = drawn  # type: ignore[method-assign]
    store.open_league_game = made  # type: ignore[method-assign]


async def play_out(
    service: GameService, game_id: int, player: str, rng: random.Random, moments: Moments
) -> None:
    """Play the game to its end, each due seat's move chosen by ``player``."""
    while True:
        game = await service.game(game_id)
        if game.status != "active":
            return
        spec = service.spec(game)
        state = service.state(game)
        seat = spec.to_act(state)[0]
        action = make_player(player, rng.randrange(2**31)).choose(spec, state, seat)
        await service.act(game_id, game.user_of(seat), action, game.version)
        moments.passed("moved")


def result(a: int, b: int, winners: set[int]) -> float:
    """``a``'s result against ``b`` at a finished game: 1, ½ or 0."""
    return 0.5 + ((a in winners) - (b in winners)) / 2


def longhand(path: str) -> dict[int, tuple[float, float]]:
    """Points and Sonneborn-Berger (each result times that opponent's points; at a table,
    points times the others' mean points) per player, from the games table alone: for every
    pair at a finished game, a win for a winner over a non-winner, else half each."""
    db = sqlite3.connect(path)
    seats: dict[int, dict[int, int]] = {}
    for game_id, user_id, seat in db.execute("SELECT game_id, user_id, seat FROM seats"):
        seats.setdefault(game_id, {})[seat] = user_id
    tables = []
    for game_id, outcome in db.execute("SELECT id, result FROM games"):
        players = [seats[game_id][s] for s in sorted(seats[game_id])]
        winners = {seats[game_id][s] for s in json.loads(outcome)["winners"]} or set(players)
        tables.append((players, winners))
    drawn = [json.loads(p) for (p,) in db.execute("SELECT players FROM league_games")]
    db.close()
    points: defaultdict[int, float] = defaultdict(float)
    for bye in (p[0] for p in drawn if len(p) == 1):
        points[bye] += 1.0
    scored: list[tuple[int, list[int], float]] = []
    for players, winners in tables:
        for a in players:
            others = [b for b in players if b != a]
            got = sum(result(a, b, winners) for b in others) / len(others)
            points[a] += got
            scored.append((a, others, got))
    berger: defaultdict[int, float] = defaultdict(float)
    for a, others, got in scored:
        berger[a] += got * sum(points[b] for b in others) / len(others)
    return {p: (points[p], berger[p]) for p in points}


def games_stored(path: str) -> list[tuple[int, str]]:
    db = sqlite3.connect(path)
    rows = db.execute("SELECT id, status FROM games ORDER BY id").fetchall()
    db.close()
    return [(int(game_id), str(status)) for game_id, status in rows]


async def check(args: argparse.Namespace) -> dict[str, Any]:
    """Everything the simulation promises, read back from the database."""
    store = await SqliteStore.open(args.db)
    try:
        league = await store.league(1)
        assert league is not None
        players = [p.user_id for p in await store.league_players(1)]
        boards = await store.league_boards(1)
    finally:
        await store.close()
    games = games_stored(args.db)
    problems: list[str] = []
    pure = [Board(b.round, b.players, b.winners) for b in boards]
    for r in range(1, league.round + 1):
        seated = sorted(p for b in pure if b.round == r for p in b.players)
        if seated != sorted(players):
            problems.append(f"round {r} does not seat every player once")
    repeats = 0
    for r in range(2, league.round + 1):
        before = met(b for b in pure if b.round < r)
        now = met(b for b in pure if b.round == r)
        repeats += len(before & now)
    byes = Counter(b.players[0] for b in pure if b.bye)
    if byes and max(byes.values()) > 1:
        problems.append("a player had two byes")
    linked = [b.game_id or 0 for b in boards if len(b.players) != 1]
    if sorted(linked) != [game_id for game_id, _ in games]:
        problems.append("the games are not exactly one per board")
    if any(status != "over" for _, status in games):
        problems.append("a game is not over")
    if league.status != "over":
        problems.append(f"the league is {league.status}, not over")
    table = standings(league.draft.format, players, pure, league.draft.rounds)
    expected = longhand(args.db)
    for line in table:
        points, berger = expected.get(line.player, (0.0, 0.0))
        sb = line.breaks[1] if league.draft.format == "swiss" else line.breaks[0]
        if abs(points - line.points) > 1e-9 or abs(berger - sb) > 1e-9:
            problems.append(
                f"player {line.player}: table {line.points}/{sb}, longhand {points}/{berger}"
            )
    meetings = len(met(pure))
    return {
        "players": len(players),
        "rounds": league.round,
        "games": len(games),
        "byes": sum(byes.values()),
        "repeat pairings": repeats,
        "pairs met": meetings,
        "leader": f"{table[0].player} on {table[0].points:g}",
        "problems": problems,
    }


def run_with_kills(args: argparse.Namespace, argv: list[str]) -> int:
    """The worker again and again: killed at each named moment, started again after."""
    kills = 0
    stops = [s for s in args.kill.split(",") if s]
    while True:
        worker = subprocess.Popen(
            [sys.executable, "-m", "bot.league_sim", *argv, "--worker", "--kill", ",".join(stops)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert worker.stdout is not None
        line = worker.stdout.readline().strip()
        if not line:
            return worker.wait()
        os.kill(worker.pid, signal.SIGKILL)
        worker.wait()
        kills += 1
        print(f"killed at {line} (SIGKILL {kills}), starting again", flush=True)
        stops.remove(line)


def pairing_timing(count: int, rounds: int, seed: int) -> None:
    rng = random.Random(seed)
    players = list(range(1, count + 1))
    boards: list[Board] = []
    for r in range(1, rounds + 1):
        ranked = [line.player for line in standings("swiss", players, boards, rounds)]
        start = time.perf_counter()
        pairs, bye = swiss(ranked, points_of(players, boards), boards)
        took = time.perf_counter() - start
        repeats = len({frozenset(p) for p in pairs} & met(boards))
        print(f"round {r}: {count} players paired in {took * 1000:.0f} ms, {repeats} rematches")
        for pair in pairs:
            roll = rng.random()
            winners = frozenset() if roll < 0.1 else frozenset([rng.choice(pair)])
            boards.append(Board(r, pair, winners))
        if bye is not None:
            boards.append(Board(r, (bye,)))


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(prog="parley league-sim", description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=32)
    parser.add_argument("--format", choices=("swiss", "robin"), default="swiss")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--game", default="cardinal", choices=sorted(REGISTRY))
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--player", default="greedy", help="random, greedy or ai:LEVEL")
    parser.add_argument("--kill", default="", help="moments to SIGKILL at: drawn:N,made:N,moved:N")
    parser.add_argument("--db", help="the SQLite file (default: a new one in a temporary folder)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pairing", type=int, help="only time Swiss pairings of this many")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.pairing:
        pairing_timing(args.pairing, args.rounds, args.seed)
        return 0
    if args.db is None:
        args.db = str(Path(tempfile.mkdtemp(prefix="parley-league-")) / "league.db")
        argv = [*argv, "--db", args.db]
    if args.worker:
        stops = set(filter(None, args.kill.split(",")))
        asyncio.run(play_league(args, Moments(stops, args.db)))
        return 0
    start = time.perf_counter()
    if args.kill:
        code = run_with_kills(args, _without_kill(argv))
        if code:
            return code
    else:
        asyncio.run(play_league(args, Moments(set())))
    report = asyncio.run(check(args))
    report["seconds"] = round(time.perf_counter() - start, 1)
    print(json.dumps(report, indent=2))
    return 1 if report["problems"] else 0


def _without_kill(argv: list[str]) -> list[str]:
    out, skip = [], False
    for word in argv:
        if skip:
            skip = False
        elif word == "--kill":
            skip = True
        elif not word.startswith("--kill="):
            out.append(word)
    return out


if __name__ == "__main__":
    sys.exit(main())
