"""What was hidden in a Tortuga game, told to all once it is over."""

from __future__ import annotations

from games.core.words import N_, joined, t
from games.tortuga.data import (
    SEAT_NAMES,
    SECTIONS,
    card_title,
    cards_in_words,
    one_after_another,
    semicolons,
    symbol_title,
    team_name,
    vote_text,
)
from games.tortuga.state import TortugaState

_VOTES: dict[str, str] = {
    "attack": N_("Attack {number} (called by {seat}): {cards}: {verdict}."),
    "brawl": N_("Brawl {number} (called by {seat}): {cards}: {verdict}."),
    "mutiny": N_("Mutiny {number} (called by {seat}): {cards}: {verdict}."),
}
"""A vote as the end tells it: who played what, then the deck's card, and the verdict."""


def counting(card: int, vote: str) -> str:
    """The symbol of a vote card that counted in ``vote`` (``Cannon``): all that decided it,
    kept short so a long game's votes fit the end post (each card whole is in the history)."""
    return symbol_title(vote_text(card).split()[SECTIONS.index(vote)])


def reveal(state: TortugaState) -> list[str]:
    """Once the game is over, every secret of it as lines a player reads: loyalties team by
    team in one line (and Cabin Fever swaps), which symbol each voter played in every vote,
    Crow's Nest picks, each player's lost vote cards in one line, and the event cards each
    player looked at (one line for all who looked at none). Nothing while it runs."""
    if state.outcome is None:
        return []
    teams: dict[str, list[str]] = {}
    swapped = []
    for seat in range(state.players):
        history = state.loyalty_log[seat]
        teams.setdefault(team_name(history[-1]), []).append(SEAT_NAMES[seat])
        if len(history) > 1:
            dealt = one_after_another(history[:-1])
            swapped.append(
                t(
                    "{seat} was dealt {cards} before Cabin Fever.",
                    seat=SEAT_NAMES[seat],
                    cards=dealt,
                )
            )
    loyalties = semicolons([f"{team} {', '.join(seats)}" for team, seats in teams.items()])
    lines = [t("Loyalties: {teams}.", teams=loyalties)]
    lines += swapped
    number = {vote: 0 for vote in SECTIONS}
    looked: list[list[str]] = [[] for _ in range(state.players)]
    lost: list[list[str]] = [[] for _ in range(state.players)]  # vote cards, when marooned
    for entry in state.secret_log:
        if entry["kind"] == "vote":
            vote = entry["vote"]
            number[vote] += 1
            plays = [
                t(
                    "{seat} played {cards}",
                    seat=SEAT_NAMES[seat],
                    cards=joined([counting(card, vote) for card in cards]),
                )
                for seat, cards in entry["plays"]
            ]
            deck = t("the deck added {card}", card=counting(entry["deck"], vote))
            lines.append(
                t(
                    _VOTES[vote],
                    number=number[vote],
                    seat=SEAT_NAMES[entry["caller"]],
                    cards=semicolons([*plays, deck]),
                    verdict=t(entry["verdict"]),
                )
            )
        elif entry["kind"] == "nest":
            picks = cards_in_words([vote_text(c) for c in entry["cards"]])
            lines.append(
                t(
                    "Crow's Nest: {seat} gave {target} {cards}.",
                    seat=SEAT_NAMES[entry["by"]],
                    target=SEAT_NAMES[entry["target"]],
                    cards=picks,
                )
            )
        elif entry["kind"] == "lost":
            lost[entry["seat"]].append(vote_text(entry["card"]))
        else:
            looked[entry["seat"]] += [
                t("{card} (slot {slot})", card=card_title(card), slot=slot)
                for slot, card in entry["cards"]
            ]
    for seat, cards in enumerate(lost):
        if cards:
            lines.append(
                t(
                    "{seat} lost {cards} when marooned on Tortuga.",
                    seat=SEAT_NAMES[seat],
                    cards=cards_in_words(cards),
                )
            )
    for seat, cards in enumerate(looked):
        if cards:
            lines.append(
                t("{seat} looked at {cards}.", seat=SEAT_NAMES[seat], cards=", ".join(cards))
            )
    if not all(looked):
        if any(looked):
            lines.append(t("Nobody else looked at an event card."))
        else:
            lines.append(t("Nobody looked at an event card."))
    return lines
