"""What Ship shows: the deck view, one line per move in words, the counters, and how squares
and pieces are written (which the hook modules share).

Everything in Ship is public, so every seat and the public get the same view.
"""

from __future__ import annotations

from typing import Any

from games.core import Score, clone, parse_square, score
from games.core.words import N_, clauses, t, told
from games.ship.data import ARROW_NAMES, CAPTAIN, MATE, OWNER, PLY_CAP, SIDES, name
from games.ship.state import ShipState


def board_view(state: ShipState) -> dict[str, Any]:
    width = state.width
    pieces = [
        {"square": name(i, width), "side": OWNER[cell], "captain": cell in CAPTAIN}
        for i, cell in enumerate(state.board)
        if cell in OWNER
    ]
    waves = [
        {"square": name(i, width), "arrow": ARROW_NAMES[arrow]}
        for i, arrow in sorted(state.deck.waves.items())
    ]
    lost = [{"jumped": 0, "overboard": 0} for _ in SIDES]
    for taken in state.removed:
        lost[OWNER[taken["piece"]]][taken["how"]] += 1
    return {
        "width": width,
        "height": state.height,
        "first_turn": list(state.first_turn),
        "ply": state.ply,
        "ply_cap": PLY_CAP,
        "pieces": pieces,
        "waves": waves,
        "last_move": clone(state.last_move),
        "lost": lost,
        "sea_legs": list(state.sea_legs),
    }


def turn_number(state: ShipState) -> int:
    """The move now being decided (each side's move counts one), or the last one once over."""
    return state.ply if state.outcome is not None else state.ply + 1


def side_name(seat: int) -> str:
    """A side's name in the language spoken now ("Bow", "Bug", "Proue")."""
    return t(SIDES[seat])


def of_piece(piece: str, mate: str, captain: str, **params: object) -> str:
    """The text about ``piece`` (``mate`` or ``captain``, both marked ``N_``), said now:
    a whole sentence for each kind, so no language has to fit a piece's name into another's
    sentence."""
    return t(captain if piece in CAPTAIN else mate, **params)


def piece_words(piece: str, square: str) -> str:
    """``Bow's G6`` for a Mate, ``Bow's Captain on G6`` for a Captain."""
    side = side_name(OWNER[piece])
    return of_piece(
        piece,
        N_("{side}'s {square}"),
        N_("{side}'s Captain on {square}"),
        side=side,
        square=shown(square),
    )


def last_lines(state: ShipState) -> list[str]:
    """E.g. "Stern moves A4 → B4; the wave at B4 shifts row 6 east and Bow's G6 falls
    overboard.", with the verdict after the move that ended the game; squares as the buttons
    name them."""
    last = state.last_move
    if last is None:
        return []
    side = side_name(last["seat"])
    captain = last["piece"] in CAPTAIN and not last["promoted"]
    start, end = shown(last["from"]), shown(last["to"])
    if last["jumped"]:
        taken = piece_words(last["jumped"]["piece"], last["jumped"]["square"])
        text = (
            N_("{side}'s Captain jumps {start} → {end}, taking {taken}")
            if captain
            else N_("{side} jumps {start} → {end}, taking {taken}")
        )
        parts = [t(text, side=side, start=start, end=end, taken=taken)]
    else:
        text = (
            N_("{side}'s Captain moves {start} → {end}")
            if captain
            else N_("{side} moves {start} → {end}")
        )
        parts = [t(text, side=side, start=start, end=end)]
    if last["promoted"]:
        parts.append(t("the Mate gains its Sea-Leg and becomes a Captain"))
    if last["wave"]:
        parts.append(wave_words(last["wave"], 1 - last["seat"]))
    line = clauses(parts) + "."
    if state.outcome:
        winners = state.outcome["winners"]
        reason = told(state.outcome["reason"], state.outcome.get("params", {}))
        if winners:
            line += " " + t("{side} wins: {reason}.", side=side_name(winners[0]), reason=reason)
        else:
            line += " " + t("The game is drawn: {reason}.", reason=reason)
    return [line]


#: What a wave did, by its arrow, without and with a piece falling overboard.
SHIFTS = {
    "east": (
        N_("the wave at {square} shifts row {row} east"),
        N_("the wave at {square} shifts row {row} east and {piece} falls overboard"),
    ),
    "west": (
        N_("the wave at {square} shifts row {row} west"),
        N_("the wave at {square} shifts row {row} west and {piece} falls overboard"),
    ),
}


def wave_words(wave: dict[str, Any], opponent: int) -> str:
    """The clause of a move's last line that tells what the wave on the landing square did."""
    square = shown(wave["at"])
    if wave["row"] is None:
        return t(
            "the wave at {square} finds no {side} Mate to shift",
            square=square,
            side=side_name(opponent),
        )
    plain, falling = SHIFTS[wave["arrow"]]
    fallen = wave["overboard"]
    if not fallen:
        return t(plain, square=square, row=wave["row"])
    piece = piece_words(fallen["piece"], fallen["square"])
    return t(falling, square=square, row=wave["row"], piece=piece)


def scores(state: ShipState) -> list[Score]:
    """Pieces each side still has aboard."""
    return [
        score(
            t("{side} pieces aboard", side=side_name(seat)),
            state.board.count(MATE[seat]) + state.board.count(CAPTAIN[seat]),
        )
        for seat in range(len(SIDES))
    ]


def shown(square: str) -> str:
    """A square as printed in words and on buttons: ``c3`` -> ``C3``."""
    return square.upper()


def kind_of(piece: str) -> str:
    """A piece's name, said now: "Mate" or "Captain"."""
    return t("Captain") if piece in CAPTAIN else t("Mate")


def piece_on(piece: str, square: str) -> str:
    """``Stern's Mate on D5``."""
    return of_piece(
        piece,
        N_("{side}'s Mate on {square}"),
        N_("{side}'s Captain on {square}"),
        side=side_name(OWNER[piece]),
        square=shown(square),
    )


def square_index(state: ShipState, square: str) -> int:
    """The cell of a square name in ``state.board`` (``a1`` is 0)."""
    col, row = parse_square(square)
    return row * state.width + col
