"""The state of a Tortuga 1667 game: one dataclass of plain JSON values (see ``games.core.codec``).

Places: ``ships[0]`` is the Flying Dutchman and ``ships[1]`` the Jolly Roger, each a list of
seats in rank order (captain first); ``tortuga`` is the line (governor first); ``rowboats[i]``
is the rowboat beside ship ``i``. Holds and Tortuga's areas are ``[british, french]`` counts.
The vote deck and the event deck are drawn from index 0 (the top).

``pending`` is the decision the game waits for (its ``kind`` names a row of ``rules.PHASES``);
None means the player whose turn it is chooses an action.

The lines a state keeps for players (``news``, ``notes``) hold facts, never words in one
reader's language: each is a :data:`Line`, its English text (marked ``N_``) and placeholders,
said in the language spoken when read (:func:`said`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.core import StateCodec
from games.core.words import t
from games.tortuga.data import ALBATROSS, SHIP_SIZE, SHIPS, TEAMS, cards_in_words, counted

Line = dict[str, Any]
"""A line kept for players: ``text`` (English, with ``{placeholders}``) and ``params``. A
param is a fact: a number, an English name (a seat, a ship, a card, a team: looked up when
said), a list of them (said as a comma list), a nested line, a count (:func:`count`) or vote
cards (:func:`vote_cards`)."""


@dataclass
class TortugaState:
    players: int
    rng: int
    loyalty: list[str]
    hands: list[list[int]]
    vote_deck: list[int]
    ships: list[list[int]]
    tortuga: list[int]
    rowboats: list[int | None]
    holds: list[list[int]]
    tortuga_chests: list[int]
    galleon: int
    event_deck: list[str]
    row: list[str | None]
    known: list[list[str | None]]  # per seat, per row slot: the card it has seen there
    viewers: list[list[int]]  # per row slot: seats who have seen the card now lying there
    discard: list[str]
    kept: list[list[str]]  # cards face up in front of each seat
    current: int
    turn: int = 1  # turns begun so far (a turn lost to Scurvy counts)
    exploded: int | None = None  # the rowboat under the explosion token
    pirate_code: list[int] = field(default_factory=list)  # votes still to sit out
    scurvy: list[bool] = field(default_factory=list)
    actions_left: int = 1
    pending: dict[str, Any] | None = None
    sudden_death: bool = False
    outcome: dict[str, Any] | None = None
    news: list[Line] = field(default_factory=list)  # the public lines of the latest action
    last_vote: dict[str, Any] | None = None
    notes: list[list[Line]] = field(default_factory=list)  # private messages per seat
    # -- what the table remembers (public) and what the end reveals (hidden until then) --------
    reveals: list[dict[str, Any]] = field(default_factory=list)  # slot, card, by: every reveal
    fevers: list[list[int]] = field(default_factory=list)  # Cabin Fever pairs, in order
    deck_runs: list[dict[str, Any]] = field(default_factory=list)
    """Runs of cards at the bottom of the vote deck, bottom first: ``size``, the ``section``
    and sorted ``symbols`` shown when they were buried (public), and ``own``: each seat's own
    cards in the run (seat number as text -> card ids; only that seat knows them). A run that
    loses a card to a draw from the top, or a shuffle of the deck, is forgotten."""
    loyalty_log: list[list[str]] = field(default_factory=list)  # per seat: cards held, in order
    secret_log: list[dict[str, Any]] = field(default_factory=list)
    """Hidden until the end: each vote by player, Crow's Nest picks, lost vote cards, event
    cards looked at (each entry has a ``kind``)."""


def location(state: TortugaState, seat: int) -> tuple[str, int]:
    """Where a pawn is: (place, rank) with place one of fd, jr, tortuga, fd boat, jr boat."""
    for i, ship in enumerate(state.ships):
        if seat in ship:
            return SHIPS[i], ship.index(seat)
    if seat in state.tortuga:
        return "tortuga", state.tortuga.index(seat)
    return f"{SHIPS[state.rowboats.index(seat)]} boat", 0


def ship_of(state: TortugaState, seat: int) -> int | None:
    for i, ship in enumerate(state.ships):
        if seat in ship:
            return i
    return None


def has_room(state: TortugaState, ship: int) -> bool:
    return len(state.ships[ship]) < SHIP_SIZE


def remove_pawn(state: TortugaState, seat: int) -> None:
    for ship in state.ships:
        if seat in ship:
            ship.remove(seat)
            return
    if seat in state.tortuga:
        state.tortuga.remove(seat)
        return
    state.rowboats[state.rowboats.index(seat)] = None


def team_chests(state: TortugaState) -> dict[str, int]:
    """Chests per team: both ships' holds plus Tortuga's area (the galleon counts for no one)."""
    return {
        team: state.holds[0][i] + state.holds[1][i] + state.tortuga_chests[i]
        for i, team in enumerate(TEAMS)
    }


def albatrosses(state: TortugaState, ship: int) -> int:
    return sum(state.kept[seat].count(ALBATROSS) for seat in state.ships[ship])


def row_count(state: TortugaState) -> int:
    return sum(card is not None for card in state.row)


def others(state: TortugaState, seat: int) -> list[int]:
    return [p for p in range(state.players) if p != seat]


def line(text: str, **params: Any) -> Line:
    """A line to keep: ``text`` is English, marked ``N_`` so the catalogue has it."""
    return {"text": text, "params": params}


def count(n: int, noun: str) -> dict[str, Any]:
    """A param that is a number of things (``2 chests``), said with the right plural."""
    return {"n": n, "noun": noun}


def vote_cards(texts: list[str]) -> dict[str, Any]:
    """A param that is vote cards by text, said as the buttons name them."""
    return {"cards": texts}


def tell(state: TortugaState, text: str, **params: Any) -> None:
    """A public line of the latest action."""
    state.news.append(line(text, **params))


def note(state: TortugaState, seat: int, text: str, **params: Any) -> None:
    """A private message for one seat (kept short: the last few only)."""
    state.notes[seat] = [*state.notes[seat][-4:], line(text, **params)]


def said(kept: Line) -> str:
    """A kept line in the language spoken now."""
    return t(kept["text"], **{key: _said(value) for key, value in kept["params"].items()})


def _said(value: Any) -> Any:
    if isinstance(value, str):
        return t(value)
    if isinstance(value, list):
        return ", ".join(_said(item) for item in value)
    if isinstance(value, dict):
        if "cards" in value:
            return cards_in_words(value["cards"])
        return counted(value["n"], value["noun"]) if "noun" in value else said(value)
    return value


CODEC: StateCodec[TortugaState] = StateCodec(TortugaState)


def copy(state: TortugaState) -> TortugaState:
    """A private copy (the spec's ``copy`` is the same codec)."""
    return CODEC.copy(state)
