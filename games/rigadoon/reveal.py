"""What was hidden in a Rigadoon game, told at the end: the order of the Wind cards left."""

from __future__ import annotations

from games.rigadoon import data
from games.rigadoon.state import RigadoonState


def reveal(state: RigadoonState) -> list[str]:
    """At the end: the order the Wind cards would have come in."""
    if state.outcome is None:
        return []
    if state.options["wind"] == "die":
        return ["The wind was rolled on the Wind die: nothing in this game was hidden."]
    if not state.pile:
        return ["The Wind deck had no cards left to draw; nothing else in this game was hidden."]
    order = ", ".join(data.DIRECTIONS[card].upper() for card in reversed(state.pile))
    count = len(state.pile)
    return [
        f"The Wind cards left in the deck, from the top: {order} "
        f"({count} card{'' if count == 1 else 's'}).",
        "Nothing else in this game was hidden.",
    ]
