"""Components of Tortuga 1667 as data: seats, places, loyalty cards, the vote deck, the events.

The vote deck split is the rulings' reconstruction (§3.3, flagged unverified): swap the table
if the printed composition turns up; no logic depends on it.
"""

from __future__ import annotations

from collections.abc import Callable

from games.core.words import N_, t, tn

SEAT_NAMES: tuple[str, ...] = tuple(f"P{i}" for i in range(1, 10))

SHIPS: tuple[str, ...] = ("fd", "jr")
SHIP_TITLES: tuple[str, ...] = (N_("Flying Dutchman"), N_("Jolly Roger"))
"""The ships' names, in English: said with ``t`` (a state or a change may keep them)."""
SHIP_SIZE = 5
TEAMS: tuple[str, ...] = ("british", "french")
TEAM_NAMES: dict[str, str] = {
    "british": N_("British"),
    "french": N_("French"),
    "dutch": N_("Dutch"),
}
"""A loyalty as a player reads it (the team's people: "the British win"), said with ``t``."""

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
    MARQUE: N_("Letter of Marque"),
    PISTOL: N_("Pistol"),
    ALBATROSS: N_("Albatross"),
    BLACK_SPOT: N_("Black Spot"),
    ATLANTIS: N_("Atlantis"),
    EL_DORADO: N_("El Dorado"),
    FOUNTAIN: N_("Fountain of Youth"),
    BLACK_POWDER: N_("Black Powder"),
    CABIN_FEVER: N_("Cabin Fever"),
    CROWS_NEST: N_("Crow's Nest"),
    EIGHT_BELLS: N_("Eight Bells"),
    FACADE: N_("Facade"),
    PIRATE_CODE: N_("Pirate Code"),
    SCURVY: N_("Scurvy"),
    STORMY_SEAS: N_("Stormy Seas"),
    ARMADA: N_("Spanish Armada"),
}
"""Event card names as printed on the cards (English; said with :func:`card_title`)."""

SYMBOL_TITLES: dict[str, str] = {
    "cannon": N_("Cannon"),
    "torch": N_("Torch"),
    "water": N_("Water"),
    "british": N_("British flag"),
    "french": N_("French flag"),
    "skull": N_("Skull"),
    "helm": N_("Helm"),
}
"""A vote card's symbols as a button names them (said with :func:`symbol_title`)."""

SYMBOL_WORDS: dict[str, str] = {
    "cannon": N_("cannon"),
    "torch": N_("torch"),
    "water": N_("water"),
    "british": N_("british"),
    "french": N_("french"),
    "skull": N_("skull"),
    "helm": N_("helm"),
}
"""The symbols as a vote's reveal lists them ("cannon, cannon, torch"), said with ``t``."""


def symbol_title(symbol: str) -> str:
    """A vote card's symbol as a button names it, in the language spoken: ``Cannon``."""
    return t(SYMBOL_TITLES[symbol])


def card_words(text: str, counting: str | None = None) -> str:
    """A vote card in words, the symbol that counts (else the card's first) before the others:
    ``Cannon (British flag, Skull)``, one format wherever a card is named."""
    symbols = [symbol_title(word) for word in text.split()]
    first = symbols.pop(SECTIONS.index(counting) if counting else 0)
    return f"{first} ({', '.join(symbols)})"


def semicolons(items: list[str]) -> str:
    """Items set apart by semicolons, as the language spoken writes them (French puts a
    no-break space before each)."""
    said = items[0] if items else ""
    for item in items[1:]:
        said = t("{earlier}; {later}", earlier=said, later=item)
    return said


def cards_in_words(cards: list[str]) -> str:
    """Vote cards as the buttons name them, top symbol first: ``Cannon (French flag, Helm);
    Torch (British flag, Skull)``."""
    return semicolons([card_words(card) for card in cards])


def card_title(card: str) -> str:
    """An event card's printed name in the language spoken: ``crow's nest`` -> "Crow's Nest"."""
    return t(CARD_TITLES[card])


def ship_title(ship: int) -> str:
    """A ship's name in the language spoken."""
    return t(SHIP_TITLES[ship])


def team_name(team: str) -> str:
    """A loyalty in the language spoken: ``british`` -> "British"."""
    return t(TEAM_NAMES[team])


def one_after_another(loyalties: list[str]) -> str:
    """Loyalty cards held one after another (Cabin Fever), in the language spoken:
    ``British, then French``."""
    said = team_name(loyalties[0])
    for later in loyalties[1:]:
        said = t("{earlier}, then {later}", earlier=said, later=team_name(later))
    return said


_COUNTED: dict[str, Callable[[int], str]] = {
    "chest": lambda n: tn("{n} chest", "{n} chests", n),
    "vote card": lambda n: tn("{n} vote card", "{n} vote cards", n),
    "cannon": lambda n: tn("{n} cannon", "{n} cannons", n),
    "torch": lambda n: tn("{n} torch", "{n} torches", n),
    "water": lambda n: tn("{n} water", "{n} waters", n),
    "skull": lambda n: tn("{n} skull", "{n} skulls", n),
    "helm": lambda n: tn("{n} helm", "{n} helms", n),
    "british": lambda n: tn("{n} British flag", "{n} British flags", n),
    "french": lambda n: tn("{n} French flag", "{n} French flags", n),
}


def counted(count: int, noun: str) -> str:
    """``1 chest``, ``2 chests``: a number with its noun, in the language spoken (``noun`` is
    a chest, a vote card or a symbol)."""
    return _COUNTED[noun](count)
