"""The public lines of the latest action (a ship revealed, a tie, a chest taken, the end),
kept in the state as English text and facts and said in the language spoken when read.

A state holds facts, never words: each line is ``{"text": N_("..."), "params": {...}}``, the
same in every language, and :func:`said` puts it into words when a player reads it. Params
are said by kind: a chest (its code) by its city and value, a colour or any other name is
looked up (a city or a space stays itself), a number is written the locale's way (7,000;
7.000; 7 000), ``seats`` (colours) and ``cities`` are listed, ``bids`` (a card per seat) and
``tiebreaks`` (what each tied seat showed) are said seat by seat, and ``reason`` is itself a
line.
"""

from __future__ import annotations

from typing import Any

from games.caribbean.data import COLOURS, PORT_BY_CODE
from games.core.words import joined, number, t

Line = dict[str, Any]


def line(text: str, **params: Any) -> Line:
    """A line to keep in the state: ``text`` (marked ``N_``) and its facts."""
    return {"text": text, "params": params}


def said(kept: Line) -> str:
    """A kept line in the language spoken now."""
    return t(kept["text"], **{key: _said(key, value) for key, value in kept["params"].items()})


def _said(key: str, value: Any) -> Any:
    if key == "reason":
        return said(value)
    if key == "seats":
        return joined([t(colour) for colour in value])
    if key == "cities":
        return joined(value)
    if key in ("chest", "their_chest"):
        return chest_label(value)
    if key == "bids":
        return ", ".join(f"{t(COLOURS[seat])} {card}" for seat, card in enumerate(value))
    if key == "tiebreaks":
        return ", ".join(tiebreak_words(colour, shown) for colour, shown in value)
    if isinstance(value, str):
        return t(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return number(value)
    return value


def tiebreak_words(colour: str, shown: int | str) -> str:
    """What one tied seat showed: a card face up, face down, or none left to show."""
    if shown == "spent":
        return t("{colour} has none left", colour=t(colour))
    if shown == "down":
        return t("{colour} face down", colour=t(colour))
    return t("{colour} face up {card}", colour=t(colour), card=shown)


def chest_label(code: str) -> str:
    """A chest as a player names it: its city and value ("Havanna 7,000")."""
    port = PORT_BY_CODE[code]
    return f"{port.city} {number(port.value)}"
