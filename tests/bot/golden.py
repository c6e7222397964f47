"""Golden transcripts: what every reader saw of one game, as a text file a reviewer can diff.

:class:`RecordingDiscord` is the recording fake of Discord (``tests/bot/fake_discord``) that
also writes, in the order Discord saw them, every message the bot posts or edits (where, for
whom, its text, embeds, attachment names and every button and menu), every thread it opens,
every pin and deletion, every DM Discord refused; :class:`Transcript` adds a line for every
slash command, click and menu pick a test makes (see its drivers). Each line starts with its
reader, so ``grep`` shows what one reader saw:

* ``#general``, ``thread``: public (a channel, the game's thread);
* ``dm <name>``: a DM to that player;
* ``only <name>``: an ephemeral answer only that player sees;
* ``>>``: what a person did.

Everything that differs between runs is replaced by a placeholder: snowflakes (users and
channels become their names, messages ``m1``, ``m2``, … in the order they first show),
Discord timestamps (``<t:TIME:R>``) and jump links. Image bytes are left out; a file shows as
its name and its alt text.

``compare_or_rewrite`` compares a transcript with ``tests/golden/<name>.txt`` and fails with a
unified diff, or, with ``PARLEY_GOLDEN=rewrite`` in the environment, writes the file.
"""

from __future__ import annotations

import difflib
import os
import re
from pathlib import Path
from typing import Any

import discord
import pytest

from tests.bot.fake_discord import DM, FakeChannel, FakeDiscord, FakeFile, FakeMessage, FakeUser
from tests.bot.fake_discord.recorder import EPHEMERAL, LOADING, InteractionRecord

GOLDEN_DIR = Path(__file__).resolve().parents[1] / "golden"
REWRITE = "PARLEY_GOLDEN"  # set to "rewrite" to write the files instead of comparing
WIDTH = 14  # the reader column
STYLES = {1: "primary", 2: "secondary", 3: "success", 4: "danger", 5: "link", 6: "premium"}
SELECTS = {3: "menu", 5: "user menu", 6: "role menu", 7: "mentionable menu", 8: "channel menu"}

_USER = re.compile(r"<@!?(\d+)>")
_ROLE = re.compile(r"<@&(\d+)>")
_CHANNEL = re.compile(r"<#(\d+)>")
_TIMESTAMP = re.compile(r"<t:-?\d+(?::([tTdDfFR]))?>")
_JUMP = re.compile(
    r"https://(?:ptb\.|canary\.)?discord(?:app)?\.com/channels/[\d@me]+/(\d+)(?:/(\d+))?"
)
_CDN = re.compile(r"https://(?:cdn|media)\.discord(?:app)?\.(?:com|net)/attachments/\d+/\d+/")
_SNOWFLAKE = re.compile(r"\b\d{15,20}\b")


class RecordingDiscord(FakeDiscord):
    """The fake Discord, writing down what the bot shows as it happens (``lines``)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lines: list[str] = []
        self._labels: dict[int, str] = {}  # message id -> m1, m2, ...
        self._readers: dict[int, str] = {}  # message id -> who sees it
        self._shown: dict[int, dict[str, Any]] = {}  # message id -> the version last written
        self._deleted: set[int] = set()
        self._by_interaction: dict[int, FakeUser] = {}

    # -- what a test reads ---------------------------------------------------------------
    def label(self, message: FakeMessage) -> str:
        return self._labels.get(message.id) or "an unshown message"

    def note(self, reader: str, text: str) -> None:
        self.lines.append(f"{reader:<{WIDTH}}| {text}".rstrip())

    def act(self, text: str) -> None:
        """A line for what a person did."""
        self.lines.append(f">> {self.clean(text)}")

    def heading(self, text: str) -> None:
        self.lines.append(f"== {text}")

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"

    # -- placeholders ----------------------------------------------------------------------
    def name_of(self, user_id: int) -> str:
        if user_id == self.bot_user.id:
            return self.bot_user.name
        user = self.users.get(user_id)
        return user.name if user else "someone"

    def channel_name(self, channel_id: int) -> str:
        channel = self.channels.get(channel_id)
        if channel is None:
            return "an unknown channel"
        if channel.type == DM and channel.recipient is not None:
            return f"the DM with {channel.recipient.name}"
        return f"thread “{channel.name}”" if channel.is_thread else f"#{channel.name}"

    def mention(self, channel_id: int) -> str:
        """A channel mention as Discord shows it: ``#name``."""
        channel = self.channels.get(channel_id)
        return f"#{channel.name}" if channel is not None else "#unknown"

    def clean(self, text: str) -> str:
        """``text`` with every run-dependent number replaced by a stable name."""

        def jump(match: re.Match[str]) -> str:
            channel_id, message_id = int(match[1]), match[2]
            if message_id is not None:
                label = self._labels.get(int(message_id))
                where = self.channel_name(channel_id)
                return f"<link to {label or 'a message'} in {where}>"
            return f"<link to {self.channel_name(channel_id)}>"

        text = _JUMP.sub(jump, text)
        text = _CDN.sub("https://cdn/attachments/", text)
        text = _USER.sub(lambda m: "@" + self.name_of(int(m[1])), text)
        text = _ROLE.sub("@role", text)
        text = _CHANNEL.sub(lambda m: self.mention(int(m[1])), text)
        text = _TIMESTAMP.sub(lambda m: f"<t:TIME:{m[1] or 'f'}>", text)
        return _SNOWFLAKE.sub("<id>", text)

    # -- where and for whom ----------------------------------------------------------------
    def _reader(self, message: FakeMessage) -> str:
        known = self._readers.get(message.id)
        if known:
            return known
        if message.flags & EPHEMERAL:
            user = self._by_interaction.get(message.interaction_id or 0)
            reader = f"only {user.name if user else 'someone'}"
        elif message.dm_user_id is not None:
            reader = f"dm {self.name_of(message.dm_user_id)}"
        else:
            channel = self.channels[message.channel_id]
            reader = "thread" if channel.is_thread else f"#{channel.name}"
        self._readers[message.id] = reader
        return reader

    # -- the hooks -------------------------------------------------------------------------
    def _new_record(self, kind: str, user: FakeUser, channel: FakeChannel) -> InteractionRecord:
        record = super()._new_record(kind, user, channel)
        self._by_interaction[record.id] = user
        return record

    def _store_message(
        self,
        channel: FakeChannel,
        payload: dict[str, Any],
        files: list[FakeFile],
        *,
        interaction: InteractionRecord | None = None,
        flags: int | None = None,
    ) -> FakeMessage:
        message = super()._store_message(
            channel, payload, files, interaction=interaction, flags=flags
        )
        if message.author.id == self.bot_user.id:
            self._write(message, None)
        return message

    def _apply(
        self, msg: FakeMessage, payload: dict[str, Any], files: list[FakeFile], *, record_edit: bool
    ) -> None:
        super()._apply(msg, payload, files, record_edit=record_edit)
        if record_edit and msg.author.id == self.bot_user.id:  # a new message is written whole
            self._write(msg, self._shown.get(msg.id))

    def _create_thread(self, parent: FakeChannel, name: str, **kwargs: Any) -> FakeChannel:
        thread = super()._create_thread(parent, name, **kwargs)
        self.note("thread", f"thread “{name}” opened in #{parent.name}")
        return thread

    def _edit_channel(self, channel_id: str, body: dict[str, Any], **kwargs: Any) -> Any:
        channel = self.channels.get(int(channel_id))
        before = (channel.name, channel.archived, channel.locked) if channel else None
        answer = super()._edit_channel(channel_id, body, **kwargs)
        if channel is not None and before != (channel.name, channel.archived, channel.locked):
            what = [f"named “{channel.name}”"] if before and before[0] != channel.name else []
            what += ["archived"] * channel.archived + ["locked"] * channel.locked
            where = "thread" if channel.is_thread else f"#{channel.name}"
            self.note(where, f"{self.channel_name(channel.id)} is now {', '.join(what) or 'open'}")
        return answer

    def _set_pinned(self, channel_id: str, message_id: str, pinned: bool, method: str) -> None:
        super()._set_pinned(channel_id, message_id, pinned, method)
        message = self._messages[int(message_id)]
        self.note(
            self._reader(message), f"{self.label(message)} {'pinned' if pinned else 'unpinned'}"
        )

    def _send_message(
        self, channel_id: str, body: dict[str, Any], files: list[FakeFile], **kwargs: Any
    ) -> dict[str, Any]:
        try:
            return super()._send_message(channel_id, body, files, **kwargs)
        except discord.Forbidden as refused:
            channel = self.channels.get(int(channel_id))
            if refused.code == 50007 and channel is not None and channel.recipient is not None:
                name = channel.recipient.name
                self.note(f"dm {name}", f"(not delivered: {name}'s DMs are closed)")
            raise

    def deletions(self) -> None:
        """A line for each message deleted since the last call (a driver calls it after each
        step: a deletion has no hook of its own)."""
        for message_id in self._order:
            message = self._messages[message_id]
            if message.deleted and message.id not in self._deleted:
                self._deleted.add(message.id)
                if message.id in self._labels:
                    self.note(self._reader(message), f"{self.label(message)} deleted")

    # -- a message, written ----------------------------------------------------------------
    def _write(self, message: FakeMessage, before: dict[str, Any] | None) -> None:
        now = message.snapshot()
        if now["flags"] & LOADING and not now["content"] and not now["embeds"]:
            return  # "Parley is thinking…": the answer replaces it
        reader = self._reader(message)
        new = message.id not in self._labels
        if new:
            self._labels[message.id] = f"m{len(self._labels) + 1}"
        self._shown[message.id] = now
        head = self._labels[message.id]
        pinned = " (pinned)" if message.pinned else ""
        if new or before is None:
            self.note(reader, f"{head}{pinned}:")
            for line in self.sections(now, message).values():
                for part in line:
                    self.note(reader, "  " + part)
            return
        old, fresh = self.sections(before, message), self.sections(now, message)
        changed = [name for name in fresh if fresh[name] != old[name]]
        if not changed:
            self.note(reader, f"{head}{pinned} edited, nothing visible changed")
            return
        kept = [name for name in fresh if name not in changed and fresh[name]]
        same = f" ({', '.join(kept)} as before)" if kept else ""
        self.note(reader, f"{head}{pinned} edited{same}:")
        for name in changed:
            for part in fresh[name] or [f"(no {name} now)"]:
                self.note(reader, "  " + part)

    def sections(self, snap: dict[str, Any], message: FakeMessage) -> dict[str, list[str]]:
        """One version of a message in words: its text, its files, its buttons and menus."""
        text = [self.clean(line) for line in (snap["content"] or "").split("\n")]
        text = text if snap["content"] else []
        for embed in snap["embeds"]:
            text += self._embed(embed)
        descriptions = {f.filename: f.description for f in message.files}
        files = [
            f"file {name}" + (f" (alt: {self.clean(d)})" if (d := descriptions.get(name)) else "")
            for name in snap["filenames"]
        ]
        return {"text": text, "files": files, "components": self._components(snap["components"])}

    def _embed(self, embed: dict[str, Any]) -> list[str]:
        out: list[str] = []
        if (embed.get("author") or {}).get("name"):
            out.append(f"embed author: {self.clean(embed['author']['name'])}")
        if embed.get("title"):
            out.append(f"embed title: {self.clean(str(embed['title']))}")
        if embed.get("url"):
            out.append(f"embed link: {self.clean(str(embed['url']))}")
        for line in (
            str(embed.get("description") or "").split("\n") if embed.get("description") else []
        ):
            out.append(f"embed: {self.clean(line)}")
        for field in embed.get("fields") or []:
            inline = " (inline)" if field.get("inline") else ""
            out.append(f"embed field{inline}: {self.clean(str(field.get('name', '')))}")
            for line in str(field.get("value", "")).split("\n"):
                out.append(f"  {self.clean(line)}")
        for key in ("image", "thumbnail"):
            if (embed.get(key) or {}).get("url"):
                out.append(f"embed {key}: {self.clean(embed[key]['url'])}")
        if (embed.get("footer") or {}).get("text"):
            out.append(f"embed footer: {self.clean(embed['footer']['text'])}")
        return out

    def _components(self, raw: list[dict[str, Any]]) -> list[str]:
        out: list[str] = []

        def walk(items: list[dict[str, Any]], depth: int) -> None:
            for item in items:
                kind = item.get("type")
                if kind == 1:
                    out.append("  " * depth + "row:")
                    walk(item.get("components", []), depth + 1)
                elif kind == 2:
                    out.append("  " * depth + self._button(item))
                elif kind in SELECTS:
                    out.extend("  " * depth + line for line in self._select(item))
                elif kind == 10:
                    out.append("  " * depth + f"text: {self.clean(str(item.get('content')))}")
                else:
                    out.append("  " * depth + f"component of type {kind}:")
                    walk(item.get("components", []), depth + 1)
                    if "accessory" in item:
                        walk([item["accessory"]], depth + 1)

        walk(raw, 0)
        return out

    def _button(self, item: dict[str, Any]) -> str:
        emoji = (item.get("emoji") or {}).get("name")
        label = " ".join(filter(None, [emoji, item.get("label")]))
        how = [STYLES.get(item.get("style", 0), f"style {item.get('style')}")]
        if item.get("url"):
            how.append(self.clean(item["url"]))
        if item.get("disabled"):
            how.append("disabled")
        return f"[{self.clean(label)}] ({', '.join(how)})"

    def _select(self, item: dict[str, Any]) -> list[str]:
        kind = SELECTS[item["type"]]
        how = [f"pick {item.get('min_values', 1)}-{item.get('max_values', 1)}"]
        if item.get("disabled"):
            how.append("disabled")
        placeholder = self.clean(str(item.get("placeholder") or ""))
        out = [f"{kind} “{placeholder}” ({', '.join(how)}):"]
        for option in item.get("options") or []:
            emoji = (option.get("emoji") or {}).get("name")
            label = self.clean(" ".join(filter(None, [emoji, option.get("label")])))
            description = option.get("description")
            default = " (default)" if option.get("default") else ""
            tail = f" — {self.clean(description)}" if description else ""
            out.append(f"  - {label}{tail}{default}")
        return out


class Transcript:
    """The drivers of the fake (a slash command, a click, a menu pick), each written down
    before the bot answers, then any deletion it caused."""

    def __init__(self, fake: RecordingDiscord) -> None:
        self.fake = fake

    def where(self, channel: FakeChannel) -> str:
        return self.fake.channel_name(channel.id)

    async def slash(
        self, client: Any, user: FakeUser, channel: FakeChannel, command: str, **options: Any
    ) -> InteractionRecord:
        said = " ".join(f"{name}:{value}" for name, value in options.items())
        self.fake.act(
            f"{user.name} types /{command}{' ' + said if said else ''} in {self.where(channel)}"
        )
        record = await self.fake.slash(client, user, channel, command, **options)
        self.fake.deletions()
        return record

    async def click(
        self, client: Any, user: FakeUser, message: FakeMessage, custom_id: str
    ) -> InteractionRecord:
        label = message.component(custom_id).label
        self.fake.act(f"{user.name} presses [{label}] on {self.fake.label(message)}")
        record = await self.fake.click(client, user, message, custom_id)
        self.fake.deletions()
        return record

    async def select(
        self, client: Any, user: FakeUser, message: FakeMessage, custom_id: str, value: str
    ) -> InteractionRecord:
        menu = message.component(custom_id)
        label = next(o["label"] for o in menu.options if o["value"] == value)
        self.fake.act(
            f"{user.name} picks “{label}” in the menu “{menu.placeholder or ''}” on "
            f"{self.fake.label(message)}"
        )
        record = await self.fake.select(client, user, message, custom_id, [value])
        self.fake.deletions()
        return record


def compare_or_rewrite(name: str, text: str) -> None:
    """Compare ``text`` with ``tests/golden/<name>.txt``, or write it there when
    ``PARLEY_GOLDEN=rewrite``."""
    path = GOLDEN_DIR / f"{name}.txt"
    if os.environ.get(REWRITE) == "rewrite":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return
    if not path.exists():
        pytest.fail(
            f"no golden transcript {path.relative_to(GOLDEN_DIR.parents[1])}; write it with "
            f"{REWRITE}=rewrite python -m pytest -q -n 0 tests/bot/test_golden.py"
        )
    expected = path.read_text(encoding="utf-8")
    if expected == text:
        return
    diff = list(
        difflib.unified_diff(
            expected.splitlines(),
            text.splitlines(),
            f"tests/golden/{name}.txt (pinned)",
            f"{name} (this run)",
            lineterm="",
        )
    )
    shown = "\n".join(diff[:60]) + (
        f"\n… and {len(diff) - 60} more lines" if len(diff) > 60 else ""
    )
    pytest.fail(
        f"the {name} transcript changed. If the change is meant, rewrite the files with\n"
        f"  {REWRITE}=rewrite python -m pytest -q -n 0 tests/bot/test_golden.py\n"
        f"and review the diff in git.\n{shown}",
        pytrace=False,
    )
