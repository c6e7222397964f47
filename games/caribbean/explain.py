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
    bid_changes,
    havens,
    last_round_bids,
    tie_choosers,
)
from games.caribbean.state import CaribbeanState
from games.core.words import N_, t

SAIL_VERBS = frozenset({"move", "capture", "steal", "swap", "pass", "deliver", "done"})
OVERBOARD = frozenset({"drop", "throw", "dump", "jettison", "discard"})
ALL_SPACES = frozenset(f"{row}{col}" for row in "ABCDEFGH" for col in range(1, 14))


def explain(state: CaribbeanState, seat: int, action: str) -> str:
    """One sentence naming the rule that makes ``action`` illegal for ``seat`` now."""
    words = action.lower().split()
    if state.outcome is not None:
        return t("The game is over.")
    if not words:
        return t("Choose one of the moves offered.")
    verb = words[0]
    if verb in OVERBOARD:
        return t("A player may never throw a treasure chest overboard.")
    phase = PHASE_OF_VERB.get(verb)
    if phase is None:
        return t(
            "That is not a move of Caribbean: bribe ships, break ties, or sail the ship you won."
        )
    if phase != state.phase:
        return t(OUT_OF_PHASE[phase])
    return REASONS[phase](state, seat, words)


# -- bidding ------------------------------------------------------------------------------------


def bid_reason(state: CaribbeanState, seat: int, words: list[str]) -> str:
    if state.confirmed[seat]:
        return t("You gave your OK: your bids cannot change until the next round.")
    row = state.bids[seat]
    if words[0] == "bid" and bid_changes(state, seat) >= MAX_BID_CHANGES and None not in row:
        return t(
            "You have changed your bids {n} times this round, the most a round allows: give "
            "your OK to the bids on the ships now.",
            n=MAX_BID_CHANGES,
        )
    if words == ["confirm"]:
        nxt = row.index(None)
        return t(
            "Put a card on all six ships before you confirm: ship {ship} still has none.",
            ship=ship_words(nxt),
        )
    if words[1:] == ["repeat"]:
        last = last_round_bids(state, seat)
        if last is None:
            return t("There is no earlier round to repeat yet: this is the first round.")
        return t("Your ships already hold the cards you bid last round.")
    if len(words) != 3:
        return t("A bid puts one of your cards (-1 to 5) on one ship (A to F).")
    letter, card_text = words[1], words[2]
    if letter not in SHIP_INDEX:
        return t("There are six ships, A (Arriba) to F (Fuego).")
    card = parse_card(card_text)
    if card is None:
        return t("Your bribe cards are -1 (the thief) and 0 to 5, one of each.")
    ship = SHIP_INDEX[letter]
    if None in row:
        nxt = row.index(None)
        if ship != nxt:
            return t(
                "Cards go on the ships in order A to F: the next one is ship {ship}; once all "
                "six hold a card you can change any of them.",
                ship=ship_words(nxt),
            )
        return t(
            "Your {card} is already on ship {ship}: each card goes on one ship only.",
            card=card,
            ship=ship_words(row.index(card)),
        )
    spare = next(c for c in CARDS if c not in row)
    if row[ship] == card:
        return t("Ship {ship} already holds your {card}.", ship=ship_words(ship), card=card)
    return t(
        "Your {card} is on ship {ship}; to change a bid, give a ship your spare card "
        "({spare}), which swaps it into play.",
        card=card,
        ship=ship_words(row.index(card)),
        spare=spare,
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
        return t(
            "Only the players tied for the highest bid on {ship} use a tie-breaker.", ship=name
        )
    if state.spent[seat]:
        return t(
            "Your tie-breaker was shown face up earlier this round: it cannot be used again "
            "until the next round, so it counts as face down."
        )
    if seat not in tie_choosers(state):
        return t("Your tie-breaker is already laid under your hand: the choice is final.")
    return t("A tie-breaker goes face up (bid more) or face down (bid nothing more).")


# -- sailing ------------------------------------------------------------------------------------


def sail_reason(state: CaribbeanState, seat: int, words: list[str]) -> str:
    ship = state.current
    name = SHIP_NAMES[ship]
    assert state.active is not None
    if seat != state.active:
        return t(
            "Only {seat}, who won {ship}, moves it and acts with it now.",
            seat=t(COLOURS[state.active]),
            ship=name,
        )
    verb = words[0]
    space = state.ship_spaces[ship]
    load = state.cargo[ship]
    if verb == "move":
        return move_reason(state, words[1:])
    if verb == "capture":
        port = PORT_AT_HARBOUR.get(space)
        if port is None:
            return t(
                "{ship} is not on a harbour space (⚓): a city is captured from its harbour.",
                ship=name,
            )
        if load is not None:
            return t(
                "{ship} already carries a chest: each ship carries one chest at a time.", ship=name
            )
        return t(
            "No chest waits at {city} now: it was taken, or is still in the supply.",
            city=port.city,
        )
    if verb == "deliver":
        if load is None:
            return t("{ship} carries no chest to deliver.", ship=name)
        return haven_reason(state, space)
    if verb in ("steal", "swap", "pass"):
        return chest_reason(state, verb, words[1:])
    return t("{ship}'s turn can end at any time.", ship=name)


def move_reason(state: CaribbeanState, rest: list[str]) -> str:
    ship = state.current
    name = SHIP_NAMES[ship]
    here = state.ship_spaces[ship]
    if state.moves_left == 0:
        return t(
            "{ship} has no movement left this turn: capture, steal, swap, pass on or deliver "
            "if you can, or end its turn.",
            ship=name,
        )
    target = rest[0].upper() if len(rest) == 1 else ""
    if target not in ALL_SPACES:
        return t("Name one sea space of the board next to the ship, like E5.")
    if target not in ADJACENCY:
        return t("{space} is land: ships sail only on sea spaces.", space=target)
    if target not in ADJACENCY[here]:
        return t(
            "{space} is not next to {here}, where {ship} is: ships sail one space at a time.",
            space=target,
            here=here,
            ship=name,
        )
    other = state.ship_spaces.index(target)
    return t(
        "{ship} is on {space}: only one ship may occupy a sea space, so sail around it.",
        ship=SHIP_NAMES[other],
        space=target,
    )


def haven_reason(state: CaribbeanState, space: str) -> str:
    for colour, spaces in HAVENS.items():
        if space in spaces and space not in havens(state.players):
            return t(
                "{space} is {seat}'s haven, but {seat} is not playing: it is plain sea.",
                space=space,
                seat=t(colour),
            )
    return t("{space} is not a haven: chests are delivered only at a player's haven.", space=space)


def chest_reason(state: CaribbeanState, verb: str, rest: list[str]) -> str:
    ship = state.current
    name = SHIP_NAMES[ship]
    if len(rest) != 1 or rest[0] not in SHIP_INDEX:
        return t("Name the other ship by its letter, A to F.")
    other = SHIP_INDEX[rest[0]]
    other_name = SHIP_NAMES[other]
    if other == ship:
        return t("{ship} cannot trade chests with itself.", ship=name)
    if state.ship_spaces[other] not in ADJACENCY[state.ship_spaces[ship]]:
        return t(
            "{other} is not next to {ship}: steal, swap and pass on need ships on neighbouring "
            "sea spaces.",
            other=other_name,
            ship=name,
        )
    mine = state.cargo[ship]
    if verb == "steal":
        if mine is not None:
            return t(FULL, ship=name)
        return t("{ship} carries no chest to steal.", ship=other_name)
    if verb == "swap":
        if mine is None:
            return t(
                "{ship} carries no chest to swap: steal {other}'s instead.",
                ship=name,
                other=other_name,
            )
        return t("{ship} carries no chest: pass yours on to it instead.", ship=other_name)
    if mine is None:
        return t("{ship} carries no chest to pass on.", ship=name)
    return t(FULL, ship=other_name)


FULL = N_("{ship} already carries a chest (one per ship): swap chests instead.")


REASONS = {"bid": bid_reason, "tiebreak": tie_reason, "sail": sail_reason}
"""Per phase, why an action of that phase is refused (the phase table of ``rules.PHASES``)."""
PHASE_OF_VERB = {"bid": "bid", "confirm": "bid", "tiebreaker": "tiebreak"} | dict.fromkeys(
    SAIL_VERBS, "sail"
)
OUT_OF_PHASE = {
    "bid": N_(
        "Bribes are placed at the start of a round, before any ship is revealed: this "
        "round's bids are already in."
    ),
    "tiebreak": N_("There is no tie to break now: tie-breakers are shown only when bids tie."),
    "sail": N_("Ships sail only after every bid is in and revealed, and any tie for them broken."),
}
"""Why an action of one phase cannot be played in another."""
