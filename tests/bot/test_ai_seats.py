"""Issue 15 on Discord: the AI stands in for absent players and fills seats from the lobby;
its moves are committed like a player's, and with several processes (PostgreSQL) the game is
claimed while the AI thinks, so no two processes think for one seat and a crash mid-thought
just thinks again. ``parley demo --ai`` and ``parley arena`` are in ``test_ai_cli``."""

from __future__ import annotations

import asyncio
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import aiosqlite
import asyncpg
import pytest

from bot.discord.scheduler import Scheduler
from bot.play.service import GameService, UserError
from bot.play.thinking import Thinker, decision_seed, think
from bot.play.timekeeper import Timekeeper
from bot.storage import PostgresStore, SqliteStore, Store
from games import REGISTRY
from tests.bot.conftest import World
from tests.bot.postgres import PostgresServer, lapse_leases
from tests.bot.test_history_log import all_pages
from tests.bot.time_helpers import HOUR, FakeClock, open_game, start_bot, tick, to_act


async def test_an_absent_players_seat_is_played_by_the_ai_at_its_deadline(world: World):
    """ "The `autopilot` absent policy ... hand the seat to the AI at `normal` strength instead
    of random moves (still announced in the thread)"."""
    clock = FakeClock()
    bot = await start_bot(world, clock)
    game_id = await open_game(world, bot, "cardinal", "first=orange", clock="12h")
    spec = REGISTRY["cardinal"]
    before = await bot.store.game(game_id)
    (seat,) = await to_act(bot, game_id)
    # The move the AI makes here, thought out directly with the decision's seed.
    expected = think("cardinal", before.state, seat, decision_seed(before.seed, 0, seat))

    clock.advance(12 * HOUR)
    await tick(bot)
    assert await bot.store.actions(game_id) == [(seat, expected)]
    thoughts = {"game": "cardinal", "level": "normal"}  # timed for /metrics
    assert bot.metrics.registry.get_sample_value("parley_ai_think_seconds_count", thoughts) == 1
    state = spec.load(before.state)
    line = spec.describe(state, seat, expected, spec.apply(state, seat, expected))
    posts = [m.content for m in world.thread_posts()]
    assert any("autopilot plays (the AI, normal)" in p and line in p for p in posts)
    absent = next(u for u in (world.alice, world.bob) if u.id == before.user_of(seat))
    history = "\n".join(await all_pages(world, bot, world.alice))
    assert f"🤖 autopilot for <@{absent.id}> ({spec.seat_label(seat)}): {line}" in history
    # A restart recomputes nothing already committed: the turn has passed.
    await world.kill_bot(bot)
    bot = await start_bot(world, clock)
    await tick(bot)
    assert len(await bot.store.actions(game_id)) == 1


def test_the_ai_decides_the_same_way_for_the_same_game_version_and_seat():
    spec = REGISTRY["cardinal"]
    start = spec.new(2, 7)
    (seat,) = spec.to_act(start)
    state = spec.dump(start)
    assert decision_seed(7, 0, 0) != decision_seed(7, 1, 0) != decision_seed(7, 0, 1)
    assert think("cardinal", state, seat, decision_seed(7, 0, seat)) == think(
        "cardinal", state, seat, decision_seed(7, 0, seat)
    )


def public_text(world: World) -> list[str]:
    """Everything posted where everyone can read it: the channel (lobby card) and the thread,
    embeds included, every edit too."""
    out = []
    for where in (world.channel, world.thread()):
        for message in world.fake.messages(where):
            for version in [message, *getattr(message, "edits", [])]:
                out.append(str(getattr(version, "content", version)))
                out.append(str(getattr(version, "embeds", "")))
    return out


async def open_with_ai(world: World, bot, game: str, ai: int, humans, options: str = "") -> int:
    """The first human opens ``game`` with ``ai`` AI seats (``/parley new ... ai:``), the
    others join, and the host adds nothing more and starts."""
    fake = world.fake
    reply = await fake.slash(
        bot, humans[0], world.channel, "parley new", game=game, ai=ai, options=options
    )
    game_id = int(reply.text.split("Game #")[1].split()[0])
    for user in humans[1:]:
        await fake.click(bot, user, world.lobby(), f"parley:lobby:{game_id}:join")
    return game_id


async def play_humans(world: World, bot, game_id: int, humans, seed: int, limit: int) -> None:
    """The humans play random legal moves with ``/parley move`` until the game ends; between
    two commands the AI seats are never left due."""
    spec = REGISTRY[(await bot.store.game(game_id)).game_key]
    picker = random.Random(seed)
    for _ in range(limit):
        game = await bot.store.game(game_id)
        if game.status != "active":
            return
        state = spec.load(game.state)
        due = spec.to_act(state)
        ai_seats = {s.seat for s in game.seats if s.is_ai}
        assert due and not set(due) & ai_seats, "an AI seat was left to move"
        seat = due[0]
        user = next(u for u in humans if u.id == game.user_of(seat))
        action = picker.choice(spec.legal_actions(state, seat))
        await world.fake.slash(bot, user, world.thread(), "parley move", action=action)
    raise AssertionError("the game did not end")


async def test_one_human_plays_cardinal_against_the_ai_to_the_end(world: World):
    """ "a game can be one human against the AI": an AI seat from `/parley new ai:1`, shown as
    "AI (normal)" in the lobby, the posts and the status; it moves whenever it is due."""
    bot = await world.start_bot()
    alice = world.alice
    game_id = await open_with_ai(world, bot, "cardinal", 1, [alice])
    game = await bot.store.game(game_id)
    assert [(s.user_id > 0, s.is_ai) for s in game.seats] == [(True, False), (False, True)]
    assert "AI (normal)" in str(world.lobby().embeds)
    await world.fake.click(bot, alice, world.lobby(), f"parley:lobby:{game_id}:start")
    await play_humans(world, bot, game_id, [alice], seed=5, limit=300)

    game = await bot.store.game(game_id)
    assert game.status == "over" and game.result is not None
    actions = await bot.store.actions(game_id)
    assert {seat for seat, _ in actions} == {0, 1}  # both seats moved
    spec = REGISTRY["cardinal"]
    state = spec.new(2, game.seed, game.options)
    for number, (seat, action) in enumerate(actions):
        if seat == 1:  # every AI move is the AI's decision at that version
            expected = think("cardinal", spec.dump(state), 1, decision_seed(game.seed, number, 1))
            assert action == expected
        state = spec.apply(state, seat, action)
    posts = [m.content for m in world.thread_posts()]
    # The AI's reply joins the post of the move it answers: one post, one board per turn.
    assert any(line.startswith("AI (normal): ") for p in posts for line in p.split("\n")[1:])
    assert not any(p.startswith("AI (normal)") for p in posts)
    text = "\n".join(public_text(world))
    assert "<@-" not in text  # the placeholder id never shows as a mention
    assert "AI (normal)" in world.status_message().content or game.status == "over"
    history = "\n".join(await all_pages(world, bot, alice))
    assert f"AI (normal) ({spec.seat_label(1)}):" in history and "🤖" not in history


async def test_the_host_removes_an_ai_seat_from_the_lobby(world: World):
    """The lobby's Remove AI button shows while there is an AI seat; only the host may use it,
    and it takes the last AI seat out, keeping the seats in join order."""
    bot = await world.start_bot()
    game_id = await open_with_ai(world, bot, "tortuga", 2, [world.alice, world.carol])
    labels = [b.label for b in world.lobby().buttons]
    assert labels == ["Join", "Leave", "Add AI", "Remove AI", "Start", "Cancel"]
    unai = f"parley:lobby:{game_id}:unai"
    refused = await world.fake.click(bot, world.carol, world.lobby(), unai)
    assert "Only the host" in refused.text
    assert [s.is_ai for s in (await bot.store.game(game_id)).seats] == [False, True, True, False]
    await world.fake.click(bot, world.alice, world.lobby(), unai)
    game = await bot.store.game(game_id)
    assert [(s.seat, s.is_ai) for s in game.seats] == [(0, False), (1, True), (2, False)]
    assert str(world.lobby().embeds).count("AI (normal)") == 1
    await world.fake.click(bot, world.alice, world.lobby(), unai)
    assert "Remove AI" not in [b.label for b in world.lobby().buttons]
    with pytest.raises(UserError, match="no AI seat"):  # a click racing the card's update
        await bot.service.remove_ai(await bot.store.game(game_id), world.alice.id)
    assert [s.is_ai for s in (await bot.store.game(game_id)).seats] == [False, False]


async def test_five_player_tortuga_with_two_ai_seats_keeps_the_ai_votes_secret(world: World):
    """ "a 5-player Tortuga with two AI seats, including AI votes kept secret": the host adds
    one AI seat with `/parley new ai:1` and one with the lobby's Add AI button."""
    bot = await world.start_bot()
    dave = world.fake.add_user("dave")
    world.fake.add_member(world.guild, dave)
    humans = [world.alice, world.carol, dave]
    game_id = await open_with_ai(world, bot, "tortuga", 1, humans)
    refused = await world.fake.click(bot, dave, world.lobby(), f"parley:lobby:{game_id}:ai")
    assert "Only the host" in refused.text
    await world.fake.click(bot, world.alice, world.lobby(), f"parley:lobby:{game_id}:ai")
    game = await bot.store.game(game_id)
    assert [s.is_ai for s in game.seats] == [False, True, False, False, True]
    assert str(world.lobby().embeds).count("AI (normal)") == 2
    await world.fake.click(bot, world.alice, world.lobby(), f"parley:lobby:{game_id}:start")
    await play_humans(world, bot, game_id, humans, seed=2, limit=2000)

    game = await bot.store.game(game_id)
    spec = REGISTRY["tortuga"]
    state = spec.new(5, game.seed, game.options)
    secret_ai_moves = []
    for seat, action in await bot.store.actions(game_id):
        if seat in (1, 4) and spec.secret_choice(state, seat):
            secret_ai_moves.append(action)
        state = spec.apply(state, seat, action)
    assert secret_ai_moves, "the AI never voted"
    text = "\n".join(public_text(world))
    for move in secret_ai_moves:
        assert f"`{move}`" not in text
    assert "<@-" not in text
    # The AI's hands and ballots never go out as DMs: only the three humans got any.
    assert all(world.fake.dms(u) for u in humans)


async def test_a_crash_mid_thought_is_thought_again_on_the_next_tick(world: World):
    """ "survive a crash mid-thought (the move is simply computed again)": the AI moves first,
    its thought dies with the bot; after the restart the scheduler's tick plays that move."""
    bot = await world.start_bot()
    game_id = await open_with_ai(world, bot, "cardinal", 1, [world.alice], "first=green")

    async def crash(*_args: object) -> str:
        raise RuntimeError("the worker died")

    bot.service.thinker.choose = crash  # type: ignore[method-assign]
    await world.fake.click(bot, world.alice, world.lobby(), f"parley:lobby:{game_id}:start")
    game = await bot.store.game(game_id)
    assert game.status == "active" and game.version == 0  # started; nothing stored mid-thought
    spec = REGISTRY["cardinal"]
    assert spec.to_act(spec.load(game.state)) == [1]
    await world.kill_bot(bot)

    bot = await world.start_bot()
    await tick(bot)
    expected = think("cardinal", game.state, 1, decision_seed(game.seed, 0, 1))
    assert await bot.store.actions(game_id) == [(1, expected)]
    await tick(bot)  # played once, not again
    assert len(await bot.store.actions(game_id)) == 1
    # The opening waited for the AI's first move and went out once, with it.
    (opening,) = [m.content for m in world.thread_posts()]
    assert opening.startswith("The game begins!\nAI (normal): ")


async def test_migration_7_stores_seat_kinds_from_the_first_schema(tmp_path):
    """Seats stored before migration 7 are people; AI seats come after them with negative
    placeholder ids, and a person leaving the lobby keeps every seat's kind."""
    path = str(tmp_path / "old.db")
    db = await aiosqlite.connect(path, isolation_level=None)
    db.row_factory = aiosqlite.Row
    old = SqliteStore(db)
    try:
        assert await old.migrate(up_to=1) == 1
        await db.execute(  # written as the first schema knew it (no kind)
            "INSERT INTO games (id, game_key, guild_id, channel_id, host_id, status, seed, "
            "created_at, updated_at) VALUES (1, 'tortuga', 1, 2, 101, 'lobby', 7, 0, 0)"
        )
        await db.execute(
            "INSERT INTO seats (game_id, seat, user_id) VALUES (1, 0, 101), (1, 1, 202)"
        )
    finally:
        await old.close()
    store = await SqliteStore.open(path)
    try:
        assert await store.migrate() >= 7
        await store.add_ai_seat(1)
        await store.add_seat(1, 303)
        await store.add_ai_seat(1)
        game = await store.game(1)
        assert [(s.seat, s.user_id, s.kind) for s in game.seats] == [
            (0, 101, "human"),
            (1, 202, "human"),
            (2, -1, "ai"),
            (3, 303, "human"),
            (4, -2, "ai"),
        ]
        await store.remove_seat(1, 202)
        game = await store.game(1)
        assert [(s.user_id, s.is_ai) for s in game.seats] == [
            (101, False),
            (-1, True),
            (303, False),
            (-2, True),
        ]
    finally:
        await store.close()


@pytest.mark.postgres
async def test_migration_7_on_postgresql_from_the_first_schema(postgres_server: PostgresServer):
    """The PostgreSQL twin of migration 7: seats written by the first schema read back as
    people, and AI seats, added after them, keep their kind when a person leaves the lobby."""
    url = await postgres_server.database(schema=False)
    old = PostgresStore(await asyncpg.create_pool(url, min_size=1, max_size=2))
    try:
        assert await old.migrate(up_to="0001_initial") == ["0001_initial"]
        game = await old.create_game("tortuga", 1, 2, 101, 7, {})
        await old.add_seat(game.id, 202)
        assert [(s.user_id, s.kind) for s in (await old.game(game.id)).seats] == [
            (101, "human"),
            (202, "human"),
        ]
    finally:
        await old.close()
    store = await PostgresStore.open(url)
    try:
        assert "0007_seat_kinds" in await store.migrate()
        await store.add_ai_seat(game.id)
        await store.add_seat(game.id, 303)
        await store.add_ai_seat(game.id)
        seats = (await store.game(game.id)).seats
        assert [(s.seat, s.user_id, s.kind) for s in seats] == [
            (0, 101, "human"),
            (1, 202, "human"),
            (2, -1, "ai"),
            (3, 303, "human"),
            (4, -2, "ai"),
        ]
        await store.remove_seat(game.id, 202)
        seats = (await store.game(game.id)).seats
        assert [(s.user_id, s.is_ai) for s in seats] == [
            (101, False),
            (-1, True),
            (303, False),
            (-2, True),
        ]
        rematch, _ = await store.create_rematch(game.id, 8)  # a rematch keeps the AI seats
        assert [s.kind for s in rematch.seats] == ["human", "ai", "human", "ai"]
    finally:
        await store.close()
        await postgres_server.drop(url)


class Counted(Thinker):
    """A thinker for one process that notes each thought it starts (by its ``name``) and
    takes ``seconds`` over it; ``hang`` makes it never end, as in a process stuck or dying
    mid-thought. Its move is the first legal one: what it chooses is not the point here."""

    def __init__(self, name: str, thoughts: list[str], seconds: float = 0.2):
        super().__init__(workers=1)
        self.name, self.thoughts, self.seconds = name, thoughts, seconds
        self.hang = False

    async def choose(self, game_key: str, state: str, seat: int, seed: int) -> str:
        self.thoughts.append(self.name)
        await asyncio.sleep(self.seconds)
        while self.hang:
            await asyncio.sleep(1)
        spec = REGISTRY[game_key]
        return spec.legal_actions(spec.load(state), seat)[0]


class NoDiscord:
    """The herald and the opener of a process with no Discord: these tests only resume the
    AI's moves owed, which sends nothing and opens nothing."""

    async def deliver(self, game_id: int | None = None) -> None:
        raise AssertionError("resuming the AI's moves sends nothing")

    async def post_replays(self) -> None:
        raise AssertionError("resuming the AI's moves sends nothing")

    async def open_place(self, game_id: int, resuming: bool = False) -> None:
        """A game without a thread stays so: there is no channel to open it in."""


def process(store: Store, thinker: Thinker) -> tuple[GameService, Scheduler]:
    """What one bot process runs the AI with: its service and its scheduler (whose tick
    resumes the AI's moves owed)."""
    service = GameService(store, thinker)
    timekeeper = Timekeeper(store, service)
    none = NoDiscord()
    return service, Scheduler(
        store, service, timekeeper, none, time.time, service.claims, none.open_place
    )


async def ai_due_at_start(store: Store) -> int:
    """A Cardinal game, a person against an AI seat that moves first; the process that
    started it died before the AI thought (the start recorded the AI's move as owed)."""
    thoughts: list[str] = []
    starter = Counted("starter", thoughts)
    starter.hang = True
    service = GameService(store, starter)
    game = await service.new_game("cardinal", 1, 2, 101, "first=green", ai=1)
    game = await service.game(game.id)
    spec = REGISTRY["cardinal"]

    await service.start(game, 101)  # hands the AI's move out
    while not thoughts:
        await asyncio.sleep(0.01)
    await service.thoughts.close()  # the process dies mid-thought: nothing moved
    await service.claims.close()  # and its claim is given back
    started = await store.game(game.id)
    assert started.status == "active" and started.version == 0
    assert spec.to_act(spec.load(started.state)) == [1]
    assert await store.autopilot_due() == [game.id]
    return game.id


@pytest.mark.postgres
async def test_two_processes_never_think_for_the_same_seat(postgres_server: PostgresServer):
    """Two processes' ticks find the same AI move owed at once: one claims the game and
    thinks, the other finds it held and leaves it, so the seat is thought for once."""
    url = await postgres_server.database()
    first, second = await PostgresStore.open(url), await PostgresStore.open(url)
    try:
        game_id = await ai_due_at_start(first)
        thoughts: list[str] = []
        processes = [
            process(first, Counted("first", thoughts)),
            process(second, Counted("second", thoughts)),
        ]

        async def resume_both() -> None:
            """Both ticks hand the owed move out at once; then both processes' thoughts end."""
            await asyncio.gather(*(tick.resume() for _, tick in processes))
            await asyncio.gather(*(service.thoughts.settled() for service, _ in processes))

        await resume_both()
        assert len(thoughts) == 1, thoughts
        assert [seat for seat, _ in await first.actions(game_id)] == [1]
        await resume_both()  # nothing owed any more
        assert len(thoughts) == 1 and await first.autopilot_due() == []
    finally:
        await first.close()
        await second.close()
        await postgres_server.drop(url)


@pytest.mark.postgres
async def test_a_process_dead_mid_thought_leaves_the_move_to_another(
    postgres_server: PostgresServer,
):
    """A process claims the game and dies while its AI thinks (it never gives the claim
    back): no other process thinks for the seat while its lease holds; once it lapses, the
    next tick elsewhere thinks again and the move is made once."""
    url = await postgres_server.database()
    first, second = await PostgresStore.open(url), await PostgresStore.open(url)
    try:
        game_id = await ai_due_at_start(first)
        thoughts: list[str] = []
        dying = Counted("dying", thoughts)
        dying.hang = True
        dying_service, dying_tick = process(first, dying)
        await dying_tick.resume()  # hands the move out: its thought starts and never ends
        while not thoughts:
            await asyncio.sleep(0.01)
        service, tick = process(second, Counted("second", thoughts))
        await tick.resume()
        await service.thoughts.settled()
        assert thoughts == ["dying"]  # held: the other process leaves it
        await lapse_leases(second)  # the dead process's lease lapses
        await tick.resume()
        await service.thoughts.settled()
        assert thoughts == ["dying", "second"]
        assert [seat for seat, _ in await second.actions(game_id)] == [1]
        assert await second.autopilot_due() == []
        assert dying_service.thoughts.owes(game_id)  # still stuck, as a dead process is
        await dying_service.thoughts.close()
    finally:
        await first.close()
        await second.close()
        await postgres_server.drop(url)


@pytest.mark.postgres
async def test_the_ai_move_a_command_sets_off_is_thought_once(postgres_server: PostgresServer):
    """A player's move makes the AI seat due: the process that took the command thinks at once,
    holding the game, so another process's tick meanwhile finds it held and does not think."""
    url = await postgres_server.database()
    first, second = await PostgresStore.open(url), await PostgresStore.open(url)
    try:
        thoughts: list[str] = []
        service, _ = process(first, Counted("first", thoughts, seconds=0.5))
        game = await service.new_game("cardinal", 1, 2, 101, "first=orange", ai=1)
        game = await service.start(await service.game(game.id), 101)
        assert thoughts == []  # the person moves first
        spec = REGISTRY["cardinal"]
        move = spec.legal_actions(spec.load(game.state), 0)[0]
        command = asyncio.create_task(service.act(game.id, 101, move))
        while not thoughts:
            await asyncio.sleep(0.01)
        assert await second.autopilot_due() == [game.id]  # owed, recorded with the move
        other, tick = process(second, Counted("second", thoughts))
        await tick.resume()
        await other.thoughts.settled()
        assert thoughts == ["first"]
        await command  # answered once the person's move committed
        await service.thoughts.settled()
        assert [seat for seat, _ in await second.actions(game.id)] == [0, 1]
        await tick.resume()
        await other.thoughts.settled()
        assert thoughts == ["first"] and await second.autopilot_due() == []
    finally:
        await first.close()
        await second.close()
        await postgres_server.drop(url)


BOT_THAT_THINKS = """
import asyncio, json
from bot.play.thinking import Thinker
from games import REGISTRY

async def main():
    thinker = Thinker(workers=2)
    spec = REGISTRY["cardinal"]
    state = spec.new(2, 3)
    await thinker.choose("cardinal", spec.dump(state), spec.to_act(state)[0], 1)
    print(json.dumps(sorted(thinker._pool._processes)), flush=True)
    await asyncio.sleep(120)

if __name__ == "__main__":
    asyncio.run(main())
"""


def running(pid: int) -> bool:
    """Whether ``pid`` is a live process (a zombie waiting to be reaped has ended)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    return "State:\tZ" not in status


@pytest.mark.slow
def test_the_ai_workers_end_with_a_bot_killed_outright(tmp_path):
    """A bot killed with SIGKILL cannot stop its pool: its AI workers (and the server they
    were forked from) end on their own instead of waiting for work forever."""
    script = tmp_path / "bot_that_thinks.py"
    script.write_text(BOT_THAT_THINKS)
    root = Path(__file__).resolve().parents[2]
    env = os.environ | {"PYTHONPATH": str(root)}
    bot = subprocess.Popen(
        [sys.executable, str(script)], cwd=root, env=env, stdout=subprocess.PIPE, text=True
    )
    try:
        assert bot.stdout is not None
        workers = json.loads(bot.stdout.readline())
        assert workers
        server = int(Path(f"/proc/{workers[0]}/status").read_text().split("PPid:")[1].split()[0])
        assert server != bot.pid  # forked by the server, not by the bot
        assert all(running(pid) for pid in [*workers, server])
    finally:
        bot.kill()
        bot.wait()
    deadline = time.monotonic() + 10
    while any(running(pid) for pid in [*workers, server]) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [pid for pid in [*workers, server] if running(pid)]
