"""What ``/parley move``'s autocomplete offers: the legal actions best matching what a player
typed, found by their label (the words on the buttons) or their canonical text.

The best first: every typed word starts a word of the label, then every typed word starts a
word of the canonical text, then every typed word appears somewhere in either; within a rank
the engine's order is kept. One pass over the actions, no sorting beyond three buckets, and
the words of an action are only split out when the typed ones appear in it at all.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

#: Discord offers at most 25 autocomplete choices.
MAX_CHOICES = 25

_WORD = re.compile(r"[^\W_]+")


def _words(text: str) -> list[str]:
    return _WORD.findall(text.casefold())


def _starts_words(typed: list[str], words: list[str]) -> bool:
    return all(any(word.startswith(t) for word in words) for t in typed)


def best_matches(
    typed: str, choices: Sequence[tuple[str, str]], limit: int = MAX_CHOICES
) -> list[tuple[str, str]]:
    """The ``(label, action)`` pairs matching ``typed``, best first, at most ``limit``."""
    wanted = _words(typed)
    if not wanted:
        return list(choices[:limit])
    ranks: list[list[tuple[str, str]]] = [[], [], []]
    for label, action in choices:
        both = f"{label}\n{action}".casefold()
        if not all(t in both for t in wanted):
            continue  # the cheap test first: most actions fail it
        if _starts_words(wanted, _words(label)):
            ranks[0].append((label, action))
            if len(ranks[0]) >= limit:
                break  # nothing later can outrank a full first rank
        elif _starts_words(wanted, _words(action)):
            ranks[1].append((label, action))
        else:
            ranks[2].append((label, action))
    return [*ranks[0], *ranks[1], *ranks[2]][:limit]


def typed_label(typed: str, choices: Sequence[tuple[str, str]]) -> str | None:
    """The action whose label a player typed out in full (any case or spacing), if exactly
    one has it; so typing what a button says works like pressing it."""
    wanted = " ".join(typed.casefold().split())
    found = [action for label, action in choices if " ".join(label.casefold().split()) == wanted]
    return found[0] if len(found) == 1 else None
