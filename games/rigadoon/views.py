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


def private_view(st: RigadoonState, seat: int) -> dict[str, Any]:
    """Nothing is secret; the player who must take a chain's decision is told which ship it is
    about and why it is theirs to take."""
    if seat != st.active or st.outcome is not None:
        return {}
    line = decision_line(st)
    return {"decision": line} if line else {}


def blast_at_chest(st: RigadoonState) -> tuple[str, str] | None:
    """The blasted ship and the chest square ahead of it, while a blast waits at a chest."""
    if st.blast is None:
        return None
    ship, d = st.blast[B_SHIP], st.blast[B_DIR]
    return st.ship_label(ship), data.label(data.WRAP[st.ships[ship]][d])


def sinker(st: RigadoonState) -> int:
    """The ship that sank the chest now waiting for its Island: the last one to move."""
    return st.moves[-1][1] if st.moves else -1


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
        met = blast_at_chest(st)
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
