"""Building replays off the event loop (issue 16): one at a time in a worker thread (drawing a
long game's replay takes seconds of CPU), the last few kept for a finished game asked again."""

from __future__ import annotations

import asyncio
import io
from collections import OrderedDict

import discord

from bot.play.replays import Animation, build
from bot.storage import GameRecord, Store
from games import REGISTRY

KEEP = 4  # finished games' replays kept in memory


class Replays:
    def __init__(self, store: Store) -> None:
        self.store = store
        self._lock = asyncio.Lock()
        self._kept: OrderedDict[tuple[int, int], Animation] = OrderedDict()

    async def of(self, game: GameRecord) -> Animation:
        """The replay of ``game`` as it stands (its public boards only)."""
        key = (game.id, game.version)
        async with self._lock:
            if key not in self._kept:
                actions = await self.store.actions(game.id)
                spec = REGISTRY[game.game_key]
                animation = await asyncio.to_thread(build, spec, game, actions)
                if game.status != "over":
                    return animation
                self._kept[key] = animation
                while len(self._kept) > KEEP:
                    self._kept.popitem(last=False)
            self._kept.move_to_end(key)
            return self._kept[key]


def replay_file(game: GameRecord, animation: Animation) -> discord.File:
    return discord.File(io.BytesIO(animation.data), filename=f"replay-{game.id}.png")


def replay_caption(title: str, game: GameRecord, animation: Animation) -> str:
    shown = (
        "each one shown"
        if animation.frames > animation.moves
        else (f"{animation.frames} moments of it shown")
    )
    return f"**{title} #{game.id}**: {animation.moves} moves, {shown}."
