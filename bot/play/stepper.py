"""The step-through board: a game's public board after any move, with that move's line of the
history, drawn from a small cache so stepping back and forth is instant.

A game is replayed once per version (its public views and history lines, a *timeline*), and
each board drawn once; both are kept in small least-recently-used caches in this process.
They are caches only: a restart, or a game that moved on, simply replays again. While the
game runs, the views are the public ones and the lines the public lines; once it is over the
lines also tell each secret choice (``narrate`` with ``everything``).
"""

from __future__ import annotations

import asyncio
import itertools
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from bot.play.history import Entry, entry_line, told
from bot.play.service import UserError
from bot.storage import GameRecord, LogEntry, Store
from games import REGISTRY, GameSpec
from games.core.words import speech, t, tn
from renderers import render

TIMELINES_KEPT = 4  # games replayed and kept (the longest, 2,000 moves of Caribbean: 10 MB)
BOARDS_KEPT = 64  # boards drawn and kept (a PNG is 20 to 150 KB)
WAYPOINTS = 25  # the "go to move" menu's options: Discord's most

K = TypeVar("K")
V = TypeVar("V")


class Kept(Generic[K, V]):
    """A least-recently-used cache of at most ``size`` values, safe across threads."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._values: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def peek(self, key: K) -> V | None:
        with self._lock:
            if key not in self._values:
                return None
            self._values.move_to_end(key)
            return self._values[key]

    def put(self, key: K, value: V) -> V:
        with self._lock:
            self._values[key] = value
            while len(self._values) > self.size:
                self._values.popitem(last=False)
        return value


@dataclass(frozen=True)
class Timeline:
    """A game replayed: the public view after each move (``views[0]`` the opening board) and
    each move's line of the history, as a player reads it."""

    views: list[dict[str, Any]]
    entries: list[Entry]
    lines: list[str]

    @property
    def moves(self) -> int:
        return len(self.entries)


@dataclass(frozen=True)
class Frame:
    """The board after ``move`` of ``moves`` and the words under it."""

    move: int
    moves: int
    text: str
    png: bytes
    waypoints: list[tuple[int, str]]  # the "go to move" choices: (move, what happened)


def replayed(spec: GameSpec[Any], game: GameRecord, log: Sequence[LogEntry]) -> Timeline:
    """Replay ``game``'s log once: public views only; secret choices told once it is over."""
    state = spec.new(len(game.seats), game.seed, game.options)
    views = [spec.view(state, None)]
    entries, lines = [], []
    for step, entry in told(spec, game, log, everything=game.status == "over"):
        views.append(spec.view(step.after, None))
        entries.append(entry)
        lines.append(entry_line(spec, game, entry))
    return Timeline(views, entries, lines)


def waypoints(move: int, moves: int, most: int = WAYPOINTS) -> list[int]:
    """The moves a "go to move" menu offers from ``move``: the opening and the last move, a
    few on either side of this one, and the rest spread evenly over the game (a thumb picks
    a place in a long game, then steps with the buttons)."""
    picked = {0, moves} | {m for m in range(move - 3, move + 4) if 0 <= m <= moves}
    spread = most - len(picked)
    picked |= {round(i * moves / (spread + 1)) for i in range(1, spread + 1)}  # <= spread new
    while len(picked) < min(most, moves + 1):  # halve the widest gap left
        ordered = sorted(picked)
        low, high = max(itertools.pairwise(ordered), key=lambda pair: pair[1] - pair[0])
        picked.add((low + high) // 2)
    return sorted(picked)


def clip(text: str, most: int) -> str:
    return text if len(text) <= most else text[: most - 1].rstrip() + "…"


class Stepper:
    """The step-through board of any game, its replays and boards kept in memory."""

    def __init__(self, store: Store) -> None:
        self.store = store
        #: Keyed by game, version, status and the language its words are in.
        self._timelines: Kept[tuple[int, int, str, str], Timeline] = Kept(TIMELINES_KEPT)
        self._boards: Kept[tuple[int, int, str, str, int], bytes] = Kept(BOARDS_KEPT)

    async def frame(self, game: GameRecord, move: int | None) -> Frame:
        """The board of ``game`` after ``move`` (None: where a look back starts, the opening
        of a finished game or the newest move of one going on)."""
        if game.state is None:
            raise UserError(t("The game has not started yet."))
        spec = REGISTRY[game.game_key]
        key = (game.id, game.version, game.status, speech().code)  # the reader's language
        timeline = self._timelines.peek(key)
        if timeline is None:
            log = await self.store.log(game.id)
            timeline = await asyncio.to_thread(replayed, spec, game, log)
            self._timelines.put(key, timeline)
        moves = timeline.moves
        if move is None:
            move = 0 if game.status == "over" else moves
        if not 0 <= move <= moves:
            raise UserError(t("This game has moves 0 to {last} so far.", last=moves))
        png = self._boards.peek((*key, move))
        if png is None:
            png = await asyncio.to_thread(board, spec, timeline, move)
            self._boards.put((*key, move), png)
        return Frame(move, moves, words(spec, game, timeline, move), png, offered(timeline, move))


def board(spec: GameSpec[Any], timeline: Timeline, move: int) -> bytes:
    """The public board after ``move``, with what that move changed marked."""
    now = timeline.views[move]
    marks = spec.changes(timeline.views[move - 1], now) if move else None
    return render(spec.key, now, marks)


def words(spec: GameSpec[Any], game: GameRecord, timeline: Timeline, move: int) -> str:
    """The heading and the move's line of the history, inside one message."""
    told = t(" (the game is over: secret choices are told)") if game.status == "over" else ""
    title = t(spec.title)
    if move == 0:
        return tn(
            "🎞️ **{game} #{number}**, the opening board ({n} move){told}",
            "🎞️ **{game} #{number}**, the opening board ({n} moves){told}",
            timeline.moves,
            game=title,
            number=game.id,
            told=told,
        )
    heading = t(
        "🎞️ **{game} #{number}**, move {move} of {moves}{told}",
        game=title,
        number=game.id,
        move=move,
        moves=timeline.moves,
        told=told,
    )
    return clip(f"{heading}\n{timeline.lines[move - 1]}", 1900)


def offered(timeline: Timeline, move: int) -> list[tuple[int, str]]:
    """The "go to move" choices from ``move``: each move with what happened in it."""
    return [
        (m, t("The opening board") if m == 0 else timeline.entries[m - 1].text)
        for m in waypoints(move, timeline.moves)
    ]
