"""A game replayed from its seed: when each due seat's turn began. Deadlines, reminders and
the "since your last move" digest (:mod:`bot.play.since`) are built on it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.play.history import state_after, undo_line, undo_target
from bot.storage import GameRecord
from games import GameSpec


@dataclass
class Replay:
    """The game replayed from its seed up to ``version``: its state, and when each due seat's
    turn began."""

    version: int
    state: Any
    starts: dict[int, int]
    lines: list[tuple[int, int, str]] = field(default_factory=list)  # (version, seat, line)
    log: list[tuple[int, str]] = field(default_factory=list)  # every row so far (for undos)
    #: False for the game as stored, read without a replay: its ``lines`` are not known.
    complete: bool = True


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
    log = [*start.log, *actions]
    version = start.version
    for seat, action in actions:
        before = state
        prev = set(spec.to_act(before))
        version += 1
        first = undo_target(action)
        if first is None:
            state = spec.apply(before, seat, action)
            lines.append((version, seat, spec.describe(before, seat, action, state)))
        else:  # moves taken back: the game as it stood before them, every due turn anew
            state = state_after(spec, game, log[: first - 1])
            lines.append((version, seat, undo_line(spec, seat, first, version)))
        now = set(spec.to_act(state))
        grew = not now <= prev or first is not None
        starts = {
            s: starts[s] if (s in prev and s in starts and not grew) else version for s in now
        }
    return Replay(version, state, starts, lines[-200:], log)
