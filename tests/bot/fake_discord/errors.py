"""What the fake raises: Discord's HTTP errors, as discord.py would raise them, and the errors
that tell a test it drove the fake wrongly or the bot failed."""

from __future__ import annotations

from typing import Any

import discord

__all__ = ["BotError", "NotAMemberError", "UnknownRouteError", "http_error"]


class UnknownRouteError(AssertionError):
    """Raised for any REST/webhook route the fake does not implement (tests must fail loudly)."""


class NotAMemberError(KeyError):
    """A test tried to act as a user in a guild they are not (or no longer) a member of."""


class BotError(AssertionError):
    """The bot raised while handling an event (discord.py only logged it); see ``__cause__``."""


class _FakeResponse:
    """Just enough of ``aiohttp.ClientResponse`` for ``discord.HTTPException.__init__``."""

    def __init__(self, status: int, reason: str) -> None:
        self.status = status
        self.reason = reason


def http_error(
    status: int, code: int, message: str, errors: dict[str, Any] | None = None
) -> discord.HTTPException:
    """The exact exception class discord.py raises for ``status``, with Discord's JSON body.

    ``errors`` is Discord's per-field detail of a 50035 (discord.py appends it to ``.text``).
    """
    response = _FakeResponse(status, message)
    body: dict[str, Any] = {"code": code, "message": message}
    if errors:
        body["errors"] = errors
    if status == 403:
        return discord.Forbidden(response, body)
    if status == 404:
        return discord.NotFound(response, body)
    if status >= 500:
        return discord.DiscordServerError(response, body)
    return discord.HTTPException(response, body)
