"""Who reads the words bot/play stores for later: a thread post's words are made when its
change commits and sent later (the outbox), so they are made in the language its readers read,
not the language of whoever's click or tick caused them. Every word stored in the outbox is
made inside one of these."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from bot.language import speech
from bot.storage import GameRecord
from games.core.words import Speech, speaking


def thread_speech(game: GameRecord) -> Speech:
    """The language of the game's thread, its status message and boards: the game's own."""
    return speech(game.language)


def reader_speech(game: GameRecord, user_id: int) -> Speech:
    """The language a DM to ``user_id`` about ``game`` is written in. The game's language
    until the store knows each player's own (then theirs)."""
    return thread_speech(game)


@contextmanager
def in_thread(game: GameRecord) -> Iterator[Speech]:
    """Speak the game's thread's language inside the block (posts made for the outbox)."""
    with speaking(thread_speech(game)) as words:
        yield words


@contextmanager
def to_reader(game: GameRecord, user_id: int) -> Iterator[Speech]:
    """Speak the language ``user_id`` reads inside the block (a DM made for the outbox)."""
    with speaking(reader_speech(game, user_id)) as words:
        yield words
