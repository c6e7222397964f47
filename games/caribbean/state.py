"""The whole of a Caribbean game as one plain, JSON-able dataclass.

Secret parts (unrevealed ``bids``, ``tie_choice`` before a tie is settled, the ``supply``
order) live here beside the public ones; only :mod:`games.caribbean.views` decides who may see
what. Dump, load and copy come from the shared codec (``games.core.StateCodec``); precise field
types keep its copy cheap.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.caribbean.data import CARDS
from games.core import StateCodec


@dataclass
class CaribbeanState:
    players: int
    round_cap: int
    ship_spaces: list[str]  # ship index (A..F) -> sea space
    cargo: list[str | None]  # ship index -> chest code it carries
    port_chests: list[str]  # chest codes waiting on their own port
    supply: list[str]  # face-down chests, dealt two at a time from the front (secret order)
    money: list[int]
    captures: list[int]  # ports captured per seat, so money can be audited
    bids: list[list[int | None]]  # [seat][ship] card, secret until that ship is revealed
    confirmed: list[bool]
    spent: list[bool]  # tie-breaker revealed face up this round
    tie_choice: list[str | None]  # secret until the tie is settled: "up" / "down"
    tried_bids: list[list[str]]
    """Per seat, every full set of bids it has held this round, in order (``rules.bid_row``):
    its own secret, for R9 and for its turn's trail."""
    layouts: list[list[str]]
    """Per seat, where the ships and chests have stood (``rules.layout``) during the latest
    ship's turn it played this round, from where it began, in order, kept once the turn
    ended: for R8 and for the turn's trail (public)."""
    round: int = 1
    phase: str = "bid"  # a key of rules.PHASES, or "over"; "reveal" only inside one action
    delivered: dict[str, int] = field(default_factory=dict)  # chest code -> haven owner
    current: int = 0  # the ship being resolved (0 = Arriba)
    active: int | None = None  # seat moving the current ship
    moves_left: int = 0
    # This round's public record, one entry per ship revealed so far (index = ship), kept as
    # typed columns so that every copy stays cheap:
    ties: list[list[int]] = field(default_factory=list)  # seats tied for the highest bid
    tiebreaks: list[list[int | str | None]] = field(default_factory=list)  # per seat: None
    # (not in the tie), "down", "spent" (had none left) or the card shown face up
    won_by: list[int | None] = field(default_factory=list)  # None: the ship stayed
    allowances: list[int] = field(default_factory=list)
    paths: list[list[str]] = field(default_factory=list)  # spaces passed, from the start
    events: list[dict[str, Any]] = field(default_factory=list)
    """Public lines of the last action, as English text and facts (``lines.line``), said in
    the reader's language when read."""
    past_bids: list[str] = field(default_factory=list)
    """One line per finished round, for "same as last round" and the final reveal (out of every
    view): per seat the cards on ships A-F then the tie-breaker, seats apart by " / ", e.g.
    "5 4 3 2 1 0 -1 / 4 3 2 1 0 -1 5". Text, not nested lists: a 30-round history then costs
    one pointer per round to copy and little to dump."""
    outcome: dict[str, Any] | None = None

    @staticmethod
    def upgrade(data: dict[str, Any]) -> dict[str, Any]:
        """A state stored before R8 and R9 became guards (a count of bid changes, one list of
        chest layouts): its trails start afresh, the way a new turn's do. One stored before
        its lines were kept as text and facts: its English lines are kept as they were."""
        data["events"] = [
            {"text": event, "params": {}} if isinstance(event, str) else event
            for event in data.get("events", [])
        ]
        if "bid_changes" in data:
            players = data["players"]
            del data["bid_changes"]
            data["tried_bids"] = [[] for _ in range(players)]
            data["layouts"] = [[] for _ in range(players)]
        return data

    def tiebreaker(self, seat: int) -> int | None:
        """The seventh card, once six are on ships: "intended as tie-breaker"."""
        used = self.bids[seat]
        if None in used:
            return None
        return sum(CARDS) - sum(card for card in used if card is not None)


CODEC: StateCodec[CaribbeanState] = StateCodec(CaribbeanState)


def copy(state: CaribbeanState) -> CaribbeanState:
    """A private copy (the spec's ``copy`` is the same codec)."""
    return CODEC.copy(state)
