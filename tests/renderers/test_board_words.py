"""Every board speaks the language spoken when it is drawn (issue 29): a game's boards drawn
in German and French read as well as the English ones. The board's own words (captions,
titles, keys, counts) are translated, none runs off the picture, out of the box it was fitted
into or into another text, each is legible once the picture is 360 px wide, and no German or
French caption is cut short ("…") where the English one is not."""

from __future__ import annotations

import importlib
import random
import re
from typing import Any

import pytest

from bot.language import TRANSLATED, speech_in
from games import REGISTRY
from games.core.words import speaking, t
from renderers import chart, render, standings
from tests.renderers.legibility import Text, clipped, illegible, on_board, overlapping, texts_drawn

WORD = re.compile(r"[A-Za-z]{3,}")


def moments(key: str) -> list[tuple[Any, Any]]:
    """Two telling moments of a random game of three seats (or the most the game takes), each
    a ``(before, after)`` pair drawn with the marks of what the move changed: a move halfway
    that changed something on the board, and the last move, which ends the game."""
    spec = REGISTRY[key]
    picker = random.Random(f"{key}-board-words")
    state = spec.new(min(spec.max_players, 3), 11)
    history = [state]
    while spec.outcome(state) is None:
        seat = picker.choice(spec.to_act(state))
        state = spec.apply(state, seat, picker.choice(spec.legal_actions(state, seat)))
        history.append(state)
    middle = len(history) // 2
    while not spec.changes(spec.view(history[middle - 1], None), spec.view(history[middle], None)):
        middle += 1
    return [(history[middle - 1], history[middle]), (history[-2], history[-1])]


def drawn(key: str, code: str, before: Any, after: Any) -> tuple[bytes, list[Text], str]:
    """The public board after a move, in language ``code``, with every text drawn on it, and
    every text its view carries, as it is and as said (the engine's words, not the board's)."""
    spec = REGISTRY[key]
    with speaking(speech_in(code)):
        view = spec.view(after, None)
        marks = spec.changes(spec.view(before, None), view)
        with texts_drawn() as texts:
            png = render(key, view, marks)
        said = strings(view) + [m["text"] for m in marks]
        said += [t(text) for text in said]  # a key in the view ("british") said as a word
    return png, on_board(png, texts), " ".join(said)


def strings(value: Any) -> list[str]:
    """Every text inside a view."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, list):
        return [text for item in value for text in strings(item)]
    return []


def afresh(key: str) -> None:
    """Layers a renderer draws once per language (a map) are drawn again, and seen."""
    for cached in vars(importlib.import_module(f"renderers.{key}")).values():
        if hasattr(cached, "cache_clear"):
            cached.cache_clear()


def english_left(text: str, ours: set[str], from_view: str) -> bool:
    """A text of the board's own drawn as in English: two words or more, one of them not a
    name (a city like "Port Royal" is the same in every language), and not all of them words
    the engine said in the view (those are the engine's to translate)."""
    words = WORD.findall(text)
    return (
        text in ours
        and len(words) >= 2
        and any(word[0].islower() for word in words)
        and not set(words) <= set(WORD.findall(from_view))
    )


def cut(texts: list[Text], from_view: str) -> int:
    """How many of the board's own texts end in "…" (cut short to fit, or a word that ends so
    in each language); a text mostly of the engine's words (a story line) is the engine's."""
    said = set(WORD.findall(from_view))
    return sum(
        text.text.endswith("…")
        and sum(word in said for word in WORD.findall(text.text)) * 2 < len(WORD.findall(text.text))
        for text in texts
    )


def fits(png: bytes, texts: list[Text]) -> None:
    assert not clipped(png, texts), [(t.text, t.box, t.given) for t in clipped(png, texts)][:3]
    pairs = overlapping(png, texts)
    assert not pairs, [(a.text, a.box, b.text, b.box) for a, b in pairs[:3]]
    assert not illegible(png, texts), illegible(png, texts)[:3]


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_a_board_is_drawn_in_the_language_spoken_and_every_word_fits(key):
    (before, after), (last, end) = moments(key)
    afresh(key)
    png, english, english_view = drawn(key, "en", before, after)
    ours = {text.text for text in english}
    for code in TRANSLATED:
        fits(*drawn(key, code, last, end)[:2])
        png, texts, from_view = drawn(key, code, before, after)
        fits(png, texts)
        assert cut(texts, from_view) <= cut(english, english_view), [
            text.text for text in texts if text.text.endswith("…")
        ]
        left = {text.text for text in texts if english_left(text.text, ours, from_view)}
        assert not left, f"{code}: the board's own words left in English: {sorted(left)[:5]}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_rating_chart_and_standings_speak_the_language_spoken(code):
    """The chart's axis and key, the standings' column heads and "… and N more"."""
    rows = [
        standings.Row(rank, f"Anne {rank}", "3", ("1", "0"), 2, gone=rank == 2)
        for rank in range(1, 40)
    ]
    with speaking(speech_in(code)), texts_drawn() as texts:
        pictures = [
            chart.render("Rating", [(1500 + 7 * i, i < 5) for i in range(30)]),
            standings.render("League", ("SB", "W"), rows),
        ]
    for png in pictures:
        shown = on_board(png, texts)
        assert not clipped(png, shown)
        words = " ".join(text.text for text in shown)
        assert not re.search(r"\b(provisional|Player|Left|more)\b", words), words
