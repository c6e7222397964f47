"""The words a player reads for a choice: action labels (the engine's ``label`` hook) and game
options. The canonical text of an action stays the value a button or menu sends and what is
logged; only these words are shown."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games import GameSpec, Option
from games.core.words import t

LABEL_LIMIT = 80  # a button's label (a menu option's is 100)

Label = Callable[[str], str]


def fit(text: str, limit: int = LABEL_LIMIT) -> str:
    """``text`` within ``limit`` characters, cut with a visible mark."""
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def labeller(spec: GameSpec[Any], state: Any, seat: int) -> Label:
    """The label of each legal action (or whole-word prefix of several) of ``seat``, asked of
    the engine once per text: a step asks again for the titles of its groups."""
    known: dict[str, str] = {}

    def label(text: str) -> str:
        if text not in known:
            known[text] = fit(spec.label(state, seat, text))
        return known[text]

    return label


def choice_words(value: Any) -> str:
    """An option's value as a player reads and types it: ``True`` is "yes"."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def choice_named(option: Option, written: str) -> Any | None:
    """The choice of ``option`` that ``written`` names, as a value or in its words, in any
    case (``7``, ``yes``, ``Compass``); None if it names none."""
    written = written.lower()
    return next(
        (c for c in option.choices if written in (str(c).lower(), choice_words(c).lower())),
        None,
    )


def option_choices(option: Option) -> str:
    """ "cards (default) or die", "20, 30 (default) or 40"."""
    words = [
        t("{choice} (default)", choice=choice_words(c)) if c == option.default else choice_words(c)
        for c in option.choices
    ]
    if len(words) == 1:
        return words[0]
    return t("{choices} or {last}", choices=", ".join(words[:-1]), last=words[-1])


def option_help(option: Option) -> str:
    """Its choices in words, and how to pick another one when opening a game."""
    other = next((c for c in option.choices if c != option.default), option.default)
    return t(
        "{choices}. Pick with `{name}={value}` in `/parley new`'s options.",
        choices=option_choices(option),
        name=option.name,
        value=choice_words(other),
    )


def chosen_options(spec: GameSpec[Any], options: dict[str, Any]) -> list[tuple[str, str]]:
    """(what the option decides, the value chosen) for each option of a game, in words (the
    spec's own label of the choice: "Orange", not ``orange``)."""
    return [
        (
            t(option.description).rstrip("."),
            t(option.words(options.get(option.name, option.default))),
        )
        for option in spec.options
    ]
