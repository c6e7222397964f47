"""A game replayed from its seed: when each due seat's turn began, and what happened since a
seat last moved. Deadlines, reminders and the "since your last move" digest are built on it."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from bot.storage import GameRecord
from games import GameSpec


@dataclass
class Replay:
    """The game replayed from its seed: when each due seat's turn began, and what happened."""

    version: int
    state: Any
    starts: dict[int, int]
    lines: list[tuple[int, int, str]] = field(default_factory=list)  # (version, seat, line)
    #: False for the game as stored, read without a replay: its ``lines`` are not known.
    complete: bool = True

    def last_action_of(self, seat: int) -> int:
        return max((v for v, s, _ in self.lines if s == seat), default=0)

    def digest(self, seat: int, limit: int = 8) -> list[str]:
        """What the others did since ``seat``'s last action (the newest ``limit`` lines)."""
        since = self.last_action_of(seat)
        lines = [line for v, s, line in self.lines if v > since and s != seat]
        if len(lines) > limit:
            return [f"… and {len(lines) - limit} earlier actions", *lines[-limit:]]
        return lines


def replay(
    spec: GameSpec[Any],
    game: GameRecord,
    actions: list[tuple[int, str]],
    start: Replay | None = None,
) -> Replay:
    """Replay ``actions`` (all of them, or those after ``start.version``).

    A seat's turn begins at the version where it became due, or where the set of due seats
    grew (a new round of simultaneous choices); a seat that acts and is still due (a turn of
    several steps, several secret cards) keeps its turn.
    """
    if start is None:
        state = spec.new(len(game.seats), game.seed, game.options)
        start = Replay(0, state, {s: 0 for s in spec.to_act(state)})
    state, starts, lines = start.state, dict(start.starts), list(start.lines)
    version = start.version
    for seat, action in actions:
        before = state
        prev = set(spec.to_act(before))
        state = spec.apply(before, seat, action)
        version += 1
        lines.append((version, seat, spec.describe(before, seat, action, state)))
        now = set(spec.to_act(state))
        grew = not now <= prev
        starts = {
            s: starts[s] if (s in prev and s in starts and not grew) else version for s in now
        }
    return Replay(version, state, starts, lines[-200:])


def autopilot_action(spec: GameSpec[Any], game: GameRecord, state: Any, seat: int) -> str:
    """A simple policy: a legal action picked at random (reproducibly for a game version)."""
    picker = random.Random(f"{game.seed}:{game.version}:{seat}:clock")
    return picker.choice(spec.legal_actions(state, seat))
