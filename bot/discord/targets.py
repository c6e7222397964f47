"""Which game a command or a button is about: the games offered, the one meant, the ``game``
option's autocomplete, and who may reach a game (:func:`reach`, which every game's button and
menu goes through as a :class:`GameBound`), shared by the cogs."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.discord.bot import Gated, ParleyBot
from bot.play.service import UserError
from bot.storage import GameListing, GameRecord
from games import REGISTRY
from games.core.words import N_, NP_, t, tp

#: The ``game`` option of ``/parley new`` and ``/parley rules``.
GAME_CHOICES = [app_commands.Choice(name=spec.title, value=spec.key) for spec in REGISTRY.values()]


#: The largest id either store keeps (SQLite's INTEGER, PostgreSQL's BIGINT): a bigger number
#: (typed, or in a forged custom id) names no game, and never reaches a query.
MAX_ID = 2**63 - 1


def no_such_game(interaction: discord.Interaction[ParleyBot], game_id: int) -> UserError:
    """The one answer for a game this interaction may not reach, whether or not it exists (ids
    are small consecutive integers: anyone can guess them)."""
    if interaction.guild_id is None:
        return UserError(
            t(
                "You are not playing in game #{game}, so there is nothing of it to show or do "
                "here.",
                game=game_id,
            )
        )
    return UserError(t("There is no game #{game} in this server.", game=game_id))


def in_server_only(interaction: discord.Interaction[ParleyBot], what: str) -> None:
    """Refuse, in a DM, what happens only in the server (joining, lobbies, listing, the
    host's powers); ``what`` (an ``N_`` text, said here) says what to use there."""
    if interaction.guild_id is None:
        raise UserError(t("That happens in the server, not in a DM: use {what}.", what=t(what)))


def per_server(interaction: discord.Interaction[ParleyBot], what: str, command: str) -> int:
    """The server of a command about one server's players (``what``: their records, ratings,
    leaderboards: an ``N_`` text, said here); in a DM, the answer says where ``command``
    works."""
    if interaction.guild_id is None:
        raise UserError(
            t(
                "{what} are per server: use `{command}` in a server channel.",
                what=t(what),
                command=command,
            )
        )
    return interaction.guild_id


async def reach(interaction: discord.Interaction[ParleyBot], game_id: int) -> GameRecord:
    """The game ``game_id`` if this interaction may reach it: in a server, a game of that
    server; in a DM, a game where the user holds a seat."""
    game = await interaction.client.store.game(game_id) if 0 < game_id <= MAX_ID else None
    if game is None:
        raise no_such_game(interaction, game_id)
    if interaction.guild_id is None:
        if game.seat_held_by(interaction.user.id) is None:
            raise no_such_game(interaction, game_id)
    elif game.guild_id != interaction.guild_id:
        raise no_such_game(interaction, game_id)
    return game


class GameBound(Gated):
    """A button or menu of one game (``game_id``, from its custom id): it works only where
    :func:`reach` reaches the game, and anywhere else gets the answer a game that does not
    exist gets. The first base of every game's component."""

    game_id: int

    async def gate(self, interaction: discord.Interaction[ParleyBot]) -> None:
        await reach(interaction, self.game_id)


async def find_target_game(
    interaction: discord.Interaction[ParleyBot], game_id: int | None
) -> GameRecord:
    """The game a command is about: the ``game`` option, else the thread it is used in, else
    the caller's only game in this server."""
    store = interaction.client.store
    if game_id is not None:
        return await reach(interaction, game_id)
    channel = interaction.channel
    if isinstance(channel, discord.Thread):
        game = await store.game_in_thread(channel.id)
        if game is not None:
            return game
    if interaction.guild_id is None:
        raise UserError(t("In DMs, tell me which game: add the `game` option."))
    mine = await store.games_of_user(interaction.user.id, interaction.guild_id)
    if len(mine) == 1:
        return mine[0]
    if not mine:
        raise UserError(
            t(
                "You have no running game here. Start one with `/parley new`, or use this "
                "command inside a game's thread."
            )
        )
    listing = ", ".join(f"#{g.id} {t(REGISTRY[g.game_key].title)}" for g in mine[:10])
    raise UserError(
        t(
            "You are in several games ({games}): use this command in the game's thread, or add "
            "the `game` option.",
            games=listing,
        )
    )


async def find_lobby(
    interaction: discord.Interaction[ParleyBot], game_id: int | None
) -> GameRecord:
    """For ``join``: the named game, the thread's game, or the only open lobby here."""
    in_server_only(interaction, N_("the lobby card's **Join** button or `/parley join` there"))
    if game_id is not None or isinstance(interaction.channel, discord.Thread):
        return await find_target_game(interaction, game_id)
    assert interaction.guild_id is not None
    lobbies = [
        g
        for g in await interaction.client.store.open_lobbies(interaction.guild_id)
        if g.channel_id == interaction.channel_id
    ]
    if len(lobbies) == 1:
        return lobbies[0]
    if not lobbies:
        raise UserError(t("No game is waiting for players in this channel."))
    raise UserError(
        t(
            "Several games are waiting here: press Join on the one you want, or add the `game` "
            "option."
        )
    )


async def game_autocomplete(
    interaction: discord.Interaction[ParleyBot], current: str
) -> list[app_commands.Choice[int]]:
    """The caller's games here whose label holds what they typed, then open lobbies: the
    database picks the first 25 (no states, no seats), however many games they are in."""
    store = interaction.client.store
    if interaction.guild_id is None:
        return []
    games = await store.games_listed(interaction.user.id, interaction.guild_id, TITLES, current, 25)
    choices = [app_commands.Choice(name=label(game), value=game.id) for game in games]
    if len(choices) < 25:
        mine = {g.id for g in games}
        lobbies = [
            GameListing(g.id, g.game_key, g.status)
            for g in await store.open_lobbies(interaction.guild_id)
            if g.id not in mine
        ]
        choices += matching(lobbies, current)
    return choices[:25]


#: Each game's title by its key, for labels the database matches (``games_listed``).
TITLES = {key: spec.title for key, spec in REGISTRY.items()}
#: A game's status as a list says it (the database's word is matched, this one is read).
STATUSES = {
    "lobby": NP_("game status", "lobby"),
    "active": NP_("game status", "active"),
    "over": NP_("game status", "over"),
    "cancelled": NP_("game status", "cancelled"),
}


def label(game: GameListing) -> str:
    """How a game reads in a list: ``#12 Rigadoon (active)``. The database matches what was
    typed against the English label (``games_listed``); ids and titles read the same in every
    language."""
    status = tp("game status", STATUSES[game.status]) if game.status in STATUSES else game.status
    return f"#{game.id} {TITLES[game.game_key]} ({status})"


def matching(games: list[GameListing], current: str) -> list[app_commands.Choice[int]]:
    """Up to 25 choices for the games whose label holds ``current``."""
    choices = []
    for game in games:
        if current.lower() in label(game).lower():
            choices.append(app_commands.Choice(name=label(game), value=game.id))
            if len(choices) == 25:
                break
    return choices
