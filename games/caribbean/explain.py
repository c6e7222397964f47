"""Why an action is refused: the rule that forbids it, in one sentence a player reads.

Every reason names the rule in the game's words and, where useful, what is allowed instead. The
refused text is never echoed back as typed: a square is named only once it is known to be a
square of the board, a ship only by its name. Nothing here reads another seat's secrets.
"""

from __future__ import annotations

from games.caribbean.data import ADJACENCY, CARDS, COLOURS, HAVENS, PORT_AT_HARBOUR, SHIP_NAMES
from games.caribbean.rules import (
    MAX_BID_CHANGES,
    SHIP_INDEX,
    havens,
    last_round_bids,
    legal_actions,
    tie_choosers,
)
from games.caribbean.state import CaribbeanState

SAIL_VERBS = frozenset({"move", "capture", "steal", "swap", "pass", "deliver", "done"})
OVERBOARD = frozenset({"drop", "throw", "dump", "jettison", "discard"})
ALL_SPACES = frozenset(f"{row}{col}" for row in "ABCDEFGH" for col in range(1, 14))


def explain(state: CaribbeanState, seat: int, action: str) -> str:
    """One sentence naming the rule that makes ``action`` illegal for ``seat`` now."""
    words = action.lower().split()
    if state.outcome is not None:
        return "The game is over."
    if not words:
        return "Choose one of the moves offered."
    if action in legal_actions(state, seat):
        return "That move is allowed now."
    verb = words[0]
    if verb in OVERBOARD:
        return "A player may never throw a treasure chest overboard."
    phase = PHASE_OF_VERB.get(verb)
    if phase is None:
        return "That is not a move of Caribbean: bribe ships, break ties, or sail the ship you won."
    if phase != state.phase:
        return OUT_OF_PHASE[phase]
    return REASONS[phase](state, seat, words)


# -- bidding ------------------------------------------------------------------------------------


def bid_reason(state: CaribbeanState, seat: int, words: list[str]) -> str:
    if state.confirmed[seat]:
        return "You gave your OK: your bids cannot change until the next round."
    row = state.bids[seat]
    if words[0] == "bid" and state.bid_changes[seat] >= MAX_BID_CHANGES and None not in row:
        return (
            f"You have changed your bids {MAX_BID_CHANGES} times this round, the most a round "
            "allows: give your OK to the bids on the ships now."
        )
    if words == ["confirm"]:
        nxt = row.index(None)
        return (
            "Put a card on all six ships before you confirm: ship "
            f"{ship_words(nxt)} still has none."
        )
    if words[1:] == ["repeat"]:
        last = last_round_bids(state, seat)
        if last is None:
            return "There is no earlier round to repeat yet: this is the first round."
        return "Your ships already hold the cards you bid last round."
    if len(words) != 3:
        return "A bid puts one of your cards (-1 to 5) on one ship (A to F)."
    letter, card_text = words[1], words[2]
    if letter not in SHIP_INDEX:
        return "There are six ships, A (Arriba) to F (Fuego)."
    card = parse_card(card_text)
    if card is None:
        return "Your bribe cards are -1 (the thief) and 0 to 5, one of each."
    ship = SHIP_INDEX[letter]
    if None in row:
        nxt = row.index(None)
        if ship != nxt:
            return (
                f"Cards go on the ships in order A to F: the next one is ship {ship_words(nxt)}; "
                "once all six hold a card you can change any of them."
            )
        return (
            f"Your {card} is already on ship {ship_words(row.index(card))}: "
            "each card goes on one ship only."
        )
    spare = next(c for c in CARDS if c not in row)
    if row[ship] == card:
        return f"Ship {ship_words(ship)} already holds your {card}."
    return (
        f"Your {card} is on ship {ship_words(row.index(card))}; to change a bid, give a ship "
        f"your spare card ({spare}), which swaps it into play."
    )


def parse_card(text: str) -> int | None:
    try:
        card = int(text)
    except ValueError:
        return None
    return card if card in CARDS else None


def ship_words(ship: int) -> str:
    return f"{SHIP_NAMES[ship][0]} ({SHIP_NAMES[ship]})"


# -- tie-breakers -------------------------------------------------------------------------------


def tie_reason(state: CaribbeanState, seat: int, words: list[str]) -> str:
    name = SHIP_NAMES[state.current]
    if seat not in state.ties[state.current]:
        return f"Only the players tied for the highest bid on {name} use a tie-breaker."
    if state.spent[seat]:
        return (
            "Your tie-breaker was shown face up earlier this round: it cannot be used again "
            "until the next round, so it counts as face down."
        )
    if seat not in tie_choosers(state):
        return "Your tie-breaker is already laid under your hand: the choice is final."
    return "A tie-breaker goes face up (bid more) or face down (bid nothing more)."


# -- sailing ------------------------------------------------------------------------------------


def sail_reason(state: CaribbeanState, seat: int, words: list[str]) -> str:
    ship = state.current
    name = SHIP_NAMES[ship]
    assert state.active is not None
    if seat != state.active:
        return f"Only {COLOURS[state.active]}, who won {name}, moves it and acts with it now."
    verb = words[0]
    space = state.ship_spaces[ship]
    load = state.cargo[ship]
    if verb == "move":
        return move_reason(state, words[1:])
    if verb == "capture":
        port = PORT_AT_HARBOUR.get(space)
        if port is None:
            return f"{name} is not on a harbour space (⚓): a city is captured from its harbour."
        if load is not None:
            return f"{name} already carries a chest: each ship carries one chest at a time."
        return f"No chest waits at {port.city} now: it was taken, or is still in the supply."
    if verb == "deliver":
        if load is None:
            return f"{name} carries no chest to deliver."
        return haven_reason(state, space)
    if verb in ("steal", "swap", "pass"):
        return chest_reason(state, verb, words[1:])
    return f"{name}'s turn can end at any time."


def move_reason(state: CaribbeanState, rest: list[str]) -> str:
    ship = state.current
    name = SHIP_NAMES[ship]
    here = state.ship_spaces[ship]
    if state.moves_left == 0:
        return (
            f"{name} has no movement left this turn: capture, steal, swap, pass on or deliver "
            "if you can, or end its turn."
        )
    target = rest[0].upper() if len(rest) == 1 else ""
    if target not in ALL_SPACES:
        return "Name one sea space of the board next to the ship, like E5."
    if target not in ADJACENCY:
        return f"{target} is land: ships sail only on sea spaces."
    if target not in ADJACENCY[here]:
        return f"{target} is not next to {here}, where {name} is: ships sail one space at a time."
    other = state.ship_spaces.index(target)
    return (
        f"{SHIP_NAMES[other]} is on {target}: only one ship may occupy a sea space, so sail "
        "around it."
    )


def haven_reason(state: CaribbeanState, space: str) -> str:
    for colour, spaces in HAVENS.items():
        if space in spaces and space not in havens(state.players):
            return f"{space} is {colour}'s haven, but {colour} is not playing: it is plain sea."
    return f"{space} is not a haven: chests are delivered only at a player's haven."


CHEST_SHAPES = {"steal": (False, True), "swap": (True, True), "pass": (True, False)}
"""Which of the two ships carry a chest when each chest action is possible: (this one,
the other one)."""


def chest_reason(state: CaribbeanState, verb: str, rest: list[str]) -> str:
    ship = state.current
    name = SHIP_NAMES[ship]
    if len(rest) != 1 or rest[0] not in SHIP_INDEX:
        return "Name the other ship by its letter, A to F."
    other = SHIP_INDEX[rest[0]]
    other_name = SHIP_NAMES[other]
    if other == ship:
        return f"{name} cannot trade chests with itself."
    if state.ship_spaces[other] not in ADJACENCY[state.ship_spaces[ship]]:
        return (
            f"{other_name} is not next to {name}: steal, swap and pass on need ships on "
            "neighbouring sea spaces."
        )
    mine, theirs = state.cargo[ship], state.cargo[other]
    if (mine is not None, theirs is not None) == CHEST_SHAPES[verb]:
        return (
            f"That would put every chest back where it stood twice already this turn, with "
            f"{name} on the same space: a ship's turn cannot go round in circles. Sail on, "
            "deliver, or end its turn."
        )
    if verb == "steal":
        if mine is not None:
            return f"{name} already carries a chest (one per ship): swap chests instead."
        return f"{other_name} carries no chest to steal."
    if verb == "swap":
        if mine is None:
            return f"{name} carries no chest to swap: steal {other_name}'s instead."
        return f"{other_name} carries no chest: pass yours on to it instead."
    if mine is None:
        return f"{name} carries no chest to pass on."
    return f"{other_name} already carries a chest (one per ship): swap chests instead."


REASONS = {"bid": bid_reason, "tiebreak": tie_reason, "sail": sail_reason}
"""Per phase, why an action of that phase is refused (the phase table of ``rules.PHASES``)."""
PHASE_OF_VERB = {"bid": "bid", "confirm": "bid", "tiebreaker": "tiebreak"} | dict.fromkeys(
    SAIL_VERBS, "sail"
)
OUT_OF_PHASE = {
    "bid": "Bribes are placed at the start of a round, before any ship is revealed: this "
    "round's bids are already in.",
    "tiebreak": "There is no tie to break now: tie-breakers are shown only when bids tie.",
    "sail": "Ships sail only after every bid is in and revealed, and any tie for them broken.",
}
"""Why an action of one phase cannot be played in another."""
