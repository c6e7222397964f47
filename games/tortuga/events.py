"""Revealing an event card and resolving it. The revealer is whoever flips the card, the
forced player included (A10). Choices a card asks for become pending decisions."""

from __future__ import annotations

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
    SHIP_TITLES,
    SHIPS,
    STORMY_SEAS,
    TREASURE_MAPS,
    vote_text,
)
from games.tortuga.effects import (
    draw_votes,
    forget_slot,
    label,
    maroon,
    maroon_unless_fountain,
    refill,
    shuffle,
    spanish_armada,
    treasure_changed,
)
from games.tortuga.state import State, has_room, location, note, others, ship_of

# Cards that ask the revealer for a choice, by pending kind.
_CHOOSERS = {MARQUE: "marque", PISTOL: "pistol", CABIN_FEVER: "fever", CROWS_NEST: "nest"}


def reveal(s: State, seat: int, slot: int) -> None:
    """Flip a row card, refill its slot from the deck, then resolve the card."""
    card = s.row[slot]
    assert card is not None
    s.row[slot] = None
    forget_slot(s, slot)
    refill(s, slot)
    s.news.append(f"{label(seat)} reveals {card.title()} from slot {slot + 1}.")
    resolve(s, seat, card)


def resolve(s: State, seat: int, card: str) -> None:
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


def _black_spot(s: State, seat: int) -> None:
    maroon_unless_fountain(s, seat, "black spot")


def _black_powder(s: State, seat: int) -> None:
    """A12: a second Black Powder (after the tie-breaker reshuffle) has no effect."""
    if s.exploded is None:
        s.pending = {"kind": "powder", "seat": seat}
    else:
        s.news.append("The explosion token is already placed: no effect.")


def crew_of(s: State, seat: int) -> list[int]:
    """The pawns at the seat's ship or island (only itself on a rowboat)."""
    place, _ = location(s, seat)
    if place in SHIPS:
        return s.ships[SHIPS.index(place)]
    return s.tortuga if place == "tortuga" else [seat]


def _eight_bells(s: State, seat: int) -> None:
    """"All pawns on the revealer's boat or island are ... drawn out randomly"."""
    crew = crew_of(s, seat)
    if len(crew) > 1:
        shuffle(s, crew)
        s.news.append(f"Eight Bells: the pawns there now stand {', '.join(map(label, crew))}.")


def swap_pawns(s: State, a: int, b: int) -> None:
    for line in (*s.ships, s.tortuga, s.rowboats):
        for i, pawn in enumerate(line):
            if pawn == a:
                line[i] = b
            elif pawn == b:
                line[i] = a


def _facade(s: State, seat: int) -> None:
    """"Revealer swaps pawn positions with the player sitting on their right" (A7: the
    previous player in turn order)."""
    right = (seat - 1) % s.players
    swap_pawns(s, seat, right)
    s.news.append(f"Facade: {label(seat)} and {label(right)} swap places.")


def _scurvy(s: State, seat: int) -> None:
    crew = crew_of(s, seat)
    for pawn in crew:
        s.scurvy[pawn] = True
    s.news.append(f"Scurvy: {', '.join(map(label, crew))} lose their next turn.")


def _stormy_seas(s: State, seat: int) -> None:
    place, _ = location(s, seat)
    if place in SHIPS:
        holds = s.holds[SHIPS.index(place)]
        s.galleon += sum(holds)
        if sum(holds):
            s.news.append(f"Stormy Seas: {sum(holds)} chest(s) return to the Spanish galleon.")
        holds[:] = [0, 0]
    elif place == "tortuga":
        s.tortuga_chests = [1, 1]
        s.news.append("Stormy Seas: Tortuga's chests return to their starting areas.")
    treasure_changed(s)


_AUTOMATIC = {BLACK_SPOT: _black_spot, BLACK_POWDER: _black_powder, EIGHT_BELLS: _eight_bells,
              FACADE: _facade, SCURVY: _scurvy, STORMY_SEAS: _stormy_seas}


# -- the decisions the cards ask for ------------------------------------------------------
def marque_options(s: State, saved: bool) -> list[str]:
    """Move "any player currently on Tortuga or a rowboat to the back of the line of either
    ship" (not a full one, A3); or save the card; with no one to move, save or discard it."""
    pawns = sorted([*s.tortuga, *(p for p in s.rowboats if p is not None)])
    sends = [f"send {label(p).lower()} {ship}" for p in pawns
             for i, ship in enumerate(SHIPS) if has_room(s, i)]
    if saved:
        return sends
    return [*sends, "save marque"] if sends else ["save marque", "discard marque"]


def seat_options(s: State, verb: str, seats: list[int]) -> list[str]:
    return [f"{verb} {label(p).lower()}" for p in seats]


def decision_options(s: State, seat: int) -> list[str]:
    """Legal actions of the event decisions."""
    pending = s.pending or {}
    kind = pending["kind"]
    if kind == "marque":
        return marque_options(s, pending["saved"])
    if kind == "pistol":
        return seat_options(s, "shoot", others(s, seat))
    if kind == "give":
        return seat_options(s, "give", others(s, seat))
    if kind == "fever":
        return seat_options(s, "fever", others(s, seat))
    if kind == "nest":
        return seat_options(s, "search", list(range(s.players)))
    if kind == "pick":
        return [f"pick {text}" for text in sorted({vote_text(c) for c in s.vote_deck})]
    if kind == "powder":
        return [f"blow {ship} rowboat" for ship in SHIPS]
    if kind == "fountain":
        return ["use fountain", "decline fountain"]
    return ["use atlantis", "keep atlantis"]


def seat_of(word: str) -> int:
    return int(word[1:]) - 1


def decide(s: State, seat: int, action: str) -> None:
    """Carry out one event decision."""
    pending = s.pending or {}
    kind = pending["kind"]
    words = action.split()
    s.pending = None
    if kind == "marque":
        _marque(s, seat, action, pending["saved"])
    elif kind == "pistol":
        target = seat_of(words[1])
        s.news.append(f"{label(seat)} shoots {label(target)} with the Pistol.")
        maroon_unless_fountain(s, target, "pistol")
    elif kind == "give":
        _give(s, seat, seat_of(words[1]), pending["card"])
    elif kind == "fever":
        _cabin_fever(s, seat, seat_of(words[1]))
    elif kind == "nest":
        _crows_nest(s, seat, seat_of(words[1]))
    elif kind == "pick":
        _pick(s, seat, action.removeprefix("pick "), pending)
    elif kind == "powder":
        _blow(s, SHIPS.index(words[1]))
    elif kind == "fountain":
        _fountain(s, seat, words[0] == "use")
    else:
        _atlantis(s, seat, words[0] == "use")


def _marque(s: State, seat: int, action: str, saved: bool) -> None:
    words = action.split()
    if words[0] == "save":
        s.kept[seat].append(MARQUE)
        s.news.append(f"{label(seat)} keeps the Letter of Marque for later.")
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
    s.news.append(f"Letter of Marque: {label(seat)} sends {label(target)} to the "
                  f"{SHIP_TITLES[ship]}.")


def _give(s: State, seat: int, target: int, card: str) -> None:
    """"Revealer gives the treasure map to another player"; El Dorado draws a card at once."""
    s.kept[target].append(card)
    s.news.append(f"{label(seat)} gives {card.title()} to {label(target)}.")
    if card == EL_DORADO:
        draw_votes(s, target)


def _cabin_fever(s: State, seat: int, target: int) -> None:
    """The two loyalty cards are shuffled and dealt back; each secretly views the new one."""
    pair = [s.loyalty[seat], s.loyalty[target]]
    shuffle(s, pair)
    s.loyalty[seat], s.loyalty[target] = pair
    for p in (seat, target):
        note(s, p, f"Cabin Fever: your loyalty card is now {s.loyalty[p].title()}.")
    s.news.append(f"Cabin Fever between {label(seat)} and {label(target)}.")


def _crows_nest(s: State, seat: int, target: int) -> None:
    """The target's hand goes into the vote deck; the revealer searches it for the same
    number of cards, then the deck is shuffled."""
    s.news.append(f"Crow's Nest: {label(seat)} replaces {label(target)}'s vote cards.")
    count = len(s.hands[target])
    if count:
        s.vote_deck.extend(s.hands[target])
        s.hands[target] = []
        s.pending = {"kind": "pick", "seat": seat, "target": target, "left": count}


def _pick(s: State, seat: int, text: str, pending: dict) -> None:
    card = next(c for c in s.vote_deck if vote_text(c) == text)
    s.vote_deck.remove(card)
    target = pending["target"]
    s.hands[target].append(card)
    s.news.append(f"{label(seat)} picks a vote card for {label(target)}.")
    if pending["left"] > 1:
        s.pending = {**pending, "left": pending["left"] - 1}
    else:
        shuffle(s, s.vote_deck)
        note(s, seat, f"Crow's Nest: you gave {label(target)} "
                      f"{', '.join(vote_text(c) for c in s.hands[target])}.")


def _blow(s: State, boat: int) -> None:
    s.exploded = boat
    s.news.append(f"Black Powder blows up the {SHIP_TITLES[boat]}'s rowboat.")
    pawn = s.rowboats[boat]
    if pawn is not None:
        maroon(s, pawn)


def _fountain(s: State, seat: int, use: bool) -> None:
    if use:
        s.kept[seat].remove(FOUNTAIN)
        s.discard.append(FOUNTAIN)
        s.news.append(f"{label(seat)} drinks from the Fountain of Youth and stays.")
    else:
        maroon(s, seat)


def _atlantis(s: State, seat: int, use: bool) -> None:
    if not use:
        s.news.append(f"{label(seat)} keeps Atlantis.")
        return
    ship = ship_of(s, seat)
    assert ship is not None
    s.ships[ship].remove(seat)
    s.ships[1 - ship].append(seat)
    s.kept[seat].remove(ATLANTIS)
    s.discard.append(ATLANTIS)
    s.news.append(f"{label(seat)} uses Atlantis to join the {SHIP_TITLES[1 - ship]}.")
