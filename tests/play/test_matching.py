"""``/parley move``'s autocomplete (issue 13): "matches what a player types against both the
label and the canonical text, and picks the best matches, not the first 25"."""

from __future__ import annotations

import time

from bot.play.matching import MAX_CHOICES, best_matches, typed_label

SAILS = [
    (f"Sail {ship.upper()} (3 masts) {n} {way}", f"sail {ship} {short} {n}")
    for ship in ("e3", "k5", "i11", "c9")
    for short, way in (("n", "north"), ("ne", "north-east"), ("s", "south"), ("w", "west"))
    for n in (1, 2, 3)
] + [("Change the wind (draw a Wind card)", "change wind")]


def test_label_words_come_first_then_canonical_words_then_anything_inside():
    choices = [
        ("Play Cannon (French flag, Helm)", "vote cannon french helm"),
        ("Keep the Letter of Marque", "save"),
        ("Move a chest to the French hold", "treasure to french"),
        ("Call for a Mutiny", "mutiny"),
    ]
    # "fr": a word of three labels; "sa": only the canonical text of "save"; "tin": inside.
    assert [a for _, a in best_matches("fr", choices)] == [
        "vote cannon french helm",
        "treasure to french",
    ]
    assert [a for _, a in best_matches("sa", choices)] == ["save"]
    assert [a for _, a in best_matches("tin", choices)] == ["mutiny"]
    assert [a for _, a in best_matches("marque", choices)] == ["save"]
    assert best_matches("zebra", choices) == []


def test_every_typed_word_must_match_and_the_best_25_are_not_the_first_25():
    matched = best_matches("c9 west", SAILS)
    assert [a for _, a in matched] == ["sail c9 w 1", "sail c9 w 2", "sail c9 w 3"]
    # "wind" is a word of the last label only: found although it comes after 48 others.
    assert [a for _, a in best_matches("wind", SAILS)] == ["change wind"]
    # "3 south-east" as words of labels rank above "3" and "s" in canonical text.
    typed = best_matches("K5 2 north", SAILS)
    assert typed[0] == ("Sail K5 (3 masts) 2 north", "sail k5 n 2")
    assert len(best_matches("", SAILS)) == MAX_CHOICES
    assert best_matches("", SAILS) == SAILS[:MAX_CHOICES], "nothing typed: the engine's order"


def test_canonical_text_typed_out_still_finds_its_action():
    assert [a for _, a in best_matches("sail e3 ne 2", SAILS)] == ["sail e3 ne 2"]


def test_matching_is_stable_and_fast():
    many = [(f"Place a ship on {c}{r}", f"place {c}{r}") for c in "abcdefghij" for r in range(99)]
    assert best_matches("on", many) == many[:MAX_CHOICES]
    started = time.perf_counter()
    for _ in range(100):
        best_matches("place b7", many)
    assert (time.perf_counter() - started) / 100 < 0.01  # well under Discord's 3 seconds


def test_a_label_typed_out_in_full_is_its_action():
    assert typed_label("  sail E3 (3 MASTS)   2 north ", SAILS) == "sail e3 n 2"
    assert typed_label("Sail E3", SAILS) is None
    twins = [("Pass", "pass a"), ("Pass", "pass b")]
    assert typed_label("pass", twins) is None, "two actions read the same: none is guessed"
