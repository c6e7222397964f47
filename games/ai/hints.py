"""Hints and the guided game's comments: the AI's suggested move with a reason in words, and
one sentence on what a move did, both built from the game's ``evaluate`` before and after.

Like the AI, a hint never looks at what its seat cannot see: every estimate is an average
over worlds drawn by ``spec.sample`` for that seat (:func:`games.ai.players.observe`), and a
change is told only when every drawn world agrees on it (so a card the move would turn up is
never guessed at). Nothing here names a game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.ai.players import make_player, observe
from games.core import GameSpec
from games.core.words import N_, clauses, t, tn

WORLDS = 6
"""Worlds drawn for an estimate: enough to steady a game with secrets, cheap in an open one."""
STEADY = 0.03
"""A change of the win estimate smaller than this reads as "about the same"."""
TOLD = 2
"""At most this many changes are told in a sentence."""


@dataclass(frozen=True)
class Hint:
    """The suggested action (canonical text), its label, and why, in words."""

    action: str
    label: str
    reason: str


#: How the win estimate moves, by the way it goes: as a hint's reason says it, as a comment
#: after what a move changed says it, and as a comment on its own.
TRENDS = {
    "up": (
        N_("By my quick count it raises your chances from about {before} to {after}"),
        N_("by my quick count that raises your chances from about {before} to {after}."),
        N_("By my quick count that raises your chances from about {before} to {after}."),
    ),
    "down": (
        N_("By my quick count it lowers your chances from about {before} to {after}"),
        N_("by my quick count that lowers your chances from about {before} to {after}."),
        N_("By my quick count that lowers your chances from about {before} to {after}."),
    ),
    "same": (
        N_("By my quick count it keeps your chances about {after}"),
        N_("by my quick count that keeps your chances about {after}."),
        N_("By my quick count that keeps your chances about {after}."),
    ),
}
REASON, AFTER_CHANGES, ALONE = range(3)
"""Which of a trend's three wordings: :data:`TRENDS`."""


def percent(value: float) -> str:
    return t("{percent}%", percent=round(100 * value))


def chances(spec: GameSpec[Any], worlds: list[Any], seat: int, action: str | None) -> float:
    """``seat``'s mean win estimate over ``worlds``, after ``action`` if one is given."""
    total = 0.0
    for world in worlds:
        if action is not None:
            world = spec.copy(world)
            spec.play(world, seat, action)
        total += spec.evaluate(world)[seat]
    return total / len(worlds)


def estimate(spec: GameSpec[Any], state: Any, seat: int, seed: int) -> float:
    """``seat``'s win estimate in ``state`` over worlds sampled for it (at the end, the end)."""
    if spec.outcome(state) is not None:
        return spec.evaluate(state)[seat]
    seen = observe(spec, state, seat)
    return chances(spec, [seen.worlds(seed + n) for n in range(WORLDS)], seat, None)


def agreed_changes(spec: GameSpec[Any], worlds: list[Any], seat: int, action: str) -> list[str]:
    """What ``action`` changes on the table (the public view), when every world agrees
    (nothing the move would reveal is guessed); [] otherwise."""
    told: list[str] | None = None
    for world in worlds:
        after = spec.copy(world)
        spec.play(after, seat, action)
        texts = [c["text"] for c in spec.changes(spec.view(world, None), spec.view(after, None))]
        if told is not None and texts != told:
            return []
        told = texts
    return (told or [])[:TOLD]


def told(texts: list[str]) -> str:
    """Change lines as one clause: their own numbering and full stops dropped."""
    lines = [text.split(". ", 1)[-1] if text[:1].isdigit() else text for text in texts]
    return clauses([line.rstrip(".") for line in lines])


def trend(before: float, after: float, wording: int) -> str:
    """How the win estimate moves, in words: the ``wording`` (:data:`REASON`,
    :data:`AFTER_CHANGES` or :data:`ALONE`) of the way it goes."""
    way = "up" if after - before >= STEADY else "down" if before - after >= STEADY else "same"
    return t(TRENDS[way][wording], before=percent(before), after=percent(after))


def reason(spec: GameSpec[Any], state: Any, seat: int, action: str, seed: int) -> str:
    """Why ``action`` is good for ``seat``: what it does (when certain), how it moves the win
    estimate, and where it ranks among the seat's legal actions, over sampled worlds."""
    seen = observe(spec, state, seat)
    worlds = [seen.worlds(seed + n) for n in range(WORLDS)]
    before = chances(spec, worlds, seat, None)
    values = {other: chances(spec, worlds, seat, other) for other in seen.legal}
    after = values[action]
    better = sum(1 for value in values.values() if value > after + 1e-9)
    words = told(agreed_changes(spec, worlds, seat, action))
    head = f"{words}. " if words else ""
    if len(values) == 1:
        rank = t("it is your only move")
    elif better == 0:
        rank = tn(
            "none of your {n} moves looks better at a glance",
            "none of your {n} moves looks better at a glance",
            len(values),
        )
    else:
        rank = tn(
            "at a glance {better} of your {n} moves look better, but the AI's deeper look "
            "prefers this one",
            "at a glance {better} of your {n} moves look better, but the AI's deeper look "
            "prefers this one",
            len(values),
            better=better,
        )
    return head + clauses([trend(before, after, REASON), rank]) + "."


def suggest(spec: GameSpec[Any], state: Any, seat: int, seed: int, level: str) -> Hint:
    """The AI's move for ``seat`` at ``level`` (``easy``, ``normal``, ``hard``) and why: the
    player sees only the seat's legal actions and sampled worlds."""
    action = make_player(f"ai:{level}", seed).choose(spec, state, seat)
    return Hint(action, spec.label(state, seat, action), reason(spec, state, seat, action, seed))


def verdict(
    spec: GameSpec[Any], before: Any, after: Any, seat: int, seed: int, estimate_too: bool = True
) -> str:
    """One sentence on what ``seat``'s move did: the changes on the table (the public view,
    so the sentence tells nothing the table does not show) and, ``estimate_too``, how the
    seat's win estimate moved, each side judged over worlds sampled for the seat. "" when
    there is nothing to say (no change on the table, and no estimate asked for)."""
    words = [c["text"] for c in spec.changes(spec.view(before, None), spec.view(after, None))]
    if not estimate_too:
        return f"{told(words[:TOLD])}." if words else ""
    then, now = estimate(spec, before, seat, seed), estimate(spec, after, seat, seed)
    if not words:
        return trend(then, now, ALONE)
    return t(
        "{changes}: {estimate}",
        changes=told(words[:TOLD]),
        estimate=trend(then, now, AFTER_CHANGES),
    )
