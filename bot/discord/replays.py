"""Building replays off the event loop.

Drawing a long game's replay takes seconds of CPU and, inside Pillow's GIF encoder, a few
hundred MB at its peak (every frame is held in memory). So each replay is drawn in a worker
process of its own, one at a time: the bot's event loop keeps its core, and the memory goes
back to the system when the worker ends. Workers are forked from a small server process that
has the games and renderers imported already (``forkserver``), so a worker starts at once.
The last few replays of finished games are kept for players who ask again.
"""

from __future__ import annotations

import asyncio
import io
import multiprocessing
import os
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor

import discord

from bot.language import speech_in
from bot.play.replays import Animation, build
from bot.play.stepper import Stepper
from bot.play.thinking import background_worker
from bot.storage import GameRecord, Store
from games import REGISTRY
from games.core.words import speaking, speech, tn

KEEP = 4  # finished games' replays kept in memory


def draw(game: GameRecord, actions: list[tuple[int, str]], language: str = "en") -> Animation:
    """The replay of ``game``, its title card and captions in ``language`` (run in a worker
    process: the language spoken is a context variable, which a process does not inherit)."""
    with speaking(speech_in(language)):
        return build(REGISTRY[game.game_key], game, actions)


def worker_context() -> multiprocessing.context.BaseContext:
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    context = multiprocessing.get_context(method)
    if method == "forkserver":
        # the AI's workers share the server (bot.play.thinking): it has the AI imported too
        context.set_forkserver_preload(["bot.discord.replays", "games.ai"])
    return context


class Replays:
    def __init__(self, store: Store) -> None:
        self.store = store
        self._lock = asyncio.Lock()
        self._kept: OrderedDict[tuple[int, int, str], Animation] = OrderedDict()
        self._workers: ProcessPoolExecutor | None = None
        self.stepper = Stepper(store)  # the step-through board's replays and boards, kept

    async def of(self, game: GameRecord) -> Animation:
        """The replay of ``game`` as it stands (its public boards only), in the language spoken
        now."""
        language = speech().code
        key = (game.id, game.version, language)
        async with self._lock:
            if key not in self._kept:
                actions = await self.store.actions(game.id)
                if self._workers is None:
                    self._workers = ProcessPoolExecutor(
                        max_workers=1,
                        mp_context=worker_context(),
                        max_tasks_per_child=1,
                        initializer=background_worker,  # below the bot; none outlives it
                        initargs=(os.getpid(),),
                    )
                loop = asyncio.get_running_loop()
                animation = await loop.run_in_executor(self._workers, draw, game, actions, language)
                if game.status != "over":
                    return animation
                self._kept[key] = animation
                while len(self._kept) > KEEP:
                    self._kept.popitem(last=False)
            self._kept.move_to_end(key)
            return self._kept[key]

    def close(self) -> None:
        """Stop the worker process (the bot is closing)."""
        if self._workers is not None:
            self._workers.shutdown(wait=False, cancel_futures=True)
            self._workers = None


def replay_file(game: GameRecord, animation: Animation) -> discord.File:
    return discord.File(io.BytesIO(animation.data), filename=f"replay-{game.id}.gif")


def replay_caption(title: str, game: GameRecord, animation: Animation) -> str:
    about = {"title": title, "game": game.id}
    if animation.frames > animation.moves:
        return tn(
            "**{title} #{game}**, an animated GIF: {n} move, each one shown.",
            "**{title} #{game}**, an animated GIF: {n} moves, each one shown.",
            animation.moves,
            **about,
        )
    return tn(
        "**{title} #{game}**, an animated GIF: {n} move, {frames} moments of it shown.",
        "**{title} #{game}**, an animated GIF: {n} moves, {frames} moments of it shown.",
        animation.moves,
        frames=animation.frames,
        **about,
    )
