"""Revealing an event card and resolving it. The revealer is whoever flips the card, the
forced player included (A10). Choices a card asks for become pending decisions."""

from __future__ import annotations

from typing import Any

from games.core.words import N_
from games.tortuga.data import (
    ALBATROSS,
    ARMADA,
    ATLANTIS,
    BLACK_POWDER,
    BLACK_SPOT,
    CABIN_FEVER,
    CARD_TITLES,
    CROWS_NEST,
    EIGHT_BELLS,
    EL_DORADO,
    FACADE,
    FOUNTAIN,
    MARQUE,
    PIRATE_CODE,
    PIRATE_CODE_VOTES,
    PISTOL,
    SCURVY,
    SHIP_TITLES,
    SHIPS,
    STORMY_SEAS,
    TEAM_NAMES,
    TREASURE_MAPS,
    vote_text,
)
from games.tortuga.effects import (
    draw_votes,
    forget_slot,
    maroon,
    maroon_unless_fountain,
    refill,
    seat_name,
    shuffle,
    spanish_armada,
    treasure_changed,
)
from games.tortuga.state import (
    TortugaState,
    has_room,
    location,
    note,
    others,
    ship_of,
    tell,
    vote_cards,
)

# Cards that ask the revealer for a choice, by pending kind.
_CHOOSERS = {MARQUE: "marque", PISTOL: "pistol", CABIN_FEVER: "fever", CROWS_NEST: "nest"}


def reveal(state: TortugaState, seat: int, slot: int) -> None:
    """Flip a row card, refill its slot from the deck, then resolve the card."""
    card = state.row[slot]
    assert card is not None
    state.row[slot] = None
    forget_slot(state, slot)
    refill(state, slot)
    state.reveals.append({"slot": slot + 1, "card": card, "by": seat})
    tell(
        state,
        N_("{seat} reveals {card} from slot {slot}."),
        seat=seat_name(seat),
        card=CARD_TITLES[card],
        slot=slot + 1,
    )
    resolve(state, seat, card)


def resolve(state: TortugaState, seat: int, card: str) -> None:
    if card in _CHOOSERS:
        state.pending = {"kind": _CHOOSERS[card], "seat": seat, "saved": False}
        if card != MARQUE:
            state.discard.append(card)
    elif card in TREASURE_MAPS:
        state.pending = {"kind": "give", "seat": seat, "card": card}
    elif card in (ALBATROSS, PIRATE_CODE):
        state.kept[seat].append(card)
        if card == PIRATE_CODE:
            state.pirate_code[seat] = PIRATE_CODE_VOTES
    elif card == ARMADA:
        spanish_armada(state)
    else:
        state.discard.append(card)
        _AUTOMATIC[card](state, seat)


def _black_spot(state: TortugaState, seat: int) -> None:
    maroon_unless_fountain(state, seat, "black spot")


def _black_powder(state: TortugaState, seat: int) -> None:
    """A12: a second Black Powder (after the tie-breaker reshuffle) has no effect."""
    if state.exploded is None:
        state.pending = {"kind": "powder", "seat": seat}
    else:
        tell(state, N_("The explosion token is already placed: no effect."))


def crew_of(state: TortugaState, seat: int) -> list[int]:
    """The pawns at the seat's ship or island (only itself on a rowboat)."""
    place, _ = location(state, seat)
    if place in SHIPS:
        return state.ships[SHIPS.index(place)]
    return state.tortuga if place == "tortuga" else [seat]


def _eight_bells(state: TortugaState, seat: int) -> None:
    """ "All pawns on the revealer's boat or island are ... drawn out randomly"."""
    crew = crew_of(state, seat)
    if len(crew) > 1:
        shuffle(state, crew)
        tell(
            state,
            N_("Eight Bells: the pawns there now stand {crew}."),
            crew=[seat_name(p) for p in crew],
        )


def swap_pawns(state: TortugaState, a: int, b: int) -> None:
    swapped = {a: b, b: a}
    for line in (*state.ships, state.tortuga):
        line[:] = [swapped.get(pawn, pawn) for pawn in line]
    state.rowboats = [None if pawn is None else swapped.get(pawn, pawn) for pawn in state.rowboats]


def _facade(state: TortugaState, seat: int) -> None:
    """ "Revealer swaps pawn positions with the player sitting on their right" (A7: the
    previous player in turn order)."""
    right = (seat - 1) % state.players
    swap_pawns(state, seat, right)
    tell(
        state,
        N_("Facade: {seat} and {other} swap places."),
        seat=seat_name(seat),
        other=seat_name(right),
    )


def _scurvy(state: TortugaState, seat: int) -> None:
    crew = crew_of(state, seat)
    for pawn in crew:
        state.scurvy[pawn] = True
    tell(state, N_("Scurvy: {crew} lose their next turn."), crew=[seat_name(p) for p in crew])


def _stormy_seas(state: TortugaState, seat: int) -> None:
    place, _ = location(state, seat)
    if place in SHIPS:
        holds = state.holds[SHIPS.index(place)]
        state.galleon += sum(holds)
        chests = sum(holds)
        if chests:  # at least 1: English's choice of form is German's and French's
            back = (
                N_("Stormy Seas: {n} chest goes back to the galleon.")
                if chests == 1
                else N_("Stormy Seas: {n} chests go back to the galleon.")
            )
            tell(state, back, n=chests)
        holds[:] = [0, 0]
    elif place == "tortuga":
        state.tortuga_chests = [1, 1]
        tell(state, N_("Stormy Seas: Tortuga's chests return to their starting areas."))
    treasure_changed(state)


_AUTOMATIC = {
    BLACK_SPOT: _black_spot,
    BLACK_POWDER: _black_powder,
    EIGHT_BELLS: _eight_bells,
    FACADE: _facade,
    SCURVY: _scurvy,
    STORMY_SEAS: _stormy_seas,
}


# -- the decisions the cards ask for ------------------------------------------------------
# Each kind of pending decision has its options and its effect here; ``rules.PHASES`` names
# them. An effect first takes the decision off the table, then may put up the next one.
def seat_of(word: str) -> int:
    return int(word[1:]) - 1


def seat_options(state: TortugaState, verb: str, seats: list[int]) -> list[str]:
    return [f"{verb} {seat_name(p).lower()}" for p in seats]


def _settle(state: TortugaState) -> dict[str, Any]:
    """Take the pending decision off the table and return it."""
    pending = state.pending
    assert pending is not None
    state.pending = None
    return pending


def marque_sends(state: TortugaState, saved: bool) -> list[str]:
    """Move "any player currently on Tortuga or a rowboat to the back of the line of either
    ship" (not a full one, A3); or save the card; with no one to move, save or discard it."""
    pawns = sorted([*state.tortuga, *(p for p in state.rowboats if p is not None)])
    sends = [
        f"send {seat_name(p).lower()} {ship}"
        for p in pawns
        for i, ship in enumerate(SHIPS)
        if has_room(state, i)
    ]
    if saved:
        return sends
    return [*sends, "save marque"] if sends else ["save marque", "discard marque"]


def marque_options(state: TortugaState, seat: int) -> list[str]:
    return marque_sends(state, (state.pending or {})["saved"])


def marque(state: TortugaState, seat: int, action: str) -> None:
    saved = _settle(state)["saved"]
    words = action.split()
    if words[0] == "save":
        state.kept[seat].append(MARQUE)
        tell(state, N_("{seat} keeps the Letter of Marque for later."), seat=seat_name(seat))
        return
    if saved:
        state.kept[seat].remove(MARQUE)
    state.discard.append(MARQUE)
    if words[0] == "discard":
        tell(state, N_("Nobody is on Tortuga or a rowboat: the Letter of Marque is discarded."))
        return
    target, ship = seat_of(words[1]), SHIPS.index(words[2])
    state.ships[ship].append(target)
    if target in state.tortuga:
        state.tortuga.remove(target)
    else:
        state.rowboats[state.rowboats.index(target)] = None
    # "Revealer moves any player currently on Tortuga or a rowboat to the back of the line
    # of either ship": the revealer may be that player, who then goes there.
    if target == seat:
        tell(
            state,
            N_("Letter of Marque: {seat} goes to the back of the {ship}'s line."),
            seat=seat_name(seat),
            ship=SHIP_TITLES[ship],
        )
    else:
        tell(
            state,
            N_("Letter of Marque: {seat} sends {target} to the back of the {ship}'s line."),
            seat=seat_name(seat),
            target=seat_name(target),
            ship=SHIP_TITLES[ship],
        )


def pistol_options(state: TortugaState, seat: int) -> list[str]:
    return seat_options(state, "shoot", others(state, seat))


def pistol(state: TortugaState, seat: int, action: str) -> None:
    _settle(state)
    target = seat_of(action.split()[1])
    tell(
        state,
        N_("{seat} shoots {target} with the Pistol."),
        seat=seat_name(seat),
        target=seat_name(target),
    )
    maroon_unless_fountain(state, target, "pistol")


def give_options(state: TortugaState, seat: int) -> list[str]:
    return seat_options(state, "give", others(state, seat))


def give(state: TortugaState, seat: int, action: str) -> None:
    """ "Revealer gives the treasure map to another player"; El Dorado draws a card at once."""
    card = _settle(state)["card"]
    target = seat_of(action.split()[1])
    state.kept[target].append(card)
    tell(
        state,
        N_("{seat} gives {card} to {target}."),
        seat=seat_name(seat),
        card=CARD_TITLES[card],
        target=seat_name(target),
    )
    if card == EL_DORADO:
        draw_votes(state, target)


def fever_options(state: TortugaState, seat: int) -> list[str]:
    return seat_options(state, "fever", others(state, seat))


def cabin_fever(state: TortugaState, seat: int, action: str) -> None:
    """The two loyalty cards are shuffled and dealt back; each secretly views the new one."""
    _settle(state)
    target = seat_of(action.split()[1])
    pair = [state.loyalty[seat], state.loyalty[target]]
    shuffle(state, pair)
    state.loyalty[seat], state.loyalty[target] = pair
    state.fevers.append([seat, target])
    for p in (seat, target):
        state.loyalty_log[p].append(state.loyalty[p])
        note(
            state,
            p,
            N_("Cabin Fever: your loyalty card is now {team}."),
            team=TEAM_NAMES[state.loyalty[p]],
        )
    tell(
        state,
        N_("Cabin Fever between {seat} and {target}."),
        seat=seat_name(seat),
        target=seat_name(target),
    )


def nest_options(state: TortugaState, seat: int) -> list[str]:
    return seat_options(state, "search", list(range(state.players)))


def crows_nest(state: TortugaState, seat: int, action: str) -> None:
    """The target's hand goes into the vote deck; the revealer searches it for the same
    number of cards, then the deck is shuffled."""
    _settle(state)
    target = seat_of(action.split()[1])
    tell(
        state,
        N_("Crow's Nest: {seat} replaces {target}'s vote cards."),
        seat=seat_name(seat),
        target=seat_name(target),
    )
    count = len(state.hands[target])
    if count:
        state.vote_deck.extend(state.hands[target])
        state.deck_runs = []  # the search takes cards from anywhere, then the deck is shuffled
        state.hands[target] = []
        state.pending = {
            "kind": "pick",
            "seat": seat,
            "target": target,
            "left": count,
            "picked": [],
        }


def pick_options(state: TortugaState, seat: int) -> list[str]:
    return [f"pick {text}" for text in sorted({vote_text(c) for c in state.vote_deck})]


def pick(state: TortugaState, seat: int, action: str) -> None:
    pending = _settle(state)
    text = action.removeprefix("pick ")
    card = next(c for c in state.vote_deck if vote_text(c) == text)
    state.vote_deck.remove(card)
    target = pending["target"]
    state.hands[target].append(card)
    tell(
        state,
        N_("{seat} picks a vote card for {target}."),
        seat=seat_name(seat),
        target=seat_name(target),
    )
    picked = [*pending["picked"], card]
    if pending["left"] > 1:
        state.pending = {**pending, "left": pending["left"] - 1, "picked": picked}
    else:
        shuffle(state, state.vote_deck)
        state.secret_log.append({"kind": "nest", "by": seat, "target": target, "cards": picked})
        note(
            state,
            seat,
            N_("Crow's Nest: you gave {target} {cards}."),
            target=seat_name(target),
            cards=vote_cards([vote_text(c) for c in state.hands[target]]),
        )


def powder_options(state: TortugaState, seat: int) -> list[str]:
    return [f"blow {ship} rowboat" for ship in SHIPS]


def black_powder(state: TortugaState, seat: int, action: str) -> None:
    _settle(state)
    boat = SHIPS.index(action.split()[1])
    state.exploded = boat
    tell(state, N_("Black Powder blows up the {ship}'s rowboat."), ship=SHIP_TITLES[boat])
    pawn = state.rowboats[boat]
    if pawn is not None:
        maroon(state, pawn)


def fountain_options(state: TortugaState, seat: int) -> list[str]:
    return ["use fountain", "decline fountain"]


def fountain(state: TortugaState, seat: int, action: str) -> None:
    _settle(state)
    if action == "use fountain":
        state.kept[seat].remove(FOUNTAIN)
        state.discard.append(FOUNTAIN)
        tell(state, N_("{seat} drinks from the Fountain of Youth and stays."), seat=seat_name(seat))
    else:
        maroon(state, seat)


def atlantis_options(state: TortugaState, seat: int) -> list[str]:
    return ["use atlantis", "keep atlantis"]


def atlantis(state: TortugaState, seat: int, action: str) -> None:
    _settle(state)
    if action == "keep atlantis":
        tell(state, N_("{seat} keeps Atlantis."), seat=seat_name(seat))
        return
    ship = ship_of(state, seat)
    assert ship is not None
    state.ships[ship].remove(seat)
    state.ships[1 - ship].append(seat)
    state.kept[seat].remove(ATLANTIS)
    state.discard.append(ATLANTIS)
    tell(
        state,
        N_("{seat} uses Atlantis to join the {ship}."),
        seat=seat_name(seat),
        ship=SHIP_TITLES[1 - ship],
    )
