"""Cardinal: place ships, crowd squares, summon the pirate (rulebook + rulings §2.3, K1-K11).

Turn procedure (rulings §2.3): place a ship on any empty square not orthogonally adjacent to the
pirate; if the new ship touches a crowded square the pirate is summoned and the active player
moves it to any crowded square (interpretation A, K1; B behind the ``pirate_squares`` option);
ships orthogonally adjacent to the pirate go home; then only the active player checks for the
win. The 3rd repetition of a position or the 200th ply draws (K8). K7 (no legal placement: pass)
cannot arise on the boards we offer: at most 8 ships are ever on the board, the pirate takes
one square and blocks at most four, and every board has at least 16 squares.

Rulings of our own: with exactly one crowded square the pirate goes there without asking (the
rules leave no choice to make). The "first" option is the rulebook's "most recently lost" seat,
or a coin flip from the game's seeded RNG.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any

from games.cardinal.board import BOARDS, CROWD_SIZE, PLY_CAP, SHIPS_PER_PLAYER, BoardShape
from games.core import (
    KING,
    ORTHOGONAL,
    GameSpec,
    Option,
    Outcome,
    SeededRng,
    Square,
    parse_square,
    square_name,
)


@dataclass
class CardinalState:
    board: str
    pirate_squares: str
    ships: dict[str, int]  # square name -> seat
    pirate: str | None
    turn: int
    ply: int = 0
    summoning: list[str] = field(default_factory=list)  # crowded squares to choose from
    seen: dict[str, int] = field(default_factory=dict)  # position -> times reached
    last: dict[str, Any] = field(default_factory=dict)
    result: dict[str, Any] | None = None

    @property
    def shape(self) -> BoardShape:
        return BOARDS[self.board]


def neighbours(shape: BoardShape, square: Square, steps: tuple[Square, ...]) -> list[Square]:
    c, r = square
    return [(c + dc, r + dr) for dc, dr in steps if shape.contains((c + dc, r + dr))]


def crowded_squares(state: CardinalState) -> list[str]:
    """Empty squares (no ship, not the pirate) with 4+ ships among their 8 neighbours."""
    shape = state.shape
    crowded = []
    for square in shape.squares():
        name = square_name(square)
        if name in state.ships or name == state.pirate:
            continue
        around = sum(square_name(n) in state.ships for n in neighbours(shape, square, KING))
        if around >= CROWD_SIZE:
            crowded.append(name)
    return crowded


def pirate_influence(state: CardinalState) -> set[str]:
    """Squares orthogonally adjacent to the pirate, where no ship may be placed."""
    if state.pirate is None:
        return set()
    return {square_name(n) for n in neighbours(state.shape, parse_square(state.pirate), ORTHOGONAL)}


def placements(state: CardinalState) -> list[str]:
    blocked = pirate_influence(state) | set(state.ships)
    if state.pirate:
        blocked.add(state.pirate)
    return [square_name(s) for s in state.shape.squares() if square_name(s) not in blocked]


def supply(state: CardinalState, seat: int) -> int:
    return SHIPS_PER_PLAYER - sum(1 for owner in state.ships.values() if owner == seat)


def is_touching(a: str, b: str) -> bool:
    (ac, ar), (bc, br) = parse_square(a), parse_square(b)
    return max(abs(ac - bc), abs(ar - br)) == 1


class Cardinal(GameSpec[CardinalState]):
    key = "cardinal"
    title = "Cardinal"
    min_players = 2
    max_players = 2
    seat_names = ("Orange", "Green")
    summary = (
        "Take turns placing one of your 5 ships on an empty square. An empty square with 4+ "
        "ships around it (diagonals count) is crowded; if your new ship touches a crowd, you "
        "summon the pirate to any crowded square, and every ship orthogonally next to it goes "
        "home. No ship may be placed orthogonally next to the pirate. Have all 5 ships on the "
        "board at the end of your turn to win.\nMoves: `place c3`, then `pirate d4` if asked."
    )
    options = (
        Option("board", "Board shape", tuple(BOARDS), "5x5"),
        Option(
            "pirate_squares",
            "Where a summoned pirate may go: any crowded square, or only one the new ship touches",
            ("any", "touching"),
            "any",
        ),
        Option("first", "Who places first", ("coin", "orange", "green"), "coin"),
    )

    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> CardinalState:
        opts = self.resolve_options(options)
        first = {"orange": 0, "green": 1}.get(opts["first"])
        if first is None:
            first = SeededRng(seed).below(2)
        state = CardinalState(
            board=opts["board"], pirate_squares=opts["pirate_squares"], ships={}, pirate=None,
            turn=first,
        )
        self._remember_position(state)
        return state

    def to_act(self, state: CardinalState) -> list[int]:
        return [] if state.result else [state.turn]

    def legal_actions(self, state: CardinalState, seat: int) -> list[str]:
        if state.result or seat != state.turn:
            return []
        if state.summoning:
            return [f"pirate {name}" for name in state.summoning]
        return [f"place {name}" for name in placements(state)]

    def illegal_message(self, state: CardinalState, seat: int, action: str,
                        legal: list[str]) -> str:
        verb, _, target = action.partition(" ")
        if state.summoning:
            choices = ", ".join(state.summoning)
            return f"Choose where the pirate goes first: one of the crowded squares {choices}."
        if verb == "place" and target:
            if target in state.ships:
                return f"{target} already holds a ship. Pick an empty square."
            if target == state.pirate or target in pirate_influence(state):
                return f"{target} is under the pirate's influence: no ship may go there."
            shape = state.shape
            return (f"{target} is not a square of this board (columns a–"
                    f"{chr(ord('a') + shape.cols - 1)}, rows 1–{shape.rows}).")
        return super().illegal_message(state, seat, action, legal)

    def play(self, state: CardinalState, seat: int, action: str) -> None:
        verb, _, target = action.partition(" ")
        state.ply += 1
        if verb == "place":
            state.ships[target] = seat
            state.last = {"seat": seat, "placed": target, "pirate_from": state.pirate,
                          "pirate": None, "removed": []}
            crowds = crowded_squares(state)
            touched = [sq for sq in crowds if is_touching(sq, target)]
            if not touched:
                self._end_turn(state, seat)
                return
            choices = touched if state.pirate_squares == "touching" else crowds
            if len(choices) > 1:
                state.summoning = choices
                return
            target = choices[0]
        self._move_pirate(state, target)
        self._end_turn(state, seat)

    def _move_pirate(self, state: CardinalState, target: str) -> None:
        state.summoning = []
        state.pirate = target
        around = pirate_influence(state)
        removed = sorted(name for name in state.ships if name in around)
        state.last["pirate"] = target
        state.last["removed"] = [[name, state.ships.pop(name)] for name in removed]

    def _end_turn(self, state: CardinalState, seat: int) -> None:
        if supply(state, seat) == 0:
            state.result = {"winners": [seat], "reason": f"{self.seat_label(seat)} has all "
                            f"{SHIPS_PER_PLAYER} ships on the board"}
            return
        state.turn = 1 - seat
        if self._remember_position(state) >= 3:
            state.result = {"winners": [], "reason": "the same position came up three times"}
        elif state.ply >= PLY_CAP:
            state.result = {"winners": [], "reason": f"{PLY_CAP} moves without a winner"}

    @staticmethod
    def _remember_position(state: CardinalState) -> int:
        ships = ",".join(f"{k}{v}" for k, v in sorted(state.ships.items()))
        key = f"{ships}|{state.pirate}|{state.turn}"
        state.seen[key] = state.seen.get(key, 0) + 1
        return state.seen[key]

    def view(self, state: CardinalState, seat: int | None) -> dict[str, Any]:
        shape = state.shape
        return {
            "game": self.key,
            "cols": shape.cols,
            "rows": shape.rows,
            "blocked": sorted(square_name(s) for s in shape.blocked),
            "ships": dict(sorted(state.ships.items())),
            "pirate": state.pirate,
            "supply": [supply(state, s) for s in (0, 1)],
            "crowded": crowded_squares(state),
            "influence": sorted(pirate_influence(state)),
            "summoning": list(state.summoning),
            "to_act": self.to_act(state),
            "turn": state.turn,
            "ply": state.ply,
            "last": state.last,
            "seat_names": list(self.seat_names),
            "outcome": state.result,
        }

    def outcome(self, state: CardinalState) -> Outcome | None:
        if state.result is None:
            return None
        return Outcome(winners=list(state.result["winners"]), reason=state.result["reason"])

    def describe(self, before: CardinalState, seat: int, action: str,
                 after: CardinalState) -> str:
        who = self.seat_label(seat)
        last = after.last
        parts = []
        if action.startswith("place"):
            parts.append(f"{who} places a ship on {last['placed']}.")
        if after.summoning:
            parts.append(f"The pirate is summoned: {who} chooses among "
                         f"{', '.join(after.summoning)}.")
        elif last.get("pirate") and (action.startswith("pirate") or
                                     last["pirate"] != before.pirate):
            parts.append(f"The pirate sails to {last['pirate']}.")
            removed = [f"{self.seat_label(owner)} {name}" for name, owner in last["removed"]]
            if removed:
                parts.append(f"Sent home: {', '.join(removed)}.")
        return " ".join(parts)

    def copy(self, state: CardinalState) -> CardinalState:
        return CardinalState(
            board=state.board, pirate_squares=state.pirate_squares, ships=dict(state.ships),
            pirate=state.pirate, turn=state.turn, ply=state.ply, summoning=list(state.summoning),
            seen=dict(state.seen), last=dict(state.last),
            result=state.result,
        )

    def dump(self, state: CardinalState) -> str:
        return json.dumps(asdict(state), sort_keys=True)

    def load(self, text: str) -> CardinalState:
        return CardinalState(**json.loads(text))
