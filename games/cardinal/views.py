"""What Cardinal shows: the board view, the lines saying what just happened, the counters.

Everything in Cardinal is public, so every seat and the public get the same view.
"""

from __future__ import annotations

from typing import Any

from games.cardinal.data import CROWD_SIZE, SEATS, SHIPS_PER_PLAYER
from games.cardinal.rules import crowded_squares, pirate_influence, supply
from games.cardinal.state import CardinalState
from games.core import clone, parse_square, score, square_name

LABEL_LIMIT = 80


def board_view(state: CardinalState) -> dict[str, Any]:
    shape = state.shape
    return {
        "cols": shape.cols,
        "rows": shape.rows,
        "blocked": sorted(square_name(s) for s in shape.blocked),
        "ships": dict(sorted(state.ships.items())),
        "pirate": state.pirate,
        "supply": [supply(state, s) for s in (0, 1)],
        "crowded": crowded_squares(state),
        "influence": sorted(pirate_influence(state)),
        "summoning": list(state.summoning),
        "last_move": clone(state.last_move),
    }


def turn_number(state: CardinalState) -> int:
    """The turn now being played (a pirate choice belongs to its placement's turn), or the last
    one once the game is over."""
    if state.outcome is not None or state.summoning:
        return state.placements
    return state.placements + 1


def last_lines(state: CardinalState) -> list[str]:
    """E.g. "Orange places a ship on b4.", "The pirate sails to c3.", "Sent home: Green c2."."""
    last = state.last_move
    if not last:
        return []
    who = SEATS[last["seat"]]
    lines = []
    if last["action"] == "place":
        lines.append(f"{who} places a ship on {last['placed']}.")
    if state.summoning:
        lines.append(f"The pirate is summoned: {who} chooses among {', '.join(state.summoning)}.")
    elif last["pirate"]:
        lines.append(f"The pirate sails to {last['pirate']}.")
        removed = [f"{SEATS[owner]} {name}" for name, owner in last["removed"]]
        if removed:
            lines.append(f"Sent home: {', '.join(removed)}.")
    return lines


def scores(state: CardinalState) -> list[dict[str, Any]]:
    """Ships each fleet has on the board: the race to all five."""
    return [
        score(f"{SEATS[seat]} ships on board", SHIPS_PER_PLAYER - supply(state, seat))
        for seat in (0, 1)
    ]


def shown(name: str) -> str:
    """A square as printed in words and on buttons: ``c3`` -> ``C3``."""
    return name.upper()


def sent_home(removed: list[list[Any]], short: bool = False) -> str:
    """E.g. "sending home Green C2 and Orange B3"; ``short``: "sending home 1 Green, 1 Orange"."""
    if not removed:
        return "sending no ship home"
    if short:
        counts = [sum(1 for _, owner in removed if owner == s) for s in (0, 1)]
        return "sending home " + ", ".join(f"{n} {SEATS[s]}" for s, n in enumerate(counts) if n)
    names = [f"{SEATS[owner]} {shown(name)}" for name, owner in removed]
    return "sending home " + (" and ".join(names) if len(names) < 3 else ", ".join(names))


def label(state: CardinalState, seat: int, action: str, after: CardinalState | None) -> str:
    """Words for a legal action, or for the one-word group ``place`` / ``pirate``; ``after`` is
    the state the full action leads to (None for a group), so the label can say what it does:
    "Place a ship on B4; the pirate goes to C3, sending home Green C2"."""
    words = action.split()
    if len(words) == 1:
        if words[0] == "pirate":
            return "Send the pirate to one of the crowded squares"
        return f"Place a ship ({supply(state, seat)} in hand)"
    verb, target = words
    assert after is not None, "a full action's label needs the state it leads to"
    last = after.last_move
    ending = ""
    if after.outcome is not None:
        ending = "you win" if after.outcome["winners"] == [seat] else "the game is drawn"
    for short in (False, True):
        sent = sent_home(last["removed"], short)
        if verb == "pirate":
            parts = [f"Send the pirate to {shown(target)}, {sent}"]
        else:
            parts = [f"Place a ship on {shown(target)}"]
            if after.summoning:
                parts.append("it summons the pirate and you pick its square")
            elif last["pirate"]:
                parts.append(f"the pirate goes to {shown(last['pirate'])}, {sent}")
        if ending:
            parts.append(ending)
        text = "; ".join(parts)
        if len(text) <= LABEL_LIMIT:
            break
    return text


def explain(state: CardinalState, seat: int, action: str) -> str:
    """Why ``action`` is not legal for ``seat`` now: the rule that forbids it, in one sentence
    (squares named as on the board; the refused text itself is never echoed)."""
    if state.outcome is not None:
        return f"The game is over: {state.outcome['reason']}."
    if seat != state.to_move:
        return f"It is {SEATS[state.to_move]}'s turn: wait for your own."
    words = action.split()
    verb = words[0] if words else ""
    target = words[1] if len(words) == 2 else ""
    square = _square(target)
    if state.summoning:
        choices = _either(state.summoning)
        touching_only = state.pirate_squares == "touching"
        if verb == "pirate" and touching_only and target in crowded_squares(state):
            return (
                "This game's pirate option lets the pirate go only to a crowded square your new "
                f"ship touches: {choices}."
            )
        if verb == "pirate":
            return (
                "The pirate may only go to a crowded square (an empty square with "
                f"{CROWD_SIZE} or more ships around it): {choices}."
            )
        return f"Your new ship summoned the pirate: first send it to {choices}."
    if verb == "pirate":
        return "The pirate comes only when your new ship is part of a crowd: place a ship first."
    if verb != "place" or square is None:
        return "Place a ship by naming an empty square of the board, for example C3."
    shape = state.shape
    c, r = square
    if not (0 <= c < shape.cols and 0 <= r < shape.rows):
        last = chr(ord("A") + shape.cols - 1)
        return (
            f"There is no square {shown(target)} on this board: columns run A to {last}, "
            f"rows 1 to {shape.rows}."
        )
    if not shape.contains(square):
        return f"{shown(target)} is cut out of this board: no ship may go there."
    if target in state.ships:
        owner = "your" if state.ships[target] == seat else f"{SEATS[state.ships[target]]}'s"
        return f"{shown(target)} already holds a ship ({owner}): ships go on empty squares."
    if target == state.pirate:
        return f"The pirate sits on {shown(target)}: ships go on empty squares."
    if target in pirate_influence(state):
        return (
            f"{shown(target)} is under the pirate's influence: no ship may be placed "
            f"orthogonally next to the pirate on {shown(state.pirate or '')}."
        )
    return "That placement is not open now."


def _square(name: str) -> tuple[int, int] | None:
    try:
        return parse_square(name)
    except ValueError:
        return None


def _either(names: list[str]) -> str:
    shown_names = [shown(n) for n in names]
    if len(shown_names) == 1:
        return shown_names[0]
    return ", ".join(shown_names[:-1]) + " or " + shown_names[-1]


def changes(before: dict[str, Any], after: dict[str, Any]) -> list[dict[str, Any]]:
    """What changed between two views: the pirate's move (``move``, or ``add`` when it first
    comes on), ships placed (``add``) and sent home (``remove``), and each fleet's ships in
    hand (``count``)."""
    found: list[dict[str, Any]] = []
    was, now = before["pirate"], after["pirate"]
    if was != now and now is not None:
        if was is None:
            found.append(
                {
                    "kind": "add",
                    "piece": "pirate",
                    "at": now,
                    "text": f"The pirate came onto {shown(now)}.",
                }
            )
        else:
            found.append(
                {
                    "kind": "move",
                    "piece": "pirate",
                    "from": was,
                    "to": now,
                    "text": f"The pirate sailed from {shown(was)} to {shown(now)}.",
                }
            )
    old, new = before["ships"], after["ships"]
    for name in sorted(set(old) | set(new)):
        if old.get(name) == new.get(name):
            continue
        if name in old:
            owner = old[name]
            found.append(
                {
                    "kind": "remove",
                    "at": name,
                    "seat": owner,
                    "text": f"{SEATS[owner]}'s ship on {shown(name)} went home.",
                }
            )
        if name in new:
            owner = new[name]
            found.append(
                {
                    "kind": "add",
                    "at": name,
                    "seat": owner,
                    "text": f"{SEATS[owner]} placed a ship on {shown(name)}.",
                }
            )
    for seat, (a, b) in enumerate(zip(before["supply"], after["supply"], strict=True)):
        if a != b:
            found.append(
                {
                    "kind": "count",
                    "seat": seat,
                    "before": a,
                    "after": b,
                    "text": f"{SEATS[seat]} now has {b} in hand (was {a}).",
                }
            )
    return found


def reveal(state: CardinalState) -> list[str]:
    """Cardinal hides nothing: say so, and how the first player was chosen."""
    opener = SEATS[state.opener]
    how = (
        f"A coin toss chose {opener} to place first."
        if state.coin_toss
        else (f"{opener} placed first, as chosen when the game was set up.")
    )
    return ["Nothing was hidden in Cardinal: every ship and the pirate were in view all game.", how]
