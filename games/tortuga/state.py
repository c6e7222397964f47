"""The state of a Tortuga 1667 game: one dataclass of plain JSON values (see ``games.core.codec``).

Places: ``ships[0]`` is the Flying Dutchman and ``ships[1]`` the Jolly Roger, each a list of
seats in rank order (captain first); ``tortuga`` is the line (governor first); ``rowboats[i]``
is the rowboat beside ship ``i``. Holds and Tortuga's areas are ``[british, french]`` counts.
The vote deck and the event deck are drawn from index 0 (the top).

``pending`` is the decision the game waits for (its ``kind`` names a row of ``rules.PHASES``);
None means the player whose turn it is chooses an action.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.core import StateCodec
from games.tortuga.data import ALBATROSS, SHIP_SIZE, SHIPS, TEAMS


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
    news: list[str] = field(default_factory=list)  # the public lines of the latest action
    last_vote: dict[str, Any] | None = None
    notes: list[list[str]] = field(default_factory=list)  # private messages per seat
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


def location(s: TortugaState, seat: int) -> tuple[str, int]:
    """Where a pawn is: (place, rank) with place one of fd, jr, tortuga, fd boat, jr boat."""
    for i, ship in enumerate(s.ships):
        if seat in ship:
            return SHIPS[i], ship.index(seat)
    if seat in s.tortuga:
        return "tortuga", s.tortuga.index(seat)
    return f"{SHIPS[s.rowboats.index(seat)]} boat", 0


def ship_of(s: TortugaState, seat: int) -> int | None:
    for i, ship in enumerate(s.ships):
        if seat in ship:
            return i
    return None


def has_room(s: TortugaState, ship: int) -> bool:
    return len(s.ships[ship]) < SHIP_SIZE


def remove_pawn(s: TortugaState, seat: int) -> None:
    for ship in s.ships:
        if seat in ship:
            ship.remove(seat)
            return
    if seat in s.tortuga:
        s.tortuga.remove(seat)
        return
    s.rowboats[s.rowboats.index(seat)] = None


def team_chests(s: TortugaState) -> dict[str, int]:
    """Chests per team: both ships' holds plus Tortuga's area (the galleon counts for no one)."""
    return {
        team: s.holds[0][i] + s.holds[1][i] + s.tortuga_chests[i] for i, team in enumerate(TEAMS)
    }


def albatrosses(s: TortugaState, ship: int) -> int:
    return sum(s.kept[seat].count(ALBATROSS) for seat in s.ships[ship])


def row_count(s: TortugaState) -> int:
    return sum(card is not None for card in s.row)


def others(s: TortugaState, seat: int) -> list[int]:
    return [p for p in range(s.players) if p != seat]


def note(s: TortugaState, seat: int, text: str) -> None:
    """A private message for one seat (kept short: the last few only)."""
    s.notes[seat] = [*s.notes[seat][-4:], text]


CODEC: StateCodec[TortugaState] = StateCodec(TortugaState)


def copy(state: TortugaState) -> TortugaState:
    """A private copy (the spec's ``copy`` is the same codec)."""
    return CODEC.copy(state)
