"""Rigadoon's turn: what the active player may do now, and doing it.

The game passes through five phases, kept as data in ``PHASES``: the opening wind; the turn
proper (sail or repair every Ship-at-sea, change the wind once, end the turn); and the three
decisions a chain reaction pauses for (``chain.py``): which attack comes next, bump or stop on
a chest, and which Island a sunk chest washes up on.

Actions are text: ``wind nw`` (the opening), ``change wind``, ``sail k9 se 3`` (optionally
ending ``sink`` or ``aground`` when the last space holds a chest; chests met earlier are
bumped), ``repair k9``, ``end turn``, ``attack k9 j9``, ``bump``, ``sink``, ``aground`` and
``island l1``.
"""

from __future__ import annotations

from games.core.contract import finish
from games.core.coords import parse_square
from games.core.phases import Phase
from games.core.rng import SeededRng
from games.rigadoon import chain, data
from games.rigadoon.state import FLEETS, RigadoonState

OPENING, TURN, ATTACK, CHEST, ISLAND = "opening", "turn", "attack", "chest", "island"


def phase(st: RigadoonState) -> str:
    """Which decision the active player faces; the chain's decisions come before the turn's."""
    if st.wind < 0:
        return OPENING
    if st.sinking >= 0:
        return ISLAND
    if st.blast is not None:
        return CHEST
    if st.pending:
        return ATTACK
    return TURN


def legal_actions(st: RigadoonState, seat: int) -> list[str]:
    if st.outcome is not None or seat != st.active:
        return []
    return PHASES[phase(st)].legal(st, seat)


def play(st: RigadoonState, seat: int, action: str) -> None:
    """Carry out a legal ``action``; ``narration`` then tells what it did."""
    st.narration, st.memo, st.focus_memo = [], None, None
    PHASES[phase(st)].play(st, seat, action)


def cell_of(square: str) -> int:
    """``"k9"`` -> the cell of square K9."""
    return data.cell(*parse_square(square))


# -- the turn proper ----------------------------------------------------------------------------
def ship_menus(st: RigadoonState, wind_rule: bool = True) -> tuple[dict[int, list[str]], set[int]]:
    """Each ship's legal sails and repairs this turn, and the ships that still owe one.

    3 masts at sea: must sail (skipped if it cannot, A6); 0 masts: must repair; 1-2 masts:
    either. Aground with fewer than 3 masts: repair only. Ships-in-port may act (E3)."""
    menus: dict[int, list[str]] = {}
    owed: set[int] = set()
    for ship in range(4 * st.active, 4 * st.active + 4):
        c, masts, bit = st.ships[ship], st.masts[ship], 1 << ship
        if c < 0 or (st.acted & bit and not st.bonus & bit):
            continue
        sails = []
        if masts and (masts == 3 or not st.aground(ship)):
            head = f"sail {data.NAMES[c]} "
            sails = [
                f"{head}{data.DIRECTIONS[d]} {k} {stop}"
                if stop
                else f"{head}{data.DIRECTIONS[d]} {k}"
                for d, k, stop in chain.sail_options(st, ship)
            ]
        repair = [f"repair {data.name(c)}"] if masts < 3 and not st.acted & bit else []
        if st.acted & bit:
            menus[ship] = sails
            continue
        menus[ship] = repair if masts == 0 else sails + repair
        if menus[ship] and not st.in_port(ship):
            owed.add(ship)
    if wind_rule and not st.wind_changed:
        for ship in menus:
            if not owed - {ship}:
                menus[ship] = []
    return menus, owed


def turn_actions(st: RigadoonState, seat: int = -1) -> list[str]:
    """Sails, repairs, ``change wind`` and ``end turn`` (cached on the state)."""
    if st.memo is None:
        menus, owed = ship_menus(st)
        st.memo = [a for menu in menus.values() for a in menu]
        if not st.wind_changed:
            st.memo.append("change wind")
        elif not owed:
            st.memo.append("end turn")
    return st.memo


def _play_turn(st: RigadoonState, seat: int, action: str) -> None:
    words = action.split()
    verb = words[0]
    if verb == "end":
        end_turn(st)
        return
    if verb == "change":
        change_wind(st)
    elif verb == "repair":
        ship = st.ship_at(cell_of(words[1]))
        st.acted |= 1 << ship
        chain.repair(st, ship)
    else:
        ship = st.ship_at(cell_of(words[1]))
        bit = 1 << ship
        if st.acted & bit:
            st.bonus &= ~bit
        st.acted |= bit
        st.sailer = ship
        stop = words[4] if len(words) > 4 else ""
        chain.sail(st, ship, data.DIRECTIONS.index(words[2]), int(words[3]), stop)
    _resume(st)


def _resume(st: RigadoonState) -> None:
    """Run the chain on, then end the turn by itself once the wind has changed and nothing is
    left to do."""
    chain.advance(st)
    if (
        st.outcome is None
        and st.wind_changed
        and not chain.waiting(st)
        and turn_actions(st) == ["end turn"]
    ):
        end_turn(st)
        st.memo = st.focus_memo = None


# -- the decisions of a chain -------------------------------------------------------------------
def _attack_actions(st: RigadoonState, seat: int) -> list[str]:
    return [
        f"attack {data.name(st.ships[a])} {data.name(st.ships[t])}"
        for a, t in chain.attack_choices(st)
    ]


def _play_attack(st: RigadoonState, seat: int, action: str) -> None:
    words = action.split()
    pair = [st.ship_at(cell_of(words[1])), st.ship_at(cell_of(words[2]))]
    st.pending.remove(pair)
    chain.attack(st, pair[0], pair[1], returning=False)
    _resume(st)


def _chest_actions(st: RigadoonState, seat: int) -> list[str]:
    return ["bump", chain.blast_stop_word(st)]


def _play_chest(st: RigadoonState, seat: int, action: str) -> None:
    chain.choose_at_chest(st, action)
    _resume(st)


def _island_actions(st: RigadoonState, seat: int) -> list[str]:
    return [f"island {data.name(c)}" for c in chain.open_islands(st)]


def _play_island(st: RigadoonState, seat: int, action: str) -> None:
    chain.wash_up(st, st.sinking, cell_of(action.split()[1]))
    _resume(st)


# -- the wind -----------------------------------------------------------------------------------
def _opening_actions(st: RigadoonState, seat: int) -> list[str]:
    return [f"wind {d}" for d in data.DIRECTIONS]


def _play_opening(st: RigadoonState, seat: int, action: str) -> None:
    open_with_wind(st, data.DIRECTIONS.index(action.split()[1]))


def open_with_wind(st: RigadoonState, wind: int) -> None:
    """The second player picks the opening wind; the rest of the deck is shuffled."""
    st.wind = wind
    if st.options["wind"] == "cards":
        st.pile = [card for card in data.WIND_DECK for _ in range(int(st.options["deck_copies"]))]
        st.pile.remove(wind)
        rng = SeededRng(st.rng)
        rng.shuffle(st.pile)
        st.rng = rng.state
    st.narration.append(
        f"{FLEETS[st.active]} picks the opening wind: "
        f"{data.DIRECTIONS[wind].upper()}. Blue sails first."
    )
    st.active, st.turn = 0, 1


def change_wind(st: RigadoonState) -> None:
    """Draw the next card (reshuffling all but the current one when the pile is out, A3) or
    roll the die (re-rolling repeats when the option says so, A2)."""
    rng = SeededRng(st.rng)
    old = st.wind
    if st.options["wind"] == "die":
        st.wind = rng.below(8)
        while st.options["die_reroll"] and st.wind == old:
            st.wind = rng.below(8)
    else:
        if not st.pile:
            st.pile, st.discard = st.discard, []
            rng.shuffle(st.pile)
        st.discard.append(old)
        st.wind = st.pile.pop()
    st.rng = rng.state
    st.wind_changed = True
    st.narration.append(
        f"{FLEETS[st.active]} changes the wind: now "
        f"{data.DIRECTIONS[st.wind].upper()} (blowing "
        f"{data.DIRECTION_WORDS[data.downwind(st.wind)]})."
    )


def end_turn(st: RigadoonState) -> None:
    st.narration.append(f"{FLEETS[st.active]} ends the turn.")
    st.active = 1 - st.active
    st.turn += 1
    st.acted = st.bonus = 0
    st.wind_changed = False
    st.moves = []
    cap = int(st.options["turn_cap"])
    if st.turn > 2 * cap:
        finish(st, [], f"{cap} full turns were played")


PHASES: dict[str, Phase[RigadoonState]] = {
    OPENING: Phase(legal=_opening_actions, play=_play_opening),
    TURN: Phase(legal=turn_actions, play=_play_turn),
    ATTACK: Phase(legal=_attack_actions, play=_play_attack),
    CHEST: Phase(legal=_chest_actions, play=_play_chest),
    ISLAND: Phase(legal=_island_actions, play=_play_island),
}
