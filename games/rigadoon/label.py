"""Words for Rigadoon's actions: what a button, a menu entry or a step of a long list says.

Every legal action and every whole-word prefix of one gets a label of at most 80 characters,
squares written as on the board (G5), never the action's own text. A decision inside a chain
says which ship it is about and why it is yours to take: "While it is your turn, you get to
decide how and in what order Ships, friend, and foe alike, interact with Treasure Chests".
"""

from __future__ import annotations

from collections.abc import Callable

from games.core.coords import parse_square
from games.core.words import N_, joined, t, tn
from games.rigadoon import chain, data
from games.rigadoon.state import RigadoonState, copy
from games.rigadoon.views import blast_at_chest, sinker

LIMIT = 80


def label(state: RigadoonState, seat: int, action: str) -> str:
    """A player's words for ``action`` (or for the group of actions it begins), measured in
    the language spoken."""
    words = action.split()
    if not words:
        return t("Choose a move")
    maker = LABELS.get(words[0])
    text = maker(state, words[1:]) if maker else None
    return _fit(text or t("Another move"))


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
    """``"2 masts"``: a ship's count of masts, as a reason quotes it."""
    return tn("{n} mast", "{n} masts", masts)


# -- the turn ---------------------------------------------------------------------------------
def _wind(state: RigadoonState, rest: list[str]) -> str:
    if not rest or rest[0] not in data.DIRECTIONS:
        return t("Pick the opening wind")
    return t("Opening wind {wind}", wind=t(data.wind_words(data.DIRECTIONS.index(rest[0]))))


def _change(state: RigadoonState, rest: list[str]) -> str:
    if state.options["wind"] == "die":
        return t("Change the wind (roll the Wind die)")
    return t("Change the wind (draw a Wind card)")


def _end(state: RigadoonState, rest: list[str]) -> str:
    return t("End the turn")


def _repair(state: RigadoonState, rest: list[str]) -> str:
    ship = _ship_at(state, rest[0]) if rest else -1
    if ship < 0:
        return t("Repair a ship")
    masts = state.masts[ship]
    return tn(
        "Repair {square} from {n} mast to {more}",
        "Repair {square} from {n} masts to {more}",
        masts,
        square=data.label(state.ships[ship]),
        more=masts + 1,
    )


def _sail(state: RigadoonState, rest: list[str]) -> str:
    ship = _ship_at(state, rest[0]) if rest else -1
    if ship < 0:
        return t("Sail a ship")
    square, masts = data.label(state.ships[ship]), state.masts[ship]
    head = tn("Sail {square} ({n} mast)", "Sail {square} ({n} masts)", masts, square=square)
    if len(rest) == 1:
        if state.bonus & (1 << ship):
            return tn(
                "Sail {square} ({n} mast), its bonus sail",
                "Sail {square} ({n} masts), its bonus sail",
                masts,
                square=square,
            )
        return head
    if rest[1] not in data.DIRECTIONS:
        return head
    d = data.DIRECTIONS.index(rest[1])
    direction = t(data.DIRECTION_WORDS[d])
    if len(rest) == 2:
        return t("Sail {square} {direction}", square=square, direction=direction)
    if not rest[2].isdigit() or not 1 <= int(rest[2]) <= 4:
        return head
    k = int(rest[2])
    stop = rest[3] if len(rest) > 3 else ""
    course = tn(
        "Sail {square} ({n} mast) {k} {direction}",
        "Sail {square} ({n} masts) {k} {direction}",
        masts,
        square=square,
        k=k,
        direction=direction,
    )
    return ", ".join([course, *_effects(state, ship, d, k, stop)])


def _effects(state: RigadoonState, ship: int, d: int, k: int, stop: str) -> list[str]:
    """What the sail does on the way and where it ends, played on a copy: chests bumped, the
    stop on a chest, a maelstrom, a claim, a chest abandoned, the ships it must attack; each
    one item of the label's list."""
    if (d, k, stop) not in chain.sail_options(state, ship):
        return [t(STOPS[stop])] if stop in STOPS else []
    trial = copy(state)
    before = list(trial.chests)
    was_in_port = trial.in_port(ship)
    chain.sail(trial, ship, d, k, stop)
    effects = []
    bumped = sum(
        1
        for old, new in zip(before, trial.chests, strict=True)
        if old != new and new >= 0 and data.KIND[new] != data.ISLAND
    )
    if bumped:
        effects.append(tn("bumping a chest", "bumping {n} chests", bumped))
    if stop in STOPS:
        effects.append(t(STOPS[stop]))
    land = data.label(trial.ships[ship])
    if any(data.KIND[c] == data.MAELSTROM for c in data.RAYS[state.ships[ship]][d][:k]):
        effects.append(t("maelstrom to {square}", square=land))
    elif data.KIND[trial.ships[ship]] == data.ISLAND:
        effects.append(t("claim Island {square}", square=land))
    if was_in_port:
        effects.append(t("leave the chest"))
    targets = [trial.ship_label(target) for attacker, target in trial.pending if attacker == ship]
    if targets:
        effects.append(t("attack {ships}", ships=joined(targets)))
    return effects


STOPS = {"sink": N_("sink the chest"), "aground": N_("run aground")}


# -- the decisions of a chain ------------------------------------------------------------------
def _attack(state: RigadoonState, rest: list[str]) -> str:
    attacker = _ship_at(state, rest[0]) if rest else -1
    if attacker < 0:
        return t("Choose the next attack")
    target = _ship_at(state, rest[1]) if len(rest) > 1 else -1
    if target < 0:
        return t("{ship} attacks next (you pick the order)", ship=state.ship_label(attacker))
    return t(
        "{ship} attacks {target} next (you pick the order)",
        ship=state.ship_label(attacker),
        target=state.ship_label(target),
    )


def _bump(state: RigadoonState, rest: list[str]) -> str:
    met = blast_at_chest(state)
    if met is None:
        return t("Bump the chest on")
    ship, chest = met
    return t(
        "{ship} bumps the chest at {square} on (your turn, so you decide)", ship=ship, square=chest
    )


def _sink(state: RigadoonState, rest: list[str]) -> str:
    met = blast_at_chest(state)
    if met is None:
        return t("Sink the chest")
    ship, chest = met
    return t(
        "{ship} stops and sinks the chest at {square} (your turn, so you decide)",
        ship=ship,
        square=chest,
    )


def _aground(state: RigadoonState, rest: list[str]) -> str:
    met = blast_at_chest(state)
    if met is None:
        return t("Run aground on the chest")
    ship, chest = met
    return t(
        "{ship} stops, aground on the chest at {square} (your turn, so you decide)",
        ship=ship,
        square=chest,
    )


def _island(state: RigadoonState, rest: list[str]) -> str:
    c = square_cell(rest[0]) if rest else None
    if c is None or data.KIND[c] != data.ISLAND:
        return t("Choose the Island for the sunk chest")
    ship = sinker(state)
    sunk_by, washed = WASHES_UP[data.ISLANDS.index(c)]
    if ship < 0:
        return t(washed, square=data.label(c))
    return t(sunk_by, ship=state.ship_label(ship), square=data.label(c))


# A sunk chest's Island, in the order of ``data.ISLANDS``: (sunk by a ship, by none known).
WASHES_UP = (
    (
        N_("Chest sunk by {ship} washes up on Island {square}, north-west (you decide)"),
        N_("Chest washes up on Island {square}, north-west (you decide)"),
    ),
    (
        N_("Chest sunk by {ship} washes up on Island {square}, north-east (you decide)"),
        N_("Chest washes up on Island {square}, north-east (you decide)"),
    ),
    (
        N_("Chest sunk by {ship} washes up on Island {square}, south-west (you decide)"),
        N_("Chest washes up on Island {square}, south-west (you decide)"),
    ),
    (
        N_("Chest sunk by {ship} washes up on Island {square}, south-east (you decide)"),
        N_("Chest washes up on Island {square}, south-east (you decide)"),
    ),
)


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
