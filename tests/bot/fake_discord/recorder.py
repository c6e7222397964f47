"""The recorder: every message Discord holds (with each earlier version of an edited one), every
request and interaction the bot made, what it was refused, and the queries tests ask of them.

Tests read the world through these: ``messages``/``dms`` (what a channel or a user shows),
``all_outgoing``/``public_texts`` (every text the bot ever showed anyone, and where), and the
logs ``requests``, ``interactions``, ``limit_violations``, ``permissions_used``,
``permission_refusals``, ``unknown_routes`` and ``bot_errors``.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from tests.bot.fake_discord.world import FakeChannel, FakeUser, World, iso_now

__all__ = [
    "EPHEMERAL",
    "LOADING",
    "FakeComponent",
    "FakeFile",
    "FakeMessage",
    "InteractionRecord",
    "OutgoingText",
    "RecordedRequest",
    "Recorder",
    "message_texts",
    "parse_components",
]

# Message flags.
EPHEMERAL = 1 << 6
LOADING = 1 << 7

_MENTION_RE = re.compile(r"<@!?(\d+)>")
# Seconds Discord remembers an enforced nonce ("the past few minutes"; 5 is the fake's guess).
NONCE_WINDOW = 300.0


@dataclass
class FakeFile:
    filename: str
    data: bytes
    description: str | None = None


@dataclass
class FakeComponent:
    """A parsed interactive/text component (button, select, text display)."""

    kind: str  # "button" | "select" | "text"
    type: int
    custom_id: str | None = None
    label: str | None = None
    style: int | None = None
    disabled: bool = False
    url: str | None = None
    placeholder: str | None = None
    options: list[dict[str, Any]] = field(default_factory=list)
    content: str | None = None
    row: int | None = None


def parse_components(raw: list[dict[str, Any]] | None) -> list[FakeComponent]:
    """Flatten action rows / v2 containers into a list of buttons, selects and text displays."""
    out: list[FakeComponent] = []

    def walk(items: Iterable[dict[str, Any]], row: int | None) -> None:
        for index, comp in enumerate(items):
            ctype = comp.get("type")
            if ctype == 1:
                walk(comp.get("components", []), index if row is None else row)
            elif ctype == 2:
                out.append(
                    FakeComponent(
                        kind="button",
                        type=2,
                        custom_id=comp.get("custom_id"),
                        label=comp.get("label"),
                        style=comp.get("style"),
                        disabled=bool(comp.get("disabled", False)),
                        url=comp.get("url"),
                        row=row,
                    )
                )
            elif ctype in (3, 5, 6, 7, 8):
                out.append(
                    FakeComponent(
                        kind="select",
                        type=ctype,
                        custom_id=comp.get("custom_id"),
                        placeholder=comp.get("placeholder"),
                        disabled=bool(comp.get("disabled", False)),
                        options=list(comp.get("options", [])),
                        row=row,
                    )
                )
            elif ctype == 10:
                out.append(FakeComponent(kind="text", type=10, content=comp.get("content")))
            else:
                if "components" in comp:
                    walk(comp["components"], row)
                if "accessory" in comp:
                    walk([comp["accessory"]], row)

    walk(raw or [], None)
    return out


def _embed_texts(embed: dict[str, Any]) -> list[tuple[str, str]]:
    texts: list[tuple[str, str]] = []
    for key in ("title", "description"):
        if embed.get(key):
            texts.append((f"embed.{key}", str(embed[key])))
    for f in embed.get("fields", []) or []:
        texts.append(("embed.field.name", str(f.get("name", ""))))
        texts.append(("embed.field.value", str(f.get("value", ""))))
    if (embed.get("footer") or {}).get("text"):
        texts.append(("embed.footer", str(embed["footer"]["text"])))
    if (embed.get("author") or {}).get("name"):
        texts.append(("embed.author", str(embed["author"]["name"])))
    return texts


def message_texts(snapshot: dict[str, Any]) -> list[tuple[str, str]]:
    """Every human-readable string of one version of a message (``FakeMessage.snapshot``):
    (kind, text) pairs, kinds such as ``content``, ``embed.title`` or ``button.label``."""
    texts: list[tuple[str, str]] = []
    if snapshot.get("content"):
        texts.append(("content", snapshot["content"]))
    for embed in snapshot.get("embeds", []):
        texts.extend(_embed_texts(embed))
    for comp in parse_components(snapshot.get("components")):
        if comp.kind == "button" and comp.label:
            texts.append(("button.label", comp.label))
        elif comp.kind == "select":
            if comp.placeholder:
                texts.append(("select.placeholder", comp.placeholder))
            for opt in comp.options:
                texts.append(("select.option", str(opt.get("label", ""))))
                if opt.get("description"):
                    texts.append(("select.option.description", str(opt["description"])))
        elif comp.kind == "text" and comp.content:
            texts.append(("text_display", comp.content))
    for name in snapshot.get("filenames", []):
        texts.append(("attachment.filename", name))
    return texts


@dataclass
class FakeMessage:
    """A message as the fake server stores it; ``edits`` keeps every earlier version."""

    id: int
    channel_id: int
    author: FakeUser
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    files: list[FakeFile] = field(default_factory=list)
    raw_components: list[dict[str, Any]] = field(default_factory=list)
    flags: int = 0
    pinned: bool = False
    deleted: bool = False
    mentions: list[int] = field(default_factory=list)
    edits: list[dict[str, Any]] = field(default_factory=list)
    interaction_id: int | None = None
    dm_user_id: int | None = None
    thread_id: int | None = None  # set when the channel is a thread
    guild_id: int | None = None
    attachment_ids: list[int] = field(default_factory=list)
    timestamp: str = field(default_factory=iso_now)
    edited_timestamp: str | None = None

    def __repr__(self) -> str:
        state = "".join(
            f" {name}"
            for name in ("ephemeral", "loading", "pinned", "deleted")
            if getattr(self, name)
        )
        return (
            f"<FakeMessage id={self.id} channel={self.channel_id}{state} "
            f"content={self.content!r} embeds={len(self.embeds)} files={len(self.files)} "
            f"components={len(self.components)} edits={len(self.edits)}>"
        )

    @property
    def components(self) -> list[FakeComponent]:
        return parse_components(self.raw_components)

    @property
    def buttons(self) -> list[FakeComponent]:
        return [c for c in self.components if c.kind == "button"]

    @property
    def selects(self) -> list[FakeComponent]:
        return [c for c in self.components if c.kind == "select"]

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    def component(self, custom_id: str) -> FakeComponent:
        for comp in self.components:
            if comp.custom_id == custom_id:
                return comp
        ids = [c.custom_id for c in self.components]
        raise KeyError(f"no component {custom_id!r} on message {self.id}; has {ids}")

    def texts(self) -> list[tuple[str, str]]:
        """Every human-readable string of the current version: (kind, text)."""
        return message_texts(self.snapshot())

    @property
    def text(self) -> str:
        return "\n".join(t for _, t in self.texts())

    def snapshot(self) -> dict[str, Any]:
        """The current version, in the shape ``edits`` keeps earlier ones."""
        return {
            "content": self.content,
            "embeds": [dict(e) for e in self.embeds],
            "components": list(self.raw_components),
            "filenames": [f.filename for f in self.files],
            "flags": self.flags,
        }

    def versions(self) -> list[dict[str, Any]]:
        """Every version the message ever had, oldest first (a deleted one was seen too)."""
        return [*self.edits, self.snapshot()]

    def payload(self) -> dict[str, Any]:
        """The Discord API message object for this message."""
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": False,
            "mention_everyone": False,
            "mentions": [
                {"id": str(u), "username": str(u), "discriminator": "0", "avatar": None}
                for u in self.mentions
            ],
            "mention_roles": [],
            "attachments": [
                {
                    "id": str(aid),
                    "filename": f.filename,
                    "size": len(f.data),
                    "url": f"https://cdn.discordapp.com/attachments/{self.channel_id}/{aid}/{f.filename}",
                    "proxy_url": f"https://media.discordapp.net/attachments/{self.channel_id}/{aid}/{f.filename}",
                    "content_type": "application/octet-stream",
                    "description": f.description,
                }
                for aid, f in zip(self.attachment_ids, self.files, strict=False)
            ],
            "embeds": self.embeds,
            "pinned": self.pinned,
            "type": 0,
            "flags": self.flags,
            "components": self.raw_components,
        }
        if self.guild_id is not None:
            data["guild_id"] = str(self.guild_id)
        if self.interaction_id is not None:
            data["webhook_id"] = str(self.author.id)
        return data


class RecordedRequest(NamedTuple):
    """One outgoing call: ``path`` is the concrete path (no API base, no query string)."""

    method: str
    path: str
    payload: Any
    key: str
    files: tuple[FakeFile, ...] = ()
    params: dict[str, Any] | None = None
    #: The language the bot was speaking when it sent this (``games.core.words.speech``).
    spoken: str = "en"


class OutgoingText(NamedTuple):
    """One piece of text the bot made visible to someone, and where."""

    text: str
    kind: str
    message_id: int
    channel_id: int
    thread_id: int | None
    dm_user_id: int | None
    ephemeral: bool
    guild_id: int | None

    @property
    def public(self) -> bool:
        return not self.ephemeral and self.dm_user_id is None


@dataclass
class InteractionRecord:
    """What happened to one interaction: its callback and every later followup/edit."""

    id: int
    token: str
    kind: str  # "slash" | "click" | "select" | "autocomplete" | "modal"
    user: FakeUser
    channel_id: int
    type: int | None = None  # the interaction callback type
    deferred: bool = False
    thinking: bool = False
    ephemeral: bool = False
    message: FakeMessage | None = None  # the response / original message
    source_message: FakeMessage | None = None  # component interactions: the clicked message
    followups: list[FakeMessage] = field(default_factory=list)
    edits: list[dict[str, Any]] = field(default_factory=list)
    choices: list[dict[str, Any]] | None = None
    modal: dict[str, Any] | None = None

    @property
    def responded(self) -> bool:
        return self.type is not None

    @property
    def content(self) -> str | None:
        return self.message.content if self.message else None

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return self.message.embeds if self.message else []

    @property
    def files(self) -> list[FakeFile]:
        return self.message.files if self.message else []

    @property
    def components(self) -> list[FakeComponent]:
        return self.message.components if self.message else []

    @property
    def messages(self) -> list[FakeMessage]:
        """Response message (if any) followed by the followups, without duplicates."""
        out: list[FakeMessage] = []
        for m in [self.message, *self.followups]:
            if m is not None and all(m is not o for o in out):
                out.append(m)
        return out

    @property
    def text(self) -> str:
        """All content/embed/component text of the response and followups, newline-joined."""
        return "\n".join(m.text for m in self.messages)


class Recorder(World):
    """The message store and every log a test inspects afterwards."""

    def __init__(self, **world: Any) -> None:
        super().__init__(**world)
        self._messages: dict[int, FakeMessage] = {}
        self._order: list[int] = []  # message ids in creation order
        self.nonces: dict[tuple[int, str], int] = {}  # (channel, enforced nonce) -> message id
        # Discord checks an enforced nonce "for uniqueness in the past few minutes" only: when
        # each was seen (by ``clock``, which a test may share with the bot's), and for how long
        # it counts. A nonce with no time (reloaded from a journal) counts as fresh.
        self.nonce_times: dict[tuple[int, str], float] = {}
        self.nonce_window = NONCE_WINDOW
        self.clock: Callable[[], float] = time.time
        self.requests: list[RecordedRequest] = []
        self.interactions: list[InteractionRecord] = []
        # Every body Discord would have refused for breaking a documented limit, with its
        # route; the bot saw a 400 for each (bot tests assert this stays empty).
        self.limit_violations: list[str] = []
        # Permission name -> the routes on which the bot exercised it (the check passed and
        # the request succeeded): what the bot really needs, to compare with what it asks for.
        self.permissions_used: dict[str, set[str]] = {}
        # Every request refused (403) or degraded (embeds dropped) for a permission the bot
        # lacked, with its route and the missing permission.
        self.permission_refusals: list[str] = []
        self.unknown_routes: list[str] = []
        self.bot_errors: list[BaseException] = []

    # ---------------------------------------------------------------- queries

    def message(self, message_id: int) -> FakeMessage:
        return self._messages[message_id]

    def messages(
        self, where: FakeChannel | int, *, include_ephemeral: bool = False
    ) -> list[FakeMessage]:
        """Messages posted in a channel/thread/DM channel, oldest first (deleted ones kept)."""
        cid = where.id if isinstance(where, FakeChannel) else where
        return [
            self._messages[m]
            for m in self._order
            if self._messages[m].channel_id == cid
            and (include_ephemeral or not self._messages[m].ephemeral)
        ]

    def dms(self, user: FakeUser) -> list[FakeMessage]:
        """DMs the bot actually delivered to ``user`` (failed sends are not recorded)."""
        cid = self._dm_channels.get(user.id)
        return [] if cid is None else self.messages(cid)

    def requests_to(self, method: str, key_or_path: str) -> list[RecordedRequest]:
        """Requests matching a route key (``{channel_id}`` template) or concrete path."""
        return [
            r
            for r in self.requests
            if r.method == method and key_or_path in (r.key.split(" ", 1)[1], r.path)
        ]

    def all_outgoing(self) -> list[OutgoingText]:
        """Every text the bot ever showed anyone, including earlier versions of edited messages."""
        out: list[OutgoingText] = []
        for mid in self._order:
            msg = self._messages[mid]
            if msg.author.id != self.bot_user.id:
                continue
            channel = self.channels.get(msg.channel_id)
            thread_id = msg.channel_id if channel is not None and channel.is_thread else None
            seen: set[tuple[str, str, bool]] = set()
            for snap in msg.versions():
                eph = bool(snap.get("flags", 0) & EPHEMERAL)
                for kind, text in message_texts(snap):
                    if (kind, text, eph) in seen:
                        continue
                    seen.add((kind, text, eph))
                    out.append(
                        OutgoingText(
                            text,
                            kind,
                            msg.id,
                            msg.channel_id,
                            thread_id,
                            msg.dm_user_id,
                            eph,
                            msg.guild_id,
                        )
                    )
        for rec in self.interactions:
            # Autocomplete choices and modal titles only the one user sees, in no message.
            shown = [("autocomplete.choice", str(c.get("name"))) for c in rec.choices or []]
            if rec.modal:
                shown.append(("modal.title", str(rec.modal.get("title", ""))))
            for kind, text in shown:
                out.append(OutgoingText(text, kind, 0, rec.channel_id, None, None, True, None))
        return out

    def public_texts(self) -> list[OutgoingText]:
        """Texts visible to everyone in a guild channel or thread (not ephemeral, not DM)."""
        return [t for t in self.all_outgoing() if t.public]

    @property
    def used_permissions(self) -> set[str]:
        """The names of every permission the bot exercised so far (see ``permissions_used``)."""
        return set(self.permissions_used)

    # ---------------------------------------------------------------- the message store

    def _store_message(
        self,
        channel: FakeChannel,
        payload: dict[str, Any],
        files: list[FakeFile],
        *,
        interaction: InteractionRecord | None = None,
        flags: int | None = None,
    ) -> FakeMessage:
        msg = FakeMessage(
            id=self.next_id(),
            channel_id=channel.id,
            author=self.bot_user,
            guild_id=channel.guild_id,
            dm_user_id=channel.recipient.id if channel.recipient else None,
            thread_id=channel.id if channel.is_thread else None,
            interaction_id=interaction.id if interaction else None,
        )
        msg.flags = int(payload.get("flags", 0) or 0) if flags is None else flags
        self._apply(msg, payload, files, record_edit=False)
        self._messages[msg.id] = msg
        self._order.append(msg.id)
        return msg

    def _apply(
        self, msg: FakeMessage, payload: dict[str, Any], files: list[FakeFile], *, record_edit: bool
    ) -> None:
        if record_edit:
            msg.edits.append(msg.snapshot())
            msg.edited_timestamp = iso_now()
        if "content" in payload:
            msg.content = payload["content"] or ""
        if "embeds" in payload:
            msg.embeds = list(payload["embeds"] or [])
        if "components" in payload:
            msg.raw_components = list(payload["components"] or [])
        if "flags" in payload and payload["flags"] is not None and record_edit:
            msg.flags = (msg.flags & (EPHEMERAL | LOADING)) | int(payload["flags"])
        if "attachments" in payload and payload["attachments"] is not None:
            keep = {
                int(a["id"]) for a in payload["attachments"] if int(a["id"]) in msg.attachment_ids
            }
            pairs = [
                (aid, f)
                for aid, f in zip(msg.attachment_ids, msg.files, strict=False)
                if aid in keep
            ]
            msg.attachment_ids = [a for a, _ in pairs]
            msg.files = [f for _, f in pairs]
        for f in files:
            msg.attachment_ids.append(self.next_id())
            msg.files.append(f)
        if "content" in payload or "allowed_mentions" in payload:
            msg.mentions = self._mentions(msg.content, payload.get("allowed_mentions"))

    @staticmethod
    def _mentions(content: str, allowed: dict[str, Any] | None) -> list[int]:
        """User ids that actually get pinged, honouring ``allowed_mentions``."""
        ids = [int(m) for m in _MENTION_RE.findall(content or "")]
        if allowed is None:
            return ids
        if "users" in (allowed.get("parse") or []):
            return ids
        explicit = {int(u) for u in allowed.get("users") or []}
        return [i for i in ids if i in explicit]
