"""Words for Cardinal's actions: what a button or a menu entry says, at most 80 characters."""

from __future__ import annotations

from typing import Any

from games.cardinal.rules import PHASES, phase, supply
from games.cardinal.state import CardinalState, copy
from games.cardinal.views import seat_name, shown
from games.core.words import clauses, joined, t, tn

LABEL_LIMIT = 80


def ships_sent(removed: list[list[Any]], short: int) -> str:
    """The ships a pirate sends home, e.g. "Green C2 and Orange B3"; ``short`` 1: "1 Green,
    1 Orange" (counts by fleet, for a label that would not fit)."""
    if short:
        counts = [sum(1 for _, owner in removed if owner == seat) for seat in (0, 1)]
        return ", ".join(
            t("{count} {seat}", count=n, seat=seat_name(seat)) for seat, n in enumerate(counts) if n
        )
    names = [f"{seat_name(owner)} {shown(name)}" for name, owner in removed]
    return joined(names) if len(names) < 3 else ", ".join(names)


def pirate_clause(pirate: str, removed: list[list[Any]], short: int, sending: bool) -> str:
    """What the pirate does on ``pirate``: "Send the pirate to C3, sending home Green C2"
    (``sending``: the mover's own pick) or "the pirate goes to C3, sending home Green C2";
    shorter as ``short`` grows (0 to 2), down to "the pirate goes to C3, 2 ships home"."""
    square = shown(pirate)
    if not removed:
        if sending:
            return t("Send the pirate to {square}, sending no ship home", square=square)
        return t("the pirate goes to {square}, sending no ship home", square=square)
    if short > 1:
        if sending:
            return tn(
                "Send the pirate to {square}, {n} ship home",
                "Send the pirate to {square}, {n} ships home",
                len(removed),
                square=square,
            )
        return tn(
            "the pirate goes to {square}, {n} ship home",
            "the pirate goes to {square}, {n} ships home",
            len(removed),
            square=square,
        )
    ships = ships_sent(removed, short)
    if sending:
        return t("Send the pirate to {square}, sending home {ships}", square=square, ships=ships)
    return t("the pirate goes to {square}, sending home {ships}", square=square, ships=ships)


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
        ending = t("you win") if after.outcome["winners"] == [seat] else t("the game is drawn")
    for short in range(3):  # shorter wordings until the label fits
        if verb == "pirate":
            parts = [pirate_clause(target, last["removed"], short, sending=True)]
        else:
            parts = [t("Place a ship on {square}", square=shown(target))]
            if after.summoning:
                parts.append(t("it summons the pirate and you pick its square"))
            elif last["pirate"]:
                parts.append(pirate_clause(last["pirate"], last["removed"], short, sending=False))
        if ending:
            parts.append(ending)
        text = clauses(parts)
        if len(text) <= LABEL_LIMIT:
            break
    return text
