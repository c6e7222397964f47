"""The living status message: one pinned post per game thread, edited in place as the game
goes (whose turn, deadlines, scores). Its words come from :mod:`bot.play.status`."""

from __future__ import annotations

import contextlib
import logging
from dataclasses import replace

import discord

from bot.discord.messages import shorten
from bot.discord.resend import already_posted
from bot.discord.threads import relocate
from bot.play.status import status_text
from bot.play.timekeeper import Timekeeper
from bot.storage import Store
from games import REGISTRY

log = logging.getLogger(__name__)

#: The status message id recorded while one is being posted (no message has id 0).
POSTING = 0


class StatusMessages:
    def __init__(self, client: discord.Client, store: Store, timekeeper: Timekeeper) -> None:
        self.client = client
        self.store = store
        self.timekeeper = timekeeper
        #: The text last shown per game, with the thread it is in (a new thread needs a post).
        self._shown: dict[int, tuple[int, str]] = {}

    async def refresh(self, game_id: int) -> None:
        """Edit the status message to the game as it is now (post and pin it if there is
        none yet); keep a live game's thread from archiving."""
        async with self.timekeeper.lock(game_id):
            game = await self.store.game(game_id)
            if game is None or game.thread_id is None or game.status == "lobby":
                return
            spec = REGISTRY[game.game_key]
            policy = await self.store.time_policy(game_id)
            state = spec.load(game.state) if game.state else None
            deadlines = await self.store.deadlines(game_id)
            text = shorten(status_text(spec, game, policy, deadlines, state))
            thread = self.client.get_channel(game.thread_id)
            if thread is None and game.status == "active":  # archived threads are not cached
                with contextlib.suppress(discord.HTTPException):
                    thread = await self.client.fetch_channel(game.thread_id)
            if isinstance(thread, discord.Thread) and thread.archived and game.status == "active":
                with contextlib.suppress(discord.HTTPException):
                    await thread.edit(archived=False)  # keep a live game's thread open
            if self._shown.get(game_id) == (game.thread_id, text):
                return
            channel = self.client.get_partial_messageable(game.thread_id)
            none = discord.AllowedMentions.none()
            if policy.status_message_id == POSTING:
                # A crash came between Discord taking the status message and its id being
                # recorded: after Discord has forgotten the nonce, find it in the thread.
                header = text.split("\n", 1)[0]
                found = await already_posted(
                    self.client, channel, lambda m: m.content.startswith(header)
                )
                if found is not None:
                    await self.store.set_status_message(game_id, found.id)
                    policy = replace(policy, status_message_id=found.id)
                    with contextlib.suppress(discord.HTTPException):
                        await found.pin()  # the crash may have come before its pin
            if policy.status_message_id not in (None, POSTING):
                try:
                    await channel.get_partial_message(policy.status_message_id).edit(
                        content=text, allowed_mentions=none
                    )
                    self._shown[game_id] = (game.thread_id, text)
                    return
                except discord.NotFound:
                    pass  # deleted: post a new one below
                except discord.HTTPException as error:
                    log.warning("Could not edit the status of game %s: %s", game_id, error)
                    return
            if game.status != "active":
                return
            thread_id = game.thread_id
            # Recorded before it is posted, so a crash before its id is recorded is known.
            await self.store.set_status_message(game_id, POSTING)
            try:
                try:
                    message = await channel.send(
                        text, allowed_mentions=none, nonce=f"st-{thread_id}"
                    )
                except discord.NotFound:  # the thread (or its channel) was deleted
                    moved = await relocate(self.client, self.store, game)
                    if moved is None or moved.thread_id is None:
                        raise
                    thread_id = moved.thread_id
                    channel = self.client.get_partial_messageable(thread_id)
                    await self.store.set_status_message(game_id, POSTING)
                    message = await channel.send(
                        text, allowed_mentions=none, nonce=f"st-{thread_id}"
                    )
            except discord.HTTPException as error:
                log.warning("Could not post the status of game %s: %s", game_id, error)
                return
            await self.store.set_status_message(game_id, message.id)
            self._shown[game_id] = (thread_id, text)
            try:
                await message.pin()
            except discord.HTTPException as error:
                log.info("Could not pin the status of game %s: %s", game_id, error)
