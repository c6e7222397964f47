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
    RigadoonState,
    fleet_of,
)

BLOCK, MOVE, CHEST, CLAIM, PORTAL = range(5)
LOOP_CAP = 5000  # §6.7: this many attacks in one action count as an infinite loop
NUMBER_WORDS = ("no", "one", "two", "three", "four")

SailOption = tuple[int, int, str]  # (direction, distance, "" | "sink" | "aground")


# -- cells ------------------------------------------------------------------------------------
Table = tuple[tuple[int, ...], ...]


def step(st: RigadoonState, table: Table, cur: int, d: int) -> tuple[int, int]:
    """Classify the next cell of a sail (``STEP``) or a blast (``WRAP``): §6.2 and §6.3."""
    nxt = table[cur][d]
    if nxt < 0 or nxt in st.ships:
        return BLOCK, nxt
    kind = KIND[nxt]
    if kind == data.ISLAND:
        return (CLAIM if nxt in st.chests else BLOCK), nxt
    if kind == data.MAELSTROM:
        return (BLOCK if data.EXIT_OF[nxt] in st.ships else PORTAL), nxt
    if nxt in st.chests:
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


def bump(st: RigadoonState, c: int, d: int) -> str:
    """Push the line of chests starting at ``c`` one space along ``d`` (it can go) and say so."""
    dest = push_destination(st.ships, st.chests, c, d)
    line = [c]
    while (cell := STEP[line[-1]][d]) >= 0 and cell in st.chests:
        line.append(cell)
    told = (
        f"bumps a chest to {data.label(dest)}"
        if len(line) == 1
        else f"bumps {NUMBER_WORDS[len(line)]} chests, the front one to {data.label(dest)}"
    )
    for cell in reversed(line):
        st.chests[st.chests.index(cell)] = dest
        dest = cell
    return told


def can_bump(st: RigadoonState, c: int, d: int) -> bool:
    return push_destination(st.ships, st.chests, c, d) >= 0


def direction_between(a: int, b: int) -> int:
    (ax, ay), (bx, by) = data.xy(a), data.xy(b)
    return data.VECTORS.index(((bx > ax) - (bx < ax), (by > ay) - (by < ay)))


def adjacent(a: int, b: int) -> bool:
    """Orthogonal neighbours on the board; adjacency never wraps (C6)."""
    return a >= 0 and b >= 0 and b in (STEP[a][0], STEP[a][2], STEP[a][4], STEP[a][6])


def open_islands(st: RigadoonState) -> list[int]:
    return [c for c in data.ISLANDS if c not in st.chests]


# -- sailing ----------------------------------------------------------------------------------
def sail_options(st: RigadoonState, ship: int) -> list[SailOption]:
    """Every distinct sail of ``ship`` under the current wind (§6.2, B1-B7).

    A chest met on the way is bumped unless it is on the last space, where the ship may also
    stop on it (sink in Open Water; run aground in the Shallows with 3 masts, B4). This is the
    engine's hot loop, so it works on sets of occupied cells instead of calling ``step``."""
    origin, full = st.ships[ship], st.masts[ship] == 3
    ships = set(st.ships)
    ships.discard(origin)  # a ship never blocks itself, even on a maelstrom exit
    chests = set(st.chests)
    options: list[SailOption] = []
    rays = data.RAYS[origin]
    for d, (orange, yellow) in enumerate(data.REACH_BY_CARD[st.wind]):
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


def sail(st: RigadoonState, ship: int, d: int, k: int, stop: str) -> None:
    """Carry out one listed sail, then let the ship attack whatever it lands next to."""
    origin = st.ships[ship]
    label = st.ship_label(ship)
    was_in_port = st.in_port(ship)
    st.ships[ship] = -1
    path, cur, events, maelstrom = [origin], origin, [], -1
    for i in range(1, k + 1):
        kind, nxt = step(st, STEP, cur, d)
        if kind == CHEST and not (i == k and stop):
            events.append(f"; it {bump(st, nxt, d)}")
        cur = nxt
        path.append(cur)
        if kind == PORTAL:
            maelstrom, cur = nxt, data.EXIT_OF[nxt]
            path.append(cur)
    st.ships[ship] = cur
    where = f", abandoning the chest on Island {data.label(origin)}" if was_in_port else ""
    spaces = f"{k} space{'s' if k > 1 else ''}"
    goal = data.label(maelstrom if maelstrom >= 0 else cur)
    st.narration.append(
        f"{label} sails {data.DIRECTION_WORDS[d]} {spaces} to {goal}{where}{''.join(events)}."
    )
    record(st, SAIL, ship, path)
    arrive(st, ship, maelstrom, stop, sailing=True)
    queue_attacks(st, ship)


def record(st: RigadoonState, kind: int, ship: int, path: list[int]) -> None:
    """Keep a sail or blast for this turn's picture, numbered in the order of the game."""
    st.moves_made += 1
    st.moves.append([kind, ship, st.moves_made, *path])


def arrive(st: RigadoonState, ship: int, maelstrom: int, stop: str, sailing: bool) -> None:
    """What happens where a ship ends a movement: sink, run aground, claim, or a maelstrom."""
    c = st.ships[ship]
    if maelstrom >= 0:
        st.narration.append(
            f"The maelstrom at {data.label(maelstrom)} sweeps it to {data.label(c)}."
        )
        if fleet_of(ship) == st.active:  # R1: its turn ends abruptly
            st.acted |= 1 << ship
            st.bonus &= ~(1 << ship)
        if ship == st.sailer:
            st.no_bonus_sail = True
        if c in st.chests:
            sink(st, st.chests.index(c))
    elif KIND[c] == data.ISLAND:
        st.masts[ship] = 3
        st.narration.append(f"It claims the chest on Island {data.label(c)} and has 3 masts.")
    elif stop == "sink":
        sink(st, st.chests.index(c))
    elif stop == "aground":
        st.narration.append(f"It runs aground on the chest at {data.label(c)}.")
        if sailing:
            st.no_bonus_sail = True


def sink(st: RigadoonState, chest: int) -> None:
    """A sunk chest washes up on an Island without a chest, chosen by the active player (D1, D5)."""
    st.narration.append(f"It sinks the chest at {data.label(st.chests[chest])}.")
    st.chests[chest] = -1
    islands = open_islands(st)
    if len(islands) == 1:
        wash_up(st, chest, islands[0])
    else:
        st.sinking = chest


def wash_up(st: RigadoonState, chest: int, island: int) -> None:
    st.chests[chest] = island
    st.sinking = -1
    st.narration.append(f"{FLEETS[st.active]} washes it up on Island {data.label(island)}.")


def repair(st: RigadoonState, ship: int) -> None:
    st.masts[ship] += 1
    st.narration.append(f"{st.ship_label(ship)} repairs a mast ({st.masts[ship]} now).")


# -- attacks and chains -----------------------------------------------------------------------
def queue_attacks(st: RigadoonState, ship: int) -> None:
    """A ship that ends a movement attacks every orthogonal neighbour, clockwise from N (C1)."""
    c = st.ships[ship]
    for d in data.ORTHOGONAL:
        nxt = STEP[c][d]
        if nxt >= 0 and nxt in st.ships:
            pair = [ship, st.ships.index(nxt)]
            if pair not in st.pending:
                st.pending.append(pair)


def can_move(st: RigadoonState, target: int, d: int) -> bool:
    """Could ``target`` be blasted at least one space along ``d``? Chests never stop a blast."""
    return step(st, WRAP, st.ships[target], d)[0] != BLOCK


def attack_direction(st: RigadoonState, pair: list[int]) -> int:
    return direction_between(st.ships[pair[0]], st.ships[pair[1]])


def attack_choices(st: RigadoonState) -> list[list[int]]:
    """The pending attacks the active player may resolve next.

    Deferral rule (C7): an attack whose target cannot move waits while its attacker has another
    pending attack on a ship that can move."""
    free = [p for p in st.pending if can_move(st, p[1], attack_direction(st, p))]
    return [p for p in st.pending if p in free or not any(q[0] == p[0] for q in free)]


def attack(st: RigadoonState, attacker: int, target: int, returning: bool) -> None:
    """One attack (§6.3-§6.5): the target loses a mast and is blasted two spaces away."""
    fingerprint = hash(
        (
            tuple(st.ships),
            tuple(st.masts),
            tuple(st.chests),
            attacker,
            target,
            returning,
            tuple(map(tuple, st.pending)),
        )
    )
    if fingerprint in st.seen or len(st.seen) >= LOOP_CAP:
        loop(st)
        return
    st.seen.append(fingerprint)
    st.hits |= 1 << target
    lost = st.masts[target] > 0
    if lost:
        st.masts[target] -= 1
    d = direction_between(st.ships[attacker], st.ships[target])
    verb = "fires back on" if returning else "attacks"
    harm = "it loses a mast" if lost else "it has no mast to lose"
    st.narration.append(f"{st.ship_label(attacker)} {verb} {st.ship_label(target)}; {harm}.")
    st.blast = [
        target,
        d,
        2,
        0,
        attacker,
        int(returning),
        len(st.narration) - 1,
        int(lost),
        st.ships[target],
    ]
    run_blast(st)


def run_blast(st: RigadoonState) -> None:
    """Move the blasted ship until it stops, or pause when it reaches a bumpable chest (C4)."""
    blast = st.blast
    assert blast is not None
    ship, d = blast[B_SHIP], blast[B_DIR]
    while blast[B_LEFT] > 0:
        kind, nxt = step(st, WRAP, st.ships[ship], d)
        if kind == BLOCK:
            break
        if kind == CHEST:
            if can_bump(st, nxt, d):  # the active player chooses: bump or stop
                st.narration.append(
                    f"It meets the chest at {data.label(nxt)}: bump it or "
                    f"{'sink it' if KIND[nxt] == OPEN else 'run aground'}?"
                )
                return
            land(st, nxt, stop="sink" if KIND[nxt] == OPEN else "aground")
            return
        blast[B_LEFT] -= 1
        blast[B_MOVED] += 1
        blast.append(nxt)
        if kind == PORTAL:
            st.ships[ship] = data.EXIT_OF[nxt]
            blast.append(st.ships[ship])
            end_blast(st, maelstrom=nxt)
            return
        st.ships[ship] = nxt
        if kind == CLAIM:
            break
    end_blast(st)


def blast_stop_word(st: RigadoonState) -> str:
    """``sink`` or ``aground``: what stopping on the chest ahead of the paused blast means."""
    assert st.blast is not None
    nxt = WRAP[st.ships[st.blast[B_SHIP]]][st.blast[B_DIR]]
    return "sink" if KIND[nxt] == OPEN else "aground"


def choose_at_chest(st: RigadoonState, choice: str) -> None:
    """Resume a paused blast: ``bump`` the chest ahead, or stop on it."""
    assert st.blast is not None
    blast = st.blast
    blast[B_SLOT] = -1  # narration of earlier actions is gone; append from now on
    nxt = WRAP[st.ships[blast[B_SHIP]]][blast[B_DIR]]
    if choice != "bump":
        land(st, nxt, stop=choice)
        return
    st.narration.append(f"It {bump(st, nxt, blast[B_DIR])}.")
    blast[B_LEFT] -= 1
    blast[B_MOVED] += 1
    blast.append(nxt)
    st.ships[blast[B_SHIP]] = nxt
    run_blast(st)


def land(st: RigadoonState, c: int, stop: str) -> None:
    """The blasted ship stops on the chest at ``c``: sinks it or runs aground on it."""
    assert st.blast is not None
    st.blast[B_MOVED] += 1
    st.blast.append(c)
    st.ships[st.blast[B_SHIP]] = c
    end_blast(st, stop=stop)


def end_blast(st: RigadoonState, maelstrom: int = -1, stop: str = "") -> None:
    """Tell the attack, then: the blasted ship arrives and attacks its new neighbours, or the
    attack backfires and the target fires back (§6.5; C8 when the return fire backfires)."""
    blast = st.blast
    assert blast is not None
    st.blast = None
    ship, moved, path = blast[B_SHIP], blast[B_MOVED], blast[B_PATH:]
    target = f"{FLEETS[fleet_of(ship)]} {data.label(path[0])}"
    if moved:
        record(st, BLAST, ship, path)
        wraps = any(not adjacent(a, b) and KIND[a] != data.MAELSTROM for a, b in pairwise(path))
        where = (
            f"{NUMBER_WORDS[moved]} space{'s' if moved > 1 else ''} "
            f"{data.DIRECTION_WORDS[blast[B_DIR]]}{' across the edge' if wraps else ''} "
            f"to {data.label(path[-2] if maelstrom >= 0 else path[-1])}"
        )
    harm = "it loses a mast" if blast[B_LOST] else "it has no mast to lose"
    attacker = st.ship_label(blast[B_ATTACKER])
    if blast[B_SLOT] < 0:  # resumed after a decision: the attack was told already
        st.narration.append(f"{target} is blasted {where}.")
    elif moved:
        verb = "fires back, blasting" if blast[B_RETURN] else "blasts"
        st.narration[blast[B_SLOT]] = f"{attacker} {verb} {target} {where}; {harm}."
    else:
        verb = "fires back on" if blast[B_RETURN] else "attacks"
        st.narration[blast[B_SLOT]] = (
            f"{attacker} {verb} {target}, which cannot move: the attack backfires; {harm}."
        )
    if moved:
        arrive(st, ship, maelstrom, stop, sailing=False)
        queue_attacks(st, ship)
    elif blast[B_RETURN] and st.options["double_backfire"] == "stop":
        st.narration.append("Both ships stay where they are.")
    else:
        st.counter = [ship, blast[B_ATTACKER]]


def loop(st: RigadoonState) -> None:
    """§6.7: an infinite loop of attacks loses the game for the player whose turn it is."""
    finish(st, [1 - st.active], f"{FLEETS[st.active]} caused an infinite loop of attacks")
    st.narration.append(f"This is an infinite loop of attacks: {FLEETS[st.active]} loses.")
    st.pending, st.counter, st.blast, st.sinking = [], None, None, -1


def waiting(st: RigadoonState) -> bool:
    """True while the chain needs a decision from the active player."""
    return st.sinking >= 0 or st.blast is not None or bool(st.pending)


def advance(st: RigadoonState) -> None:
    """Run the chain until it needs a decision or is over; then close the action."""
    while st.outcome is None:
        if st.sinking >= 0 or st.blast is not None:
            return
        if st.counter is not None:
            attacker, target = st.counter
            st.counter = None
            attack(st, attacker, target, returning=True)
            continue
        st.pending = [p for p in st.pending if adjacent(st.ships[p[0]], st.ships[p[1]])]
        choices = attack_choices(st)
        if len(choices) > 1:
            return
        if not choices:
            close_action(st)
            return
        st.pending.remove(choices[0])
        attacker, target = choices[0]
        attack(st, attacker, target, returning=False)


def close_action(st: RigadoonState) -> None:
    """After a fully resolved action: the Rigadoon bonus (§6.8, R3) and the win check (§6.9)."""
    if st.sailer >= 0:
        enemy = (0b1111 << 4) if fleet_of(st.sailer) == 0 else 0b1111
        if st.hits & enemy == enemy:
            st.masts[st.sailer] = 3
            extra = "" if st.no_bonus_sail else " and may sail once more this turn"
            if not st.no_bonus_sail:
                st.bonus |= 1 << st.sailer
            st.narration.append(
                f"Rigadoon! {st.ship_label(st.sailer)} regains all its masts{extra}."
            )
    st.sailer, st.hits, st.no_bonus_sail, st.seen = -1, 0, False, []
    held = [
        len({c for c in st.ships[4 * f : 4 * f + 4] if c >= 0 and KIND[c] == data.ISLAND})
        for f in (0, 1)
    ]
    qualified = [f for f in (0, 1) if held[f] >= 2]
    if len(qualified) == 2 and st.options["tie"] == "draw":
        finish(st, [], "both fleets hold two islands at once")
    elif qualified:
        winner = st.active if len(qualified) == 2 else qualified[0]
        finish(st, [winner], f"{FLEETS[winner]} holds chests on two islands")
