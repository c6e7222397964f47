"""The engine contract of ``shared/ENGINE.md``: one base class every game implements.

The bot, renderers, the AI, benchmarks and tests only ever talk to a :class:`GameSpec`; they
never branch on a game's name. Legality has a single source: :meth:`GameSpec.apply` accepts
exactly what :meth:`GameSpec.legal_actions` lists, then hands a private copy to
:meth:`GameSpec.play`.

A game fills in the abstract methods; everything that used to be written once per game (the
seat-count check, dump/load/copy, the stored outcome, the view envelope) lives here once.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, NotRequired, Protocol, TypedDict, TypeVar

from games.core.codec import StateCodec
from games.core.teaching import Moment
from games.core.words import N_, t, tn, told


class Finishable(Protocol):
    """What the base class needs of every state: where the outcome is kept once decided."""

    outcome: dict[str, Any] | None


S = TypeVar("S", bound=Finishable)


class Score(TypedDict):
    """One entry of the envelope's ``scores``: a named counter (a seat, a team, a fleet)."""

    name: str
    value: int


class Envelope(TypedDict):
    """The keys every view has, with one meaning in every game (ENGINE.md, second edition)."""

    game: str  # the registry key
    seats: list[str]  # display names by seat
    to_act: list[int]  # seats who must act now; [] once the game is over
    turn: int  # a counter a player understands (turn, round or move)
    last: list[str]  # public lines: what the latest action did
    outcome: dict[str, Any] | None  # None until the end, then ``winners`` and ``reason``
    scores: list[Score] | None  # public counters, or None in a game without any
    private: NotRequired[dict[str, Any]]  # in a seat's view only: that seat's secrets


ALLOWED = N_("That move is allowed now.")
"""What :meth:`GameSpec.explain` says of a legal action, in every game (said with ``t``)."""

ENVELOPE_KEYS = ("game", "seats", "to_act", "turn", "last", "outcome", "scores")
"""The keys of :class:`Envelope` that every view has (a seat's view adds ``private``)."""

View = dict[str, Any]
"""A whole view, JSON-able: the :class:`Envelope`'s keys and, beside them, the game's own keys
(``board_view``). A plain dict to the type checker, because mypy cannot yet type a TypedDict
with "these keys, and any others beside" (PEP 728's ``extra_items``); then it becomes
``class View(Envelope, extra_items=Any)`` and every reader of the envelope is checked."""

Change = dict[str, Any]
"""One entry of ``changes``: ``kind`` and ``text``, plus the keys a renderer needs to draw it."""


class IllegalAction(ValueError):
    """Raised by ``apply`` with a message a player can read; the state is left unchanged."""


@dataclass(frozen=True)
class Outcome:
    """How a game ended. ``winners`` empty means a draw. The reason is kept as its English
    text and placeholders (``text``, ``params``: what is stored with a finished game) and
    said in the language spoken when ``reason`` is read."""

    winners: list[int] = field(default_factory=list)
    text: str = ""
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def reason(self) -> str:
        return told(self.text, self.params)


@dataclass(frozen=True)
class Option:
    """One [cfg] switch of a game's rulings, offered by ``/parley new``. Its description and
    labels are English texts marked ``N_`` (said with ``t`` where shown); its name and
    choices are what a player types and stay as they are."""

    name: str
    description: str
    choices: tuple[Any, ...]
    default: Any
    #: How each choice reads on the lobby card, in the order of ``choices`` (empty: the
    #: value itself); a player still types the value.
    labels: tuple[str, ...] = ()

    def words(self, value: Any) -> str:
        """``value`` as the lobby card shows it, in the language spoken now: its label, else
        the value capitalised."""
        if value in self.choices and len(self.labels) == len(self.choices):
            return t(self.labels[self.choices.index(value)])
        text = (t("yes") if value else t("no")) if isinstance(value, bool) else str(value)
        return text[:1].upper() + text[1:]


@dataclass(frozen=True)
class Lesson:
    """A worked move for ``/parley rules``: the game opened with ``players``, ``seed`` and
    ``options``, ``before`` played (each action by the seat it is legal for) to reach a telling
    position, then ``turn``: one seat's actions, shown with the changes they make marked. Kept
    as canonical text so the engine checks it; a player only ever reads its labels."""

    players: int
    seed: int
    before: tuple[str, ...]
    turn: tuple[str, ...]
    options: tuple[tuple[str, Any], ...] = ()


def finish(state: Finishable, winners: list[int], reason: str, **params: Any) -> None:
    """Record the end of the game in ``state``: the one way every game stores its outcome.
    ``reason`` is the English text (marked ``N_``) with ``{placeholders}`` filled from
    ``params`` when it is read: a state holds facts, never words in one reader's language."""
    state.outcome = {"winners": sorted(winners), "reason": reason}
    if params:
        state.outcome["params"] = params


def score(name: str, value: int) -> Score:
    """One entry of the envelope's ``scores``: a named counter (a seat, a team, a fleet)."""
    return {"name": name, "value": value}


class GameSpec(ABC, Generic[S]):
    """One game. Subclasses set the class attributes and implement the abstract methods."""

    key: ClassVar[str]
    title: ClassVar[str]  # as published, marked ``N_`` (said with ``t``; ``find_game`` reads it)
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    state_type: ClassVar[type]
    options: ClassVar[tuple[Option, ...]] = ()
    seat_names: ClassVar[tuple[str, ...]] = ()  # English, marked ``N_``: see ``seat_label``
    summary: ClassVar[str] = ""  # a few lines for `/parley rules`, marked ``N_``
    lesson: ClassVar[Lesson | None] = None  # the sample move `/parley rules` draws
    has_hand: ClassVar[bool] = False  # seats hold private cards or choices between turns
    moments: ClassVar[tuple[Moment, ...]] = ()  # the guided game's teaching (``teach.py``)

    def __init__(self) -> None:
        self.codec: StateCodec[S] = StateCodec(self.state_type)

    # -- what each game writes --------------------------------------------------------------
    @abstractmethod
    def setup(self, players: int, seed: int, options: dict[str, Any]) -> S:
        """The opening state; ``options`` are already resolved (every name, checked values)."""

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
    def board_view(self, state: S, seat: int | None) -> dict[str, Any]:
        """The game's own view keys (beside the envelope), for ``seat`` or the public."""

    @abstractmethod
    def turn_number(self, state: S) -> int:
        """The envelope's ``turn``: a counter a player understands (turn, round or move)."""

    @abstractmethod
    def last_lines(self, state: S) -> list[str]:
        """The envelope's ``last``: public lines saying what the latest action did."""

    @abstractmethod
    def players(self, state: S) -> int:
        """How many seats the game in ``state`` has."""

    @abstractmethod
    def position(self, **setup: Any) -> S:
        """A state for tests and worked examples, described in the game's own words
        (pieces on named squares, whose turn, a pending decision); see ``position.py``."""

    def private_view(self, state: S, seat: int) -> dict[str, Any]:
        """``seat``'s secrets (hand, loyalty, bids, seen cards); {} in an open game."""
        return {}

    def scores(self, state: S) -> list[Score] | None:
        """The envelope's ``scores``: public counters built with :func:`score`, or None."""
        return None

    # -- the contract, shared ---------------------------------------------------------------
    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> S:
        """A new game for ``players`` seats; refuses a count the game does not take."""
        if not self.min_players <= players <= self.max_players:
            raise IllegalAction(
                t(
                    "{game} takes {players}, not {count}.",
                    game=t(self.title),
                    players=self.player_range(),
                    count=players,
                )
            )
        return self.setup(players, seed, self.resolve_options(options))

    def apply(self, state: S, seat: int, action: str) -> S:
        """Validate against ``legal_actions`` and return a new state; never mutates ``state``."""
        if self.outcome(state) is not None:
            raise IllegalAction(t("This game is over."))
        if seat not in self.to_act(state):
            raise IllegalAction(t("It is not {seat}'s turn to act.", seat=self.seat_label(seat)))
        action = normalize(action)
        if action not in self.legal_actions(state, seat):
            raise IllegalAction(self.refusal(state, seat, action))
        new_state = self.copy(state)
        self.play(new_state, seat, action)
        return new_state

    def view(self, state: S, seat: int | None) -> View:
        """The game's own keys, then the envelope; ``private`` only in a seat's view."""
        view = self.board_view(state, seat)
        envelope: Envelope = {
            "game": self.key,
            "seats": [self.seat_label(other) for other in range(self.players(state))],
            "to_act": self.to_act(state),
            "turn": self.turn_number(state),
            "last": self.last_lines(state),
            "outcome": self._told_outcome(state),
            "scores": self.scores(state),
        }
        if seat is not None:
            envelope["private"] = self.private_view(state, seat)
        view.update(envelope)
        return view

    def outcome(self, state: S) -> Outcome | None:
        if state.outcome is None:
            return None
        stored = state.outcome
        return Outcome(list(stored["winners"]), stored["reason"], dict(stored.get("params", {})))

    def _told_outcome(self, state: S) -> dict[str, Any] | None:
        """The envelope's ``outcome``: winners and the reason in the language spoken now."""
        outcome = self.outcome(state)
        return None if outcome is None else {"winners": outcome.winners, "reason": outcome.reason}

    def dump(self, state: S) -> str:
        return self.codec.dump(state)

    def load(self, text: str) -> S:
        return self.codec.load(text)

    def copy(self, state: S) -> S:
        return self.codec.copy(state)

    # -- hooks the bot and the AI ask every game (ENGINE.md, second edition) ---------------
    # None may ever return another seat's secret. Each game implements all of them.
    @abstractmethod
    def label(self, state: S, seat: int, action: str) -> str:
        """A short human text (at most 80 characters) for a legal action of ``seat``, e.g.
        ``sail g5 s 1 aground`` -> "Sail G5 (1 mast) 1 south, run aground".

        ``action`` may also be a whole-word prefix shared by several legal actions (``sail
        g5``): the bot offers long lists in steps cut at word boundaries, and the label then
        names that group ("Sail G5 (1 mast)"). The canonical text stays what is logged."""

    @abstractmethod
    def changes(self, before: View, after: View) -> list[Change]:
        """What changed between two views of the same seat, in the game's own terms.

        Each change is a dict with ``kind`` (``move``, ``add``, ``remove``, ``count``,
        ``seen``, or a game's own word) and ``text`` (a line a player reads, nothing the
        ``after`` view does not show), plus the game's keys a renderer needs to draw it
        (``from``/``to`` squares, ``at``, ``before``/``after`` values, a slot)."""

    @abstractmethod
    def sample(self, state: S, seat: int, seed: int) -> S:
        """A state that agrees with everything ``seat`` can see and re-deals everything it
        cannot (hands, loyalties, bids, deck order, the RNG), consistently with the rules.
        Two states with the same view for ``seat`` give the same sample for the same seed."""

    @abstractmethod
    def evaluate(self, state: S) -> list[float]:
        """A quick estimate per seat, in [0, 1], of how likely that seat is to win from
        ``state`` (an ended game scores 1 for a winner, 0 for a loser, a share for a draw)."""

    @abstractmethod
    def reveal(self, state: S) -> list[str]:
        """At the end: everything that was secret during the game, as lines a player reads
        (loyalties, who played which vote card, every bid and tie-breaker, cards seen)."""

    @abstractmethod
    def refusal(self, state: S, seat: int, action: str) -> str:
        """One sentence naming the rule that makes ``action`` (normalized, not legal now)
        illegal for ``seat`` (never echoing the refused text, never telling a secret)."""

    def explain(self, state: S, seat: int, action: str) -> str:
        """What a player hears on asking about ``action``: :data:`ALLOWED` when ``seat`` may
        play it now, else the game's :meth:`refusal`. Decided here once, from the one source
        of legality, so no game can call a legal move forbidden."""
        action = normalize(action)
        if self.outcome(state) is None and action in self.legal_actions(state, seat):
            return t(ALLOWED)
        return self.refusal(state, seat, action)

    def turn_trail(self, state: S, seat: int) -> list[str]:
        """Where ``seat``'s turn of several actions has stood, oldest first, ending with
        ``state``: one key per position, from what ``seat`` may see, leaving out what only
        runs down as a turn goes on (moves left, the path so far). A game may keep the trail
        of a turn that just ended, unchanged, until another turn begins. [] by default (a
        game whose turns are single actions).

        An action that adds to the trail a key it already held took the turn back to where it
        stood (a step sailed back, chests traded back, a bid changed back); one after which
        the trail no longer extends the trail before it ended the turn. The AI never plays
        the first while anything else is left (:func:`games.ai.players.onward`)."""
        return []

    def sides(self, state: S) -> list[list[int]]:
        """Who plays together, for ratings: lists of seats covering every seat once (a team
        in a team game, a lone player on their own side). One side per seat by default."""
        return [[seat] for seat in range(self.players(state))]

    # -- presentation hooks the bot uses ---------------------------------------------------
    def seat_label(self, seat: int) -> str:
        """The seat's name in the language spoken now (``seat_names`` are marked ``N_``)."""
        if seat < len(self.seat_names):
            return t(self.seat_names[seat])
        return t("Player {number}", number=seat + 1)

    def player_range(self) -> str:
        """ "2 players" or "2 to 9 players", for messages and ``/parley rules``."""
        if self.min_players == self.max_players:
            return tn("{n} player", "{n} players", self.min_players)
        return t("{least} to {most} players", least=self.min_players, most=self.max_players)

    def describe(self, before: S, seat: int, action: str, after: S) -> str:
        """One public line saying what happened. Must never reveal a secret."""
        return " ".join(self.last_lines(after))

    def secret_choice(self, state: S, seat: int) -> bool:
        """True when ``seat``'s current actions must not be shown in public (votes, bids)."""
        return False

    def private_text(self, view: View) -> str:
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
                raise IllegalAction(
                    t("{game} has no option `{name}`.", game=t(self.title), name=name)
                )
            if value not in known[name].choices:
                allowed = ", ".join(str(c) for c in known[name].choices)
                raise IllegalAction(
                    t("Option `{name}` must be one of: {allowed}.", name=name, allowed=allowed)
                )
            resolved[name] = value
        for option in self.options:
            resolved.setdefault(option.name, option.default)
        return resolved


def normalize(action: str) -> str:
    """The one normal form of typed action text: lower case, single spaces."""
    return " ".join(action.split()).lower()
