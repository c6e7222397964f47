"""Discord's documented limits on what a bot may send, as pure checks, and Discord's answer to
a body that breaks one.

Why this exists: discord.py sends whatever it is given and Discord answers an oversized or
malformed body with ``400 Invalid Form Body`` (code 50035), so a bot that is only tested
against a lenient fake ships messages that fail in production.  ``FakeDiscord`` runs these
checks on every message it receives and every autocomplete answer, and refuses a body that
breaks one, exactly as Discord would (``refusal``).

Each check returns human-readable violations (an empty list means "Discord accepts this").
Lengths are counted in characters (``len``), as Discord documents them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol

import discord

from tests.bot.fake_discord.errors import http_error

__all__ = [
    "ATTACHMENT_SIZE_LIMIT",
    "EMPTY_MESSAGE",
    "autocomplete_violations",
    "embed_violations",
    "message_violations",
    "refusal",
]

# The upload limit of a guild without boosts; the fake reports it as the interaction's
# ``attachment_size_limit``.
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024

CONTENT_MAX = 2000
EMBEDS_MAX = 10
EMBED_TITLE_MAX = 256
EMBED_DESCRIPTION_MAX = 4096
EMBED_FIELDS_MAX = 25
EMBED_FIELD_NAME_MAX = 256
EMBED_FIELD_VALUE_MAX = 1024
EMBED_FOOTER_MAX = 2048
EMBED_AUTHOR_MAX = 256
EMBEDS_TOTAL_MAX = 6000  # title, description, field names/values, footer, author: all embeds
ACTION_ROWS_MAX = 5
BUTTONS_PER_ROW_MAX = 5
CUSTOM_ID_MAX = 100
BUTTON_LABEL_MAX = 80
SELECT_PLACEHOLDER_MAX = 150
SELECT_OPTIONS_MAX = 25
SELECT_OPTION_TEXT_MAX = 100  # label, value and description of a select option
SELECT_VALUES_MAX = 25  # min_values and max_values lie in 0..25
ATTACHMENTS_MAX = 10
NONCE_MAX = 25
CHOICES_MAX = 25
CHOICE_NAME_MAX = 100
CHOICE_VALUE_MAX = 100  # string values only

ACTION_ROW, BUTTON = 1, 2
SELECT_TYPES = frozenset({3, 5, 6, 7, 8})  # string, user, role, mentionable, channel selects
LINK_STYLE, PREMIUM_STYLE = 5, 6  # buttons without a custom_id
IS_COMPONENTS_V2 = 1 << 15
# Discord answers this one with its own error (400, code 50006), not Invalid Form Body.
EMPTY_MESSAGE = "empty message: no content, embed, file or components"


class _Sized(Protocol):
    """A file as the fake sees it: only its bytes matter here."""

    data: bytes


def _too_long(what: str, text: Any, limit: int) -> list[str]:
    if text is not None and len(str(text)) > limit:
        return [f"{what} is {len(str(text))} characters (max {limit})"]
    return []


def embed_violations(embed: dict[str, Any], where: str = "embed") -> list[str]:
    """One embed's own limits (the 6,000-character total spans all embeds of a message)."""
    out: list[str] = []
    out += _too_long(f"{where}.title", embed.get("title"), EMBED_TITLE_MAX)
    out += _too_long(f"{where}.description", embed.get("description"), EMBED_DESCRIPTION_MAX)
    fields = embed.get("fields") or []
    if len(fields) > EMBED_FIELDS_MAX:
        out.append(f"{where} has {len(fields)} fields (max {EMBED_FIELDS_MAX})")
    for i, f in enumerate(fields):
        for key, limit in (("name", EMBED_FIELD_NAME_MAX), ("value", EMBED_FIELD_VALUE_MAX)):
            text = f.get(key)
            if text is None or str(text) == "":
                out.append(f"{where}.fields[{i}].{key} is empty")
            out += _too_long(f"{where}.fields[{i}].{key}", text, limit)
    out += _too_long(
        f"{where}.footer.text", (embed.get("footer") or {}).get("text"), EMBED_FOOTER_MAX
    )
    out += _too_long(
        f"{where}.author.name", (embed.get("author") or {}).get("name"), EMBED_AUTHOR_MAX
    )
    return out


def _embed_characters(embed: dict[str, Any]) -> int:
    """What counts towards the 6,000-character total."""
    parts: list[Any] = [
        embed.get("title"),
        embed.get("description"),
        (embed.get("footer") or {}).get("text"),
        (embed.get("author") or {}).get("name"),
    ]
    for f in embed.get("fields") or []:
        parts += [f.get("name"), f.get("value")]
    return sum(len(str(p)) for p in parts if p is not None)


def _custom_id_violations(where: str, custom_id: Any, seen: set[str]) -> list[str]:
    if custom_id is None or str(custom_id) == "":
        return [f"{where} has no custom_id"]
    out = _too_long(f"{where}.custom_id", custom_id, CUSTOM_ID_MAX)
    if str(custom_id) in seen:
        out.append(f"{where}.custom_id {custom_id!r} is used twice in the message")
    seen.add(str(custom_id))
    return out


def _button_violations(where: str, button: dict[str, Any], seen: set[str]) -> list[str]:
    out = _too_long(f"{where}.label", button.get("label"), BUTTON_LABEL_MAX)
    if button.get("style") not in (LINK_STYLE, PREMIUM_STYLE):
        out += _custom_id_violations(where, button.get("custom_id"), seen)
    return out


def _select_violations(where: str, select: dict[str, Any], seen: set[str]) -> list[str]:
    out = _custom_id_violations(where, select.get("custom_id"), seen)
    out += _too_long(f"{where}.placeholder", select.get("placeholder"), SELECT_PLACEHOLDER_MAX)
    for key in ("min_values", "max_values"):
        value = select.get(key)
        if value is not None and not 0 <= int(value) <= SELECT_VALUES_MAX:
            out.append(f"{where}.{key} is {value} (must be 0..{SELECT_VALUES_MAX})")
    if select.get("type") == 3:  # only string selects carry their options
        options = select.get("options") or []
        if not 1 <= len(options) <= SELECT_OPTIONS_MAX:
            out.append(f"{where} has {len(options)} options (must be 1..{SELECT_OPTIONS_MAX})")
        for i, option in enumerate(options):
            for key in ("label", "value", "description"):
                out += _too_long(
                    f"{where}.options[{i}].{key}", option.get(key), SELECT_OPTION_TEXT_MAX
                )
    return out


def _row_violations(where: str, row: dict[str, Any], seen: set[str]) -> list[str]:
    items = row.get("components") or []
    out: list[str] = []
    buttons = [c for c in items if c.get("type") == BUTTON]
    selects = [c for c in items if c.get("type") in SELECT_TYPES]
    if not items:
        out.append(f"{where} is empty")
    elif selects and len(items) != 1:
        out.append(
            f"{where} holds a select menu and {len(items) - 1} other component(s) "
            "(a select needs a row of its own)"
        )
    elif len(buttons) > BUTTONS_PER_ROW_MAX:
        out.append(f"{where} has {len(buttons)} buttons (max {BUTTONS_PER_ROW_MAX})")
    for i, item in enumerate(items):
        if item.get("type") == BUTTON:
            out += _button_violations(f"{where}[{i}] (button)", item, seen)
        elif item.get("type") in SELECT_TYPES:
            out += _select_violations(f"{where}[{i}] (select)", item, seen)
    return out


def _components_violations(components: list[dict[str, Any]], v2: bool) -> list[str]:
    out: list[str] = []
    seen: set[str] = set()
    if not v2:
        if len(components) > ACTION_ROWS_MAX:
            out.append(f"{len(components)} action rows (max {ACTION_ROWS_MAX})")
        for i, row in enumerate(components):
            if row.get("type") != ACTION_ROW:
                out.append(
                    f"components[{i}] is type {row.get('type')}, not an action row "
                    "(layout components need the IS_COMPONENTS_V2 flag)"
                )
                continue
            out += _row_violations(f"components[{i}]", row, seen)
        return out

    # Components v2 nest action rows inside containers/sections; check each row found.
    def walk(items: Iterable[dict[str, Any]], path: str) -> None:
        for i, comp in enumerate(items):
            here = f"{path}[{i}]"
            if comp.get("type") == ACTION_ROW:
                out.extend(_row_violations(here, comp, seen))
            elif comp.get("type") == BUTTON:
                out.extend(_button_violations(f"{here} (button)", comp, seen))
            else:
                walk(comp.get("components") or [], f"{here}.components")
                if comp.get("accessory"):
                    walk([comp["accessory"]], f"{here}.accessory")

    walk(components, "components")
    return out


def _nonce_violations(nonce: Any) -> list[str]:
    if nonce is None:
        return []
    if isinstance(nonce, bool) or not isinstance(nonce, str | int):
        return [f"nonce {nonce!r} is a {type(nonce).__name__} (must be a string or integer)"]
    return _too_long("nonce", nonce, NONCE_MAX)


def _attachment_count(payload: dict[str, Any], files: Sequence[Any]) -> int:
    """New uploads plus the existing attachments an edit keeps.

    discord.py lists each upload in ``attachments`` as ``{"id": <its index>, "filename":
    ...}``; those placeholders are the files themselves, not extra attachments.
    """
    kept = [
        a
        for a in payload.get("attachments") or []
        if not (isinstance(a.get("id"), int) and a["id"] < len(files) and "filename" in a)
    ]
    return len(files) + len(kept)


def message_violations(
    payload: dict[str, Any], files: Sequence[_Sized], *, create: bool = True
) -> list[str]:
    """Everything Discord would refuse in a message create (``create=True``) or edit body.

    An edit body carries only what changes, so only what it carries is checked, and an edit
    may not be refused for being empty; a created message needs content, an embed, a file,
    components, stickers or a poll.
    """
    out: list[str] = []
    out += _too_long("content", payload.get("content"), CONTENT_MAX)
    embeds = payload.get("embeds") or []
    if len(embeds) > EMBEDS_MAX:
        out.append(f"{len(embeds)} embeds (max {EMBEDS_MAX})")
    for i, embed in enumerate(embeds):
        out += embed_violations(embed, f"embeds[{i}]")
    total = sum(_embed_characters(e) for e in embeds)
    if total > EMBEDS_TOTAL_MAX:
        out.append(f"the embeds hold {total} characters in all (max {EMBEDS_TOTAL_MAX})")
    v2 = bool(int(payload.get("flags") or 0) & IS_COMPONENTS_V2)
    out += _components_violations(list(payload.get("components") or []), v2)
    count = _attachment_count(payload, files)
    if count > ATTACHMENTS_MAX:
        out.append(f"{count} attachments (max {ATTACHMENTS_MAX})")
    for i, f in enumerate(files):
        if len(f.data) > ATTACHMENT_SIZE_LIMIT:
            out.append(f"files[{i}] is {len(f.data)} bytes (max {ATTACHMENT_SIZE_LIMIT})")
    out += _nonce_violations(payload.get("nonce"))
    if create and not (
        payload.get("content")
        or embeds
        or files
        or payload.get("components")
        or payload.get("sticker_ids")
        or payload.get("poll")
    ):
        out.append(EMPTY_MESSAGE)
    return out


def autocomplete_violations(choices: list[dict[str, Any]]) -> list[str]:
    """What Discord refuses in an autocomplete answer: at most 25 choices, each named with
    1..100 characters, a string value of at most 100."""
    out: list[str] = []
    if len(choices) > CHOICES_MAX:
        out.append(f"{len(choices)} autocomplete choices (max {CHOICES_MAX})")
    for i, choice in enumerate(choices):
        name = choice.get("name")
        if not isinstance(name, str) or not 1 <= len(name) <= CHOICE_NAME_MAX:
            length = len(name) if isinstance(name, str) else name
            out.append(f"choices[{i}].name has length {length} (must be 1..{CHOICE_NAME_MAX})")
        value = choice.get("value")
        if isinstance(value, str):
            out += _too_long(f"choices[{i}].value", value, CHOICE_VALUE_MAX)
    return out


def refusal(violations: list[str]) -> discord.HTTPException:
    """What Discord answers a body with these violations: 400 Cannot send an empty message
    (50006) for an empty one, else 400 Invalid Form Body (50035) listing them."""
    if violations == [EMPTY_MESSAGE]:
        return http_error(400, 50006, "Cannot send an empty message")
    detail = {"limits": {"_errors": [{"code": "LIMIT", "message": v} for v in violations]}}
    return http_error(400, 50035, "Invalid Form Body", detail)
