"""Who reads in which language (issue 29).

A private answer, a DM or a hand speaks its reader's language: the one they chose (``/parley
settings language:``), else their Discord client's (the interaction's locale; outside any
interaction of theirs, the last one seen from them), else the game's. A thread post, the
status message and a board speak the game's language (chosen in the lobby), whoever's click
caused them: the thread is read by everyone at the table.
"""

from __future__ import annotations

from contextlib import AbstractContextManager

from bot.language import language_of, speech
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

    async def of(self, user_id: int, game: GameRecord | None = None) -> str:
        """The language of what ``user_id`` is sent outside any interaction of theirs (a DM, a
        reminder): their choice, else their client's last seen, else ``game``'s."""
        mine = await self.store.user_settings(user_id)
        if mine.language:
            return mine.language
        if mine.locale:
            return language_of(mine.locale)
        return game.language if game is not None else "en"

    async def speaking_to(self, user_id: int, game: GameRecord | None = None) -> Speech:
        """The words of :meth:`of`'s language (``with speaking(await ...)``)."""
        return speech(await self.of(user_id, game))


def aloud(game: GameRecord) -> AbstractContextManager[Speech]:
    """Speak ``game``'s language inside the block: its thread's posts, its lobby card, its
    status message, its boards, whoever's click caused them."""
    return speaking(speech(game.language))
