"""Deadlines follow the game, and what happens when one passes.

Each due seat has one deadline row: when its turn began (the game version at which it became
due, found by replaying the game from its seed) and when its clock runs out. When a clock runs
out, an optional interrupt takes its default answer; otherwise the game's absent-player policy
applies: wait (the thread is told once), forfeit, or the autopilot plays the turn (the AI at
normal strength, :mod:`bot.play.thinking`). Seats the AI plays have no clock. Every move
here is an ordinary version-checked action, so a restart between a deadline and its handling
neither loses nor repeats it: the deadline is either still there or the seat has moved.
"""

from __future__ import annotations

import contextlib
import logging
from dataclasses import replace
from typing import Any

from bot.play.readers import aloud
from bot.play.service import GameService
from bot.play.turns import Replay, replay
from bot.storage import Deadline, GameRecord, Store, ThreadPost, TimePolicy, VersionConflict
from games import REGISTRY
from games.core.words import N_, told

log = logging.getLogger(__name__)

AUTOPILOT_LIMIT = 200  # moves in one turn, a guard against a game that never ends a turn
INTERRUPT_WAIT = 3600  # seconds an optional interrupt waits before its default applies


class Deadlines:
    def __init__(self, store: Store, service: GameService) -> None:
        self.store = store
        self.service = service
        self._replays: dict[int, Replay] = {}

    def known_replay(self, game: GameRecord) -> Replay | None:
        """The last replay of ``game``, if it is of the game's current version."""
        rp = self._replays.get(game.id)
        return rp if rp is not None and rp.version == game.version else None

    async def replay(self, game: GameRecord) -> Replay | None:
        """The game replayed up to its current version (from the last replay when there is
        one); None before the game starts."""
        if game.state is None:
            return None
        spec = REGISTRY[game.game_key]
        cached = self._replays.get(game.id)
        try:
            # the log may have grown since ``game`` was read (another process acted): replay
            # only up to the version read
            if cached is not None and cached.version <= game.version:
                since = await self.store.actions(game.id, cached.version)
                rp = replay(spec, game, since[: game.version - cached.version], cached)
            else:
                rp = replay(spec, game, (await self.store.actions(game.id))[: game.version])
            if rp.version != game.version or spec.dump(rp.state) != game.state:
                raise ValueError("the replay does not match the stored state")
        except Exception as error:  # a replay problem must never stop the game
            log.warning("Could not replay game %s (%s); turns start now", game.id, error)
            state = spec.load(game.state)
            old = {d.seat: d.turn for d in await self.store.deadlines(game.id)}
            rp = Replay(
                game.version,
                state,
                {s: old.get(s, game.version) for s in spec.to_act(state)},
                complete=False,
            )
        self._replays[game.id] = rp
        return rp

    async def sync(self, game: GameRecord, now: float) -> Replay | None:
        """Bring the deadline rows up to the game's version: one per due seat (seats the AI
        plays, AI seats and resigned ones, have none); a seat whose turn goes on keeps its
        row, a new turn gets a fresh clock.

        Rows already brought up to this version are read as they are, with the stored state
        and no replay (a :class:`Replay` that is not ``complete``): the scheduler's tick
        never replays a game that did not move. A game no longer in play has no rows."""
        policy = await self.store.time_policy(game.id)
        existing = await self.store.deadlines(game.id)
        if game.state is None:
            return None  # a lobby: no turns yet
        if game.status != "active":
            if existing:
                await self.store.replace_deadlines(game.id, game.version, [])
            return None
        if policy.synced_version == game.version:
            known = self.known_replay(game)
            state = known.state if known else REGISTRY[game.game_key].load(game.state)
            if self._follow(game, state, existing):
                starts = {d.seat: d.turn for d in existing}
                return known or Replay(game.version, state, starts, complete=False)
        rp = await self.replay(game)
        by_seat = {d.seat: d for d in existing}
        want: list[Deadline] = []
        if rp is not None:
            by_ai = {s.seat for s in game.seats if s.played_by_ai}  # no clock
            spec = REGISTRY[game.game_key]
            for seat, turn in sorted(rp.starts.items()):
                if seat in by_ai:
                    continue
                user = game.user_of(seat)
                old = by_seat.get(seat)
                if old is not None and old.turn == turn:
                    want.append(
                        old if old.user_id == user else replace(old, user_id=user, wake_at=0)
                    )
                else:
                    wait = policy.clock_seconds
                    if spec.default_action(rp.state, seat) is not None:
                        wait = min(wait or INTERRUPT_WAIT, INTERRUPT_WAIT)
                    want.append(
                        Deadline(game.id, seat, turn, user, now, now + wait if wait else None)
                    )
        if want != existing or policy.synced_version != game.version:
            await self.store.replace_deadlines(game.id, game.version, want)
        return rp

    @staticmethod
    def _follow(game: GameRecord, state: Any, rows: list[Deadline]) -> bool:
        """The rows are one per due seat, naming its player as seated now (a resignation or
        a hand-over changes seats without changing the version)."""
        players = {s.seat: s.user_id for s in game.seats if not s.played_by_ai}
        due = {seat for seat in REGISTRY[game.game_key].to_act(state) if seat in players}
        return {d.seat for d in rows} == due and all(players[d.seat] == d.user_id for d in rows)

    async def expire(
        self, game: GameRecord, rp: Replay, policy: TimePolicy, deadline: Deadline, now: float
    ) -> None:
        """A clock ran out in ``game`` as the tick read it (``rp``: its deadlines' replay): the
        interrupt's default, else the absent-player policy. Only while the seat is still due
        on the deadline's turn there, and each branch's commit is version-checked against
        that read: a move, an undo or a resignation committed since wins, and the next tick
        judges the game as it then is (the player who beat the clock is not punished)."""
        if not self._still_due(game, rp, deadline):
            return
        spec = REGISTRY[game.game_key]
        player, label = f"<@{deadline.user_id}>", spec.seat_label(deadline.seat)
        default = spec.default_action(rp.state, deadline.seat)
        if default is not None:  # an interrupt let pass: its default, whatever the policy
            with contextlib.suppress(VersionConflict):
                await self.service.play_for(
                    game,
                    deadline.seat,
                    default,
                    N_("⏰ No answer from {player} ({seat}): {line}"),
                    {"player": player, "seat": label},
                )
            return
        if policy.policy == "wait":
            with aloud(game):
                line = told(
                    N_("⏰ {player} ({seat})'s clock ran out. The host chose to wait for them."),
                    {"player": player, "seat": label},
                )
            post = ThreadPost(line, mentions=[deadline.user_id])
            step = f"expired:{deadline.user_id}"
            with contextlib.suppress(VersionConflict):
                await self.store.mark_step(
                    game.id, deadline.seat, deadline.turn, step, now, [post], read=game
                )
            return
        if policy.policy == "forfeit":
            with contextlib.suppress(VersionConflict):
                with aloud(game):
                    line = told(
                        N_("⏰ {player} ({seat}) ran out of time and forfeits."),
                        {"player": player, "seat": label},
                    )
                await self.service.forfeit(
                    game, deadline.seat, line, N_("{seat} forfeited"), {"seat": label}
                )
            return
        # the autopilot: owed by this deadline, thought in the background (the tick goes on)
        seat = deadline.seat
        self.service.thoughts.owe(
            game.id, f"clock:{seat}", lambda: self.stand_in(game.id, deadline, now)
        )

    async def stand_in(self, game_id: int, deadline: Deadline, now: float) -> bool:
        """The autopilot plays the turn whose clock ran out (``deadline``, as the tick at
        ``now`` judged it), to the turn's end (at most :data:`AUTOPILOT_LIMIT` moves). Run by
        :class:`~bot.play.thoughts.Thoughts` with the game claimed, maybe long after the tick:
        only while the deadline still stands as it was judged (the seat due on that turn, its
        clock run out, the policy still the autopilot), and it stops when anyone else commits
        (a move that beats the autopilot wins, and its turn ends the stand-in's). Whether it
        played."""
        game = await self.store.game(game_id)
        policy = await self.store.time_policy(game_id)
        row = next(
            (d for d in await self.store.deadlines(game_id) if d.seat == deadline.seat), None
        )
        if game is None or policy.policy != "autopilot" or row is None or row.turn != deadline.turn:
            return False
        if row.due_at is None or row.due_at > now or row.paused_at is not None:
            return False
        rp = await self.replay(game)
        played = False
        for _ in range(AUTOPILOT_LIMIT):  # a turn of several steps is played to its end
            if rp is None or not self._still_due(game, rp, deadline):
                return played  # the turn is over
            action = await self.service.stand_in_action(game, deadline.seat)
            try:
                why = N_("⏰ Out of time; autopilot plays (the AI, normal): {line}")
                await self.service.play_for(game, deadline.seat, action, why)
            except VersionConflict:
                return played
            played = True
            read = await self.store.game(game_id)
            if read is None or read.version != game.version + 1:
                return played  # someone else committed since the autopilot's move: theirs wins
            game = read
            rp = await self.replay(game)
        return played

    @staticmethod
    def _still_due(game: GameRecord, rp: Replay, deadline: Deadline) -> bool:
        """Whether the deadline's seat is due, on the deadline's turn, in ``game`` as read."""
        return (
            game.status == "active"
            and rp.starts.get(deadline.seat) == deadline.turn
            and not any(s.resigned for s in game.seats if s.seat == deadline.seat)
        )
