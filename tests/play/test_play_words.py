"""What bot/play says in a reader's language (issue 29), and the words it keeps for later.

A post is made when its change commits and sent later (the outbox), so its words are made in
the game's language, whoever's click or tick caused it; a result keeps its reason as English
text and placeholders, said in whatever language reads it; the game record is a file format
and stays English.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.language import speech_in
from bot.play.clocks import clock_name
from bot.play.gamerecord import write_record
from bot.play.leagues.table import deciding
from bot.play.posts import posts_owed, undo_ended
from bot.play.reminders import reminder_posts
from bot.play.story import reason_of, result_lines, stored_result
from bot.storage import Deadline, DirectMessage, ThreadPost, UndoRequest, UserSettings
from games import REGISTRY
from games.core.words import ENGLISH, speaking
from tests.play.test_game_records import played
from tests.play.test_posts import playout, table

GERMAN, FRENCH = speech_in("de"), speech_in("fr")


def test_a_result_keeps_its_reason_in_english_and_says_it_in_the_readers_words():
    """Rule 4 of issue 29: a stored result holds facts, never one reader's words; the
    reason is its English text and placeholders, said when read."""
    result = stored_result([0], "{seat} resigned", seat="Green")
    assert result == {"winners": [0], "reason": "{seat} resigned", "params": {"seat": "Green"}}
    assert reason_of(result) == "Green resigned"
    with speaking(GERMAN):
        assert reason_of(result).endswith("hat aufgegeben")
    with speaking(FRENCH):
        assert reason_of(result).endswith("a abandonné")
    # a result stored before reasons kept their placeholders reads as it was
    assert reason_of({"winners": [], "reason": "Nobody can move"}) == "Nobody can move"


def test_the_end_is_told_in_the_language_spoken():
    spec = REGISTRY["cardinal"]
    game = replace(table("cardinal", 2), status="over")
    game.result = stored_result([1], "{seat} resigned", seat=spec.seat_label(0))
    english = result_lines(spec, game, None)
    with speaking(GERMAN):
        german = result_lines(spec, game, None)
    with speaking(FRENCH):
        french = result_lines(spec, game, None)
    assert english[0].startswith("🏆 <@1001>") and " wins! " in english[0]
    assert " gewinnt! " in german[0] and "hat aufgegeben" in german[0]
    assert " gagne\u00a0! " in french[0] and "a abandonné" in french[0]


def test_a_games_posts_are_made_in_its_language_whoever_causes_them():
    """The outbox keeps words made when the change commits: a French player's move in a
    German game owes German posts (here the end's replay post), and the DMs its readers'."""
    spec = REGISTRY["cardinal"]
    game = replace(table("cardinal", 2), language="de")
    *_, last = playout("cardinal", 2)
    with speaking(FRENCH):
        posts = posts_owed(game, spec, last.before, last.after, 9, last.line, actor=last.seat)
    thread = [p for p in posts if isinstance(p, ThreadPost)]
    assert thread[-1].replay and thread[-1].line == "🎞️ Die ganze Partie, Zug für Zug:"
    outcome = spec.outcome(last.after)
    assert outcome is not None  # the result the final post keeps: English and placeholders
    assert thread[0].result == stored_result(outcome.winners, outcome.text, **outcome.params)


def test_an_ended_request_is_told_in_its_readers_language_and_the_thread_in_the_games():
    """The asker reads the DM in their own language (read with the game's seats); its
    fallback in the thread, for closed DMs, speaks the game's."""
    game = replace(table("cardinal", 2), language="de")
    game.seats[0] = replace(game.seats[0], language="fr")
    request = UndoRequest(1, 3, 0, 1000, 2, [1])
    with speaking(ENGLISH):
        (told,) = undo_ended(game, request, "replaced", 1001)
    assert isinstance(told, DirectMessage)
    assert told.text.startswith("Votre demande") and "<@1001>" in told.text
    assert told.or_thread is not None and told.or_thread.startswith("<@1000>, deine Anfrage")


@pytest.mark.parametrize("step", ["start", "half", "last"])
def test_reminders_are_made_in_the_games_language(step: str):
    spec = REGISTRY["cardinal"]
    game = replace(table("cardinal", 2), language="fr")
    deadline = Deadline(1, 0, 1, 1000, started_at=0.0, due_at=86_400.0)
    settings = UserSettings(1000, turn_dm=True, style="mention")
    with speaking(GERMAN):
        (post,) = reminder_posts(game, spec, deadline, settings, step, None)
    text = post.text if isinstance(post, DirectMessage) else post.line
    assert text.startswith("<@1000> ⏰ " if isinstance(post, ThreadPost) else "⏰ ")
    assert "votre" in text.lower() or "vous" in text.lower()


def test_time_and_league_words_follow_the_language():
    with speaking(GERMAN):
        assert clock_name(5 * 3600) == "5 Stunden"
        assert clock_name(3600) == "1 Stunde"
        assert deciding("swiss", 1, 5).startswith("Runde 2 von 5 ")
    with speaking(FRENCH):
        assert clock_name(24 * 3600) == "24 heures"
        assert deciding("knockout", 5, 5).startswith("La dernière ronde est tirée")
    assert clock_name(5400) == "1.5 hours"


def test_the_game_record_is_english_whoever_asks():
    """Rule 3: the record is a file format (docs/record-format.md) that any Parley reads
    back, so it is the same file in every language."""
    game, log = played("tortuga", 3)
    with speaking(ENGLISH):
        english = write_record(REGISTRY["tortuga"], game, log, {})
    with speaking(GERMAN):
        assert write_record(REGISTRY["tortuga"], game, log, {}) == english
