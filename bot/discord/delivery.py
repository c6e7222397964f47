"""Sends what the outbox owes: thread posts (board image, one line, one mention) and DMs.

Items were written in the same transaction as the change that caused them, so a crash before
sending loses nothing: :meth:`Herald.deliver` runs after every change and at start-up. Each
send carries the item's id as an enforced nonce, so a resend after a crash between sending and
marking is dropped by Discord: every post goes out exactly once. Items of one game go out in
order under a per-game lock, and only by the process holding the game's claim
(:mod:`bot.play.claims`: with several processes, never two at once). A closed DM is recorded
once and never retried.

Before a game's posts go out its deadlines are brought up to date (so a post can show the
clock) and its status message refreshed; a ping carries what happened since the player's last
move. The buttons a post offers are drawn by :attr:`Herald.draw_choices`, which the play cog
hands over when it loads: they live with the code that answers their clicks.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections import defaultdict
from dataclasses import replace
from typing import Any, Protocol

import discord

from bot.discord.dms import send_dm
from bot.discord.messages import send_long
from bot.discord.permissions import lacking_in, listing
from bot.discord.status import StatusMessages
from bot.discord.threads import relocate
from bot.play.claims import Claims
from bot.play.clocks import Clock, stamp
from bot.play.timekeeper import Timekeeper
from bot.play.turns import replay
from bot.storage import DirectMessage, GameRecord, OutboxItem, Store, ThreadPost
from games import REGISTRY
from renderers import render
from renderers.base import tint_changes

log = logging.getLogger(__name__)

DM_CLOSED_HELP = (
    "I couldn't DM you. To get your private cards and choices by DM, open **User Settings > "
    "Privacy & Safety** (or this server's **Privacy Settings**) and allow direct messages from "
    "server members. Until then, `/parley hand` shows them to you privately."
)
NO_BOARD = (
    "(No board image: I lack **Attach Files** in this thread. `/parley board` shows "
    "it to you privately.)"
)


class DrawChoices(Protocol):
    """Buttons (or menus) for ``actions`` of a game at ``version``, with the button that opens
    a player's hand if asked; None when nothing fits."""

    def __call__(
        self, game_id: int, version: int, actions: list[str], with_hand_button: bool = False
    ) -> discord.ui.View | None: ...


def no_choices(
    game_id: int, version: int, actions: list[str], with_hand_button: bool = False
) -> discord.ui.View | None:
    """Posts without buttons (until the play cog hands the herald its buttons)."""
    return None


def post_text(game: GameRecord, post: ThreadPost, due: float | None = None) -> str:
    """The one-line thread post: who did what, then who must act (the only mentions), and
    when their clock runs out."""
    spec = REGISTRY[game.game_key]
    lines = [f"<@{post.actor}>: {post.line}" if post.actor else post.line]
    result = post.result
    if result:
        winners = ", ".join(
            f"<@{game.user_of(s)}> ({spec.seat_label(s)})" for s in result["winners"]
        )
        lines.append(
            f"🏆 {winners} win{'s' if len(result['winners']) == 1 else ''}! ({result['reason']})"
            if winners
            else f"🤝 Draw: {result['reason']}."
        )
    elif post.waiting:
        names = ", ".join(f"<@{u}>" for u in post.waiting)
        hint = " (secret choice: use your DM or `/parley hand`)" if post.secret else ""
        by = f" ⏰ due {stamp(due)}" if due else ""
        lines.append(f"{names}, your move{hint}.{by}")
    return "\n".join(lines)


def dm_text(game: GameRecord, dm: DirectMessage) -> str:
    """A DM's words: which game and seat it is about, then that seat's private news."""
    spec = REGISTRY[game.game_key]
    text = f"**{spec.title} #{game.id}** ({spec.seat_label(dm.seat)})"
    return text + (f"\n{dm.text}" if dm.text else "")


def public_choices(game: GameRecord, post: ThreadPost, draw: DrawChoices) -> discord.ui.View | None:
    """The buttons under a board post: the open choices of the one seat to act (anyone may
    see them); a secret choice never shows there, only the button to open your hand."""
    if post.result or game.status != "active" or post.version is None or post.view is None:
        return None
    spec = REGISTRY[game.game_key]
    to_act = post.view["to_act"]
    if post.version != game.version or len(to_act) != 1:
        return draw(game.id, post.version, [], with_hand_button=True)
    state = spec.load(game.state or "")
    seat = to_act[0]
    actions = [] if spec.secret_choice(state, seat) else spec.legal_actions(state, seat)
    return draw(game.id, post.version, actions, with_hand_button=True)


class Herald:
    def __init__(
        self,
        client: discord.Client,
        store: Store,
        timekeeper: Timekeeper,
        status: StatusMessages,
        clock: Clock,
        claims: Claims,
    ) -> None:
        self.client = client
        self.store = store
        self.timekeeper = timekeeper
        self.status = status
        self.clock = clock
        #: Games are sent by the process holding them (another one's are left to it).
        self.claims = claims
        self.draw_choices: DrawChoices = no_choices
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        #: Games whose thread refuses our posts, with what to tell the player who just moved.
        self.trouble: dict[int, str] = {}

    async def deliver(self, game_id: int | None = None) -> None:
        """Send every unsent item (of one game, or of all games at start-up)."""
        if game_id is None:
            pending = {item.game_id for item in await self.store.unsent()}
            for gid in sorted(pending):  # at start: a game another process holds is its own
                async with self.claims.hold(gid, patience=0) as mine:
                    if mine:
                        await self._deliver_held(gid)
            return
        async with self.claims.hold(game_id) as mine:
            if mine:  # else another process holds the game: it sends them
                await self._deliver_held(game_id)

    async def _deliver_held(self, game_id: int) -> None:
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
            refused = False  # the thread refused a post: later posts wait too, to keep order
            for item in await self.store.unsent(game_id):
                to_thread = isinstance(item.post, ThreadPost)
                game = await self.store.game(game_id)
                if game is None or (refused and to_thread):
                    continue
                try:
                    if to_thread:
                        await self._post(game, item)
                        self.trouble.pop(game_id, None)
                    else:
                        await self._dm(game, item)
                except discord.Forbidden as error:
                    if to_thread and game.status == "active":
                        refused = True  # kept: it goes out once an admin gives the permission
                        self._refused(game, error)
                        continue
                    log.warning(
                        "Could not deliver item %s of game %s: %s %s",
                        item.id,
                        game_id,
                        error.status,
                        error.text,
                    )
                except discord.HTTPException as error:
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
                await self.store.mark_sent(item.id)

    def _refused(self, game: GameRecord, error: discord.Forbidden) -> None:
        if game.id not in self.trouble:
            log.warning("The thread of game %s refuses posts (%s); they wait", game.id, error.text)
        names = lacking_in(self.client.get_channel(game.thread_id or 0))
        need = listing(names) if names else "a permission"
        self.trouble[game.id] = (
            f"⚠️ I can't post in this game's thread: I lack {need} there. "
            "Moves still count; the posts go out once an admin fixes it."
        )

    async def _post(self, game: GameRecord, item: OutboxItem) -> None:
        """Post to the game's thread: with the clock of the players now due, and for a single
        ping what happened since their last move; in a new thread if the old one is gone."""
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
            rp = self.timekeeper.known_replay(game)
            if len(post.mentions) == 1 and rp is not None:
                seat = game.seat_of(post.mentions[0])
                # the ping carries what happened since their last move (beyond this post)
                digest = rp.digest(seat)[:-1] if seat is not None else []
                if digest:
                    text = "Since your last move: " + " · ".join(digest)
                    post = replace(post, line=f"{post.line}\n{text}")
        try:
            await self._send_post(game, item.id, post, due)
        except discord.NotFound:
            moved = await relocate(self.client, self.store, game)
            if moved is None:
                raise
            await self._send_post(moved, item.id, post, due)

    async def _send_post(
        self, game: GameRecord, item_id: int, post: ThreadPost, due: float | None
    ) -> None:
        if game.thread_id is None:
            return
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
        if post.view:
            png = await asyncio.to_thread(render, game.game_key, post.view)
            then = await self._view_at_last_move(game, post)
            if then is not None:
                old = await asyncio.to_thread(render, game.game_key, then)
                png = await asyncio.to_thread(tint_changes, old, png)
            kwargs["file"] = discord.File(
                io.BytesIO(png), filename=f"board-{post.version or 0}.png"
            )
            kwargs["view"] = public_choices(game, post, self.draw_choices)
            if lacking_in(channel, ("attach_files",)):  # the post still goes, without image
                del kwargs["file"]
                text += "\n" + NO_BOARD
        # An enforced nonce makes Discord drop a resend of this item after a crash.
        await send_long(
            channel.send,
            text,
            nonce=f"parley-{item_id}",
            **{k: v for k, v in kwargs.items() if v is not None},
        )

    async def _view_at_last_move(self, game: GameRecord, post: ThreadPost) -> dict[str, Any] | None:
        """The public board as the one player pinged left it at their last move, when more
        than one action happened since (one action is already shown by the post itself)."""
        seat = game.seat_of(post.mentions[0]) if len(post.mentions) == 1 else None
        if seat is None or post.result or post.version is None:
            return None
        log = (await self.store.actions(game.id))[: post.version]
        last = max((i + 1 for i, (s, _) in enumerate(log) if s == seat), default=0)
        if last == 0 or post.version - last < 2:
            return None
        spec = REGISTRY[game.game_key]
        return spec.view(replay(spec, game, log[:last]).state, None)

    async def _dm(self, game: GameRecord, item: OutboxItem) -> None:
        """Send a DM (with the seat's clock when it owes a choice now). A reminder goes to the
        thread as a mention instead when the player's DMs are closed, so it is not lost."""
        dm = item.post
        assert isinstance(dm, DirectMessage)
        if dm.choices and dm.version == game.version:
            due = [
                d.due_at
                for d in await self.store.deadlines(game.id)
                if d.seat == dm.seat and d.due_at is not None and d.paused_at is None
            ]
            if due:
                text = dm.text + f"\n⏰ Your clock runs out {stamp(due[0])}."
                dm = replace(dm, text=text.strip())
        seat = next((s for s in game.seats if s.user_id == dm.user_id), None)
        if seat is None:
            return
        sent = seat.dm_open is not False and await self._send_dm(game, item.id, dm)
        if not sent and dm.or_thread:
            reminder = ThreadPost(dm.or_thread, mentions=[dm.user_id])
            await self._post(game, OutboxItem(item.id, item.game_id, reminder))

    async def _send_dm(self, game: GameRecord, item_id: int, dm: DirectMessage) -> bool:
        spec = REGISTRY[game.game_key]
        text = dm_text(game, dm)
        view = None
        if (
            dm.choices
            and game.state
            and (dm.version == game.version or await self._still_open(game, dm.seat, dm.version))
        ):
            actions = spec.legal_actions(spec.load(game.state), dm.seat)
            view = self.draw_choices(game.id, game.version, actions)
            text += "\nYour secret choice:" if view else "\nYour move: use `/parley move`."
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
