"""``/parley settings`` (quiet hours, time zone, reminder style, vacation), and the host's
``/parley sub`` and ``/parley kick``, added to the ``/parley`` group."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.commands import bot_of, find_target_game, game_autocomplete
from bot.messages import shorten
from bot.service import UserError
from bot.store import Post, VersionConflict
from bot.timekeeping import DAY, stamp, valid_timezone
from games import REGISTRY

if TYPE_CHECKING:
    from bot.client import ParleyBot

HOURS = app_commands.Range[int, 0, 23]


@app_commands.command(name="settings",
                      description="Your reminders, quiet hours and vacation (all your games)")
@app_commands.describe(
    timezone="Your time zone, like Europe/Paris or America/New_York",
    quiet_from="Quiet hours start (local hour, 0-23): no reminders until they end",
    quiet_until="Quiet hours end (local hour, 0-23); set both equal to turn them off",
    reminders="How reminders reach you",
    turn_dm="Also DM me when my turn starts (with what happened since my last move)",
    vacation_days="Stop your clocks in all games for this many days (0 ends a vacation)",
)
@app_commands.choices(reminders=[app_commands.Choice(name="By DM", value="dm"),
                                 app_commands.Choice(name="By mention in the thread",
                                                     value="mention")])
async def settings_command(interaction: discord.Interaction, timezone: str | None = None,
                           quiet_from: HOURS | None = None, quiet_until: HOURS | None = None,
                           reminders: str | None = None, turn_dm: bool | None = None,
                           vacation_days: app_commands.Range[float, 0, 60] | None = None,
                           ) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    bot = bot_of(interaction)
    now = bot.clock()
    mine = await bot.store.user_settings(interaction.user.id)
    notes: list[str] = []
    if timezone is not None:
        if not valid_timezone(timezone):
            raise UserError(f"`{timezone}` is not a time zone I know. Use a name like "
                            "`Europe/Paris`, `America/New_York` or `UTC`.")
        mine = replace(mine, timezone=timezone)
    if (quiet_from is None) != (quiet_until is None):
        raise UserError("Give both `quiet_from` and `quiet_until` (local hours).")
    if quiet_from is not None:
        mine = replace(mine, quiet_start=quiet_from, quiet_end=quiet_until)
    if reminders is not None:
        mine = replace(mine, style=reminders)
    if turn_dm is not None:
        mine = replace(mine, turn_dm=turn_dm)
    if vacation_days is not None:
        away = (mine.vacation_until is not None and mine.vacation_start is not None
                and mine.vacation_start <= now < mine.vacation_until)
        bank = mine.vacation_bank
        if away:  # end (or replace) the current vacation, refunding the days not used
            assert mine.vacation_until is not None
            bank += (mine.vacation_until - now) / DAY
            mine = replace(mine, vacation_until=now)
            notes.append("Your vacation is over; your clocks run again.")
        if vacation_days > 0:
            if vacation_days > bank + 1e-9:
                raise UserError(f"You have {bank:.1f} vacation days left.")
            bank -= vacation_days
            mine = replace(mine, vacation_start=now, vacation_until=now + vacation_days * DAY)
            notes = [f"🏖️ Enjoy! Your clocks stop in all your games until "
                     f"{stamp(now + vacation_days * DAY)}."]
        mine = replace(mine, vacation_bank=bank)
    await bot.store.save_user_settings(mine)
    if vacation_days is not None:
        await bot.scheduler.tick(now)  # the threads say so at once
    quiet = (f"{mine.quiet_start:02d}:00–{mine.quiet_end:02d}:00"
             if mine.quiet_start is not None and mine.quiet_start != mine.quiet_end else "none")
    summary = (f"Time zone: **{mine.timezone}** · quiet hours: **{quiet}** · reminders: "
               f"**{'by DM' if mine.style == 'dm' else 'by mention'}** · DM when my turn "
               f"starts: **{'yes' if mine.turn_dm else 'no'}** · vacation days left: "
               f"**{mine.vacation_bank:.1f}**")
    await interaction.followup.send(shorten("\n".join([*notes, summary])), ephemeral=True)


async def _hosted_game(interaction: discord.Interaction, game_id: int | None):
    bot = bot_of(interaction)
    game = await find_target_game(interaction, game_id)
    if game.status != "active":
        raise UserError("This only works in a game that is being played.")
    if interaction.user.id != game.host_id:
        raise UserError(f"Only the host, <@{game.host_id}>, can do that.")
    return bot, game


@app_commands.command(name="sub", description="Hand a player's seat to someone else (host only)")
@app_commands.describe(player="Who leaves the seat", replacement="Who takes it over")
@app_commands.autocomplete(game=game_autocomplete)
async def sub_command(interaction: discord.Interaction, player: discord.User,
                      replacement: discord.User, game: int | None = None) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    bot, target = await _hosted_game(interaction, game)
    seat = target.seat_of(player.id)
    if seat is None:
        raise UserError(f"{player.mention} has no seat in this game.")
    if replacement.bot or target.seat_of(replacement.id) is not None:
        raise UserError(f"{replacement.mention} cannot take this seat.")
    await substitute(bot, target.id, player.id, replacement.id)
    await interaction.followup.send(f"{replacement.mention} now plays "
                                    f"{REGISTRY[target.game_key].seat_label(seat)}.",
                                    ephemeral=True)


async def substitute(bot: ParleyBot, game_id: int, old_user: int, new_user: int) -> None:
    """Hand a seat over: the newcomer gets the seat's private view (and choices) by DM and a
    fresh clock if it is their turn."""
    game = await bot.service.game(game_id)
    seat = game.seat_of(old_user)
    assert seat is not None
    spec = REGISTRY[game.game_key]
    state = spec.load(game.state or "")
    due = seat in spec.to_act(state)
    line = (f"<@{game.host_id}> hands {spec.seat_label(seat)} from <@{old_user}> to "
            f"<@{new_user}>.")
    posts = [Post("thread", {"line": line, "mentions": [new_user] if due else []}),
             Post("dm", {"version": game.version, "seat": seat,
                         "text": "You take over this seat.\n" + spec.private_text(
                             spec.view(state, seat)),
                         "choices": due and spec.secret_choice(state, seat)},
                  user_id=new_user)]
    try:
        await bot.store.replace_seat(game_id, old_user, new_user, posts)
    except VersionConflict:
        raise UserError("That seat changed hands meanwhile; try again.") from None
    policy = await bot.store.time_policy(game_id)
    now = bot.clock()
    for deadline in await bot.store.deadlines(game_id):
        if deadline.seat == seat and policy.clock_seconds:
            await bot.store.update_deadline(
                replace(deadline, due_at=now + policy.clock_seconds, paused_at=None), [])
    await bot.herald.deliver(game_id)


@app_commands.command(name="kick",
                      description="Remove a player; the autopilot plays their seat (host only)")
@app_commands.describe(player="Who to remove")
@app_commands.autocomplete(game=game_autocomplete)
async def kick_command(interaction: discord.Interaction, player: discord.User,
                       game: int | None = None) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    bot, target = await _hosted_game(interaction, game)
    seat = target.seat_of(player.id)
    if seat is None or any(s.resigned for s in target.seats if s.seat == seat):
        raise UserError(f"{player.mention} is not playing in this game.")
    spec = REGISTRY[target.game_key]
    await bot.scheduler.forfeit(target, seat, f"<@{target.host_id}> removed <@{player.id}> "
                                f"({spec.seat_label(seat)}) from the game.")
    await bot.herald.deliver(target.id)
    await interaction.followup.send(f"{player.mention} was removed.", ephemeral=True)


def add_time_commands(group: app_commands.Group) -> app_commands.Group:
    for command in (settings_command, sub_command, kick_command):
        group.add_command(command._copy_with(parent=group, binding=None))
    return group
