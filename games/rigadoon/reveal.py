"""What was hidden in a Rigadoon game, told at the end: the order of the Wind cards left."""

from __future__ import annotations

from games.core.words import t, tn
from games.rigadoon import data
from games.rigadoon.state import RigadoonState


def reveal(state: RigadoonState) -> list[str]:
    """At the end: the order the Wind cards would have come in."""
    if state.outcome is None:
        return []
    if state.options["wind"] == "die":
        return [t("The wind was rolled on the Wind die: nothing in this game was hidden.")]
    if not state.pile:
        return [t("The Wind deck had no cards left to draw; nothing else in this game was hidden.")]
    order = ", ".join(data.DIRECTIONS[card].upper() for card in reversed(state.pile))
    return [
        tn(
            "The Wind cards left in the deck, from the top: {order} ({n} card).",
            "The Wind cards left in the deck, from the top: {order} ({n} cards).",
            len(state.pile),
            order=order,
        ),
        t("Nothing else in this game was hidden."),
    ]
