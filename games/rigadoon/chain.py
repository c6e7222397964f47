"""Rigadoon's chain reaction: sailing, bumping, blasting, backfires and the attacks they set off.

The chain that follows one ship action runs step by step (``advance``) and pauses whenever the
active player has a real choice: which pending attack comes next, bump or stop on a chest, and
which Island a sunk chest washes up on. Choices with a single option are taken automatically.
Ruling references (§6.2, A1, C7, R1...) are to ``shared/rules/rigadoon-rulings.md``.
"""

from __future__ import annotations

from collections.abc import Collection
from itertools import pairwise

from games.core.contract import finish
from games.core.words import N_
from games.rigadoon import data
from games.rigadoon.data import KIND, OPEN, STEP, WRAP
from games.rigadoon.state import (
    B_ATTACKER,
    B_DIR,
    B_LEFT,
    B_LOST,
    B_MOVED,
    B_PATH,
    B_RETURN,
    B_SHIP,
    B_SLOT,
    BLAST,
    FLEETS,
    SAIL,
    Line,
    RigadoonState,
    Ship,
    fleet_of,
    line,
)

BLOCK, MOVE, CHEST, CLAIM, PORTAL = range(5)
LOOP_CAP = 5000  # §6.7: this many attacks in one action count as an infinite loop
CHESTS_IN_A_LINE = {2: N_("two"), 3: N_("three"), 4: N_("four")}

SailOption = tuple[int, int, str]  # (direction, distance, "" | "sink" | "aground")


# -- cells ------------------------------------------------------------------------------------
Table = tuple[tuple[int, ...], ...]


def step(state: RigadoonState, table: Table, cur: int, d: int) -> tuple[int, int]:
    """Classify the next cell of a sail (``STEP``) or a blast (``WRAP``): §6.2 and §6.3."""
    nxt = table[cur][d]
    if nxt < 0 or nxt in state.ships:
        return BLOCK, nxt
    kind = KIND[nxt]
    if kind == data.ISLAND:
        return (CLAIM if nxt in state.chests else BLOCK), nxt
    if kind == data.MAELSTROM:
        return (BLOCK if data.EXIT_OF[nxt] in state.ships else PORTAL), nxt
    if nxt in state.chests:
        return CHEST, nxt
    return MOVE, nxt


def push_destination(ships: Collection[int], chests: Collection[int], c: int, d: int) -> int:
    """Where the line of chests starting at ``c`` would put its front chest when bumped along
    ``d``, or -1: never off the board, onto a ship or an island, or into a maelstrom whose exit
    is taken (B6, B7, D3). Chests never wrap."""
    front = c
    while True:
        nxt = STEP[front][d]
        if nxt < 0 or nxt in ships or KIND[nxt] == data.ISLAND:
            return -1
        if nxt not in chests:
            break
        front = nxt
    if KIND[nxt] == data.MAELSTROM:
        nxt = data.EXIT_OF[nxt]
        if nxt in ships or nxt in chests:
            return -1
    return nxt


def bump(state: RigadoonState, c: int, d: int, ship: Ship | None = None) -> Line:
    """Push the line of chests starting at ``c`` one space along ``d`` (it can go) and say so:
    of the sailing ship ("It bumps"), or of a blasted ``ship`` named anew."""
    dest = push_destination(state.ships, state.chests, c, d)
    chests = [c]
    while (cell := STEP[chests[-1]][d]) >= 0 and cell in state.chests:
        chests.append(cell)
    square = data.label(dest)
    if len(chests) == 1:
        told = (
            line(N_("It bumps a chest to {square}."), square=square)
            if ship is None
            else line(N_("{ship} bumps a chest to {square}."), ship=ship, square=square)
        )
    else:
        count = CHESTS_IN_A_LINE[len(chests)]
        told = (
            line(
                N_("It bumps {count} chests, the front one to {square}."),
                count=count,
                square=square,
            )
            if ship is None
            else line(
                N_("{ship} bumps {count} chests, the front one to {square}."),
                ship=ship,
                count=count,
                square=square,
            )
        )
    for cell in reversed(chests):
        state.chests[state.chests.index(cell)] = dest
        dest = cell
    return told


def can_bump(state: RigadoonState, c: int, d: int) -> bool:
    return push_destination(state.ships, state.chests, c, d) >= 0


def direction_between(a: int, b: int) -> int:
    (ax, ay), (bx, by) = data.xy(a), data.xy(b)
    return data.VECTORS.index(((bx > ax) - (bx < ax), (by > ay) - (by < ay)))


def adjacent(a: int, b: int) -> bool:
    """Orthogonal neighbours on the board; adjacency never wraps (C6)."""
    return a >= 0 and b >= 0 and b in (STEP[a][0], STEP[a][2], STEP[a][4], STEP[a][6])


def open_islands(state: RigadoonState) -> list[int]:
    return [c for c in data.ISLANDS if c not in state.chests]


# -- sailing ----------------------------------------------------------------------------------
def sail_options(state: RigadoonState, ship: int) -> list[SailOption]:
    """Every distinct sail of ``ship`` under the current wind (§6.2, B1-B7).

    A chest met on the way is bumped unless it is on the last space, where the ship may also
    stop on it (sink in Open Water; run aground in the Shallows with 3 masts, B4). This is the
    engine's hot loop, so it works on sets of occupied cells instead of calling ``step``."""
    origin, full = state.ships[ship], state.masts[ship] == 3
    ships = set(state.ships)
    ships.discard(origin)  # a ship never blocks itself, even on a maelstrom exit
    chests = set(state.chests)
    options: list[SailOption] = []
    rays = data.RAYS[origin]
    for d, (orange, yellow) in enumerate(data.REACH_BY_CARD[state.wind]):
        ahead = chests
        for k, nxt in enumerate(rays[d][: yellow if full else orange], 1):
            if nxt in ships:
                break
            kind = KIND[nxt]
            if kind == data.ISLAND:
                if nxt in ahead:
                    options.append((d, k, ""))
                break
            if kind == data.MAELSTROM:
                if data.EXIT_OF[nxt] not in ships:
                    options.append((d, k, ""))
                break
            if nxt in ahead:
                if kind == OPEN or full:
                    options.append((d, k, "sink" if kind == OPEN else "aground"))
                dest = push_destination(ships, ahead, nxt, d)
                if dest < 0:
                    break
                ahead = (ahead - {nxt}) | {dest}
            options.append((d, k, ""))
    return options


def sail(state: RigadoonState, ship: int, d: int, k: int, stop: str) -> None:
    """Carry out one listed sail, then let the ship attack whatever it lands next to."""
    origin = state.ships[ship]
    sailing = state.ship(ship)
    was_in_port = state.in_port(ship)
    state.ships[ship] = -1
    path, cur, events, maelstrom = [origin], origin, list[Line](), -1
    for i in range(1, k + 1):
        kind, nxt = step(state, STEP, cur, d)
        if kind == CHEST and not (i == k and stop):
            events.append(bump(state, nxt, d))
        cur = nxt
        path.append(cur)
        if kind == PORTAL:
            maelstrom, cur = nxt, data.EXIT_OF[nxt]
            path.append(cur)
    state.ships[ship] = cur
    goal = data.label(maelstrom if maelstrom >= 0 else cur)
    sails = SAILS[was_in_port, k == 1]
    state.narration.append(
        line(
            sails,
            ship=sailing,
            direction=data.DIRECTION_WORDS[d],
            n=k,
            square=goal,
            island=data.label(origin),
        )
    )
    state.narration += events
    record(state, SAIL, ship, path)
    arrive(state, ship, maelstrom, stop, sailing=True)
    queue_attacks(state, ship)


def record(state: RigadoonState, kind: int, ship: int, path: list[int]) -> None:
    """Keep a sail or blast for this turn's picture, numbered in the order of the game."""
    state.moves_made += 1
    state.moves.append([kind, ship, state.moves_made, *path])


def arrive(state: RigadoonState, ship: int, maelstrom: int, stop: str, sailing: bool) -> None:
    """What happens where a ship ends a movement: sink, run aground, claim, or a maelstrom."""
    c = state.ships[ship]
    if maelstrom >= 0:
        state.narration.append(
            line(
                N_("The maelstrom at {maelstrom} sweeps it to {square}."),
                maelstrom=data.label(maelstrom),
                square=data.label(c),
            )
        )
        if fleet_of(ship) == state.active:  # R1: its turn ends abruptly
            state.acted |= 1 << ship
            state.bonus &= ~(1 << ship)
        if ship == state.sailer:
            state.no_bonus_sail = True
        if c in state.chests:
            sink(state, state.chests.index(c))
    elif KIND[c] == data.ISLAND:
        state.masts[ship] = 3
        state.narration.append(
            line(
                N_("It claims the chest on Island {square} and has 3 masts."), square=data.label(c)
            )
        )
    elif stop == "sink":
        sink(state, state.chests.index(c))
    elif stop == "aground":
        state.narration.append(
            line(N_("It runs aground on the chest at {square}."), square=data.label(c))
        )
        if sailing:
            state.no_bonus_sail = True


def sink(state: RigadoonState, chest: int) -> None:
    """A sunk chest washes up on an Island without a chest, chosen by the active player (D1, D5)."""
    state.narration.append(
        line(N_("It sinks the chest at {square}."), square=data.label(state.chests[chest]))
    )
    state.chests[chest] = -1
    islands = open_islands(state)
    if len(islands) == 1:
        wash_up(state, chest, islands[0])
    else:
        state.sinking = chest


def wash_up(state: RigadoonState, chest: int, island: int) -> None:
    state.chests[chest] = island
    state.sinking = -1
    state.narration.append(
        line(
            N_("{fleet} washes it up on Island {square}."),
            fleet=FLEETS[state.active],
            square=data.label(island),
        )
    )


def repair(state: RigadoonState, ship: int) -> None:
    state.masts[ship] += 1
    state.narration.append(
        line(N_("{ship} repairs a mast ({n} now)."), ship=state.ship(ship), n=state.masts[ship])
    )


# -- attacks and chains -----------------------------------------------------------------------
def queue_attacks(state: RigadoonState, ship: int) -> None:
    """A ship that ends a movement attacks every orthogonal neighbour, clockwise from N (C1)."""
    c = state.ships[ship]
    for d in data.ORTHOGONAL:
        nxt = STEP[c][d]
        if nxt >= 0 and nxt in state.ships:
            pair = [ship, state.ships.index(nxt)]
            if pair not in state.pending:
                state.pending.append(pair)


def can_move(state: RigadoonState, target: int, d: int) -> bool:
    """Could ``target`` be blasted at least one space along ``d``? Chests never stop a blast."""
    return step(state, WRAP, state.ships[target], d)[0] != BLOCK


def attack_direction(state: RigadoonState, pair: list[int]) -> int:
    return direction_between(state.ships[pair[0]], state.ships[pair[1]])


def attack_choices(state: RigadoonState) -> list[list[int]]:
    """The pending attacks the active player may resolve next.

    Deferral rule (C7): an attack whose target cannot move waits while its attacker has another
    pending attack on a ship that can move."""
    free = [p for p in state.pending if can_move(state, p[1], attack_direction(state, p))]
    return [p for p in state.pending if p in free or not any(q[0] == p[0] for q in free)]


def attack(state: RigadoonState, attacker: int, target: int, returning: bool) -> None:
    """One attack (§6.3-§6.5): the target loses a mast and is blasted two spaces away."""
    fingerprint = hash(
        (
            tuple(state.ships),
            tuple(state.masts),
            tuple(state.chests),
            attacker,
            target,
            returning,
            tuple(map(tuple, state.pending)),
        )
    )
    if fingerprint in state.seen or len(state.seen) >= LOOP_CAP:
        loop(state)
        return
    state.seen.append(fingerprint)
    state.hits |= 1 << target
    lost = state.masts[target] > 0
    if lost:
        state.masts[target] -= 1
    d = direction_between(state.ships[attacker], state.ships[target])
    state.narration.append(
        line(ATTACKS[returning, lost], attacker=state.ship(attacker), target=state.ship(target))
    )
    state.blast = [
        target,
        d,
        2,
        0,
        attacker,
        int(returning),
        len(state.narration) - 1,
        int(lost),
        state.ships[target],
    ]
    run_blast(state)


def run_blast(state: RigadoonState) -> None:
    """Move the blasted ship until it stops, or pause when it reaches a bumpable chest (C4)."""
    blast = state.blast
    assert blast is not None
    ship, d = blast[B_SHIP], blast[B_DIR]
    while blast[B_LEFT] > 0:
        kind, nxt = step(state, WRAP, state.ships[ship], d)
        if kind == BLOCK:
            break
        if kind == CHEST:
            if can_bump(state, nxt, d):  # the active player chooses: bump or stop
                meets = (
                    N_("It meets the chest at {square}: bump it or sink it?")
                    if KIND[nxt] == OPEN
                    else N_("It meets the chest at {square}: bump it or run aground?")
                )
                state.narration.append(line(meets, square=data.label(nxt)))
                return
            land(state, nxt, stop="sink" if KIND[nxt] == OPEN else "aground")
            return
        blast[B_LEFT] -= 1
        blast[B_MOVED] += 1
        blast.append(nxt)
        if kind == PORTAL:
            state.ships[ship] = data.EXIT_OF[nxt]
            blast.append(state.ships[ship])
            end_blast(state, maelstrom=nxt)
            return
        state.ships[ship] = nxt
        if kind == CLAIM:
            break
    end_blast(state)


def blast_stop_word(state: RigadoonState) -> str:
    """``sink`` or ``aground``: what stopping on the chest ahead of the paused blast means."""
    assert state.blast is not None
    nxt = WRAP[state.ships[state.blast[B_SHIP]]][state.blast[B_DIR]]
    return "sink" if KIND[nxt] == OPEN else "aground"


def choose_at_chest(state: RigadoonState, choice: str) -> None:
    """Resume a paused blast: ``bump`` the chest ahead, or stop on it."""
    assert state.blast is not None
    blast = state.blast
    blast[B_SLOT] = -1  # narration of earlier actions is gone; append from now on
    nxt = WRAP[state.ships[blast[B_SHIP]]][blast[B_DIR]]
    if choice != "bump":
        land(state, nxt, stop=choice)
        return
    ship: Ship = [fleet_of(blast[B_SHIP]), data.label(blast[B_PATH])]  # named anew:
    state.narration.append(bump(state, nxt, blast[B_DIR], ship))  # the rest was told
    blast[B_LEFT] -= 1
    blast[B_MOVED] += 1
    blast.append(nxt)
    state.ships[blast[B_SHIP]] = nxt
    run_blast(state)


def land(state: RigadoonState, c: int, stop: str) -> None:
    """The blasted ship stops on the chest at ``c``: sinks it or runs aground on it."""
    assert state.blast is not None
    state.blast[B_MOVED] += 1
    state.blast.append(c)
    state.ships[state.blast[B_SHIP]] = c
    end_blast(state, stop=stop)


def end_blast(state: RigadoonState, maelstrom: int = -1, stop: str = "") -> None:
    """Tell the attack, then: the blasted ship arrives and attacks its new neighbours, or the
    attack backfires and the target fires back (§6.5; C8 when the return fire backfires)."""
    blast = state.blast
    assert blast is not None
    state.blast = None
    ship, moved, path = blast[B_SHIP], blast[B_MOVED], blast[B_PATH:]
    target: Ship = [fleet_of(ship), data.label(path[0])]
    returning, lost = bool(blast[B_RETURN]), bool(blast[B_LOST])
    told = line(BACKFIRES[returning, lost], attacker=state.ship(blast[B_ATTACKER]), target=target)
    if moved:
        record(state, BLAST, ship, path)
        wraps = any(not adjacent(a, b) and KIND[a] != data.MAELSTROM for a, b in pairwise(path))
        told["params"].update(
            direction=data.DIRECTION_WORDS[blast[B_DIR]],
            square=data.label(path[-2] if maelstrom >= 0 else path[-1]),
        )
        told["text"] = BLASTS[returning, moved == 1, wraps, lost]
        if blast[B_SLOT] < 0:  # resumed after a decision: the attack was told already
            del told["params"]["attacker"]
            told["text"] = BLASTED[moved == 1, wraps]
    if blast[B_SLOT] < 0:
        state.narration.append(told)
    else:
        state.narration[blast[B_SLOT]] = told
    if moved:
        arrive(state, ship, maelstrom, stop, sailing=False)
        queue_attacks(state, ship)
    elif blast[B_RETURN] and state.options["double_backfire"] == "stop":
        state.narration.append(line(N_("Both ships stay where they are.")))
    else:
        state.counter = [ship, blast[B_ATTACKER]]


def loop(state: RigadoonState) -> None:
    """§6.7: an infinite loop of attacks loses the game for the player whose turn it is."""
    fleet = FLEETS[state.active]
    finish(state, [1 - state.active], N_("{fleet} caused an infinite loop of attacks"), fleet=fleet)
    state.narration.append(
        line(N_("This is an infinite loop of attacks: {fleet} loses."), fleet=fleet)
    )
    state.pending, state.counter, state.blast, state.sinking = [], None, None, -1


def waiting(state: RigadoonState) -> bool:
    """True while the chain needs a decision from the active player."""
    return state.sinking >= 0 or state.blast is not None or bool(state.pending)


def advance(state: RigadoonState) -> None:
    """Run the chain until it needs a decision or is over; then close the action."""
    while state.outcome is None:
        if state.sinking >= 0 or state.blast is not None:
            return
        if state.counter is not None:
            attacker, target = state.counter
            state.counter = None
            attack(state, attacker, target, returning=True)
            continue
        state.pending = [p for p in state.pending if adjacent(state.ships[p[0]], state.ships[p[1]])]
        choices = attack_choices(state)
        if len(choices) > 1:
            return
        if not choices:
            close_action(state)
            return
        state.pending.remove(choices[0])
        attacker, target = choices[0]
        attack(state, attacker, target, returning=False)


def close_action(state: RigadoonState) -> None:
    """After a fully resolved action: the Rigadoon bonus (§6.8, R3) and the win check (§6.9)."""
    if state.sailer >= 0:
        enemy = (0b1111 << 4) if fleet_of(state.sailer) == 0 else 0b1111
        if state.hits & enemy == enemy:
            state.masts[state.sailer] = 3
            board = [*state.ships, *state.masts, *state.chests]
            if state.no_bonus_sail:
                rigadoon = N_("Rigadoon! {ship} regains all its masts.")
            elif board in state.rigadoons:  # bonus sails going round in a circle: they stop
                rigadoon = N_(
                    "Rigadoon! {ship} regains all its masts, but sails no more this turn: "
                    "the board is as an earlier Rigadoon of this turn left it."
                )
            else:
                rigadoon = N_(
                    "Rigadoon! {ship} regains all its masts and may sail once more this turn."
                )
                state.bonus |= 1 << state.sailer
                state.rigadoons.append(board)
            state.narration.append(line(rigadoon, ship=state.ship(state.sailer)))
    state.sailer, state.hits, state.no_bonus_sail, state.seen = -1, 0, False, []
    held = [
        len({c for c in state.ships[4 * f : 4 * f + 4] if c >= 0 and KIND[c] == data.ISLAND})
        for f in (0, 1)
    ]
    qualified = [f for f in (0, 1) if held[f] >= 2]
    if len(qualified) == 2 and state.options["tie"] == "draw":
        finish(state, [], N_("both fleets hold two islands at once"))
    elif qualified:
        winner = state.active if len(qualified) == 2 else qualified[0]
        finish(state, [winner], N_("{fleet} holds chests on two islands"), fleet=FLEETS[winner])


# -- the narration's sentences, whole in every language ----------------------------------------
# A sail: (from an Island, one space).
SAILS: dict[tuple[bool, bool], str] = {
    (False, True): N_("{ship} sails {direction} 1 space to {square}."),
    (False, False): N_("{ship} sails {direction} {n} spaces to {square}."),
    (True, True): N_(
        "{ship} sails {direction} 1 space to {square}, abandoning the chest on Island {island}."
    ),
    (True, False): N_(
        "{ship} sails {direction} {n} spaces to {square}, abandoning the chest on Island {island}."
    ),
}
# An attack while its blast waits at a chest: (return fire, a mast lost).
ATTACKS: dict[tuple[bool, bool], str] = {
    (False, True): N_("{attacker} attacks {target}; it loses a mast."),
    (False, False): N_("{attacker} attacks {target}; it has no mast to lose."),
    (True, True): N_("{attacker} fires back on {target}; it loses a mast."),
    (True, False): N_("{attacker} fires back on {target}; it has no mast to lose."),
}
# An attack whose target cannot move: (return fire, a mast lost).
BACKFIRES: dict[tuple[bool, bool], str] = {
    (False, True): N_(
        "{attacker} attacks {target}, which cannot move: the attack backfires; it loses a mast."
    ),
    (False, False): N_(
        "{attacker} attacks {target}, which cannot move: the attack backfires; it has no mast "
        "to lose."
    ),
    (True, True): N_(
        "{attacker} fires back on {target}, which cannot move: the attack backfires; it loses "
        "a mast."
    ),
    (True, False): N_(
        "{attacker} fires back on {target}, which cannot move: the attack backfires; it has no "
        "mast to lose."
    ),
}
# A blast told whole: (return fire, one space, across the edge, a mast lost).
BLASTS: dict[tuple[bool, bool, bool, bool], str] = {
    (False, False, False, True): N_(
        "{attacker} blasts {target} two spaces {direction} to {square}; it loses a mast."
    ),
    (False, False, False, False): N_(
        "{attacker} blasts {target} two spaces {direction} to {square}; it has no mast to lose."
    ),
    (False, False, True, True): N_(
        "{attacker} blasts {target} two spaces {direction} across the edge to {square}; it "
        "loses a mast."
    ),
    (False, False, True, False): N_(
        "{attacker} blasts {target} two spaces {direction} across the edge to {square}; it has "
        "no mast to lose."
    ),
    (False, True, False, True): N_(
        "{attacker} blasts {target} one space {direction} to {square}; it loses a mast."
    ),
    (False, True, False, False): N_(
        "{attacker} blasts {target} one space {direction} to {square}; it has no mast to lose."
    ),
    (False, True, True, True): N_(
        "{attacker} blasts {target} one space {direction} across the edge to {square}; it "
        "loses a mast."
    ),
    (False, True, True, False): N_(
        "{attacker} blasts {target} one space {direction} across the edge to {square}; it has "
        "no mast to lose."
    ),
    (True, False, False, True): N_(
        "{attacker} fires back, blasting {target} two spaces {direction} to {square}; it loses "
        "a mast."
    ),
    (True, False, False, False): N_(
        "{attacker} fires back, blasting {target} two spaces {direction} to {square}; it has "
        "no mast to lose."
    ),
    (True, False, True, True): N_(
        "{attacker} fires back, blasting {target} two spaces {direction} across the edge to "
        "{square}; it loses a mast."
    ),
    (True, False, True, False): N_(
        "{attacker} fires back, blasting {target} two spaces {direction} across the edge to "
        "{square}; it has no mast to lose."
    ),
    (True, True, False, True): N_(
        "{attacker} fires back, blasting {target} one space {direction} to {square}; it loses "
        "a mast."
    ),
    (True, True, False, False): N_(
        "{attacker} fires back, blasting {target} one space {direction} to {square}; it has no "
        "mast to lose."
    ),
    (True, True, True, True): N_(
        "{attacker} fires back, blasting {target} one space {direction} across the edge to "
        "{square}; it loses a mast."
    ),
    (True, True, True, False): N_(
        "{attacker} fires back, blasting {target} one space {direction} across the edge to "
        "{square}; it has no mast to lose."
    ),
}
# The rest of a blast resumed after a decision at a chest: (one space, across the edge).
BLASTED: dict[tuple[bool, bool], str] = {
    (False, False): N_("{target} is blasted two spaces {direction} to {square}."),
    (False, True): N_("{target} is blasted two spaces {direction} across the edge to {square}."),
    (True, False): N_("{target} is blasted one space {direction} to {square}."),
    (True, True): N_("{target} is blasted one space {direction} across the edge to {square}."),
}
