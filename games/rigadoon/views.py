"""What everyone sees of a Rigadoon game: the board, this turn's moves, the Wind card and the
decision at hand. Nothing is secret but the order of the undrawn Wind cards, which no view
shows (only how many are left)."""

from __future__ import annotations

from typing import Any

from games.core.contract import score
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
    rules.OPENING: "opening wind",
    rules.ISLAND: "island for the sunk chest",
    rules.CHEST: "bump or stop on the chest",
    rules.ATTACK: "which attack next",
}


def board_view(st: RigadoonState) -> dict[str, Any]:
    """The game's own view keys (the envelope is added by the spec)."""
    wind = st.wind
    if st.focus_memo is None:
        st.focus_memo = (focus(st),)
    return {
        "active": st.active,
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
        "wind_source": st.options["wind"],
        "wind_changed": st.wind_changed,
        "pile": len(st.pile),
        "discard": [data.DIRECTIONS[c] for c in st.discard],
        "ships": [ship_view(st, ship) for ship in range(8) if st.ships[ship] >= 0],
        "chests": [chest_view(st, chest) for chest in range(len(st.chests))],
        "moves": [move_view(m) for m in st.moves],
        "last_turn_moves": [move_view(m) for m in st.last_turn_moves],
        "moves_made": st.moves_made,
        "decision": decision(st),
        "marked": marked(st),
        "focus": st.focus_memo[0],
    }


def focus(st: RigadoonState) -> str | None:
    """The square of the only ship that can sail now, if just one can (its reach is drawn)."""
    if st.outcome is not None or st.wind < 0 or chain.waiting(st):
        return None
    sailing = [
        s
        for s, menu in rules.ship_menus(st, wind_rule=False)[0].items()
        if any(a.startswith("sail") for a in menu)
    ]
    return data.name(st.ships[sailing[0]]) if len(sailing) == 1 else None


def move_view(move: list[int]) -> dict[str, Any]:
    """A sail or blast: ``n`` numbers it in the whole game, ``ship`` is the moving ship's id."""
    return {
        "kind": "blast" if move[M_KIND] == BLAST else "sail",
        "fleet": fleet_of(move[M_SHIP]),
        "ship": move[M_SHIP],
        "n": move[M_NUMBER],
        "path": [data.name(c) for c in move[M_PATH:]],
    }


def ship_view(st: RigadoonState, ship: int) -> dict[str, Any]:
    """``id`` stays the same all game, so two views can tell which ship moved where."""
    return {
        "id": ship,
        "fleet": fleet_of(ship),
        "square": data.name(st.ships[ship]),
        "masts": st.masts[ship],
        "in_port": st.in_port(ship),
        "aground": st.aground(ship),
        "acted": bool(st.acted & (1 << ship)),
        "bonus": bool(st.bonus & (1 << ship)),
    }


def chest_view(st: RigadoonState, chest: int) -> dict[str, Any]:
    c = st.chests[chest]
    if c < 0:
        return {"id": chest, "square": None, "place": "sinking", "held_by": None}
    holder = st.ship_at(c)
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
        "held_by": FLEETS[fleet_of(holder)] if holder >= 0 else None,
    }


def marked(st: RigadoonState) -> list[str]:
    """Squares the pending decision is about, so the picture can ring them: the targets of
    the attacks on offer, the chest ahead of a blasted ship, the Islands open to a chest."""
    if st.outcome is not None:
        return []
    now = rules.phase(st)
    if now == rules.ISLAND:
        return [data.name(c) for c in chain.open_islands(st)]
    if now == rules.CHEST:
        assert st.blast is not None
        ship, d = st.blast[B_SHIP], st.blast[B_DIR]
        return [data.name(st.ships[ship]), data.name(data.WRAP[st.ships[ship]][d])]
    if now == rules.ATTACK:
        return [data.name(st.ships[t]) for _, t in chain.attack_choices(st)]
    return []


def decision(st: RigadoonState) -> str:
    if st.outcome is not None:
        return "over"
    now = rules.phase(st)
    if now != rules.TURN:
        return DECISIONS[now]
    if not st.wind_changed:
        return "sail or repair ships, and change the wind"
    return "sail or repair ships, or end the turn"


def islands_held(st: RigadoonState, fleet: int) -> int:
    """Different Islands where ``fleet`` has a Ship-in-port: two win the game."""
    cells = st.ships[4 * fleet : 4 * fleet + 4]
    return len({c for c in cells if c >= 0 and data.KIND[c] == data.ISLAND})


def scores(st: RigadoonState) -> list[dict[str, Any]]:
    """Islands claimed by each fleet (two win)."""
    return [score(name, islands_held(st, fleet)) for fleet, name in enumerate(FLEETS)]
