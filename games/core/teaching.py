"""Teaching moments: what a guided first game (``/parley learn``) tells a newcomer, and when.

Each game lists its moments in ``games/<key>/teach.py`` (``moments``), the spec hands them on
as :attr:`games.core.GameSpec.moments`. A moment is game knowledge in the game's own words,
following its rulebook; it fires on what the learner's seat may know (its own view and its
legal actions), never on a secret of another seat, so a moment tells nothing the seat could
not see. The bot shows each moment once, the first time its situation comes up on the
learner's turn (:func:`due`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Seen:
    """What the learner's seat knows now: its view, its legal actions and the seat itself."""

    view: dict[str, Any]
    legal: list[str]
    seat: int

    @property
    def verbs(self) -> set[str]:
        """The first word of every legal action: what kinds of move are open now."""
        return {action.split()[0] for action in self.legal}

    def can(self, *verbs: str) -> bool:
        """Whether any of ``verbs`` starts a legal action now."""
        return not self.verbs.isdisjoint(verbs)


@dataclass(frozen=True)
class Moment:
    """One teaching moment: ``id`` (unique in its game), the situation it is about
    (``when``, over what the seat knows) and ``text``, one or two sentences a newcomer reads,
    following the rulebook: English, marked ``N_``, said with ``t`` when shown."""

    id: str
    when: Callable[[Seen], bool]
    text: str


def due(moments: Iterable[Moment], seen: Seen, shown: set[str]) -> list[Moment]:
    """The moments whose situation holds now and that were not ``shown`` before, in the
    game's order."""
    return [m for m in moments if m.id not in shown and m.when(seen)]
