"""The engine contract of ``shared/ENGINE.md``: one base class every game implements.

The bot, renderers, benchmarks and tests only ever talk to a :class:`GameSpec`; they never
branch on a game's name. Legality has a single source: :meth:`GameSpec.apply` accepts exactly
what :meth:`GameSpec.legal_actions` lists, then hands a private copy to :meth:`GameSpec.play`.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

S = TypeVar("S")


class IllegalAction(ValueError):
    """Raised by ``apply`` with a message a player can read; the state is left unchanged."""


@dataclass(frozen=True)
class Outcome:
    """How a game ended. ``winners`` empty means a draw."""

    winners: list[int] = field(default_factory=list)
    reason: str = ""


@dataclass(frozen=True)
class Option:
    """One [cfg] switch of a game's rulings, offered by ``/parley new``."""

    name: str
    description: str
    choices: tuple[Any, ...]
    default: Any


class GameSpec(ABC, Generic[S]):
    """One game. Subclasses set the class attributes and implement the abstract methods."""

    key: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    seat_names: ClassVar[tuple[str, ...]] = ()
    summary: ClassVar[str] = ""  # a few lines for `/parley rules`

    # -- the contract -------------------------------------------------------------------
    @abstractmethod
    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> S: ...

    @abstractmethod
    def to_act(self, state: S) -> list[int]:
        """Seats who must act now; several for simultaneous secret choices; [] when over."""

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> list[str]:
        """Every legal atomic action of ``seat`` as canonical text ([] if not to act)."""

    @abstractmethod
    def play(self, state: S, seat: int, action: str) -> None:
        """Carry out a legal action on ``state`` in place (``apply`` passes a copy)."""

    @abstractmethod
    def view(self, state: S, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (None: the public). Secrets go under ``view["private"]``."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None: ...

    @abstractmethod
    def dump(self, state: S) -> str: ...

    @abstractmethod
    def load(self, text: str) -> S: ...

    # -- shared behaviour ---------------------------------------------------------------
    def apply(self, state: S, seat: int, action: str) -> S:
        """Validate against ``legal_actions`` and return a new state; never mutates ``state``."""
        if self.outcome(state) is not None:
            raise IllegalAction("This game is over.")
        if seat not in self.to_act(state):
            raise IllegalAction(f"It is not {self.seat_label(seat)}'s turn to act.")
        action = " ".join(action.split()).lower()
        legal = self.legal_actions(state, seat)
        if action not in legal:
            raise IllegalAction(self.illegal_message(state, seat, action, legal))
        new_state = self.copy(state)
        self.play(new_state, seat, action)
        return new_state

    def copy(self, state: S) -> S:
        return copy.deepcopy(state)

    def illegal_message(self, state: S, seat: int, action: str, legal: list[str]) -> str:
        """Say why ``action`` is refused and what is allowed instead (override for detail)."""
        examples = ", ".join(f"`{a}`" for a in legal[:5])
        more = f" (and {len(legal) - 5} more)" if len(legal) > 5 else ""
        return f"`{action}` is not a legal move now. You can play: {examples}{more}."

    def seat_label(self, seat: int) -> str:
        return self.seat_names[seat] if seat < len(self.seat_names) else f"Player {seat + 1}"

    def describe(self, before: S, seat: int, action: str, after: S) -> str:
        """One public line saying what happened. Must never reveal a secret."""
        return f"{self.seat_label(seat)}: `{action}`"

    def secret_choice(self, state: S, seat: int) -> bool:
        """True when ``seat``'s current actions must not be shown in public (votes, bids)."""
        return False

    def private_text(self, view: dict[str, Any]) -> str:
        """Readable text of ``view["private"]`` for a DM or ``/parley hand``."""
        return ""

    def default_action(self, state: S, seat: int) -> str | None:
        """The answer given for ``seat`` when it lets a short wait pass, for an optional
        interrupt offered again and again (so the game never waits days on it); None for an
        ordinary decision, which waits for the move clock."""
        return None

    def resolve_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """Fill defaults and refuse unknown names or values, with a readable message."""
        options = dict(options or {})
        known = {o.name: o for o in self.options}
        resolved: dict[str, Any] = {}
        for name, value in options.items():
            if name not in known:
                raise IllegalAction(f"{self.title} has no option `{name}`.")
            if value not in known[name].choices:
                allowed = ", ".join(str(c) for c in known[name].choices)
                raise IllegalAction(f"Option `{name}` must be one of: {allowed}.")
            resolved[name] = value
        for option in self.options:
            resolved.setdefault(option.name, option.default)
        return resolved
