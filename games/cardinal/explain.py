"""Why a Cardinal action is refused: one sentence naming the rule that forbids it."""

from __future__ import annotations

from games.cardinal.data import CROWD_SIZE
from games.cardinal.rules import crowded_squares, pirate_influence
from games.cardinal.state import CardinalState
from games.cardinal.views import seat_name, shown
from games.core import parse_square
from games.core.words import either, t, told


def explain(state: CardinalState, seat: int, action: str) -> str:
    """Why ``action`` is not legal for ``seat`` now: the rule that forbids it, in one sentence
    (squares named as on the board; the refused text itself is never echoed)."""
    if state.outcome is not None:
        reason = told(state.outcome["reason"], state.outcome.get("params", {}))
        return t("The game is over: {reason}.", reason=reason)
    if seat != state.to_move:
        return t("It is {seat}'s turn: wait for your own.", seat=seat_name(state.to_move))
    words = action.split()
    verb = words[0] if words else ""
    target = words[1] if len(words) == 2 else ""
    square = _square(target)
    if state.summoning:
        choices = either([shown(name) for name in state.summoning])
        touching_only = state.pirate_squares == "touching"
        if verb == "pirate" and touching_only and target in crowded_squares(state):
            return t(
                "This game's pirate option lets the pirate go only to a crowded square your new "
                "ship touches: {squares}.",
                squares=choices,
            )
        if verb == "pirate":
            return t(
                "The pirate may only go to a crowded square (an empty square with {count} or "
                "more ships around it): {squares}.",
                count=CROWD_SIZE,
                squares=choices,
            )
        return t("Your new ship summoned the pirate: first send it to {squares}.", squares=choices)
    if verb == "pirate":
        return t("The pirate comes only when your new ship is part of a crowd: place a ship first.")
    if verb != "place" or square is None:
        return t("Place a ship by naming an empty square of the board, for example C3.")
    return _placement(state, seat, target, square)


def _placement(state: CardinalState, seat: int, target: str, square: tuple[int, int]) -> str:
    """Why a ship may not go on ``target``, a square's name."""
    shape = state.shape
    c, r = square
    if not (0 <= c < shape.cols and 0 <= r < shape.rows):
        return t(
            "There is no square {square} on this board: columns run A to {last}, rows 1 to {rows}.",
            square=shown(target),
            last=chr(ord("A") + shape.cols - 1),
            rows=shape.rows,
        )
    if not shape.contains(square):
        return t("{square} is cut out of this board: no ship may go there.", square=shown(target))
    if target in state.ships:
        if state.ships[target] == seat:
            return t(
                "{square} already holds a ship (yours): ships go on empty squares.",
                square=shown(target),
            )
        return t(
            "{square} already holds a ship ({seat}'s): ships go on empty squares.",
            square=shown(target),
            seat=seat_name(state.ships[target]),
        )
    if target == state.pirate:
        return t("The pirate sits on {square}: ships go on empty squares.", square=shown(target))
    if target in pirate_influence(state):
        return t(
            "{square} is under the pirate's influence: no ship may be placed orthogonally next "
            "to the pirate on {pirate}.",
            square=shown(target),
            pirate=shown(state.pirate or ""),
        )
    return t("That placement is not open now.")


def _square(name: str) -> tuple[int, int] | None:
    try:
        return parse_square(name)
    except ValueError:
        return None
