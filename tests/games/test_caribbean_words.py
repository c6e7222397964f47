"""Caribbean in German and French (issue 29): its lines are kept as facts and said in the
reader's words and numbers, every choice fits a button in every language, a seat's own cards
are told in its language, and a game stored before its lines were facts still loads."""

from __future__ import annotations

import json
import random

import pytest

from bot.language import TRANSLATED, speech_in
from games.caribbean import SPEC
from games.core.words import speaking
from tests.games.test_caribbean_hooks import prefixes
from tests.games.test_words import english_left


def lesson_end() -> tuple[object, object]:
    """The rules' worked move: both seats bid, then Red's Arriba sails and captures a port."""
    lesson = SPEC.lesson
    assert lesson is not None
    state = SPEC.new(lesson.players, lesson.seed)
    for action in (*lesson.before, *lesson.turn):
        seat = next(s for s in SPEC.to_act(state) if action in SPEC.legal_actions(state, s))
        state = SPEC.apply(state, seat, action)
    return state, SPEC.view(state, None)


def test_a_line_is_said_in_the_readers_words_and_numbers():
    """Rulebook: "the player receives 2,000 doubloons" for a capture: 2,000 in English, 2.000
    in German, 2 000 in French, and the colour in the reader's words."""
    state, _ = lesson_end()
    english = SPEC.last_lines(state)[-1]
    assert "Red +2,000." in english
    with speaking(speech_in("de")):
        german = SPEC.last_lines(state)[-1]
    with speaking(speech_in("fr")):
        french = SPEC.last_lines(state)[-1]
    assert german.startswith("Arriba plündert") and german.endswith("Rot +2.000.")
    assert french.startswith("Arriba pille") and french.endswith("Rouge +2\u202f000.")
    assert state.events[-1]["params"]["seat"] == "Red"  # the state keeps the fact, not words


def test_a_game_stored_with_english_lines_still_loads_and_says_them():
    state, _ = lesson_end()
    stored = json.loads(SPEC.dump(state))
    stored["events"] = ["Red takes Arriba (5 spaces)."]
    loaded = SPEC.load(json.dumps(stored))
    with speaking(speech_in("de")):
        assert SPEC.last_lines(loaded) == ["Red takes Arriba (5 spaces)."]


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_choice_fits_a_button_and_is_translated(code):
    """Every legal action and every step of a long list, in a four-seat game, is at most 80
    characters in the reader's language and not left in English."""
    picker = random.Random(code)
    state = SPEC.new(4, 3)
    for _ in range(250):
        seat = picker.choice(SPEC.to_act(state))
        actions = SPEC.legal_actions(state, seat)
        asked = {step for action in actions for step in (*prefixes(action), action)}
        with speaking(speech_in(code)):
            theirs = {step: SPEC.label(state, seat, step) for step in asked}
        for step, words in theirs.items():
            assert len(words) <= 80, words
            assert not english_left(SPEC.label(state, seat, step), words), words
        state = SPEC.apply(state, seat, picker.choice(actions))


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_seats_own_cards_are_told_in_its_language(code):
    """The hand text while bidding, and at a tie, where the tie-breaker's choice is explained
    (both seats put their 5 on Arriba)."""
    state = SPEC.new(2, 1)
    for letter, card in zip("abc", (5, 1, 4), strict=True):
        state = SPEC.apply(state, 0, f"bid {letter} {card}")
    tied = state
    for letter, card in zip("def", (2, 3, 0), strict=True):
        tied = SPEC.apply(tied, 0, f"bid {letter} {card}")
    for letter, card in zip("abcdef", (5, 4, 3, 2, 1, 0), strict=True):
        tied = SPEC.apply(tied, 1, f"bid {letter} {card}")
    tied = SPEC.apply(SPEC.apply(tied, 0, "confirm"), 1, "confirm")
    assert tied.phase == "tiebreak"
    for moment in (state, tied):
        english = SPEC.private_text(SPEC.view(moment, 0))
        with speaking(speech_in(code)):
            told = SPEC.private_text(SPEC.view(moment, 0))
        assert told.count("\n") == english.count("\n")
        for ours, theirs in zip(english.splitlines(), told.splitlines(), strict=True):
            assert not english_left(ours, theirs), theirs
