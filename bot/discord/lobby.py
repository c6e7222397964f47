"""A game before it starts: the lobby card in the channel (with Join, Leave, Add AI, Remove AI
while there is one, Start and Cancel buttons), its thread, and the welcome DM that checks a
player's DMs are open."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections import defaultdict
from typing import Any, ClassVar

import discord

from bot.discord.acting import act
from bot.discord.bot import ParleyBot, committed, reply_privately
from bot.discord.delivery import DM_CLOSED_HELP
from bot.discord.permissions import TO_OPEN, lacking, listing
from bot.discord.resend import already_posted
from bot.discord.targets import GameBound, in_server_only, reach
from bot.play.clocks import CLOCKS, POLICIES, clock_name, policy_named
from bot.play.readers import aloud, to_reader
from bot.play.service import BUSY, UserError
from bot.play.wording import chosen_options, fit
from bot.storage import GameRecord, TimePolicy, who
from games import REGISTRY
from games.core.words import N_, NP_, t, tp

log = logging.getLogger(__name__)

#: Where lobbies are handled (a lobby command or button used in a DM is pointed there).
LOBBY_WHERE = N_("the lobby card's buttons or `/parley join`, `leave`, `start` and `cancel` there")
#: Statuses of a game that still owes its opening when it has no thread.
OPEN = ("lobby", "active")
#: Discord's error code for "A thread has already been created for this message".
THREAD_EXISTS = 160004
WELCOME = N_(
    "Ahoy! I'm Parley. I'll DM you your private cards and secret choices for "
    "**{title} #{id}** here. The game itself lives in its thread."
)
#: The welcome of a game with nothing private (no hand): it promises no cards.
WELCOME_OPEN = N_(
    "Ahoy! I'm Parley. Nothing is hidden in **{title} #{id}**: no private cards. I'll DM you "
    "here only when something needs you, like a reminder. The game itself lives in its thread."
)
#: The lobby card's word on a game with an AI seat (the ratings leave it out).
UNRATED = N_("Unrated: an AI plays in this game.")
#: The lobby card's word on a game whose host allowed hints.
HINTS = N_("Hints allowed: `/parley hint` suggests a move while an AI seat keeps the game unrated.")


def lobby_title(game: GameRecord) -> str:
    return t("{title} · game #{game}", title=REGISTRY[game.game_key].title, game=game.id)


def lobby_embed(game: GameRecord, policy: TimePolicy | None = None) -> discord.Embed:
    """The lobby card: players, host, whether it is unrated (an AI seat), the game's options
    in words, and the move clock and what happens when it runs out, as chosen at
    ``/parley new``."""
    spec = REGISTRY[game.game_key]
    players = "\n".join(f"{i + 1}. {who(s.user_id)}" for i, s in enumerate(game.seats))
    status = {
        "lobby": t(
            "Waiting for players ({players}). The host presses **Start**.",
            players=spec.player_range(),
        ),
        "active": t("The game is on! Follow it in the thread."),
        "over": t("This game is over."),
        "cancelled": t("This game was cancelled."),
    }[game.status]
    if game.against_ai:
        status += "\n" + t(UNRATED)
    if game.hints:
        status += "\n" + t(HINTS)
    embed = discord.Embed(title=lobby_title(game), description=status, color=0xC8902A)
    embed.add_field(name=t("Players"), value=players or t("nobody yet"), inline=True)
    embed.add_field(name=t("Host"), value=f"<@{game.host_id}>", inline=True)
    chosen = chosen_options(spec, game.options)
    if chosen:
        lines = "\n".join(
            "• " + t("{option}: **{choice}**", option=what, choice=value) for what, value in chosen
        )
        embed.add_field(name=t("Options"), inline=False, value=fit(lines, 1024))
    if policy is not None:
        embed.add_field(name=t("Move clock"), value=clock_name(policy.clock_seconds), inline=True)
        if policy.clock_seconds:
            embed.add_field(
                name=t("When a clock runs out"), value=t(POLICIES[policy.policy]), inline=True
            )
    return embed


def lobby_buttons(game: GameRecord) -> discord.ui.View:
    """Join, Leave, Add AI, Remove AI (only while an AI seat is there), Start, Cancel."""
    view = discord.ui.View(timeout=None)
    has_ai = any(s.is_ai for s in game.seats)
    for op in ("join", "leave", "ai", "unai", "start", "cancel"):
        if op != "unai" or has_ai:
            view.add_item(LobbyButton(game.id, op))
    return view


def lobby_view(game: GameRecord) -> discord.ui.View | None:
    """The lobby card's buttons while the game waits for players; none after."""
    return lobby_buttons(game) if game.status == "lobby" else None


class Opener:
    """Opens a game: its lobby card in the channel, then the card's thread. One step that a
    crash cannot break: the game and its clock are committed first (and owe their opening
    until the thread is recorded), the card's id is recorded as soon as Discord answers, the
    card carries a nonce and a thread already made from it is taken over; so opening again
    after a crash (at start, or on a tick) finishes the job without a second card or thread.
    """

    def __init__(self, bot: ParleyBot) -> None:
        self.bot = bot
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)

    async def open(self, game_id: int, resuming: bool = False) -> GameRecord | None:
        """Finish opening the game (nothing if it has its thread); the game as it now is.
        ``resuming``: after a crash, when the card may be in the channel already though its
        id was never recorded. When the channel refuses (or is gone) the game is called off
        (:meth:`abandon`); then ``discord.Forbidden`` is raised for the host's command, or
        when resuming the host is told by DM. In the game's words (its card, its thread's
        name), whoever opens it."""
        game = await self.bot.store.game(game_id)
        with aloud(game) if game is not None else contextlib.nullcontext():
            return await self._open(game_id, resuming)

    async def _open(self, game_id: int, resuming: bool) -> GameRecord | None:
        bot = self.bot
        async with self._locks[game_id]:
            game = await bot.store.game(game_id)
            if game is not None and game.practice:
                return await self.open_practice(game, resuming)
            if game is None or game.thread_id is not None or game.status not in OPEN:
                return game
            spec = REGISTRY[game.game_key]
            channel = bot.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
            message_id = game.lobby_message_id
            try:
                if message_id is None:
                    title = lobby_title(game)
                    found = None
                    if resuming:
                        found = await already_posted(
                            bot, channel, lambda m: bool(m.embeds) and m.embeds[0].title == title
                        )
                    view = lobby_view(game)
                    policy = await bot.store.time_policy(game.id)
                    message = found or await channel.send(
                        embed=lobby_embed(game, policy),
                        nonce=f"parley-lobby-{game.id}",
                        view=discord.utils.MISSING if view is None else view,
                    )
                    message_id = message.id
                    await bot.store.set_places(game.id, None, message_id)  # recorded at once
                try:  # (through the HTTP client: at start-up no guild is cached yet)
                    made = await bot.http.start_thread_with_message(
                        game.channel_id,
                        message_id,
                        name=f"{spec.title} #{game.id}",
                        auto_archive_duration=10080,
                    )
                    thread_id = int(made["id"])
                except discord.HTTPException as error:
                    if error.code != THREAD_EXISTS:
                        raise
                    thread_id = message_id  # a thread takes its card's id
            except (discord.Forbidden, discord.NotFound) as error:
                await self.abandon(game, message_id)
                if not resuming:
                    raise
                log.warning("Game %s could not be opened (%s); called off", game.id, error.text)
                with to_reader(game, game.host_id):
                    await bot.send_dm(
                        game.host_id,
                        t(
                            "**{title} #{game}** could not be opened in <#{channel}>: I lack a "
                            "permission there, or the channel is gone. Open a new game with "
                            "`/parley new` where I can post.",
                            title=spec.title,
                            game=game.id,
                            channel=game.channel_id,
                        ),
                    )
                return await bot.store.game(game.id)
            await bot.store.set_places(game.id, thread_id, message_id)
            return await bot.store.game(game.id)

    async def open_practice(self, game: GameRecord, resuming: bool) -> GameRecord | None:
        """A practice game's opening (``/parley learn``): its place, then its start, each step
        skipped once done, so the learner's command and a resume after a crash (or racing
        it, from another process) each finish the job and the game is started once.

        Its place is a private thread in the channel, with its learner added, and no lobby
        card (nobody else may join). A private thread, not the learner's DMs: the game's
        posts, buttons and pings then work as in every game (the quiet thread, ``reach`` in a
        server), the learner's own DMs stay for secret choices, and only the learner (and the
        server's moderators) see it. When the channel refuses it, the game is called off, as
        :meth:`open` does. The start is owed from the commit that made the game (it is a
        practice game still in the lobby: ``Store.unopened``) and is version-checked
        (``GameService.start`` with ``again``: a game started meanwhile is left as it is)."""
        if game.thread_id is None and game.status in OPEN:
            opened = await self._practice_thread(game, resuming)
            if opened is None:
                return None
            game = opened
        if game.thread_id is not None and game.status == "lobby":
            try:
                game = await self.bot.service.start(game, None, again=True)
            except UserError as refused:
                if not resuming or str(refused) == t(BUSY):
                    raise  # (when resuming, the next tick tries again)
                now = await self.bot.store.game(game.id)
                if now is not None and now.status == "lobby":  # it can never start: call it off
                    log.warning("Practice game %s cannot start (%s); called off", game.id, refused)
                    await self.abandon(now, None)
                return await self.bot.store.game(game.id)
        return game

    async def _practice_thread(self, game: GameRecord, resuming: bool) -> GameRecord | None:
        """A practice game's private thread, recorded (or the game called off)."""
        bot = self.bot
        spec = REGISTRY[game.game_key]
        try:
            made = await bot.http.start_thread_without_message(
                game.channel_id,
                name=t("Learn {title} #{game}", title=spec.title, game=game.id),
                auto_archive_duration=10080,
                type=discord.ChannelType.private_thread.value,
                invitable=False,
            )
            thread_id = int(made["id"])
            await bot.http.add_user_to_thread(thread_id, game.host_id)
        except (discord.Forbidden, discord.NotFound) as error:
            await self.abandon(game, None)
            if not resuming:
                raise
            log.warning("Practice game %s could not be opened (%s); called off", game.id, error)
            return await bot.store.game(game.id)
        await bot.store.set_places(game.id, thread_id, None)
        return await bot.store.game(game.id)

    async def abandon(self, game: GameRecord, message_id: int | None) -> None:
        """The channel refuses the game (or is gone): call it off, and leave no lobby card
        for a game that is not."""
        await self.bot.service.cancel(game, game.host_id, can_manage=True)
        if message_id is not None:
            card = self.bot.get_partial_messageable(game.channel_id).get_partial_message(message_id)
            with contextlib.suppress(discord.HTTPException):
                await card.delete()


async def open_lobby(
    interaction: discord.Interaction[ParleyBot],
    key: str,
    options: str,
    clock: str = "none",
    absent: str = "autopilot",
    ai: int = 0,
    hints: bool = False,
    language: str = "en",
) -> None:
    """``/parley new``: the game (with ``ai`` AI seats, ``hints`` allowed or not, its thread
    in ``language``) and its clock, then its lobby card and thread here."""
    bot = interaction.client
    channel = interaction.channel
    policy = policy_named(absent)
    if policy is None or clock not in CLOCKS:
        raise UserError(
            t("Pick the move clock and what happens when it runs out from the lists offered.")
        )
    if not isinstance(channel, discord.TextChannel):
        raise UserError(
            t(
                "Open games in a text channel (not in a thread or DM): each game gets its own "
                "thread there."
            )
        )
    assert interaction.guild_id is not None
    missing = lacking(interaction.app_permissions, TO_OPEN)
    if missing:
        raise UserError(
            t(
                "I can't run a game in this channel: I lack {permissions} here. An admin can "
                "give me that in the channel's settings (Permissions), or open the game in "
                "another channel.",
                permissions=listing(missing),
            )
        )
    game = await bot.service.new_game(
        key,
        interaction.guild_id,
        channel.id,
        interaction.user.id,
        options,
        CLOCKS[clock],
        policy,
        ai,
        hints,
        language=language,
    )
    spec = REGISTRY[game.game_key]
    committed(
        interaction,
        t("Game #{game} of {title} is open; its thread follows.", game=game.id, title=spec.title),
    )
    try:
        opened = await bot.scheduler.open_place(game.id)
    except discord.Forbidden:
        raise UserError(
            t(
                "I lack a permission here: I need {permissions}.",
                permissions=listing([*TO_OPEN.values()]),
            )
        ) from None
    assert opened is not None and opened.thread_id is not None
    note = await welcome(bot, game, interaction.user.id)
    opened_words = t(
        "Game #{game} of {title} is open: <#{thread}>. Friends press **Join**; you press "
        "**Start** when everyone is in.",
        game=game.id,
        title=spec.title,
        thread=opened.thread_id,
    )
    await interaction.followup.send(opened_words + note, ephemeral=True)


async def welcome(bot: ParleyBot, game: GameRecord, user_id: int) -> str:
    """DM a player who takes a seat (private cards promised only in a game that has them);
    what to tell them if their DMs are closed."""
    spec = REGISTRY[game.game_key]
    words = WELCOME if spec.has_hand else WELCOME_OPEN
    if await bot.send_dm(user_id, t(words, title=spec.title, id=game.id)):
        return ""
    return "\n\n" + t(DM_CLOSED_HELP)


async def lobby_op(interaction: discord.Interaction[ParleyBot], game_id: int, op: str) -> None:
    """Join, leave, add or remove an AI seat, start or cancel (a lobby button or its slash command),
    then update the lobby card and deliver what the change owes."""
    bot = interaction.client
    service = bot.service
    user = interaction.user

    async def change() -> tuple[GameRecord, str]:
        """The game after the change, and what the change did."""
        in_server_only(interaction, LOBBY_WHERE)
        game = await reach(interaction, game_id)
        if op == "join":
            game = await service.join(game, user.id)
            reply = t(
                "You joined {title} #{game}.", title=REGISTRY[game.game_key].title, game=game.id
            )
        elif op == "leave":
            game = await service.leave(game, user.id)
            reply = t("You left the game.")
        elif op == "ai":
            game = await service.add_ai(game, user.id)
            reply = t("An AI seat joined the game.")
        elif op == "unai":
            game = await service.remove_ai(game, user.id)
            reply = t("An AI seat left the game.")
        elif op == "start":
            game = await service.start(game, user.id)
            reply = t("The game has started: see the thread.")
        else:
            perms = getattr(user, "guild_permissions", None)
            game = await service.cancel(game, user.id, bool(perms and perms.manage_guild))
            reply = t("The game is cancelled.")
        return game, reply

    async def shown(changed: tuple[GameRecord, str]) -> tuple[GameRecord, str]:
        """A newcomer's welcome DM (what their answer tells them if it could not go), then the
        lobby card as the game now is."""
        game, reply = changed
        if op == "join":
            reply += await welcome(bot, game, user.id)
        await refresh_lobby(bot, game)
        return game, reply

    async def answer(changed: tuple[GameRecord, str]) -> None:
        await reply_privately(interaction, changed[1])

    await act(interaction, game_id, change, lambda changed: changed[1], answer, shown=shown)


async def refresh_lobby(bot: ParleyBot, game: GameRecord) -> None:
    """The lobby card as the game now is, in its words (whoever's click changed it)."""
    if game.lobby_message_id is None:
        return
    message = bot.get_partial_messageable(game.channel_id).get_partial_message(
        game.lobby_message_id
    )
    try:
        policy = await bot.store.time_policy(game.id)
        with aloud(game):
            await message.edit(embed=lobby_embed(game, policy), view=lobby_view(game))
    except discord.HTTPException as error:
        log.warning("Could not update the lobby of game %s: %s", game.id, error.status)


class LobbyButton(
    GameBound,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"parley:lobby:(?P<game>\d+):(?P<op>join|leave|ai|unai|start|cancel)",
):
    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.success,
        "leave": discord.ButtonStyle.secondary,
        "ai": discord.ButtonStyle.secondary,
        "unai": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.primary,
        "cancel": discord.ButtonStyle.danger,
    }
    LABELS: ClassVar[dict[str, str]] = {
        "join": NP_("button", "Join"),
        "leave": NP_("button", "Leave"),
        "ai": NP_("button", "Add AI"),
        "unai": NP_("button", "Remove AI"),
        "start": NP_("button", "Start"),
        "cancel": NP_("button", "Cancel"),
    }

    def __init__(self, game_id: int, op: str) -> None:
        self.game_id, self.op = game_id, op
        super().__init__(
            discord.ui.Button(
                label=tp("button", self.LABELS[op]),
                style=self.STYLES[op],
                custom_id=f"parley:lobby:{game_id}:{op}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> LobbyButton:
        return cls(int(match["game"]), match["op"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await lobby_op(interaction, self.game_id, self.op)
