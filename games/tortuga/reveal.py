"""What was hidden in a Tortuga game, told to all once it is over."""

from __future__ import annotations

from games.tortuga.data import SEAT_NAMES, SECTIONS, card_title, card_words, vote_text
from games.tortuga.state import TortugaState


def reveal(state: TortugaState) -> list[str]:
    """Once the game is over, every secret of it as lines a player reads: loyalties (and Cabin
    Fever swaps), who played which card in every vote, Crow's Nest picks, lost vote cards, and
    the event cards each player looked at. Nothing while it runs."""
    if state.outcome is None:
        return []
    lines = []
    for seat in range(state.players):
        history = [card.title() for card in state.loyalty_log[seat]]
        swaps = f" (after Cabin Fever; dealt {', then '.join(history[:-1])})" * (len(history) > 1)
        lines.append(f"{SEAT_NAMES[seat]} was {history[-1]}{swaps}.")
    number = {vote: 0 for vote in SECTIONS}
    looked: list[list[str]] = [[] for _ in range(state.players)]
    for entry in state.secret_log:
        if entry["kind"] == "vote":
            vote = entry["vote"]
            number[vote] += 1
            plays = "; ".join(
                f"{SEAT_NAMES[seat]} played "
                + " and ".join(card_words(vote_text(c), vote) for c in cards)
                for seat, cards in entry["plays"]
            )
            lines.append(
                f"{vote.title()} {number[vote]} (called by {SEAT_NAMES[entry['caller']]}): "
                + (plays + "; " if plays else "")
                + f"the deck added {card_words(vote_text(entry['deck']), vote)}: "
                + f"{entry['verdict']}."
            )
        elif entry["kind"] == "nest":
            picks = "; ".join(card_words(vote_text(c)) for c in entry["cards"])
            lines.append(
                f"Crow's Nest: {SEAT_NAMES[entry['by']]} gave "
                f"{SEAT_NAMES[entry['target']]} {picks}."
            )
        elif entry["kind"] == "lost":
            lines.append(
                f"{SEAT_NAMES[entry['seat']]} lost {card_words(vote_text(entry['card']))} "
                "when marooned again on Tortuga."
            )
        else:
            looked[entry["seat"]] += [
                f"{card_title(card)} (slot {slot})" for slot, card in entry["cards"]
            ]
    for seat, cards in enumerate(looked):
        seen = ", ".join(cards) if cards else "no event card"
        lines.append(f"{SEAT_NAMES[seat]} looked at {seen}.")
    return lines
