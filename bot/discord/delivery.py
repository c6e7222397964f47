"""Sends what the outbox owes: thread posts (board image, one line, one mention) and DMs.

Items were written in the same transaction as the change that caused them, so a crash before
sending loses nothing: :meth:`Herald.deliver` runs after every change, at start-up and on every
tick. Each send carries the item's id as an enforced nonce, so a resend after a crash between
sending and marking is dropped by Discord; what Discord made of it (its message id) is recorded
as soon as it answers; and a post tried longer ago than Discord keeps a nonce is first looked
for in the thread (:mod:`bot.discord.resend`): every post goes out exactly once. Items of one
game go out in order under a per-game lock, and only by the process holding the game's claim
(:mod:`bot.play.claims`: with several processes, never two at once). A thread post is never
dropped: while the game has no thread yet, or its thread refuses posts or is gone with no
channel taking a new one, it and the thread posts after it wait. A closed DM is recorded once
and never retried; a DM about a seat goes only to whoever holds the seat when it goes out.

Before a game's posts go out its deadlines are brought up to date (so a post can show the
clock) and its status message refreshed. The steps of a turn go out as one post when the turn
ends, a turn the AI answers with the AI's reply, and a post that only says a seat is done
(voted, confirmed) goes only to the status message (:mod:`bot.play.quiet`); the board that
pings a player who missed several actions marks what changed since their last move
(:mod:`bot.play.since`). The buttons a post offers are
drawn by the functions the herald is built with (:mod:`bot.discord.crew`).
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from collections import defaultdict
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any, Protocol

import aiohttp
import discord

from bot.discord.dms import send_dm
from bot.discord.messages import send_long, split_message
from bot.discord.permissions import lacking_in, listing
from bot.discord.replays import Replays, replay_caption, replay_file
from bot.discord.resend import already_posted, nonce_expired
from bot.discord.status import StatusMessages
from bot.discord.threads import relocate
from bot.logs import about
from bot.metrics import Metrics
from bot.play.claims import Claims
from bot.play.clocks import Clock, stamp
from bot.play.quiet import is_held, merged, releases
from bot.play.readers import aloud, to_reader
from bot.play.reminders import reminder_prefix
from bot.play.since import changes_since
from bot.play.standings import Standings
from bot.play.story import final_post, reason_of, story, told_once
from bot.play.timekeeper import Timekeeper
from bot.storage import DirectMessage, GameRecord, OutboxItem, Store, ThreadPost, who
from games import REGISTRY
from games.core.words import N_, t
from renderers import render

log = logging.getLogger(__name__)


class Homeless(Exception):
    """The game has no thread to post in, and no channel takes a new one: its posts wait."""


DM_CLOSED_HELP = N_(
    "I couldn't DM you. To get your private cards and choices by DM, open **User Settings > "
    "Privacy & Safety** (or this server's **Privacy Settings**) and allow direct messages from "
    "server members. Until then, `/parley hand` shows them to you privately."
)
NO_BOARD = N_(
    "(No board image: I lack **Attach Files** in this thread. `/parley board` shows "
    "it to you privately.)"
)


class DrawChoices(Protocol):
    """Buttons (or a menu) for the choices of ``seat`` (None: none) in ``game`` as of
    ``version``, in words and in steps, with the button that opens a player's hand if asked;
    None when nothing fits."""

    def __call__(
        self, game: GameRecord, version: int, seat: int | None, with_hand_button: bool = False
    ) -> discord.ui.View | None: ...


def post_text(game: GameRecord, post: ThreadPost, due: float | None = None) -> str:
    """The one-line thread post: who did what, then who must act (the only mentions), and
    when their clock runs out, then a practice game's teaching notes."""
    spec = REGISTRY[game.game_key]
    if post.result:  # the final post tells the whole story: the result, then every secret
        line = told_once(post.line, reason_of(post.result))
        head = by_player(post.actor, line) if post.actor and line else line
        return final_post(head, story(spec, game, spec.load(game.state) if game.state else None))
    lines = [by_player(post.actor, post.line) if post.actor else post.line]
    if post.waiting:
        names = ", ".join(who(u) for u in post.waiting)
        if post.secret:
            call = t(
                "{players}, your move (secret choice: use your DM or `/parley hand`).",
                players=names,
            )
        else:
            call = t("{players}, your move.", players=names)
        lines.append(call + (" " + t("⏰ due {when}", when=stamp(due)) if due else ""))
    return "\n".join([*lines, *post.notes])


def by_player(user_id: int, line: str) -> str:
    """A post's line headed by the player who made it."""
    return t("{player}: {line}", player=who(user_id), line=line)


def dm_text(game: GameRecord, dm: DirectMessage) -> str:
    """A DM's words: which game, seat and turn it is about (a ballot each round would read
    the same as the last one without it), then that seat's private news."""
    spec = REGISTRY[game.game_key]
    about = {"title": spec.title, "game": game.id, "seat": spec.seat_label(dm.seat)}
    if dm.turn is None:
        text = t("**{title} #{game}** ({seat})", **about)
    else:
        text = t("**{title} #{game}** ({seat}) · turn {turn}", turn=dm.turn, **about)
    return text + (f"\n{dm.text}" if dm.text else "")


def public_choices(game: GameRecord, post: ThreadPost, draw: DrawChoices) -> discord.ui.View | None:
    """The buttons under a board post: the open choices of the one seat to act (anyone may
    see them); a secret choice never shows there, only the button to open your hand."""
    if post.result or game.status != "active" or post.version is None or post.view is None:
        return None
    spec = REGISTRY[game.game_key]
    to_act = post.view["to_act"]
    if post.version != game.version or len(to_act) != 1:
        return draw(game, post.version, None, with_hand_button=True)
    state = spec.load(game.state or "")
    seat = to_act[0]
    return draw(
        game, post.version, None if spec.secret_choice(state, seat) else seat, with_hand_button=True
    )


class Troubles:
    """What to tell the player who just moved in a game whose posts wait (its thread refuses
    them, or is gone): kept as the way to say it, so each player reads it in their language."""

    def __init__(self) -> None:
        self._said: dict[int, Callable[[], str]] = {}

    def __contains__(self, game_id: int) -> bool:
        return game_id in self._said

    def note(self, game_id: int, say: Callable[[], str]) -> None:
        self._said[game_id] = say

    def clear(self, game_id: int) -> None:
        self._said.pop(game_id, None)

    def get(self, game_id: int) -> str | None:
        """The words for the game's trouble in the language spoken now (None: no trouble)."""
        say = self._said.get(game_id)
        return say() if say else None


def refused_words(names: list[str]) -> str:
    """The game's thread refuses posts; ``names``: the permissions lacking there, if known."""
    if names:
        return t(
            "⚠️ I can't post in this game's thread: I lack {permissions} there. Moves still "
            "count; the posts go out once an admin fixes it.",
            permissions=listing(names),
        )
    return t(
        "⚠️ I can't post in this game's thread: I lack a permission there. Moves still count; "
        "the posts go out once an admin fixes it."
    )


def homeless_words(names: list[str]) -> str:
    """The game's thread is gone and none can be opened; ``names``: the permissions lacking."""
    if names:
        return t(
            "⚠️ This game's thread was deleted and I can't open a new one: I lack "
            "{permissions}. Moves still count; the posts go out once an admin fixes it.",
            permissions=listing(names),
        )
    return t(
        "⚠️ This game's thread was deleted and I can't open a new one: I lack a channel that "
        "takes a thread. Moves still count; the posts go out once an admin fixes it."
    )


class Herald:
    """``draw_choices`` draws the choice buttons under posts and in DMs, ``draw_final`` the
    buttons under a game's final post (Rematch): they live with the code that answers their
    clicks, which types against the bot, so the bot's crew hands them over."""

    def __init__(
        self,
        client: discord.Client,
        store: Store,
        timekeeper: Timekeeper,
        status: StatusMessages,
        clock: Clock,
        claims: Claims,
        draw_choices: DrawChoices,
        draw_final: Callable[[int], discord.ui.View],
        metrics: Metrics,
    ) -> None:
        self.client = client
        self.store = store
        self.timekeeper = timekeeper
        self.status = status
        self.clock = clock
        #: Games are sent by the process holding them (another one's are left to it).
        self.claims = claims
        self.draw_choices = draw_choices
        self.draw_final = draw_final
        #: Counts each post or DM Discord did not take, by reason.
        self.metrics = metrics
        self.standings = Standings(store)
        self.replays = Replays(store)
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        #: Games whose thread refuses our posts, with what to tell the player who just moved.
        self.trouble = Troubles()

    async def deliver(self, game_id: int | None = None) -> None:
        """Send every unsent item (of one game, or of all games at start-up)."""
        if game_id is None:
            pending = {item.game_id for item in await self.store.unsent()}
            for gid in sorted(pending):  # at start: a game another process holds is its own
                async with self.claims.hold(gid, patience=0) as mine:
                    if mine:
                        with about(game_id=gid):
                            await self._deliver_held(gid)
            return
        async with self.claims.hold(game_id) as mine:
            if mine:  # else another process holds the game: it sends them
                with about(game_id=game_id):
                    await self._deliver_held(game_id)

    async def _deliver_held(self, game_id: int) -> None:
        """The game's posts and status message in its language, whoever's click or tick
        caused them; each DM in its recipient's (:meth:`_dm`)."""
        game = await self.store.game(game_id)
        with aloud(game) if game is not None else contextlib.nullcontext():
            await self._deliver_spoken(game_id)

    async def _deliver_spoken(self, game_id: int) -> None:
        try:  # a finished game counts in the ratings before its final post tells the result
            await self.standings.settle(game_id)
        except Exception:
            log.exception("Could not settle the ratings of game %s", game_id)
        try:
            await self.timekeeper.sync(game_id, self.clock())
            # A new status message goes first, so it heads the thread and the newest post
            # stays the newest board; afterwards it is only edited.
            await self.status.refresh(game_id)
        except Exception:
            log.exception("Could not update the deadlines of game %s", game_id)
        await self._send_owed(game_id)
        try:
            await self.status.refresh(game_id)
        except Exception:
            log.exception("Could not refresh the status of game %s", game_id)

    async def _send_owed(self, game_id: int) -> None:
        async with self._locks[game_id]:
            # A thread post that must wait (no thread yet, the thread refuses or is gone) holds
            # the later ones too, to keep their order; nothing owed is ever dropped for it.
            held = False
            steps: list[tuple[int, ThreadPost]] = []  # the steps of a turn that goes on
            for item in await self.store.unsent(game_id):
                to_thread = isinstance(item.post, ThreadPost)
                game = await self.store.game(game_id)
                if game is None or (held and to_thread):
                    continue
                if isinstance(item.post, ThreadPost) and item.post.replay:
                    continue  # drawn and sent by post_replays, on the scheduler's tick
                if to_thread and game.thread_id is None:
                    held = True  # the game still owes its opening: its thread comes first
                    continue
                message_id = None
                carried: list[int] = []
                if isinstance(post := item.post, ThreadPost):
                    if is_held(post):
                        steps.append((item.id, post))
                        continue
                    waiting = [step for _, step in steps]
                    if releases(post, game.status == "active", waiting):
                        carried = [step_id for step_id, _ in steps]
                        item = replace(item, post=merged(waiting, post))
                        steps = []
                    elif post.status_only:  # the pinned status message tells it
                        await self.store.mark_sent(item.id)
                        continue
                try:
                    if to_thread:
                        message_id = await self._post(game, item)
                        self.trouble.clear(game_id)
                    else:
                        message_id = await self._dm(game, item)
                except Homeless:
                    self.metrics.delivery_failed("no_thread")
                    held = True
                    self._homeless(game)
                    continue
                except discord.Forbidden as error:
                    self.metrics.delivery_failed("forbidden")
                    if to_thread:
                        held = True  # it goes out once an admin gives the permission back
                        self._refused(game, error)
                        continue
                    log.warning(
                        "Could not deliver item %s of game %s: %s %s",
                        item.id,
                        game_id,
                        error.status,
                        error.text,
                    )
                except (aiohttp.ClientError, TimeoutError, OSError) as error:
                    # The network dropped: nothing says whether Discord got it; the item is
                    # tried again later (its nonce, or the thread's history, stops a double).
                    self.metrics.delivery_failed("network")
                    log.warning("Network trouble (%s); will retry item %s", error, item.id)
                    return
                except discord.HTTPException as error:
                    self.metrics.delivery_failed(
                        "discord_error" if error.status >= 500 else "refused"
                    )
                    if error.status >= 500:
                        log.warning(
                            "Discord is failing (%s); will retry item %s", error.status, item.id
                        )
                        return
                    log.warning(
                        "Could not deliver item %s of game %s: %s %s",
                        item.id,
                        game_id,
                        error.status,
                        error.text,
                    )
                for step_id in carried:  # before the post that told them: never told twice
                    await self.store.mark_sent(step_id)
                await self.store.mark_sent(item.id, message_id)

    def _refused(self, game: GameRecord, error: discord.Forbidden) -> None:
        if game.id not in self.trouble:
            log.warning("The thread of game %s refuses posts (%s); they wait", game.id, error.text)
        names = lacking_in(self.client.get_channel(game.thread_id or 0))
        self.trouble.note(game.id, partial(refused_words, names))

    def _homeless(self, game: GameRecord) -> None:
        if game.id not in self.trouble:
            log.warning("The thread of game %s is gone and none can be opened; posts wait", game.id)
        names = lacking_in(self.client.get_channel(game.channel_id), ("create_public_threads",))
        self.trouble.note(game.id, partial(homeless_words, names))

    async def _post(self, game: GameRecord, item: OutboxItem) -> int:
        """Post to the game's thread, with the clock of the players now due; in a new thread
        if the old one is gone. Returns the message's id."""
        post = item.post
        assert isinstance(post, ThreadPost)
        due = None
        if post.waiting and post.version == game.version:
            dues = [
                d.due_at
                for d in await self.store.deadlines(game.id)
                if d.due_at is not None and d.paused_at is None
            ]
            due = min(dues, default=None)
        try:
            return await self._send_post(game, item, post, due)
        except discord.NotFound:
            moved = await relocate(self.client, self.store, game)
            if moved is None:
                raise Homeless from None
            return await self._send_post(moved, item, post, due)

    async def _send_post(
        self, game: GameRecord, item: OutboxItem, post: ThreadPost, due: float | None
    ) -> int:
        if game.thread_id is None:
            raise Homeless
        channel = self.client.get_channel(game.thread_id) or await self.client.fetch_channel(
            game.thread_id
        )
        assert isinstance(channel, discord.abc.Messageable)
        text = post_text(game, post, due)
        kwargs: dict[str, Any] = {
            "allowed_mentions": discord.AllowedMentions(
                everyone=False, roles=False, users=[discord.Object(u) for u in post.mentions]
            ),
        }
        filename = f"board-{post.version or 0}.png"
        if post.view:
            marks = await self._marks(game, post)
            png = await asyncio.to_thread(render, game.game_key, post.view, marks)
            kwargs["file"] = discord.File(io.BytesIO(png), filename=filename)
            kwargs["view"] = (
                self.draw_final(game.id)
                if post.result
                else public_choices(game, post, self.draw_choices)
            )
            if lacking_in(channel, ("attach_files",)):  # the post still goes, without image
                del kwargs["file"]
                text += "\n" + t(NO_BOARD)
        if post.replay:
            animation = await self.replays.of(game)
            text += "\n" + replay_caption(REGISTRY[game.game_key].title, game, animation)
            if not lacking_in(channel, ("attach_files",)):
                kwargs["file"] = replay_file(game, animation)
        now = self.clock()
        if nonce_expired(item.tried_at, now):
            # Tried before, longer ago than Discord keeps the nonce: it may be there already.
            last = split_message(text)[-1].split("\n", 1)[0]
            files = [filename] if "file" in kwargs else []
            found = await already_posted(
                self.client,
                channel,
                lambda m: (
                    m.content.startswith(last) and [a.filename for a in m.attachments] == files
                ),
            )
            if found is not None:
                return found.id
        await self.store.mark_tried(item.id, now)
        earlier = await self._earlier_reminder(channel, post)
        # An enforced nonce makes Discord drop a resend of this item after a crash.
        message = await send_long(
            channel.send,
            text,
            nonce=f"parley-{item.id}",
            **{k: v for k, v in kwargs.items() if v is not None},
        )
        if earlier is not None and earlier.id != message.id:
            with contextlib.suppress(discord.HTTPException):
                await earlier.delete()
        return int(message.id)

    async def _earlier_reminder(
        self, channel: discord.abc.Messageable, post: ThreadPost
    ) -> discord.Message | None:
        """The reminder this one replaces, if ``post`` is a reminder in the thread (a player
        whose DMs are closed, or who asked for mentions): the player's earlier one among the
        recent messages. Once the new one has pinged them the earlier one is deleted, so a
        thread holds one reminder per player, never one post per reminder."""
        if len(post.mentions) != 1 or post.view is not None:
            return None
        prefix = reminder_prefix(post.mentions[0])
        if not post.line.startswith(prefix):
            return None
        return await already_posted(self.client, channel, lambda m: m.content.startswith(prefix))

    async def post_replays(self) -> None:
        """Draw and send every replay owed (games just finished), one at a time and off the
        event loop; each goes out after its game's final post, exactly once."""
        owed = [
            item
            for item in await self.store.unsent()
            if isinstance(item.post, ThreadPost) and item.post.replay
        ]
        for item in owed:
            game = await self.store.game(item.game_id)
            if game is None:
                continue
            try:
                async with self.claims.hold(game.id, patience=0) as mine:
                    if not mine:
                        continue  # another process holds the game: it posts the replay
                    if not await self._post_replay(game, item):
                        continue
            except discord.HTTPException as error:
                if error.status >= 500:
                    continue  # Discord is failing: the next tick tries again
                log.warning("Could not post the replay of game %s: %s", game.id, error.status)
            except Exception:
                log.exception("Could not draw the replay of game %s", game.id)
            await self.store.mark_sent(item.id)

    async def _post_replay(self, game: GameRecord, item: OutboxItem) -> bool:
        """Draw the replay (in the game's language, as its thread reads it), then post it
        once its game's final post is out (False: not yet, or sent meanwhile)."""
        with aloud(game):
            await self.replays.of(game)  # drawn before taking the game's lock
            async with self._locks[game.id]:
                pending = await self.store.unsent(game.id)
                if item.id not in {i.id for i in pending} or any(
                    i.id < item.id and isinstance(i.post, ThreadPost) for i in pending
                ):
                    return False  # sent meanwhile, or the final post has not gone out yet
                await self._post(game, item)
                return True

    async def _marks(self, game: GameRecord, post: ThreadPost) -> list[dict[str, Any]] | None:
        """What changed since the one player pinged last moved, as that seat sees the table,
        when they missed several actions (a single one is told by the post itself)."""
        seat = game.seat_of(post.mentions[0]) if len(post.mentions) == 1 else None
        if seat is None or post.result or post.version is None:
            return None
        spec = REGISTRY[game.game_key]
        log = await self.store.actions(game.id)
        missed, marks = await asyncio.to_thread(changes_since, spec, game, log, seat, post.version)
        return marks if missed >= 2 else None

    async def _dm(self, game: GameRecord, item: OutboxItem) -> int | None:
        """Send a DM (with the seat's clock when it owes a choice now). A reminder goes to the
        thread as a mention instead when the player's DMs are closed, so it is not lost (a
        ping unless the DM says not): then the thread message's id is returned."""
        dm = item.post
        assert isinstance(dm, DirectMessage)
        if dm.choices and dm.version == game.version:
            due = [
                d.due_at
                for d in await self.store.deadlines(game.id)
                if d.seat == dm.seat and d.due_at is not None and d.paused_at is None
            ]
            if due and stamp(due[0]) not in dm.text:  # a reminder says the clock itself
                text = dm.text + "\n" + t("⏰ Your clock runs out {when}.", when=stamp(due[0]))
                dm = replace(dm, text=text.strip())
        # Only to whoever holds the seat now: once it changed hands (a sub, a kick, a
        # resignation), nothing of it reaches its old player, even what was owed before.
        seat = next((s for s in game.seats if s.seat == dm.seat and s.user_id == dm.user_id), None)
        if seat is None or seat.resigned:
            return None
        with to_reader(game, dm.user_id):
            sent = seat.dm_open is not False and await self._send_dm(game, item.id, dm)
        if not sent and dm.or_thread:
            reminder = ThreadPost(dm.or_thread, mentions=[dm.user_id] if dm.ping else [])
            return await self._post(game, replace(item, post=reminder))
        return None

    async def _send_dm(self, game: GameRecord, item_id: int, dm: DirectMessage) -> bool:
        text = dm_text(game, dm)
        view = None
        if (
            dm.choices
            and game.state
            and (dm.version == game.version or await self._still_open(game, dm.seat, dm.version))
        ):
            view = self.draw_choices(game, game.version, dm.seat)
            text += "\n" + (
                t("Your secret choice:") if view else t("Your move: use `/parley move`.")
            )
        if await send_dm(self.client, self.store, dm.user_id, text, view, f"parley-{item_id}"):
            return True
        log.info("DMs closed for a player of game %s; they use /parley hand", game.id)
        return False

    async def _still_open(self, game: GameRecord, seat: int, version: int) -> bool:
        """A DM owed since ``version`` goes out late (a retry, or others moved meanwhile): its
        secret choice is still the same one if the seat is due with a secret choice and has
        not acted since (simultaneous votes move the version without it)."""
        spec = REGISTRY[game.game_key]
        state = spec.load(game.state or "")
        if seat not in spec.to_act(state) or not spec.secret_choice(state, seat):
            return False
        return all(s != seat for s, _ in await self.store.actions(game.id, version))
