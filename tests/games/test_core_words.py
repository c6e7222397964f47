"""What every game shares says itself in the reader's language (issue 29): the contract's
refusals, seat names, player counts and lobby words, the ways to list alternatives and
clauses, and the AI's hint reasons and comments (``games/ai/hints.py``)."""

from __future__ import annotations

import pytest

from bot.language import speech_in
from games import REGISTRY, IllegalAction
from games.ai.hints import reason, verdict
from games.core.words import ENGLISH, clauses, either, speaking

CARDINAL = REGISTRY["cardinal"]
SHIP = REGISTRY["ship"]


def refusal(call: object) -> str:
    with pytest.raises(IllegalAction) as refused:
        call()  # type: ignore[operator]
    return str(refused.value)


def test_the_contracts_refusals_are_said_in_the_readers_language():
    over = CARDINAL.apply(
        CARDINAL.position(orange=["a1", "c1", "e1", "a3"], to_move="orange"), 0, "place e5"
    )
    waiting = CARDINAL.position(to_move="orange")
    with speaking(speech_in("de")):
        assert refusal(lambda: CARDINAL.apply(over, 1, "place b2")) == "Diese Partie ist vorbei."
        assert refusal(lambda: CARDINAL.apply(waiting, 1, "place b2")) == "Grün ist nicht am Zug."
        assert (
            refusal(lambda: SHIP.new(3, 1))
            == "Ship (Heck gegen Bug) ist für 2 Spieler, nicht für 3."
        )
        assert CARDINAL.explain(waiting, 0, "place b2") == "Dieser Zug ist jetzt erlaubt."
    with speaking(speech_in("fr")):
        assert refusal(lambda: CARDINAL.new(2, 1, {"board": "9x9"})) == (
            "L'option `board` doit valoir l'une de ces valeurs\u00a0: 5x5, compass, "
            "centre-blocked, 6x6, 4x4."
        )
        assert refusal(lambda: CARDINAL.new(2, 1, {"colour": "red"})) == (
            "Cardinal n'a pas d'option `colour`."
        )
    assert refusal(lambda: CARDINAL.apply(waiting, 1, "place b2")) == (
        "It is not Green's turn to act."
    )


def test_seat_names_player_counts_and_lobby_words_follow_the_reader():
    first = CARDINAL.options[2]
    with speaking(speech_in("fr")):
        assert [SHIP.seat_label(seat) for seat in (0, 1, 2)] == ["Poupe", "Proue", "Joueur 3"]
        assert CARDINAL.player_range() == "2 joueurs"
        assert first.words("coin") == "Un tirage à pile ou face"
        assert CARDINAL.view(CARDINAL.position(), None)["seats"] == ["Orange", "Vert"]
    with speaking(speech_in("de")):
        assert [first.words(choice) for choice in first.choices] == [
            "Ein Münzwurf",
            "Orange",
            "Grün",
        ]
    assert (SHIP.seat_label(1), first.words("green")) == ("Bow", "Green")


def test_alternatives_and_clauses_are_joined_as_each_language_joins_them():
    assert either(["B4"]) == "B4"
    assert either(["B4", "C3", "D5"]) == "B4, C3 or D5"
    assert clauses(["Place a ship on B4", "you win"]) == "Place a ship on B4; you win"
    with speaking(speech_in("de")):
        assert either(["B4", "D5"]) == "B4 oder D5"
    with speaking(speech_in("fr")):
        assert either(["B4", "C3", "D5"]) == "B4, C3 ou D5"
        assert clauses(["a", "b"]) == "a\u00a0; b"  # a no-break space before a French ";"


def test_the_ais_words_are_said_in_the_readers_language():
    """A hint's reason and the guided game's comment on a move, in German: no English left,
    and the numbers are the same as in English."""
    state = CARDINAL.position(green=["b2", "c2", "d2"], to_move="orange")
    after = CARDINAL.apply(state, 0, "place b4")
    with speaking(ENGLISH):
        english = reason(CARDINAL, state, 0, "place b4", 1), verdict(CARDINAL, state, after, 0, 1)
    with speaking(speech_in("de")):
        german = reason(CARDINAL, state, 0, "place b4", 1), verdict(CARDINAL, state, after, 0, 1)
    assert english[0].startswith("The pirate came onto C3; Orange placed a ship on B4. By my")
    assert german[0].startswith(
        "Der Pirat kam auf C3; Orange hat ein Schiff auf B4 gesetzt. Nach meiner schnellen Rechnung"
    )
    assert english[1].startswith("The pirate came onto C3; Orange placed a ship on B4: by my")
    assert german[1].startswith(
        "Der Pirat kam auf C3; Orange hat ein Schiff auf B4 gesetzt: nach meiner schnellen Rechnung"
    )
    assert [c for c in german[0] if c.isdigit()] == [c for c in english[0] if c.isdigit()]
