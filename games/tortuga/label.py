"""Button and menu labels: every legal action, and every whole-word prefix of several, in words.

The canonical text (``send p1 fd``) stays what is logged and typed; a player reads "Send P1 to
the Flying Dutchman". A prefix names the group the bot offers as one step (``vote cannon`` ->
"Play a card: Cannon, ..."). Labels may be shown in public (the board post's buttons), so they
never name a secret: no card a seat has looked at, no loyalty.
"""

from __future__ import annotations

from games.core.words import N_, joined, t
from games.tortuga import rules
from games.tortuga.data import (
    SEAT_NAMES,
    SHIPS,
    card_title,
    card_words,
    ship_title,
    symbol_title,
    team_name,
)
from games.tortuga.state import TortugaState, ship_of

LIMIT = 80


def label(state: TortugaState, seat: int, action: str) -> str:
    """Words for a legal action of ``seat`` or for a whole-word prefix of several, in the
    language spoken (measured in it, so each fits Discord's 80 characters)."""
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
    return ship_title(SHIPS.index(word))


def _counting(state: TortugaState) -> str | None:
    """The section of a vote card that counts in the vote under way (None outside a vote)."""
    pending = state.pending or {}
    return pending.get("vote") if pending.get("kind") == "vote" else None


def _cards(state: TortugaState, words: list[str]) -> str:
    """``cannon british skull and torch french helm`` -> Cannon (British flag, Skull) and ..."""
    counting = _counting(state)
    return joined([card_words(text, counting) for text in " ".join(words).split(" and ")])


def _symbols(words: list[str]) -> str:
    """The symbols chosen so far, then an ellipsis: ``Cannon, British flag, …``."""
    return ", ".join([*(symbol_title(w) for w in words), "…"])


def action_label(state: TortugaState, seat: int, words: list[str]) -> str:
    """The label of one complete legal action."""
    verb, rest = words[0], words[1:]
    pending = state.pending or {}
    if verb == "view":
        if rest:
            return t("View event cards {first} and {second}", first=rest[0], second=rest[1])
        return t("View 2 event cards")
    if verb == "reveal":
        return t("Reveal event card {slot}", slot=rest[0])
    if verb == "force":
        return t("Force {seat} to reveal one of 2 event cards", seat=_seat(rest[0]))
    if verb == "move":
        if rest == ["tortuga"]:
            return t("Row to Tortuga")
        if len(rest) == 2:
            return t("Climb into the {ship}'s rowboat", ship=_ship(rest[0]))
        return t("Board the {ship}", ship=_ship(rest[0]))
    if verb == "attack":
        if state.galleon:
            return t("Call for an Attack on the Spanish galleon")
        return t("Call for an Attack on the {ship}'s holds", ship=_other_ship(state, seat))
    if verb == "maroon":
        return t("Maroon {seat} to Tortuga", seat=_seat(rest[0]))
    if verb == "mutiny":
        ship = ship_of(state, seat)
        assert ship is not None
        captain = SEAT_NAMES[state.ships[ship][0]]
        return t("Call for a Mutiny against captain {captain}", captain=captain)
    if verb == "treasure":
        to = rest[1]
        source = "french" if to == "british" else "british"
        return t(
            "Move a chest from the {source} hold to the {team} hold",
            source=team_name(source),
            team=team_name(to),
        )
    if verb == "brawl":
        return t("Call for a Brawl over Tortuga's 2 chests")
    if verb == "use":
        if rest == ["atlantis"]:
            return t("Use Atlantis: join the back of the {ship}", ship=_other_ship(state, seat))
        if rest == ["fountain"]:
            return t("Drink from the Fountain of Youth and stay where you are")
        return t("Play your saved Letter of Marque")
    if verb == "hold":
        return t(
            "Stow the {ship}'s first chest in the {team} hold",
            ship=ship_title(pending["ship"]),
            team=team_name(rest[0]),
        )
    if verb == "vote":
        return t("Play {cards}", cards=_cards(state, rest))
    if verb == "take":
        return _take_label(state, rest)
    if verb == "slots":
        return t(
            "Let {seat} choose between event cards {first} and {second}",
            seat=SEAT_NAMES[pending["target"]],
            first=rest[0],
            second=rest[1],
        )
    if verb == "send":
        return t("Send {seat} to the {ship}", seat=_seat(rest[0]), ship=_ship(rest[1]))
    if verb == "save":
        return t("Keep the Letter of Marque for a later turn")
    if verb == "discard":
        return t("Discard the Letter of Marque (nobody to send)")
    if verb == "shoot":
        return t("Shoot {seat} with the Pistol (marooned to Tortuga)", seat=_seat(rest[0]))
    if verb == "give":
        return t("Give {card} to {seat}", card=card_title(pending["card"]), seat=_seat(rest[0]))
    if verb == "fever":
        return t("Shuffle loyalty cards with {seat} (Cabin Fever)", seat=_seat(rest[0]))
    if verb == "search":
        if _seat(rest[0]) == SEAT_NAMES[seat]:
            return t("Replace your own vote cards (Crow's Nest)")
        return t("Replace {seat}'s vote cards (Crow's Nest)", seat=_seat(rest[0]))
    if verb == "pick":
        return t(
            "Give {seat} a card: {card}",
            seat=SEAT_NAMES[pending["target"]],
            card=card_words(" ".join(rest)),
        )
    if verb == "blow":
        return t("Blow up the {ship}'s rowboat", ship=_ship(rest[0]))
    if verb == "decline":
        return t("Keep the Fountain of Youth and go to Tortuga")
    if verb == "keep":
        return t("Keep Atlantis for a later turn")
    raise ValueError("no label for this action")


def _other_ship(state: TortugaState, seat: int) -> str:
    ship = ship_of(state, seat)
    assert ship is not None
    return ship_title(1 - ship)


def _take_label(state: TortugaState, rest: list[str]) -> str:
    if rest == ["nothing"]:
        return t("Take no treasure")
    ship = (state.pending or {})["ship"]
    if rest[0] == "to":
        return t(
            "Take a chest from the Spanish galleon into the {team} hold", team=team_name(rest[-1])
        )
    return t(
        "Take a chest from the {ship}'s {source} hold into the {team} hold",
        ship=ship_title(1 - ship),
        source=team_name(rest[0]),
        team=team_name(rest[-1]),
    )


_GROUPS: dict[str, str] = {
    "reveal": N_("Reveal an event card"),
    "force": N_("Force a player to reveal an event card"),
    "move": N_("Move your pawn"),
    "maroon": N_("Maroon a pawn of your ship to Tortuga"),
    "treasure": N_("Move a chest between your ship's holds"),
    "hold": N_("Choose the hold for the first chest"),
    "shoot": N_("Choose whom to shoot with the Pistol"),
    "fever": N_("Choose whom to share Cabin Fever with"),
    "search": N_("Choose whose vote cards to replace (Crow's Nest)"),
    "blow": N_("Blow up a rowboat (Black Powder)"),
    "use": N_("Use a card"),
}
"""The label of a group of actions that needs no more than its verb."""


def prefix_label(state: TortugaState, seat: int, words: list[str]) -> str:
    """The label of a group of several legal actions sharing the whole words ``words``."""
    verb, rest = words[0], words[1:]
    pending = state.pending or {}
    if verb == "vote":
        return _vote_group(state, rest)
    if verb == "pick":
        target = SEAT_NAMES[pending["target"]]
        if not rest:
            return t("Pick a vote card for {seat} (Crow's Nest)", seat=target)
        return t("Give {seat} a card: {symbols}", seat=target, symbols=_symbols(rest))
    if verb == "view":
        if rest:
            return t("View event card {slot} and another", slot=rest[0])
        return t("Choose 2 event cards to view")
    if verb == "slots":
        target = SEAT_NAMES[pending["target"]]
        if rest:
            return t("Offer event card {slot} and another to {seat}", slot=rest[0], seat=target)
        return t("Choose 2 event cards to offer {seat}", seat=target)
    if verb == "take":
        if rest and rest[0] == "to":
            return t("Take a chest from the Spanish galleon")
        if rest:
            return t(
                "Take a chest from the {ship}'s {source} hold",
                ship=ship_title(1 - pending["ship"]),
                source=team_name(rest[0]),
            )
        return t("Take a chest, or nothing")
    if verb == "send":
        if rest:
            return t("Send {seat} to a ship (Letter of Marque)", seat=_seat(rest[0]))
        return t("Send a pawn to a ship (Letter of Marque)")
    if verb == "give":
        return t("Choose who gets {card}", card=card_title(pending["card"]))
    return t(_GROUPS[verb])


_SECTIONS: dict[str, str] = {
    "attack": N_("Play a vote card (attack: the top counts)"),
    "brawl": N_("Play a vote card (brawl: the flag counts)"),
    "mutiny": N_("Play a vote card (mutiny: the bottom counts)"),
}
"""The first step of a vote: which section of the cards counts in it."""


def _vote_group(state: TortugaState, rest: list[str]) -> str:
    if not rest:
        counting = _counting(state)
        return t(_SECTIONS[counting]) if counting else t("Play a vote card")
    if "and" in rest:
        first, second = rest[: rest.index("and")], rest[rest.index("and") + 1 :]
        return t(
            "Play {card} and a card: {symbols}",
            card=_cards(state, first),
            symbols=_symbols(second),
        )
    return t("Play a card: {symbols}", symbols=_symbols(rest))
