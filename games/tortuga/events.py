"""Revealing an event card and resolving it. The revealer is whoever flips the card, the
forced player included (A10). Choices a card asks for become pending decisions."""

from __future__ import annotations

from typing import Any

from games.tortuga.data import (
    ALBATROSS,
    ARMADA,
    ATLANTIS,
    BLACK_POWDER,
    BLACK_SPOT,
    CABIN_FEVER,
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
    SECTIONS,
    SHIP_TITLES,
    SHIPS,
    STORMY_SEAS,
    TREASURE_MAPS,
    card_title,
    card_words,
    counted,
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
from games.tortuga.state import TortugaState, has_room, location, note, others, ship_of

# Cards that ask the revealer for a choice, by pending kind.
_CHOOSERS = {MARQUE: "marque", PISTOL: "pistol", CABIN_FEVER: "fever", CROWS_NEST: "nest"}


def reveal(s: TortugaState, seat: int, slot: int) -> None:
    """Flip a row card, refill its slot from the deck, then resolve the card."""
    card = s.row[slot]
    assert card is not None
    s.row[slot] = None
    forget_slot(s, slot)
    refill(s, slot)
    s.reveals.append({"slot": slot + 1, "card": card, "by": seat})
    s.news.append(f"{seat_name(seat)} reveals {card_title(card)} from slot {slot + 1}.")
    resolve(s, seat, card)


def resolve(s: TortugaState, seat: int, card: str) -> None:
    if card in _CHOOSERS:
        s.pending = {"kind": _CHOOSERS[card], "seat": seat, "saved": False}
        if card != MARQUE:
            s.discard.append(card)
    elif card in TREASURE_MAPS:
        s.pending = {"kind": "give", "seat": seat, "card": card}
    elif card in (ALBATROSS, PIRATE_CODE):
        s.kept[seat].append(card)
        if card == PIRATE_CODE:
            s.pirate_code[seat] = PIRATE_CODE_VOTES
    elif card == ARMADA:
        spanish_armada(s)
    else:
        s.discard.append(card)
        _AUTOMATIC[card](s, seat)


def _black_spot(s: TortugaState, seat: int) -> None:
    maroon_unless_fountain(s, seat, "black spot")


def _black_powder(s: TortugaState, seat: int) -> None:
    """A12: a second Black Powder (after the tie-breaker reshuffle) has no effect."""
    if s.exploded is None:
        s.pending = {"kind": "powder", "seat": seat}
    else:
        s.news.append("The explosion token is already placed: no effect.")


def crew_of(s: TortugaState, seat: int) -> list[int]:
    """The pawns at the seat's ship or island (only itself on a rowboat)."""
    place, _ = location(s, seat)
    if place in SHIPS:
        return s.ships[SHIPS.index(place)]
    return s.tortuga if place == "tortuga" else [seat]


def _eight_bells(s: TortugaState, seat: int) -> None:
    """ "All pawns on the revealer's boat or island are ... drawn out randomly"."""
    crew = crew_of(s, seat)
    if len(crew) > 1:
        shuffle(s, crew)
        s.news.append(f"Eight Bells: the pawns there now stand {', '.join(map(seat_name, crew))}.")


def swap_pawns(s: TortugaState, a: int, b: int) -> None:
    swapped = {a: b, b: a}
    for line in (*s.ships, s.tortuga):
        line[:] = [swapped.get(pawn, pawn) for pawn in line]
    s.rowboats = [None if pawn is None else swapped.get(pawn, pawn) for pawn in s.rowboats]


def _facade(s: TortugaState, seat: int) -> None:
    """ "Revealer swaps pawn positions with the player sitting on their right" (A7: the
    previous player in turn order)."""
    right = (seat - 1) % s.players
    swap_pawns(s, seat, right)
    s.news.append(f"Facade: {seat_name(seat)} and {seat_name(right)} swap places.")


def _scurvy(s: TortugaState, seat: int) -> None:
    crew = crew_of(s, seat)
    for pawn in crew:
        s.scurvy[pawn] = True
    s.news.append(f"Scurvy: {', '.join(map(seat_name, crew))} lose their next turn.")


def _stormy_seas(s: TortugaState, seat: int) -> None:
    place, _ = location(s, seat)
    if place in SHIPS:
        holds = s.holds[SHIPS.index(place)]
        s.galleon += sum(holds)
        chests = sum(holds)
        if chests:
            go = "goes" if chests == 1 else "go"
            s.news.append(f"Stormy Seas: {counted(chests, 'chest')} {go} back to the galleon.")
        holds[:] = [0, 0]
    elif place == "tortuga":
        s.tortuga_chests = [1, 1]
        s.news.append("Stormy Seas: Tortuga's chests return to their starting areas.")
    treasure_changed(s)


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


def seat_options(s: TortugaState, verb: str, seats: list[int]) -> list[str]:
    return [f"{verb} {seat_name(p).lower()}" for p in seats]


def _settle(s: TortugaState) -> dict[str, Any]:
    """Take the pending decision off the table and return it."""
    pending = s.pending
    assert pending is not None
    s.pending = None
    return pending


def marque_sends(s: TortugaState, saved: bool) -> list[str]:
    """Move "any player currently on Tortuga or a rowboat to the back of the line of either
    ship" (not a full one, A3); or save the card; with no one to move, save or discard it."""
    pawns = sorted([*s.tortuga, *(p for p in s.rowboats if p is not None)])
    sends = [
        f"send {seat_name(p).lower()} {ship}"
        for p in pawns
        for i, ship in enumerate(SHIPS)
        if has_room(s, i)
    ]
    if saved:
        return sends
    return [*sends, "save marque"] if sends else ["save marque", "discard marque"]


def marque_options(s: TortugaState, seat: int) -> list[str]:
    return marque_sends(s, (s.pending or {})["saved"])


def marque(s: TortugaState, seat: int, action: str) -> None:
    saved = _settle(s)["saved"]
    words = action.split()
    if words[0] == "save":
        s.kept[seat].append(MARQUE)
        s.news.append(f"{seat_name(seat)} keeps the Letter of Marque for later.")
        return
    if saved:
        s.kept[seat].remove(MARQUE)
    s.discard.append(MARQUE)
    if words[0] == "discard":
        s.news.append("Nobody is on Tortuga or a rowboat: the Letter of Marque is discarded.")
        return
    target, ship = seat_of(words[1]), SHIPS.index(words[2])
    s.ships[ship].append(target)
    if target in s.tortuga:
        s.tortuga.remove(target)
    else:
        s.rowboats[s.rowboats.index(target)] = None
    s.news.append(
        f"Letter of Marque: {seat_name(seat)} sends {seat_name(target)} to the {SHIP_TITLES[ship]}."
    )


def pistol_options(s: TortugaState, seat: int) -> list[str]:
    return seat_options(s, "shoot", others(s, seat))


def pistol(s: TortugaState, seat: int, action: str) -> None:
    _settle(s)
    target = seat_of(action.split()[1])
    s.news.append(f"{seat_name(seat)} shoots {seat_name(target)} with the Pistol.")
    maroon_unless_fountain(s, target, "pistol")


def give_options(s: TortugaState, seat: int) -> list[str]:
    return seat_options(s, "give", others(s, seat))


def give(s: TortugaState, seat: int, action: str) -> None:
    """ "Revealer gives the treasure map to another player"; El Dorado draws a card at once."""
    card = _settle(s)["card"]
    target = seat_of(action.split()[1])
    s.kept[target].append(card)
    s.news.append(f"{seat_name(seat)} gives {card_title(card)} to {seat_name(target)}.")
    if card == EL_DORADO:
        draw_votes(s, target)


def fever_options(s: TortugaState, seat: int) -> list[str]:
    return seat_options(s, "fever", others(s, seat))


def cabin_fever(s: TortugaState, seat: int, action: str) -> None:
    """The two loyalty cards are shuffled and dealt back; each secretly views the new one."""
    _settle(s)
    target = seat_of(action.split()[1])
    pair = [s.loyalty[seat], s.loyalty[target]]
    shuffle(s, pair)
    s.loyalty[seat], s.loyalty[target] = pair
    s.fevers.append([seat, target])
    for p in (seat, target):
        s.loyalty_log[p].append(s.loyalty[p])
        note(s, p, f"Cabin Fever: your loyalty card is now {s.loyalty[p].title()}.")
    s.news.append(f"Cabin Fever between {seat_name(seat)} and {seat_name(target)}.")


def nest_options(s: TortugaState, seat: int) -> list[str]:
    return seat_options(s, "search", list(range(s.players)))


def crows_nest(s: TortugaState, seat: int, action: str) -> None:
    """The target's hand goes into the vote deck; the revealer searches it for the same
    number of cards, then the deck is shuffled."""
    _settle(s)
    target = seat_of(action.split()[1])
    s.news.append(f"Crow's Nest: {seat_name(seat)} replaces {seat_name(target)}'s vote cards.")
    count = len(s.hands[target])
    if count:
        s.vote_deck.extend(s.hands[target])
        s.deck_runs = []  # the search takes cards from anywhere, then the deck is shuffled
        s.hands[target] = []
        s.pending = {"kind": "pick", "seat": seat, "target": target, "left": count, "picked": []}


def pick_options(s: TortugaState, seat: int) -> list[str]:
    return [f"pick {text}" for text in sorted({vote_text(c) for c in s.vote_deck})]


def pick(s: TortugaState, seat: int, action: str) -> None:
    pending = _settle(s)
    text = action.removeprefix("pick ")
    card = next(c for c in s.vote_deck if vote_text(c) == text)
    s.vote_deck.remove(card)
    target = pending["target"]
    s.hands[target].append(card)
    s.news.append(f"{seat_name(seat)} picks a vote card for {seat_name(target)}.")
    picked = [*pending["picked"], card]
    if pending["left"] > 1:
        s.pending = {**pending, "left": pending["left"] - 1, "picked": picked}
    else:
        shuffle(s, s.vote_deck)
        s.secret_log.append({"kind": "nest", "by": seat, "target": target, "cards": picked})
        note(
            s,
            seat,
            f"Crow's Nest: you gave {seat_name(target)} "
            f"{'; '.join(card_words(vote_text(c), SECTIONS[0]) for c in s.hands[target])}.",
        )


def powder_options(s: TortugaState, seat: int) -> list[str]:
    return [f"blow {ship} rowboat" for ship in SHIPS]


def black_powder(s: TortugaState, seat: int, action: str) -> None:
    _settle(s)
    boat = SHIPS.index(action.split()[1])
    s.exploded = boat
    s.news.append(f"Black Powder blows up the {SHIP_TITLES[boat]}'s rowboat.")
    pawn = s.rowboats[boat]
    if pawn is not None:
        maroon(s, pawn)


def fountain_options(s: TortugaState, seat: int) -> list[str]:
    return ["use fountain", "decline fountain"]


def fountain(s: TortugaState, seat: int, action: str) -> None:
    _settle(s)
    if action == "use fountain":
        s.kept[seat].remove(FOUNTAIN)
        s.discard.append(FOUNTAIN)
        s.news.append(f"{seat_name(seat)} drinks from the Fountain of Youth and stays.")
    else:
        maroon(s, seat)


def atlantis_options(s: TortugaState, seat: int) -> list[str]:
    return ["use atlantis", "keep atlantis"]


def atlantis(s: TortugaState, seat: int, action: str) -> None:
    _settle(s)
    if action == "keep atlantis":
        s.news.append(f"{seat_name(seat)} keeps Atlantis.")
        return
    ship = ship_of(s, seat)
    assert ship is not None
    s.ships[ship].remove(seat)
    s.ships[1 - ship].append(seat)
    s.kept[seat].remove(ATLANTIS)
    s.discard.append(ATLANTIS)
    s.news.append(f"{seat_name(seat)} uses Atlantis to join the {SHIP_TITLES[1 - ship]}.")
