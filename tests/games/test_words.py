"""Every game speaks every language Parley speaks (issue 29): what a player reads of a game
(action labels, the last lines, the outcome's reason, the reveal) is said in the language
spoken, each label still fits Discord's 80 characters, and the language never changes the
game: a state holds facts, never words, so the same moves give the same state in any language.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from bot.language import TRANSLATED, speech_in
from games import REGISTRY, GameSpec
from games.core.words import ENGLISH, speaking

STEPS = 150
LABELS_PER_STEP = 6
WORD = re.compile(r"[A-Za-z]{3,}")


def english_left(english: str, other: str) -> bool:
    """The same text in both languages, and words in it: English left untranslated."""
    return english == other and len(WORD.findall(english)) >= 2


def said(spec: GameSpec[Any], state: Any, seat: int, actions: list[str]) -> list[str]:
    """What a player reads at this point: some labels, the last lines, the seats."""
    view = spec.view(state, None)
    return [spec.label(state, seat, action) for action in actions] + list(view["last"])


@pytest.mark.parametrize("code", TRANSLATED)
@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_a_game_is_said_in_the_language_spoken_and_plays_the_same(key: str, code: str) -> None:
    spec = REGISTRY[key]
    players = max(2, spec.min_players)
    picker = random.Random(f"{key}-words")
    english_state = spec.new(players, 7)
    state = spec.new(players, 7)
    left: set[str] = set()
    too_long: set[str] = set()
    for _ in range(STEPS):
        if spec.outcome(state) is not None:
            break
        seat = picker.choice(spec.to_act(state))
        actions = spec.legal_actions(state, seat)
        shown = picker.sample(actions, min(LABELS_PER_STEP, len(actions)))
        with speaking(speech_in(code)):
            theirs = said(spec, state, seat, shown)
        with speaking(ENGLISH):
            ours = said(spec, english_state, seat, shown)
        left |= {
            text for text, other in zip(ours, theirs, strict=True) if english_left(text, other)
        }
        too_long |= {label for label in theirs[: len(shown)] if len(label) > 80}
        action = picker.choice(actions)
        with speaking(speech_in(code)):
            state = spec.apply(state, seat, action)
        english_state = spec.apply(english_state, seat, action)
        assert spec.dump(state) == spec.dump(english_state), "the language changed the game"
    if spec.outcome(state) is not None:
        with speaking(speech_in(code)):
            theirs = [spec.outcome(state).reason, *spec.reveal(state)]  # type: ignore[union-attr]
        ours = [spec.outcome(state).reason, *spec.reveal(state)]  # type: ignore[union-attr]
        left |= {
            text for text, other in zip(ours, theirs, strict=True) if english_left(text, other)
        }
    assert sorted(left)[:10] == [], f"{len(left)} texts left in English"
    assert sorted(too_long)[:10] == [], "labels longer than Discord's 80 characters"
