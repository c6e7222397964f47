"""Driving the bot: logging a client in, feeding it what people do (slash commands,
autocomplete, button clicks, menu picks, modal submits, posts) the way the gateway would, and
Discord's side of the interaction webhooks it answers through.

An interaction is built as Discord's INTERACTION_CREATE payload and handed to
``client._connection.parse_interaction_create``, so discord.py's own parsing, command tree,
views and ``DynamicItem`` dispatch run.  Its callback, followups and ``@original`` edits reach
``AsyncWebhookAdapter.request``, patched class-wide to route each token to the fake that
minted it.  Each driver waits until every task the bot spawned has finished (``settle``) and
raises ``BotError`` if the bot failed where discord.py would only log it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

import discord
from discord import app_commands
from discord.http import Route
from discord.webhook.async_ import AsyncWebhookAdapter

from games.core.words import speech
from tests.bot.fake_discord.errors import BotError, NotAMemberError, UnknownRouteError, http_error
from tests.bot.fake_discord.limits import ATTACHMENT_SIZE_LIMIT, autocomplete_violations
from tests.bot.fake_discord.recorder import (
    EPHEMERAL,
    LOADING,
    FakeFile,
    FakeMessage,
    InteractionRecord,
    RecordedRequest,
)
from tests.bot.fake_discord.rest import Rest, api_path, decode
from tests.bot.fake_discord.world import FakeChannel, FakeRole, FakeUser

__all__ = ["Interactions"]

# Interaction callback types.
CHANNEL_MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, AUTOCOMPLETE_RESULT, MODAL = (
    4,
    5,
    6,
    7,
    8,
    9,
)
# Interaction types, by the driver that creates them.
#: How long a driver waits for the bot's tasks to finish before calling the test hung. Only a
#: guard: a driver waits for the tasks themselves, so a loaded machine (a replay drawn, the AI
#: thinking) is never a failure; a task that truly never ends still fails, after this long.
SETTLE_GUARD = 300.0
_INTERACTION_TYPES = {"slash": 2, "click": 3, "select": 3, "autocomplete": 4, "modal": 5}


class _ErrorCollector(logging.Handler):
    """Catches exceptions discord.py swallows and logs (tree/view/dynamic item/event errors)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info:
            self.records.append(record)


# ------------------------------------------------------------------------- the webhook patch

_TOKEN_OWNERS: dict[str, Interactions] = {}


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


class Interactions(Rest):
    """The test drivers, the client's lifecycle, and the interaction webhooks."""

    def __init__(self, *, settle_timeout: float = SETTLE_GUARD, **world: Any) -> None:
        super().__init__(**world)
        self.settle_timeout = settle_timeout
        self.raise_bot_errors = True
        self._by_token: dict[str, InteractionRecord] = {}

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
        self._clients.append(client)
        for guild in self.guilds.values():
            self._sync_guild(client._connection, guild)
        if ready:
            baseline = set(asyncio.all_tasks())
            async with self.collect_errors():
                client._ready.set()
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

    @contextlib.asynccontextmanager
    async def collect_errors(self) -> AsyncIterator[None]:
        """Surface bot exceptions that discord.py would only log, and unknown routes; for
        tests that drive bot code directly too::

            async with fake.collect_errors():
                bot.dispatch("something")
                await fake.settle()
        """
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

    async def _dispatch(self, client: discord.Client, payload: dict[str, Any]) -> None:
        baseline = set(asyncio.all_tasks())
        async with self.collect_errors():
            client._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
            await self.settle(baseline)

    # ---------------------------------------------------------------- the drivers

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
            async with self.collect_errors():
                client._connection.parse_message_create(data)  # type: ignore[arg-type]
                await self.settle(baseline)
        return msg

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

    # ---------------------------------------------------------------- interaction payloads

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
            "locale": user.locale,
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
                guild={"id": str(guild.id), "locale": guild.locale, "features": []},
                guild_locale=guild.locale,
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
            opt: dict[str, Any] = {
                "name": param.display_name,
                "type": param.type.value,
                "value": raw,
            }
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

    # ---------------------------------------------------------------- the webhooks

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
        path = api_path(route)
        body, files = decode(payload, multipart)
        self.requests.append(
            RecordedRequest(
                route.method, path, body, route.key, tuple(files), params, speech().code
            )
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
                raise http_error(404, 10008, "Unknown Message")
            return record.message
        msg = self._messages.get(int(message_id))
        if msg is None or msg.deleted:
            raise http_error(404, 10008, "Unknown Message")
        return msg

    def _callback(
        self, record: InteractionRecord, body: dict[str, Any], files: list[FakeFile], where: str
    ) -> dict[str, Any]:
        if record.type is not None:
            raise http_error(400, 40060, "Interaction has already been acknowledged.")
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
                raise http_error(400, 50035, "UPDATE_MESSAGE needs a component interaction")
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
            raise http_error(404, 10015, "Unknown Webhook")
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
