"""Words for Cardinal's actions: what a button or a menu entry says, at most 80 characters."""

from __future__ import annotations

from typing import Any

from games.cardinal.data import SEATS
from games.cardinal.rules import PHASES, phase, supply
from games.cardinal.state import CardinalState, copy
from games.cardinal.views import shown
from games.core.words import t, tn

LABEL_LIMIT = 80


def sent_home(removed: list[list[Any]], short: bool = False) -> str:
    """E.g. "sending home Green C2 and Orange B3"; ``short``: "sending home 1 Green, 1 Orange"."""
    if not removed:
        return "sending no ship home"
    if short:
        counts = [sum(1 for _, owner in removed if owner == seat) for seat in (0, 1)]
        return "sending home " + ", ".join(
            f"{n} {SEATS[seat]}" for seat, n in enumerate(counts) if n
        )
    names = [f"{SEATS[owner]} {shown(name)}" for name, owner in removed]
    return "sending home " + (" and ".join(names) if len(names) < 3 else ", ".join(names))


def label(state: CardinalState, seat: int, action: str) -> str:
    """Words for a legal action, or for the one-word group ``place`` / ``pirate``. A full
    action is played on a copy, so the label can say what it does: "Place a ship on B4; the
    pirate goes to C3, sending home Green C2"."""
    words = action.split()
    if len(words) == 1:
        if words[0] == "pirate":
            return t("Send the pirate to one of the crowded squares")
        return tn("Place a ship ({n} in hand)", "Place a ship ({n} in hand)", supply(state, seat))
    after = copy(state)
    PHASES[phase(after)].play(after, seat, action)
    verb, target = words
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
