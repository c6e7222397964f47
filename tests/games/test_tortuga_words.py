"""Tortuga 1667 in the reader's language (issue 29), beyond what ``test_words.py`` checks for
every game: the DM text, the changes and the refusals are said in the language spoken, the
state keeps its lines as English text and placeholders, and the French catalogue puts a
no-break space before its colons."""

from __future__ import annotations

import random

import pytest

from bot.language import LOCALES, TRANSLATED, read_catalogue, speech_in
from games.core.words import ENGLISH, speaking
from games.tortuga import SPEC
from games.tortuga.state import TortugaState
from tests.games.test_words import english_left

REFUSED = ("attack", "mutiny", "brawl", "treasure to french", "use marque", "vote cannon")


def said_to(state: TortugaState, before: TortugaState, seat: int) -> list[str]:
    """What one seat reads after a move: its DM, what changed, why a move it may not make is
    refused."""
    after_view = SPEC.view(state, seat)
    lines = SPEC.private_text(after_view).split("\n")
    lines += [change["text"] for change in SPEC.changes(SPEC.view(before, seat), after_view)]
    legal = SPEC.legal_actions(state, seat)
    return lines + [SPEC.refusal(state, seat, action) for action in REFUSED if action not in legal]


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_dm_the_changes_and_the_refusals_are_said_in_the_language_spoken(code: str) -> None:
    picker = random.Random(f"tortuga-{code}")
    state = before = SPEC.new(5, 3)
    left: set[str] = set()
    for _ in range(120):
        if SPEC.outcome(state) is not None:
            break
        seat = picker.choice(SPEC.to_act(state))
        with speaking(speech_in(code)):
            theirs = said_to(state, before, seat)
        with speaking(ENGLISH):
            ours = said_to(state, before, seat)
        left |= {
            text for text, other in zip(ours, theirs, strict=True) if english_left(text, other)
        }
        before, state = (
            state,
            SPEC.apply(state, seat, picker.choice(SPEC.legal_actions(state, seat))),
        )
    assert sorted(left)[:10] == []


def test_the_state_keeps_english_text_and_placeholders_said_when_read() -> None:
    """Rule 4 of issue 29: a state holds facts, never words; a line is said when it is read."""
    start = SPEC.new(4, 1)
    captain = SPEC.to_act(start)[0]
    with speaking(speech_in("de")):
        state = SPEC.apply(start, captain, "hold british")
    seat = SPEC.seat_label(captain)
    assert state.news == [
        {
            "text": "Captain {seat} stows the {ship}'s chest in the {team} hold.",
            "params": {"seat": seat, "ship": "Flying Dutchman", "team": "British"},
        }
    ]
    with speaking(speech_in("de")):
        german = SPEC.last_lines(state)
    with speaking(speech_in("fr")):
        french = SPEC.last_lines(state)
    assert german == [f"Kapitän {seat} verstaut die Truhe der Flying Dutchman im Briten-Laderaum."]
    assert french == [
        f"Le capitaine {seat} range le coffre du Hollandais volant dans la cale des Britanniques."
    ]


def test_french_puts_a_no_break_space_before_its_colons() -> None:
    """French typography: a no-break space (U+00A0) before : ; ! ? never an ordinary one."""
    catalogue = read_catalogue(LOCALES / "fr" / "tortuga.po", "fr")
    wrong = [
        form
        for message in catalogue
        if message.id
        for form in (message.string if isinstance(message.string, tuple) else [message.string])
        if any(f" {mark}" in form for mark in ":;!?")
    ]
    assert wrong == []
