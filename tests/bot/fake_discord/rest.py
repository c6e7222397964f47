"""Discord's REST API as the bot reaches it: ``client.http.request`` is replaced by
``_rest_request``, which records the call, fails it if a test asked (``fail_next``), and hands
it to the handler of its route.

Each handler checks what Discord checks, in Discord's order, and answers with Discord's error:
the channel or message exists (404), the bot holds the permissions the call takes (403 50001
without View Channel, else 50013), the thread is not archived and locked, the body keeps
Discord's limits (400, see ``limits``).  Embeds sent without Embed Links are dropped silently,
as Discord does.  Every permission a successful call used is recorded (``permissions_used``).
Any route without a handler fails the test (``UnknownRouteError``).
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple
from urllib.parse import urlsplit

import discord
from discord.http import Route

from games.core.words import speech
from tests.bot.fake_discord.errors import UnknownRouteError, http_error
from tests.bot.fake_discord.limits import message_violations, refusal
from tests.bot.fake_discord.recorder import FakeFile, FakeMessage, RecordedRequest, Recorder
from tests.bot.fake_discord.world import DM, PRIVATE_THREAD, TEXT, FakeChannel, FakeGuild, iso_now

__all__ = ["API_BASE", "Rest", "api_path", "decode"]

API_BASE = Route.BASE
# What makes a message non-empty, besides files.
_MESSAGE_PARTS = ("content", "embeds", "components", "sticker_ids", "poll")

Handler = Callable[..., Any]


class _Failure(NamedTuple):
    status: int
    code: int
    message: str


def api_path(route: Route) -> str:
    """The concrete path of ``route`` without the API base or the query string."""
    return urlsplit(route.url).path.removeprefix(urlsplit(API_BASE).path)


def _path_regex(template: str) -> re.Pattern[str]:
    pattern = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[^/]+)", re.escape(template))
    return re.compile(pattern + "$")


def decode(payload: Any, form: Iterable[dict[str, Any]] | None) -> tuple[Any, list[FakeFile]]:
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


class Rest(Recorder):
    """The REST routes, the checks Discord makes on them, and failures a test injects."""

    def __init__(self, **world: Any) -> None:
        super().__init__(**world)
        self.global_commands: list[dict[str, Any]] = []
        self.guild_commands: dict[int, list[dict[str, Any]]] = {}
        self._failures: dict[str, list[_Failure]] = {}
        self._rest_routes = self._build_routes()

    def commands(self, guild: FakeGuild | None = None) -> list[dict[str, Any]]:
        """Application commands the bot synced (global, or for ``guild``)."""
        return self.global_commands if guild is None else self.guild_commands.get(guild.id, [])

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

    def _take_failure(self, route: Route, path: str) -> None:
        for key in (route.key, f"{route.method} {path}"):
            queue = self._failures.get(key)
            if queue:
                failure = queue.pop(0)
                raise http_error(failure.status, failure.code, failure.message)

    # ---------------------------------------------------------------- routing

    def _build_routes(self) -> list[tuple[str, re.Pattern[str], Handler]]:
        commands = "/applications/{application_id}/commands"
        guild_commands = "/applications/{application_id}/guilds/{guild_id}/commands"
        table: list[tuple[str, str, Handler]] = [
            ("GET", "/users/@me", self._get_me),
            ("GET", "/oauth2/applications/@me", self._get_application),
            ("POST", "/users/@me/channels", self._create_dm),
            ("GET", "/users/@me/guilds", self._my_guilds),
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
            ("GET", commands, self._get_commands),
            ("PUT", commands, self._put_commands),
            ("GET", guild_commands, self._get_commands),
            ("PUT", guild_commands, self._put_commands),
        ]
        return [(m, _path_regex(p), h) for m, p, h in table]

    async def _rest_request(
        self,
        route: Route,
        *,
        files: Sequence[discord.File] | None = None,
        form: Iterable[dict[str, Any]] | None = None,
        **kwargs: Any,
    ) -> Any:
        """Replacement for ``HTTPClient.request``: record, maybe fail, then route."""
        path = api_path(route)
        body, fake_files = decode(kwargs.get("json"), form)
        self.requests.append(
            RecordedRequest(
                route.method,
                path,
                body,
                route.key,
                tuple(fake_files),
                kwargs.get("params"),
                speech().code,
            )
        )
        self._take_failure(route, path)
        for method, regex, handler in self._rest_routes:
            if method != route.method:
                continue
            match = regex.match(path)
            if match:
                params = match.groupdict()
                return handler(body=body, files=fake_files, params=kwargs.get("params"), **params)
        self.unknown_routes.append(f"{route.key} ({path})")
        raise UnknownRouteError(f"FakeDiscord has no handler for {route.key} ({path})")

    # ---------------------------------------------------------------- Discord's checks

    def _channel_or_404(self, channel_id: str | int) -> FakeChannel:
        channel = self.channels.get(int(channel_id))
        if channel is None or channel.deleted:
            raise http_error(404, 10003, "Unknown Channel")
        return channel

    def _message_or_404(self, channel: FakeChannel, message_id: str | int) -> FakeMessage:
        msg = self._messages.get(int(message_id))
        if msg is None or msg.deleted or msg.channel_id != channel.id or msg.ephemeral:
            raise http_error(404, 10008, "Unknown Message")
        return msg

    def _require_writable(self, channel: FakeChannel, *, sending: bool) -> None:
        if channel.type == DM:
            assert channel.recipient is not None
            recipient = channel.recipient
            if not recipient.dms_open or not self.shares_guild_with_bot(recipient):
                raise http_error(403, 50007, "Cannot send messages to this user")
            return
        if channel.is_thread and channel.archived:
            if sending and not channel.locked:
                channel.archived = False  # Discord unarchives on send
                self._push(lambda state: state.parse_thread_update(channel.payload()))
                return
            raise http_error(400, 50083, "Thread is archived")

    def _enforce_limits(
        self, where: str, body: Any, files: list[FakeFile], *, create: bool
    ) -> None:
        """Refuse a message body that breaks a documented limit, as Discord does."""
        self._refuse(where, message_violations(body or {}, files, create=create))

    def _refuse(self, where: str, violations: list[str]) -> None:
        if violations:
            self.limit_violations.extend(f"{where}: {v}" for v in violations)
            raise refusal(violations)

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
            raise http_error(403, 50001, "Missing Access")
        missing = [name for name in needed if not getattr(perms, name)]
        if missing:
            self.permission_refusals.append(f"{where}: 403 50013, missing {', '.join(missing)}")
            raise http_error(403, 50013, "Missing Permissions")
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

    # ---------------------------------------------------------------- handlers
    # Each returns the JSON body Discord would.

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

    def _my_guilds(self, **_: Any) -> list[dict[str, Any]]:
        """The bot's servers, each with the bot's server-wide ``permissions``, as Discord
        lists them."""
        return [
            {
                "id": str(guild.id),
                "name": guild.name,
                "icon": None,
                "owner": False,
                "permissions": str(self.permissions(guild, self.bot_user)),
                "features": [],
            }
            for guild in self.guilds.values()
            if self.bot_user.id in guild.members
        ]

    def _create_dm(self, body: dict[str, Any], **_: Any) -> dict[str, Any]:
        user = self.users.get(int(body["recipient_id"]))
        if user is None:
            raise http_error(400, 50033, "Invalid Recipients")
        return self._open_dm(user).payload()

    def _get_user(self, user_id: str, **_: Any) -> dict[str, Any]:
        if int(user_id) == self.bot_user.id:
            return self.bot_user.payload()
        user = self.users.get(int(user_id))
        if user is None:
            raise http_error(404, 10013, "Unknown User")
        return user.payload()

    def _get_guild(self, guild_id: str, **_: Any) -> dict[str, Any]:
        guild = self.guilds.get(int(guild_id))
        if guild is None:
            raise http_error(404, 10004, "Unknown Guild")
        return self.guild_payload(guild)

    def _get_member(self, guild_id: str, user_id: str, **_: Any) -> dict[str, Any]:
        guild = self.guilds.get(int(guild_id))
        if guild is None:
            raise http_error(404, 10004, "Unknown Guild")
        member = guild.members.get(int(user_id))
        if member is None:
            raise http_error(404, 10007, "Unknown Member")
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
            raise http_error(403, 50001, "Missing Access")
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
            raise http_error(400, 50006, "Cannot send an empty message")
        self._exercise(where, (*used, *embedded))
        nonce = body.get("nonce") if body.get("enforce_nonce") else None
        key = (channel.id, str(nonce))
        if nonce is not None:
            # Discord answers a repeated enforced nonce with the message it already created,
            # if it saw the nonce within its window.
            seen = self.nonces.get(key)
            when = self.nonce_times.get(key)
            if seen is not None and (when is None or self.clock() - when < self.nonce_window):
                return self._messages[seen].payload()
        message = self._store_message(channel, body, files)
        if nonce is not None:
            self.nonces[key] = message.id
            self.nonce_times[key] = self.clock()
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
            "items": [{"pinned_at": iso_now(), "message": m.payload()} for m in pins],
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
            raise http_error(403, 50005, "Cannot edit a message authored by another user")
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

    def _thread_from_msg(
        self, channel_id: str, message_id: str, body: dict[str, Any], **_: Any
    ) -> dict[str, Any]:
        parent = self._channel_or_404(channel_id)
        where = "POST /channels/{channel_id}/messages/{message_id}/threads"
        used = self._require(parent, where, "create_public_threads")
        starter = self._message_or_404(parent, message_id)
        if starter.id in self.channels:
            raise http_error(400, 160004, "A thread has already been created for this message")
        thread = self._create_thread(
            parent,
            body["name"],
            private=False,
            owner=self.bot_user,
            starter_id=starter.id,
            auto_archive_duration=int(body.get("auto_archive_duration") or 1440),
        )
        self._exercise(where, used)
        return thread.payload()

    def _thread_no_msg(self, channel_id: str, body: dict[str, Any], **_: Any) -> dict[str, Any]:
        parent = self._channel_or_404(channel_id)
        if parent.type != TEXT:
            raise http_error(400, 50024, "Cannot execute action on this channel type")
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
