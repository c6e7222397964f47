"""The words a person reads, in the reader's language.

Every text a player meets (a label, a reason, a history line, a reveal line, a post, a board's
caption) is written in English in the code, inside ``t("...")`` (or ``tn`` for a plural, ``tp``
with a context), and looked up in the language being spoken when it is made. The language is a
context variable, set by whoever speaks to a reader (``with speaking(speech): ...``): the bot
for an answer, a post or a DM, a worker for the board it draws. So the engines stay pure (they
load no catalogue and know no reader) and a label that must fit 80 characters is measured in
the language it is read in. Unset, the speech is English.

Placeholders are named and filled by ``t`` itself (``t("Place a ship on {square}",
square=name)``), so a translation may put them in any order; ``N_`` marks a text kept in a
constant, translated where it is used (``t(REASONS[key])``). The catalogues and their checks
live in ``bot/language.py`` and ``bot/catalogue.py``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Protocol


class Speech(Protocol):
    """One language's words: gettext's three lookups and the locale's way with numbers."""

    code: str

    def gettext(self, message: str) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int) -> str: ...

    def pgettext(self, context: str, message: str) -> str: ...

    def number(self, value: float) -> str: ...

    def listing(self, items: list[str]) -> str: ...


class English:
    """The words as written in the code: no catalogue, English plurals, 42,000."""

    code = "en"

    def gettext(self, message: str) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural

    def pgettext(self, context: str, message: str) -> str:
        return message

    def number(self, value: float) -> str:
        return f"{value:,}"

    def listing(self, items: list[str]) -> str:
        return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


ENGLISH = English()
_speech: ContextVar[Speech] = ContextVar("speech", default=ENGLISH)


def speech() -> Speech:
    """The language being spoken now."""
    return _speech.get()


@contextmanager
def speaking(words: Speech) -> Iterator[Speech]:
    """Speak ``words``'s language inside the block (and in tasks it starts)."""
    token = _speech.set(words)
    try:
        yield words
    finally:
        _speech.reset(token)


def speak(words: Speech) -> None:
    """Speak ``words``'s language from here to the end of the current task (and in tasks it
    starts): set once where an interaction arrives, in the task discord.py gives it alone."""
    _speech.set(words)


def _filled(text: str, params: dict[str, object]) -> str:
    return text.format(**params) if params else text


def t(message: str, **params: object) -> str:
    """``message`` in the language spoken now, its ``{placeholders}`` filled from ``params``."""
    if not message:  # gettext's "" is the catalogue's header
        return message
    return _filled(_speech.get().gettext(message), params)


def tn(singular: str, plural: str, n: int, **params: object) -> str:
    """The form of ``singular``/``plural`` for ``n`` in the language spoken now; ``{n}`` is
    filled with ``n`` written as the locale writes numbers."""
    words = _speech.get()
    return _filled(words.ngettext(singular, plural, n), {"n": words.number(n), **params})


def tp(context: str, message: str, **params: object) -> str:
    """``message`` where the same English word needs different words in another language
    (``tp("button", "Join")``)."""
    return _filled(_speech.get().pgettext(context, message), params)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it: it is kept in a constant
    and translated with ``t`` where it is said."""
    return message


def NP_(context: str, message: str) -> str:
    """``N_`` for a text that needs a context (a slash command's name, a button's word)."""
    return message


def told(text: str, params: Mapping[str, object]) -> str:
    """A text a state keeps untranslated (an outcome's reason, a log line: its English text and
    placeholders) said in the language spoken now. Its text placeholders are looked up too,
    so a stored seat or card name ("Green") is said in the reader's words; a name the
    catalogue does not know (a square, a player) stays as it is; a whole number is written the
    locale's way (41,000; 41.000)."""
    filled = {key: _told(value) for key, value in params.items()}
    return t(text, **filled)


def _told(value: object) -> object:
    if isinstance(value, str):
        return t(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return number(value)
    return value


def joined(items: list[str]) -> str:
    """Items as the language spoken now lists them ("A, B and C"; "A, B et C")."""
    return _speech.get().listing(items) if items else ""


def either(items: list[str]) -> str:
    """Items offered as alternatives, as the language spoken now says it ("A, B or C";
    "A, B oder C"; "A, B ou C")."""
    if len(items) < 2:
        return "".join(items)
    return t("{some} or {last}", some=", ".join(items[:-1]), last=items[-1])


def clauses(parts: list[str]) -> str:
    """Clauses of one sentence, each a whole text, separated as the language spoken now
    separates them ("A; B", French "A ; B" with a no-break space)."""
    return tp("clause separator", "; ").join(parts)


def number(value: float) -> str:
    """``value`` as the language spoken now writes numbers (42,000; 42.000; 42 000)."""
    return _speech.get().number(value)
