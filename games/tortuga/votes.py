"""Attacks, mutinies and brawls: simultaneous secret commits, then one shuffled reveal.

"All players participating in the vote will put 1 of their vote cards into the middle. For
each type of vote, the top vote card from the vote deck is also added." Only the multiset of
symbols is made public, never who played what (rulings §6).
"""

from __future__ import annotations

from itertools import combinations

from games.tortuga.data import EL_DORADO, PIRATE_CODE, SHIPS, TEAMS, VOTE_CARDS, vote_text
from games.tortuga.effects import (
    draw_votes,
    label,
    maroon_unless_fountain,
    shuffle,
    treasure_changed,
)
from games.tortuga.state import TortugaState, location

SECTION = {"attack": 0, "brawl": 1, "mutiny": 2}


def call_vote(s: TortugaState, vote: str, caller: int) -> None:
    """Gather the participants; Pirate Code holders and empty hands sit out (rulings §6)."""
    place, _ = location(s, caller)
    ship = None if vote == "brawl" else SHIPS.index(place)
    if ship is None:
        crowd = list(s.tortuga)
    else:
        crowd = s.ships[ship][1:] if vote == "mutiny" else list(s.ships[ship])
    voters: list[int] = []
    for seat in crowd:
        if not s.hands[seat]:
            continue
        if s.pirate_code[seat]:
            s.pirate_code[seat] -= 1
            s.news.append(f"{label(seat)} sits this vote out (Pirate Code).")
            if not s.pirate_code[seat]:
                s.kept[seat].remove(PIRATE_CODE)
                s.discard.append(PIRATE_CODE)
            continue
        voters.append(seat)
    s.pending = {
        "kind": "vote",
        "vote": vote,
        "caller": caller,
        "ship": ship,
        "voters": voters,
        "cards": [[] for _ in voters],
    }
    s.news.append(
        f"{label(caller)} calls for {'an' if vote == 'attack' else 'a'} {vote}"
        + (
            f": {', '.join(label(v) for v in voters)} vote."
            if voters
            else "; nobody can vote, the deck card decides."
        )
    )
    if not voters:
        resolve_vote(s)


def waiting_voters(s: TortugaState) -> list[int]:
    pending = s.pending or {}
    return [v for v, cards in zip(pending["voters"], pending["cards"], strict=True) if not cards]


def vote_options(s: TortugaState, seat: int) -> list[str]:
    """One card, or two with El Dorado ("owner may play two vote cards instead of one")."""
    texts = sorted({vote_text(card) for card in s.hands[seat]})
    options = [f"vote {text}" for text in texts]
    if EL_DORADO in s.kept[seat] and len(s.hands[seat]) >= 2:
        pairs = {
            tuple(sorted((vote_text(a), vote_text(b)))) for a, b in combinations(s.hands[seat], 2)
        }
        options += [f"vote {a} and {b}" for a, b in sorted(pairs)]
    return options


def commit(s: TortugaState, seat: int, action: str) -> None:
    pending = s.pending
    assert pending is not None
    played: list[int] = []
    for text in action.removeprefix("vote ").split(" and "):
        card = next(c for c in s.hands[seat] if vote_text(c) == text)
        s.hands[seat].remove(card)
        played.append(card)
    pending["cards"][pending["voters"].index(seat)] = played
    s.news.append(f"{label(seat)} has voted.")
    if not waiting_voters(s):
        resolve_vote(s)


def attack_succeeds(symbols: list[str]) -> bool:
    """ "If there is at least 1 cannon, and at least 1 'successful' Torch" (each water cancels a
    torch)."""
    return "cannon" in symbols and symbols.count("torch") > symbols.count("water")


def resolve_vote(s: TortugaState) -> None:
    pending = s.pending
    assert pending is not None
    vote, caller, ship = pending["vote"], pending["caller"], pending["ship"]
    pool = [card for cards in pending["cards"] for card in cards]
    pool.append(s.vote_deck.pop(0))
    symbols = sorted(VOTE_CARDS[card][SECTION[vote]] for card in pool)
    for voter, cards in zip(pending["voters"], pending["cards"], strict=True):
        if len(cards) == 2:
            s.kept[voter].remove(EL_DORADO)
            s.discard.append(EL_DORADO)
    shuffle(s, pool)
    s.vote_deck.extend(pool)
    for voter in pending["voters"]:
        draw_votes(s, voter)
    s.pending = None
    if vote == "attack":
        success = attack_succeeds(symbols)
        verdict = "the attack succeeds" if success else "the attack fails"
    elif vote == "mutiny":
        success = symbols.count("skull") > symbols.count("helm")
        verdict = "the mutiny succeeds" if success else "the mutiny fails"
    else:
        success = True
        british, french = symbols.count("british"), symbols.count("french")
        if british == french:
            s.tortuga_chests, verdict = [1, 1], "one chest to each area"
        elif british > french:
            s.tortuga_chests, verdict = [2, 0], "both chests to the British area"
        else:
            s.tortuga_chests, verdict = [0, 2], "both chests to the French area"
    s.last_vote = {"vote": vote, "caller": caller, "symbols": symbols, "verdict": verdict}
    s.news.append(f"The {vote} vote reveals {', '.join(symbols)}: {verdict}.")
    if vote == "brawl":
        treasure_changed(s)
    elif success and vote == "attack":
        if take_choices(s, ship):
            s.pending = {"kind": "take", "seat": caller, "ship": ship}
        else:
            s.news.append("There is no treasure left to take.")
    elif success:
        maroon_unless_fountain(s, s.ships[ship][0], "mutiny")


def take_options(s: TortugaState, seat: int) -> list[str]:
    """Galleon first; once it is empty, from either hold of the other ship (A9)."""
    return take_choices(s, (s.pending or {})["ship"])


def take_choices(s: TortugaState, ship: int) -> list[str]:
    if s.galleon:
        return [f"take to {team}" for team in TEAMS]
    other = s.holds[1 - ship]
    return [
        f"take {source} to {team}" for i, source in enumerate(TEAMS) if other[i] for team in TEAMS
    ]


def take(s: TortugaState, seat: int, action: str) -> None:
    ship = (s.pending or {})["ship"]
    words = action.split()
    if words[1] == "to":
        s.galleon -= 1
        origin = "the Spanish galleon"
    else:
        s.holds[1 - ship][TEAMS.index(words[1])] -= 1
        origin = f"the other ship's {words[1]} hold"
    s.holds[ship][TEAMS.index(words[-1])] += 1
    s.pending = None
    s.news.append(f"{label(seat)} takes a chest from {origin} into the {words[-1]} hold.")
    treasure_changed(s)
