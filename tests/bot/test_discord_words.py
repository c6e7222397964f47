"""The bot's own words on Discord in German and French (issue 29): the lobby and league cards,
every button's label, the refusals, and what is kept to be said later (a thread's trouble, the
rules picture) said in the reader's language, within Discord's limits."""

from __future__ import annotations

import asyncio
from functools import partial

import discord
import pytest

from bot.discord.choices import HandButton
from bot.discord.delivery import Troubles, homeless_words, post_text, refused_words
from bot.discord.games_list import GamesPage
from bot.discord.guide import lesson
from bot.discord.leagues import LeagueButton, format_words, league_card, podium_post, score
from bot.discord.lobby import LobbyButton, lobby_embed
from bot.discord.pages import history_view, ranks_view
from bot.discord.records import RecordButton
from bot.discord.rematch import final_buttons
from bot.discord.resign import ResignButton
from bot.discord.stepper import stepper_view
from bot.discord.targets import label
from bot.discord.undo import answer_buttons
from bot.language import TRANSLATED, speech_in
from bot.play.leagues.rounds import LeagueView
from bot.play.leagues.table import Line
from bot.play.stepper import Frame
from bot.storage import GameListing, GameRecord, Seat, ThreadPost, TimePolicy
from bot.storage.leagues import LeagueBoard, LeagueDraft, LeagueRecord
from games import REGISTRY
from games.core.words import speaking

LOBBY = GameRecord(7, "cardinal", 1, 2, None, None, 100, "lobby", 3, {}, 0, None, None)
LOBBY.seats = [Seat(0, 100), Seat(1, 101)]
LOBBY.hints = True


def league(status: str = "signup") -> LeagueRecord:
    draft = LeagueDraft(
        1, 2, 100, "Spring Cup", "cardinal", {}, 86400, "autopilot", "swiss", 4, 2,
        1_700_000_000.0, True, "2026",
    )  # fmt: skip
    return LeagueRecord(3, draft, None, None, 4, 4, status)


def buttons() -> list[discord.ui.Item[discord.ui.View]]:
    """One of every button and menu the bot's own code labels."""
    frame = Frame(3, 9, "", b"", [(0, ""), (3, "Red places a ship")])
    views = [
        final_buttons(7),
        answer_buttons(7, 1),
        stepper_view(7, frame),
        history_view(7, 2, 3),
        ranks_view("cardinal", 2, 3),
    ]
    items = [getattr(item, "item", item) for view in views if view for item in view.children]
    items += [LobbyButton(7, op).item for op in ("join", "leave", "ai", "unai", "start", "cancel")]
    items += [LeagueButton(3, op).item for op in ("join", "leave")]
    items += [HandButton(7).item, HandButton(7, False).item, RecordButton(7).item]
    items += [ResignButton(7).item, GamesPage(100, 1).item]
    return items


def words_of(item: discord.ui.Item[discord.ui.View]) -> list[str]:
    if isinstance(item, discord.ui.Button):
        return [item.label or ""]
    assert isinstance(item, discord.ui.Select)
    return [item.placeholder or "", *(o.label for o in item.options)]


def left_english(english: str, said: str) -> bool:
    """Left in English: the same text of two or more words in both languages."""
    return said == english and len(english.split()) >= 2


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_label_is_translated_and_fits(code: str) -> None:
    english = [words for item in buttons() for words in words_of(item)]
    with speaking(speech_in(code)):
        said = [words for item in buttons() for words in words_of(item)]
    assert len(said) == len(english)
    assert [e for e, s in zip(english, said, strict=True) if left_english(e, s)] == []
    assert sum(e != s for e, s in zip(english, said, strict=True)) >= len(said) // 2, said
    assert all(0 < len(s) <= 80 for s in said), said


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_lobby_and_league_cards_speak_the_readers_language(code: str) -> None:
    policy = TimePolicy(7, 86400, "autopilot")
    english = lobby_embed(LOBBY, policy).to_dict()
    signup, over = league(), league("over")
    english_card = league_card(signup, [100, 101]).to_dict()
    with speaking(speech_in(code)):
        said = lobby_embed(LOBBY, policy).to_dict()
        card = league_card(signup, [100, 101]).to_dict()
        podium = podium_post_for(over)
        formats = format_words(signup)
        points = score(2.5)
    for before, after in ((english, said), (english_card, card)):
        assert after["title"] != before["title"] and len(after["title"]) <= 256
        assert after["description"] != before["description"]
        for old, new in zip(before["fields"], after["fields"], strict=True):
            assert len(new["name"]) <= 256 and len(new["value"]) <= 1024
            assert not left_english(old["name"], new["name"]), new
    assert "<@100>" in said["fields"][0]["value"] and "<t:1700000000:R>" in card["description"]
    assert formats != "Swiss, 4 rounds" and ("4" in formats)
    assert points == "2,5"  # as German and French write it
    assert "🏆" in podium and "is over" not in podium


def podium_post_for(over: LeagueRecord) -> str:
    board = LeagueBoard(1, 4, 1, (100, 101), 9, "over", frozenset({100}))
    view = LeagueView(over, [100, 101], frozenset(), [board])
    lines = [Line(1, 100, 3.0, (0.0, 0.0), 4, 0), Line(2, 101, 1.5, (0.0, 0.0), 4, 0)]
    return podium_post(view, lines)


def test_a_threads_trouble_is_said_in_the_language_of_whoever_reads_it() -> None:
    troubles = Troubles()
    troubles.note(7, partial(refused_words, ["Attach Files"]))
    troubles.note(8, partial(homeless_words, []))
    with speaking(speech_in("de")):
        german = troubles.get(7)
    assert german is not None and "Mir fehlt" in german and 7 in troubles
    assert "I lack" in (troubles.get(7) or "") and "I lack a channel" in (troubles.get(8) or "")
    troubles.clear(7)
    assert troubles.get(7) is None and 7 not in troubles


def test_permissions_are_named_as_discord_names_them_in_the_readers_language() -> None:
    with speaking(speech_in("de")):
        german = refused_words(["Attach Files", "View Channel"])
    with speaking(speech_in("fr")):
        french = refused_words(["Attach Files"])
    assert "**Dateien anhängen**, **Kanal ansehen**" in german
    assert "**Joindre des fichiers**" in french and "\u00a0:" in french  # no-break space


def test_a_post_calls_the_players_to_move_in_the_threads_language() -> None:
    post = ThreadPost("Red places a ship on A1.", waiting=[101], secret=True)
    with speaking(speech_in("fr")):
        text = post_text(LOBBY, post, 1_700_000_000.0)
    assert text.splitlines()[1].startswith("<@101>, à vous de jouer (choix secret")
    assert "⏰ échéance" in text


def test_a_games_status_in_a_list_is_read_in_the_readers_language() -> None:
    game = GameListing(12, "cardinal", "active")
    assert label(game) == f"#12 {REGISTRY['cardinal'].title} (active)"
    with speaking(speech_in("de")):
        assert label(game) == f"#12 {REGISTRY['cardinal'].title} (läuft)"


def test_the_rules_picture_is_drawn_once_per_language() -> None:
    spec = REGISTRY["cardinal"]
    _, english = asyncio.run(lesson(spec))
    with speaking(speech_in("de")):
        _, german = asyncio.run(lesson(spec))
        _, again = asyncio.run(lesson(spec))
    assert english is not None and german is not None
    assert german != english and again is german  # its heading is in German; kept after
