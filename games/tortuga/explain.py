"""Why an action is refused: the rule that forbids it here, in one sentence (``explain``).

Each sentence names the rule (and the rulebook's words where they help) and may say what is
allowed instead, in words. It never repeats the refused text, and never names a secret: a
vote card that is not in the hand is "no such card", not a list of the hand.
"""

from __future__ import annotations

from collections.abc import Callable

from games.core.words import N_, t
from games.tortuga import rules
from games.tortuga.data import (
    EL_DORADO,
    MARQUE,
    ROW_SIZE,
    SEAT_NAMES,
    SHIP_SIZE,
    SHIPS,
    TEAMS,
    counted,
    ship_title,
    team_name,
    vote_text,
)
from games.tortuga.events import marque_sends
from games.tortuga.state import TortugaState, location, row_count

Reason = Callable[[TortugaState, int, list[str]], str | None]

ASKS: dict[str, str] = {
    "turn": N_("That is not a move here: {seat} must take one action of their turn now."),
    "hold": N_(
        "That is not a move here: {seat} must choose the hold of their ship's first chest now."
    ),
    "vote": N_("That is not a move here: {seat} must play a vote card now."),
    "take": N_(
        "That is not a move here: {seat} must choose a hold to take a chest from, or take "
        "nothing now."
    ),
    "view": N_("That is not a move here: {seat} must choose the 2 event cards to view now."),
    "force": N_("That is not a move here: {seat} must choose the 2 event cards to offer now."),
    "forced": N_(
        "That is not a move here: {seat} must reveal one of the 2 event cards offered now."
    ),
    "marque": N_("That is not a move here: {seat} must use the Letter of Marque now."),
    "pistol": N_("That is not a move here: {seat} must choose whom to shoot with the Pistol now."),
    "give": N_(
        "That is not a move here: {seat} must choose another player to receive the treasure "
        "map now."
    ),
    "fever": N_("That is not a move here: {seat} must choose another player for Cabin Fever now."),
    "nest": N_("That is not a move here: {seat} must choose whose vote cards to replace now."),
    "pick": N_("That is not a move here: {seat} must pick a vote card from the deck now."),
    "powder": N_("That is not a move here: {seat} must choose the rowboat to blow up now."),
    "fountain": N_(
        "That is not a move here: {seat} must decide whether to drink from the Fountain of "
        "Youth now."
    ),
    "atlantis": N_("That is not a move here: {seat} must decide whether to use Atlantis now."),
}
"""What each decision asks: the sentence that says what is allowed instead."""

# The first word of the actions each decision takes.
_VERBS: dict[str, set[str]] = {
    "hold": {"hold"},
    "vote": {"vote"},
    "take": {"take"},
    "view": {"view"},
    "force": {"slots"},
    "forced": {"reveal"},
    "marque": {"send", "save", "discard"},
    "pistol": {"shoot"},
    "give": {"give"},
    "fever": {"fever"},
    "nest": {"search"},
    "pick": {"pick"},
    "powder": {"blow"},
    "fountain": {"use", "decline"},
    "atlantis": {"use", "keep"},
}


def explain(state: TortugaState, seat: int, action: str) -> str:
    """One sentence: why ``action`` is not legal for ``seat`` now."""
    me = SEAT_NAMES[seat]
    if state.outcome is not None:
        return t("The game is over: the Spanish Armada has decided it.")
    acting = rules.to_act(state)
    if seat not in acting:
        names = ", ".join(SEAT_NAMES[p] for p in acting)
        return t(
            "It is not {seat}'s turn to act: the game waits for {names}.", seat=me, names=names
        )
    words = action.split()
    phase = rules.phase_of(state)
    if words:
        reason = _REASONS.get(phase, _no_reason)(state, seat, words)
        if reason:
            return reason
    return t(ASKS[phase], seat=me)


def _no_reason(state: TortugaState, seat: int, words: list[str]) -> str | None:
    return None


def _slot(word: str) -> int | None:
    """A row slot number (1-5), or None when the word is not one."""
    return int(word) if word.isdigit() and 1 <= int(word) <= ROW_SIZE else None


def _seat(state: TortugaState, word: str) -> int | None:
    """A seat from ``p3``, or None when the word names no seat of this game."""
    if len(word) >= 2 and word[0] == "p" and word[1:].isdigit():
        seat = int(word[1:]) - 1
        if 0 <= seat < state.players:
            return seat
    return None


def _empty_slot(state: TortugaState, word: str) -> str | None:
    slot = _slot(word)
    if slot is None:
        return t("The event row has slots 1 to 5.")
    if state.row[slot - 1] is None:
        return t(
            "Event slot {slot} is empty: the event deck has run out, so revealed cards are no "
            "longer replaced.",
            slot=slot,
        )
    return None


def _role(state: TortugaState, seat: int) -> str:
    """Where the seat stands, as the end of "P1 is ...": "captain of the Jolly Roger"."""
    place, rank = location(state, seat)
    if place in SHIPS:
        ship = ship_title(SHIPS.index(place))
        last = rank == len(state.ships[SHIPS.index(place)]) - 1
        if rank == 0:
            return t("captain of the {ship}", ship=ship)
        if rank == 1:
            if last:
                return t("first mate and cabin boy of the {ship}", ship=ship)
            return t("first mate of the {ship}", ship=ship)
        if last:
            return t("number {n} and cabin boy of the {ship}", n=rank + 1, ship=ship)
        return t("number {n} of the {ship}", n=rank + 1, ship=ship)
    if place == "tortuga":
        if rank == 0:
            return t("the governor of Tortuga")
        return t("number {n} on Tortuga", n=rank + 1)
    return t("in the {ship}'s rowboat", ship=ship_title(SHIPS.index(place.split()[0])))


def _turn(state: TortugaState, seat: int, words: list[str]) -> str | None:
    verb, rest = words[0], words[1:]
    me = SEAT_NAMES[seat]
    if verb in ("view", "force") and row_count(state) < 2:
        if verb == "view":
            return t(
                "To view you need at least 2 face-down event cards in the row, and only 1 is "
                "left (rulings A15): reveal it instead."
            )
        return t(
            "To force you need at least 2 face-down event cards in the row, and only 1 is "
            "left (rulings A15): reveal it instead."
        )
    if verb == "view" and rest:
        return t("Choose View 2 event cards first, then the two cards to look at.")
    if verb == "reveal" and rest:
        return _empty_slot(state, rest[0])
    if verb == "force" and rest:
        target = _seat(state, rest[0])
        if target is None:
            return _no_such_player(state)
        if target == seat:
            return t("You must force another player, not yourself.")
    if verb == "move":
        return _move(state, seat, rest)
    if verb in ("attack", "maroon"):
        place, rank = location(state, seat)
        if place not in SHIPS or rank != 0:
            if verb == "attack":
                return t(
                    "Only a ship's captain may call for an attack; {seat} is {role}.",
                    seat=me,
                    role=_role(state, seat),
                )
            return t(
                "Only a ship's captain may maroon a pawn; {seat} is {role}.",
                seat=me,
                role=_role(state, seat),
            )
        target = _seat(state, rest[0]) if rest else None
        if verb == "maroon" and (
            target is None or target == seat or target not in _crew(state, seat)
        ):
            return t("A captain may maroon only another pawn on their own ship.")
    if verb == "mutiny":
        return t(
            "Only a ship's first mate (second in line) may call for a mutiny; {seat} is {role}.",
            seat=me,
            role=_role(state, seat),
        )
    if verb == "brawl":
        return t(
            "Only the governor of Tortuga (first in its line) may call for a brawl; {seat} is "
            "{role}.",
            seat=me,
            role=_role(state, seat),
        )
    if verb == "treasure":
        return _treasure(state, seat, rest)
    if verb == "use" and rest[:1] == ["marque"]:
        if MARQUE not in state.kept[seat]:
            return t("{seat} has no saved Letter of Marque.", seat=me)
        if not marque_sends(state, saved=True):
            return t("Nobody is on Tortuga or a rowboat to send with the Letter of Marque.")
    if verb == "vote":
        return t("No vote is under way: it is {seat}'s turn to take one action.", seat=me)
    if verb in set().union(*_VERBS.values()):
        return t("Nothing asks for that now: it is {seat}'s turn to take one action.", seat=me)
    return None


def _no_such_player(state: TortugaState) -> str:
    return t("There is no such player in this {n}-player game.", n=state.players)


def _full(ship: int) -> str:
    return t("The {ship} is full: a ship holds at most 5 pawns (A3).", ship=ship_title(ship))


def _crew(state: TortugaState, seat: int) -> list[int]:
    return next((ship for ship in state.ships if seat in ship), [])


def _move(state: TortugaState, seat: int, rest: list[str]) -> str | None:
    place, _ = location(state, seat)
    if not rest or rest[0] not in (*SHIPS, "tortuga"):
        return t("Move names a rowboat, a ship or Tortuga.")
    if place.endswith("boat"):
        ship = SHIPS.index(place.split()[0])
        if rest == [SHIPS[ship]] and len(state.ships[ship]) >= SHIP_SIZE:
            return _full(ship)
        return t(
            "From the {ship}'s rowboat you may row to Tortuga or board the {ship}.",
            ship=ship_title(ship),
        )
    if rest[0] == "tortuga" or rest[-1] != "rowboat":
        if place in SHIPS:
            return t("From a ship you first move into a rowboat: each move is one step.")
        return t("From Tortuga you first move into a rowboat: each move is one step.")
    boat = SHIPS.index(rest[0])
    if place in SHIPS and SHIPS.index(place) != boat:
        return t(
            "From the {ship} you can reach only its own rowboat.",
            ship=ship_title(SHIPS.index(place)),
        )
    if state.exploded == boat:
        return t(
            "The {ship}'s rowboat was blown up by Black Powder: nobody may use it.",
            ship=ship_title(boat),
        )
    pawn = state.rowboats[boat]
    if pawn is not None:
        return t(
            "The {ship}'s rowboat already holds {seat}: a rowboat holds only 1 pawn.",
            ship=ship_title(boat),
            seat=SEAT_NAMES[pawn],
        )
    return None


def _treasure(state: TortugaState, seat: int, rest: list[str]) -> str | None:
    crew = _crew(state, seat)
    if not crew or crew[-1] != seat:
        return t(
            "Only a cabin boy (the last pawn on a ship) may move a chest between its holds; "
            "{seat} is {role}.",
            seat=SEAT_NAMES[seat],
            role=_role(state, seat),
        )
    ship = state.ships.index(crew)
    if len(rest) == 2 and rest[1] in TEAMS:
        source = TEAMS[1 - TEAMS.index(rest[1])]
        if not state.holds[ship][TEAMS.index(source)]:
            return t(
                "The {ship}'s {team} hold has no chest to move.",
                ship=ship_title(ship),
                team=team_name(source),
            )
    return None


def _vote(state: TortugaState, seat: int, words: list[str]) -> str | None:
    if words[0] != "vote":
        return t("A vote is under way: {seat} must play a vote card first.", seat=SEAT_NAMES[seat])
    texts = " ".join(words[1:]).split(" and ")
    if len(texts) > 2 or (len(texts) == 2 and EL_DORADO not in state.kept[seat]):
        return t("Only the owner of El Dorado may play two vote cards, and never more.")
    hand = [vote_text(c) for c in state.hands[seat]]
    if any(hand.count(text) < texts.count(text) for text in texts):
        return t(
            "That is not a card in your hand: you hold {cards}.",
            cards=counted(len(hand), "vote card"),
        )
    return None


def _take(state: TortugaState, seat: int, words: list[str]) -> str | None:
    if words[0] != "take":
        return None
    ship = (state.pending or {})["ship"]
    other = ship_title(1 - ship)
    rest = words[1:]
    if rest[:1] == ["to"] and not state.galleon:
        return t(
            "The Spanish galleon is empty: take from one of the {ship}'s holds instead.",
            ship=other,
        )
    if rest[:1] in (["british"], ["french"]):
        if state.galleon:
            return t(
                "While the Spanish galleon has treasure, an attack takes from the galleon only "
                "(captains cannot attack each other's ships yet)."
            )
        if not state.holds[1 - ship][TEAMS.index(rest[0])]:
            return t("The {ship}'s {team} hold is empty.", ship=other, team=team_name(rest[0]))
    return None


def _pair(state: TortugaState, seat: int, words: list[str]) -> str | None:
    slots = [_slot(w) for w in words[1:]]
    if len(slots) != 2 or None in slots:
        return t("Name two event cards by their slot numbers, 1 to 5.")
    if slots[0] == slots[1]:
        return t("Choose two different event cards.")
    for word in words[1:]:
        empty = _empty_slot(state, word)
        if empty:
            return empty
    return None


def _forced(state: TortugaState, seat: int, words: list[str]) -> str | None:
    offered = [slot + 1 for slot in (state.pending or {})["slots"]]
    by = SEAT_NAMES[(state.pending or {})["by"]]
    return t(
        "{seat} offered only event cards {first} and {second}: reveal one of them.",
        seat=by,
        first=offered[0],
        second=offered[1],
    )


def _marque(state: TortugaState, seat: int, words: list[str]) -> str | None:
    verb, rest = words[0], words[1:]
    if verb == "discard" and marque_sends(state, saved=True):
        return t("Someone can be sent, so the Letter of Marque is used or saved, not discarded.")
    if verb == "save" and (state.pending or {})["saved"]:
        return t("This Letter of Marque was saved already: play it now.")
    if verb == "send" and rest:
        target = _seat(state, rest[0])
        if target is None:
            return _no_such_player(state)
        if target not in state.tortuga and target not in state.rowboats:
            return t("The Letter of Marque moves only a pawn that is on Tortuga or in a rowboat.")
        if len(rest) == 2 and rest[1] in SHIPS:
            ship = SHIPS.index(rest[1])
            if len(state.ships[ship]) >= SHIP_SIZE:
                return _full(ship)
    return None


def _another(rule: str) -> Reason:
    """The target of a card that names "another player": never oneself."""

    def reason(state: TortugaState, seat: int, words: list[str]) -> str | None:
        target = _seat(state, words[1]) if len(words) > 1 else None
        if len(words) > 1 and target is None:
            return _no_such_player(state)
        if target == seat:
            return t(rule)
        return None

    return reason


def _pick(state: TortugaState, seat: int, words: list[str]) -> str | None:
    if words[0] == "pick":
        return t("The vote deck holds no such card: pick one of the cards you see in it.")
    return None


_REASONS: dict[str, Reason] = {
    "turn": _turn,
    "vote": _vote,
    "take": _take,
    "view": _pair,
    "force": _pair,
    "forced": _forced,
    "marque": _marque,
    "pistol": _another(N_("The Pistol shoots another player, not yourself.")),
    "give": _another(N_("A treasure map is given to another player, never kept by its revealer.")),
    "fever": _another(N_("Cabin Fever swaps loyalty cards with another player, not yourself.")),
    "pick": _pick,
}
