"""Words for Rigadoon's actions: what a button, a menu entry or a step of a long list says.

Every legal action and every whole-word prefix of one gets a label of at most 80 characters,
squares written as on the board (G5), never the action's own text. A decision inside a chain
says which ship it is about and why it is yours to take: "While it is your turn, you get to
decide how and in what order Ships, friend, and foe alike, interact with Treasure Chests".
"""

from __future__ import annotations

from collections.abc import Callable

from games.core.coords import parse_square
from games.rigadoon import chain, data
from games.rigadoon.state import RigadoonState, copy
from games.rigadoon.views import blast_at_chest, sinker

LIMIT = 80
YOURS = "your turn, so you decide"


def label(state: RigadoonState, seat: int, action: str) -> str:
    """A player's words for ``action`` (or for the group of actions it begins)."""
    words = action.split()
    if not words:
        return "Choose a move"
    maker = LABELS.get(words[0])
    text = maker(state, words[1:]) if maker else None
    return _fit(text or "Another move")


def _fit(text: str) -> str:
    return text if len(text) <= LIMIT else text[: LIMIT - 1].rstrip(" ,") + "…"


def square_cell(word: str) -> int | None:
    """The cell of a square name like ``k9``, or None if it is not one on the board."""
    try:
        x, y = parse_square(word)
    except ValueError:
        return None
    return data.cell(x, y) if 0 <= x < data.SIZE and 0 <= y < data.SIZE else None


def _ship_at(state: RigadoonState, word: str) -> int:
    c = square_cell(word)
    return -1 if c is None else state.ship_at(c)


def masts_text(masts: int) -> str:
    return f"{masts} mast{'' if masts == 1 else 's'}"


# -- the turn ---------------------------------------------------------------------------------
def _wind(state: RigadoonState, rest: list[str]) -> str:
    if not rest or rest[0] not in data.DIRECTIONS:
        return "Pick the opening wind"
    d = data.DIRECTIONS.index(rest[0])
    blown = data.DIRECTION_WORDS[data.downwind(d)]
    return f"Opening wind from the {data.DIRECTION_WORDS[d]} (ships run {blown})"


def _change(state: RigadoonState, rest: list[str]) -> str:
    how = "roll the Wind die" if state.options["wind"] == "die" else "draw a Wind card"
    return f"Change the wind ({how})"


def _end(state: RigadoonState, rest: list[str]) -> str:
    return "End the turn"


def _repair(state: RigadoonState, rest: list[str]) -> str:
    ship = _ship_at(state, rest[0]) if rest else -1
    if ship < 0:
        return "Repair a ship"
    masts = state.masts[ship]
    return f"Repair {data.label(state.ships[ship])} from {masts_text(masts)} to {masts + 1}"


def _sail(state: RigadoonState, rest: list[str]) -> str:
    ship = _ship_at(state, rest[0]) if rest else -1
    if ship < 0:
        return "Sail a ship"
    square, masts = data.label(state.ships[ship]), state.masts[ship]
    head = f"Sail {square} ({masts_text(masts)})"
    if len(rest) == 1:
        return head + (", its bonus sail" if state.bonus & (1 << ship) else "")
    if rest[1] not in data.DIRECTIONS:
        return head
    d = data.DIRECTIONS.index(rest[1])
    if len(rest) == 2:
        return f"Sail {square} {data.DIRECTION_WORDS[d]}"
    if not rest[2].isdigit() or not 1 <= int(rest[2]) <= 4:
        return head
    k = int(rest[2])
    stop = rest[3] if len(rest) > 3 else ""
    return head + f" {k} {data.DIRECTION_WORDS[d]}" + _sail_effects(state, ship, d, k, stop)


def _sail_effects(state: RigadoonState, ship: int, d: int, k: int, stop: str) -> str:
    """What the sail does on the way and where it ends, played on a copy: chests bumped, the
    stop on a chest, a maelstrom, a claim, a chest abandoned, the ships it must attack."""
    if (d, k, stop) not in chain.sail_options(state, ship):
        return {"sink": ", sink the chest", "aground": ", run aground"}.get(stop, "")
    trial = copy(state)
    before = list(trial.chests)
    was_in_port = trial.in_port(ship)
    chain.sail(trial, ship, d, k, stop)
    parts = []
    bumped = sum(
        1
        for old, new in zip(before, trial.chests, strict=True)
        if old != new and new >= 0 and data.KIND[new] != data.ISLAND
    )
    if bumped:
        parts.append("bumping a chest" if bumped == 1 else f"bumping {bumped} chests")
    if stop == "sink":
        parts.append("sink the chest")
    elif stop == "aground":
        parts.append("run aground")
    land = trial.ships[ship]
    if any(data.KIND[c] == data.MAELSTROM for c in data.RAYS[state.ships[ship]][d][:k]):
        parts.append(f"maelstrom to {data.label(land)}")
    elif data.KIND[land] == data.ISLAND:
        parts.append(f"claim Island {data.label(land)}")
    if was_in_port:
        parts.append("leave the chest")
    targets = [trial.ship_label(t) for a, t in trial.pending if a == ship]
    if targets:
        parts.append("attack " + " and ".join(targets))
    return "".join(f", {part}" for part in parts)


# -- the decisions of a chain ------------------------------------------------------------------
def _attack(state: RigadoonState, rest: list[str]) -> str:
    attacker = _ship_at(state, rest[0]) if rest else -1
    if attacker < 0:
        return "Choose the next attack"
    if len(rest) == 1:
        return f"{state.ship_label(attacker)} attacks next (you pick the order)"
    target = _ship_at(state, rest[1])
    if target < 0:
        return f"{state.ship_label(attacker)} attacks next (you pick the order)"
    return (
        f"{state.ship_label(attacker)} attacks {state.ship_label(target)} next (you pick the order)"
    )


def _bump(state: RigadoonState, rest: list[str]) -> str:
    met = blast_at_chest(state)
    if met is None:
        return "Bump the chest on"
    ship, chest = met
    return f"{ship} bumps the chest at {chest} on ({YOURS})"


def _sink(state: RigadoonState, rest: list[str]) -> str:
    met = blast_at_chest(state)
    if met is None:
        return "Sink the chest"
    ship, chest = met
    return f"{ship} stops and sinks the chest at {chest} ({YOURS})"


def _aground(state: RigadoonState, rest: list[str]) -> str:
    met = blast_at_chest(state)
    if met is None:
        return "Run aground on the chest"
    ship, chest = met
    return f"{ship} stops, aground on the chest at {chest} ({YOURS})"


def _island(state: RigadoonState, rest: list[str]) -> str:
    c = square_cell(rest[0]) if rest else None
    if c is None or data.KIND[c] != data.ISLAND:
        return "Choose the Island for the sunk chest"
    corner = data.DIRECTION_WORDS[(7, 1, 5, 3)[data.ISLANDS.index(c)]]  # NW, NE, SW, SE
    ship = sinker(state)
    by = f" sunk by {state.ship_label(ship)}" if ship >= 0 else ""
    return f"Chest{by} washes up on Island {data.label(c)}, {corner} (you decide)"


LABELS: dict[str, Callable[[RigadoonState, list[str]], str]] = {
    "wind": _wind,
    "change": _change,
    "end": _end,
    "repair": _repair,
    "sail": _sail,
    "attack": _attack,
    "bump": _bump,
    "sink": _sink,
    "aground": _aground,
    "island": _island,
}
