"""Rigadoon in the reader's language (issue 29): the narration is kept as English text and
placeholders and said when read, so one state is told in German to one reader and in French to
another; its outcome, reveal, labels, reasons and changes follow the language spoken."""

from __future__ import annotations

from bot.language import speech_in
from games.core.words import speaking
from games.rigadoon import SPEC
from games.rigadoon.position import play, position
from games.rigadoon.state import CODEC

NBSP = "\u00a0"


def blasted():
    """Blue K5 sails south to K8 and blasts Green K9 two spaces south to K11."""
    state = position(blue=["k5"], green=["k9"], wind="n", wind_changed=True)
    return play(state, "sail k5 s 3")


def test_a_chain_reaction_is_kept_as_facts_and_told_in_each_readers_language():
    state = blasted()
    assert SPEC.last_lines(state)[1] == (
        "Blue K8 blasts Green K9 two spaces south to K11; it loses a mast."
    )
    with speaking(speech_in("de")):
        german = SPEC.view(state, None)["last"]
    with speaking(speech_in("fr")):
        french = SPEC.view(state, None)["last"]
    assert (
        german[1]
        == "Blau K8 schießt Grün K9 zwei Felder nach Süden bis K11; es verliert einen Mast."
    )
    assert french[1] == (
        f"Bleu K8 projette Vert K9 de deux cases vers le sud jusqu'en K11{NBSP}; il perd un mât."
    )
    stored = SPEC.dump(state)
    assert "Grün" not in stored and "Vert K9" not in stored  # the state holds no reader's words


def test_a_state_stored_with_english_sentences_still_loads_and_reads():
    """States written before the narration was kept as text and placeholders are upgraded on
    load (the bot replays them when the shape changes, and keeps the old state if it cannot)."""
    data = CODEC.dump(blasted())
    old = data.replace(
        '[{"text":"{ship} sails {direction} {n} spaces to {square}."',
        '["Blue K5 sails south 3 spaces to K8.",{"text":"x"',
    )
    assert old != data
    assert SPEC.last_lines(SPEC.load(old))[0] == "Blue K5 sails south 3 spaces to K8."


def test_the_outcome_and_the_reveal_are_said_in_the_language_spoken():
    state = position(
        blue=["b8"], green=["b1", "b11:1"], chests=["b1", "b13"], wind="n", wind_changed=True
    )
    state = play(state, "sail b8 s 2")
    outcome = SPEC.outcome(state)
    assert outcome is not None and outcome.reason == "Green holds chests on two islands"
    with speaking(speech_in("de")):
        assert outcome.reason == "Grün hält Truhen auf zwei Inseln"
        assert SPEC.reveal(state)[1] == "Sonst war in dieser Partie nichts verborgen."
    with speaking(speech_in("fr")):
        assert outcome.reason == "Vert tient des coffres sur deux îles"


def test_a_label_is_measured_in_the_language_it_is_read_in():
    """The longest sails (a bump, a stop on a chest and an attack) still fit Discord's 80
    characters once translated; the label code shortens the translated text, not the English."""
    state = position(
        blue=["i8"], green=["f6"], chests=["h7", "g6", "c2"], wind="se", wind_changed=True
    )
    sails = [a for a in SPEC.legal_actions(state, 0) if a.startswith("sail i8")]
    for code in ("de", "fr"):
        with speaking(speech_in(code)):
            labels = [SPEC.label(state, 0, action) for action in sails]
        assert labels and all(len(label) <= 80 for label in labels)
    with speaking(speech_in("de")):
        assert SPEC.label(state, 0, "sail i8 nw") == "I8 nach Nordwesten segeln"


def test_a_refusal_names_the_rule_in_the_readers_language():
    state = position(blue=["k9:2", "k3"], green=["c11"], wind="w", wind_changed=True)
    with speaking(speech_in("de")):
        assert SPEC.refusal(state, 0, "sail k9 n 3") == (
            "K9 hat 2 Masten: Mit Seitenwind erreicht es 2 Felder, nicht 3."
        )
    with speaking(speech_in("fr")):
        assert SPEC.refusal(state, 0, "sail k9 n 3") == (
            f"K9 a 2 mâts{NBSP}: vent de travers, il atteint 2 cases, pas 3."
        )


def test_the_changes_since_a_look_are_told_in_the_language_spoken():
    before = position(blue=["k5"], green=["k9"], wind="n", wind_changed=True)
    with speaking(speech_in("de")):
        texts = [c["text"] for c in SPEC.changes(SPEC.view(before, 0), SPEC.view(blasted(), 0))]
    assert texts[:2] == [
        "1. Blau K5 segelte nach Süden bis K8.",
        "2. Grün K9 wurde nach Süden bis K11 geschossen.",
    ]
