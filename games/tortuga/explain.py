"""Why an action is refused: the rule that forbids it here, in one sentence (``explain``).

Each sentence names the rule (and the rulebook's words where they help) and may say what is
allowed instead, in words. It never repeats the refused text, and never names a secret: a
vote card that is not in the hand is "no such card", not a list of the hand.
"""

from __future__ import annotations

from collections.abc import Callable

from games.tortuga import rules
from games.tortuga.data import (
    EL_DORADO,
    MARQUE,
    ROW_SIZE,
    SEAT_NAMES,
    SHIP_SIZE,
    SHIP_TITLES,
    SHIPS,
    TEAMS,
    counted,
    vote_text,
)
from games.tortuga.events import marque_sends
from games.tortuga.state import TortugaState, location, row_count

Reason = Callable[[TortugaState, int, list[str]], str | None]

ASKS: dict[str, str] = {
    "turn": "take one action of their turn",
    "hold": "choose the hold of their ship's first chest",
    "vote": "play a vote card",
    "take": "choose a hold to take a chest from, or take nothing",
    "view": "choose the 2 event cards to view",
    "force": "choose the 2 event cards to offer",
    "forced": "reveal one of the 2 event cards offered",
    "marque": "use the Letter of Marque",
    "pistol": "choose whom to shoot with the Pistol",
    "give": "choose another player to receive the treasure map",
    "fever": "choose another player for Cabin Fever",
    "nest": "choose whose vote cards to replace",
    "pick": "pick a vote card from the deck",
    "powder": "choose the rowboat to blow up",
    "fountain": "decide whether to drink from the Fountain of Youth",
    "atlantis": "decide whether to use Atlantis",
}
"""What each decision asks, for the sentence that says what is allowed instead."""

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
        return "The game is over: the Spanish Armada has decided it."
    acting = rules.to_act(state)
    if seat not in acting:
        names = ", ".join(SEAT_NAMES[p] for p in acting)
        return f"It is not {me}'s turn to act: the game waits for {names}."
    words = action.split()
    phase = rules.phase_of(state)
    if words:
        reason = _REASONS.get(phase, _no_reason)(state, seat, words)
        if reason:
            return reason
    return f"That is not a move here: {me} must {ASKS[phase]} now."


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
        return "The event row has slots 1 to 5."
    if state.row[slot - 1] is None:
        return (
            f"Event slot {slot} is empty: the event deck has run out, so revealed cards are no "
            "longer replaced."
        )
    return None


def _role(state: TortugaState, seat: int) -> str:
    place, rank = location(state, seat)
    if place in SHIPS:
        ship = SHIP_TITLES[SHIPS.index(place)]
        crew = state.ships[SHIPS.index(place)]
        roles = ["captain" if rank == 0 else "first mate" if rank == 1 else f"number {rank + 1}"]
        if rank == len(crew) - 1 and rank > 0:
            roles.append("cabin boy")
        return f"{' and '.join(roles)} of the {ship}"
    if place == "tortuga":
        return "the governor of Tortuga" if rank == 0 else f"number {rank + 1} on Tortuga"
    return f"in the {SHIP_TITLES[SHIPS.index(place.split()[0])]}'s rowboat"


def _turn(state: TortugaState, seat: int, words: list[str]) -> str | None:
    verb, rest = words[0], words[1:]
    me = SEAT_NAMES[seat]
    if verb in ("view", "force") and row_count(state) < 2:
        return (
            f"To {verb} you need at least 2 face-down event cards in the row, and only 1 is left "
            "(rulings A15): reveal it instead."
        )
    if verb == "view" and rest:
        return "Choose View 2 event cards first, then the two cards to look at."
    if verb == "reveal" and rest:
        return _empty_slot(state, rest[0])
    if verb == "force" and rest:
        target = _seat(state, rest[0])
        if target is None:
            return f"There is no such player in this {state.players}-player game."
        if target == seat:
            return "You must force another player, not yourself."
    if verb == "move":
        return _move(state, seat, rest)
    if verb in ("attack", "maroon"):
        place, rank = location(state, seat)
        if place not in SHIPS or rank != 0:
            what = "call for an attack" if verb == "attack" else "maroon a pawn"
            return f"Only a ship's captain may {what}; {me} is {_role(state, seat)}."
        target = _seat(state, rest[0]) if rest else None
        if verb == "maroon" and (
            target is None or target == seat or target not in _crew(state, seat)
        ):
            return "A captain may maroon only another pawn on their own ship."
    if verb == "mutiny":
        return (
            "Only a ship's first mate (second in line) may call for a mutiny; "
            f"{me} is {_role(state, seat)}."
        )
    if verb == "brawl":
        return (
            f"Only the governor of Tortuga (first in its line) may call for a brawl; {me} is "
            f"{_role(state, seat)}."
        )
    if verb == "treasure":
        return _treasure(state, seat, rest)
    if verb == "use" and rest[:1] == ["marque"]:
        if MARQUE not in state.kept[seat]:
            return f"{me} has no saved Letter of Marque."
        if not marque_sends(state, saved=True):
            return "Nobody is on Tortuga or a rowboat to send with the Letter of Marque."
    if verb == "vote":
        return f"No vote is under way: it is {me}'s turn to take one action."
    if verb in set().union(*_VERBS.values()):
        return f"Nothing asks for that now: it is {me}'s turn to take one action."
    return None


def _crew(state: TortugaState, seat: int) -> list[int]:
    return next((ship for ship in state.ships if seat in ship), [])


def _move(state: TortugaState, seat: int, rest: list[str]) -> str | None:
    place, _ = location(state, seat)
    if not rest or rest[0] not in (*SHIPS, "tortuga"):
        return "Move names a rowboat, a ship or Tortuga."
    if place.endswith("boat"):
        ship = SHIPS.index(place.split()[0])
        if rest == [SHIPS[ship]] and len(state.ships[ship]) >= SHIP_SIZE:
            return f"The {SHIP_TITLES[ship]} is full: a ship holds at most 5 pawns (A3)."
        return (
            f"From the {SHIP_TITLES[ship]}'s rowboat you may row to Tortuga or board the "
            f"{SHIP_TITLES[ship]}."
        )
    if rest[0] == "tortuga" or rest[-1] != "rowboat":
        start = "a ship" if place in SHIPS else "Tortuga"
        return f"From {start} you first move into a rowboat: each move is one step."
    boat = SHIPS.index(rest[0])
    if place in SHIPS and SHIPS.index(place) != boat:
        return f"From the {SHIP_TITLES[SHIPS.index(place)]} you can reach only its own rowboat."
    if state.exploded == boat:
        return f"The {SHIP_TITLES[boat]}'s rowboat was blown up by Black Powder: nobody may use it."
    pawn = state.rowboats[boat]
    if pawn is not None:
        return (
            f"The {SHIP_TITLES[boat]}'s rowboat already holds {SEAT_NAMES[pawn]}: a rowboat "
            "holds only 1 pawn."
        )
    return None


def _treasure(state: TortugaState, seat: int, rest: list[str]) -> str | None:
    crew = _crew(state, seat)
    if not crew or crew[-1] != seat:
        return (
            "Only a cabin boy (the last pawn on a ship) may move a chest between its holds; "
            f"{SEAT_NAMES[seat]} is {_role(state, seat)}."
        )
    ship = state.ships.index(crew)
    if len(rest) == 2 and rest[1] in TEAMS:
        source = TEAMS[1 - TEAMS.index(rest[1])]
        if not state.holds[ship][TEAMS.index(source)]:
            return f"The {SHIP_TITLES[ship]}'s {source.title()} hold has no chest to move."
    return None


def _vote(state: TortugaState, seat: int, words: list[str]) -> str | None:
    if words[0] != "vote":
        return f"A vote is under way: {SEAT_NAMES[seat]} must play a vote card first."
    texts = " ".join(words[1:]).split(" and ")
    if len(texts) > 2 or (len(texts) == 2 and EL_DORADO not in state.kept[seat]):
        return "Only the owner of El Dorado may play two vote cards, and never more."
    hand = [vote_text(c) for c in state.hands[seat]]
    if any(hand.count(text) < texts.count(text) for text in texts):
        return f"That is not a card in your hand: you hold {counted(len(hand), 'vote card')}."
    return None


def _take(state: TortugaState, seat: int, words: list[str]) -> str | None:
    if words[0] != "take":
        return None
    ship = (state.pending or {})["ship"]
    other = SHIP_TITLES[1 - ship]
    rest = words[1:]
    if rest[:1] == ["to"] and not state.galleon:
        return f"The Spanish galleon is empty: take from one of the {other}'s holds instead."
    if rest[:1] in (["british"], ["french"]):
        if state.galleon:
            return (
                "While the Spanish galleon has treasure, an attack takes from the galleon only "
                "(captains cannot attack each other's ships yet)."
            )
        if not state.holds[1 - ship][TEAMS.index(rest[0])]:
            return f"The {other}'s {rest[0].title()} hold is empty."
    return None


def _pair(state: TortugaState, seat: int, words: list[str]) -> str | None:
    slots = [_slot(w) for w in words[1:]]
    if len(slots) != 2 or None in slots:
        return "Name two event cards by their slot numbers, 1 to 5."
    if slots[0] == slots[1]:
        return "Choose two different event cards."
    for word in words[1:]:
        empty = _empty_slot(state, word)
        if empty:
            return empty
    return None


def _forced(state: TortugaState, seat: int, words: list[str]) -> str | None:
    offered = [slot + 1 for slot in (state.pending or {})["slots"]]
    by = SEAT_NAMES[(state.pending or {})["by"]]
    return f"{by} offered only event cards {offered[0]} and {offered[1]}: reveal one of them."


def _marque(state: TortugaState, seat: int, words: list[str]) -> str | None:
    verb, rest = words[0], words[1:]
    if verb == "discard" and marque_sends(state, saved=True):
        return "Someone can be sent, so the Letter of Marque is used or saved, not discarded."
    if verb == "save" and (state.pending or {})["saved"]:
        return "This Letter of Marque was saved already: play it now."
    if verb == "send" and rest:
        target = _seat(state, rest[0])
        if target is None:
            return f"There is no such player in this {state.players}-player game."
        if target not in state.tortuga and target not in state.rowboats:
            return "The Letter of Marque moves only a pawn that is on Tortuga or in a rowboat."
        if len(rest) == 2 and rest[1] in SHIPS:
            ship = SHIPS.index(rest[1])
            if len(state.ships[ship]) >= SHIP_SIZE:
                return f"The {SHIP_TITLES[ship]} is full: a ship holds at most 5 pawns (A3)."
    return None


def _another(rule: str) -> Reason:
    """The target of a card that names "another player": never oneself."""

    def reason(state: TortugaState, seat: int, words: list[str]) -> str | None:
        target = _seat(state, words[1]) if len(words) > 1 else None
        if len(words) > 1 and target is None:
            return f"There is no such player in this {state.players}-player game."
        if target == seat:
            return rule
        return None

    return reason


def _pick(state: TortugaState, seat: int, words: list[str]) -> str | None:
    if words[0] == "pick":
        return "The vote deck holds no such card: pick one of the cards you see in it."
    return None


_REASONS: dict[str, Reason] = {
    "turn": _turn,
    "vote": _vote,
    "take": _take,
    "view": _pair,
    "force": _pair,
    "forced": _forced,
    "marque": _marque,
    "pistol": _another("The Pistol shoots another player, not yourself."),
    "give": _another("A treasure map is given to another player, never kept by its revealer."),
    "fever": _another("Cabin Fever swaps loyalty cards with another player, not yourself."),
    "pick": _pick,
}
