"""The catalogues kept in step with the code: which texts the code says, in which area's file
each belongs, and what is wrong with a language's translations.

``parley words update`` adds every text the code says (``t``, ``tn``, ``tp``, ``N_`` from
``games/core/words.py``) to its area's file in every language, untranslated, and removes texts
the code no longer says; ``parley words check`` (and ``tests/test_catalogues.py``) lists every
problem: a text untranslated or fuzzy, a text no longer said, a placeholder the translation
lacks or invents, a text given two translations in two areas, a call whose text the extractor
cannot read (an f-string inside ``t``), a translation naming a ``/parley`` command otherwise
than the reader's Discord shows it. Operators' texts (the command line, logs, ``parley
doctor``) stay English and are not extracted.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_file
from babel.messages.pofile import write_po

from bot.language import LANGUAGES, LOCALES, TRANSLATED, catalogue_files, read_catalogue

ROOT = Path(__file__).resolve().parent.parent
#: The translation calls and where their texts are (gettext's keyword specs).
KEYWORDS: Mapping[str, Any] = {
    "t": None,
    "tn": (1, 2),
    "tp": ((1, "c"), 2),
    "N_": None,
    "NP_": ((1, "c"), 2),
}
#: Which arguments of each call are texts (for the check that none is an f-string).
TEXT_ARGUMENTS = {"t": [0], "tn": [0, 1], "tp": [0, 1], "N_": [0], "NP_": [0, 1]}
#: Folders whose texts players read, and the area (catalogue file) of each; the first match
#: of a source file's path wins.
AREAS: tuple[tuple[str, str], ...] = (
    ("games/core", "games"),
    ("games/ai", "games"),
    ("games/__init__.py", "games"),
    ("games/cardinal", "cardinal"),
    ("games/caribbean", "caribbean"),
    ("games/rigadoon", "rigadoon"),
    ("games/ship", "ship"),
    ("games/tortuga", "tortuga"),
    ("renderers", "boards"),
    ("bot/play", "play"),
    ("bot/discord/cogs", "commands"),
    ("bot/discord", "discord"),
)
#: The catalogues' header dates stay put, so updating one changes only its texts.
STABLE_DATE = datetime(2026, 11, 27, tzinfo=UTC)
PLACEHOLDER = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z_0-9]*)[^{}]*\}")


@dataclass(frozen=True)
class Said:
    """One text the code says: its id (a plural's is the singular), plural, context, where."""

    id: str
    plural: str | None
    context: str | None
    source: str


def area_of(path: str) -> str | None:
    """The area a source file's texts belong to (None: not a player's text)."""
    for prefix, area in AREAS:
        if path == prefix or path.startswith(prefix.rstrip("/") + "/"):
            return area
    return None


def sources() -> Iterator[tuple[str, str]]:
    """``(relative path, area)`` of every Python source whose texts players read."""
    for path in sorted(ROOT.glob("**/*.py")):
        relative = path.relative_to(ROOT).as_posix()
        if relative.startswith((".venv", "tests/", "build/")):
            continue
        area = area_of(relative)
        if area is not None:
            yield relative, area


def said_in(relative: str) -> list[Said]:
    """Every text one source file says."""
    found = []
    for _, message, _, context in extract_from_file(
        "python", ROOT / relative, keywords=KEYWORDS, comment_tags=(), strip_comment_tags=True
    ):
        if isinstance(message, tuple):
            singular, plural = message[0], message[1]
        else:
            singular, plural = message, None
        if singular:
            found.append(Said(singular, plural, context, relative))
    return found


def said_by_area() -> dict[str, dict[tuple[str, str | None], Said]]:
    """Every text the code says, by area, keyed by ``(id, context)``."""
    areas: dict[str, dict[tuple[str, str | None], Said]] = {}
    for relative, area in sources():
        for said in said_in(relative):
            areas.setdefault(area, {}).setdefault((said.id, said.context), said)
    return areas


def unreadable_calls() -> list[str]:
    """Calls to ``t``/``tn``/``tp``/``N_``/``NP_`` the extractor cannot read, so their text
    would stay English: a text that is not a plain string (an f-string or a concatenation),
    or a plain one it misses (a ``t("...")`` nested inside another call's arguments)."""
    problems = []
    for relative, _ in sources():
        tree = ast.parse((ROOT / relative).read_text(), relative)
        extracted = {said.id for said in said_in(relative)}
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            name, where = node.func.id, f"{relative}:{node.lineno}"
            for index in TEXT_ARGUMENTS.get(name, []):
                argument = node.args[index] if index < len(node.args) else None
                if isinstance(argument, ast.JoinedStr | ast.BinOp):
                    problems.append(f"{where}: {name}() of an f-string")
            texts = TEXT_ARGUMENTS.get(name, [])
            index = texts[-1] if name in ("tp", "NP_") else 0
            text = node.args[index] if texts and index < len(node.args) else None
            if (
                isinstance(text, ast.Constant)
                and isinstance(text.value, str)
                and text.value
                and text.value not in extracted
            ):
                problems.append(f"{where}: the extractor misses {text.value!r}")
    return problems


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def in_order(said: dict[tuple[str, str | None], Said]) -> list[tuple[tuple[str, str | None], Said]]:
    """An area's texts by id, then context (a text said with and without one sorts too)."""
    return sorted(said.items(), key=lambda item: (item[0][0], item[0][1] or ""))


def path_of(code: str, area: str) -> Path:
    return LOCALES / code / f"{area}.po"


def update() -> list[str]:
    """Bring every language's area files in step with the code; returns what changed."""
    changes = []
    for area, said in sorted(said_by_area().items()):
        for code in TRANSLATED:
            path = path_of(code, area)
            old = read_catalogue(path, code) if path.exists() else None
            new = Catalog(
                locale=code,
                project="Parley",
                version="1",
                copyright_holder="Parley's contributors",
                creation_date=STABLE_DATE,
                revision_date=STABLE_DATE,
                last_translator="Parley's contributors",
                language_team=LANGUAGES[code],
                fuzzy=False,
            )
            for (msgid, context), text in in_order(said):
                key: str | tuple[str, str] = msgid if text.plural is None else (msgid, text.plural)
                previous = old.get(msgid, context) if old is not None else None
                string: str | tuple[str, ...] = "" if text.plural is None else ("", "")
                flags: set[str] = set()
                if previous is not None and previous.pluralizable == (text.plural is not None):
                    string = tuple(_strings(previous)) if text.plural else _strings(previous)[0]
                    flags = set(previous.flags)
                new.add(key, string, locations=[(text.source, 0)], flags=flags, context=context)
            added = len(new) - (len(old) if old is not None else 0)
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("wb") as file:
                write_po(file, new, width=100, include_lineno=False, sort_output=True)
            if added:
                changes.append(f"{path.relative_to(ROOT)}: {added:+d} texts")
    return changes


def _strings(message: Message) -> list[str]:
    string = message.string
    forms = list(string) if isinstance(string, tuple | list) else [string]
    return [form or "" for form in forms]


def problems(code: str) -> list[str]:
    """Everything wrong with language ``code``'s catalogues against the code."""
    said = said_by_area()
    found: list[str] = []
    agreed: dict[tuple[str, str | None], tuple[str, list[str]]] = {}
    for area in sorted(said):
        path = path_of(code, area)
        catalogue = read_catalogue(path, code) if path.exists() else Catalog(locale=code)
        where = path.relative_to(ROOT).as_posix()
        for (msgid, context), text in in_order(said[area]):
            message = catalogue.get(msgid, context)
            strings = _strings(message) if message is not None else []
            if message is None or not all(strings):
                found.append(f"{where}: untranslated: {msgid!r} ({text.source})")
                continue
            if message.fuzzy:
                found.append(f"{where}: fuzzy: {msgid!r}")
            wanted = placeholders(msgid) | placeholders(text.plural or "")
            for string in strings:
                if placeholders(string) - wanted or (
                    text.plural is None and placeholders(string) != wanted
                ):
                    found.append(f"{where}: placeholders differ: {msgid!r} -> {string!r}")
            first = agreed.setdefault((msgid, context), (where, strings))
            if first[1] != strings:
                found.append(f"{where}: {msgid!r} is translated otherwise in {first[0]}")
        for message in catalogue:
            if (
                message.id
                and (message.id if isinstance(message.id, str) else message.id[0], message.context)
                not in said[area]
            ):
                found.append(f"{where}: no longer said: {message.id!r}")
    for path in sorted((LOCALES / code).glob("*.po")):
        if path.stem not in said:
            found.append(f"{path.relative_to(ROOT)}: no area of the code says its texts")
    return found + unreadable_calls() + mention_problems(code)


MENTION = re.compile(r"/parley((?: [a-z_]+)+:?)")


def command_words(code: str) -> tuple[dict[str, str], dict[str, str]]:
    """``/parley``'s command and parameter names in language ``code`` (English -> theirs)."""
    catalogue = read_catalogue(path_of(code, "commands"), code)
    names: dict[str, dict[str, str]] = {"command name": {}, "parameter name": {}}
    for message in catalogue:
        if message.context in names and isinstance(message.id, str) and message.string:
            names[message.context][message.id] = str(message.string)
    return names["command name"], names["parameter name"]


def mentioned(text: str, commands: Mapping[str, str], parameters: Mapping[str, str]) -> str:
    """``text`` with each ``/parley command [subcommand] [parameter:]`` it mentions named as
    the reader's Discord shows it (``/parley zug``); other words after it stay as they are."""

    def rename(match: re.Match[str]) -> str:
        words = match.group(1).split(" ")[1:]
        said = []
        for index, word in enumerate(words):
            if word.endswith(":") and word[:-1] in parameters:
                said.append(parameters[word[:-1]] + ":")
            elif word in commands and (index == 0 or said[0] == commands.get("league")):
                said.append(commands[word])
            else:
                said.extend(words[index:])
                break
        return "/parley " + " ".join(said)

    return MENTION.sub(rename, text)


def mention_problems(code: str) -> list[str]:
    """Translations that name a ``/parley`` command otherwise than the reader's Discord
    shows it (its localised name)."""
    commands, parameters = command_words(code)
    found = []
    for path in catalogue_files(code):
        for message in read_catalogue(path, code):
            for string in _strings(message) if message.id else []:
                if mentioned(string, commands, parameters) != string:
                    where = path.relative_to(ROOT).as_posix()
                    found.append(f"{where}: names a command in English: {string!r}")
    return found
