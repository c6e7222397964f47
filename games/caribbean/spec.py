"""Caribbean behind the engine contract: a thin layer over :mod:`games.caribbean.rules`,
:mod:`games.caribbean.views` and the module named after each hook (``label``, ``explain``,
``changes``, ``sample``, ``evaluate``, ``reveal``)."""

from __future__ import annotations

from typing import Any

from games.caribbean import (
    changes,
    evaluate,
    explain,
    label,
    reveal,
    rules,
    sample,
    teach,
    views,
)
from games.caribbean.data import COLOURS, SHIP_NAMES
from games.caribbean.lines import said
from games.caribbean.position import build_position
from games.caribbean.state import CaribbeanState
from games.core import Change, GameSpec, Lesson, Option, Score, View
from games.core.words import N_, t

SECRET_LINES = {
    "bid": N_("{seat} has assigned a card."),
    "confirm": N_("{seat} has confirmed their bids."),
    "tiebreaker": N_("{seat} has chosen their tie-breaker."),
}
SECRET_PHASES = frozenset({"bid", "tiebreak"})


class CaribbeanSpec(GameSpec[CaribbeanState]):
    key = "caribbean"
    title = N_("Caribbean")
    min_players = 2
    max_players = 4
    state_type = CaribbeanState
    moments = teach.moments
    seat_names = COLOURS
    has_hand = True  # the seven bribe cards, assigned in secret
    options = (
        Option(
            "round_cap",
            N_("Rounds after which the game ends anyway"),
            (20, 30, 40),
            30,
        ),
    )
    summary = N_(
        "Bribe six pirate ships with rum: each round assign six of your cards (-1 to 5) to "
        "ships A-F in secret; the seventh is your tie-breaker.\n"
        "Ships are revealed A to F; the highest bid sails that many spaces, minus one per "
        "opponent's -1 thief card, and may capture a port's chest (+2,000), steal, swap or "
        "pass on chests and deliver them to a haven, whose owner earns the chest's value.\n"
        "The round in which someone reaches 62k (2p) / 41k (3p) / 31k (4p) is the last.\n"
        "**On Discord:** your bribe cards come by DM (or `/parley hand`): press a card for each "
        'ship ("Put your 5 on ship A (Arriba)"), then **Confirm**. A ship you win sails one '
        'space per press on the board post ("Sail Arriba to D3 (4 left)"), with buttons for '
        "what it can do there (capture, steal, swap, pass on) and to end its turn."
    )
    lesson = Lesson(
        players=2,
        seed=1,
        before=(
            *("bid a 5", "bid b 4", "bid c 3", "bid d 2", "bid e 1", "bid f 0"),
            *("bid a 4", "bid b 5", "bid c 2", "bid d 3", "bid e 0", "bid f 1"),
            *("confirm", "confirm"),
        ),
        turn=("move d3", "move c3", "move c2", "capture"),
    )

    def setup(self, players: int, seed: int, options: dict[str, Any]) -> CaribbeanState:
        return rules.new_game(players, seed, options["round_cap"])

    def to_act(self, state: CaribbeanState) -> list[int]:
        return rules.to_act(state)

    def legal_actions(self, state: CaribbeanState, seat: int) -> list[str]:
        return rules.legal_actions(state, seat)

    def play(self, state: CaribbeanState, seat: int, action: str) -> None:
        rules.play(state, seat, action)

    def board_view(self, state: CaribbeanState, seat: int | None) -> dict[str, Any]:
        return views.board_view(state)

    def turn_number(self, state: CaribbeanState) -> int:
        return state.round

    def last_lines(self, state: CaribbeanState) -> list[str]:
        return [said(event) for event in state.events]

    def players(self, state: CaribbeanState) -> int:
        return state.players

    def position(self, **setup: Any) -> CaribbeanState:
        return build_position(**setup)

    def private_view(self, state: CaribbeanState, seat: int) -> dict[str, Any]:
        return views.private_view(state, seat)

    def scores(self, state: CaribbeanState) -> list[Score]:
        return views.scores(state)

    def secret_choice(self, state: CaribbeanState, seat: int) -> bool:
        return state.phase in SECRET_PHASES

    def private_text(self, view: View) -> str:
        return views.private_text(view)

    def describe(
        self, before: CaribbeanState, seat: int, action: str, after: CaribbeanState
    ) -> str:
        verb = action.split(" ", 1)[0]
        lines = self.last_lines(after)
        who = t(COLOURS[seat])
        if action == "bid repeat":
            lines.insert(0, t("{seat} has assigned their cards.", seat=who))
        elif verb in SECRET_LINES:
            lines.insert(0, t(SECRET_LINES[verb], seat=who))
        elif verb == "done":
            ship = SHIP_NAMES[before.current]
            lines.insert(0, t("{seat} ends {ship}'s turn.", seat=who, ship=ship))
        return " ".join(lines)

    # -- the second-edition hooks, one module each --------------------------------------------
    def label(self, state: CaribbeanState, seat: int, action: str) -> str:
        return label.label(state, seat, action)

    def refusal(self, state: CaribbeanState, seat: int, action: str) -> str:
        return explain.explain(state, seat, action)

    def changes(self, before: View, after: View) -> list[Change]:
        return changes.changes(before, after)

    def sample(self, state: CaribbeanState, seat: int, seed: int) -> CaribbeanState:
        return sample.sample(state, seat, seed)

    def evaluate(self, state: CaribbeanState) -> list[float]:
        return evaluate.evaluate(state)

    def reveal(self, state: CaribbeanState) -> list[str]:
        return reveal.reveal(state)

    def turn_trail(self, state: CaribbeanState, seat: int) -> list[str]:
        return rules.turn_trail(state, seat)
