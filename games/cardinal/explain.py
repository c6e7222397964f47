"""Why a Cardinal action is refused: one sentence naming the rule that forbids it."""

from __future__ import annotations

from games.cardinal.data import CROWD_SIZE, SEATS
from games.cardinal.rules import crowded_squares, pirate_influence
from games.cardinal.state import CardinalState
from games.cardinal.views import shown
from games.core import parse_square


def explain(state: CardinalState, seat: int, action: str) -> str:
    """Why ``action`` is not legal for ``seat`` now: the rule that forbids it, in one sentence
    (squares named as on the board; the refused text itself is never echoed)."""
    if state.outcome is not None:
        return f"The game is over: {state.outcome['reason']}."
    if seat != state.to_move:
        return f"It is {SEATS[state.to_move]}'s turn: wait for your own."
    words = action.split()
    verb = words[0] if words else ""
    target = words[1] if len(words) == 2 else ""
    square = _square(target)
    if state.summoning:
        choices = _either(state.summoning)
        touching_only = state.pirate_squares == "touching"
        if verb == "pirate" and touching_only and target in crowded_squares(state):
            return (
                "This game's pirate option lets the pirate go only to a crowded square your new "
                f"ship touches: {choices}."
            )
        if verb == "pirate":
            return (
                "The pirate may only go to a crowded square (an empty square with "
                f"{CROWD_SIZE} or more ships around it): {choices}."
            )
        return f"Your new ship summoned the pirate: first send it to {choices}."
    if verb == "pirate":
        return "The pirate comes only when your new ship is part of a crowd: place a ship first."
    if verb != "place" or square is None:
        return "Place a ship by naming an empty square of the board, for example C3."
    shape = state.shape
    c, r = square
    if not (0 <= c < shape.cols and 0 <= r < shape.rows):
        last = chr(ord("A") + shape.cols - 1)
        return (
            f"There is no square {shown(target)} on this board: columns run A to {last}, "
            f"rows 1 to {shape.rows}."
        )
    if not shape.contains(square):
        return f"{shown(target)} is cut out of this board: no ship may go there."
    if target in state.ships:
        owner = "your" if state.ships[target] == seat else f"{SEATS[state.ships[target]]}'s"
        return f"{shown(target)} already holds a ship ({owner}): ships go on empty squares."
    if target == state.pirate:
        return f"The pirate sits on {shown(target)}: ships go on empty squares."
    if target in pirate_influence(state):
        return (
            f"{shown(target)} is under the pirate's influence: no ship may be placed "
            f"orthogonally next to the pirate on {shown(state.pirate or '')}."
        )
    return "That placement is not open now."


def _square(name: str) -> tuple[int, int] | None:
    try:
        return parse_square(name)
    except ValueError:
        return None


def _either(names: list[str]) -> str:
    shown_names = [shown(n) for n in names]
    if len(shown_names) == 1:
        return shown_names[0]
    return ", ".join(shown_names[:-1]) + " or " + shown_names[-1]
