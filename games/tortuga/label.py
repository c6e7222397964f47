"""Button and menu labels: every legal action, and every whole-word prefix of several, in words.

The canonical text (``send p1 fd``) stays what is logged and typed; a player reads "Send P1 to
the Flying Dutchman". A prefix names the group the bot offers as one step (``vote cannon`` ->
"Play a card: Cannon, ..."). Labels may be shown in public (the board post's buttons), so they
never name a secret: no card a seat has looked at, no loyalty.
"""

from __future__ import annotations

from games.tortuga import rules
from games.tortuga.data import (
    SEAT_NAMES,
    SECTIONS,
    SHIP_TITLES,
    SHIPS,
    SYMBOL_TITLES,
    TEAMS,
    card_title,
    card_words,
)
from games.tortuga.state import TortugaState, ship_of

LIMIT = 80
_PLACE = dict(zip(SECTIONS, ("top", "flag", "bottom"), strict=True))


def label(state: TortugaState, seat: int, action: str) -> str:
    """Words for a legal action of ``seat`` or for a whole-word prefix of several."""
    legal = rules.legal_actions(state, seat)
    if action in legal:
        return _fit(action_label(state, seat, action.split()))
    group = [a for a in legal if a.startswith(action + " ")]
    if not group:
        raise ValueError("label() takes a legal action or a prefix of legal actions")
    if len(group) == 1:
        return _fit(action_label(state, seat, group[0].split()))
    return _fit(prefix_label(state, seat, action.split()))


def _fit(text: str) -> str:
    return text if len(text) <= LIMIT else text[: LIMIT - 1].rstrip() + "…"


def _seat(word: str) -> str:
    return SEAT_NAMES[int(word[1:]) - 1]


def _ship(word: str) -> str:
    return SHIP_TITLES[SHIPS.index(word)]


def _team(word: str) -> str:
    return word.title()


def _counting(state: TortugaState) -> str | None:
    """The section of a vote card that counts in the vote under way (None outside a vote)."""
    pending = state.pending or {}
    return pending.get("vote") if pending.get("kind") == "vote" else None


def _cards(state: TortugaState, words: list[str]) -> str:
    """``cannon british skull and torch french helm`` -> Cannon (British flag, Skull) and ..."""
    counting = _counting(state)
    return " and ".join(card_words(text, counting) for text in " ".join(words).split(" and "))


def action_label(state: TortugaState, seat: int, words: list[str]) -> str:
    """The label of one complete legal action."""
    verb, rest = words[0], words[1:]
    pending = state.pending or {}
    if verb == "view":
        return f"View event cards {rest[0]} and {rest[1]}" if rest else "View 2 event cards"
    if verb == "reveal":
        return f"Reveal event card {rest[0]}"
    if verb == "force":
        return f"Force {_seat(rest[0])} to reveal one of 2 event cards"
    if verb == "move":
        if rest == ["tortuga"]:
            return "Row to Tortuga"
        if len(rest) == 2:
            return f"Climb into the {_ship(rest[0])}'s rowboat"
        return f"Board the {_ship(rest[0])}"
    if verb == "attack":
        if state.galleon:
            return "Call for an Attack on the Spanish galleon"
        ship = ship_of(state, seat)
        assert ship is not None
        return f"Call for an Attack on the {SHIP_TITLES[1 - ship]}'s holds"
    if verb == "maroon":
        return f"Maroon {_seat(rest[0])} to Tortuga"
    if verb == "mutiny":
        ship = ship_of(state, seat)
        assert ship is not None
        return f"Call for a Mutiny against captain {SEAT_NAMES[state.ships[ship][0]]}"
    if verb == "treasure":
        to = rest[1]
        source = TEAMS[1 - TEAMS.index(to)]
        return f"Move a chest from the {_team(source)} hold to the {_team(to)} hold"
    if verb == "brawl":
        return "Call for a Brawl over Tortuga's 2 chests"
    if verb == "use":
        if rest == ["atlantis"]:
            return f"Use Atlantis: join the back of the {_other_ship(state, seat)}"
        if rest == ["fountain"]:
            return "Drink from the Fountain of Youth and stay where you are"
        return "Play your saved Letter of Marque"
    if verb == "hold":
        ship = SHIP_TITLES[pending["ship"]]
        return f"Stow the {ship}'s first chest in the {_team(rest[0])} hold"
    if verb == "vote":
        return f"Play {_cards(state, rest)}"
    if verb == "take":
        return _take_label(state, rest)
    if verb == "slots":
        target = SEAT_NAMES[pending["target"]]
        return f"Let {target} choose between event cards {rest[0]} and {rest[1]}"
    if verb == "send":
        return f"Send {_seat(rest[0])} to the {_ship(rest[1])}"
    if verb == "save":
        return "Keep the Letter of Marque for a later turn"
    if verb == "discard":
        return "Discard the Letter of Marque (nobody to send)"
    if verb == "shoot":
        return f"Shoot {_seat(rest[0])} with the Pistol (marooned to Tortuga)"
    if verb == "give":
        return f"Give {card_title(pending['card'])} to {_seat(rest[0])}"
    if verb == "fever":
        return f"Shuffle loyalty cards with {_seat(rest[0])} (Cabin Fever)"
    if verb == "search":
        whose = "your own" if _seat(rest[0]) == SEAT_NAMES[seat] else f"{_seat(rest[0])}'s"
        return f"Replace {whose} vote cards (Crow's Nest)"
    if verb == "pick":
        return f"Give {SEAT_NAMES[pending['target']]} a card: {card_words(' '.join(rest))}"
    if verb == "blow":
        return f"Blow up the {_ship(rest[0])}'s rowboat"
    if verb == "decline":
        return "Keep the Fountain of Youth and go to Tortuga"
    if verb == "keep":
        return "Keep Atlantis for a later turn"
    raise ValueError("no label for this action")


def _other_ship(state: TortugaState, seat: int) -> str:
    ship = ship_of(state, seat)
    assert ship is not None
    return SHIP_TITLES[1 - ship]


def _take_label(state: TortugaState, rest: list[str]) -> str:
    if rest == ["nothing"]:
        return "Take no treasure"
    ship = (state.pending or {})["ship"]
    into = f"the {_team(rest[-1])} hold"
    if rest[0] == "to":
        return f"Take a chest from the Spanish galleon into {into}"
    other = SHIP_TITLES[1 - ship]
    return f"Take a chest from the {other}'s {_team(rest[0])} hold into {into}"


def prefix_label(state: TortugaState, seat: int, words: list[str]) -> str:
    """The label of a group of several legal actions sharing the whole words ``words``."""
    verb, rest = words[0], words[1:]
    pending = state.pending or {}
    if verb == "vote":
        return _vote_group(state, rest)
    if verb == "pick":
        target = SEAT_NAMES[pending["target"]]
        if not rest:
            return f"Pick a vote card for {target} (Crow's Nest)"
        return f"Give {target} a card: " + ", ".join([*(SYMBOL_TITLES[w] for w in rest), "…"])
    if verb == "view":
        return f"View event card {rest[0]} and another" if rest else "Choose 2 event cards to view"
    if verb == "slots":
        target = SEAT_NAMES[pending["target"]]
        if rest:
            return f"Offer event card {rest[0]} and another to {target}"
        return f"Choose 2 event cards to offer {target}"
    if verb == "take":
        if rest and rest[0] == "to":
            return "Take a chest from the Spanish galleon"
        if rest:
            other = SHIP_TITLES[1 - pending["ship"]]
            return f"Take a chest from the {other}'s {_team(rest[0])} hold"
        return "Take a chest, or nothing"
    if verb == "send":
        if rest:
            return f"Send {_seat(rest[0])} to a ship (Letter of Marque)"
        return "Send a pawn to a ship (Letter of Marque)"
    groups = {
        "reveal": "Reveal an event card",
        "force": "Force a player to reveal an event card",
        "move": "Move your pawn",
        "maroon": "Maroon a pawn of your ship to Tortuga",
        "treasure": "Move a chest between your ship's holds",
        "hold": "Choose the hold for the first chest",
        "shoot": "Choose whom to shoot with the Pistol",
        "fever": "Choose whom to share Cabin Fever with",
        "search": "Choose whose vote cards to replace (Crow's Nest)",
        "blow": "Blow up a rowboat (Black Powder)",
        "use": "Use a card",
    }
    if verb == "give":
        return f"Choose who gets {card_title(pending['card'])}"
    return groups[verb]


def _vote_group(state: TortugaState, rest: list[str]) -> str:
    if not rest:
        counting = _counting(state)
        section = f" ({counting}: the {_PLACE[counting]} counts)" if counting else ""
        return f"Play a vote card{section}"
    if "and" in rest:
        first, second = rest[: rest.index("and")], rest[rest.index("and") + 1 :]
        tail = ", ".join([*(SYMBOL_TITLES[w] for w in second), "…"])
        return f"Play {_cards(state, first)} and a card: {tail}"
    return "Play a card: " + ", ".join([*(SYMBOL_TITLES[w] for w in rest), "…"])
