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
from games.core.words import N_, joined, t
from games.tortuga import votes
from games.tortuga.data import (
    EL_DORADO,
    SEAT_NAMES,
    SECTIONS,
    SHIPS,
    TEAMS,
    card_title,
    card_words,
    cards_in_words,
    one_after_another,
    semicolons,
    ship_title,
    team_name,
    vote_text,
)
from games.tortuga.state import TortugaState, said, team_chests

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
                "name": ship_title(i),
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
        "last_vote": _last_vote(state),
        "reveals": [dict(r) for r in state.reveals],
        "cabin_fevers": [list(pair) for pair in state.fevers],
        "sudden_death": state.sudden_death,
    }
    if state.outcome is not None:
        view["loyalty"] = list(state.loyalty)
    return view


def scores(state: TortugaState) -> list[Score]:
    """The envelope's scores: each team's chests (holds on both ships plus Tortuga's area),
    British first."""
    return [score(team_name(team), chests) for team, chests in team_chests(state).items()]


def _last_vote(state: TortugaState) -> dict[str, Any] | None:
    """The latest vote as the table saw it, its verdict in the language spoken."""
    last = state.last_vote
    return None if last is None else {**last, "verdict": t(last["verdict"])}


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
        "notes": [said(kept) for kept in state.notes[seat]],
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
def how_to_win(loyalty: str, players: int) -> str:
    """What the seat's side needs when the Spanish Armada is revealed."""
    if loyalty == "dutch":
        return t(
            "You play alone: you win only if the British and the French have the same number "
            "of chests when the Spanish Armada is revealed."
        )
    team, other = team_name(loyalty), team_name(TEAMS[1 - TEAMS.index(loyalty)])
    if players % 2:
        return t(
            "The {team} win if they have more chests than the {other} when the Spanish Armada "
            "is revealed, counting the {team} holds of both ships and Tortuga's {team} area "
            "(a tie makes the Dutch player win).",
            team=team,
            other=other,
        )
    return t(
        "The {team} win if they have more chests than the {other} when the Spanish Armada "
        "is revealed, counting the {team} holds of both ships and Tortuga's {team} area "
        "(a tie means sudden death: the first team to take the lead wins).",
        team=team,
        other=other,
    )


def private_text(view: View) -> str:
    """The DM text of a seat's secrets, with what its side wants in the vote it must make."""
    private = view.get("private") or {}
    if not private:
        return ""
    seat, loyalty = private["seat"], private["loyalty"]
    lines = [
        t("Loyalty: **{team}**.", team=team_name(loyalty)),
        how_to_win(loyalty, len(view["seats"])),
    ]
    history = private["loyalty_history"]
    if len(history) > 1:
        cards = one_after_another(history)
        lines.append(t("Your loyalty cards so far (Cabin Fever): {cards}.", cards=cards))
    if private["hand"]:
        lines.append(t("Vote cards: {cards}", cards=cards_in_words(private["hand"])))
    else:
        lines.append(t("Vote cards: none"))
    pending = view.get("pending") or {}
    if pending.get("kind") == "vote" and seat in pending["voters"]:
        if private.get("vote_played"):
            played = joined([card_words(card) for card in private["vote_played"]])
            lines.append(t("Your vote: {cards}", cards=played))
        else:
            lines += vote_lesson(view, private)
    if private["known_events"]:
        seen = semicolons(
            [
                t("slot {slot}: {card}", slot=slot, card=card_title(card))
                for slot, card in private["known_events"].items()
            ]
        )
        lines.append(t("Event cards you have seen: {cards}", cards=seen))
    if private.get("vote_deck_search"):
        deck = cards_in_words(private["vote_deck_search"])
        lines.append(t("Crow's Nest, the vote deck: {cards}", cards=deck))
        if private["picked"]:
            picked = cards_in_words(private["picked"])
            lines.append(t("Picked so far: {cards}", cards=picked))
    lines += private["notes"]
    return "\n".join(lines)


_CARD_ROLES: dict[str, dict[str, str]] = {
    "attack": {
        "cannon": N_("for the attack (at least 1 cannon is needed)"),
        "torch": N_("for the attack (torches must outnumber waters)"),
        "water": N_("against the attack (puts out 1 torch)"),
    },
    "brawl": {
        "british": N_("a flag for the British area"),
        "french": N_("a flag for the French area"),
    },
    "mutiny": {
        "skull": N_("for the mutiny (skulls must outnumber helms)"),
        "helm": N_("against the mutiny (a tie keeps the captain)"),
    },
}
_YOUR_CARDS: dict[str, str] = {
    "attack": N_("Your cards in this attack:"),
    "brawl": N_("Your cards in this brawl:"),
    "mutiny": N_("Your cards in this mutiny:"),
}


def vote_lesson(view: View, private: dict[str, Any]) -> list[str]:
    """For the vote the seat must make: the rule, what each of its cards does, what its side
    wants (all from the seat's own view)."""
    pending = view["pending"]
    vote, caller = pending["vote"], SEAT_NAMES[pending["caller"]]
    lines = [_vote_rule(view, vote, caller)]
    roles = _CARD_ROLES[vote]
    section = SECTIONS.index(vote)
    lines.append(t(_YOUR_CARDS[vote]))
    for text in sorted(set(private["hand"])):
        lines.append(f"- {card_words(text, vote)}: {t(roles[text.split()[section]])}")
    if EL_DORADO in view["kept"][private["seat"]]:
        lines.append(t("With El Dorado you may play two cards; El Dorado is then discarded."))
    lines.append(t("The deck adds 1 card nobody has seen.") + " " + _wants(view, vote, private))
    return lines


def _vote_rule(view: View, vote: str, caller: str) -> str:
    pending = view["pending"]
    if vote == "brawl":
        return t(
            "{caller} calls a brawl on Tortuga: only the flag in the middle of each card "
            "counts. More British flags put both of Tortuga's chests in the British area, more "
            "French flags in the French area; a tie puts one in each.",
            caller=caller,
        )
    ship = view["ships"][pending["ship"]]
    if vote == "mutiny":
        return t(
            "{caller} calls a mutiny against captain {captain} of the {ship}: only the bottom "
            "of each card counts. More skulls than helms maroon the captain to Tortuga.",
            caller=caller,
            captain=SEAT_NAMES[ship["crew"][0]],
            ship=ship["name"],
        )
    if view["galleon"]:
        return t(
            "{caller} calls an attack from the {ship}: only the top of each card counts. It "
            "succeeds with at least 1 cannon and more torches than waters; then {caller} may "
            "take a chest from the Spanish galleon into either hold of the {ship}, or take "
            "nothing.",
            caller=caller,
            ship=ship["name"],
        )
    return t(
        "{caller} calls an attack from the {ship}: only the top of each card counts. It "
        "succeeds with at least 1 cannon and more torches than waters; then {caller} may take "
        "a chest from the {other}'s holds into either hold of the {ship}, or take nothing.",
        caller=caller,
        ship=ship["name"],
        other=view["ships"][1 - pending["ship"]]["name"],
    )


_BRAWL_TIES: tuple[tuple[str, tuple[int, int]], ...] = (
    (
        N_("You are Dutch: the chests now stand {tally}; more British flags would tie them."),
        (2, 0),
    ),
    (N_("You are Dutch: the chests now stand {tally}; a tie of flags would tie them."), (1, 1)),
    (
        N_("You are Dutch: the chests now stand {tally}; more French flags would tie them."),
        (0, 2),
    ),
)
"""For the Dutch player in a brawl: each result's sentence and the chests it adds."""


def _wants(view: View, vote: str, private: dict[str, Any]) -> str:
    """What the seat's side wants from this vote, in one sentence."""
    loyalty = private["loyalty"]
    chests = dict(zip(TEAMS, (team["value"] for team in view["scores"]), strict=True))
    tally = t("British {british}, French {french}", **chests)
    if vote == "brawl":
        areas = view["tortuga"]["chests"]
        if loyalty == "british":
            return t("You are British: you want British flags.")
        if loyalty == "french":
            return t("You are French: you want French flags.")
        base = {team: chests[team] - areas[team] for team in TEAMS}
        for sentence, (b, f) in _BRAWL_TIES:
            if base["british"] + b == base["french"] + f:
                return t(sentence, tally=tally)
        return t(
            "You are Dutch: the chests now stand {tally}; no brawl result ties them.", tally=tally
        )
    captain = SEAT_NAMES[view["ships"][view["pending"]["ship"]]["crew"][0]]
    if vote == "mutiny":
        if loyalty == "dutch":
            return t(
                "Play a skull if you believe captain {captain} is not keeping the teams level, "
                "a helm if you believe they are.",
                captain=captain,
            )
        return t(
            "Play a skull if you believe captain {captain} is not on your side, a helm if you "
            "believe they are.",
            captain=captain,
        )
    mine = captain == SEAT_NAMES[private["seat"]]
    if loyalty == "dutch":
        if mine:
            return t(
                "You are Dutch and the captain: after a success you choose (now {tally}).",
                tally=tally,
            )
        if chests["british"] == chests["french"]:
            return t(
                "You are Dutch: the chests stand level ({tally}); a chest taken breaks that.",
                tally=tally,
            )
        if chests["british"] < chests["french"]:
            return t(
                "You are Dutch: the chests stand {tally}; a chest for the British would help.",
                tally=tally,
            )
        return t(
            "You are Dutch: the chests stand {tally}; a chest for the French would help.",
            tally=tally,
        )
    if mine:
        return t(
            "You are {team} and the captain: after a success you choose the hold, or take "
            "nothing (now {tally}).",
            team=team_name(loyalty),
            tally=tally,
        )
    return t(
        "You are {team}: a success helps you only if captain {captain} puts the chest in the "
        "{team} hold (now {tally}).",
        team=team_name(loyalty),
        captain=captain,
        tally=tally,
    )
