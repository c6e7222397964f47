"""``parley words stats`` (issue 29's measurements) on a tiny budget: the shape of what it
returns, never its timings."""

from __future__ import annotations

import pytest

from bot.catalogue import said_in, sources
from bot.language import LANGUAGES, speech_in
from bot.words_stats import (
    FAILURE,
    LIMITS,
    coverage,
    coverage_lines,
    longest_of_all,
    longest_texts,
    positions,
    ratios,
    render_lines,
    render_times,
)
from games import REGISTRY
from games.core import View
from games.core.words import speaking


def test_coverage_adds_up_in_every_language() -> None:
    said = {
        "rigadoon": {
            (s.id, s.context): s for p, a in sources() if a == "rigadoon" for s in said_in(p)
        }
    }
    rows = coverage(said)
    assert [(row.code, row.area) for row in rows] == [(code, "rigadoon") for code in LANGUAGES]
    assert {row.said for row in rows} == {len(said["rigadoon"])} and rows[0].said > 0
    assert rows[0].translated == rows[0].said and rows[0].percent == 100.0  # English: the code
    assert all(0 <= row.translated <= row.said for row in rows)
    assert all(row.percent == 100.0 * row.translated / row.said for row in rows)
    lines = coverage_lines(rows)
    assert [line.split()[0] for line in lines[2:]] == ["rigadoon", "all"]


def test_the_longest_action_label_is_a_real_label_said_in_its_language() -> None:
    found = longest_texts(games=1, moves=3, panels=3)
    assert {(row.code, row.game) for row in found} == {(c, k) for c in LANGUAGES for k in REGISTRY}
    known = [*LIMITS, FAILURE]  # a panel the bot fails to build is reported with its error
    assert all(row.kind in known and len(row.text) > 0 and row.made >= 1 for row in found)
    for row in (row for row in found if row.kind == "action label"):
        spec = REGISTRY[row.game]
        with speaking(speech_in(row.code)):
            labels = {
                spec.label(state, seat, action)
                for state, seat in positions(spec, 1, 3)
                for action in spec.legal_actions(state, seat)
            }
        assert row.text in labels and all(len(row.text) >= len(label) for label in labels)
    kinds = {row.kind for row in found}
    assert "action label" in kinds and kinds & {"button label", "option label"}
    overall = longest_of_all(found)
    assert len({(row.code, row.kind) for row in overall}) == len(overall)
    assert sum(row.made for row in overall) == sum(r.made for r in found if r.kind in LIMITS)


def test_render_times_compare_every_language_with_english() -> None:
    times = render_times(count=1, keys=["cardinal"])
    assert sorted(row.code for row in times) == sorted(LANGUAGES)
    assert all(row.game == "cardinal" and row.count == 1 and row.p50_ms > 0 for row in times)
    ratio = ratios(times)
    assert ratio["cardinal", "en"] == 1.0 and all(value > 0 for value in ratio.values())
    assert render_lines(times)[1].split()[0::2] == [
        "cardinal",
        "x1.00",
        *(f"x{ratio['cardinal', code]:.2f}" for code in LANGUAGES if code != "en"),
    ]


def test_a_board_that_fails_in_a_language_is_reported_not_timed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import renderers
    from renderers import Marks

    drawn = renderers.RENDERERS["cardinal"]

    def english_only(view: View, marks: Marks | None, key_title: str) -> bytes:
        if view["seats"][1] != "Green":  # a renderer that knows only the English names
            raise KeyError(view["seats"][1])
        return drawn(view, marks, key_title)

    monkeypatch.setitem(renderers.RENDERERS, "cardinal", english_only)
    times = render_times(count=1, keys=["cardinal"])
    failed = {row.code: row.failure for row in times if row.failure}
    assert failed == {"de": "KeyError: 'Grün'", "fr": "KeyError: 'Vert'"}
    assert ratios(times) == {("cardinal", "en"): 1.0}
    lines = render_lines(times)
    assert lines[1].split()[1:] == [lines[1].split()[1], "x1.00", "FAILED", "FAILED"]
    assert lines[2:] == [
        "de  cardinal FAILED: KeyError: 'Grün'",
        "fr  cardinal FAILED: KeyError: 'Vert'",
    ]
