"""The :class:`GameSpec` of Ship: options, turn order and the hooks, each handing over to
``rules`` (what may be done and what it does), ``views`` (what players see) or the module
named after the hook (``label``, ``explain``, ``changes``, ``sample``, ``evaluate``,
``reveal``)."""

from __future__ import annotations

from typing import Any

from games.core import Change, GameSpec, Lesson, Option, Score, View, normalize
from games.core.words import N_
from games.ship import (
    changes,
    evaluate,
    explain,
    label,
    position,
    reveal,
    rules,
    sample,
    teach,
    views,
)
from games.ship.data import BOARD_SIZES, DEFAULT_BOARD, SIDES
from games.ship.state import ShipState


class ShipSpec(GameSpec[ShipState]):
    key = "ship"
    title = N_("Ship (Stern vs Bow)")
    min_players = 2
    max_players = 2
    seat_names = SIDES
    state_type = ShipState
    moments = teach.moments
    options = (
        Option(
            "board",
            N_("Deck size, columns x rows (7x9 is the reconstructed deck)"),
            BOARD_SIZES,
            DEFAULT_BOARD,
        ),
        Option(
            "captain_diagonals",
            N_("Captains step diagonally toward home only, or all four ways"),
            ("homeward", "all"),
            "homeward",
            (N_("Homeward only"), N_("All four ways")),
        ),
        Option(
            "first",
            N_("Who makes the first move: Stern, or a coin toss"),
            ("stern", "random"),
            "stern",
            (N_("Stern"), N_("A coin toss")),
        ),
    )
    summary = N_(  # its "200 plies" is data.PLY_CAP (tests/games/test_ship.py checks)
        "Stern (seat 1) and Bow (seat 2) each start with 9 Mates. A Mate steps one square "
        "forward, left or right, or jumps an adjacent enemy the same way (optional, one per "
        "turn). Each side's first move is one Mate one square forward.\n"
        "A Mate reaching the far row gets its Sea-Leg and becomes a Captain: it heads home and "
        "may also go diagonally home-ward. A Captain back on its own home row wins.\n"
        "Landing on a wave shifts the row of the opponent's front-most Mate toward the arrow; "
        "if that row holds 2+ pieces, the one at the edge falls overboard.\n"
        "You also win if the opponent has no pieces or no legal move. Draw after "
        "200 plies or 3-fold repetition.\n"
        "**On Discord:** your legal moves are buttons under the board post "
        '("Mate C3 forward to C4"), or a menu when there are many; each says what it does '
        "(a wave, a piece overboard, a win). Press one."
    )
    lesson = Lesson(
        players=2,
        seed=1,
        options=(("first", "stern"),),
        before=("move c3 c4", "move d7 d6"),
        turn=("move c4 b4",),
    )

    def setup(self, players: int, seed: int, options: dict[str, Any]) -> ShipState:
        return rules.setup(options["board"], options["captain_diagonals"], options["first"], seed)

    def to_act(self, state: ShipState) -> list[int]:
        return [] if state.outcome else [state.to_move]

    def legal_actions(self, state: ShipState, seat: int) -> list[str]:
        if state.outcome or seat != state.to_move:
            return []
        return [move.text(state.width) for move in rules.legal_moves(state)]

    def play(self, state: ShipState, seat: int, action: str) -> None:
        rules.make_move(state, rules.parse_move(action, state.width))

    def board_view(self, state: ShipState, seat: int | None) -> dict[str, Any]:
        return views.board_view(state)

    def turn_number(self, state: ShipState) -> int:
        return views.turn_number(state)

    def last_lines(self, state: ShipState) -> list[str]:
        return views.last_lines(state)

    def players(self, state: ShipState) -> int:
        return 2

    def position(self, **setup: Any) -> ShipState:
        return position.position(**setup)

    def scores(self, state: ShipState) -> list[Score]:
        return views.scores(state)

    # -- the second-edition hooks, one module each --------------------------------------------
    def label(self, state: ShipState, seat: int, action: str) -> str:
        return label.label(state, seat, normalize(action))

    def refusal(self, state: ShipState, seat: int, action: str) -> str:
        return explain.explain(state, seat, action)

    def changes(self, before: View, after: View) -> list[Change]:
        return changes.changes(before, after)

    def sample(self, state: ShipState, seat: int, seed: int) -> ShipState:
        return sample.sample(state, seat, seed)

    def evaluate(self, state: ShipState) -> list[float]:
        return evaluate.evaluate(state)

    def reveal(self, state: ShipState) -> list[str]:
        return reveal.reveal(state)
