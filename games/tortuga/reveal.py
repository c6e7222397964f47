"""What was hidden in a Tortuga game, told to all once it is over."""

from __future__ import annotations

from games.tortuga.data import (
    SEAT_NAMES,
    SECTIONS,
    SYMBOL_TITLES,
    card_title,
    card_words,
    vote_text,
)
from games.tortuga.state import TortugaState


def counting(card: int, vote: str) -> str:
    """The symbol of a vote card that counted in ``vote`` (``Cannon``): all that decided it,
    kept short so a long game's votes fit the end post (each card whole is in the history)."""
    return SYMBOL_TITLES[vote_text(card).split()[SECTIONS.index(vote)]]


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
        history = [card.title() for card in state.loyalty_log[seat]]
        teams.setdefault(history[-1], []).append(SEAT_NAMES[seat])
        if len(history) > 1:
            dealt = ", then ".join(history[:-1])
            swapped.append(f"{SEAT_NAMES[seat]} was dealt {dealt} before Cabin Fever.")
    lines = ["Loyalties: " + "; ".join(f"{team} {', '.join(s)}" for team, s in teams.items()) + "."]
    lines += swapped
    number = {vote: 0 for vote in SECTIONS}
    looked: list[list[str]] = [[] for _ in range(state.players)]
    lost: list[list[str]] = [[] for _ in range(state.players)]  # vote cards, when marooned
    for entry in state.secret_log:
        if entry["kind"] == "vote":
            vote = entry["vote"]
            number[vote] += 1
            plays = "; ".join(
                f"{SEAT_NAMES[seat]} played " + " and ".join(counting(c, vote) for c in cards)
                for seat, cards in entry["plays"]
            )
            lines.append(
                f"{vote.title()} {number[vote]} (called by {SEAT_NAMES[entry['caller']]}): "
                + (plays + "; " if plays else "")
                + f"the deck added {counting(entry['deck'], vote)}: {entry['verdict']}."
            )
        elif entry["kind"] == "nest":
            picks = "; ".join(card_words(vote_text(c)) for c in entry["cards"])
            lines.append(
                f"Crow's Nest: {SEAT_NAMES[entry['by']]} gave "
                f"{SEAT_NAMES[entry['target']]} {picks}."
            )
        elif entry["kind"] == "lost":
            lost[entry["seat"]].append(card_words(vote_text(entry["card"])))
        else:
            looked[entry["seat"]] += [
                f"{card_title(card)} (slot {slot})" for slot, card in entry["cards"]
            ]
    for seat, cards in enumerate(lost):
        if cards:
            lines.append(f"{SEAT_NAMES[seat]} lost {'; '.join(cards)} when marooned on Tortuga.")
    for seat, cards in enumerate(looked):
        if cards:
            lines.append(f"{SEAT_NAMES[seat]} looked at {', '.join(cards)}.")
    if not all(looked):
        lines.append(f"Nobody {'else ' if any(looked) else ''}looked at an event card.")
    return lines
