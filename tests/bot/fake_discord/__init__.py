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

One module per job; ``FakeDiscord`` is their classes stacked, each layer using only those
below it (world < recorder < rest < interactions):

* ``world``: users, guilds, roles, members, channels and threads, the permissions Discord
  computes, and the gateway events that keep attached clients in step;
* ``recorder``: the messages Discord holds (every version), and every request, interaction,
  refusal and error, with the queries tests ask (``messages``, ``dms``, ``all_outgoing``);
* ``rest``: the REST routes and Discord's checks on them (404s, 403s, archived threads);
* ``interactions``: the drivers (``slash``, ``autocomplete``, ``click``, ``select``,
  ``submit_modal``, ``post``), the client's login, and the interaction webhooks;
* ``limits``: Discord's documented limits on what a bot sends, as pure checks;
* ``errors``: the exceptions, Discord's and the fake's own.
"""

from __future__ import annotations

import io

import discord

from tests.bot.fake_discord.errors import BotError, NotAMemberError, UnknownRouteError
from tests.bot.fake_discord.interactions import SETTLE_GUARD, Interactions
from tests.bot.fake_discord.recorder import (
    FakeComponent,
    FakeFile,
    FakeMessage,
    InteractionRecord,
    OutgoingText,
    RecordedRequest,
)
from tests.bot.fake_discord.world import (
    DEFAULT_BOT,
    DEFAULT_EVERYONE,
    DM,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    TEXT,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeRole,
    FakeUser,
    permission_names,
)

__all__ = [
    "DEFAULT_BOT",
    "DEFAULT_EVERYONE",
    "DM",
    "PRIVATE_THREAD",
    "PUBLIC_THREAD",
    "TEXT",
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
    "file_bytes",
    "permission_names",
]


class FakeDiscord(Interactions):
    """The fake Discord server: the world, the recorder, the REST routes and the drivers."""

    def __init__(
        self,
        *,
        bot_name: str = "Parley",
        bot_permissions: discord.Permissions | None = None,
        settle_timeout: float = SETTLE_GUARD,
    ) -> None:
        super().__init__(
            bot_name=bot_name, bot_permissions=bot_permissions, settle_timeout=settle_timeout
        )


def file_bytes(data: bytes | str, filename: str) -> discord.File:
    """Convenience for tests: a ``discord.File`` from bytes."""
    raw = data.encode() if isinstance(data, str) else data
    return discord.File(io.BytesIO(raw), filename=filename)
