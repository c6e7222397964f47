"""The :class:`GameSpec` of Tortuga 1667: the contract glue over ``rules``, ``views`` and the
module named after each hook (``label``, ``explain``, ``changes``, ``sample``, ``evaluate``,
``reveal``)."""

from __future__ import annotations

from typing import Any

from games.core import Change, GameSpec, Lesson, Score, View
from games.core.words import N_
from games.tortuga import (
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
from games.tortuga.data import SEAT_NAMES, TEAMS
from games.tortuga.state import TortugaState, said


class TortugaSpec(GameSpec[TortugaState]):
    key = "tortuga"
    title = "Tortuga 1667"
    min_players = 2
    max_players = 9
    state_type = TortugaState
    moments = teach.moments
    seat_names = SEAT_NAMES
    has_hand = True
    summary = N_(
        "Secret British and French teams (and a lone Dutch player with odd counts) fight over "
        "8 chests. On your turn take one action (two with 2 players): view 2 event cards, "
        "reveal one, force another player to reveal, move via a rowboat, or use your rank - "
        "captains attack or maroon, first mates mutiny, cabin boys move a chest, the governor "
        "of Tortuga brawls. Votes are secret. When the Spanish Armada is revealed, the team "
        "with the most treasure wins.\n"
        "**On Discord:** on your turn the board post has a button for each action you may take "
        '("Reveal event card 2"). Your loyalty, vote cards and the event cards you viewed come '
        "by DM (or `/parley hand`), and you vote there with buttons nobody else sees."
    )
    lesson = Lesson(
        players=4, seed=1, before=("hold british", "hold french"), turn=("move jr rowboat",)
    )

    def setup(self, players: int, seed: int, options: dict[str, Any]) -> TortugaState:
        return rules.new_game(players, seed)

    def to_act(self, state: TortugaState) -> list[int]:
        return rules.to_act(state)

    def legal_actions(self, state: TortugaState, seat: int) -> list[str]:
        return rules.legal_actions(state, seat)

    def play(self, state: TortugaState, seat: int, action: str) -> None:
        rules.play(state, seat, action)

    def board_view(self, state: TortugaState, seat: int | None) -> dict[str, Any]:
        return views.board_view(state)

    def turn_number(self, state: TortugaState) -> int:
        return state.turn

    def last_lines(self, state: TortugaState) -> list[str]:
        return [said(kept) for kept in state.news]

    def players(self, state: TortugaState) -> int:
        return state.players

    def position(self, **setup: Any) -> TortugaState:
        """See :func:`games.tortuga.position.build_position`."""
        return position.build_position(**setup)

    def private_view(self, state: TortugaState, seat: int) -> dict[str, Any]:
        return views.private_view(state, seat)

    def scores(self, state: TortugaState) -> list[Score]:
        return views.scores(state)

    def describe(self, before: TortugaState, seat: int, action: str, after: TortugaState) -> str:
        """The public news of the action; votes and Crow's Nest picks never name a card."""
        return " ".join(self.last_lines(after))

    def secret_choice(self, state: TortugaState, seat: int) -> bool:
        return rules.phase_of(state) in rules.SECRET_KINDS

    def default_action(self, state: TortugaState, seat: int) -> str | None:
        """A21: Atlantis is offered before every turn "with a short timeout defaulting to
        'no'"."""
        if rules.phase_of(state) == "atlantis" and rules.to_act(state) == [seat]:
            return "keep atlantis"
        return None

    def private_text(self, view: View) -> str:
        return views.private_text(view)

    def sides(self, state: TortugaState) -> list[list[int]]:
        """The British, the French, and the Dutch player alone, by the loyalty each seat holds
        now (after any Cabin Fever swap); a team nobody belongs to is left out."""
        teams = [
            [seat for seat in range(state.players) if state.loyalty[seat] == team]
            for team in (*TEAMS, "dutch")
        ]
        return [team for team in teams if team]

    # -- the second-edition hooks, one module each ------------------------------------------
    def label(self, state: TortugaState, seat: int, action: str) -> str:
        return label.label(state, seat, action)

    def refusal(self, state: TortugaState, seat: int, action: str) -> str:
        return explain.explain(state, seat, action)

    def changes(self, before: View, after: View) -> list[Change]:
        return changes.changes(before, after)

    def sample(self, state: TortugaState, seat: int, seed: int) -> TortugaState:
        return sample.sample(state, seat, seed)

    def evaluate(self, state: TortugaState) -> list[float]:
        return evaluate.evaluate(state)

    def reveal(self, state: TortugaState) -> list[str]:
        return reveal.reveal(state)
