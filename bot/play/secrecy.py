"""Secret choices (a Tortuga vote, a Caribbean bid) as the bot speaks of them.

The engine decides what each seat may see (``GameSpec.view``) and says in which phases a
choice is secret (``GameSpec.secret_choice``); these functions are the bot's one reading of
that: who is choosing in secret, who is owed a ballot in private, and when a history may say
what was chosen. docs/SECRECY.md lists every secrecy rule and the function that keeps it.
"""

from __future__ import annotations

from typing import Any

from games import GameSpec
from games.core.words import t


def is_secret_choice(spec: GameSpec[Any], state: Any, seat: int) -> bool:
    """Whether ``seat`` is due at ``state`` with a secret choice: its choices are offered to
    it alone, and nobody else learns what it picked until the game's rules reveal it. The
    engine's ``secret_choice`` speaks of the phase; a seat that is not due (it already voted,
    or is not in the vote) has no choice to keep."""
    return seat in spec.to_act(state) and spec.secret_choice(state, seat)


def ballots_owed(spec: GameSpec[Any], before: Any, after: Any, was_due: set[int]) -> set[int]:
    """The seats owed their secret choice by DM: those due to one after the change but not
    before. That includes the seat that just called a vote it takes part in: it was due
    before, but its choice only now became secret. The ballot goes only to its seat; the
    thread shows nobody's ballot, only the button that opens one's own hand."""
    return {
        seat
        for seat in spec.to_act(after)
        if is_secret_choice(spec, after, seat)
        and (seat not in was_due or not is_secret_choice(spec, before, seat))
    }


def secret_aside(spec: GameSpec[Any], before: Any, seat: int, action: str, over: bool) -> str:
    """What a history line adds to the public line of ``seat``'s ``action`` (played at
    ``before``): what a secret choice was, in the seat's own words, once the game is ``over``.
    While it runs the public line ("P4 has voted.") is all anyone may read."""
    if not over or not is_secret_choice(spec, before, seat):
        return ""
    return t(
        " ({seat}'s secret choice: {choice})",
        seat=t(spec.seat_label(seat)),
        choice=spec.label(before, seat, action),
    )
