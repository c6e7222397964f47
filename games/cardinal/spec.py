"""The :class:`GameSpec` of Cardinal: options, turn order and the hooks, each handing over to
``rules`` (what may be done and what it does), ``views`` (what players see) or the module
named after the hook (``label``, ``explain``, ``changes``, ``sample``, ``evaluate``,
``reveal``)."""

from __future__ import annotations

from typing import Any

from games.cardinal import (
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
from games.cardinal.data import BOARDS, SEATS
from games.cardinal.state import CardinalState
from games.core import Change, GameSpec, Lesson, Option, Score, View, normalize
from games.core.words import N_


class CardinalSpec(GameSpec[CardinalState]):
    key = "cardinal"
    title = N_("Cardinal")
    min_players = 2
    max_players = 2
    seat_names = SEATS
    state_type = CardinalState
    moments = teach.moments
    summary = N_(
        "Take turns placing one of your 5 ships on an empty square. An empty square with 4+ "
        "ships around it (diagonals count, the pirate does not) is crowded; if your new ship is "
        "part of a crowd, you summon the pirate to a crowded square, and every ship "
        "orthogonally next to it goes home. No ship may be placed orthogonally next to the "
        "pirate. Have all 5 ships on the board at the end of your turn to win. On the 5x5 "
        "board the first player can force a win; on the Compass board (5x5 without its corners) "
        "the second player has a fair chance.\n"
        "**On Discord:** on your turn, pick a square in the menu under the board post "
        '("Place a ship on C3"); each entry says what it will do. When you summon the pirate '
        "and several squares are crowded, pick its square the same way next."
    )
    lesson = Lesson(
        players=2,
        seed=1,
        options=(("first", "orange"),),
        before=("place b2", "place c2", "place b4", "place e5"),
        turn=("place d4",),
    )
    options = (
        Option(
            "board",
            N_("Board shape"),
            tuple(BOARDS),
            "5x5",
            ("5x5", N_("Compass"), N_("Centre-blocked"), "6x6", "4x4"),
        ),
        Option(
            "pirate_squares",
            N_(
                "Where a summoned pirate may go: any crowded square, or only one the new ship "
                "touches"
            ),
            ("any", "touching"),
            "any",
            (N_("Any crowded square"), N_("Only one the new ship touches")),
        ),
        Option(
            "first",
            N_("Who places first"),
            ("coin", "orange", "green"),
            "coin",
            (N_("A coin toss"), N_("Orange"), N_("Green")),
        ),
    )

    def setup(self, players: int, seed: int, options: dict[str, Any]) -> CardinalState:
        return rules.setup(options["board"], options["pirate_squares"], options["first"], seed)

    def to_act(self, state: CardinalState) -> list[int]:
        return [] if state.outcome else [state.to_move]

    def legal_actions(self, state: CardinalState, seat: int) -> list[str]:
        if state.outcome or seat != state.to_move:
            return []
        return rules.PHASES[rules.phase(state)].legal(state, seat)

    def play(self, state: CardinalState, seat: int, action: str) -> None:
        rules.PHASES[rules.phase(state)].play(state, seat, action)

    def board_view(self, state: CardinalState, seat: int | None) -> dict[str, Any]:
        return views.board_view(state)

    def turn_number(self, state: CardinalState) -> int:
        return views.turn_number(state)

    def last_lines(self, state: CardinalState) -> list[str]:
        return views.last_lines(state)

    def players(self, state: CardinalState) -> int:
        return 2

    def position(self, **setup: Any) -> CardinalState:
        return position.position(**setup)

    def scores(self, state: CardinalState) -> list[Score]:
        return views.scores(state)

    # -- the second-edition hooks, one module each --------------------------------------------
    def label(self, state: CardinalState, seat: int, action: str) -> str:
        return label.label(state, seat, normalize(action))

    def refusal(self, state: CardinalState, seat: int, action: str) -> str:
        return explain.explain(state, seat, action)

    def changes(self, before: View, after: View) -> list[Change]:
        return changes.changes(before, after)

    def sample(self, state: CardinalState, seat: int, seed: int) -> CardinalState:
        return sample.sample(state, seat, seed)

    def evaluate(self, state: CardinalState) -> list[float]:
        return evaluate.evaluate(state)

    def reveal(self, state: CardinalState) -> list[str]:
        return reveal.reveal(state)
