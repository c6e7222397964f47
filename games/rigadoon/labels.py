"""Words for Rigadoon's actions: what a button, a menu entry or a step of a long list says.

Every legal action and every whole-word prefix of one gets a label of at most 80 characters,
squares written as on the board (G5), never the action's own text. A decision inside a chain
says which ship it is about and why it is yours to take: "While it is your turn, you get to
decide how and in what order Ships, friend, and foe alike, interact with Treasure Chests".
"""

from __future__ import annotations

from collections.abc import Callable

from games.core.coords import parse_square
from games.rigadoon import chain, data, rules
from games.rigadoon.state import B_DIR, B_SHIP, FLEETS, RigadoonState, copy

LIMIT = 80
YOURS = "your turn, so you decide"


def label(st: RigadoonState, seat: int, action: str) -> str:
    """A player's words for ``action`` (or for the group of actions it begins)."""
    words = action.split()
    if not words:
        return "Choose a move"
    maker = LABELS.get(words[0])
    text = maker(st, words[1:]) if maker else None
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


def _ship_at(st: RigadoonState, word: str) -> int:
    c = square_cell(word)
    return -1 if c is None else st.ship_at(c)


def masts_text(masts: int) -> str:
    return f"{masts} mast{'' if masts == 1 else 's'}"


# -- the turn ---------------------------------------------------------------------------------
def _wind(st: RigadoonState, rest: list[str]) -> str:
    if not rest or rest[0] not in data.DIRECTIONS:
        return "Pick the opening wind"
    d = data.DIRECTIONS.index(rest[0])
    blown = data.DIRECTION_WORDS[data.downwind(d)]
    return f"Opening wind from the {data.DIRECTION_WORDS[d]} (ships run {blown})"


def _change(st: RigadoonState, rest: list[str]) -> str:
    how = "roll the Wind die" if st.options["wind"] == "die" else "draw a Wind card"
    return f"Change the wind ({how})"


def _end(st: RigadoonState, rest: list[str]) -> str:
    return "End the turn"


def _repair(st: RigadoonState, rest: list[str]) -> str:
    ship = _ship_at(st, rest[0]) if rest else -1
    if ship < 0:
        return "Repair a ship"
    masts = st.masts[ship]
    return f"Repair {data.label(st.ships[ship])} from {masts_text(masts)} to {masts + 1}"


def _sail(st: RigadoonState, rest: list[str]) -> str:
    ship = _ship_at(st, rest[0]) if rest else -1
    if ship < 0:
        return "Sail a ship"
    square, masts = data.label(st.ships[ship]), st.masts[ship]
    head = f"Sail {square} ({masts_text(masts)})"
    if len(rest) == 1:
        return head + (", its bonus sail" if st.bonus & (1 << ship) else "")
    if rest[1] not in data.DIRECTIONS:
        return head
    d = data.DIRECTIONS.index(rest[1])
    if len(rest) == 2:
        return f"Sail {square} {data.DIRECTION_WORDS[d]}"
    if not rest[2].isdigit() or not 1 <= int(rest[2]) <= 4:
        return head
    k = int(rest[2])
    stop = rest[3] if len(rest) > 3 else ""
    return head + f" {k} {data.DIRECTION_WORDS[d]}" + _sail_effects(st, ship, d, k, stop)


def _sail_effects(st: RigadoonState, ship: int, d: int, k: int, stop: str) -> str:
    """What the sail does on the way and where it ends, played on a copy: chests bumped, the
    stop on a chest, a maelstrom, a claim, a chest abandoned, the ships it must attack."""
    if (d, k, stop) not in chain.sail_options(st, ship):
        return {"sink": ", sink the chest", "aground": ", run aground"}.get(stop, "")
    trial = copy(st)
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
    if any(data.KIND[c] == data.MAELSTROM for c in data.RAYS[st.ships[ship]][d][:k]):
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
def _attack(st: RigadoonState, rest: list[str]) -> str:
    attacker = _ship_at(st, rest[0]) if rest else -1
    if attacker < 0:
        return "Choose the next attack"
    if len(rest) == 1:
        return f"{st.ship_label(attacker)} attacks next (you pick the order)"
    target = _ship_at(st, rest[1])
    if target < 0:
        return f"{st.ship_label(attacker)} attacks next (you pick the order)"
    return f"{st.ship_label(attacker)} attacks {st.ship_label(target)} next (you pick the order)"


def _blast_at_chest(st: RigadoonState) -> tuple[str, str] | None:
    """The blasted ship and the chest square ahead of it, while a blast waits at a chest."""
    if st.blast is None:
        return None
    ship, d = st.blast[B_SHIP], st.blast[B_DIR]
    return st.ship_label(ship), data.label(data.WRAP[st.ships[ship]][d])


def _bump(st: RigadoonState, rest: list[str]) -> str:
    met = _blast_at_chest(st)
    if met is None:
        return "Bump the chest on"
    ship, chest = met
    return f"{ship} bumps the chest at {chest} on ({YOURS})"


def _sink(st: RigadoonState, rest: list[str]) -> str:
    met = _blast_at_chest(st)
    if met is None:
        return "Sink the chest"
    ship, chest = met
    return f"{ship} stops and sinks the chest at {chest} ({YOURS})"


def _aground(st: RigadoonState, rest: list[str]) -> str:
    met = _blast_at_chest(st)
    if met is None:
        return "Run aground on the chest"
    ship, chest = met
    return f"{ship} stops, aground on the chest at {chest} ({YOURS})"


def sinker(st: RigadoonState) -> int:
    """The ship that sank the chest now waiting for its Island: the last one to move."""
    return st.moves[-1][1] if st.moves else -1


def _island(st: RigadoonState, rest: list[str]) -> str:
    c = square_cell(rest[0]) if rest else None
    if c is None or data.KIND[c] != data.ISLAND:
        return "Choose the Island for the sunk chest"
    corner = data.DIRECTION_WORDS[(7, 1, 5, 3)[data.ISLANDS.index(c)]]  # NW, NE, SW, SE
    ship = sinker(st)
    by = f" sunk by {st.ship_label(ship)}" if ship >= 0 else ""
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


def decision_line(st: RigadoonState) -> str:
    """The chain's decision at hand, said for the player who must take it (``private``)."""
    now = rules.phase(st)
    fleet = FLEETS[st.active]
    if now == rules.ATTACK:
        attackers = {a for a, _ in chain.attack_choices(st)}
        names = " and ".join(st.ship_label(a) for a in sorted(attackers))
        return (
            f"{names} must attack every ship beside it; it is {fleet}'s turn, so you choose "
            "the order of the attacks."
        )
    if now == rules.CHEST:
        met = _blast_at_chest(st)
        assert met is not None
        blasted, chest = met
        stop = "sink it" if chain.blast_stop_word(st) == "sink" else "run aground on it"
        return (
            f"{blasted} was blasted into the chest at {chest}. Every ship of a chain that meets a "
            f"chest on {fleet}'s turn does as {fleet} decides: bump it on, or stop and {stop}."
        )
    if now == rules.ISLAND:
        ship = sinker(st)
        islands = ", ".join(data.label(c) for c in chain.open_islands(st))
        who = st.ship_label(ship) if ship >= 0 else "A ship"
        return (
            f"{who} sank a chest. The fleet that started the manoeuvre decides where it "
            f"washes up, so {fleet} picks an Island without a chest: {islands}."
        )
    return ""
