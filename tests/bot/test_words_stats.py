"""``parley words stats`` (issue 29's measurements) on a tiny budget: the shape of what it
returns, never its timings."""

from __future__ import annotations

from bot.catalogue import said_in, sources
from bot.language import LANGUAGES, speech
from bot.words_stats import (
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
    found = longest_texts(games=1, moves=3, panels=1)
    assert {(row.code, row.game) for row in found} == {(c, k) for c in LANGUAGES for k in REGISTRY}
    assert all(row.kind in LIMITS and len(row.text) > 0 and row.made >= 1 for row in found)
    for row in (row for row in found if row.kind == "action label"):
        spec = REGISTRY[row.game]
        with speaking(speech(row.code)):
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
    assert sum(row.made for row in overall) == sum(row.made for row in found)


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
