"""Who reads in which language (issue 29).

A private answer, a DM or a hand speaks its reader's language: the one they chose (``/parley
settings language:``), else their Discord client's (the interaction's locale; outside any
interaction of theirs, the last one seen from them), else the game's. A thread post, the
status message and a board speak the game's language (chosen in the lobby), whoever's click
caused them: the thread is read by everyone at the table.
"""

from __future__ import annotations

from contextlib import AbstractContextManager

from bot.language import language_of, speech_in
from bot.storage import GameRecord, Store
from games.core.words import Speech, speaking


class Readers:
    """The language each reader reads, from their settings and the locale last seen."""

    def __init__(self, store: Store) -> None:
        self.store = store
        #: Each user's own language as this process last read it (None: follow Discord).
        self._chosen: dict[int, str | None] = {}

    async def heard(self, user_id: int, locale: str | None) -> str:
        """The language to answer ``user_id`` in, whose client speaks ``locale`` now (kept,
        when it changed, for what they are sent later: their settings are read anyway, so
        the write happens only when the locale differs)."""
        mine = await self.store.user_settings(user_id)
        self._chosen[user_id] = mine.language
        if locale and mine.locale != locale:
            await self.store.note_locale(user_id, locale)
        return mine.language or language_of(locale)

    def chose(self, user_id: int, language: str | None) -> None:
        """``user_id`` has just saved their own language (None: follow Discord)."""
        self._chosen[user_id] = language

    def guessed(self, user_id: int, locale: str | None) -> str:
        """:meth:`heard` without the database, for an autocomplete (asked at every key
        typed): their own language as last read here, else their client's."""
        return self._chosen.get(user_id) or language_of(locale)


def language_of_reader(game: GameRecord, user_id: int) -> str:
    """The language of what ``user_id``, a player of ``game``, is sent outside any
    interaction of theirs (a DM, a reminder, their hand's news): their choice, else their
    Discord client's last seen, else the game's. Their settings come with the game's seats,
    so a DM made as a change commits knows its reader's language without a read."""
    seat = next((s for s in game.seats if s.user_id == user_id), None)
    if seat is not None and seat.language:
        return seat.language
    if seat is not None and seat.locale:
        return language_of(seat.locale)
    return game.language


def to_reader(game: GameRecord, user_id: int) -> AbstractContextManager[Speech]:
    """Speak :func:`language_of_reader`'s language inside the block."""
    return speaking(speech_in(language_of_reader(game, user_id)))


def aloud(game: GameRecord) -> AbstractContextManager[Speech]:
    """Speak ``game``'s language inside the block: its thread's posts, its lobby card, its
    status message, its boards, whoever's click caused them."""
    return speaking(speech_in(game.language))
