"""``parley demo``: a whole game, so anyone can see a game without a Discord token. Moves are
random legal moves, or with ``--ai`` every seat is the AI (``ai:normal``), so a newcomer's first
look is a real game. It writes the game's animated replay (``replay.gif``), the final board
(``final.png``) and a text log; with ``frames`` also every board, one PNG per action. With
``--from FILE`` it replays a game record (📄 Record under ``/parley replay``) instead of playing."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from bot.play.gamerecord import read_record, replay_record
from bot.play.history import told
from bot.play.replays import animate, build, card
from bot.play.story import reason_of
from games import GameSpec
from games.ai import make_player
from renderers import render
from renderers.replay import pick_frames


def play_demo(
    spec: GameSpec[Any],
    out: Path,
    seed: int,
    players: int | None = None,
    frames: bool = False,
    player: str | None = None,
) -> Path:
    """Play one game to ``out``; ``player`` (a name for :func:`games.ai.make_player`) fills
    every seat, each with its own seed, or random legal moves when None."""
    out.mkdir(parents=True, exist_ok=True)
    count = players or spec.min_players
    picker = random.Random(seed)
    seats = [make_player(player, seed * 1000 + s) for s in range(count)] if player else None
    state = spec.new(count, seed)
    lines = [f"{spec.title}, {count} players, seed {seed}, {player or 'random'} in every seat"]
    states = [state]
    while spec.outcome(state) is None:
        seat = picker.choice(spec.to_act(state))
        if seats is None:
            action = picker.choice(spec.legal_actions(state, seat))
        else:
            action = seats[seat].choose(spec, state, seat)
        after = spec.apply(state, seat, action)
        lines.append(
            f"{len(states):4d}. {spec.seat_label(seat)}: {action}  |  "
            f"{spec.describe(state, seat, action, after)}"
        )
        state = after
        states.append(state)
    outcome = spec.outcome(state)
    assert outcome is not None
    winners = ", ".join(spec.seat_label(s) for s in outcome.winners) or "nobody (draw)"
    lines.append(f"Winner: {winners} ({outcome.reason})")
    views = [(i, spec.view(states[i], None)) for i in pick_frames(len(states))]
    names = [player or "random moves"] * count
    title = card(spec, spec.title, names, outcome.winners, outcome.reason, len(states) - 1)
    (out / "replay.gif").write_bytes(animate(spec.key, views, title))
    (out / "final.png").write_bytes(render(spec.key, spec.view(state, None)))
    if frames:
        for step, board in enumerate(states):
            (out / f"{step:04d}.png").write_bytes(render(spec.key, spec.view(board, None)))
    log = out / "log.txt"
    log.write_text("\n".join(lines) + "\n")
    return log


def replay_demo(record: Path, out: Path) -> Path:
    """Replay a game record to ``out``: its replay, final board and log, as a demo writes
    them. Raises :class:`bot.play.gamerecord.RecordError` for a record that does not replay."""
    replayed = replay_record(read_record(record.read_text()))
    spec, game = replayed.spec, replayed.game
    out.mkdir(parents=True, exist_ok=True)
    lines = [f"{spec.title}, {len(game.seats)} players, seed {game.seed}, from {record.name}"]
    for step, entry in told(spec, game, replayed.log, everything=game.status == "over"):
        lines.append(
            f"{step.version:4d}. {spec.seat_label(step.seat)}: {step.action}  |  {entry.text}"
        )
    result = game.result
    if result is not None:
        winners = ", ".join(spec.seat_label(s) for s in result["winners"]) or "nobody (draw)"
        lines.append(f"Winner: {winners} ({reason_of(result)})")
    else:
        lines.append(f"Not finished ({game.status})")
    actions = [(entry.seat, entry.action) for entry in replayed.log]
    (out / "replay.gif").write_bytes(build(spec, game, actions).data)
    (out / "final.png").write_bytes(render(spec.key, spec.view(replayed.final, None)))
    log = out / "log.txt"
    log.write_text("\n".join(lines) + "\n")
    return log
