"""The :class:`GameSpec` of Tortuga 1667: the contract glue over ``rules`` and ``views``."""

from __future__ import annotations

import json
import pickle
from typing import Any

from games.core import GameSpec, Outcome
from games.tortuga import rules, views
from games.tortuga.data import SEAT_NAMES
from games.tortuga.state import State


class TortugaSpec(GameSpec[State]):
    key = "tortuga"
    title = "Tortuga 1667"
    min_players = 2
    max_players = 9
    seat_names = SEAT_NAMES
    summary = (
        "Secret British and French teams (and a lone Dutch player with odd counts) fight over "
        "8 chests. On your turn take one action (two with 2 players): view 2 event cards, "
        "reveal 1, force another player to reveal, move via a rowboat, or use your rank - "
        "captains attack or maroon, first mates mutiny, cabin boys move a chest, the governor "
        "of Tortuga brawls. Votes are secret. When the Spanish Armada is revealed, the team "
        "with the most treasure wins.")

    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> State:
        self.resolve_options(options)
        return rules.new_game(players, seed)

    def to_act(self, state: State) -> list[int]:
        return rules.to_act(state)

    def legal_actions(self, state: State, seat: int) -> list[str]:
        return rules.legal_actions(state, seat)

    def play(self, state: State, seat: int, action: str) -> None:
        rules.play(state, seat, action)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        view = views.public_view(state)
        view["private"] = {} if seat is None else views.private_view(state, seat)
        return view

    def outcome(self, state: State) -> Outcome | None:
        if state.result is None:
            return None
        return Outcome(winners=list(state.result["winners"]), reason=state.result["reason"])

    def dump(self, state: State) -> str:
        return json.dumps(vars(state))

    def load(self, text: str) -> State:
        return State(**json.loads(text))

    def copy(self, state: State) -> State:
        return pickle.loads(pickle.dumps(state))

    def describe(self, before: State, seat: int, action: str, after: State) -> str:
        """The public news of the action; votes and Crow's Nest picks never name a card."""
        return " ".join(after.news) or f"{self.seat_label(seat)}: `{action}`"

    def secret_choice(self, state: State, seat: int) -> bool:
        return state.pending is not None and state.pending["kind"] in ("vote", "pick")

    def default_action(self, state: State, seat: int) -> str | None:
        """A21: Atlantis is offered before every turn "with a short timeout defaulting to
        'no'"."""
        pending = state.pending
        if pending is not None and pending["kind"] == "atlantis" and pending["seat"] == seat:
            return "keep atlantis"
        return None

    def private_text(self, view: dict[str, Any]) -> str:
        return views.private_text(view)
