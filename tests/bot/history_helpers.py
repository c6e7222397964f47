"""Helpers the issue-16 tests share: seated players, a game played by random legal moves,
and a long game fast-forwarded straight into the store (its posts counted as sent)."""

from __future__ import annotations

import random
import secrets
from typing import Any

import pytest

from bot.discord.bot import ParleyBot
from games import REGISTRY
from tests.bot.conftest import World
from tests.bot.fake_discord import FakeMessage, FakeUser


def players(world: World, count: int) -> list[FakeUser]:
    """``count`` members: alice, carol, then new ones (bob keeps his DMs closed: left out)."""
    users = [world.alice, world.carol]
    while len(users) < count:
        user = world.fake.add_user(f"p{len(users)}")
        world.fake.add_member(world.guild, user)
        users.append(user)
    return users[:count]


def random_game(
    key: str, count: int, seed: int, options: dict[str, Any] | None = None, pick: int = 0
) -> list[tuple[int, str]]:
    """Every (seat, action) of a game played to its end by random legal moves."""
    spec = REGISTRY[key]
    state = spec.new(count, seed, options)
    picker = random.Random(pick)
    moves = []
    while spec.outcome(state) is None:
        seat = picker.choice(spec.to_act(state))
        action = picker.choice(spec.legal_actions(state, seat))
        moves.append((seat, action))
        state = spec.apply(state, seat, action)
    return moves


async def fast_forward(bot: ParleyBot, game_id: int, moves: list[tuple[int, str]]) -> None:
    """Commit ``moves`` as if they had been played, with no posts, and mark every post owed
    so far as sent: the test then goes on through Discord from there."""
    store = bot.store
    for seat, action in moves:
        game = await store.game(game_id)
        assert game is not None and game.state is not None
        spec = REGISTRY[game.game_key]
        after = spec.apply(spec.load(game.state), seat, action)
        await store.record_action(
            game_id,
            game.version,
            seat,
            game.user_of(seat),
            action,
            spec.dump(after),
            "active",
            None,
            [],
        )
    for item in await store.unsent(game_id):
        await store.mark_sent(item.id)


async def play_on(
    world: World, bot: ParleyBot, game_id: int, users: list[FakeUser], picker: random.Random
) -> None:
    """Play the game to its end by random legal moves typed with ``/parley move``."""
    while True:
        game = await bot.store.game(game_id)
        assert game is not None
        if game.status != "active":
            return
        spec = REGISTRY[game.game_key]
        state = spec.load(game.state or "")
        seat = picker.choice(spec.to_act(state))
        action = picker.choice(spec.legal_actions(state, seat))
        await world.fake.slash(bot, users[seat], world.thread(), "parley move", action=action)


def final_posts(world: World) -> list[FakeMessage]:
    """The final post (a long story is split into several, the board and buttons on the
    last): from the piece that tells the result (🏆 or 🤝) on, without the replay after it."""
    posts = world.thread_posts()
    start = max(i for i, p in enumerate(posts) if "🏆" in p.content or "🤝" in p.content)
    return [p for p in posts[start:] if not any(f.filename.startswith("replay") for f in p.files)]


def game_seed(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """New games get ``seed``; discord.py's message nonces (64 bits) stay random, so Discord
    never mistakes two posts for one."""
    real = secrets.randbits
    monkeypatch.setattr(secrets, "randbits", lambda bits: seed if bits == 62 else real(bits))
