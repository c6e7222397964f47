"""Play over days: deadlines, reminders, vacations, absent players and the status message.

One ``discord.ext.tasks`` loop calls :meth:`Scheduler.tick`, which does all due work. Every
step is idempotent and transactional: a reminder step is marked done in the same commit that
queues its outbox post (:meth:`Store.mark_step`), a vacation pause in the same commit as its
notice, and an autopilot move is an ordinary version-checked action. So a restart between a
deadline and its processing neither loses nor repeats it: on the next tick the deadline is
either still there (nothing was committed) or already gone (the seat has moved).

Deadlines follow the game: :meth:`Scheduler.sync_game` replays the game from its seed to find
when each due seat's turn began, and keeps one row per due seat. It runs before the herald
delivers a game's posts (so posts can show the deadline) and on every tick.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import defaultdict
from dataclasses import replace
from typing import TYPE_CHECKING

import discord
from discord.ext import tasks

from bot.delivery import Herald
from bot.store import (
    Deadline,
    GameRecord,
    OutboxItem,
    Post,
    TimePolicy,
    UserSettings,
    VersionConflict,
)
from bot.timekeeping import (
    STEPS,
    Replay,
    autopilot_action,
    in_quiet_hours,
    on_vacation,
    replay,
    stamp,
    status_text,
    step_times,
)
from games import REGISTRY, GameSpec

if TYPE_CHECKING:
    from bot.client import ParleyBot

log = logging.getLogger(__name__)

AUTOPILOT_LIMIT = 200  # moves in one turn, a guard against a game that never ends a turn
INTERRUPT_WAIT = 3600  # seconds an optional interrupt waits before its default applies


class Scheduler:
    def __init__(self, bot: ParleyBot) -> None:
        self.bot = bot
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._replays: dict[int, Replay] = {}
        self._status_cache: dict[int, str] = {}

    @property
    def store(self):
        return self.bot.store

    # -- the loop -----------------------------------------------------------------------
    def start(self, seconds: float) -> None:
        if seconds > 0 and not self.loop.is_running():
            self.loop.change_interval(seconds=seconds)
            self.loop.start()

    def stop(self) -> None:
        if self.loop.is_running():
            self.loop.cancel()

    @tasks.loop(seconds=30)
    async def loop(self) -> None:
        try:
            await self.tick()
        except Exception:  # the loop must survive anything
            log.exception("Scheduler tick failed")

    @loop.before_loop
    async def _before_loop(self) -> None:
        await self.bot.wait_until_ready()

    async def tick(self, now: float | None = None) -> None:
        """Do everything that is due at ``now`` (default: the bot's clock), once."""
        now = self.bot.clock() if now is None else now
        for game in await self.store.active_games():
            try:
                async with self._locks[game.id]:
                    await self._tick_game(game.id, now)
            except Exception:
                log.exception("Scheduler failed on game %s", game.id)
            await self.bot.herald.deliver(game.id)

    async def _tick_game(self, game_id: int, now: float) -> None:
        game = await self.store.game(game_id)
        if game is None or game.status != "active":
            return
        spec = REGISTRY[game.game_key]
        rp = await self._sync(game, now)
        policy = await self.store.time_policy(game_id)
        for deadline in await self.store.deadlines(game_id):
            settings = await self.store.user_settings(deadline.user_id)
            interrupt = rp is not None and spec.default_action(rp.state, deadline.seat) is not None
            if not interrupt:  # a short interrupt neither stops for vacations nor reminds
                deadline = await self._vacation(spec, deadline, settings, now)
            if deadline.paused_at is not None:
                continue
            if deadline.due_at is not None and now >= deadline.due_at:
                await self._expire(game_id, policy, deadline, now)
                game = await self.store.game(game_id)
                if game is None or game.status != "active":
                    return
                rp = await self._sync(game, now)
            else:
                clock = None if interrupt else policy.clock_seconds  # no ladder: start only
                await self._remind(game, spec, clock, deadline, settings, rp, now)

    # -- deadlines follow the game --------------------------------------------------------
    async def sync_game(self, game_id: int, now: float | None = None) -> None:
        async with self._locks[game_id]:
            game = await self.store.game(game_id)
            if game is not None:
                await self._sync(game, self.bot.clock() if now is None else now)

    async def _replay(self, game: GameRecord) -> Replay | None:
        if game.state is None:
            return None
        spec = REGISTRY[game.game_key]
        cached = self._replays.get(game.id)
        try:
            if cached is not None and cached.version <= game.version:
                rp = replay(spec, game, await self.store.actions(game.id, cached.version), cached)
            else:
                rp = replay(spec, game, await self.store.actions(game.id))
            if rp.version != game.version or spec.dump(rp.state) != game.state:
                raise ValueError("the replay does not match the stored state")
        except Exception as error:  # a replay problem must never stop the game
            log.warning("Could not replay game %s (%s); turns start now", game.id, error)
            state = spec.load(game.state)
            old = {d.seat: d.turn for d in await self.store.deadlines(game.id)}
            rp = Replay(game.version, state,
                        {s: old.get(s, game.version) for s in spec.to_act(state)})
        self._replays[game.id] = rp
        return rp

    async def _sync(self, game: GameRecord, now: float) -> Replay | None:
        rp = await self._replay(game)
        policy = await self.store.time_policy(game.id)
        existing = await self.store.deadlines(game.id)
        by_seat = {d.seat: d for d in existing}
        want: list[Deadline] = []
        if game.status == "active" and rp is not None:
            resigned = {s.seat for s in game.seats if s.resigned}
            spec = REGISTRY[game.game_key]
            for seat, turn in sorted(rp.starts.items()):
                if seat in resigned:
                    continue
                user = game.user_of(seat)
                old = by_seat.get(seat)
                if old is not None and old.turn == turn:
                    want.append(replace(old, user_id=user))
                else:
                    wait = policy.clock_seconds
                    if spec.default_action(rp.state, seat) is not None:
                        wait = min(wait or INTERRUPT_WAIT, INTERRUPT_WAIT)
                    want.append(Deadline(game.id, seat, turn, user, now,
                                         now + wait if wait else None))
        if want != existing or policy.synced_version != game.version:
            await self.store.replace_deadlines(game.id, game.version, want)
        return rp

    # -- vacations ------------------------------------------------------------------------
    async def _vacation(self, spec: GameSpec, deadline: Deadline, settings: UserSettings,
                        now: float) -> Deadline:
        away = on_vacation(settings, now)
        who = f"<@{deadline.user_id}> ({spec.seat_label(deadline.seat)})"
        if away and deadline.paused_at is None:
            assert settings.vacation_start is not None and settings.vacation_until is not None
            deadline = replace(deadline, paused_at=max(deadline.started_at,
                                                       settings.vacation_start))
            line = (f"🏖️ {who} is on vacation until {stamp(settings.vacation_until)}: "
                    "their clock is stopped.")
            await self.store.update_deadline(deadline, [Post("thread", {"line": line,
                                                                        "mentions": []})])
        elif not away and deadline.paused_at is not None:
            end = now
            if settings.vacation_until is not None and settings.vacation_until < now:
                end = max(deadline.paused_at, settings.vacation_until)
            due = (deadline.due_at + (end - deadline.paused_at)
                   if deadline.due_at is not None else None)
            deadline = replace(deadline, due_at=due, paused_at=None)
            line = f"🌴 {who} is back from vacation; their clock runs again" + (
                f": due {stamp(due)}." if due is not None else ".")
            await self.store.update_deadline(deadline, [Post("thread", {"line": line,
                                                                        "mentions": []})])
        return deadline

    # -- reminders ------------------------------------------------------------------------
    async def _remind(self, game: GameRecord, spec: GameSpec, clock_seconds: int | None,
                      deadline: Deadline, settings: UserSettings, rp: Replay | None,
                      now: float) -> None:
        times = step_times(deadline, clock_seconds)
        key = {step: f"{step}:{deadline.user_id}" for step in STEPS}
        due = [step for step in STEPS if step in times and times[step] <= now]
        if not due:
            return
        done = await self.store.steps_done(game.id, deadline.seat, deadline.turn)
        pending = [step for step in due if key[step] not in done]
        if not pending or in_quiet_hours(settings, now):
            return  # quiet hours delay a step; it goes out when they end
        for skipped in pending[:-1]:  # never a burst: only the latest step goes out
            await self.store.mark_step(game.id, deadline.seat, deadline.turn, key[skipped], now,
                                       [])
        step = pending[-1]
        posts = self._reminder_posts(game, spec, deadline, settings, step, rp)
        await self.store.mark_step(game.id, deadline.seat, deadline.turn, key[step], now, posts)

    def _reminder_posts(self, game: GameRecord, spec: GameSpec, deadline: Deadline,
                        settings: UserSettings, step: str, rp: Replay | None) -> list[Post]:
        where = (f"https://discord.com/channels/{game.guild_id}/{game.thread_id}"
                 if game.thread_id else f"{spec.title} #{game.id}")
        due = f" Your clock runs out {stamp(deadline.due_at)}." if deadline.due_at else ""
        seat = next(s for s in game.seats if s.seat == deadline.seat)
        secret = rp is not None and spec.secret_choice(rp.state, deadline.seat)
        by_dm = seat.dm_open is not False
        if step == "start":
            if not settings.turn_dm or not by_dm:
                return []  # the thread post already pinged them
            text = f"⏰ Your turn: {where}.{due}"
            digest = rp.digest(deadline.seat) if rp is not None else []
            if digest:
                text += "\nSince your last move:\n" + "\n".join(f"• {line}" for line in digest)
        elif step == "half":
            text = f"⏰ Reminder: it is your turn in {where}.{due}"
        else:
            text = f"⏰ Last call: your clock runs out {stamp(deadline.due_at or 0)} in {where}."
        mention = f"<@{deadline.user_id}> {text}"
        if (settings.style == "dm" and by_dm) or step == "start":
            # the thread post already pinged a player at the start of their turn
            return [Post("dm", {"version": game.version, "seat": deadline.seat, "text": text,
                                "choices": secret, "or_thread": None if step == "start"
                                else mention}, user_id=deadline.user_id)]
        return [Post("thread", {"line": mention, "mentions": [deadline.user_id]})]

    # -- absent players -------------------------------------------------------------------
    async def _expire(self, game_id: int, policy: TimePolicy, deadline: Deadline,
                      now: float) -> None:
        game = await self.store.game(game_id)
        if game is None or game.status != "active":
            return
        spec = REGISTRY[game.game_key]
        who = f"<@{deadline.user_id}> ({spec.seat_label(deadline.seat)})"
        rp = await self._sync(game, now)
        if rp is not None and rp.starts.get(deadline.seat) == deadline.turn:
            default = spec.default_action(rp.state, deadline.seat)
            if default is not None:  # an interrupt let pass: its default, whatever the policy
                after = spec.apply(rp.state, deadline.seat, default)
                line = f"⏰ No answer from {who}: " + spec.describe(
                    rp.state, deadline.seat, default, after)
                with contextlib.suppress(VersionConflict):
                    await self.bot.service._commit(game, spec, rp.state, deadline.seat, None,
                                                   default, after, line)
                return
        if policy.policy == "wait":
            line = f"⏰ {who}'s clock ran out. The host chose to wait for them."
            await self.store.mark_step(game_id, deadline.seat, deadline.turn,
                                       f"expired:{deadline.user_id}", now,
                                       [Post("thread", {"line": line,
                                                        "mentions": [deadline.user_id]})])
            return
        if policy.policy == "forfeit":
            await self.forfeit(game, deadline.seat, f"⏰ {who} ran out of time and forfeits.")
            return
        for _ in range(AUTOPILOT_LIMIT):
            game = await self.store.game(game_id)
            if game is None or game.status != "active":
                return
            rp = await self._sync(game, now)
            if rp is None or rp.starts.get(deadline.seat) != deadline.turn or any(
                    s.resigned for s in game.seats if s.seat == deadline.seat):
                return  # the turn is over (or was already played before a restart)
            action = autopilot_action(spec, game, rp.state, deadline.seat)
            after = spec.apply(rp.state, deadline.seat, action)
            line = "⏰ Out of time; autopilot plays: " + spec.describe(
                rp.state, deadline.seat, action, after)
            try:
                await self.bot.service._commit(game, spec, rp.state, deadline.seat, None, action,
                                               after, line)
            except VersionConflict:
                return

    async def forfeit(self, game: GameRecord, seat: int, line: str) -> None:
        """The seat leaves the game: it is won by the last one standing, or played by the
        autopilot for the others to finish (as after ``/parley resign``)."""
        spec = REGISTRY[game.game_key]
        user = game.user_of(seat)
        others = [s.seat for s in game.seats if s.seat != seat and not s.resigned]
        if len(others) <= 1:
            result = {"winners": others, "reason": f"{spec.seat_label(seat)} forfeited"}
            state = spec.load(game.state or "")
            post = Post("thread", {"line": line, "mentions": [], "view": spec.view(state, None),
                                   "result": result, "version": game.version})
            await self.store.finish(game.id, "over", result, [post], resigned_user=user)
        else:
            post = Post("thread", {"line": line + " A simple autopilot plays their seat.",
                                   "mentions": []})
            await self.store.finish(game.id, "active", None, [post], resigned_user=user)
            await self.bot.service._autopilot(game.id)

    # -- the living status message ----------------------------------------------------------
    async def refresh_status(self, game_id: int) -> None:
        async with self._locks[game_id]:
            game = await self.store.game(game_id)
            if game is None or game.thread_id is None or game.status == "lobby":
                return
            spec = REGISTRY[game.game_key]
            policy = await self.store.time_policy(game_id)
            state = spec.load(game.state) if game.state else None
            text = status_text(spec, game, policy, await self.store.deadlines(game_id), state,
                               self.bot.clock())
            thread = self.bot.get_channel(game.thread_id)
            if thread is None and game.status == "active":  # archived threads are not cached
                with contextlib.suppress(discord.HTTPException):
                    thread = await self.bot.fetch_channel(game.thread_id)
            if isinstance(thread, discord.Thread) and thread.archived and game.status == "active":
                with contextlib.suppress(discord.HTTPException):
                    await thread.edit(archived=False)  # keep a live game's thread open
            if self._status_cache.get(game_id) == text:
                return
            channel = self.bot.get_partial_messageable(game.thread_id)
            none = discord.AllowedMentions.none()
            if policy.status_message_id is not None:
                try:
                    await channel.get_partial_message(policy.status_message_id).edit(
                        content=text, allowed_mentions=none)
                    self._status_cache[game_id] = text
                    return
                except discord.NotFound:
                    pass  # deleted: post a new one below
                except discord.HTTPException as error:
                    log.warning("Could not edit the status of game %s: %s", game_id, error)
                    return
            if game.status != "active":
                return
            try:
                try:
                    message = await channel.send(text, allowed_mentions=none)
                except discord.NotFound:  # the thread (or its channel) was deleted
                    moved = await self.relocate(game)
                    if moved is None or moved.thread_id is None:
                        raise
                    channel = self.bot.get_partial_messageable(moved.thread_id)
                    message = await channel.send(text, allowed_mentions=none)
            except discord.HTTPException as error:
                log.warning("Could not post the status of game %s: %s", game_id, error)
                return
            await self.store.set_status_message(game_id, message.id)
            self._status_cache[game_id] = text
            try:
                await message.pin()
            except discord.HTTPException as error:
                log.info("Could not pin the status of game %s: %s", game_id, error)

    # -- a deleted thread -----------------------------------------------------------------
    async def relocate(self, game: GameRecord) -> GameRecord | None:
        """The game's thread (or channel) is gone: open a new thread and tell the host."""
        spec = REGISTRY[game.game_key]
        places: list[discord.abc.GuildChannel] = []
        channel = self.bot.get_channel(game.channel_id)
        if isinstance(channel, discord.TextChannel):
            places.append(channel)
        guild = self.bot.get_guild(game.guild_id)
        if guild is not None:
            places += [c for c in guild.text_channels if c not in places]
        for place in places:
            assert isinstance(place, discord.TextChannel)
            try:
                thread = await place.create_thread(name=f"{spec.title} #{game.id}",
                                                   type=discord.ChannelType.public_thread,
                                                   auto_archive_duration=10080)
            except discord.HTTPException:
                continue
            moved = place.id != game.channel_id
            await self.store.set_places(game.id, thread.id,
                                        None if moved else game.lobby_message_id,
                                        channel_id=place.id)
            await self.store.set_status_message(game.id, None)
            self._status_cache.pop(game.id, None)
            await self.bot.send_dm(game.host_id, f"The thread of **{spec.title} #{game.id}** "
                                   f"was deleted; the game goes on in {thread.mention}.")
            return await self.store.game(game.id)
        return None


class TimedHerald(Herald):
    """The herald, with deadlines brought up to date before a game's posts go out (so a post
    can show the clock) and the status message refreshed after."""

    async def deliver(self, game_id: int | None = None) -> None:
        if game_id is None:
            await super().deliver(None)
            return
        scheduler: Scheduler = self.bot.scheduler
        try:
            await scheduler.sync_game(game_id)
            # A new status message goes first, so it heads the thread and the newest post
            # stays the newest board; afterwards it is only edited.
            await scheduler.refresh_status(game_id)
        except Exception:
            log.exception("Could not update the deadlines of game %s", game_id)
        await super().deliver(game_id)
        try:
            await scheduler.refresh_status(game_id)
        except Exception:
            log.exception("Could not refresh the status of game %s", game_id)

    async def _post(self, game: GameRecord, item: OutboxItem) -> None:
        payload = item.payload
        if payload.get("waiting") and payload.get("version") == game.version:
            dues = [d.due_at for d in await self.bot.store.deadlines(game.id)
                    if d.due_at is not None and d.paused_at is None]
            if dues:
                item = replace(item, payload={**payload, "due": min(dues)})
            mentions = payload.get("mentions") or []
            rp = self.bot.scheduler._replays.get(game.id)
            if len(mentions) == 1 and rp is not None and rp.version == game.version:
                seat = game.seat_of(mentions[0])
                # the ping carries what happened since their last move (beyond this post)
                digest = rp.digest(seat)[:-1] if seat is not None else []
                if digest:
                    text = "Since your last move: " + " · ".join(digest)
                    item = replace(item, payload={**item.payload,
                                                  "line": f"{payload['line']}\n{text}"})
        try:
            await super()._post(game, item)
        except discord.NotFound:
            moved = await self.bot.scheduler.relocate(game)
            if moved is None:
                raise
            await super()._post(moved, item)

    async def _dm(self, game: GameRecord, item: OutboxItem) -> None:
        payload = item.payload
        if payload.get("choices") and payload.get("version") == game.version:
            due = [d.due_at for d in await self.bot.store.deadlines(game.id)
                   if d.seat == payload.get("seat") and d.due_at is not None
                   and d.paused_at is None]
            if due:
                text = (payload.get("text") or "") + f"\n⏰ Your clock runs out {stamp(due[0])}."
                item = replace(item, payload={**payload, "text": text.strip()})
        await super()._dm(game, item)
