"""A recording fake of Discord's HTTP and interaction-webhook layers for bot tests.

Why this exists: the bot must be tested through the *real* discord.py machinery (the
app-command tree, interaction payload parsing, views and ``DynamicItem`` dispatch,
autocomplete), because that is where most integration bugs live.  Only the two network
edges are replaced:

* ``client.http.request`` (REST: messages, threads, DMs, command sync, ...), and
* ``AsyncWebhookAdapter.request`` (interaction callbacks, followups, ``@original`` edits).

Incoming events are fed the way the gateway would feed them:
``client._connection.parse_interaction_create(payload)`` for interactions and
``_add_guild_from_data`` / ``parse_thread_create`` for guild and thread state.  Login is the
library's own ``Client.login`` (``GET /users/@me``, ``GET /oauth2/applications/@me``, then
``setup_hook``), so persistent views and dynamic items are registered exactly as in production.

Discord's permission checks on the bot are enforced too (see ``channel_permissions``): a
REST call the bot's roles do not allow is refused with Discord's 403 (50001 Missing Access
without View Channel, else 50013 Missing Permissions), embeds sent without Embed Links are
dropped silently, and every permission the bot exercised is recorded (``used_permissions``).
Interaction responses and followups are webhooks and need no channel permission.

Nothing here knows about any particular bot's commands.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import io
import itertools
import json
import logging
import re
from collections.abc import AsyncIterator, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, NamedTuple
from urllib.parse import urlsplit

import discord
from discord import app_commands
from discord.http import Route
from discord.webhook.async_ import AsyncWebhookAdapter

from tests.bot.discord_rules import (
    ATTACHMENT_SIZE_LIMIT,
    EMPTY_MESSAGE,
    autocomplete_violations,
    message_violations,
)

__all__ = [
    "DEFAULT_BOT",
    "DEFAULT_EVERYONE",
    "BotError",
    "FakeChannel",
    "FakeComponent",
    "FakeDiscord",
    "FakeFile",
    "FakeGuild",
    "FakeMember",
    "FakeMessage",
    "FakeRole",
    "FakeUser",
    "InteractionRecord",
    "NotAMemberError",
    "OutgoingText",
    "RecordedRequest",
    "UnknownRouteError",
    "permission_names",
]

API_BASE = Route.BASE
EPHEMERAL = 1 << 6
LOADING = 1 << 7
DISCORD_EPOCH_MS = 1420070400000

# Channel types (Discord API "channel object" docs).
TEXT, DM, PUBLIC_THREAD, PRIVATE_THREAD = 0, 1, 11, 12
# Interaction callback types.
CHANNEL_MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, AUTOCOMPLETE_RESULT, MODAL = (
    4,
    5,
    6,
    7,
    8,
    9,
)

_MENTION_RE = re.compile(r"<@!?(\d+)>")
# What makes a message non-empty, besides files.
_MESSAGE_PARTS = ("content", "embeds", "components", "sticker_ids", "poll")

# What a fresh guild's @everyone role gets (Discord's defaults, no moderation powers).
DEFAULT_EVERYONE = discord.Permissions(
    view_channel=True,
    create_instant_invite=True,
    change_nickname=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    create_private_threads=True,
    embed_links=True,
    attach_files=True,
    add_reactions=True,
    use_external_emojis=True,
    use_external_stickers=True,
    mention_everyone=True,
    read_message_history=True,
    use_application_commands=True,
    connect=True,
    speak=True,
    stream=True,
    use_voice_activation=True,
)
# The bot's integration role: what a board-game bot's invite link would typically request.
DEFAULT_BOT = DEFAULT_EVERYONE | discord.Permissions(
    manage_messages=True, manage_threads=True, pin_messages=True
)
# Flags discord.py iterates under an older alias, and the name Discord's UI and docs use now.
_CANONICAL_NAMES = {
    "read_messages": "view_channel",
    "external_emojis": "use_external_emojis",
    "external_stickers": "use_external_stickers",
}


def permission_names(permissions: discord.Permissions | int) -> set[str]:
    """The flag names set in ``permissions`` (discord.py attribute names, ``view_channel``
    rather than its alias ``read_messages``), for comparing what a bot asks and uses."""
    if not isinstance(permissions, discord.Permissions):
        permissions = discord.Permissions(permissions)
    return {_CANONICAL_NAMES.get(name, name) for name, granted in permissions if granted}


class UnknownRouteError(AssertionError):
    """Raised for any REST/webhook route the fake does not implement (tests must fail loudly)."""


class NotAMemberError(KeyError):
    """A test tried to act as a user in a guild they are not (or no longer) a member of."""


class BotError(AssertionError):
    """The bot raised while handling an event (discord.py only logged it); see ``__cause__``."""


class _ErrorCollector(logging.Handler):
    """Catches exceptions discord.py swallows and logs (tree/view/dynamic item/event errors)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info:
            self.records.append(record)


class _FakeResponse:
    """Just enough of ``aiohttp.ClientResponse`` for ``discord.HTTPException.__init__``."""

    def __init__(self, status: int, reason: str) -> None:
        self.status = status
        self.reason = reason


def _http_error(
    status: int, code: int, message: str, errors: dict[str, Any] | None = None
) -> discord.HTTPException:
    """Build the exact exception class discord.py raises for a given status.

    ``errors`` is Discord's per-field detail of a 50035 (discord.py appends it to ``.text``).
    """
    response = _FakeResponse(status, message)
    body: dict[str, Any] = {"code": code, "message": message}
    if errors:
        body["errors"] = errors
    if status == 403:
        return discord.Forbidden(response, body)  # type: ignore[arg-type]
    if status == 404:
        return discord.NotFound(response, body)  # type: ignore[arg-type]
    if status >= 500:
        return discord.DiscordServerError(response, body)  # type: ignore[arg-type]
    return discord.HTTPException(response, body)  # type: ignore[arg-type]


def _iso_now() -> str:
    return dt.datetime.now(dt.UTC).isoformat()


# --------------------------------------------------------------------------- world model


@dataclass
class FakeUser:
    """A Discord user. ``dms_open=False`` makes DMs fail with 403/50007 like the real API."""

    id: int
    name: str
    dms_open: bool = True
    bot: bool = False

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.name,
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
        }

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


@dataclass
class FakeRole:
    id: int
    name: str
    permissions: int = 0
    position: int = 0

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "hoist": False,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }


@dataclass
class FakeGuild:
    id: int
    name: str
    owner_id: int
    roles: dict[int, FakeRole] = field(default_factory=dict)
    channel_ids: list[int] = field(default_factory=list)
    members: dict[int, FakeMember] = field(default_factory=dict)
    departed: set[int] = field(default_factory=set)  # user ids that left (remove_member)

    @property
    def default_role(self) -> FakeRole:
        return self.roles[self.id]


@dataclass
class FakeMember:
    user: FakeUser
    guild_id: int
    role_ids: list[int] = field(default_factory=list)
    joined_at: str = field(default_factory=_iso_now)

    def payload(self, permissions: int | None = None) -> dict[str, Any]:
        data: dict[str, Any] = {
            "user": self.user.payload(),
            "roles": [str(r) for r in self.role_ids],
            "joined_at": self.joined_at,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "nick": None,
        }
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data


@dataclass
class FakeChannel:
    """A text channel, DM channel or thread. Threads track archived/locked/deleted state."""

    id: int
    name: str
    type: int
    guild_id: int | None = None
    parent_id: int | None = None
    owner_id: int | None = None
    archived: bool = False
    locked: bool = False
    deleted: bool = False
    recipient: FakeUser | None = None
    starter_message_id: int | None = None
    auto_archive_duration: int = 1440

    @property
    def is_thread(self) -> bool:
        return self.type in (PUBLIC_THREAD, PRIVATE_THREAD)

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": str(self.id), "type": self.type, "name": self.name}
        if self.type == DM:
            assert self.recipient is not None
            data["recipients"] = [self.recipient.payload()]
            data["last_message_id"] = None
            return data
        data.update(
            guild_id=str(self.guild_id),
            position=0,
            permission_overwrites=[],
            nsfw=False,
            topic=None,
            last_message_id=None,
            rate_limit_per_user=0,
            flags=0,
        )
        if self.parent_id is not None:
            data["parent_id"] = str(self.parent_id)
        if self.is_thread:
            data.update(
                owner_id=str(self.owner_id),
                message_count=0,
                member_count=1,
                total_message_sent=0,
                thread_metadata={
                    "archived": self.archived,
                    "auto_archive_duration": self.auto_archive_duration,
                    "archive_timestamp": _iso_now(),
                    "locked": self.locked,
                    "invitable": True,
                    "create_timestamp": _iso_now(),
                },
            )
        return data


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
    timestamp: str = field(default_factory=_iso_now)
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
        return _message_texts(self._snapshot())

    @property
    def text(self) -> str:
        return "\n".join(t for _, t in self.texts())

    def _snapshot(self) -> dict[str, Any]:
        return {
            "content": self.content,
            "embeds": [dict(e) for e in self.embeds],
            "components": list(self.raw_components),
            "filenames": [f.filename for f in self.files],
            "flags": self.flags,
        }

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


def _message_texts(snapshot: dict[str, Any]) -> list[tuple[str, str]]:
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


class RecordedRequest(NamedTuple):
    """One outgoing call: ``path`` is the concrete path (no API base, no query string)."""

    method: str
    path: str
    payload: Any
    key: str
    files: tuple[FakeFile, ...] = ()
    params: dict[str, Any] | None = None


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
    kind: str  # "slash" | "click" | "select" | "autocomplete"
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


_INTERACTION_TYPES = {"slash": 2, "click": 3, "select": 3, "autocomplete": 4, "modal": 5}

# --------------------------------------------------------------------------- webhook patch

_TOKEN_OWNERS: dict[str, FakeDiscord] = {}
_ORIGINAL_WEBHOOK_REQUEST = AsyncWebhookAdapter.request


async def _patched_webhook_request(
    self: AsyncWebhookAdapter, route: Route, session: Any, **kwargs: Any
) -> Any:
    """Class-level patch: interaction tokens minted by a FakeDiscord go to it, others error."""
    owner = _TOKEN_OWNERS.get(str(route.webhook_token))
    if owner is None:
        raise UnknownRouteError(
            f"webhook request with unknown token: {route.method} {route.path} (no FakeDiscord)"
        )
    return await owner._webhook_request(route, **kwargs)


def _install_webhook_patch() -> None:
    AsyncWebhookAdapter.request = _patched_webhook_request  # type: ignore[method-assign]


# --------------------------------------------------------------------------- the fake


class _Failure(NamedTuple):
    status: int
    code: int
    message: str


def _path_regex(template: str) -> re.Pattern[str]:
    pattern = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[^/]+)", re.escape(template))
    return re.compile(pattern + "$")


class FakeDiscord:
    """The fake Discord server: world state, the REST/webhook handlers and test drivers."""

    def __init__(
        self,
        *,
        bot_name: str = "Parley",
        bot_permissions: discord.Permissions | None = None,
        settle_timeout: float = 5.0,
    ) -> None:
        self.bot_permissions = bot_permissions or DEFAULT_BOT
        self._ids = itertools.count(1)
        # Snowflakes whose timestamp is "now"-ish so discord.utils.snowflake_time is sane.
        self._id_base = (int(dt.datetime.now(dt.UTC).timestamp() * 1000) - DISCORD_EPOCH_MS) << 22
        self.bot_user = FakeUser(self.next_id(), bot_name, bot=True)
        self.application_id = self.bot_user.id
        self.owner = FakeUser(self.next_id(), "owner")
        self.users: dict[int, FakeUser] = {}
        self.guilds: dict[int, FakeGuild] = {}
        self.channels: dict[int, FakeChannel] = {}
        self._messages: dict[int, FakeMessage] = {}
        self._order: list[int] = []  # message ids in creation order
        self.nonces: dict[tuple[int, str], int] = {}  # (channel, enforced nonce) -> message id
        self._dm_channels: dict[int, int] = {}  # user id -> dm channel id
        self.requests: list[RecordedRequest] = []
        self.interactions: list[InteractionRecord] = []
        self._by_token: dict[str, InteractionRecord] = {}
        self.global_commands: list[dict[str, Any]] = []
        self.guild_commands: dict[int, list[dict[str, Any]]] = {}
        self._failures: dict[str, list[_Failure]] = {}
        self._clients: list[discord.Client] = []
        self.settle_timeout = settle_timeout
        self.raise_bot_errors = True
        self.bot_errors: list[BaseException] = []
        self.unknown_routes: list[str] = []
        # Every body Discord would have refused for breaking a documented limit, with its
        # route; the bot saw a 400 for each (bot tests assert this stays empty).
        self.limit_violations: list[str] = []
        # Permission name -> the routes on which the bot exercised it (the check passed and
        # the request succeeded): what the bot really needs, to compare with what it asks for.
        self.permissions_used: dict[str, set[str]] = {}
        # Every request refused (403) or degraded (embeds dropped) for a permission the bot
        # lacked, with its route and the missing permission.
        self.permission_refusals: list[str] = []
        self._rest_routes = self._build_routes()

    # ---------------------------------------------------------------- ids & world building

    def next_id(self) -> int:
        """A fresh, increasing snowflake."""
        return self._id_base + next(self._ids)

    def add_user(self, name: str, *, dms_open: bool = True, bot: bool = False) -> FakeUser:
        user = FakeUser(self.next_id(), name, dms_open=dms_open, bot=bot)
        self.users[user.id] = user
        return user

    def add_guild(self, name: str, *, channel: str = "general") -> FakeGuild:
        """Create a guild with an @everyone role and one text channel (``fake.channel(g)``).

        The bot's permissions there are exactly ``bot_permissions`` (see
        ``set_bot_permissions``): @everyone keeps only the defaults among them."""
        guild = FakeGuild(self.next_id(), name, owner_id=self.owner.id)
        everyone = DEFAULT_EVERYONE.value & self.bot_permissions.value
        guild.roles[guild.id] = FakeRole(guild.id, "@everyone", everyone)
        self.guilds[guild.id] = guild
        bot_role = FakeRole(self.next_id(), self.bot_user.name, self.bot_permissions.value, 1)
        guild.roles[bot_role.id] = bot_role
        guild.members[self.bot_user.id] = FakeMember(self.bot_user, guild.id, [bot_role.id])
        self.add_channel(guild, channel)
        return guild

    def set_bot_permissions(self, guild: FakeGuild, permissions: discord.Permissions | int) -> None:
        """Make the bot's permissions in ``guild`` exactly ``permissions`` (mid-test too).

        The bot's integration role gets them and ``@everyone`` keeps only what is among them,
        as on a server that grants ``@everyone`` nothing more: otherwise @everyone's defaults
        (Send Messages, Embed Links, ...) would still reach the bot.  Attached clients get
        GUILD_ROLE_UPDATE events, so discord.py's cache (``permissions_for``) agrees.
        """
        value = permissions.value if isinstance(permissions, discord.Permissions) else permissions
        member = guild.members[self.bot_user.id]
        bot_role = next(guild.roles[r] for r in member.role_ids if r != guild.id)
        bot_role.permissions = value
        guild.default_role.permissions &= value
        for role in (guild.default_role, bot_role):
            data = {"guild_id": str(guild.id), "role": role.payload()}
            self._push(lambda state, data=data: state.parse_guild_role_update(data))

    def add_role(self, guild: FakeGuild, name: str, **permissions: bool) -> FakeRole:
        role = FakeRole(
            self.next_id(), name, discord.Permissions(**permissions).value, len(guild.roles)
        )
        guild.roles[role.id] = role
        self._push(lambda state: self._sync_guild(state, guild))
        return role

    def add_member(
        self,
        guild: FakeGuild,
        user: FakeUser,
        *,
        roles: Iterable[FakeRole] = (),
        **permissions: bool,
    ) -> FakeMember:
        """Add ``user`` to ``guild``; permission flags (``manage_guild=True``) become a role."""
        role_ids = [r.id for r in roles]
        granted = {k: v for k, v in permissions.items() if v}
        if granted:
            role_ids.append(self.add_role(guild, f"{user.name}-perms", **granted).id)
        member = FakeMember(user, guild.id, role_ids)
        guild.members[user.id] = member
        guild.departed.discard(user.id)
        self._push(lambda state: self._sync_guild(state, guild))
        return member

    def remove_member(self, guild: FakeGuild, user: FakeUser) -> None:
        """``user`` leaves (or is kicked from) ``guild``.

        Afterwards ``GET /guilds/{g}/members/{u}`` is 404 Unknown Member, DMs fail with 403
        50007 once the user shares no guild with the bot, and the test drivers refuse to
        create interactions from them in that guild.  Only clients with the privileged
        members intent hear GUILD_MEMBER_REMOVE, as on Discord; others keep a stale cache.
        """
        if guild.members.pop(user.id, None) is None:
            raise NotAMemberError(f"{user.name} is not a member of {guild.name}")
        guild.departed.add(user.id)
        data = {"guild_id": str(guild.id), "user": user.payload()}
        for client in self._clients:
            if client.intents.members:
                client._connection.parse_guild_member_remove(data)  # type: ignore[arg-type]

    def shares_guild_with_bot(self, user: FakeUser) -> bool:
        """Discord lets a bot DM only users it shares a guild with."""
        return any(
            user.id in g.members and self.bot_user.id in g.members for g in self.guilds.values()
        )

    def add_channel(self, guild: FakeGuild, name: str) -> FakeChannel:
        channel = FakeChannel(self.next_id(), name, TEXT, guild_id=guild.id)
        self.channels[channel.id] = channel
        guild.channel_ids.append(channel.id)
        self._push(lambda state: state.parse_channel_create(channel.payload()))
        return channel

    def add_thread(
        self,
        channel: FakeChannel,
        name: str,
        *,
        private: bool = False,
        owner: FakeUser | None = None,
    ) -> FakeChannel:
        """A thread that already exists (created by someone else)."""
        return self._create_thread(channel, name, private=private, owner=owner or self.owner)

    def channel(self, guild: FakeGuild, name: str | None = None) -> FakeChannel:
        """The guild's first text channel, or the one called ``name``."""
        for cid in guild.channel_ids:
            ch = self.channels[cid]
            if ch.type == TEXT and (name is None or ch.name == name):
                return ch
        raise KeyError(f"no text channel {name!r} in {guild.name}")

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        """The DM channel between the bot and ``user`` (so a test can slash/click in DMs)."""
        data = self._create_dm(body={"recipient_id": str(user.id)})
        return self.channels[int(data["id"])]

    def member(self, guild: FakeGuild, user: FakeUser) -> FakeMember:
        return guild.members[user.id]

    def permissions(self, guild: FakeGuild, user: FakeUser) -> int:
        """Base guild permissions (owner/administrator get everything)."""
        if user.id == guild.owner_id:
            return discord.Permissions.all().value
        member = guild.members[user.id]
        value = guild.default_role.permissions
        for rid in member.role_ids:
            value |= guild.roles[rid].permissions
        if value & discord.Permissions(administrator=True).value:
            return discord.Permissions.all().value
        return value

    def channel_permissions(self, channel: FakeChannel, user: FakeUser) -> discord.Permissions:
        """What ``user`` may do in ``channel``, as Discord computes it.

        Base guild permissions (channel overwrites are not modelled), then Discord's implicit
        rules: a thread inherits its parent's permissions but sending there takes Send
        Messages in Threads (Send Messages counts for nothing in a thread); who cannot send
        cannot embed links, attach files, use TTS or mention @everyone either; and who cannot
        view the channel can do nothing in it.  DMs: everything a DM allows.
        """
        if channel.guild_id is None:
            return discord.Permissions.text()
        guild = self.guilds[channel.guild_id]
        if user.id not in guild.members:
            return discord.Permissions.none()
        perms = discord.Permissions(self.permissions(guild, user))
        if perms.administrator:
            return perms
        can_send = perms.send_messages_in_threads if channel.is_thread else perms.send_messages
        if not can_send:
            perms.send_tts_messages = perms.mention_everyone = False
            perms.embed_links = perms.attach_files = False
        if not perms.view_channel:
            perms.value &= ~discord.Permissions.all_channel().value
        return perms

    @property
    def used_permissions(self) -> set[str]:
        """The names of every permission the bot exercised so far (see ``permissions_used``)."""
        return set(self.permissions_used)

    def guild_payload(self, guild: FakeGuild) -> dict[str, Any]:
        """A GUILD_CREATE-shaped payload (what the gateway sends on connect)."""
        return {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(guild.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [r.payload() for r in guild.roles.values()],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "preferred_locale": "en-US",
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "member_count": len(guild.members),
            "large": False,
            "unavailable": False,
            "joined_at": _iso_now(),
            "channels": [
                self.channels[c].payload()
                for c in guild.channel_ids
                if not self.channels[c].is_thread and not self.channels[c].deleted
            ],
            "threads": [
                self.channels[c].payload()
                for c in guild.channel_ids
                if self.channels[c].is_thread
                and not self.channels[c].deleted
                and not self.channels[c].archived
            ],
            "members": [m.payload() for m in guild.members.values()],
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

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

    def threads(self, channel: FakeChannel) -> list[FakeChannel]:
        """Threads under ``channel`` in creation order (deleted ones included, flagged)."""
        return [c for c in self.channels.values() if c.parent_id == channel.id and c.is_thread]

    def commands(self, guild: FakeGuild | None = None) -> list[dict[str, Any]]:
        """Application commands the bot synced (global, or for ``guild``)."""
        return self.global_commands if guild is None else self.guild_commands.get(guild.id, [])

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
            versions = [*msg.edits, msg._snapshot()]  # deleted messages were seen too
            seen: set[tuple[str, str, bool]] = set()
            for snap in versions:
                eph = bool(snap.get("flags", 0) & EPHEMERAL)
                for kind, text in _message_texts(snap):
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
            for choice in rec.choices or []:
                out.append(
                    OutgoingText(
                        str(choice.get("name")),
                        "autocomplete.choice",
                        0,
                        rec.channel_id,
                        None,
                        None,
                        True,
                        None,
                    )
                )
            if rec.modal:
                out.append(
                    OutgoingText(
                        str(rec.modal.get("title", "")),
                        "modal.title",
                        0,
                        rec.channel_id,
                        None,
                        None,
                        True,
                        None,
                    )
                )
        return out

    def public_texts(self) -> list[OutgoingText]:
        """Texts visible to everyone in a guild channel or thread (not ephemeral, not DM)."""
        return [t for t in self.all_outgoing() if t.public]

    # ---------------------------------------------------------------- error simulation

    def fail_next(
        self,
        route_key: str,
        *,
        status: int = 403,
        code: int = 50001,
        message: str = "Missing Access",
        times: int = 1,
    ) -> None:
        """Make the next ``times`` requests matching ``route_key`` fail.

        ``route_key`` is discord.py's ``Route.key`` (``"POST /channels/{channel_id}/messages"``)
        or a concrete ``"METHOD /path"`` (``f"POST /channels/{thread.id}/messages"``).
        """
        self._failures.setdefault(route_key, []).extend([_Failure(status, code, message)] * times)

    def delete_channel(self, channel: FakeChannel) -> None:
        """Delete a channel/thread server-side: later calls on it get 404 Unknown Channel."""
        channel.deleted = True
        for client in self._clients:
            state = client._connection
            if channel.is_thread:
                state.parse_thread_delete(
                    {
                        "id": str(channel.id),
                        "guild_id": str(channel.guild_id),
                        "parent_id": str(channel.parent_id),
                        "type": channel.type,
                    }
                )
            elif channel.type == TEXT:
                state.parse_channel_delete(channel.payload())

    def archive(self, thread: FakeChannel, *, locked: bool = False) -> None:
        """Archive a thread server-side (as auto-archive or a moderator would)."""
        thread.archived = True
        thread.locked = locked
        self._push(lambda state: state.parse_thread_update(thread.payload()))

    def _take_failure(self, route: Route, path: str) -> None:
        for key in (route.key, f"{route.method} {path}"):
            queue = self._failures.get(key)
            if queue:
                failure = queue.pop(0)
                raise _http_error(failure.status, failure.code, failure.message)

    # ---------------------------------------------------------------- client lifecycle

    async def attach(self, client: discord.Client, *, ready: bool = True) -> discord.Client:
        """Wire ``client`` to this fake and log it in (runs the client's ``setup_hook``).

        Patches ``client.http.request``; the webhook adapter is patched class-wide but only
        answers tokens this fake minted.  Then feeds a GUILD_CREATE for every guild, so the
        cache looks like after a gateway connect, and (``ready=True``) sets the ready event
        and dispatches ``on_ready``.
        """
        _install_webhook_patch()
        client.http.request = self._rest_request  # type: ignore[method-assign]
        await client.login("fake-token")
        state = client._connection
        self._clients.append(client)
        for guild in self.guilds.values():
            self._sync_guild(state, guild)
        if ready:
            baseline = set(asyncio.all_tasks())
            async with self._collect_errors():
                client._ready.set()  # type: ignore[union-attr]
                client.dispatch("ready")
                await self.settle(baseline)
        return client

    async def detach(self, client: discord.Client) -> None:
        """Close ``client`` (its unused aiohttp session too) and stop feeding it events."""
        if client in self._clients:
            self._clients.remove(client)
        await client.close()

    def close(self) -> None:
        """Forget this fake's interaction tokens (call from fixture teardown)."""
        for token in list(self._by_token):
            _TOKEN_OWNERS.pop(token, None)

    def _push(self, update: Callable[[Any], None]) -> None:
        """Apply a gateway-style state update to every attached client."""
        for client in self._clients:
            update(client._connection)

    def _sync_guild(self, state: Any, guild: FakeGuild) -> None:
        state._add_guild_from_data(self.guild_payload(guild))

    # ---------------------------------------------------------------- settling

    @staticmethod
    def _ignorable(task: asyncio.Task[Any]) -> bool:
        """Long sleepers that never finish within a test: view timeouts, delete_after."""
        coro = task.get_coro()
        qualname = getattr(coro, "__qualname__", "")
        return (
            "timeout_task_impl" in qualname
            or qualname.endswith("inner_call")
            or task.get_name().startswith("discord-ui-view-timeout")
        )

    async def settle(
        self, baseline: set[asyncio.Task[Any]] | None = None, timeout: float | None = None
    ) -> None:
        """Wait until every task spawned since ``baseline`` (and their children) is done."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + (timeout or self.settle_timeout)
        current = asyncio.current_task()
        base = baseline or set()
        quiet_rounds = 0
        while quiet_rounds < 3:
            await asyncio.sleep(0)
            pending = [
                t
                for t in asyncio.all_tasks()
                if t is not current and t not in base and not t.done() and not self._ignorable(t)
            ]
            if not pending:
                quiet_rounds += 1
                continue
            quiet_rounds = 0
            remaining = deadline - loop.time()
            if remaining <= 0:
                names = [t.get_name() for t in pending]
                raise TimeoutError(f"bot tasks did not settle: {names}")
            await asyncio.wait(pending, timeout=remaining)

    # ---------------------------------------------------------------- interaction drivers

    def _new_record(self, kind: str, user: FakeUser, channel: FakeChannel) -> InteractionRecord:
        record = InteractionRecord(self.next_id(), f"tok-{self.next_id()}", kind, user, channel.id)
        self.interactions.append(record)
        self._by_token[record.token] = record
        _TOKEN_OWNERS[record.token] = self
        return record

    def _interaction_payload(
        self,
        record: InteractionRecord,
        itype: int,
        data: dict[str, Any],
        user: FakeUser,
        channel: FakeChannel,
        message: FakeMessage | None = None,
    ) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "id": str(record.id),
            "application_id": str(self.application_id),
            "type": itype,
            "data": data,
            "token": record.token,
            "version": 1,
            "locale": "en-US",
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
            "channel_id": str(channel.id),
            "channel": channel.payload(),
        }
        if channel.guild_id is not None:
            guild = self.guilds[channel.guild_id]
            if user.id in guild.departed:
                raise NotAMemberError(
                    f"{user.name} left {guild.name}: Discord delivers no interaction from them "
                    "there (add_member to rejoin)"
                )
            if user.id not in guild.members:
                raise NotAMemberError(
                    f"{user.name} is not a member of {guild.name}; use add_member"
                )
            payload.update(
                guild_id=str(guild.id),
                guild={"id": str(guild.id), "locale": "en-US", "features": []},
                guild_locale="en-US",
                member=guild.members[user.id].payload(self.permissions(guild, user)),
                app_permissions=str(self.channel_permissions(channel, self.bot_user).value),
                authorizing_integration_owners={"0": str(guild.id)},
                context=0,
            )
        else:
            payload.update(
                user=user.payload(),
                app_permissions=str(discord.Permissions.text().value),
                authorizing_integration_owners={"0": "0"},
                context=1,
            )
        if message is not None:
            payload["message"] = message.payload()
        return payload

    def _find_command(
        self, client: discord.Client, names: list[str], guild_id: int | None
    ) -> tuple[app_commands.Command[Any, ..., Any], bool]:
        tree: app_commands.CommandTree[Any] | None = client._connection._command_tree
        if tree is None:
            raise RuntimeError("client has no CommandTree")
        guild_obj = discord.Object(guild_id) if guild_id else None
        is_guild = guild_obj is not None and tree.get_command(names[0], guild=guild_obj) is not None
        node: Any = tree.get_command(names[0], guild=guild_obj if is_guild else None)
        if node is None:
            raise KeyError(f"no app command /{names[0]} registered on the tree")
        for name in names[1:]:
            node = node.get_command(name) if isinstance(node, app_commands.Group) else None
            if node is None:
                raise KeyError(f"no subcommand {name!r} in /{' '.join(names)}")
        if not isinstance(node, app_commands.Command):
            raise KeyError(f"/{' '.join(names)} is a group, not a command")
        return node, is_guild

    def _option_payload(
        self,
        command: app_commands.Command[Any, ..., Any],
        options: dict[str, Any],
        resolved: dict[str, dict[str, Any]],
        guild_id: int | None,
        focused: str | None = None,
    ) -> list[dict[str, Any]]:
        params = {p.display_name: p for p in command.parameters}
        by_python_name = {p.name: p for p in command.parameters}
        out: list[dict[str, Any]] = []
        for name, value in options.items():
            param = params.get(name) or by_python_name.get(name)
            if param is None:
                raise KeyError(
                    f"/{command.qualified_name} has no option {name!r}; has {list(params)}"
                )
            opt_type = param.type
            raw: Any = value
            if isinstance(value, FakeUser):
                raw = str(value.id)
                resolved.setdefault("users", {})[raw] = value.payload()
                if guild_id is not None and value.id in self.guilds[guild_id].members:
                    member = self.guilds[guild_id].members[value.id].payload()
                    member.pop("user")
                    resolved.setdefault("members", {})[raw] = member
            elif isinstance(value, FakeChannel):
                raw = str(value.id)
                ch = value.payload()
                ch["permissions"] = str(discord.Permissions.all().value)
                resolved.setdefault("channels", {})[raw] = ch
            elif isinstance(value, FakeRole):
                raw = str(value.id)
                resolved.setdefault("roles", {})[raw] = value.payload()
            elif isinstance(value, discord.Enum):
                raw = value.value
            opt: dict[str, Any] = {"name": param.display_name, "type": opt_type.value, "value": raw}
            if focused == name:
                opt["focused"] = True
                opt["value"] = str(raw)
            out.append(opt)
        return out

    def _command_data(
        self,
        client: discord.Client,
        command_path: str,
        options: dict[str, Any],
        channel: FakeChannel,
        focused: str | None = None,
    ) -> dict[str, Any]:
        names = command_path.lstrip("/").split()
        command, is_guild = self._find_command(client, names, channel.guild_id)
        resolved: dict[str, dict[str, Any]] = {}
        leaf = self._option_payload(command, options, resolved, channel.guild_id, focused)
        nested: list[dict[str, Any]] = leaf
        if len(names) == 3:
            nested = [
                {
                    "type": 2,
                    "name": names[1],
                    "options": [{"type": 1, "name": names[2], "options": leaf}],
                }
            ]
        elif len(names) == 2:
            nested = [{"type": 1, "name": names[1], "options": leaf}]
        data: dict[str, Any] = {
            "id": str(self._command_id(names[0], channel.guild_id if is_guild else None)),
            "name": names[0],
            "type": 1,
            "options": nested,
        }
        if is_guild:
            data["guild_id"] = str(channel.guild_id)
        if resolved:
            data["resolved"] = resolved
        return data

    def _command_id(self, name: str, guild_id: int | None) -> int:
        synced = self.global_commands if guild_id is None else self.guild_commands.get(guild_id, [])
        for cmd in synced:
            if cmd["name"] == name:
                return int(cmd["id"])
        return self.next_id()

    async def _dispatch(self, client: discord.Client, payload: dict[str, Any]) -> None:
        baseline = set(asyncio.all_tasks())
        async with self._collect_errors():
            client._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
            await self.settle(baseline)

    def collect_errors(self) -> contextlib.AbstractAsyncContextManager[None]:
        """Public form of the error net, for tests that drive bot code directly::

        async with fake.collect_errors():
            bot.dispatch("something")
            await fake.settle()
        """
        return self._collect_errors()

    @contextlib.asynccontextmanager
    async def _collect_errors(self) -> AsyncIterator[None]:
        """Surface bot exceptions that discord.py would only log, and unknown routes."""
        collector = _ErrorCollector()
        logger = logging.getLogger("discord")
        logger.addHandler(collector)
        unknown_before = len(self.unknown_routes)
        try:
            yield
        finally:
            logger.removeHandler(collector)
        errors = [r.exc_info[1] for r in collector.records if r.exc_info and r.exc_info[1]]
        self.bot_errors.extend(errors)
        new_unknown = self.unknown_routes[unknown_before:]
        if self.raise_bot_errors and (errors or new_unknown):
            first = errors[0] if errors else None
            detail = "; ".join([*(repr(e) for e in errors), *new_unknown])
            raise BotError(f"bot failed while handling the event: {detail}") from first

    async def slash(
        self,
        client: discord.Client,
        user: FakeUser,
        channel: FakeChannel,
        command: str,
        **options: Any,
    ) -> InteractionRecord:
        """Invoke ``/command`` (``"group sub"`` paths allowed) and wait for the bot to finish."""
        record = self._new_record("slash", user, channel)
        data = self._command_data(client, command, options, channel)
        await self._dispatch(client, self._interaction_payload(record, 2, data, user, channel))
        return record

    async def autocomplete(
        self,
        client: discord.Client,
        user: FakeUser,
        channel: FakeChannel,
        command: str,
        option: str,
        value: str,
        *,
        other_options: dict[str, Any] | None = None,
    ) -> list[dict[str, Any]]:
        """Type ``value`` into ``option`` of ``/command``; returns the offered choices."""
        record = self._new_record("autocomplete", user, channel)
        options = {**(other_options or {}), option: value}
        data = self._command_data(client, command, options, channel, focused=option)
        await self._dispatch(client, self._interaction_payload(record, 4, data, user, channel))
        if record.choices is None:
            raise AssertionError(f"bot did not answer autocomplete for {command} {option}")
        return record.choices

    async def click(
        self, client: discord.Client, user: FakeUser, message: FakeMessage, custom_id: str
    ) -> InteractionRecord:
        """Press the button ``custom_id`` on ``message`` (must exist and be enabled)."""
        comp = message.component(custom_id)
        if comp.kind != "button":
            raise AssertionError(f"{custom_id!r} is a {comp.kind}, not a button")
        if comp.disabled:
            raise AssertionError(f"button {custom_id!r} is disabled")
        return await self._component(client, user, message, custom_id, 2, None, "click")

    async def select(
        self,
        client: discord.Client,
        user: FakeUser,
        message: FakeMessage,
        custom_id: str,
        values: list[str],
    ) -> InteractionRecord:
        """Pick ``values`` in the select menu ``custom_id`` on ``message``."""
        comp = message.component(custom_id)
        if comp.kind != "select":
            raise AssertionError(f"{custom_id!r} is a {comp.kind}, not a select")
        if comp.disabled:
            raise AssertionError(f"select {custom_id!r} is disabled")
        if comp.type == 3:
            allowed = {o["value"] for o in comp.options}
            bad = [v for v in values if v not in allowed]
            if bad:
                raise AssertionError(f"values {bad} not offered by {custom_id!r}: {allowed}")
        return await self._component(client, user, message, custom_id, comp.type, values, "select")

    async def _component(
        self,
        client: discord.Client,
        user: FakeUser,
        message: FakeMessage,
        custom_id: str,
        component_type: int,
        values: list[str] | None,
        kind: str,
    ) -> InteractionRecord:
        if message.deleted:
            raise AssertionError(f"message {message.id} was deleted")
        channel = self.channels[message.channel_id]
        record = self._new_record(kind, user, channel)
        record.source_message = message
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component_type}
        if values is not None:
            data["values"] = values
        payload = self._interaction_payload(record, 3, data, user, channel, message)
        await self._dispatch(client, payload)
        return record

    async def post(
        self,
        client: discord.Client | None,
        user: FakeUser,
        channel: FakeChannel,
        content: str,
    ) -> FakeMessage:
        """A human posts ``content``; the MESSAGE_CREATE is fed to ``client`` (if given).

        Raises ``BotError`` if the bot's ``on_message`` handling failed.
        """
        self._channel_or_404(channel.id)
        msg = self._store_message(channel, {"content": content}, [])
        msg.author = user
        if client is not None:
            data = msg.payload()
            if channel.guild_id is not None:
                member = self.guilds[channel.guild_id].members[user.id].payload()
                member.pop("user")
                data["member"] = member
            baseline = set(asyncio.all_tasks())
            async with self._collect_errors():
                client._connection.parse_message_create(data)  # type: ignore[arg-type]
                await self.settle(baseline)
        return msg

    async def submit_modal(
        self,
        client: discord.Client,
        user: FakeUser,
        opened_by: InteractionRecord,
        values: dict[str, str | list[str]],
    ) -> InteractionRecord:
        """Fill in and submit the modal the bot opened in answer to ``opened_by``.

        ``values`` maps each input's custom_id to its text (or list of values for selects).
        """
        modal = opened_by.modal
        if modal is None:
            raise AssertionError("that interaction did not open a modal")
        remaining = dict(values)

        def fill(comps: list[dict[str, Any]]) -> list[dict[str, Any]]:
            out: list[dict[str, Any]] = []
            for comp in comps:
                ctype = comp.get("type")
                if ctype == 1:
                    out.append({"type": 1, "components": fill(comp.get("components", []))})
                elif ctype == 18:
                    out.append({"type": 18, "component": fill([comp["component"]])[0]})
                elif ctype == 4:
                    cid = comp["custom_id"]
                    value = remaining.pop(cid, comp.get("value") or "")
                    out.append({"type": 4, "custom_id": cid, "value": value})
                elif "custom_id" in comp:
                    cid = comp["custom_id"]
                    picked = remaining.pop(cid, [])
                    out.append({"type": ctype, "custom_id": cid, "values": list(picked)})
            return out

        components = fill(list(modal.get("components", [])))
        if remaining:
            raise AssertionError(
                f"modal {modal.get('custom_id')!r} has no inputs {list(remaining)}"
            )
        channel = self.channels[opened_by.channel_id]
        record = self._new_record("modal", user, channel)
        record.source_message = opened_by.source_message
        data = {"custom_id": modal["custom_id"], "components": components}
        payload = self._interaction_payload(
            record, 5, data, user, channel, opened_by.source_message
        )
        await self._dispatch(client, payload)
        return record

    # ---------------------------------------------------------------- Discord's limits

    def _enforce_limits(
        self, where: str, body: Any, files: list[FakeFile], *, create: bool
    ) -> None:
        """Refuse a message body that breaks a documented limit, as Discord does."""
        self._refuse(where, message_violations(body or {}, files, create=create))

    def _refuse(self, where: str, violations: list[str]) -> None:
        if not violations:
            return
        self.limit_violations.extend(f"{where}: {v}" for v in violations)
        if violations == [EMPTY_MESSAGE]:
            raise _http_error(400, 50006, "Cannot send an empty message")
        detail = {"limits": {"_errors": [{"code": "LIMIT", "message": v} for v in violations]}}
        raise _http_error(400, 50035, "Invalid Form Body", detail)

    # ---------------------------------------------------------------- message store

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
            msg.edits.append(msg._snapshot())
            msg.edited_timestamp = _iso_now()
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

    # ---------------------------------------------------------------- request decoding

    @staticmethod
    def _decode(payload: Any, form: list[dict[str, Any]] | None) -> tuple[Any, list[FakeFile]]:
        """Turn discord.py's multipart form (payload_json + files[n]) back into data + files."""
        if not form:
            return payload, []
        body: Any = payload
        files: list[FakeFile] = []
        descriptions: dict[int, str | None] = {}
        for part in form:
            if part["name"] == "payload_json":
                body = json.loads(part["value"])
            elif part["name"].startswith("files["):
                fp = part["value"]
                with contextlib.suppress(OSError, ValueError):
                    fp.seek(0)
                data = fp.read() if hasattr(fp, "read") else bytes(fp)
                files.append(FakeFile(part.get("filename") or "file", data))
        if isinstance(body, dict):
            for att in body.get("attachments") or []:
                with contextlib.suppress(KeyError, ValueError, TypeError):
                    descriptions[int(att["id"])] = att.get("description")
        for index, f in enumerate(files):
            f.description = descriptions.get(index)
        if isinstance(body, dict) and body.get("attachments"):
            # Drop the upload placeholders ({"id": index}) so only existing ids remain.
            body = dict(body)
            new_ids = set(range(len(files)))
            body["attachments"] = [
                a
                for a in body["attachments"]
                if not (isinstance(a.get("id"), int) and a["id"] in new_ids and "filename" in a)
            ]
        return body, files

    # ---------------------------------------------------------------- REST

    def _build_routes(self) -> list[tuple[str, re.Pattern[str], Callable[..., Any]]]:
        table: list[tuple[str, str, Callable[..., Any]]] = [
            ("GET", "/users/@me", self._get_me),
            ("GET", "/oauth2/applications/@me", self._get_application),
            ("POST", "/users/@me/channels", self._create_dm),
            ("GET", "/users/{user_id}", self._get_user),
            ("GET", "/guilds/{guild_id}", self._get_guild),
            ("GET", "/guilds/{guild_id}/members/{user_id}", self._get_member),
            ("GET", "/channels/{channel_id}", self._get_channel),
            ("PATCH", "/channels/{channel_id}", self._edit_channel),
            ("POST", "/channels/{channel_id}/messages", self._send_message),
            ("GET", "/channels/{channel_id}/messages", self._history),
            ("POST", "/channels/{channel_id}/typing", self._typing),
            ("GET", "/channels/{channel_id}/messages/pins", self._get_pins),
            ("PUT", "/channels/{channel_id}/messages/pins/{message_id}", self._pin),
            ("DELETE", "/channels/{channel_id}/messages/pins/{message_id}", self._unpin),
            ("PUT", "/channels/{channel_id}/pins/{message_id}", self._pin),
            ("DELETE", "/channels/{channel_id}/pins/{message_id}", self._unpin),
            ("GET", "/channels/{channel_id}/messages/{message_id}", self._get_message),
            ("PATCH", "/channels/{channel_id}/messages/{message_id}", self._edit_message),
            ("DELETE", "/channels/{channel_id}/messages/{message_id}", self._delete_message),
            ("POST", "/channels/{channel_id}/messages/{message_id}/threads", self._thread_from_msg),
            ("POST", "/channels/{channel_id}/threads", self._thread_no_msg),
            ("PUT", "/channels/{channel_id}/thread-members/{user_id}", self._thread_member),
            ("DELETE", "/channels/{channel_id}/thread-members/{user_id}", self._thread_member),
            ("GET", "/applications/{application_id}/commands", self._get_commands),
            ("PUT", "/applications/{application_id}/commands", self._put_commands),
            (
                "GET",
                "/applications/{application_id}/guilds/{guild_id}/commands",
                self._get_commands,
            ),
            (
                "PUT",
                "/applications/{application_id}/guilds/{guild_id}/commands",
                self._put_commands,
            ),
        ]
        return [(m, _path_regex(p), h) for m, p, h in table]

    async def _rest_request(
        self,
        route: Route,
        *,
        files: Any = None,
        form: list[dict[str, Any]] | None = None,
        **kwargs: Any,
    ) -> Any:
        """Replacement for ``HTTPClient.request``: record, maybe fail, then route."""
        path = urlsplit(route.url).path.removeprefix(urlsplit(API_BASE).path)
        body, fake_files = self._decode(kwargs.get("json"), form)
        self.requests.append(
            RecordedRequest(
                route.method, path, body, route.key, tuple(fake_files), kwargs.get("params")
            )
        )
        self._take_failure(route, path)
        for method, regex, handler in self._rest_routes:
            if method != route.method:
                continue
            match = regex.match(path)
            if match:
                params = {k: v for k, v in match.groupdict().items()}
                return handler(body=body, files=fake_files, params=kwargs.get("params"), **params)
        self.unknown_routes.append(f"{route.key} ({path})")
        raise UnknownRouteError(f"FakeDiscord has no handler for {route.key} ({path})")

    # -- helpers

    def _channel_or_404(self, channel_id: str | int) -> FakeChannel:
        channel = self.channels.get(int(channel_id))
        if channel is None or channel.deleted:
            raise _http_error(404, 10003, "Unknown Channel")
        return channel

    def _message_or_404(self, channel: FakeChannel, message_id: str | int) -> FakeMessage:
        msg = self._messages.get(int(message_id))
        if msg is None or msg.deleted or msg.channel_id != channel.id or msg.ephemeral:
            raise _http_error(404, 10008, "Unknown Message")
        return msg

    def _require_writable(self, channel: FakeChannel, *, sending: bool) -> None:
        if channel.type == DM:
            assert channel.recipient is not None
            recipient = channel.recipient
            if not recipient.dms_open or not self.shares_guild_with_bot(recipient):
                raise _http_error(403, 50007, "Cannot send messages to this user")
            return
        if channel.is_thread and channel.archived:
            if sending and not channel.locked:
                channel.archived = False  # Discord unarchives on send
                self._push(lambda state: state.parse_thread_update(channel.payload()))
                return
            raise _http_error(400, 50083, "Thread is archived")

    # -- the bot's permissions

    def _require(self, channel: FakeChannel, where: str, *needed: str) -> tuple[str, ...]:
        """Refuse the request as Discord would unless the bot holds View Channel and every
        ``needed`` permission in ``channel``; returns the permissions the request uses, for
        ``_exercise`` once it succeeded.  DMs need none."""
        if channel.guild_id is None:
            return ()
        perms = self.channel_permissions(channel, self.bot_user)
        if not perms.view_channel:
            self.permission_refusals.append(f"{where}: 403 50001, missing view_channel")
            raise _http_error(403, 50001, "Missing Access")
        missing = [name for name in needed if not getattr(perms, name)]
        if missing:
            self.permission_refusals.append(f"{where}: 403 50013, missing {', '.join(missing)}")
            raise _http_error(403, 50013, "Missing Permissions")
        return ("view_channel", *needed)

    @staticmethod
    def _route(template: str, channel: FakeChannel) -> str:
        """A route template naming the kind of channel, for ``permissions_used`` and
        ``permission_refusals`` (``POST /channels/{thread_id}/messages``)."""
        kind = "thread_id" if channel.is_thread else "dm_id" if channel.type == DM else None
        return template.replace("{channel_id}", f"{{{kind}}}") if kind else template

    def _can(self, channel: FakeChannel, name: str) -> bool:
        return channel.guild_id is None or bool(
            getattr(self.channel_permissions(channel, self.bot_user), name)
        )

    def _exercise(self, where: str, names: Iterable[str]) -> None:
        for name in names:
            self.permissions_used.setdefault(name, set()).add(where)

    def _send_permission(self, channel: FakeChannel) -> str:
        """Posting in a thread takes Send Messages in Threads; Send Messages does not count."""
        return "send_messages_in_threads" if channel.is_thread else "send_messages"

    def _without_forbidden_embeds(
        self, channel: FakeChannel, where: str, body: Any
    ) -> tuple[Any, tuple[str, ...]]:
        """Discord drops a bot's embeds silently (no error) without Embed Links."""
        if not isinstance(body, dict) or not body.get("embeds"):
            return body, ()
        if self._can(channel, "embed_links"):
            return body, ("embed_links",) if channel.guild_id is not None else ()
        self.permission_refusals.append(f"{where}: missing embed_links, embeds dropped")
        return {**body, "embeds": []}, ()

    # -- handlers (each returns the JSON body Discord would)

    def _get_me(self, **_: Any) -> dict[str, Any]:
        data = self.bot_user.payload()
        data.update(verified=True, mfa_enabled=False, flags=0, locale="en-US")
        return data

    def _get_application(self, **_: Any) -> dict[str, Any]:
        return {
            "id": str(self.application_id),
            "name": self.bot_user.name,
            "icon": None,
            "description": "",
            "rpc_origins": [],
            "bot_public": False,
            "bot_require_code_grant": False,
            "owner": self.owner.payload(),
            "summary": "",
            "verify_key": "0" * 64,
            "team": None,
            "flags": 0,
            "bot": self._get_me(),
        }

    def _create_dm(self, body: dict[str, Any], **_: Any) -> dict[str, Any]:
        user = self.users.get(int(body["recipient_id"]))
        if user is None:
            raise _http_error(400, 50033, "Invalid Recipients")
        cid = self._dm_channels.get(user.id)
        if cid is None:
            channel = FakeChannel(self.next_id(), "", DM, recipient=user)
            self.channels[channel.id] = channel
            self._dm_channels[user.id] = cid = channel.id
        return self.channels[cid].payload()

    def _get_user(self, user_id: str, **_: Any) -> dict[str, Any]:
        if int(user_id) == self.bot_user.id:
            return self.bot_user.payload()
        user = self.users.get(int(user_id))
        if user is None:
            raise _http_error(404, 10013, "Unknown User")
        return user.payload()

    def _get_guild(self, guild_id: str, **_: Any) -> dict[str, Any]:
        guild = self.guilds.get(int(guild_id))
        if guild is None:
            raise _http_error(404, 10004, "Unknown Guild")
        return self.guild_payload(guild)

    def _get_member(self, guild_id: str, user_id: str, **_: Any) -> dict[str, Any]:
        guild = self.guilds.get(int(guild_id))
        if guild is None:
            raise _http_error(404, 10004, "Unknown Guild")
        member = guild.members.get(int(user_id))
        if member is None:
            raise _http_error(404, 10007, "Unknown Member")
        return member.payload()

    def _get_channel(self, channel_id: str, **_: Any) -> dict[str, Any]:
        channel = self._channel_or_404(channel_id)
        where = self._route("GET /channels/{channel_id}", channel)
        self._exercise(where, self._require(channel, where))
        return channel.payload()

    def _edit_channel(self, channel_id: str, body: dict[str, Any], **_: Any) -> dict[str, Any]:
        channel = self._channel_or_404(channel_id)
        where = self._route("PATCH /channels/{channel_id}", channel)
        if channel.is_thread and channel.locked and body.get("archived") is False:
            raise _http_error(403, 50001, "Missing Access")
        used = self._edit_channel_permissions(channel, where, body)
        if "name" in body:
            channel.name = body["name"]
        if "archived" in body:
            channel.archived = bool(body["archived"])
        if "locked" in body:
            channel.locked = bool(body["locked"])
        if "auto_archive_duration" in body:
            channel.auto_archive_duration = int(body["auto_archive_duration"])
        if channel.is_thread:
            self._push(lambda state: state.parse_thread_update(channel.payload()))
        self._exercise(where, used)
        return channel.payload()

    def _edit_channel_permissions(
        self, channel: FakeChannel, where: str, body: dict[str, Any]
    ) -> tuple[str, ...]:
        """Reopening an archived, unlocked thread takes only the right to post in it (Send
        Messages in Threads) or Manage Threads; any other change to a thread takes Manage
        Threads unless the bot created it; a channel takes Manage Channels."""
        if not channel.is_thread:
            return self._require(channel, where, "manage_channels")
        if set(body) == {"archived"} and body["archived"] is False:
            if self._can(channel, "send_messages_in_threads"):
                return self._require(channel, where, "send_messages_in_threads")
            return self._require(channel, where, "manage_threads")
        if channel.owner_id == self.bot_user.id:
            return self._require(channel, where)
        return self._require(channel, where, "manage_threads")

    def _send_message(
        self, channel_id: str, body: dict[str, Any], files: list[FakeFile], **_: Any
    ) -> dict[str, Any]:
        channel = self._channel_or_404(channel_id)
        where = self._route("POST /channels/{channel_id}/messages", channel)
        needed = [self._send_permission(channel)] + (["attach_files"] if files else [])
        used = self._require(channel, where, *needed)
        self._require_writable(channel, sending=True)
        self._enforce_limits(f"POST /channels/{channel_id}/messages", body, files, create=True)
        body, embedded = self._without_forbidden_embeds(channel, where, body)
        if not files and not any(body.get(k) for k in _MESSAGE_PARTS):
            # Only the dropped embeds can have emptied it: the limits checked the rest.
            raise _http_error(400, 50006, "Cannot send an empty message")
        self._exercise(where, (*used, *embedded))
        nonce = body.get("nonce") if body.get("enforce_nonce") else None
        if nonce is not None:
            # Discord answers a repeated enforced nonce with the message it already created.
            seen = self.nonces.get((channel.id, str(nonce)))
            if seen is not None:
                return self._messages[seen].payload()
        message = self._store_message(channel, body, files)
        if nonce is not None:
            self.nonces[(channel.id, str(nonce))] = message.id
        return message.payload()

    def _history(self, channel_id: str, params: dict[str, Any] | None, **_: Any) -> list[Any]:
        channel = self._channel_or_404(channel_id)
        where = self._route("GET /channels/{channel_id}/messages", channel)
        self._exercise(where, self._require(channel, where, "read_message_history"))
        limit = int((params or {}).get("limit", 50))
        msgs = [m for m in self.messages(channel) if not m.deleted]
        return [m.payload() for m in reversed(msgs)][:limit]

    def _typing(self, channel_id: str, **_: Any) -> None:
        channel = self._channel_or_404(channel_id)
        where = self._route("POST /channels/{channel_id}/typing", channel)
        self._exercise(where, self._require(channel, where, self._send_permission(channel)))

    def _get_pins(self, channel_id: str, **_: Any) -> dict[str, Any]:
        channel = self._channel_or_404(channel_id)
        where = self._route("GET /channels/{channel_id}/messages/pins", channel)
        used = self._require(channel, where)
        # Discord: without Read Message History the list is simply empty.
        history = self._can(channel, "read_message_history")
        self._exercise(where, (*used, "read_message_history") if history and used else used)
        pins = [m for m in self.messages(channel) if m.pinned and not m.deleted and history]
        return {
            "items": [{"pinned_at": _iso_now(), "message": m.payload()} for m in pins],
            "has_more": False,
        }

    def _pin(self, channel_id: str, message_id: str, **_: Any) -> None:
        self._set_pinned(channel_id, message_id, True, "PUT")

    def _unpin(self, channel_id: str, message_id: str, **_: Any) -> None:
        self._set_pinned(channel_id, message_id, False, "DELETE")

    def _set_pinned(self, channel_id: str, message_id: str, pinned: bool, method: str) -> None:
        """Since 23 February 2026 pinning takes Pin Messages; Manage Messages no longer does."""
        channel = self._channel_or_404(channel_id)
        template = f"{method} /channels/{{channel_id}}/messages/pins/{{message_id}}"
        where = self._route(template, channel)
        used = self._require(channel, where, "pin_messages")
        self._require_writable(channel, sending=False)
        self._message_or_404(channel, message_id).pinned = pinned
        self._exercise(where, used)

    def _get_message(self, channel_id: str, message_id: str, **_: Any) -> dict[str, Any]:
        channel = self._channel_or_404(channel_id)
        where = self._route("GET /channels/{channel_id}/messages/{message_id}", channel)
        used = self._require(channel, where, "read_message_history")
        payload = self._message_or_404(channel, message_id).payload()
        self._exercise(where, used)
        return payload

    def _edit_message(
        self,
        channel_id: str,
        message_id: str,
        body: dict[str, Any],
        files: list[FakeFile],
        **_: Any,
    ) -> dict[str, Any]:
        channel = self._channel_or_404(channel_id)
        msg = self._message_or_404(channel, message_id)
        if msg.author.id != self.bot_user.id and set(body) - {"flags"}:
            raise _http_error(403, 50005, "Cannot edit a message authored by another user")
        where = self._route("PATCH /channels/{channel_id}/messages/{message_id}", channel)
        # Suppressing another's embeds (flags only) takes Manage Messages.
        needed = ["attach_files"] if files else []
        if msg.author.id != self.bot_user.id:
            needed.append("manage_messages")
        used = self._require(channel, where, *needed)
        self._require_writable(channel, sending=False)
        self._enforce_limits(
            f"PATCH /channels/{channel_id}/messages/{message_id}", body, files, create=False
        )
        body, embedded = self._without_forbidden_embeds(channel, where, body)
        self._apply(msg, body, files, record_edit=True)
        self._exercise(where, (*used, *embedded))
        return msg.payload()

    def _delete_message(self, channel_id: str, message_id: str, **_: Any) -> None:
        channel = self._channel_or_404(channel_id)
        where = self._route("DELETE /channels/{channel_id}/messages/{message_id}", channel)
        msg = self._message_or_404(channel, message_id)
        others = msg.author.id != self.bot_user.id
        used = self._require(channel, where, *(["manage_messages"] if others else []))
        msg.deleted = True
        self._exercise(where, used)

    def _create_thread(
        self,
        parent: FakeChannel,
        name: str,
        *,
        private: bool,
        owner: FakeUser,
        starter: FakeMessage | None = None,
        auto_archive_duration: int = 1440,
    ) -> FakeChannel:
        thread = FakeChannel(
            starter.id if starter else self.next_id(),  # Discord reuses the message id
            name,
            PRIVATE_THREAD if private else PUBLIC_THREAD,
            guild_id=parent.guild_id,
            parent_id=parent.id,
            owner_id=owner.id,
            starter_message_id=starter.id if starter else None,
            auto_archive_duration=auto_archive_duration,
        )
        self.channels[thread.id] = thread
        if parent.guild_id is not None:
            self.guilds[parent.guild_id].channel_ids.append(thread.id)
        data = thread.payload()
        data["newly_created"] = True
        self._push(lambda state: state.parse_thread_create(data))
        return thread

    def _thread_from_msg(
        self, channel_id: str, message_id: str, body: dict[str, Any], **_: Any
    ) -> dict[str, Any]:
        parent = self._channel_or_404(channel_id)
        where = "POST /channels/{channel_id}/messages/{message_id}/threads"
        used = self._require(parent, where, "create_public_threads")
        starter = self._message_or_404(parent, message_id)
        if starter.id in self.channels:
            raise _http_error(400, 160004, "A thread has already been created for this message")
        thread = self._create_thread(
            parent,
            body["name"],
            private=False,
            owner=self.bot_user,
            starter=starter,
            auto_archive_duration=int(body.get("auto_archive_duration") or 1440),
        )
        self._exercise(where, used)
        return thread.payload()

    def _thread_no_msg(self, channel_id: str, body: dict[str, Any], **_: Any) -> dict[str, Any]:
        parent = self._channel_or_404(channel_id)
        if parent.type != TEXT:
            raise _http_error(400, 50024, "Cannot execute action on this channel type")
        where = "POST /channels/{channel_id}/threads"
        private = body.get("type") == PRIVATE_THREAD
        kind = "create_private_threads" if private else "create_public_threads"
        used = self._require(parent, where, kind)
        thread = self._create_thread(
            parent,
            body["name"],
            private=private,
            owner=self.bot_user,
            auto_archive_duration=int(body.get("auto_archive_duration") or 1440),
        )
        self._exercise(where, used)
        return thread.payload()

    def _thread_member(self, channel_id: str, user_id: str, **_: Any) -> None:
        channel = self._channel_or_404(channel_id)
        where = self._route("PUT/DELETE /channels/{channel_id}/thread-members/{user_id}", channel)
        self._exercise(where, self._require(channel, where))

    def _commands_list(self, guild_id: str | None) -> list[dict[str, Any]]:
        if guild_id is None:
            return self.global_commands
        return self.guild_commands.setdefault(int(guild_id), [])

    def _get_commands(self, guild_id: str | None = None, **_: Any) -> list[dict[str, Any]]:
        return list(self._commands_list(guild_id))

    def _put_commands(
        self, body: list[dict[str, Any]], guild_id: str | None = None, **_: Any
    ) -> list[dict[str, Any]]:
        existing = {c["name"]: c["id"] for c in self._commands_list(guild_id)}
        stored = []
        for cmd in body:
            entry = {
                **cmd,
                "id": existing.get(cmd["name"], str(self.next_id())),
                "application_id": str(self.application_id),
                "version": str(self.next_id()),
                "default_member_permissions": cmd.get("default_member_permissions"),
            }
            if guild_id is not None:
                entry["guild_id"] = guild_id
            stored.append(entry)
        if guild_id is None:
            self.global_commands = stored
        else:
            self.guild_commands[int(guild_id)] = stored
        return stored

    # ---------------------------------------------------------------- interaction webhooks

    async def _webhook_request(
        self,
        route: Route,
        *,
        payload: dict[str, Any] | None = None,
        multipart: list[dict[str, Any]] | None = None,
        params: dict[str, Any] | None = None,
        **_: Any,
    ) -> Any:
        record = self._by_token[str(route.webhook_token)]
        path = urlsplit(route.url).path.removeprefix(urlsplit(API_BASE).path)
        body, files = self._decode(payload, multipart)
        self.requests.append(
            RecordedRequest(route.method, path, body, route.key, tuple(files), params)
        )
        self._take_failure(route, path)
        key = route.key
        if key == "POST /interactions/{webhook_id}/{webhook_token}/callback":
            return self._callback(record, body, files, f"POST {path}")
        if key == "POST /webhooks/{webhook_id}/{webhook_token}":
            return self._followup(record, body, files, params or {}, f"POST {path}")
        message_id = path.rsplit("/", 1)[-1]
        if key.endswith(("/messages/{message_id}", "/messages/@original")):
            msg = self._webhook_message(record, message_id)
            if route.method == "GET":
                return msg.payload()
            if route.method == "PATCH":
                self._enforce_limits(f"PATCH {path}", body, files, create=False)
                record.edits.append(body)
                self._apply(msg, body, files, record_edit=True)
                msg.flags &= ~LOADING
                return msg.payload()
            if route.method == "DELETE":
                msg.deleted = True
                return None
        self.unknown_routes.append(f"{key} ({path})")
        raise UnknownRouteError(f"FakeDiscord has no webhook handler for {key} ({path})")

    def _webhook_message(self, record: InteractionRecord, message_id: str) -> FakeMessage:
        if message_id == "@original":
            if record.message is None:
                raise _http_error(404, 10008, "Unknown Message")
            return record.message
        msg = self._messages.get(int(message_id))
        if msg is None or msg.deleted:
            raise _http_error(404, 10008, "Unknown Message")
        return msg

    def _callback(
        self, record: InteractionRecord, body: dict[str, Any], files: list[FakeFile], where: str
    ) -> dict[str, Any]:
        if record.type is not None:
            raise _http_error(400, 40060, "Interaction has already been acknowledged.")
        rtype = int(body["type"])
        data = body.get("data") or {}
        # A refused body leaves the interaction unacknowledged, as on Discord.
        if rtype in (CHANNEL_MESSAGE, UPDATE_MESSAGE):
            self._enforce_limits(where, data, files, create=rtype == CHANNEL_MESSAGE)
        elif rtype == AUTOCOMPLETE_RESULT:
            self._refuse(where, autocomplete_violations(list(data.get("choices") or [])))
        record.type = rtype
        channel = self.channels[record.channel_id]
        flags = int(data.get("flags", 0) or 0)
        if rtype == CHANNEL_MESSAGE:
            record.ephemeral = bool(flags & EPHEMERAL)
            if not record.ephemeral and channel.is_thread:
                self._require_writable(channel, sending=True)
            record.message = self._store_message(channel, data, files, interaction=record)
        elif rtype == DEFERRED_MESSAGE:
            record.deferred = record.thinking = True
            record.ephemeral = bool(flags & EPHEMERAL)
            record.message = self._store_message(
                channel, {}, [], interaction=record, flags=(flags & EPHEMERAL) | LOADING
            )
        elif rtype == DEFERRED_UPDATE:
            record.deferred = True
            record.message = record.source_message
        elif rtype == UPDATE_MESSAGE:
            record.message = record.source_message
            if record.message is None:
                raise _http_error(400, 50035, "UPDATE_MESSAGE needs a component interaction")
            record.edits.append(data)
            self._apply(record.message, data, files, record_edit=True)
        elif rtype == AUTOCOMPLETE_RESULT:
            record.choices = list(data.get("choices", []))
        elif rtype == MODAL:
            record.modal = data
        else:
            raise UnknownRouteError(f"interaction callback type {rtype} not supported")
        interaction: dict[str, Any] = {
            "id": str(record.id),
            "type": _INTERACTION_TYPES[record.kind],
            "response_message_loading": rtype == DEFERRED_MESSAGE,
            "response_message_ephemeral": record.ephemeral,
        }
        response: dict[str, Any] = {"interaction": interaction}
        if record.message is not None and rtype in (
            CHANNEL_MESSAGE,
            DEFERRED_MESSAGE,
            UPDATE_MESSAGE,
        ):
            interaction["response_message_id"] = str(record.message.id)
            response["resource"] = {"type": rtype, "message": record.message.payload()}
        else:
            response["resource"] = {"type": rtype}
        return response

    def _followup(
        self,
        record: InteractionRecord,
        body: dict[str, Any],
        files: list[FakeFile],
        params: dict[str, Any],
        where: str,
    ) -> dict[str, Any] | None:
        if record.type is None:
            raise _http_error(404, 10015, "Unknown Webhook")
        self._enforce_limits(where, body, files, create=True)
        flags = int(body.get("flags", 0) or 0)
        original = record.message
        if original is not None and original.loading and record.type == DEFERRED_MESSAGE:
            # Discord: the first followup after a thinking defer replaces the loading message.
            self._apply(original, body, files, record_edit=True)
            original.flags &= ~LOADING
            msg = original
        else:
            target = self.channels[record.channel_id]
            if params.get("thread_id"):
                target = self._channel_or_404(params["thread_id"])
            if not flags & EPHEMERAL and target.is_thread:
                self._require_writable(target, sending=True)
            msg = self._store_message(target, body, files, interaction=record)
        record.followups.append(msg)
        return msg.payload() if str(params.get("wait", 1)) not in ("0", "False") else None


def file_bytes(data: bytes | str, filename: str) -> discord.File:
    """Convenience for tests: a ``discord.File`` from bytes."""
    raw = data.encode() if isinstance(data, str) else data
    return discord.File(io.BytesIO(raw), filename=filename)
