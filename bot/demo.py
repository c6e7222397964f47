"""``parley demo``: a whole game by random legal moves, one PNG per action plus a text log, so
anyone can see a game without a Discord token."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from games import GameSpec
from renderers import render


def play_demo(spec: GameSpec[Any], out: Path, seed: int, players: int | None = None) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    count = players or spec.min_players
    picker = random.Random(seed)
    state = spec.new(count, seed)
    lines = [f"{spec.title}, {count} players, seed {seed}"]
    step = 0
    (out / f"{step:04d}.png").write_bytes(render(spec.key, spec.view(state, None)))
    while spec.outcome(state) is None:
        seat = picker.choice(spec.to_act(state))
        action = picker.choice(spec.legal_actions(state, seat))
        after = spec.apply(state, seat, action)
        step += 1
        lines.append(
            f"{step:4d}. {spec.seat_label(seat)}: {action}  |  "
            f"{spec.describe(state, seat, action, after)}"
        )
        state = after
        (out / f"{step:04d}.png").write_bytes(render(spec.key, spec.view(state, None)))
    outcome = spec.outcome(state)
    assert outcome is not None
    winners = ", ".join(spec.seat_label(s) for s in outcome.winners) or "nobody (draw)"
    lines.append(f"Winner: {winners} ({outcome.reason})")
    log = out / "log.txt"
    log.write_text("\n".join(lines) + "\n")
    return log
