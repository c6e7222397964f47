"""Rigadoon's game state: flat lists of ints so that ``copy`` (done on every action) stays cheap.

Ships 0-3 are Blue (seat 0), 4-7 Green (seat 1). Whether a ship is in port or aground is not
stored: it is in port when it stands on an Island, aground when it shares a Shallows cell with a
chest. A chest's cell is -1 only while it is sinking and waits for its Island (``sinking``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields
from typing import Any

from games.rigadoon import data

FLEETS = ("Blue", "Green")


def fleet_of(ship: int) -> int:
    return ship // 4


@dataclass(slots=True)
class RigadoonState:
    options: dict[str, Any]
    rng: int
    ships: list[int]                  # cell per ship; -1 for a ship a test position leaves out
    masts: list[int]
    chests: list[int]                 # cell per chest
    wind: int = -1                    # index into data.DIRECTIONS; -1 before the opening pick
    pile: list[int] = field(default_factory=list)     # secret draw order (cards only)
    discard: list[int] = field(default_factory=list)  # public
    active: int = 1                   # seat to act: the second player picks the opening wind
    turn: int = 0                     # full turns begun (0 while choosing the opening wind)
    wind_changed: bool = False
    acted: int = 0                    # bitmask of ships that sailed or repaired this turn
    bonus: int = 0                    # bitmask of ships owed a Rigadoon bonus sail
    # -- the chain of one ship action, resumed across the player's decisions ------------------
    pending: list[list[int]] = field(default_factory=list)  # [attacker, target] FIFO
    counter: list[int] | None = None  # a backfire's forced return fire [attacker, target]
    blast: list[int] | None = None    # [ship, dir, left, moved, attacker, is_return_fire]
    sinking: int = -1                 # chest waiting for the active player to pick its Island
    sailer: int = -1                  # the ship whose sail began this chain (Rigadoon bonus)
    hits: int = 0                     # bitmask of ships attacked during the chain
    no_bonus_sail: bool = False       # the sail ran aground or went through a maelstrom (R3)
    seen: list[int] = field(default_factory=list)  # fingerprints for the infinite loop
    moves: list[list[Any]] = field(default_factory=list)  # this turn: [kind, ship, cells...]
    narration: list[str] = field(default_factory=list)   # what the last action did
    winners: list[int] | None = None
    reason: str = ""
    # Memos of the turn's legal actions and of the view's sailing ship: a state is never
    # changed once ``apply`` returned it, and playouts and the bot ask for both several times
    # per action. Not copied, not dumped.
    memo: list[str] | None = field(default=None, compare=False, repr=False)
    focus_memo: tuple[str | None] | None = field(default=None, compare=False, repr=False)

    def copy(self) -> RigadoonState:
        return RigadoonState(
            self.options, self.rng, self.ships[:], self.masts[:], self.chests[:], self.wind,
            self.pile[:], self.discard[:], self.active, self.turn, self.wind_changed,
            self.acted, self.bonus, [p[:] for p in self.pending],
            self.counter[:] if self.counter else None, self.blast[:] if self.blast else None,
            self.sinking, self.sailer, self.hits, self.no_bonus_sail, self.seen[:],
            self.moves[:], self.narration[:], self.winners, self.reason,
        )

    def dump(self) -> str:
        return json.dumps({name: getattr(self, name) for name in SAVED_FIELDS},
                          separators=(",", ":"))

    @classmethod
    def load(cls, text: str) -> RigadoonState:
        return cls(**json.loads(text))

    # -- lookups the rules use everywhere -------------------------------------------------
    def ship_at(self, c: int) -> int:
        try:
            return self.ships.index(c)
        except ValueError:
            return -1

    def in_port(self, ship: int) -> bool:
        c = self.ships[ship]
        return c >= 0 and data.KIND[c] == data.ISLAND

    def aground(self, ship: int) -> bool:
        c = self.ships[ship]
        return c >= 0 and data.KIND[c] == data.SHALLOWS and c in self.chests

    def ship_label(self, ship: int) -> str:
        return f"{FLEETS[fleet_of(ship)]} {data.label(self.ships[ship])}"


SAVED_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(RigadoonState)
                                      if f.name not in ("memo", "focus_memo"))
