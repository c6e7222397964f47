"""A finished game's review (``/parley review`` and the end post's button): the AI replays the
game in a worker process (:mod:`games.ai.review`, seconds of CPU for a long game) and each
seat's turning points are told in words.

Who reads what: a player reads their own seat's turning points, secret choices included (a
vote, a bid: their own); anyone may read the turning points of the moves the whole table saw.
Nobody reads another seat's secret choice, and nobody reads a review before the game is over.
Reviews are kept in memory once made (the same log always gives the same review), so asking
again is instant; after a restart the first asker waits again.
"""

from __future__ import annotations

import asyncio
import os
from collections import OrderedDict
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from bot.language import in_language
from bot.play.history import in_effect
from bot.play.service import UserError
from bot.play.story import player
from bot.play.thinking import background_worker, worker_context
from bot.storage import GameRecord, Store
from games import REGISTRY, GameSpec
from games.ai.review import MOST, NOTABLE, Review, TurningPoint, review
from games.core.words import N_, speech, t, tn

KEEP = 32  # reviews of finished games kept in memory (a few KB each)

REFUSED = N_("The review is made once the game is over: the AI looks back at a finished game only.")
#: A turning point's move, by who played it: you, someone, or the autopilot for either.
MOVED = {
    (True, False): N_("**Move {move}**: you played *{played}*, win chance {before} → {after}."),
    (True, True): N_(
        "**Move {move}**: the autopilot, standing in for you, played *{played}*, win chance "
        "{before} → {after}."
    ),
    (False, False): N_(
        "**Move {move}**: {player} played *{played}*, win chance {before} → {after}."
    ),
    (False, True): N_(
        "**Move {move}**: the autopilot, standing in for {player}, played *{played}*, win "
        "chance {before} → {after}."
    ),
}


def examine(game: GameRecord, actions: list[tuple[int, str]]) -> Review:
    """The review of ``game`` from its log ``actions`` (run in a worker process)."""
    return review(
        REGISTRY[game.game_key], len(game.seats), game.seed, game.options, in_effect(actions)
    )


@dataclass(frozen=True)
class Reviewed:
    """A game's review, and the moves the bot played for a seat (an autopilot, a clock run
    out): a player is never told they played those."""

    review: Review
    stood_in: frozenset[int]

    def by_autopilot(self, point: TurningPoint) -> bool:
        """Whether the autopilot played ``point``'s move for its seat's player."""
        return point.move in self.stood_in


class Reviews:
    """Makes reviews one at a time in a worker process below the bot's priority, and keeps
    the last :data:`KEEP`."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._lock = asyncio.Lock()
        #: By game and the language its words are in (each reader's own).
        self._kept: OrderedDict[tuple[int, str], Reviewed] = OrderedDict()
        self._workers: ProcessPoolExecutor | None = None

    async def of(self, game: GameRecord) -> Reviewed:
        """The review of a finished ``game``; a :class:`UserError` for any other."""
        if game.status != "over":
            raise UserError(t(REFUSED))
        key = (game.id, speech().code)
        async with self._lock:
            if key not in self._kept:
                log = await self.store.log(game.id)
                if self._workers is None:
                    self._workers = ProcessPoolExecutor(
                        max_workers=1,
                        mp_context=worker_context(),
                        max_tasks_per_child=1,  # its memory goes back when it is done
                        initializer=background_worker,
                        initargs=(os.getpid(),),
                    )
                loop = asyncio.get_running_loop()
                actions = [(entry.seat, entry.action) for entry in log]
                try:
                    found = await loop.run_in_executor(
                        self._workers, in_language, key[1], examine, game, actions
                    )
                except BrokenProcessPool:
                    self.close()  # the worker died (killed, out of memory): a new one next time
                    raise
                stood_in = frozenset(e.version for e in log if e.user_id is None)
                self._kept[key] = Reviewed(found, stood_in)
                while len(self._kept) > KEEP:
                    self._kept.popitem(last=False)
            self._kept.move_to_end(key)
            return self._kept[key]

    def close(self) -> None:
        """Stop the worker process (the bot is closing)."""
        if self._workers is not None:
            self._workers.shutdown(wait=False, cancel_futures=True)
            self._workers = None


def chance(value: float) -> str:
    return f"{round(100 * value)}%"


def point_lines(point: TurningPoint, who: str | None, autopilot: bool) -> list[str]:
    """One turning point: the move (played by ``who``, None: by you, or the autopilot for
    them), the win chance before and after, the better move."""
    moved = t(
        MOVED[who is None, autopilot],
        move=point.move,
        player=who,
        played=point.played,
        before=chance(point.before),
        after=chance(point.after),
    )
    if point.reason:
        better = t(
            "  ↳ Better: *{better}*. What it does: {why}.", better=point.better, why=point.reason
        )
    else:
        better = t("  ↳ Better: *{better}*.", better=point.better)
    return [moved, better]


def head(spec: GameSpec[Any], game: GameRecord, found: Reviewed) -> str:
    return tn(
        "🔎 **Review of {game} #{number}** ({n} move), by the AI's reckoning.",
        "🔎 **Review of {game} #{number}** ({n} moves), by the AI's reckoning.",
        found.review.moves,
        game=t(spec.title),
        number=game.id,
    )


def own_text(game: GameRecord, found: Reviewed, seats: Sequence[int]) -> str:
    """The private answer to the player of ``seats``: their own turning points, secret
    choices included (the win chance before a move counts the better move)."""
    spec = REGISTRY[game.game_key]
    lines = [head(spec, game, found)]
    for seat in seats:
        points = found.review.own(seat)
        label = t(spec.seat_label(seat))
        if not points:
            lines.append(
                t(
                    "{seat}: no move of yours cost you {points} points of win chance or more. "
                    "A clean game!",
                    seat=label,
                    points=round(100 * NOTABLE),
                )
            )
            continue
        lines.append(
            tn(
                "Your biggest turning point ({seat}):",
                "Your {n} biggest turning points ({seat}):",
                len(points),
                seat=label,
            )
        )
        for point in points:
            lines += point_lines(point, None, found.by_autopilot(point))
    return "\n".join(lines)


def public_text(game: GameRecord, found: Reviewed) -> str:
    """Every seat's biggest turning points among the moves the whole table saw (at most
    :data:`MOST` each), players named; never a secret choice."""
    spec = REGISTRY[game.game_key]
    lines = [
        t(
            "{head} Moves everyone saw; each player's secrets stay theirs.",
            head=head(spec, game, found),
        )
    ]
    ai = {s.seat for s in game.seats if s.is_ai}
    for seat in range(len(game.seats)):
        points = found.review.public(seat)
        name = player(spec, game, seat)
        if not points:
            lines.append(t("{player}: no costly move that everyone saw.", player=name))
            continue
        lines.append(f"{name}:")
        label = t(spec.seat_label(seat))
        for point in points:
            lines += point_lines(point, label, seat not in ai and found.by_autopilot(point))
    lines.append(t("Each player's own {n} (secret choices too): `/parley review`.", n=MOST))
    return "\n".join(lines)


def told_to(game: GameRecord, found: Reviewed, user_id: int) -> str:
    """What ``user_id`` may read of the review: their own seats' turning points if they play
    in ``game`` (a seat they resigned is no longer theirs), else the public review."""
    seats = [s.seat for s in game.seats if s.user_id == user_id and not s.resigned]
    return own_text(game, found, seats) if seats else public_text(game, found)
