"""Every text a player reads is translated into every language Parley speaks, with the same
placeholders, and the catalogues hold nothing the code no longer says (issue 29)."""

from __future__ import annotations

import pytest

from bot.catalogue import mentioned, problems, unreadable_calls
from bot.language import TRANSLATED, language_of, speech_in
from games.core.words import ENGLISH, joined, speaking, t, tn


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_text_is_translated_with_its_placeholders(code: str) -> None:
    assert problems(code) == []


def test_no_translation_call_hides_its_text_from_the_extractor() -> None:
    assert unreadable_calls() == []


def test_a_reader_hears_their_own_language_and_english_otherwise() -> None:
    assert [language_of(x) for x in ("de", "fr", "en-US", "pt-BR", None)] == [
        "de",
        "fr",
        "en",
        "en",
        "en",
    ]
    assert speech_in("pt") is ENGLISH


def test_numbers_and_plurals_follow_the_language_spoken() -> None:
    with speaking(speech_in("de")):
        assert speech_in("de").number(42000) == "42.000"
    with speaking(speech_in("fr")):
        assert speech_in("fr").number(42000) == "42\u202f000"
    assert tn("{n} ship", "{n} ships", 42000) == "42,000 ships"
    assert t("{a} and {b}", a=1, b=2) == "1 and 2"
    assert joined(["Red", "Blue", "Green"]) == "Red, Blue and Green"
    with speaking(speech_in("fr")):
        assert joined(["rouge", "bleu", "vert"]) == "rouge, bleu et vert"
    with speaking(speech_in("de")):
        assert joined(["Rot", "Blau"]) == "Rot und Blau"


def test_a_command_is_named_as_the_readers_discord_shows_it() -> None:
    commands = {"league": "liga", "standings": "tabelle", "board": "brett", "hint": "tipp"}
    parameters = {"league": "liga", "move": "zug"}
    text = "`/parley league standings league:N` zeigt; /parley board move:3; /parley hint erlauben"
    assert mentioned(text, commands, parameters) == (
        "`/parley liga tabelle liga:N` zeigt; /parley brett zug:3; /parley tipp erlauben"
    )
    assert mentioned("/parley tipp erlauben", commands, parameters) == "/parley tipp erlauben"
