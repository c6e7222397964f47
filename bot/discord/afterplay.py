"""Looking back at a game: the board as it stood after any move (the public view,
so nothing secret while the game runs) and the list of a player's finished games."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.play.history import undone
from bot.play.service import UserError
from bot.play.story import result_lines
from bot.play.turns import replay
from bot.storage import GameRecord, Store
from games import REGISTRY
from games.core.words import t, tn
from renderers import render

FINISHED_SHOWN = 25


def _board_at(game: GameRecord, actions: list[tuple[int, str]], move: int) -> tuple[str, bytes]:
    spec = REGISTRY[game.game_key]
    rp = replay(spec, game, actions[:move])
    now = spec.view(rp.state, None)
    about = {"title": t(spec.title), "game": game.id}
    if move == 0:
        return t("**{title} #{game}**, the opening board.", **about), render(game.game_key, now)
    before: Any = replay(spec, game, actions[: move - 1]).state
    png = render(game.game_key, now, spec.changes(spec.view(before, None), now))
    text = t(
        "**{title} #{game}**, the board after move {move} of {moves}: {line}",
        move=move,
        moves=len(actions),
        line=rp.lines[-1][2],
        **about,
    )
    if move in undone(actions):
        text += " " + t("(This move was later taken back.)")
    return text, png


async def board_at(store: Store, game: GameRecord, move: int) -> tuple[str, bytes]:
    """The words and picture of the public board after ``move`` (what that move changed marked)."""
    actions = await store.actions(game.id)
    if not 0 <= move <= len(actions):  # the option's least value binds Discord's client only
        raise UserError(t("This game has moves 0 to {moves} so far.", moves=len(actions)))
    return await asyncio.to_thread(_board_at, game, actions, move)


async def finished_list(store: Store, guild_id: int, user_id: int) -> str:
    """A player's finished games here, newest first: result, moves and where to find them."""
    games = await store.finished_games(guild_id, user_id)
    if not games:
        return t("You have no finished games here yet.")
    lines = [t("**Your finished games** ({count}, newest first):", count=len(games))]
    for game in games[:FINISHED_SHOWN]:
        spec = REGISTRY[game.game_key]
        result = result_lines(spec, game, None)  # the winners, and how it was decided
        where = (
            f"https://discord.com/channels/{game.guild_id}/{game.thread_id}"
            if game.thread_id
            else f"<#{game.channel_id}>"
        )
        told = " ".join(result)
        lines.append(
            tn(
                "#{game} {title}: {result} · {n} move · {where}",
                "#{game} {title}: {result} · {n} moves · {where}",
                game.version,
                game=game.id,
                title=t(spec.title),
                result=told,
                where=where,
            )
        )
    if len(games) > FINISHED_SHOWN:
        lines.append(
            tn(
                "… and {n} older one (`/parley stats`).",
                "… and {n} older ones (`/parley stats`).",
                len(games) - FINISHED_SHOWN,
            )
        )
    return "\n".join(lines)
