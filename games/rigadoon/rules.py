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

from collections.abc import Callable

from games.core.contract import finish
from games.core.coords import parse_square
from games.core.phases import Phase
from games.core.rng import SeededRng
from games.core.words import N_
from games.rigadoon import chain, data
from games.rigadoon.state import FLEETS, RigadoonState, copy, line

OPENING, TURN, ATTACK, CHEST, ISLAND = "opening", "turn", "attack", "chest", "island"


def phase(state: RigadoonState) -> str:
    """Which decision the active player faces; the chain's decisions come before the turn's."""
    if state.wind < 0:
        return OPENING
    if state.sinking >= 0:
        return ISLAND
    if state.blast is not None:
        return CHEST
    if state.pending:
        return ATTACK
    return TURN


def legal_actions(state: RigadoonState, seat: int) -> list[str]:
    if state.outcome is not None or seat != state.active:
        return []
    return PHASES[phase(state)].legal(state, seat)


def play(state: RigadoonState, seat: int, action: str) -> None:
    """Carry out a legal ``action``; ``narration`` then tells what it did."""
    state.narration, state.memo, state.focus_memo = [], None, None
    PHASES[phase(state)].play(state, seat, action)


def cell_of(square: str) -> int:
    """``"k9"`` -> the cell of square K9."""
    return data.cell(*parse_square(square))


# -- the turn proper ----------------------------------------------------------------------------
def ship_menus(
    state: RigadoonState, wind_rule: bool = True
) -> tuple[dict[int, list[str]], set[int]]:
    """Each ship's legal sails and repairs this turn, and the ships that still owe one.

    3 masts at sea: must sail (skipped if it cannot, A6); 0 masts: must repair; 1-2 masts:
    either. Aground with fewer than 3 masts: repair only. Ships-in-port may act (E3). While
    the wind is unchanged, ``wind_rule`` keeps only the actions ruling R2 allows."""
    menus: dict[int, list[tuple[str, chain.SailOption | None]]] = {}
    owed: set[int] = set()
    for ship in range(4 * state.active, 4 * state.active + 4):
        c, masts, bit = state.ships[ship], state.masts[ship], 1 << ship
        if c < 0 or (state.acted & bit and not state.bonus & bit):
            continue
        sails: list[tuple[str, chain.SailOption | None]] = []
        if masts and (masts == 3 or not state.aground(ship)):
            head = f"sail {data.NAMES[c]} "
            sails = [
                (f"{head}{data.DIRECTIONS[o[0]]} {o[1]} {o[2]}", o)
                if o[2]
                else (f"{head}{data.DIRECTIONS[o[0]]} {o[1]}", o)
                for o in chain.sail_options(state, ship)
            ]
        if state.acted & bit:
            menus[ship] = sails
            continue
        repair: list[tuple[str, chain.SailOption | None]] = (
            [(f"repair {data.name(c)}", None)] if masts < 3 else []
        )
        menus[ship] = repair if masts == 0 else sails + repair
        if menus[ship] and not state.in_port(ship):
            owed.add(ship)
    if wind_rule and not state.wind_changed:
        kept = _wind_rule(state, menus, owed)
        return kept, owed
    return {ship: [text for text, _ in menu] for ship, menu in menus.items()}, owed


# -- ruling R2: the wind change is never the last action ----------------------------------------
SEARCH_BUDGET = 64  # decisions looked at per action; a chain this branchy is let through


def _wind_rule(
    state: RigadoonState,
    menus: dict[int, list[tuple[str, chain.SailOption | None]]],
    owed: set[int],
) -> dict[int, list[str]]:
    """Ruling R2: "While the wind is unchanged, refuse any ship action, owed or optional, after
    which no owed action remains", judged after the action's whole effect: its chain may blast
    another ship into port or through a maelstrom (its turn is over, R1), or off an Island (it
    owes again, R4), and a sail may hem a 3-mast ship in or free it.

    Only a chain of attacks moves other ships, and a ship with fewer than 3 masts can always
    repair, so most actions are settled without playing them out; the rest are played on a
    copy, through every decision of their chain, and pass if some way through it leaves an
    action owed."""
    neighbours = [0] * data.CELLS  # ships orthogonally next to each cell
    for c in state.ships:
        if c >= 0:
            for o in data.ORTHOGONAL:
                if (n := data.STEP[c][o]) >= 0:
                    neighbours[n] += 1
    kept: dict[int, list[str]] = {}
    for ship, menu in menus.items():
        others = owed - {ship}
        can_repair = any(state.masts[other] < 3 for other in others)
        origin = state.ships[ship]
        beside = {data.STEP[origin][o] for o in data.ORTHOGONAL}
        steps: list[set[int]] | None = None
        kept[ship] = []
        for text, option in menu:
            if option is None:  # a repair moves nothing
                allowed = bool(others)
            else:
                d, k, _ = option
                land = data.RAYS[origin][d][k - 1]
                if data.KIND[land] == data.MAELSTROM:
                    land = data.EXIT_OF[land]
                attacks = neighbours[land] - (land in beside)
                plain: tuple[list[int], list[int], bool] | None
                if attacks == 0 and can_repair:  # nobody else moves; that ship can repair
                    kept[ship].append(text)
                    continue
                if attacks == 0:  # only the sailing ship moves, and maybe a chest it meets
                    bumps = any(c in state.chests for c in data.RAYS[origin][d][: k - 1])
                    if steps is None:
                        steps = [_free_steps(state, ship, other) for other in others]
                    if not bumps and any(step - {land} for step in steps):
                        kept[ship].append(text)  # a 3-mast ship can still sail one space
                        continue
                    plain = [], _moved(state.ships, ship, land), not bumps
                else:
                    plain = _plain_chain(state, ship, option, land)
                if plain is not None and _still_owing(state, ship, others, *plain):
                    allowed = True
                elif (
                    plain is not None
                    and not others
                    and data.KIND[land] != data.ISLAND  # a claim may win the game
                    and not _hemmed_in(state, ship, owed)
                ):
                    allowed = False
                else:
                    after = copy(state)
                    _play_turn(after, state.active, text)
                    allowed = _can_end_owing(after, [SEARCH_BUDGET])
            if allowed:
                kept[ship].append(text)
    return kept


def _plain_chain(
    state: RigadoonState, ship: int, option: chain.SailOption, land: int
) -> tuple[list[int], list[int], bool] | None:
    """The commonest chains, settled without playing them: a plain sail (no chest, no
    maelstrom, no claim) lands next to at most one ship, which is blasted through open cells
    and lands next to at most one ship in turn, and so on. Returns the ships blasted (each now
    at sea, a mast lighter), where every ship ends, and True (no chest moved); or None when
    the chain is anything else (a choice, a chest, a portal, a claim, a backfire)."""
    origin = state.ships[ship]
    d, k, stop = option
    path = data.RAYS[origin][d][:k]
    if stop or data.KIND[path[-1]] not in (data.OPEN, data.SHALLOWS):
        return None
    if any(c in state.chests for c in path):
        return None
    where = list(state.ships)
    where[ship] = land
    occupied = {c for c in where if c >= 0}
    at, blasted = land, list[int]()
    for _ in range(16):
        around = [n for o in data.ORTHOGONAL if (n := data.STEP[at][o]) >= 0 and n in occupied]
        if not around:
            return blasted, where, True
        if len(around) > 1:
            return None
        target, start = where.index(around[0]), around[0]
        away = chain.direction_between(at, start)
        cur = start
        for _ in range(2):
            nxt = data.WRAP[cur][away]
            if data.KIND[nxt] == data.MAELSTROM or nxt in state.chests:
                return None  # a portal, a chest to bump or stop on, or a claim
            if nxt in occupied or data.KIND[nxt] == data.ISLAND:
                break
            cur = nxt
        if cur == start:  # a backfire
            return None
        occupied.remove(start)
        occupied.add(cur)
        where[target] = at = cur
        blasted.append(target)
    return None


def _free_steps(state: RigadoonState, sailing: int, ship: int) -> set[int]:
    """The cells ``ship`` could sail one space to once ``sailing`` has left its square: open
    water or Shallows with no ship and no chest."""
    occupied = set(state.ships) - {state.ships[sailing]}
    return {
        c
        for c in data.STEP[state.ships[ship]]
        if c >= 0
        and c not in occupied
        and c not in state.chests
        and data.KIND[c] in (data.OPEN, data.SHALLOWS)
    }


def _moved(ships: list[int], ship: int, land: int) -> list[int]:
    where = list(ships)
    where[ship] = land
    return where


def _still_owing(
    state: RigadoonState,
    ship: int,
    others: set[int],
    blasted: list[int],
    where: list[int],
    chests_still: bool,
) -> bool:
    """After a plain chain (``_plain_chain``) that left the ships ``where`` they are: does one
    of the active fleet surely still owe an action? A ship with fewer than 3 masts can
    repair; one blasted into open water before it acted has at most 2 now (R4); a 3-mast
    ship that can sail one space to a free cell must sail (judged only if no chest moved)."""
    for other in blasted:
        if other != ship and other // 4 == state.active and not state.acted & (1 << other):
            return True
    occupied = set(where)
    for other in others:
        if state.masts[other] < 3:
            return True
        if other in blasted or not chests_still:
            continue
        for first in data.STEP[where[other]]:
            if (
                first >= 0
                and first not in occupied
                and first not in state.chests
                and data.KIND[first] in (data.OPEN, data.SHALLOWS)
            ):
                return True
    return False


def _hemmed_in(state: RigadoonState, sailing: int, owed: set[int]) -> bool:
    """Is another Ship-at-sea of the active fleet, with 3 masts and no action done, unable to
    sail (so owing nothing, A6) until something moves?"""
    return any(
        ship != sailing
        and ship not in owed
        and state.ships[ship] >= 0
        and state.masts[ship] == 3
        and not state.acted & (1 << ship)
        and not state.in_port(ship)
        for ship in range(4 * state.active, 4 * state.active + 4)
    )


def owes_an_action(state: RigadoonState) -> bool:
    """Does a Ship-at-sea of the active fleet still owe a sail or a repair this turn?"""
    for ship in range(4 * state.active, 4 * state.active + 4):
        if state.ships[ship] < 0 or state.acted & (1 << ship) or state.in_port(ship):
            continue
        if state.masts[ship] < 3 or chain.sail_options(state, ship):
            return True
    return False


def can_end_owing(state: RigadoonState) -> bool:
    """After a ship action (and while its chain may still wait for decisions): can it end
    with an action of the active fleet still owed, or with the game over? (ruling R2)"""
    return _can_end_owing(state, [SEARCH_BUDGET])


def _can_end_owing(state: RigadoonState, budget: list[int]) -> bool:
    """Can the chain under way end with an action still owed (or the game over)?"""
    if state.outcome is not None:
        return True
    now = phase(state)
    if now == TURN:
        return owes_an_action(state)
    budget[0] -= 1
    if budget[0] < 0:
        return True
    for option in CHOICES[now](state):
        after = copy(state)
        PLAYS[now](after, state.active, option)
        if _can_end_owing(after, budget):
            return True
    return False


def _decision(
    choices: Callable[[RigadoonState], list[str]], now: str
) -> Callable[[RigadoonState, int], list[str]]:
    """The legal options of a chain decision: while the wind is unchanged, those that can
    still end the chain with an action owed (R2); never none."""

    def legal(state: RigadoonState, seat: int) -> list[str]:
        options = choices(state)
        if state.wind_changed or len(options) < 2:
            return options
        kept = []
        for option in options:
            after = copy(state)
            PLAYS[now](after, seat, option)
            if _can_end_owing(after, [SEARCH_BUDGET]):
                kept.append(option)
        return kept or options

    return legal


def turn_actions(state: RigadoonState, seat: int = -1) -> list[str]:
    """Sails, repairs, ``change wind`` and ``end turn`` (cached on the state)."""
    if state.memo is None:
        menus, owed = ship_menus(state)
        state.memo = [a for menu in menus.values() for a in menu]
        if not state.wind_changed:
            state.memo.append("change wind")
        elif not owed:
            state.memo.append("end turn")
    return state.memo


def _play_turn(state: RigadoonState, seat: int, action: str) -> None:
    words = action.split()
    verb = words[0]
    if verb == "end":
        end_turn(state)
        return
    if verb == "change":
        change_wind(state)
    elif verb == "repair":
        ship = state.ship_at(cell_of(words[1]))
        state.acted |= 1 << ship
        chain.repair(state, ship)
    else:
        ship = state.ship_at(cell_of(words[1]))
        bit = 1 << ship
        if state.acted & bit:
            state.bonus &= ~bit
        state.acted |= bit
        state.sailer = ship
        stop = words[4] if len(words) > 4 else ""
        chain.sail(state, ship, data.DIRECTIONS.index(words[2]), int(words[3]), stop)
    _resume(state)


def _resume(state: RigadoonState) -> None:
    """Run the chain on, then end the turn by itself once the wind has changed and nothing is
    left to do."""
    chain.advance(state)
    if (
        state.outcome is None
        and state.wind_changed
        and not chain.waiting(state)
        and turn_actions(state) == ["end turn"]
    ):
        end_turn(state)
        state.memo = state.focus_memo = None


# -- the decisions of a chain -------------------------------------------------------------------
def _attack_choices(state: RigadoonState) -> list[str]:
    return [
        f"attack {data.name(state.ships[a])} {data.name(state.ships[t])}"
        for a, t in chain.attack_choices(state)
    ]


def _play_attack(state: RigadoonState, seat: int, action: str) -> None:
    words = action.split()
    pair = [state.ship_at(cell_of(words[1])), state.ship_at(cell_of(words[2]))]
    state.pending.remove(pair)
    chain.attack(state, pair[0], pair[1], returning=False)
    _resume(state)


def _chest_choices(state: RigadoonState) -> list[str]:
    return ["bump", chain.blast_stop_word(state)]


def _play_chest(state: RigadoonState, seat: int, action: str) -> None:
    chain.choose_at_chest(state, action)
    _resume(state)


def _island_choices(state: RigadoonState) -> list[str]:
    return [f"island {data.name(c)}" for c in chain.open_islands(state)]


def _play_island(state: RigadoonState, seat: int, action: str) -> None:
    chain.wash_up(state, state.sinking, cell_of(action.split()[1]))
    _resume(state)


# -- the wind -----------------------------------------------------------------------------------
def _opening_actions(state: RigadoonState, seat: int) -> list[str]:
    return [f"wind {d}" for d in data.DIRECTIONS]


def _play_opening(state: RigadoonState, seat: int, action: str) -> None:
    open_with_wind(state, data.DIRECTIONS.index(action.split()[1]))


def open_with_wind(state: RigadoonState, wind: int) -> None:
    """The second player picks the opening wind; the rest of the deck is shuffled."""
    state.wind = wind
    if state.options["wind"] == "cards":
        state.pile = [
            card for card in data.WIND_DECK for _ in range(int(state.options["deck_copies"]))
        ]
        state.pile.remove(wind)
        rng = SeededRng(state.rng)
        rng.shuffle(state.pile)
        state.rng = rng.state
    state.narration.append(
        line(
            N_("{fleet} picks the opening wind: {wind}. Blue sails first."),
            fleet=FLEETS[state.active],
            wind=data.wind_words(wind),
        )
    )
    state.active, state.turn = 0, 1


def change_wind(state: RigadoonState) -> None:
    """Draw the next card (reshuffling all but the current one when the pile is out, A3) or
    roll the die (re-rolling repeats when the option says so, A2).

    "you must change the Wind Direction": with two or three copies of each card, a card of the
    current direction is laid face up on the discard and the next one drawn, as the die
    re-rolls a repeat. With one copy the pile never holds the current direction."""
    rng = SeededRng(state.rng)
    old = state.wind
    if state.options["wind"] == "die":
        state.wind = rng.below(8)
        while state.options["die_reroll"] and state.wind == old:
            state.wind = rng.below(8)
    else:
        if not state.pile:
            state.pile, state.discard = state.discard, []
            rng.shuffle(state.pile)
        state.discard.append(old)
        state.wind = state.pile.pop()
        while state.wind == old:
            state.discard.append(state.wind)
            if not state.pile:  # out of cards in mid-draw: the whole discard is reshuffled
                state.pile, state.discard = state.discard, []
                rng.shuffle(state.pile)
            state.wind = state.pile.pop()
    state.rng = rng.state
    state.wind_changed = True
    state.narration.append(
        line(
            N_("{fleet} changes the wind: now {wind}."),
            fleet=FLEETS[state.active],
            wind=data.wind_words(state.wind),
        )
    )


def end_turn(state: RigadoonState) -> None:
    state.narration.append(line(N_("{fleet} ends the turn."), fleet=FLEETS[state.active]))
    state.active = 1 - state.active
    state.turn += 1
    state.acted = state.bonus = 0
    state.rigadoons = []
    state.wind_changed = False
    state.moves, state.last_turn_moves = [], state.moves
    cap = int(state.options["turn_cap"])
    if state.turn > 2 * cap:
        finish(state, [], N_("{cap} full turns were played"), cap=cap)


CHOICES: dict[str, Callable[[RigadoonState], list[str]]] = {
    ATTACK: _attack_choices,
    CHEST: _chest_choices,
    ISLAND: _island_choices,
}
PLAYS: dict[str, Callable[[RigadoonState, int, str], None]] = {
    ATTACK: _play_attack,
    CHEST: _play_chest,
    ISLAND: _play_island,
}
PHASES: dict[str, Phase[RigadoonState]] = {
    OPENING: Phase(legal=_opening_actions, play=_play_opening),
    TURN: Phase(legal=turn_actions, play=_play_turn),
    **{now: Phase(legal=_decision(CHOICES[now], now), play=PLAYS[now]) for now in CHOICES},
}
