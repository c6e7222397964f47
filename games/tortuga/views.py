"""What each seat may see (A16), and the texts a player reads about it.

The public part never holds a loyalty card (until the game is over), a hand, a viewed card
face, a vote commit or who voted what, the deck orders or the RNG; a seat's ``private`` adds
only its own loyalty (and its history), hand, viewed cards, notes, its own cards among the
buried vote cards and its Crow's Nest search. The DM text teaches each secret choice where it
is made: what each card in the hand does in this vote and what the seat's side wants.
"""

from __future__ import annotations

from typing import Any

from games.core import Score, View, score
from games.tortuga import votes
from games.tortuga.data import (
    EL_DORADO,
    SEAT_NAMES,
    SECTIONS,
    SHIP_TITLES,
    SHIPS,
    SYMBOL_TITLES,
    TEAMS,
    card_title,
    card_words,
    vote_text,
)
from games.tortuga.state import TortugaState, team_chests

# Pending-decision fields everyone may see (never "cards" or "picked": the secret choices).
_PUBLIC_PENDING = (
    "kind",
    "seat",
    "target",
    "by",
    "ship",
    "left",
    "saved",
    "card",
    "cause",
    "vote",
    "caller",
    "voters",
)


def board_view(state: TortugaState) -> dict[str, Any]:
    """The game's own keys of every view (the envelope adds seats, to_act, turn, the last
    lines, the outcome and the team scores)."""
    pending = state.pending or {}
    shown = {k: v for k, v in pending.items() if k in _PUBLIC_PENDING}
    if "slots" in pending:
        shown["slots"] = [slot + 1 for slot in pending["slots"]]
    if pending.get("kind") == "vote":
        waiting = votes.waiting_voters(state)
        shown["voted"] = [v for v in pending["voters"] if v not in waiting]
    view: View = {
        "current": state.current,
        "actions_left": state.actions_left,
        "ships": [
            {
                "key": SHIPS[i],
                "name": SHIP_TITLES[i],
                "crew": list(state.ships[i]),
                "holds": dict(zip(TEAMS, state.holds[i], strict=True)),
                "rowboat": state.rowboats[i],
                "exploded": state.exploded == i,
            }
            for i in range(2)
        ],
        "tortuga": {
            "line": list(state.tortuga),
            "chests": dict(zip(TEAMS, state.tortuga_chests, strict=True)),
        },
        "galleon": state.galleon,
        "row": [
            {"slot": i + 1, "card": card is not None, "viewed_by": list(state.viewers[i])}
            for i, card in enumerate(state.row)
        ],
        "event_deck": len(state.event_deck),
        "discard": list(state.discard),
        "kept": [list(k) for k in state.kept],
        "pirate_code": list(state.pirate_code),
        "scurvy": list(state.scurvy),
        "hand_sizes": [len(h) for h in state.hands],
        "vote_deck": len(state.vote_deck),
        "deck_runs": [
            {"size": run["size"], "section": run["section"], "symbols": list(run["symbols"])}
            for run in state.deck_runs
        ],
        "pending": shown or None,
        "last_vote": state.last_vote,
        "reveals": [dict(r) for r in state.reveals],
        "cabin_fevers": [list(pair) for pair in state.fevers],
        "sudden_death": state.sudden_death,
    }
    if state.outcome is not None:
        view["loyalty"] = list(state.loyalty)
    return view


def scores(state: TortugaState) -> list[Score]:
    """The envelope's scores: each team's chests (holds on both ships plus Tortuga's area)."""
    return [score(team.title(), chests) for team, chests in team_chests(state).items()]


def private_view(state: TortugaState, seat: int) -> dict[str, Any]:
    pending = state.pending or {}
    private: dict[str, Any] = {
        "seat": seat,
        "loyalty": state.loyalty[seat],
        "loyalty_history": list(state.loyalty_log[seat]),
        "hand": sorted(vote_text(c) for c in state.hands[seat]),
        "known_events": {
            str(slot + 1): card for slot, card in enumerate(state.known[seat]) if card is not None
        },
        "buried": [
            {"run": i, "cards": sorted(vote_text(c) for c in run["own"][str(seat)])}
            for i, run in enumerate(state.deck_runs)
            if str(seat) in run["own"]
        ],
        "notes": list(state.notes[seat]),
    }
    if pending.get("kind") == "vote" and seat in pending["voters"]:
        played = pending["cards"][pending["voters"].index(seat)]
        if played:
            private["vote_played"] = [vote_text(c) for c in played]
    if pending.get("kind") == "pick" and pending["seat"] == seat:
        private["vote_deck_search"] = sorted(vote_text(c) for c in state.vote_deck)
        private["picked"] = sorted(vote_text(c) for c in pending["picked"])
    return private


# -- the DM text ---------------------------------------------------------------------------
def cards_in_words(cards: list[str], between: str = "; ") -> str:
    """Vote cards as the buttons name them, top symbol first: ``Cannon (French flag, Helm)``."""
    return between.join(card_words(card, SECTIONS[0]) for card in cards)


def how_to_win(loyalty: str, players: int) -> str:
    """What the seat's side needs when the Spanish Armada is revealed."""
    if loyalty == "dutch":
        return (
            "You play alone: you win only if the British and the French have the same number "
            "of chests when the Spanish Armada is revealed."
        )
    team, other = loyalty.title(), TEAMS[1 - TEAMS.index(loyalty)].title()
    tie = (
        "a tie makes the Dutch player win"
        if players % 2
        else "a tie means sudden death: the first team to take the lead wins"
    )
    return (
        f"The {team} win if they have more chests than the {other} when the Spanish Armada "
        f"is revealed, counting the {team} holds of both ships and Tortuga's {team} area "
        f"({tie})."
    )


def private_text(view: View) -> str:
    """The DM text of a seat's secrets, with what its side wants in the vote it must make."""
    private = view.get("private") or {}
    if not private:
        return ""
    seat, loyalty = private["seat"], private["loyalty"]
    lines = [
        f"Loyalty: **{loyalty.title()}**.",
        how_to_win(loyalty, len(view["seats"])),
    ]
    history = private["loyalty_history"]
    if len(history) > 1:
        lines.append(
            "Your loyalty cards so far (Cabin Fever): "
            + ", then ".join(card.title() for card in history)
            + "."
        )
    lines.append("Vote cards: " + (cards_in_words(private["hand"]) or "none"))
    pending = view.get("pending") or {}
    if pending.get("kind") == "vote" and seat in pending["voters"]:
        if private.get("vote_played"):
            lines.append("Your vote: " + cards_in_words(private["vote_played"], " and "))
        else:
            lines += vote_lesson(view, private)
    if private["known_events"]:
        lines.append(
            "Event cards you have seen: "
            + "; ".join(
                f"slot {slot}: {card_title(card)}" for slot, card in private["known_events"].items()
            )
        )
    if private.get("vote_deck_search"):
        lines.append("Crow's Nest, the vote deck: " + cards_in_words(private["vote_deck_search"]))
        if private["picked"]:
            lines.append("Picked so far: " + cards_in_words(private["picked"]))
    lines += private["notes"]
    return "\n".join(lines)


_CARD_ROLES: dict[str, dict[str, str]] = {
    "attack": {
        "cannon": "for the attack (at least 1 cannon is needed)",
        "torch": "for the attack (torches must outnumber waters)",
        "water": "against the attack (puts out 1 torch)",
    },
    "brawl": {
        "british": "a flag for the British area",
        "french": "a flag for the French area",
    },
    "mutiny": {
        "skull": "for the mutiny (skulls must outnumber helms)",
        "helm": "against the mutiny (a tie keeps the captain)",
    },
}


def vote_lesson(view: View, private: dict[str, Any]) -> list[str]:
    """For the vote the seat must make: the rule, what each of its cards does, what its side
    wants (all from the seat's own view)."""
    pending = view["pending"]
    vote, caller = pending["vote"], SEAT_NAMES[pending["caller"]]
    lines = [_vote_rule(view, vote, caller)]
    roles = _CARD_ROLES[vote]
    section = SECTIONS.index(vote)
    lines.append(f"Your cards in this {vote}:")
    for text in sorted(set(private["hand"])):
        lines.append(f"- {card_words(text, vote)}: {roles[text.split()[section]]}")
    if EL_DORADO in view["kept"][private["seat"]]:
        lines.append("With El Dorado you may play two cards; El Dorado is then discarded.")
    lines.append("The deck adds 1 card nobody has seen. " + _wants(view, vote, private))
    return lines


def _vote_rule(view: View, vote: str, caller: str) -> str:
    pending = view["pending"]
    if vote == "brawl":
        return (
            f"{caller} calls a brawl on Tortuga: only the flag in the middle of each card "
            "counts. More British flags put both of Tortuga's chests in the British area, more "
            "French flags in the French area; a tie puts one in each."
        )
    ship = view["ships"][pending["ship"]]
    if vote == "mutiny":
        captain = SEAT_NAMES[ship["crew"][0]]
        return (
            f"{caller} calls a mutiny against captain {captain} of the {ship['name']}: only the "
            "bottom of each card counts. More skulls than helms maroon the captain to Tortuga."
        )
    return (
        f"{caller} calls an attack from the {ship['name']}: only the top of each card counts. "
        f"It succeeds with at least 1 cannon and more torches than waters; then {caller} may "
        f"take a chest from {_take_source(view)} into either hold of the {ship['name']}, or "
        "take nothing."
    )


def _take_source(view: View) -> str:
    if view["galleon"]:
        return "the Spanish galleon"
    other = view["ships"][1 - view["pending"]["ship"]]
    return f"the {other['name']}'s holds"


def _wants(view: View, vote: str, private: dict[str, Any]) -> str:
    """What the seat's side wants from this vote, in one sentence."""
    loyalty = private["loyalty"]
    chests = {team["name"].lower(): team["value"] for team in view["scores"]}
    tally = f"British {chests['british']}, French {chests['french']}"
    if vote == "brawl":
        areas = view["tortuga"]["chests"]
        if loyalty != "dutch":
            return f"You are {loyalty.title()}: you want {SYMBOL_TITLES[loyalty]}s."
        base = {team: chests[team] - areas[team] for team in TEAMS}
        ties = [
            name
            for name, (b, f) in (
                ("more British flags", (2, 0)),
                ("a tie of flags", (1, 1)),
                ("more French flags", (0, 2)),
            )
            if base["british"] + b == base["french"] + f
        ]
        if ties:
            return f"You are Dutch: the chests now stand {tally}; {ties[0]} would tie them."
        return f"You are Dutch: the chests now stand {tally}; no brawl result ties them."
    captain = SEAT_NAMES[view["ships"][view["pending"]["ship"]]["crew"][0]]
    if vote == "mutiny":
        side = "on your side" if loyalty != "dutch" else "keeping the teams level"
        return (
            f"Play a skull if you believe captain {captain} is not {side}, a helm if you "
            "believe they are."
        )
    if loyalty == "dutch":
        if captain == SEAT_NAMES[private["seat"]]:
            return f"You are Dutch and the captain: after a success you choose (now {tally})."
        if chests["british"] == chests["french"]:
            return f"You are Dutch: the chests stand level ({tally}); a chest taken breaks that."
        behind = min(TEAMS, key=lambda team: chests[team]).title()
        return f"You are Dutch: the chests stand {tally}; a chest for the {behind} would help."
    if captain == SEAT_NAMES[private["seat"]]:
        return (
            f"You are {loyalty.title()} and the captain: after a success you choose the hold, "
            f"or take nothing (now {tally})."
        )
    return (
        f"You are {loyalty.title()}: a success helps you only if captain {captain} puts the "
        f"chest in the {loyalty.title()} hold (now {tally})."
    )
