"""Attacks, mutinies and brawls: simultaneous secret commits, then one shuffled reveal.

"All players participating in the vote will put 1 of their vote cards into the middle. For
each type of vote, the top vote card from the vote deck is also added." Only the multiset of
symbols is made public, never who played what (rulings §6).
"""

from __future__ import annotations

from itertools import combinations

from games.core.words import N_
from games.tortuga.data import (
    EL_DORADO,
    PIRATE_CODE,
    SECTIONS,
    SHIP_TITLES,
    SHIPS,
    SYMBOL_WORDS,
    TEAM_NAMES,
    TEAMS,
    VOTE_CARDS,
    vote_text,
)
from games.tortuga.effects import (
    bury_votes,
    draw_votes,
    maroon_unless_fountain,
    seat_name,
    shuffle,
    top_vote_card,
    treasure_changed,
)
from games.tortuga.state import Line, TortugaState, count, line, location, tell

_CALLS: dict[str, tuple[str, str, str]] = {
    "attack": (
        N_("{caller} calls for an attack: {voters} votes."),
        N_("{caller} calls for an attack: {voters} vote."),
        N_("{caller} calls for an attack; nobody can vote, the deck card decides."),
    ),
    "mutiny": (
        N_("{caller} calls for a mutiny: {voters} votes."),
        N_("{caller} calls for a mutiny: {voters} vote."),
        N_("{caller} calls for a mutiny; nobody can vote, the deck card decides."),
    ),
    "brawl": (
        N_("{caller} calls for a brawl: {voters} votes."),
        N_("{caller} calls for a brawl: {voters} vote."),
        N_("{caller} calls for a brawl; nobody can vote, the deck card decides."),
    ),
}
"""The call of each vote: one voter, several voters, nobody (the list of voters is a param;
the number of voters is never 0 in the first two, so the English choice holds in German and
French too)."""
_REVEALS: dict[str, str] = {
    "attack": N_("The attack vote reveals {symbols}: {verdict} ({meaning})."),
    "mutiny": N_("The mutiny vote reveals {symbols}: {verdict} ({meaning})."),
    "brawl": N_("The brawl vote reveals {symbols}: {verdict} ({meaning})."),
}


def call_vote(state: TortugaState, vote: str, caller: int) -> None:
    """Gather the participants; Pirate Code holders and empty hands sit out (rulings §6)."""
    place, _ = location(state, caller)
    ship = None if vote == "brawl" else SHIPS.index(place)
    if ship is None:
        crowd = list(state.tortuga)
    else:
        crowd = state.ships[ship][1:] if vote == "mutiny" else list(state.ships[ship])
    voters: list[int] = []
    for seat in crowd:
        if not state.hands[seat]:
            continue
        if state.pirate_code[seat]:
            state.pirate_code[seat] -= 1
            tell(state, N_("{seat} sits this vote out (Pirate Code)."), seat=seat_name(seat))
            if not state.pirate_code[seat]:
                state.kept[seat].remove(PIRATE_CODE)
                state.discard.append(PIRATE_CODE)
            continue
        voters.append(seat)
    state.pending = {
        "kind": "vote",
        "vote": vote,
        "caller": caller,
        "ship": ship,
        "voters": voters,
        "cards": [[] for _ in voters],
    }
    one, several, nobody = _CALLS[vote]
    call = nobody if not voters else one if len(voters) == 1 else several
    tell(state, call, caller=seat_name(caller), voters=[seat_name(v) for v in voters])
    if not voters:
        resolve_vote(state)


def waiting_voters(state: TortugaState) -> list[int]:
    pending = state.pending or {}
    return [v for v, cards in zip(pending["voters"], pending["cards"], strict=True) if not cards]


def vote_options(state: TortugaState, seat: int) -> list[str]:
    """One card, or two with El Dorado ("owner may play two vote cards instead of one")."""
    texts = sorted({vote_text(card) for card in state.hands[seat]})
    options = [f"vote {text}" for text in texts]
    if EL_DORADO in state.kept[seat] and len(state.hands[seat]) >= 2:
        pairs = {
            tuple(sorted((vote_text(a), vote_text(b))))
            for a, b in combinations(state.hands[seat], 2)
        }
        options += [f"vote {a} and {b}" for a, b in sorted(pairs)]
    return options


def commit(state: TortugaState, seat: int, action: str) -> None:
    pending = state.pending
    assert pending is not None
    played: list[int] = []
    for text in action.removeprefix("vote ").split(" and "):
        card = next(c for c in state.hands[seat] if vote_text(c) == text)
        state.hands[seat].remove(card)
        played.append(card)
    pending["cards"][pending["voters"].index(seat)] = played
    tell(state, N_("{seat} has voted."), seat=seat_name(seat))
    if not waiting_voters(state):
        resolve_vote(state)


def attack_succeeds(symbols: list[str]) -> bool:
    """The rules: "If there is at least 1 cannon, and at least 1 'successful' Torch" (each
    water cancels a torch)."""
    return "cannon" in symbols and symbols.count("torch") > symbols.count("water")


def attack_meaning(symbols: list[str]) -> Line:
    """What the revealed tops meant: cannons, and the torches the water left."""
    cannons, torches, waters = (symbols.count(symbol) for symbol in ("cannon", "torch", "water"))
    if not cannons:
        return line(N_("no cannon was fired"))
    if not torches:
        return line(N_("{cannons} but no torch"), cannons=count(cannons, "cannon"))
    if waters >= torches:
        put_out = (
            N_("{waters} put out the {torches}")
            if torches == 1
            else N_("{waters} put out all {torches}")
        )
        return line(put_out, waters=count(waters, "water"), torches=count(torches, "torch"))
    burning = count(torches - waters, "torch")
    if not waters:
        return line(
            N_("{cannons} and {torches} still burning"),
            cannons=count(cannons, "cannon"),
            torches=burning,
        )
    return line(
        N_("{cannons} and {torches} still burning after {waters}"),
        cannons=count(cannons, "cannon"),
        torches=burning,
        waters=count(waters, "water"),
    )


def mutiny_meaning(symbols: list[str]) -> Line:
    skulls, helms = symbols.count("skull"), symbols.count("helm")
    if skulls > helms:
        tally = N_("{skulls} against {helms}: a majority of skulls")
    elif skulls == helms:
        tally = N_("{skulls} against {helms}: a tie keeps the captain")
    else:
        tally = N_("{skulls} against {helms}: the helms keep the captain")
    return line(tally, skulls=count(skulls, "skull"), helms=count(helms, "helm"))


def brawl_meaning(symbols: list[str]) -> Line:
    british, french = symbols.count("british"), symbols.count("french")
    return line(
        N_("{british} against {french}"),
        british=count(british, "british"),
        french=count(french, "french"),
    )


def resolve_vote(state: TortugaState) -> None:
    """Add the deck's top card, reveal the symbols of the section that counts, bury the cards
    shuffled at the bottom of the deck, let each voter draw 1, then carry out the result."""
    pending = state.pending
    assert pending is not None
    vote, caller, ship = pending["vote"], pending["caller"], pending["ship"]
    pool = [card for cards in pending["cards"] for card in cards]
    deck_card = top_vote_card(state)
    pool.append(deck_card)
    symbols = sorted(VOTE_CARDS[card][SECTIONS.index(vote)] for card in pool)
    for voter, cards in zip(pending["voters"], pending["cards"], strict=True):
        if len(cards) == 2:
            state.kept[voter].remove(EL_DORADO)
            state.discard.append(EL_DORADO)
    shuffle(state, pool)
    owners = dict(zip(pending["voters"], pending["cards"], strict=True))
    bury_votes(state, pool, vote, symbols, owners)
    for voter in pending["voters"]:
        draw_votes(state, voter)
    state.pending = None
    if vote == "attack":
        success = attack_succeeds(symbols)
        verdict = N_("the attack succeeds") if success else N_("the attack fails")
        meaning = attack_meaning(symbols)
    elif vote == "mutiny":
        success = symbols.count("skull") > symbols.count("helm")
        verdict = N_("the mutiny succeeds") if success else N_("the mutiny fails")
        meaning = mutiny_meaning(symbols)
    else:
        success = True
        british, french = symbols.count("british"), symbols.count("french")
        if british == french:
            state.tortuga_chests, verdict = [1, 1], N_("one chest to each area")
        elif british > french:
            state.tortuga_chests, verdict = [2, 0], N_("both chests to the British area")
        else:
            state.tortuga_chests, verdict = [0, 2], N_("both chests to the French area")
        meaning = brawl_meaning(symbols)
    state.last_vote = {"vote": vote, "caller": caller, "symbols": symbols, "verdict": verdict}
    state.secret_log.append(
        {
            "kind": "vote",
            "vote": vote,
            "caller": caller,
            "plays": [[voter, cards] for voter, cards in owners.items()],
            "deck": deck_card,
            "verdict": verdict,
        }
    )
    tell(
        state,
        _REVEALS[vote],
        symbols=[SYMBOL_WORDS[symbol] for symbol in symbols],
        verdict=verdict,
        meaning=meaning,
    )
    if vote == "brawl":
        treasure_changed(state)
    elif success and vote == "attack":
        if take_choices(state, ship):
            state.pending = {"kind": "take", "seat": caller, "ship": ship}
        else:
            tell(state, N_("There is no treasure left to take."))
    elif success:
        maroon_unless_fountain(state, state.ships[ship][0], "mutiny")


def take_options(state: TortugaState, seat: int) -> list[str]:
    """A26: the captain "may take 1 piece of treasure": a hold to take from, or nothing."""
    return [*take_choices(state, (state.pending or {})["ship"]), "take nothing"]


def take_choices(state: TortugaState, ship: int) -> list[str]:
    """Galleon first; once it is empty, from either hold of the other ship (A9)."""
    if state.galleon:
        return [f"take to {team}" for team in TEAMS]
    other = state.holds[1 - ship]
    return [
        f"take {source} to {team}" for i, source in enumerate(TEAMS) if other[i] for team in TEAMS
    ]


def take(state: TortugaState, seat: int, action: str) -> None:
    ship = (state.pending or {})["ship"]
    state.pending = None
    if action == "take nothing":
        tell(state, N_("{seat} takes no treasure."), seat=seat_name(seat))
        return
    words = action.split()
    team = TEAM_NAMES[words[-1]]
    if words[1] == "to":
        state.galleon -= 1
        tell(
            state,
            N_("{seat} takes a chest from the Spanish galleon into the {team} hold."),
            seat=seat_name(seat),
            team=team,
        )
    else:
        state.holds[1 - ship][TEAMS.index(words[1])] -= 1
        tell(
            state,
            N_("{seat} takes a chest from the {ship}'s {source} hold into the {team} hold."),
            seat=seat_name(seat),
            ship=SHIP_TITLES[1 - ship],
            source=TEAM_NAMES[words[1]],
            team=team,
        )
    state.holds[ship][TEAMS.index(words[-1])] += 1
    treasure_changed(state)
