"""What everyone sees of a Rigadoon game: the board, this turn's moves, the Wind card and the
decision at hand. Nothing is secret but the order of the undrawn Wind cards, which no view
shows (only how many are left)."""

from __future__ import annotations

from typing import Any

from games.core.contract import Score, score
from games.core.words import N_, joined, t
from games.rigadoon import chain, data, rules
from games.rigadoon.state import (
    B_DIR,
    B_SHIP,
    BLAST,
    FLEETS,
    M_KIND,
    M_NUMBER,
    M_PATH,
    M_SHIP,
    RigadoonState,
    fleet_of,
)

DECISIONS: dict[str, str] = {
    rules.OPENING: N_("opening wind"),
    rules.ISLAND: N_("island for the sunk chest"),
    rules.CHEST: N_("bump or stop on the chest"),
    rules.ATTACK: N_("which attack next"),
}


def board_view(state: RigadoonState) -> dict[str, Any]:
    """The game's own view keys (the envelope is added by the spec)."""
    wind = state.wind
    if state.focus_memo is None:
        state.focus_memo = (focus(state),)
    return {
        "active": state.active,
        "wind": data.DIRECTIONS[wind] if wind >= 0 else None,
        "downwind": data.DIRECTIONS[data.downwind(wind)] if wind >= 0 else None,
        "card": (
            {
                d: [data.reach(wind, i, 1), data.reach(wind, i, 3)]
                for i, d in enumerate(data.DIRECTIONS)
            }
            if wind >= 0
            else None
        ),
        "wind_source": state.options["wind"],
        "wind_changed": state.wind_changed,
        "pile": len(state.pile),
        "discard": [data.DIRECTIONS[c] for c in state.discard],
        "ships": [ship_view(state, ship) for ship in range(8) if state.ships[ship] >= 0],
        "chests": [chest_view(state, chest) for chest in range(len(state.chests))],
        "moves": [move_view(m) for m in state.moves],
        "last_turn_moves": [move_view(m) for m in state.last_turn_moves],
        "moves_made": state.moves_made,
        "decision": decision(state),
        "marked": marked(state),
        "focus": state.focus_memo[0],
    }


def focus(state: RigadoonState) -> str | None:
    """The square of the only ship that can sail now, if just one can (its reach is drawn)."""
    if state.outcome is not None or state.wind < 0 or chain.waiting(state):
        return None
    sailing = [
        ship
        for ship, menu in rules.ship_menus(state, wind_rule=False)[0].items()
        if any(a.startswith("sail") for a in menu)
    ]
    return data.name(state.ships[sailing[0]]) if len(sailing) == 1 else None


def move_view(move: list[int]) -> dict[str, Any]:
    """A sail or blast: ``n`` numbers it in the whole game, ``ship`` is the moving ship's id."""
    return {
        "kind": "blast" if move[M_KIND] == BLAST else "sail",
        "fleet": fleet_of(move[M_SHIP]),
        "ship": move[M_SHIP],
        "n": move[M_NUMBER],
        "path": [data.name(c) for c in move[M_PATH:]],
    }


def ship_view(state: RigadoonState, ship: int) -> dict[str, Any]:
    """``id`` stays the same all game, so two views can tell which ship moved where."""
    return {
        "id": ship,
        "fleet": fleet_of(ship),
        "square": data.name(state.ships[ship]),
        "masts": state.masts[ship],
        "in_port": state.in_port(ship),
        "aground": state.aground(ship),
        "acted": bool(state.acted & (1 << ship)),
        "bonus": bool(state.bonus & (1 << ship)),
    }


def chest_view(state: RigadoonState, chest: int) -> dict[str, Any]:
    c = state.chests[chest]
    if c < 0:
        return {"id": chest, "square": None, "place": "sinking", "held_by": None}
    holder = state.ship_at(c)
    place = (
        "island"
        if data.KIND[c] == data.ISLAND
        else "shallows"
        if data.KIND[c] == data.SHALLOWS
        else "sea"
    )
    return {
        "id": chest,
        "square": data.name(c),
        "place": place,
        "held_by": t(FLEETS[fleet_of(holder)]) if holder >= 0 else None,
    }


def marked(state: RigadoonState) -> list[str]:
    """Squares the pending decision is about, so the picture can ring them: the targets of
    the attacks on offer, the chest ahead of a blasted ship, the Islands open to a chest."""
    if state.outcome is not None:
        return []
    now = rules.phase(state)
    if now == rules.ISLAND:
        return [data.name(c) for c in chain.open_islands(state)]
    if now == rules.CHEST:
        assert state.blast is not None
        ship, d = state.blast[B_SHIP], state.blast[B_DIR]
        return [data.name(state.ships[ship]), data.name(data.WRAP[state.ships[ship]][d])]
    if now == rules.ATTACK:
        return [data.name(state.ships[t]) for _, t in chain.attack_choices(state)]
    return []


def decision(state: RigadoonState) -> str:
    """The decision at hand, as the board's panel says it ("Next: ...")."""
    if state.outcome is not None:
        return t("over")
    now = rules.phase(state)
    if now != rules.TURN:
        return t(DECISIONS[now])
    if not state.wind_changed:
        return t("sail or repair ships, and change the wind")
    return t("sail or repair ships, or end the turn")


def islands_held(state: RigadoonState, fleet: int) -> int:
    """Different Islands where ``fleet`` has a Ship-in-port: two win the game."""
    cells = state.ships[4 * fleet : 4 * fleet + 4]
    return len({c for c in cells if c >= 0 and data.KIND[c] == data.ISLAND})


def scores(state: RigadoonState) -> list[Score]:
    """Islands claimed by each fleet (two win)."""
    return [score(t(name), islands_held(state, fleet)) for fleet, name in enumerate(FLEETS)]


def private_view(state: RigadoonState, seat: int) -> dict[str, Any]:
    """Nothing is secret; the player who must take a chain's decision is told which ship it is
    about and why it is theirs to take."""
    if seat != state.active or state.outcome is not None:
        return {}
    line = decision_line(state)
    return {"decision": line} if line else {}


def blast_at_chest(state: RigadoonState) -> tuple[str, str] | None:
    """The blasted ship and the chest square ahead of it, while a blast waits at a chest."""
    if state.blast is None:
        return None
    ship, d = state.blast[B_SHIP], state.blast[B_DIR]
    return state.ship_label(ship), data.label(data.WRAP[state.ships[ship]][d])


def sinker(state: RigadoonState) -> int:
    """The ship that sank the chest now waiting for its Island: the last one to move."""
    return state.moves[-1][1] if state.moves else -1


def decision_line(state: RigadoonState) -> str:
    """The chain's decision at hand, said for the player who must take it (``private``)."""
    now = rules.phase(state)
    fleet = t(FLEETS[state.active])
    if now == rules.ATTACK:
        attackers = sorted({a for a, _ in chain.attack_choices(state)})
        return t(
            "{ships} must attack every ship beside it; it is {fleet}'s turn, so you choose the "
            "order of the attacks.",
            ships=joined([state.ship_label(a) for a in attackers]),
            fleet=fleet,
        )
    if now == rules.CHEST:
        met = blast_at_chest(state)
        assert met is not None
        blasted, chest = met
        stop = (
            N_(
                "{ship} was blasted into the chest at {square}. Every ship of a chain that meets "
                "a chest on {fleet}'s turn does as {fleet} decides: bump it on, or stop and sink "
                "it."
            )
            if chain.blast_stop_word(state) == "sink"
            else N_(
                "{ship} was blasted into the chest at {square}. Every ship of a chain that meets "
                "a chest on {fleet}'s turn does as {fleet} decides: bump it on, or stop and run "
                "aground on it."
            )
        )
        return t(stop, ship=blasted, square=chest, fleet=fleet)
    if now == rules.ISLAND:
        ship = sinker(state)
        islands = ", ".join(data.label(c) for c in chain.open_islands(state))
        sank = (
            N_(
                "{ship} sank a chest. The fleet that started the manoeuvre decides where it "
                "washes up, so {fleet} picks an Island without a chest: {islands}."
            )
            if ship >= 0
            else N_(
                "A ship sank a chest. The fleet that started the manoeuvre decides where it "
                "washes up, so {fleet} picks an Island without a chest: {islands}."
            )
        )
        ship_name = state.ship_label(ship) if ship >= 0 else ""
        return t(sank, ship=ship_name, fleet=fleet, islands=islands)
    return ""
