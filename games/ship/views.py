"""What Ship shows: the deck view, one line per move in words, and the counters.

Everything in Ship is public, so every seat and the public get the same view.
"""

from __future__ import annotations

from typing import Any

from games.core import clone, parse_square, score
from games.ship.data import ARROW_NAMES, CAPTAIN, EMPTY, MATE, OWNER, PLY_CAP, SIDES, name
from games.ship.rules import steps
from games.ship.state import ShipState

LABEL_LIMIT = 80


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


def piece_words(piece: str, square: str) -> str:
    """``Bow's g6`` for a Mate, ``Bow's Captain on g6`` for a Captain."""
    side = SIDES[OWNER[piece]]
    return f"{side}'s Captain on {square}" if piece in CAPTAIN else f"{side}'s {square}"


def last_lines(state: ShipState) -> list[str]:
    """E.g. "Stern moves a4 → b4; the wave at b4 shifts row 6 east and Bow's g6 falls
    overboard", with the verdict after the move that ended the game."""
    last = state.last_move
    if last is None:
        return []
    side = SIDES[last["seat"]]
    mover = f"{side}'s Captain" if last["piece"] in CAPTAIN and not last["promoted"] else side
    verb = "jumps" if last["kind"] == "jump" else "moves"
    parts = [f"{mover} {verb} {last['from']} → {last['to']}"]
    if last["jumped"]:
        parts[0] += f", taking {piece_words(last['jumped']['piece'], last['jumped']['square'])}"
    if last["promoted"]:
        parts.append("the Mate gains its Sea-Leg and becomes a Captain")
    wave = last["wave"]
    if wave:
        if wave["row"] is None:
            opponent = SIDES[1 - last["seat"]]
            parts.append(f"the wave at {wave['at']} finds no {opponent} Mate to shift")
        else:
            shift = f"the wave at {wave['at']} shifts row {wave['row']} {wave['arrow']}"
            fallen = wave["overboard"]
            if fallen:
                shift += f" and {piece_words(fallen['piece'], fallen['square'])} falls overboard"
            parts.append(shift)
    line = "; ".join(parts)
    if state.outcome:
        winners = state.outcome["winners"]
        verdict = f"{SIDES[winners[0]]} wins" if winners else "the game is drawn"
        line += f". {verdict.capitalize()}: {state.outcome['reason']}."
    return [line]


def scores(state: ShipState) -> list[dict[str, Any]]:
    """Pieces each side still has aboard."""
    return [
        score(
            f"{side} pieces aboard",
            state.board.count(MATE[seat]) + state.board.count(CAPTAIN[seat]),
        )
        for seat, side in enumerate(SIDES)
    ]


def shown(square: str) -> str:
    """A square as printed in words and on buttons: ``c3`` -> ``C3``."""
    return square.upper()


def kind_of(piece: str) -> str:
    return "Captain" if piece in CAPTAIN else "Mate"


def direction(seat: int, piece: str, dc: int, dr: int) -> str:
    """A one-square step in the mover's own words, as they see the deck (their home row at the
    bottom, so Stern's right is toward column G and Bow's toward column A)."""
    ahead = 1 if seat == 0 else -1  # toward the opponent's home row
    if dr == 0:
        return "right" if dc * ahead > 0 else "left"
    if piece in MATE:
        return "forward"
    toward = "home" if dr == -ahead else "away from home"
    return f"diagonally {toward}" if dc else "home"


def label(state: ShipState, seat: int, action: str, after: ShipState | None) -> str:
    """Words for a legal action or a whole-word group of them (``move``, ``jump d6``); ``after``
    is the state a full action leads to (None for a group), so the label can tell what it does:
    "Mate E4 right to F4; the wave shifts row 6, Bow's Mate on A6 goes overboard"."""
    words = action.split()
    if len(words) == 1:
        return "Step a piece one square" if words[0] == "move" else "Jump an enemy piece"
    width = state.width
    src = _index(state, words[1])
    piece = state.board[src]
    if len(words) == 2:
        verb = "Step" if words[0] == "move" else "Jump with"
        return f"{verb} the {kind_of(piece)} on {shown(words[1])}"
    assert after is not None and after.last_move is not None, "a full action needs its result"
    last = after.last_move
    for terse in range(3):  # shorter wordings until the label fits
        if last["kind"] == "jump":
            over = last["jumped"]
            taken = shown(over["square"]) if terse else _piece_on(over["piece"], over["square"])
            landing = " to " if terse > 1 else ", landing on "
            head = f"{kind_of(piece)} {shown(words[1])} jumps {taken}{landing}{shown(words[2])}"
        else:
            dst = _index(state, words[2])
            dc, dr = dst % width - src % width, dst // width - src // width
            way = direction(seat, piece, dc, dr)
            head = f"{kind_of(piece)} {shown(words[1])} {way} to {shown(words[2])}"
        parts = [head]
        if last["promoted"]:
            parts.append("gains its Sea-Leg")
        wave = last["wave"]
        the = "" if terse > 1 else "the "
        if wave and wave["row"] is None:
            parts.append(f"{the}wave finds no Mate to shift")
        elif wave:
            shift = f"{the}wave shifts row {wave['row']}"
            fallen = wave["overboard"]
            if fallen:
                who = (
                    shown(fallen["square"])
                    if terse
                    else _piece_on(fallen["piece"], fallen["square"])
                )
                shift += f", {who} goes overboard" if terse < 2 else f", {who} overboard"
            parts.append(shift)
        if after.outcome is not None:
            winners = after.outcome["winners"]
            ending = (
                "you win" if winners == [seat] else "you lose" if winners else "the game is drawn"
            )
            parts.append(ending)
        text = "; ".join(parts)
        if len(text) <= LABEL_LIMIT:
            break
    return text


def _piece_on(piece: str, square: str) -> str:
    """``Stern's Mate on D5``."""
    return f"{SIDES[OWNER[piece]]}'s {kind_of(piece)} on {shown(square)}"


def _index(state: ShipState, square: str) -> int:
    col, row = parse_square(square)
    return row * state.width + col


def _on_deck(state: ShipState, square: str) -> bool:
    try:
        col, row = parse_square(square)
    except ValueError:
        return False
    return 0 <= col < state.width and 0 <= row < state.height


def explain(state: ShipState, seat: int, action: str) -> str:
    """Why ``action`` is not legal for ``seat`` now: the rule that forbids it, in one sentence
    (squares named as on the board; the refused text itself is never echoed)."""
    if state.outcome is not None:
        return f"The game is over: {state.outcome['reason']}."
    if seat != state.to_move:
        return f"It is {SIDES[state.to_move]}'s move: wait for your own."
    corner = shown(name(state.width * state.height - 1, state.width))
    words = action.split()
    if len(words) != 3 or words[0] not in ("move", "jump"):
        return (
            "Name a step or a jump by the square a piece leaves and the square it reaches, "
            f"both on the deck (A1 to {corner})."
        )
    verb, src_name, dst_name = words
    for square in (src_name, dst_name):
        if not _on_deck(state, square):
            return f"That square is not on the deck: squares run from A1 to {corner}."
    src, dst = _index(state, src_name), _index(state, dst_name)
    piece, target = state.board[src], state.board[dst]
    src_shown, dst_shown = shown(src_name), shown(dst_name)
    if piece == EMPTY:
        return f"There is no piece on {src_shown}."
    if OWNER[piece] != seat:
        return f"The piece on {src_shown} is {SIDES[OWNER[piece]]}'s: move one of your own."
    width = state.width
    dc, dr = dst % width - src % width, dst // width - src // width
    forward = (0, 1 if seat == 0 else -1)
    if state.first_turn[seat] and (verb == "jump" or (dc, dr) != forward):
        return (
            "On each side's first turn one Mate moves one space forward into an empty space, "
            "nothing else."
        )
    reach = 1 if verb == "move" else 2
    if max(abs(dc), abs(dr)) != reach or (dc and dr and abs(dc) != abs(dr)):
        if verb == "move":
            return "A step goes one square; to cover two, jump over an enemy piece next to you."
        return "A jump goes over the piece next to you to the square just beyond it."
    step = (dc // reach, dr // reach)
    if step not in steps(piece, state.all_diagonals):
        return _wrong_way(piece, step, seat)
    if verb == "move":
        if target == EMPTY:
            return "That step is not open now."
        if OWNER[target] == seat:
            return f"{dst_shown} holds one of your own pieces: a step needs an empty square."
        return (
            f"{dst_shown} holds a {SIDES[OWNER[target]]} piece: a step needs an empty square; "
            "to take it, jump over it."
        )
    over = src + step[0] + step[1] * width
    if state.board[over] == EMPTY:
        return f"There is no piece on {shown(name(over, width))} to jump over."
    if OWNER[state.board[over]] == seat:
        return f"{shown(name(over, width))} holds your own piece: you may only jump an enemy."
    if target != EMPTY:
        return f"{dst_shown} is taken: a jump must land on an empty square."
    return "That jump is not open now."


def _wrong_way(piece: str, step: tuple[int, int], seat: int) -> str:
    """The direction rule a step or jump breaks."""
    dc, dr = step
    ahead = 1 if seat == 0 else -1
    if piece in MATE:
        if dc and dr:
            return "Only Captains move diagonally: a Mate goes forward, left or right."
        return "Mates never move backward: only forward, left or right."
    if dc == 0:
        return (
            "A Captain heads home: it goes toward its own home row, left, right or diagonally, "
            "never straight back."
        )
    if dr == ahead:
        return "In this game a Captain's diagonal moves go toward its home row only."
    return "That direction is not open to a Captain."


def changes(before: dict[str, Any], after: dict[str, Any]) -> list[dict[str, Any]]:
    """What changed between two views of the deck.

    After exactly one move it is told in full from the move record: the piece's ``move``, a
    jumped piece's ``remove``, a Sea-Leg's ``promote``, every piece a wave slid (``move``) and
    the one it threw overboard (``remove``). Across several moves (or none) it is the plain
    difference of the two decks: ``remove`` where a piece was, ``add`` where one now is."""
    if after["ply"] == before["ply"] + 1 and after["last_move"]:
        return _one_move(after["last_move"], after)
    old = {p["square"]: p for p in before["pieces"]}
    new = {p["square"]: p for p in after["pieces"]}
    found: list[dict[str, Any]] = []
    for square in sorted(set(old) | set(new), key=lambda sq: parse_square(sq)[::-1]):
        if old.get(square) == new.get(square):
            continue
        if square in old:
            found.append(
                {
                    "kind": "remove",
                    "at": square,
                    "text": f"{_view_piece(old[square])} on {shown(square)} is gone.",
                }
            )
        if square in new:
            found.append(
                {
                    "kind": "add",
                    "at": square,
                    "text": f"{_view_piece(new[square])} is now on {shown(square)}.",
                }
            )
    return found


def _view_piece(piece: dict[str, Any]) -> str:
    return f"{SIDES[piece['side']]}'s {'Captain' if piece['captain'] else 'Mate'}"


def _one_move(last: dict[str, Any], after: dict[str, Any]) -> list[dict[str, Any]]:
    side = SIDES[last["seat"]]
    moved = "Captain" if last["piece"] in CAPTAIN and not last["promoted"] else "Mate"
    found: list[dict[str, Any]] = [
        {
            "kind": "move",
            "from": last["from"],
            "to": last["to"],
            "text": f"{side}'s {moved} went from {shown(last['from'])} to {shown(last['to'])}.",
        }
    ]
    if last["jumped"]:
        taken = last["jumped"]
        found.append(
            {
                "kind": "remove",
                "at": taken["square"],
                "text": f"{_piece_on(taken['piece'], taken['square'])} was jumped.",
            }
        )
    if last["promoted"]:
        found.append(
            {
                "kind": "promote",
                "at": last["to"],
                "text": f"{side}'s Mate on {shown(last['to'])} gained its Sea-Leg.",
            }
        )
    wave = last["wave"] or {"shifts": [], "overboard": None}
    pieces = {p["square"]: p for p in after["pieces"]}
    fallen = wave["overboard"]
    for start, end in wave["shifts"]:
        if end in pieces:
            who = _view_piece(pieces[end])
        else:  # slid to the edge and fell
            who = f"{SIDES[OWNER[fallen['piece']]]}'s {kind_of(fallen['piece'])}"
        found.append(
            {
                "kind": "move",
                "from": start,
                "to": end,
                "wave": True,
                "text": f"The wave slid {who} from {shown(start)} to {shown(end)}.",
            }
        )
    if fallen:
        found.append(
            {
                "kind": "remove",
                "at": fallen["square"],
                "text": f"{_piece_on(fallen['piece'], fallen['square'])} fell overboard.",
            }
        )
    return found


def reveal(state: ShipState) -> list[str]:
    """Ship hides nothing: say so, and how the first mover was chosen."""
    opener = state.to_move if state.ply % 2 == 0 else 1 - state.to_move
    how = (
        f"A coin toss chose {SIDES[opener]} to move first."
        if state.coin_toss
        else f"{SIDES[opener]} moved first, as the game was set up."
    )
    return ["Nothing was hidden in Ship: every piece was in view all game.", how]
