"""Caribbean behind the engine contract: a thin layer over :mod:`games.caribbean.rules`."""

from __future__ import annotations

from typing import Any

from games.caribbean import rules
from games.caribbean.data import COLOURS, SHIP_LETTERS, SHIP_NAMES
from games.caribbean.state import CaribbeanState, copy_state, dump_state, load_state
from games.caribbean.views import private_text, private_view, public_view
from games.core import GameSpec, Option, Outcome

SECRET_LINES = {
    "bid": "{who} has assigned a card.",
    "confirm": "{who} has confirmed their bids.",
    "tiebreaker": "{who} has chosen their tie-breaker.",
}


class Caribbean(GameSpec[CaribbeanState]):
    key = "caribbean"
    title = "Caribbean"
    min_players = 2
    max_players = 4
    seat_names = COLOURS
    options = (
        Option("round_cap", "Rounds after which the game ends anyway (house rule C16)",
               (20, 30, 40), 30),
    )
    summary = (
        "Bribe six pirate ships with rum: each round assign six of your cards (-1 to 5) to "
        "ships A-F in secret; the seventh is your tie-breaker.\n"
        "Ships are revealed A to F; the highest bid sails that many spaces, minus one per "
        "opponent's -1 thief card, and may capture a port's chest (+2,000), steal, swap or "
        "pass on chests and deliver them to a haven, whose owner earns the chest's value.\n"
        "The round in which someone reaches 62k (2p) / 41k (3p) / 31k (4p) is the last."
    )

    def new(self, players: int, seed: int,
            options: dict[str, Any] | None = None) -> CaribbeanState:
        if not self.min_players <= players <= self.max_players:
            raise ValueError("Caribbean is for 2 to 4 players.")
        resolved = self.resolve_options(options)
        return rules.new_game(players, seed, resolved["round_cap"])

    def to_act(self, state: CaribbeanState) -> list[int]:
        return rules.to_act(state)

    def legal_actions(self, state: CaribbeanState, seat: int) -> list[str]:
        return rules.legal_actions(state, seat)

    def play(self, state: CaribbeanState, seat: int, action: str) -> None:
        rules.play(state, seat, action)

    def view(self, state: CaribbeanState, seat: int | None) -> dict[str, Any]:
        view = public_view(state)
        if seat is not None:
            view["private"] = private_view(state, seat)
        return view

    def outcome(self, state: CaribbeanState) -> Outcome | None:
        if state.result is None:
            return None
        return Outcome(winners=list(state.result["winners"]), reason=state.result["reason"])

    def secret_choice(self, state: CaribbeanState, seat: int) -> bool:
        return state.phase in ("bid", "tiebreak")

    def private_text(self, view: dict[str, Any]) -> str:
        return private_text(view.get("private", {}))

    def describe(self, before: CaribbeanState, seat: int, action: str,
                 after: CaribbeanState) -> str:
        verb = action.split(" ", 1)[0]
        lines = list(after.events)
        if verb in SECRET_LINES:
            lines.insert(0, SECRET_LINES[verb].format(who=self.seat_label(seat)))
        elif verb == "done":
            lines.insert(0, f"{self.seat_label(seat)} ends {SHIP_NAMES[before.current]}'s turn.")
        return " ".join(lines)

    def illegal_message(self, state: CaribbeanState, seat: int, action: str,
                        legal: list[str]) -> str:
        words = action.split()
        if state.phase == "bid" and words[:1] == ["bid"] and len(words) == 3:
            row = state.bids[seat]
            if None in row and words[1] != SHIP_LETTERS[row.index(None)]:
                nxt = row.index(None)
                return (f"Put cards on the ships in order A to F: the next one is ship "
                        f"{SHIP_LETTERS[nxt].upper()} ({SHIP_NAMES[nxt]}). You can change any "
                        f"ship once all six have a card.")
            if words[2].lstrip("-").isdigit() and int(words[2]) in row:
                ship = SHIP_LETTERS[row.index(int(words[2]))].upper()
                return (f"Card {words[2]} is already on ship {ship}; give ship {ship} your "
                        f"spare card first.")
        if words == ["confirm"] and state.phase == "bid":
            return "Put a card on all six ships before you confirm."
        if words[:1] == ["move"] and state.phase == "sail" and state.moves_left == 0:
            return f"{SHIP_NAMES[state.current]} has no movement left: take an action or `done`."
        return super().illegal_message(state, seat, action, legal)

    def copy(self, state: CaribbeanState) -> CaribbeanState:
        return copy_state(state)

    def dump(self, state: CaribbeanState) -> str:
        return dump_state(state)

    def load(self, text: str) -> CaribbeanState:
        return load_state(text)
