"""Caribbean's rules: secret bids, ship-by-ship reveals, tie-breakers, sailing and chests.

A round is: every seat assigns six of its seven cards to the six ships (atomic ``bid a 3``
actions, ships filled in order A to F, then any ship may take the spare card instead, or
``bid repeat`` for last round's cards; then ``confirm``); then ships A to F are revealed in
turn. The unique highest bid wins; a tie goes to a secret ``tiebreaker up`` / ``tiebreaker
down`` round among the tied seats. The winner sails (``move <space>`` one step at a time) and
takes free chest actions (``capture``, ``steal <ship>``, ``swap <ship>``, ``pass <ship>``,
``deliver``) until ``done``. After Fuego two supply chests are dealt and the end is checked.

Who acts and what they may do is one table, :data:`PHASES`: bid, tiebreak and sail, each with
who is due, the legal actions and how an action is carried out.

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
* R7. From round 2, ``bid repeat`` puts last round's six cards back on the same ships in one
  step ("same as last round"), replacing whatever the seat has placed so far; it is offered
  until ``confirm`` whenever the ships do not already hold exactly those cards, and does not
  confirm by itself.
* R8. "The active player may take these actions in any order he chooses, whenever he
  chooses during the ship's movement": a ship may sail back where it was and chests may be
  traded back, as often as its player likes. Only so that no turn can last for ever, a
  ship's turn ends by itself after :data:`MAX_TURN_ACTIONS` actions (R3), far beyond any
  real turn (five steps and a few trades).
* R9. "When all players have completed placing their bidding cards, they give their OK, and,
  then can no longer change their bidding cards": until its OK a seat may change its bids
  (give a ship the spare card, or ``bid repeat``) as often as it likes. Only so that no round
  can stall for ever, after :data:`MAX_BID_CHANGES` changes in a round it can only give its
  OK, far beyond any person's rethinking (nine changes reach any order of the seven cards).

Neither limit is what ends a turn of the AI or of a stand-in: those never bring a turn back to
a position it already stood in (:func:`turn_trail`, the contract's ``turn_trail``), so their
trades and bid changes stop by themselves. docs/rules/caribbean-parley-rulings.md says why.

Note on C10 (a swap onto a ship on a haven unloads it): it is implemented, but cannot arise in
play, since a ship resting on an active haven is always empty (compulsory unloading).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
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
from games.caribbean.lines import Line, line
from games.caribbean.state import CaribbeanState
from games.core import Phase, SeededRng, finish
from games.core.words import N_

SHIP_INDEX = {letter: i for i, letter in enumerate(SHIP_LETTERS)}
MAX_TURN_ACTIONS = 200
"""R8: actions one ship's turn may take before it ends by itself; a guard, never a rule a
person meets."""
MAX_BID_CHANGES = 100
"""R9: changes of a full set of bids a seat may make in one round before its OK; a guard,
never a rule a person meets."""


@cache
def havens(players: int) -> dict[str, int]:
    """Active haven space -> owning seat, worked out once per player count."""
    return haven_owners(players)


def new_game(players: int, seed: int, round_cap: int) -> CaribbeanState:
    """Rulebook: "Shuffle the 16 treasure chests … place [6] face up on the ports … the remaining 10
    … in piles of two"; "Place the 6 pirate ships randomly on the starting spaces"."""
    rng = SeededRng(seed)
    chests = [port.code for port in PORTS]
    rng.shuffle(chests)
    starts = list(STARTS)
    rng.shuffle(starts)
    return CaribbeanState(
        players=players,
        round_cap=round_cap,
        ship_spaces=starts,
        cargo=[None] * len(SHIP_NAMES),
        port_chests=chests[:CHESTS_ON_BOARD_AT_START],
        supply=chests[CHESTS_ON_BOARD_AT_START:],
        money=[0] * players,
        captures=[0] * players,
        bids=[[None] * len(SHIP_NAMES) for _ in range(players)],
        confirmed=[False] * players,
        spent=[False] * players,
        tie_choice=[None] * players,
        tried_bids=[[] for _ in range(players)],
        layouts=[[] for _ in range(players)],
    )


# -- who acts and what they may do: one table from phase to its actions ---------------------


def bid_actions(state: CaribbeanState, seat: int) -> list[str]:
    """R1: fill ships A to F in order, then give any ship the spare card, then confirm; R7:
    last round's bids in one step."""
    if state.confirmed[seat]:
        return []
    row = state.bids[seat]
    free = [card for card in CARDS if card not in row]
    repeat = ["bid repeat"] if can_repeat(state, seat) else []
    if None in row:
        return [*(f"bid {SHIP_LETTERS[row.index(None)]} {card}" for card in free), *repeat]
    if bid_changes(state, seat) >= MAX_BID_CHANGES:
        return ["confirm"]
    spare = free[0]
    return [*(f"bid {letter} {spare}" for letter in SHIP_LETTERS), *repeat, "confirm"]


def bid_changes(state: CaribbeanState, seat: int) -> int:
    """R9: how often ``seat`` changed its full set of bids this round."""
    return max(0, len(state.tried_bids[seat]) - 1)


def bid_row(row: list[int | None]) -> str:
    """A full set of bids as one comparable word, for the trail of a seat's bidding."""
    return " ".join(str(card) for card in row)


def last_round_bids(state: CaribbeanState, seat: int) -> list[int] | None:
    """The six cards ``seat`` put on ships A to F last round (None in the first round)."""
    return round_bids(state.past_bids[-1])[seat][: len(SHIP_NAMES)] if state.past_bids else None


def round_bids(line: str) -> list[list[int]]:
    """One finished round of ``past_bids``: per seat, the cards on ships A-F and the
    tie-breaker."""
    return [[int(card) for card in seat.split()] for seat in line.split(" / ")]


def can_repeat(state: CaribbeanState, seat: int) -> bool:
    last = last_round_bids(state, seat)
    return last is not None and state.bids[seat] != last


def tiebreak_actions(state: CaribbeanState, seat: int) -> list[str]:
    return ["tiebreaker up", "tiebreaker down"] if seat in tie_choosers(state) else []


def sail_actions(state: CaribbeanState, seat: int) -> list[str]:
    """Movement one step at a time into empty sea, and the free chest actions of the rules."""
    if seat != state.active:
        return []
    ship = state.current
    space = state.ship_spaces[ship]
    load = state.cargo[ship]
    neighbours = ADJACENCY[space]
    if len(state.layouts[seat]) > MAX_TURN_ACTIONS:
        return ["done"]
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


def layout(state: CaribbeanState) -> str:
    """Where the ships and their chests stand, as one comparable word: what a ship's turn can
    bring back (moves left and the path sailed only run down; a capture or a delivery never
    comes back)."""
    return " ".join(state.ship_spaces) + " / " + " ".join(code or "-" for code in state.cargo)


def turn_trail(state: CaribbeanState, seat: int) -> list[str]:
    """The contract's ``turn_trail``: while ``seat`` is bidding, the full sets of bids it has
    held this round (its own secret); after, the layouts of the latest ship's turn it played
    (public), kept once the turn ended, so that a last step sailed back, which ends the turn
    by itself (R3) and lets the next ship sail, still shows as a return."""
    if state.phase == "bid":
        return [] if state.confirmed[seat] else list(state.tried_bids[seat])
    return list(state.layouts[seat])


def only_done(state: CaribbeanState) -> bool:
    """R3: the active ship can do nothing but end its turn."""
    return state.active is not None and sail_actions(state, state.active) == ["done"]


def legal_actions(state: CaribbeanState, seat: int) -> list[str]:
    phase = PHASES.get(state.phase)
    return [] if phase is None else phase.legal(state, seat)


def to_act(state: CaribbeanState) -> list[int]:
    phase = PHASES.get(state.phase)
    return [] if phase is None else phase.due(state)


def bidders(state: CaribbeanState) -> list[int]:
    """Rulebook: "When all players have completed placing their bidding cards, they give
    their OK"."""
    return [seat for seat in range(state.players) if not state.confirmed[seat]]


def tie_choosers(state: CaribbeanState) -> list[int]:
    """The tied seats with an unspent card that have not chosen yet (C5, R2)."""
    tied = state.ties[state.current]
    return [seat for seat in tied if not state.spent[seat] and state.tie_choice[seat] is None]


def sailor(state: CaribbeanState) -> list[int]:
    return [] if state.active is None else [state.active]


# -- carrying out an action ------------------------------------------------------------------


def play(state: CaribbeanState, seat: int, action: str) -> None:
    """Apply a legal action, then run every automatic step up to the next decision."""
    state.events = []
    PHASES[state.phase].play(state, seat, action)


def play_bid(state: CaribbeanState, seat: int, action: str) -> None:
    verb, _, rest = action.partition(" ")
    if verb == "bid":
        if rest == "repeat":
            last = last_round_bids(state, seat)
            assert last is not None
            state.bids[seat] = list(last)
        else:
            letter, card = rest.split()
            state.bids[seat][SHIP_INDEX[letter]] = int(card)
        if None not in state.bids[seat]:
            state.tried_bids[seat].append(bid_row(state.bids[seat]))
        return
    state.confirmed[seat] = True
    if all(state.confirmed):
        state.events.append(line(N_("All bids are in.")))
        resolve_ships(state)


def play_tiebreak(state: CaribbeanState, seat: int, action: str) -> None:
    state.tie_choice[seat] = action.split()[1]
    if not tie_choosers(state):
        settle_tie(state)


def resolve_ships(state: CaribbeanState) -> None:
    """Rulebook: "Move the ships in alphabetical order": reveal each until one needs a decision."""
    while state.current < len(SHIP_NAMES):
        if reveal_ship(state):
            return
        state.current += 1
    end_round(state)


def next_ship(state: CaribbeanState) -> None:
    state.current += 1
    resolve_ships(state)


def reveal_ship(state: CaribbeanState) -> bool:
    """Reveal the bids on the current ship; True when a seat must now decide something."""
    ship = state.current
    bids = [row[ship] for row in state.bids]
    open_record(state)
    state.events.append(line(N_("{ship} bids: {bids}."), ship=SHIP_NAMES[ship], bids=bids))
    high = max(card for card in bids if card is not None)
    top = [seat for seat, card in enumerate(bids) if card == high]
    if len(top) == 1:
        return start_sail(state, top[0], tie_thieves=0)
    state.ties[ship] = top
    names = [COLOURS[seat] for seat in top]
    if all(state.spent[seat] for seat in top):
        for seat in top:
            state.tiebreaks[ship][seat] = "spent"
        state.events.append(
            line(
                N_("Tie between {seats}, with no tie-breaker left: {ship} stays."),
                seats=names,
                ship=SHIP_NAMES[ship],
            )
        )
        return False
    state.phase = "tiebreak"
    state.events.append(line(N_("Tie between {seats}: tie-breakers!"), seats=names))
    return True


def open_record(state: CaribbeanState) -> None:
    """Start the public record of the current ship (its bids are now face up): who tied,
    their tie-breakers, the winner, the allowance and the path sailed."""
    state.ties.append([])
    state.tiebreaks.append([None] * state.players)
    state.won_by.append(None)
    state.allowances.append(0)
    state.paths.append([state.ship_spaces[state.current]])


def settle_tie(state: CaribbeanState) -> None:
    """Rulebook: "A face up card means the player is bidding some more (note: zero is more than
    -1)"; "If the result of the tie-breaker is another tie, the ship is not moved"."""
    tiebreaks = state.tiebreaks[state.current]
    shown: list[list[int | str]] = []
    faces: dict[int, int] = {}
    for seat in state.ties[state.current]:
        if state.spent[seat]:
            tiebreaks[seat] = "spent"
        elif state.tie_choice[seat] == "up":
            card = state.tiebreaker(seat)
            assert card is not None
            faces[seat] = card
            tiebreaks[seat] = card
        else:
            tiebreaks[seat] = "down"
        shown.append([COLOURS[seat], tiebreaks[seat]])  # type: ignore[list-item]
    for seat in faces:
        state.spent[seat] = True
    state.tie_choice = [None] * state.players
    state.phase = "reveal"
    state.events.append(line(N_("Tie-breakers: {tiebreaks}."), tiebreaks=shown))
    best = max(faces.values(), default=None)
    leaders = [seat for seat, card in faces.items() if card == best]
    if len(leaders) == 1:
        thieves = sum(card == THIEF for card in faces.values())
        if start_sail(state, leaders[0], tie_thieves=thieves):
            return
    else:
        state.events.append(line(N_("Still a tie: {ship} stays."), ship=SHIP_NAMES[state.current]))
    next_ship(state)


def taken_words(colour: str, name: str, bid: int, thieves: int, allowance: int) -> Line:
    """``Red takes Evita (5 spaces).``; when thief cards cut the spaces, says so, and a ship
    that may not move is said to stay rather than to sail "0 spaces". (A count here is never
    0 where it is said, so "1" alone is singular in English, German and French alike.)"""
    facts = {"seat": colour, "ship": name, "bid": bid, "thieves": thieves, "spaces": allowance}
    if allowance == 0 and bid <= 0:
        return line(N_("{seat} takes {ship}, but a {bid} sails it nowhere: {ship} stays."), **facts)
    if allowance == 0:
        text = (
            N_("{seat} takes {ship}, but a thief card leaves it no space to sail: {ship} stays.")
            if thieves == 1
            else N_(
                "{seat} takes {ship}, but {thieves} thief cards leave it no space to sail: "
                "{ship} stays."
            )
        )
    elif thieves:
        text = {
            (True, True): N_("{seat} takes {ship} (1 space: {bid} less 1 for a thief card)."),
            (True, False): N_(
                "{seat} takes {ship} (1 space: {bid} less {thieves} for thief cards)."
            ),
            (False, True): N_(
                "{seat} takes {ship} ({spaces} spaces: {bid} less 1 for a thief card)."
            ),
            (False, False): N_(
                "{seat} takes {ship} ({spaces} spaces: {bid} less {thieves} for thief cards)."
            ),
        }[allowance == 1, thieves == 1]
    else:
        text = (
            N_("{seat} takes {ship} (1 space).")
            if allowance == 1
            else N_("{seat} takes {ship} ({spaces} spaces).")
        )
    return line(text, **facts)


def start_sail(state: CaribbeanState, winner: int, tie_thieves: int) -> bool:
    """Rulebook: "Each thief card played by an opponent subtracts one space from the ship's
    movement"; True when the winner has something to decide (R3)."""
    ship = state.current
    bids = [row[ship] for row in state.bids]
    thieves = sum(card == THIEF for seat, card in enumerate(bids) if seat != winner)
    bid = bids[winner]
    assert bid is not None
    allowance = max(0, bid - thieves - tie_thieves)
    state.won_by[ship] = winner
    state.allowances[ship] = allowance
    state.active = winner
    state.moves_left = allowance
    state.layouts[winner] = [layout(state)]
    state.phase = "sail"
    cut = thieves + tie_thieves
    state.events.append(taken_words(COLOURS[winner], SHIP_NAMES[ship], bid, cut, allowance))
    if only_done(state):
        finish_sail(state)
        return False
    return True


def play_sail(state: CaribbeanState, seat: int, action: str) -> None:
    verb, _, rest = action.partition(" ")
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
        state.events.append(
            line(
                N_("{seat} sails {ship} from {start} to {end}."),
                seat=who,
                ship=name,
                start=state.ship_spaces[ship],
                end=space,
            )
        )
        state.ship_spaces[ship] = space
        state.moves_left -= 1
        state.paths[ship].append(space)
    elif verb == "capture":
        port = PORT_AT_HARBOUR[state.ship_spaces[ship]]
        state.port_chests.remove(port.code)
        state.cargo[ship] = port.code
        state.money[active] += CAPTURE_REWARD
        state.captures[active] += 1
        state.events.append(
            line(
                N_("{ship} captures {city} and loads its {value} chest: {seat} +{reward}."),
                ship=name,
                city=port.city,
                value=port.value,
                seat=who,
                reward=CAPTURE_REWARD,
            )
        )
    elif verb == "deliver":
        unload(state, ship)
    else:
        other = SHIP_INDEX[rest]
        mine, theirs = state.cargo[ship], state.cargo[other]
        state.cargo[ship], state.cargo[other] = theirs, mine
        state.events.append(chest_move_line(verb, name, SHIP_NAMES[other], mine, theirs))
        if state.cargo[other] is not None and state.ship_spaces[other] in havens(state.players):
            unload(state, other)
    state.layouts[active].append(layout(state))
    if only_done(state):
        finish_sail(state)
        next_ship(state)


def chest_move_line(verb: str, name: str, other: str, mine: str | None, theirs: str | None) -> Line:
    if verb == "steal":
        assert theirs is not None
        return line(
            N_("{ship} steals the {chest} chest from {other}."),
            ship=name,
            chest=theirs,
            other=other,
        )
    if verb == "swap":
        assert mine is not None and theirs is not None
        return line(
            N_("{ship} swaps its {chest} chest for {other}'s {their_chest} chest."),
            ship=name,
            chest=mine,
            other=other,
            their_chest=theirs,
        )
    assert mine is not None
    return line(
        N_("{ship} passes the {chest} chest on to {other}."), ship=name, chest=mine, other=other
    )


def unload(state: CaribbeanState, ship: int) -> None:
    """Rulebook: "the owner of the safe haven … earns the number of doubloons shown on the
    treasure chest"."""
    space = state.ship_spaces[ship]
    owner = havens(state.players)[space]
    code = state.cargo[ship]
    assert code is not None
    value = PORT_BY_CODE[code].value
    state.cargo[ship] = None
    state.money[owner] += value
    state.delivered[code] = owner
    state.events.append(
        line(
            N_("{ship} unloads the {chest} chest at {seat}'s haven {space}: {seat} +{value}."),
            ship=SHIP_NAMES[ship],
            chest=code,
            seat=COLOURS[owner],
            space=space,
            value=value,
        )
    )


def finish_sail(state: CaribbeanState) -> None:
    """Rulebook: "When the ship being moved stops at a safe harbor and must unload a treasure chest
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
    keep_bids(state)
    dealt, state.supply = state.supply[:CHESTS_PER_REFILL], state.supply[CHESTS_PER_REFILL:]
    state.port_chests.extend(dealt)
    if dealt:
        cities = [PORT_BY_CODE[code].city for code in dealt]
        state.events.append(
            line(
                N_("Round {round} ends; new chests at {cities}."), round=state.round, cities=cities
            )
        )
    else:
        state.events.append(line(N_("Round {round} ends."), round=state.round))
    threshold = THRESHOLDS[state.players]
    on_ships = len(state.cargo) - state.cargo.count(None)
    in_play = len(state.supply) + len(state.port_chests) + on_ships
    if max(state.money) >= threshold:
        reason = line(N_("a player reached {threshold} doubloons"), threshold=threshold)
    elif in_play == 0:
        reason = line(N_("every chest has been delivered"))
    elif state.round >= state.round_cap:
        reason = line(N_("the round cap of {cap} rounds was reached"), cap=state.round_cap)
    else:
        start_round(state)
        return
    best = max(state.money)
    winners = [seat for seat, money in enumerate(state.money) if money == best]
    finish(state, winners, reason["text"], **reason["params"])
    state.phase = "over"
    state.events.append(
        line(
            N_("Game over ({reason}): {seats} wins with {money} doubloons.")
            if len(winners) == 1
            else N_("Game over ({reason}): {seats} win with {money} doubloons."),
            reason=reason,
            seats=[COLOURS[seat] for seat in winners],
            money=best,
        )
    )


def keep_bids(state: CaribbeanState) -> None:
    """Every seat's cards of the round just played, six ships then the tie-breaker: for R7 and
    for the reveal at the end (out of every view until then)."""
    rows = []
    for row in state.bids:
        cards = [card for card in row if card is not None]
        rows.append(" ".join(str(card) for card in [*cards, sum(CARDS) - sum(cards)]))
    state.past_bids.append(" / ".join(rows))


def start_round(state: CaribbeanState) -> None:
    """Rulebook: "Each player takes his bidding cards back and a new round begins"."""
    state.round += 1
    state.phase = "bid"
    state.current = 0
    state.ties, state.tiebreaks, state.won_by, state.allowances, state.paths = [], [], [], [], []
    state.layouts = [[] for _ in range(state.players)]
    state.bids = [[None] * len(SHIP_NAMES) for _ in range(state.players)]
    state.confirmed = [False] * state.players
    state.spent = [False] * state.players
    state.tried_bids = [[] for _ in range(state.players)]


@dataclass(frozen=True)
class CaribbeanPhase(Phase[CaribbeanState]):
    """A phase also knows who is due in it (cheaper than asking every seat's actions)."""

    due: Callable[[CaribbeanState], list[int]]


PHASES: dict[str, CaribbeanPhase] = {
    "bid": CaribbeanPhase(legal=bid_actions, play=play_bid, due=bidders),
    "tiebreak": CaribbeanPhase(legal=tiebreak_actions, play=play_tiebreak, due=tie_choosers),
    "sail": CaribbeanPhase(legal=sail_actions, play=play_sail, due=sailor),
}
"""Who acts in each phase, what they may do and how it is carried out. "over" (and "reveal",
which only exists inside one action) has no entry, so nobody acts."""
