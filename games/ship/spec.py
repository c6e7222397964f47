"""The :class:`GameSpec` of Ship: options, turn order, views and readable refusals."""

from __future__ import annotations

from typing import Any

from games.core import GameSpec, IllegalAction, Option, Outcome, SeededRng, parse_square
from games.ship.deck import (
    ARROW_NAMES,
    BOARD_SIZES,
    CAPTAIN,
    DEFAULT_BOARD,
    MATE,
    OWNER,
    SIDES,
    deck,
    parse_size,
)
from games.ship.narration import narrate
from games.ship.rules import PLY_CAP, legal_moves, make_move, name, parse_move, piece_moves
from games.ship.state import ShipState


class ShipSpec(GameSpec[ShipState]):
    key = "sealegs"
    title = "Ship"
    min_players = 2
    max_players = 2
    seat_names = SIDES
    options = (
        Option("board", "Deck size, columns x rows (7x9 is the reconstructed deck)",
               BOARD_SIZES, DEFAULT_BOARD),
        Option("captain_diagonals", "Captains step diagonally toward home only, or all four ways",
               ("homeward", "all"), "homeward"),
        Option("first", "Who makes the first move: Stern, or a coin toss",
               ("stern", "random"), "stern"),
    )
    summary = (
        "Stern (seat 1) and Bow (seat 2) each start with 9 Mates. A Mate steps one square "
        "forward, left or right, or jumps an adjacent enemy the same way (optional, one per "
        "turn). Each side's first move is one Mate one square forward.\n"
        "A Mate reaching the far row gets its Sea-Leg and becomes a Captain: it heads home and "
        "may also go diagonally home-ward. A Captain back on its own home row wins.\n"
        "Landing on a wave shifts the row of the opponent's front-most Mate toward the arrow; "
        "if that row holds 2+ pieces, the one at the edge falls overboard.\n"
        "You also win if the opponent has no pieces or no legal move. Draw after "
        f"{PLY_CAP} plies or 3-fold repetition. Play `move c3 c4` or `jump d6 d4`."
    )

    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> ShipState:
        if players != 2:
            raise IllegalAction("Ship is a game for exactly 2 players: Stern and Bow.")
        chosen = self.resolve_options(options)
        width, height = parse_size(chosen["board"])
        first = 0 if chosen["first"] == "stern" else SeededRng(seed).below(2)
        state = ShipState(
            width=width, height=height, all_diagonals=chosen["captain_diagonals"] == "all",
            board=deck(width, height).start_board(), to_move=first, first_turn=[True, True],
        )
        state.seen[state.position_key()] = 1
        return state

    def to_act(self, state: ShipState) -> list[int]:
        return [] if state.result else [state.to_move]

    def legal_actions(self, state: ShipState, seat: int) -> list[str]:
        if state.result or seat != state.to_move:
            return []
        return [move.text(state.width) for move in legal_moves(state)]

    def play(self, state: ShipState, seat: int, action: str) -> None:
        make_move(state, parse_move(action, state.width))

    def copy(self, state: ShipState) -> ShipState:
        return state.copy()

    def outcome(self, state: ShipState) -> Outcome | None:
        if not state.result:
            return None
        return Outcome(list(state.result["winners"]), state.result["reason"])

    def dump(self, state: ShipState) -> str:
        return state.to_json()

    def load(self, text: str) -> ShipState:
        return ShipState.from_json(text)

    def describe(self, before: ShipState, seat: int, action: str, after: ShipState) -> str:
        assert after.last is not None, "every move leaves its record in `last`"
        return narrate(after.last, after.result)

    def view(self, state: ShipState, seat: int | None) -> dict[str, Any]:
        """Everything is public in Ship; ``private`` stays empty for every seat."""
        width = state.width
        pieces = [
            {"square": name(i, width), "side": OWNER[cell], "captain": cell in CAPTAIN}
            for i, cell in enumerate(state.board) if cell in OWNER
        ]
        waves = [
            {"square": name(i, width), "arrow": ARROW_NAMES[arrow]}
            for i, arrow in sorted(state.deck.waves.items())
        ]
        lost = [{"jumped": 0, "overboard": 0} for _ in SIDES]
        for taken in state.removed:
            lost[OWNER[taken["piece"]]][taken["how"]] += 1
        last = None
        if state.last:
            last = {**state.last, "text": narrate(state.last, state.result)}
        return {
            "game": self.key,
            "width": width,
            "height": state.height,
            "seats": list(SIDES),
            "viewer": seat,
            "to_act": self.to_act(state),
            "turn": None if state.result else state.to_move,
            "first_turn": list(state.first_turn),
            "ply": state.ply,
            "ply_cap": PLY_CAP,
            "pieces": pieces,
            "waves": waves,
            "last": last,
            "lost": lost,
            "sea_legs": list(state.sea_legs),
            "outcome": state.result,
            "options": {
                "board": f"{width}x{state.height}",
                "captain_diagonals": "all" if state.all_diagonals else "homeward",
            },
            "private": {},
        }

    def illegal_message(self, state: ShipState, seat: int, action: str, legal: list[str]) -> str:
        """Say what is wrong with the named piece, and what it could do instead."""
        words = action.split()
        squares = []
        if len(words) == 3 and words[0] in ("move", "jump"):
            try:
                squares = [parse_square(w) for w in words[1:]]
            except ValueError:
                squares = []
        if not squares or not all(0 <= c < state.width and 0 <= r < state.height
                                  for c, r in squares):
            return ("Write a move as `move c3 c4` (one step) or `jump d6 d4` (over an enemy), "
                    "with squares on the deck (a1 to "
                    f"{name(state.width * state.height - 1, state.width)}).")
        (col, row) = squares[0]
        src = row * state.width + col
        side = SIDES[seat]
        if state.board[src] not in (MATE[seat], CAPTAIN[seat]):
            return f"There is no {side} piece on {words[1]}."
        options = [move.text(state.width) for move in piece_moves(state, src)]
        rule = ("Your first move must step one Mate one square forward."
                if state.first_turn[seat] else
                "Mates step or jump forward, left or right; Captains also diagonally toward home;"
                " a step needs an empty square, a jump an enemy piece next door and an empty "
                "square beyond.")
        instead = (f"From {words[1]} you can play: " + ", ".join(f"`{o}`" for o in options)
                   if options else f"The piece on {words[1]} cannot move now.")
        return f"`{action}` is not legal. {rule} {instead}"
