"""Rigadoon's game state: flat lists of ints, so that the codec's copy (one per action) is cheap.

Ships 0-3 are Blue (seat 0), 4-7 Green (seat 1). Whether a ship is in port or aground is not
stored: it is in port when it stands on an Island, aground when it shares a Shallows cell with a
chest. A chest's cell is -1 only while it is sinking and waits for its Island (``sinking``).
The only secrets are the order of the Wind cards in ``pile`` and the ``rng`` behind it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.core.codec import StateCodec
from games.core.words import N_, t, told
from games.rigadoon import data

FLEETS = (N_("Blue"), N_("Green"))

# A line of the narration: its English text and placeholders, said when read (``say``), so a
# state holds facts, never one reader's words. A ship placeholder is ``[fleet, "K9"]``.
Line = dict[str, Any]
Ship = list[int | str]

# A sail or blast: [kind, ship, number, cells...]; the number counts the moves of the whole
# game, so that a picture can tell which came after a player's last look.
SAIL, BLAST = 0, 1
M_KIND, M_SHIP, M_NUMBER, M_PATH = range(4)

# The blast in progress (``RigadoonState.blast``): the blasted ship, its direction, spaces
# left, spaces moved, its attacker, 1 for a backfire's return fire, the narration line that
# tells the attack (-1 once told), 1 if it lost a mast, then the cells of its path.
B_SHIP, B_DIR, B_LEFT, B_MOVED, B_ATTACKER, B_RETURN, B_SLOT, B_LOST, B_PATH = range(9)


def fleet_of(ship: int) -> int:
    return ship // 4


def line(text: str, **params: object) -> Line:
    """A narration line kept as English ``text`` (marked ``N_``) and its placeholders."""
    return {"text": text, "params": params}


def ship_name(fleet: int, square: str) -> str:
    """``"Blue K9"`` in the language spoken: a ship is named by its fleet and square."""
    return t("{fleet} {square}", fleet=t(FLEETS[fleet]), square=square)


def say(told_line: Line) -> str:
    """A narration line in the language spoken now."""
    params = {
        key: ship_name(int(value[0]), str(value[1])) if isinstance(value, list) else value
        for key, value in told_line["params"].items()
    }
    return told(told_line["text"], params)


@dataclass(slots=True)
class RigadoonState:
    options: dict[str, str | int | bool]
    rng: int
    ships: list[int]  # cell per ship; -1 for a ship a test position leaves out
    masts: list[int]
    chests: list[int]  # cell per chest
    wind: int = -1  # index into data.DIRECTIONS; -1 before the opening pick
    pile: list[int] = field(default_factory=list)  # secret draw order (cards only), top last
    discard: list[int] = field(default_factory=list)  # public
    active: int = 1  # seat to act: the second player picks the opening wind
    turn: int = 0  # half turns begun (0 while choosing the opening wind)
    wind_changed: bool = False
    acted: int = 0  # bitmask of ships that sailed or repaired this turn
    bonus: int = 0  # bitmask of ships owed a Rigadoon bonus sail
    # -- the chain of one ship action, resumed across the player's decisions ------------------
    pending: list[list[int]] = field(default_factory=list)  # [attacker, target] FIFO
    counter: list[int] | None = None  # a backfire's forced return fire [attacker, target]
    blast: list[int] | None = None  # see B_SHIP ... B_PATH above
    sinking: int = -1  # chest waiting for the active player to pick its Island
    sailer: int = -1  # the ship whose sail began this chain (Rigadoon bonus)
    hits: int = 0  # bitmask of ships attacked during the chain
    no_bonus_sail: bool = False  # the sail ran aground or went through a maelstrom (R3)
    seen: list[int] = field(default_factory=list)  # fingerprints for the infinite loop
    rigadoons: list[list[int]] = field(default_factory=list)  # boards this turn's Rigadoons left
    # -- what the pictures and the log show --------------------------------------------------
    moves: list[list[int]] = field(default_factory=list)  # this turn's, see M_KIND ... M_PATH
    last_turn_moves: list[list[int]] = field(default_factory=list)  # the other fleet's turn
    moves_made: int = 0  # sails and blasts in the whole game
    narration: list[Line] = field(default_factory=list)  # what the last action did, see ``line``
    outcome: dict[str, Any] | None = None
    # Caches of the turn's legal actions and of the view's sailing ship: a state is never
    # changed once ``apply`` returned it, and playouts and the bot ask for both several times
    # per action. Not copied, not dumped.
    memo: list[str] | None = field(default=None, compare=False, repr=False)
    focus_memo: tuple[str | None] | None = field(default=None, compare=False, repr=False)

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
        """``"Blue K9"``: a ship named by its fleet and square, in the language spoken."""
        return ship_name(fleet_of(ship), data.label(self.ships[ship]))

    def ship(self, ship: int) -> Ship:
        """A ship as a narration line keeps it (``say`` names it when read)."""
        return [fleet_of(ship), data.label(self.ships[ship])]

    @staticmethod
    def upgrade(stored: dict[str, Any]) -> dict[str, Any]:
        """A state stored when the narration was English sentences: each kept as it was."""
        stored["narration"] = [
            line(text) if isinstance(text, str) else text for text in stored.get("narration", [])
        ]
        return stored


CODEC: StateCodec[RigadoonState] = StateCodec(RigadoonState)


def copy(state: RigadoonState) -> RigadoonState:
    """A private copy for the rules' look-ahead (the spec's ``copy`` is the same codec)."""
    return CODEC.copy(state)
