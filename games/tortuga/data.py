"""Components of Tortuga 1667 as data: seats, places, loyalty cards, the vote deck, the events.

The vote deck split is the rulings' reconstruction (§3.3, flagged unverified): swap the table
if the printed composition turns up; no logic depends on it.
"""

from __future__ import annotations

SEAT_NAMES: tuple[str, ...] = tuple(f"P{i}" for i in range(1, 10))

SHIPS: tuple[str, ...] = ("fd", "jr")
SHIP_TITLES: tuple[str, ...] = ("Flying Dutchman", "Jolly Roger")
SHIP_SIZE = 5
TEAMS: tuple[str, ...] = ("british", "french")

# (British, French, Dutch) loyalty cards by player count (rulings §1.2).
LOYALTY: dict[int, tuple[int, int, int]] = {
    2: (1, 1, 0),
    3: (1, 1, 1),
    4: (2, 2, 0),
    5: (2, 2, 1),
    6: (3, 3, 0),
    7: (3, 3, 1),
    8: (4, 4, 0),
    9: (4, 4, 1),
}
HAND_SIZE = 3
TREASURE_TOTAL = 8
GALLEON_START = 4

# (middle, bottom) -> (cannons, torches, waters): rulings §3.3.
_VOTE_SPLIT: dict[tuple[str, str], tuple[int, int, int]] = {
    ("british", "skull"): (3, 3, 2),
    ("british", "helm"): (3, 2, 3),
    ("french", "skull"): (2, 3, 3),
    ("french", "helm"): (2, 3, 3),
}


def _vote_cards() -> tuple[tuple[str, str, str], ...]:
    cards: list[tuple[str, str, str]] = []
    for (flag, bottom), counts in _VOTE_SPLIT.items():
        for top, count in zip(("cannon", "torch", "water"), counts, strict=True):
            cards.extend((top, flag, bottom) for _ in range(count))
    return tuple(cards)


VOTE_CARDS: tuple[tuple[str, str, str], ...] = _vote_cards()
"""Card id -> (attack symbol, brawl flag, mutiny symbol)."""
VOTE_TOTAL = len(VOTE_CARDS)


def vote_text(card: int) -> str:
    """The readable name of a vote card, e.g. ``cannon british skull``."""
    return " ".join(VOTE_CARDS[card])


# Event cards (rulings §4.1). Names are the canonical text used in views.
MARQUE = "letter of marque"
PISTOL = "pistol"
ALBATROSS = "albatross"
BLACK_SPOT = "black spot"
ATLANTIS = "atlantis"
EL_DORADO = "el dorado"
FOUNTAIN = "fountain of youth"
BLACK_POWDER = "black powder"
CABIN_FEVER = "cabin fever"
CROWS_NEST = "crow's nest"
EIGHT_BELLS = "eight bells"
FACADE = "facade"
PIRATE_CODE = "pirate code"
SCURVY = "scurvy"
STORMY_SEAS = "stormy seas"
ARMADA = "spanish armada"

BASE_EVENTS: tuple[str, ...] = (
    (MARQUE,) * 3
    + (PISTOL,) * 3
    + (ALBATROSS,) * 3
    + (BLACK_SPOT,) * 3
    + (ATLANTIS, EL_DORADO, FOUNTAIN)
)
TREASURE_MAPS: tuple[str, ...] = (ATLANTIS, EL_DORADO, FOUNTAIN)
STARRED: tuple[str, ...] = (
    BLACK_POWDER,
    CABIN_FEVER,
    CROWS_NEST,
    EIGHT_BELLS,
    FACADE,
    PIRATE_CODE,
    SCURVY,
    STORMY_SEAS,
)
STARRED_IN_GAME = 3
ROW_SIZE = 5
PIRATE_CODE_VOTES = 2
SECTIONS: tuple[str, ...] = ("attack", "brawl", "mutiny")
"""Which section of a vote card counts in each vote: top, middle, bottom."""

CARD_TITLES: dict[str, str] = {
    MARQUE: "Letter of Marque",
    PISTOL: "Pistol",
    ALBATROSS: "Albatross",
    BLACK_SPOT: "Black Spot",
    ATLANTIS: "Atlantis",
    EL_DORADO: "El Dorado",
    FOUNTAIN: "Fountain of Youth",
    BLACK_POWDER: "Black Powder",
    CABIN_FEVER: "Cabin Fever",
    CROWS_NEST: "Crow's Nest",
    EIGHT_BELLS: "Eight Bells",
    FACADE: "Facade",
    PIRATE_CODE: "Pirate Code",
    SCURVY: "Scurvy",
    STORMY_SEAS: "Stormy Seas",
    ARMADA: "Spanish Armada",
}
"""Event card names as printed on the cards."""

SYMBOL_TITLES: dict[str, str] = {
    "cannon": "Cannon",
    "torch": "Torch",
    "water": "Water",
    "british": "British flag",
    "french": "French flag",
    "skull": "Skull",
    "helm": "Helm",
}


def card_words(text: str, counting: str | None = None) -> str:
    """A vote card in words, the symbol that counts (else the card's first) before the others:
    ``Cannon (British flag, Skull)``, one format wherever a card is named."""
    symbols = [SYMBOL_TITLES[word] for word in text.split()]
    first = symbols.pop(SECTIONS.index(counting) if counting else 0)
    return f"{first} ({', '.join(symbols)})"


def card_title(card: str) -> str:
    """An event card's printed name: ``crow's nest`` -> "Crow's Nest"."""
    return CARD_TITLES[card]


def counted(count: int, noun: str) -> str:
    """``1 chest``, ``2 chests``: a number with its (regular) noun in the right number."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"
