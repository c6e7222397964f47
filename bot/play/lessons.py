"""A game's sample move (its ``lesson``), worked through the engine for ``/parley rules``: the
presses a player makes for it, in the steps the board post offers (:mod:`bot.play.steps`), the
public board after it and what it changed (the ``changes`` hook, also the picture's marks).

Only labels and the engine's words come out of here: the canonical text of the sample's actions
is what the engine checks, never what a player reads.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.play.steps import path_to, step
from bot.play.wording import labeller
from games import GameSpec
from games.core import Change, View

MORE = " …"  # after a choice that opens a further step, as the buttons show it


@dataclass(frozen=True)
class Pick:
    """One click of the sample move: the words on it, and whether it is a menu's entry."""

    words: str
    in_menu: bool


@dataclass(frozen=True)
class Worked:
    """The sample move of one game, ready to show."""

    seat: str  # who makes it, by seat name
    picks: list[list[Pick]]  # per action, the clicks that reach it
    view: View  # the public board after it
    marks: list[Change]  # what it changed: the picture's marks and the words under it


def work(spec: GameSpec[Any], max_buttons: int) -> Worked | None:
    """``spec``'s lesson played out (None for a game without one); a step with more than
    ``max_buttons`` options is a menu, as under a board post."""
    lesson = spec.lesson
    if lesson is None:
        return None
    state = spec.new(lesson.players, lesson.seed, dict(lesson.options))
    for action in lesson.before:
        seat = next(s for s in spec.to_act(state) if action in spec.legal_actions(state, s))
        state = spec.apply(state, seat, action)
    before = spec.view(state, None)
    mover = next(s for s in spec.to_act(state) if lesson.turn[0] in spec.legal_actions(state, s))
    picks = []
    for action in lesson.turn:
        actions = spec.legal_actions(state, mover)
        label = labeller(spec, state, mover)
        places = path_to(actions, action)
        clicks = []
        for place, chosen in zip(places, [*places[1:], action], strict=True):
            current = step(actions, place, label)
            option = next(o for o in current.options if o.value == chosen)
            words = option.label if option.final else option.label + MORE
            clicks.append(Pick(words, len(current.options) > max_buttons))
        picks.append(clicks)
        state = spec.apply(state, mover, action)
    after = spec.view(state, None)
    return Worked(spec.seat_label(mover), picks, after, spec.changes(before, after))
