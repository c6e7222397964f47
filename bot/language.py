"""The languages Parley speaks, and their catalogues.

Parley's words are written in English in the code (``games/core/words.py``); each other
language is a set of gettext catalogues in ``bot/locales/<code>/<area>.po``, one file per
area of the code (``bot/catalogue.py`` says which), read with Babel at first use and merged
into one set of translations. We chose gettext through Babel over Fluent: its catalogues are
the format translators' tools read, Python's own ``gettext`` looks them up, and Babel, which
writes numbers and dates the locale's way, also extracts and checks them.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable
from functools import cache
from io import BytesIO
from pathlib import Path
from typing import Any, TypeVar

from babel import Locale
from babel.lists import format_list
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

from games.core.words import ENGLISH, Speech, speaking

T = TypeVar("T")

#: Every language, by code, in its own name (what a language menu shows).
LANGUAGES = {"en": "English", "de": "Deutsch", "fr": "Français"}
#: The languages that have catalogues (English is the code's own words).
TRANSLATED = tuple(code for code in LANGUAGES if code != "en")
LOCALES = Path(__file__).parent / "locales"


class Catalogued:
    """A language read from its catalogues: gettext's lookups and Babel's numbers."""

    def __init__(self, code: str, translations: gettext.GNUTranslations) -> None:
        self.code = code
        self._translations = translations
        self._locale = Locale.parse(code)

    def gettext(self, message: str) -> str:
        return self._translations.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._translations.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        return self._translations.pgettext(context, message)

    def number(self, value: float) -> str:
        return format_decimal(value, locale=self._locale)

    def listing(self, items: list[str]) -> str:
        return format_list(items, locale=self._locale)


def catalogue_files(code: str) -> list[Path]:
    """The catalogue files of a language, one per area, in a fixed order."""
    return sorted((LOCALES / code).glob("*.po"))


def read_catalogue(path: Path, code: str) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=code)


def merged(code: str) -> Catalog:
    """Every area's catalogue of a language as one (an id in two areas has one translation:
    ``bot/catalogue.py`` checks that they agree)."""
    whole = Catalog(locale=code)
    for path in catalogue_files(code):
        for message in read_catalogue(path, code):
            if message.id and message.string and not message.fuzzy:
                whole.add(message.id, message.string, context=message.context)
    return whole


@cache
def speech_in(code: str) -> Speech:
    """The words of language ``code`` (English for a code Parley does not speak), loaded from
    its catalogues once: what the bot hands to ``speaking`` for a reader, a guild or a worker
    process. Not ``games.core.words.speech()``, which is the language spoken now."""
    if code not in TRANSLATED:
        return ENGLISH
    compiled = BytesIO()
    write_mo(compiled, merged(code))
    compiled.seek(0)
    return Catalogued(code, gettext.GNUTranslations(compiled))


def language_of(locale: object) -> str:
    """The language Parley speaks to a Discord locale (``de``, ``fr``, ``en-US``, ...):
    its own when Parley has it, else English."""
    code = str(locale or "").split("-")[0].lower()
    return code if code in LANGUAGES else "en"


def in_language(code: str, work: Callable[..., T], *args: Any) -> T:
    """``work(*args)`` spoken in language ``code``: what a worker process runs, since the
    language spoken (a context variable) does not cross into another process (a thread's
    does: ``asyncio.to_thread`` copies it)."""
    with speaking(speech_in(code)):
        return work(*args)
