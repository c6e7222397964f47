"""Cardinal's rules: where a ship may go, which squares are crowded, the pirate, and the end.

Turn procedure (rulings §2.3): place a ship on any empty square not orthogonally adjacent to the
pirate; if the new ship touches a crowded square the pirate is summoned and the active player
moves it to any crowded square (interpretation A, K1; B behind the ``pirate_squares`` option);
ships orthogonally adjacent to the pirate go home; then only the active player checks for the
win. The turn passes through two phases, kept as data in :data:`PHASES`: ``place``, then
``pirate`` when the summoned pirate has more than one square to choose from.
"""

from __future__ import annotations

from functools import lru_cache

from games.cardinal.data import (
    BOARDS,
    CROWD_SIZE,
    PLY_CAP,
    REPETITIONS,
    SEATS,
    SHIPS_PER_PLAYER,
)
from games.cardinal.state import CardinalState
from games.core import KING, ORTHOGONAL, Phase, SeededRng, Square, finish, parse_square, square_name
from games.core.words import N_


def setup(board: str, pirate_squares: str, first: str, seed: int) -> CardinalState:
    """The empty board. "The player who most recently lost a game of Cardinal goes first (or
    flip a coin)": the ``first`` option names that seat, or the seed tosses the coin."""
    opener = {"orange": 0, "green": 1}.get(first)
    coin_toss = opener is None
    if opener is None:
        opener = SeededRng(seed).below(2)
    state = CardinalState(
        board=board,
        pirate_squares=pirate_squares,
        opener=opener,
        coin_toss=coin_toss,
        to_move=opener,
    )
    remember_position(state)
    return state


Tables = tuple[tuple[str, ...], dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]


@lru_cache(maxsize=8)
def tables(board: str) -> Tables:
    """Square names of a board and, for each, its 8 and its 4 orthogonal neighbours: worked
    out once per board, since the AI's search asks for crowds many thousand times a second."""
    shape = BOARDS[board]

    def around(square: Square, steps: tuple[Square, ...]) -> tuple[str, ...]:
        c, r = square
        return tuple(
            square_name((c + dc, r + dr)) for dc, dr in steps if shape.contains((c + dc, r + dr))
        )

    squares = tuple(square_name(square) for square in shape.squares())
    king = {square_name(square): around(square, KING) for square in shape.squares()}
    orth = {square_name(square): around(square, ORTHOGONAL) for square in shape.squares()}
    return squares, king, orth


def crowd_size(state: CardinalState, name: str) -> int:
    """Ships among the 8 neighbours of a square ("**Do NOT count the pirate in ship crowds!**")."""
    ships = state.ships
    return sum(1 for n in tables(state.board)[1][name] if n in ships)


def crowded_squares(state: CardinalState) -> list[str]:
    """Empty squares (no ship, not the pirate) with 4+ ships among their 8 neighbours."""
    ships = state.ships
    return [
        name
        for name in tables(state.board)[0]
        if name not in ships and name != state.pirate and crowd_size(state, name) >= CROWD_SIZE
    ]


def pirate_influence(state: CardinalState) -> set[str]:
    """Squares orthogonally adjacent to the pirate, where no ship may be placed."""
    if state.pirate is None:
        return set()
    return set(tables(state.board)[2][state.pirate])


def open_squares(state: CardinalState) -> list[str]:
    """Where a ship may go: empty, not the pirate's square, not under its influence."""
    blocked = pirate_influence(state) | set(state.ships)
    if state.pirate:
        blocked.add(state.pirate)
    return [name for name in tables(state.board)[0] if name not in blocked]


def supply(state: CardinalState, seat: int) -> int:
    """Ships ``seat`` still holds in hand."""
    return SHIPS_PER_PLAYER - sum(1 for owner in state.ships.values() if owner == seat)


def is_touching(a: str, b: str) -> bool:
    (ac, ar), (bc, br) = parse_square(a), parse_square(b)
    return max(abs(ac - bc), abs(ar - br)) == 1


def phase(state: CardinalState) -> str:
    return "pirate" if state.summoning else "place"


def place_actions(state: CardinalState, seat: int) -> list[str]:
    return [f"place {name}" for name in open_squares(state)]


def pirate_actions(state: CardinalState, seat: int) -> list[str]:
    return [f"pirate {name}" for name in state.summoning]


def place(state: CardinalState, seat: int, action: str) -> None:
    """Place a ship; summon the pirate if the new ship is part of a crowd (rulings §2.3)."""
    target = action.split()[1]
    state.ply += 1
    state.placements += 1
    state.ships[target] = seat
    state.last_move = {
        "seat": seat,
        "action": "place",
        "placed": target,
        "pirate_from": state.pirate,
        "pirate": None,
        "removed": [],
    }
    crowds = crowded_squares(state)
    touched = [name for name in crowds if is_touching(name, target)]
    if not touched:
        end_turn(state, seat)
        return
    choices = touched if state.pirate_squares == "touching" else crowds
    if len(choices) > 1:
        state.summoning = choices
        return
    move_pirate(state, choices[0])
    end_turn(state, seat)


def send_pirate(state: CardinalState, seat: int, action: str) -> None:
    """The mover's choice among several crowded squares for the summoned pirate."""
    state.ply += 1
    state.last_move["action"] = "pirate"
    move_pirate(state, action.split()[1])
    end_turn(state, seat)


PHASES: dict[str, Phase[CardinalState]] = {
    "place": Phase(legal=place_actions, play=place),
    "pirate": Phase(legal=pirate_actions, play=send_pirate),
}


def move_pirate(state: CardinalState, target: str) -> None:
    """ "Once the pirate is placed, all players remove any of their ships from the board that are
    orthogonally adjacent to the pirate (not diagonally)." """
    state.summoning = []
    state.pirate = target
    around = pirate_influence(state)
    removed = sorted(name for name in state.ships if name in around)
    state.last_move["pirate"] = target
    state.last_move["removed"] = [[name, state.ships.pop(name)] for name in removed]


def end_turn(state: CardinalState, seat: int) -> None:
    """ "At the end of a player's turn (after summoning the pirate if needed), if they have all 5
    of their ships on the board, they win the game!"; else the turn passes, and ruling K8 draws
    a 3rd repetition or the 200th ply."""
    if supply(state, seat) == 0:
        reason = N_("{seat} has all {count} ships on the board")
        finish(state, [seat], reason, seat=SEATS[seat], count=SHIPS_PER_PLAYER)
        return
    state.to_move = 1 - seat
    if remember_position(state) >= REPETITIONS:
        finish(state, [], N_("the same position came up three times"))
    elif state.ply >= PLY_CAP:
        finish(state, [], N_("{count} moves without a winner"), count=PLY_CAP)


def remember_position(state: CardinalState) -> int:
    """Count one more occurrence of the position (ships, pirate, whose turn); return the count."""
    ships = ",".join(f"{k}{v}" for k, v in sorted(state.ships.items()))
    key = f"{ships}|{state.pirate}|{state.to_move}"
    state.seen[key] = state.seen.get(key, 0) + 1
    return state.seen[key]
