"""Caribbean's rules: secret bids, ship-by-ship reveals, tie-breakers, sailing and chests.

A round is: every seat assigns six of its seven cards to the six ships (atomic ``bid a 3``
actions, ships filled in order A to F, then any ship may take the spare card instead, then
``confirm``); then ships A to F are revealed in turn. The unique highest bid wins; a tie goes to
a secret ``tiebreaker up`` / ``tiebreaker down`` round among the tied seats. The winner sails
(``move <space>`` one step at a time) and takes free chest actions (``capture``, ``steal <ship>``,
``swap <ship>``, ``pass <ship>``, ``deliver``) until ``done``. After Fuego two supply chests are
dealt and the end is checked.

Rulings of our own, beyond ``caribbean-rulings.md``:

* R1. Cards go on ships in order A to F; once all six hold a card, any ship can be given the
  spare seventh card instead (which becomes the tie-breaker), until ``confirm``. This keeps
  every list of choices at 7 or fewer and still reaches every assignment.
* R2. A tie-breaker choice is final once made (the rules' "lay face up or face down, then lift
  the hands" is one simultaneous act).
* R3. When the only thing a winning ship can still do is ``done`` (no movement left, no chest
  action possible), its turn ends by itself; a winner with nothing at all to do is skipped.
* R4. ``deliver`` is possible whenever the active ship stands on an active haven with a chest,
  also on the space where it began (it "moves through" the haven it leaves).
* R5. The thief count subtracts only opponents' −1 bids ("each thief card played by an
  opponent"); a winner whose own bid is −1 (C7) has an allowance of at most 0 anyway.
* R6. Supply chests are dealt at the end of every round, also the last one, before the end of
  the game is checked; the game also ends when every chest has been delivered (rulings §1.4
  safety valve) or after ``round_cap`` rounds (C16, default 30).

Note on C10 (a swap onto a ship on a haven unloads it): it is implemented, but cannot arise in
play, since a ship resting on an active haven is always empty (compulsory unloading).
"""

from __future__ import annotations

from functools import cache

from games.caribbean.data import (
    ADJACENCY,
    CAPTURE_REWARD,
    CARDS,
    CHESTS_ON_BOARD_AT_START,
    CHESTS_PER_REFILL,
    COLOURS,
    PORT_AT_HARBOUR,
    PORT_BY_CODE,
    PORTS,
    SHIP_LETTERS,
    SHIP_NAMES,
    STARTS,
    THIEF,
    THRESHOLDS,
    haven_owners,
)
from games.caribbean.state import CaribbeanState
from games.core import SeededRng

SHIP_INDEX = {letter: i for i, letter in enumerate(SHIP_LETTERS)}


@cache
def havens(players: int) -> dict[str, int]:
    """Active haven space -> owning seat, worked out once per player count."""
    return haven_owners(players)


def new_game(players: int, seed: int, round_cap: int) -> CaribbeanState:
    """"Shuffle the 16 treasure chests … place [6] face up on the ports … the remaining 10 … in
    piles of two"; "Place the 6 pirate ships randomly on the starting spaces"."""
    rng = SeededRng(seed)
    chests = [port.code for port in PORTS]
    rng.shuffle(chests)
    starts = list(STARTS)
    rng.shuffle(starts)
    return CaribbeanState(
        players=players, round_cap=round_cap, rng=rng.state, ship_spaces=starts,
        cargo=[None] * len(SHIP_NAMES), port_chests=chests[:CHESTS_ON_BOARD_AT_START],
        supply=chests[CHESTS_ON_BOARD_AT_START:], money=[0] * players, captures=[0] * players,
        bids=[[None] * len(SHIP_NAMES) for _ in range(players)], confirmed=[False] * players,
        spent=[False] * players, tie_choice=[None] * players,
    )


# -- who acts and what they may do ---------------------------------------------------------

def to_act(state: CaribbeanState) -> list[int]:
    if state.phase == "bid":
        return [seat for seat in range(state.players) if not state.confirmed[seat]]
    if state.phase == "tiebreak":
        return [seat for seat in state.tied
                if not state.spent[seat] and state.tie_choice[seat] is None]
    if state.phase == "sail" and state.active is not None:
        return [state.active]
    return []


def bid_actions(state: CaribbeanState, seat: int) -> list[str]:
    row = state.bids[seat]
    free = [card for card in CARDS if card not in row]
    if None in row:
        return [f"bid {SHIP_LETTERS[row.index(None)]} {card}" for card in free]
    spare = free[0]
    return [*(f"bid {letter} {spare}" for letter in SHIP_LETTERS), "confirm"]


def sail_actions(state: CaribbeanState) -> list[str]:
    """Movement one step at a time into empty sea, and the free chest actions of the rules."""
    ship = state.current
    space = state.ship_spaces[ship]
    load = state.cargo[ship]
    neighbours = ADJACENCY[space]
    actions = []
    if state.moves_left > 0:
        taken = set(state.ship_spaces)
        actions += [f"move {n.lower()}" for n in neighbours if n not in taken]
    if load is None:
        port = PORT_AT_HARBOUR.get(space)
        if port is not None and port.code in state.port_chests:
            actions.append("capture")
    for other, where in enumerate(state.ship_spaces):
        if other == ship or where not in neighbours:
            continue
        theirs = state.cargo[other]
        if load is None and theirs is not None:
            actions.append(f"steal {SHIP_LETTERS[other]}")
        elif load is not None and theirs is not None:
            actions.append(f"swap {SHIP_LETTERS[other]}")
        elif load is not None:
            actions.append(f"pass {SHIP_LETTERS[other]}")
    if load is not None and space in havens(state.players):
        actions.append("deliver")
    actions.append("done")
    return actions


def legal_actions(state: CaribbeanState, seat: int) -> list[str]:
    if seat not in to_act(state):
        return []
    if state.phase == "bid":
        return bid_actions(state, seat)
    if state.phase == "tiebreak":
        return ["tiebreaker up", "tiebreaker down"]
    return sail_actions(state)


# -- carrying out an action ------------------------------------------------------------------

def play(state: CaribbeanState, seat: int, action: str) -> None:
    """Apply a legal action, then run every automatic step up to the next decision."""
    state.events = []
    verb, _, rest = action.partition(" ")
    if verb == "bid":
        letter, card = rest.split()
        state.bids[seat][SHIP_INDEX[letter]] = int(card)
    elif verb == "confirm":
        state.confirmed[seat] = True
        if all(state.confirmed):
            state.events.append("All bids are in.")
            resolve_ships(state)
    elif verb == "tiebreaker":
        state.tie_choice[seat] = rest
        if not to_act(state):
            settle_tie(state)
    else:
        sail(state, verb, rest)


def resolve_ships(state: CaribbeanState) -> None:
    """"Move the ships in alphabetical order": reveal each until one needs a decision."""
    while state.current < len(SHIP_NAMES):
        if reveal(state):
            return
        state.current += 1
    end_round(state)


def next_ship(state: CaribbeanState) -> None:
    state.current += 1
    resolve_ships(state)


def reveal(state: CaribbeanState) -> bool:
    """Reveal the bids on the current ship; True when a seat must now decide something."""
    ship = state.current
    bids = [row[ship] for row in state.bids]
    open_record(state, bids)
    shown = ", ".join(f"{COLOURS[seat]} {card}" for seat, card in enumerate(bids))
    state.events.append(f"{SHIP_NAMES[ship]} bids: {shown}.")
    high = max(card for card in bids if card is not None)
    top = [seat for seat, card in enumerate(bids) if card == high]
    if len(top) == 1:
        return start_sail(state, top[0], tie_thieves=0)
    state.record()["tied"] = top
    names = " and ".join(COLOURS[seat] for seat in top)
    if all(state.spent[seat] for seat in top):
        for seat in top:
            state.record()["tiebreakers"][seat] = "spent"
        state.events.append(f"Tie between {names}, with no tie-breaker left: "
                            f"{SHIP_NAMES[ship]} stays.")
        return False
    state.tied = top
    state.phase = "tiebreak"
    state.events.append(f"Tie between {names}: tie-breakers!")
    return True


def open_record(state: CaribbeanState, bids: list[int | None]) -> None:
    """Start the public record of the current ship: revealed bids, tie-breakers, path."""
    state.log.append({
        "ship": state.current, "bids": bids, "tied": [], "tiebreakers": [None] * state.players,
        "winner": None, "allowance": 0, "path": [state.ship_spaces[state.current]],
    })


def settle_tie(state: CaribbeanState) -> None:
    """"A face up card means the player is bidding some more (note: zero is more than -1)";
    "If the result of the tie-breaker is another tie, the ship is not moved"."""
    record = state.record()
    shown = []
    faces: dict[int, int] = {}
    for seat in state.tied:
        if state.spent[seat]:
            record["tiebreakers"][seat] = "spent"
            shown.append(f"{COLOURS[seat]} has none left")
        elif state.tie_choice[seat] == "up":
            card = state.tiebreaker(seat)
            assert card is not None
            faces[seat] = card
            record["tiebreakers"][seat] = card
            shown.append(f"{COLOURS[seat]} face up {card}")
        else:
            record["tiebreakers"][seat] = "down"
            shown.append(f"{COLOURS[seat]} face down")
    for seat in faces:
        state.spent[seat] = True
    state.tied = []
    state.tie_choice = [None] * state.players
    state.phase = "reveal"
    state.events.append(f"Tie-breakers: {', '.join(shown)}.")
    best = max(faces.values(), default=None)
    leaders = [seat for seat, card in faces.items() if card == best]
    if len(leaders) == 1:
        thieves = sum(card == THIEF for card in faces.values())
        if start_sail(state, leaders[0], tie_thieves=thieves):
            return
    else:
        state.events.append(f"Still a tie: {SHIP_NAMES[state.current]} stays.")
    next_ship(state)


def start_sail(state: CaribbeanState, winner: int, tie_thieves: int) -> bool:
    """"Each thief card played by an opponent subtracts one space from the ship's movement";
    True when the winner has something to decide (R3)."""
    record = state.record()
    bids = record["bids"]
    thieves = sum(card == THIEF for seat, card in enumerate(bids) if seat != winner)
    allowance = max(0, bids[winner] - thieves - tie_thieves)
    record["winner"] = winner
    record["allowance"] = allowance
    state.active = winner
    state.moves_left = allowance
    state.phase = "sail"
    state.events.append(f"{COLOURS[winner]} takes {SHIP_NAMES[state.current]} "
                        f"({allowance} {'space' if allowance == 1 else 'spaces'}).")
    if sail_actions(state) == ["done"]:
        finish_sail(state)
        return False
    return True


def sail(state: CaribbeanState, verb: str, rest: str) -> None:
    ship = state.current
    name = SHIP_NAMES[ship]
    active = state.active
    assert active is not None
    who = COLOURS[active]
    if verb == "done":
        finish_sail(state)
        next_ship(state)
        return
    if verb == "move":
        space = rest.upper()
        state.events.append(f"{who} sails {name} from {state.ship_spaces[ship]} to {space}.")
        state.ship_spaces[ship] = space
        state.moves_left -= 1
        state.record()["path"].append(space)
    elif verb == "capture":
        port = PORT_AT_HARBOUR[state.ship_spaces[ship]]
        state.port_chests.remove(port.code)
        state.cargo[ship] = port.code
        state.money[active] += CAPTURE_REWARD
        state.captures[active] += 1
        state.events.append(f"{name} captures {port.city} and loads its {port.value:,} chest: "
                            f"{who} +{CAPTURE_REWARD:,}.")
    elif verb == "deliver":
        unload(state, ship)
    else:
        other = SHIP_INDEX[rest]
        mine, theirs = state.cargo[ship], state.cargo[other]
        state.cargo[ship], state.cargo[other] = theirs, mine
        state.events.append(chest_move_line(verb, name, SHIP_NAMES[other], mine, theirs))
        if state.cargo[other] is not None and state.ship_spaces[other] in havens(state.players):
            unload(state, other)
    if sail_actions(state) == ["done"]:
        finish_sail(state)
        next_ship(state)


def chest_move_line(verb: str, name: str, other: str, mine: str | None,
                    theirs: str | None) -> str:
    if verb == "steal":
        assert theirs is not None
        return f"{name} steals the {chest_label(theirs)} chest from {other}."
    if verb == "swap":
        assert mine is not None and theirs is not None
        return (f"{name} swaps its {chest_label(mine)} chest for {other}'s "
                f"{chest_label(theirs)} chest.")
    assert mine is not None
    return f"{name} passes the {chest_label(mine)} chest on to {other}."


def chest_label(code: str) -> str:
    port = PORT_BY_CODE[code]
    return f"{port.city} {port.value:,}"


def unload(state: CaribbeanState, ship: int) -> None:
    """"The owner of the safe haven … earns the number of doubloons shown on the chest"."""
    space = state.ship_spaces[ship]
    owner = havens(state.players)[space]
    code = state.cargo[ship]
    assert code is not None
    value = PORT_BY_CODE[code].value
    state.cargo[ship] = None
    state.money[owner] += value
    state.delivered.append([code, owner])
    state.events.append(f"{SHIP_NAMES[ship]} unloads the {chest_label(code)} chest at "
                        f"{COLOURS[owner]}'s haven {space}: {COLOURS[owner]} +{value:,}.")


def finish_sail(state: CaribbeanState) -> None:
    """"When the ship being moved stops at a safe harbor and must unload a treasure chest
    there" (compulsory unloading, also at an opponent's haven, C9)."""
    ship = state.current
    if state.cargo[ship] is not None and state.ship_spaces[ship] in havens(state.players):
        unload(state, ship)
    state.active = None
    state.moves_left = 0
    state.phase = "reveal"


def end_round(state: CaribbeanState) -> None:
    """Deal the next pair of supply chests, then "The game ends when at least one player
    has" the threshold; "The current round is played to completion"."""
    dealt, state.supply = state.supply[:CHESTS_PER_REFILL], state.supply[CHESTS_PER_REFILL:]
    state.port_chests.extend(dealt)
    if dealt:
        cities = " and ".join(PORT_BY_CODE[code].city for code in dealt)
        state.events.append(f"Round {state.round} ends; new chests at {cities}.")
    else:
        state.events.append(f"Round {state.round} ends.")
    threshold = THRESHOLDS[state.players]
    in_play = state.chest_count() - len(state.delivered)
    if max(state.money) >= threshold:
        reason = f"a player reached {threshold:,} doubloons"
    elif in_play == 0:
        reason = "every chest has been delivered"
    elif state.round >= state.round_cap:
        reason = f"the round cap of {state.round_cap} rounds was reached"
    else:
        start_round(state)
        return
    best = max(state.money)
    winners = [seat for seat, money in enumerate(state.money) if money == best]
    state.result = {"winners": winners, "reason": reason}
    state.phase = "over"
    names = " and ".join(COLOURS[seat] for seat in winners)
    state.events.append(f"Game over ({reason}): {names} {'win' if len(winners) > 1 else 'wins'}"
                        f" with {best:,} doubloons.")


def start_round(state: CaribbeanState) -> None:
    """"Each player takes his bidding cards back and a new round begins"."""
    state.round += 1
    state.phase = "bid"
    state.current = 0
    state.log = []
    state.bids = [[None] * len(SHIP_NAMES) for _ in range(state.players)]
    state.confirmed = [False] * state.players
    state.spent = [False] * state.players
