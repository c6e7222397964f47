"""The modelled world: users, guilds, roles, members, channels, threads and DM channels, and the
permissions Discord computes from them.

A test builds the world (``add_guild``, ``add_user``, ``add_member``, ``add_thread``...) and
changes it mid-test (``remove_member``, ``set_bot_permissions``, ``archive``,
``delete_channel``); every attached client hears each change as the gateway event Discord
would send, so discord.py's cache agrees with the fake.
"""

from __future__ import annotations

import datetime as dt
import itertools
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import discord

from tests.bot.fake_discord.errors import NotAMemberError

__all__ = [
    "DEFAULT_BOT",
    "DEFAULT_EVERYONE",
    "DM",
    "PRIVATE_THREAD",
    "PUBLIC_THREAD",
    "TEXT",
    "FakeChannel",
    "FakeGuild",
    "FakeMember",
    "FakeRole",
    "FakeUser",
    "World",
    "iso_now",
    "permission_names",
]

DISCORD_EPOCH_MS = 1420070400000

# Channel types (Discord API "channel object" docs).
TEXT, DM, PUBLIC_THREAD, PRIVATE_THREAD = 0, 1, 11, 12

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


def iso_now() -> str:
    return dt.datetime.now(dt.UTC).isoformat()


@dataclass
class FakeUser:
    """A Discord user. ``dms_open=False`` makes DMs fail with 403/50007 like the real API."""

    id: int
    name: str
    dms_open: bool = True
    bot: bool = False
    locale: str = "en-US"  # the language their Discord client speaks (each interaction's)

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
class FakeMember:
    user: FakeUser
    guild_id: int
    role_ids: list[int] = field(default_factory=list)
    joined_at: str = field(default_factory=iso_now)

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
class FakeGuild:
    id: int
    name: str
    owner_id: int
    roles: dict[int, FakeRole] = field(default_factory=dict)
    channel_ids: list[int] = field(default_factory=list)
    members: dict[int, FakeMember] = field(default_factory=dict)
    departed: set[int] = field(default_factory=set)  # user ids that left (remove_member)
    locale: str = "en-US"  # the server's preferred locale (Community servers choose it)

    @property
    def default_role(self) -> FakeRole:
        return self.roles[self.id]


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
                    "archive_timestamp": iso_now(),
                    "locked": self.locked,
                    "invitable": True,
                    "create_timestamp": iso_now(),
                },
            )
        return data


# discord.py's ConnectionState, which takes the gateway's events (``parse_*``). Typed loosely:
# the fake builds plain JSON dicts where discord.py declares TypedDicts.
GatewayState = Any


class World:
    """Discord's state as the fake models it, and the gateway that tells attached clients."""

    def __init__(
        self, *, bot_name: str = "Parley", bot_permissions: discord.Permissions | None = None
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
        self._dm_channels: dict[int, int] = {}  # user id -> dm channel id
        self._clients: list[discord.Client] = []  # attached: they hear the gateway

    def next_id(self) -> int:
        """A fresh, increasing snowflake."""
        return self._id_base + next(self._ids)

    # ---------------------------------------------------------------- users, guilds, roles

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

        def update(state: GatewayState) -> None:
            for role in (guild.default_role, bot_role):
                state.parse_guild_role_update({"guild_id": str(guild.id), "role": role.payload()})

        self._push(update)

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
                state: GatewayState = client._connection
                state.parse_guild_member_remove(data)

    def member(self, guild: FakeGuild, user: FakeUser) -> FakeMember:
        return guild.members[user.id]

    def shares_guild_with_bot(self, user: FakeUser) -> bool:
        """Discord lets a bot DM only users it shares a guild with."""
        return any(
            user.id in g.members and self.bot_user.id in g.members for g in self.guilds.values()
        )

    # ---------------------------------------------------------------- channels and threads

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

    def threads(self, channel: FakeChannel) -> list[FakeChannel]:
        """Threads under ``channel`` in creation order (deleted ones included, flagged)."""
        return [c for c in self.channels.values() if c.parent_id == channel.id and c.is_thread]

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        """The DM channel between the bot and ``user`` (so a test can slash/click in DMs)."""
        return self._open_dm(user)

    def delete_channel(self, channel: FakeChannel) -> None:
        """Delete a channel/thread server-side: later calls on it get 404 Unknown Channel."""
        channel.deleted = True
        if channel.is_thread:
            data = {
                "id": str(channel.id),
                "guild_id": str(channel.guild_id),
                "parent_id": str(channel.parent_id),
                "type": channel.type,
            }
            self._push(lambda state: state.parse_thread_delete(data))
        elif channel.type == TEXT:
            self._push(lambda state: state.parse_channel_delete(channel.payload()))

    def archive(self, thread: FakeChannel, *, locked: bool = False) -> None:
        """Archive a thread server-side (as auto-archive or a moderator would)."""
        thread.archived = True
        thread.locked = locked
        self._push(lambda state: state.parse_thread_update(thread.payload()))

    def _open_dm(self, user: FakeUser) -> FakeChannel:
        """The bot's DM channel with ``user``, opened on first use (as ``POST
        /users/@me/channels`` does)."""
        cid = self._dm_channels.get(user.id)
        if cid is None:
            channel = FakeChannel(self.next_id(), "", DM, recipient=user)
            self.channels[channel.id] = channel
            self._dm_channels[user.id] = cid = channel.id
        return self.channels[cid]

    def _create_thread(
        self,
        parent: FakeChannel,
        name: str,
        *,
        private: bool,
        owner: FakeUser,
        starter_id: int | None = None,
        auto_archive_duration: int = 1440,
    ) -> FakeChannel:
        thread = FakeChannel(
            starter_id or self.next_id(),  # Discord reuses the starter message's id
            name,
            PRIVATE_THREAD if private else PUBLIC_THREAD,
            guild_id=parent.guild_id,
            parent_id=parent.id,
            owner_id=owner.id,
            starter_message_id=starter_id,
            auto_archive_duration=auto_archive_duration,
        )
        self.channels[thread.id] = thread
        if parent.guild_id is not None:
            self.guilds[parent.guild_id].channel_ids.append(thread.id)
        data = thread.payload()
        data["newly_created"] = True
        self._push(lambda state: state.parse_thread_create(data))
        return thread

    # ---------------------------------------------------------------- permissions

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

    # ---------------------------------------------------------------- the gateway

    def guild_payload(self, guild: FakeGuild) -> dict[str, Any]:
        """A GUILD_CREATE-shaped payload (what the gateway sends on connect)."""
        channels = [self.channels[c] for c in guild.channel_ids]
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
            "preferred_locale": guild.locale,
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "member_count": len(guild.members),
            "large": False,
            "unavailable": False,
            "joined_at": iso_now(),
            "channels": [c.payload() for c in channels if not c.is_thread and not c.deleted],
            "threads": [
                c.payload() for c in channels if c.is_thread and not c.deleted and not c.archived
            ],
            "members": [m.payload() for m in guild.members.values()],
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    def _push(self, update: Callable[[GatewayState], object]) -> None:
        """Apply a gateway-style state update to every attached client."""
        for client in self._clients:
            update(client._connection)

    def _sync_guild(self, state: GatewayState, guild: FakeGuild) -> None:
        state._add_guild_from_data(self.guild_payload(guild))
