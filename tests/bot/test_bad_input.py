"""Bad input at the bot level (issue 8): malformed, out-of-turn, stale, oversized and
unicode-laden commands and clicks each get a clear ephemeral answer and change nothing; and
nobody can reach a game of another server."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.config import Settings
from bot.discord.bot import ParleyBot
from tests.bot.fake_discord import FakeDiscord
from tests.bot.helpers import ephemeral_text

junk = st.one_of(
    st.text(min_size=1, max_size=300),
    # near-misses that are never legal on the 5x5 board: columns f-h, rows 6-9
    st.text(alphabet="fgh6789 ", min_size=1, max_size=12).map(lambda s: f"place {s}"),
    st.sampled_from(
        [
            "place",
            "place z9",
            "PLACE A1 A1",
            "pirate c3",
            "pass",
            "🏴‍☠️" * 80,
            "place a0",
            "place a-1",
            "place \u202ec3",
            "   ",
        ]
    ),
)
custom_ids = st.one_of(
    st.builds(
        lambda g, v, a: f"parley:act:{g}:{v}:{a}",
        st.integers(0, 10**12),
        st.integers(0, 10**6),
        st.text(min_size=1, max_size=40),
    ),
    st.builds(
        lambda g, op: f"parley:lobby:{g}:{op}",
        st.integers(0, 10**12),
        st.sampled_from(["join", "leave", "start", "cancel"]),
    ),
    st.builds(lambda g: f"parley:hand:{g}", st.integers(0, 10**12)),
    st.builds(
        lambda g, v, p: f"parley:step:{g}:{v}:{p}",
        st.sampled_from([1, 2, 10**12]),
        st.integers(0, 10**6),
        st.one_of(st.just(""), st.just("place#0"), st.text(max_size=40)),
    ),
)


async def started_game(fake: FakeDiscord, folder: str):
    guild = fake.add_guild("Harbour")
    alice, bob, mallory = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("mallory")
    for user in (alice, bob):
        fake.add_member(guild, user)
    elsewhere = fake.add_guild("Elsewhere")
    fake.add_member(elsewhere, mallory)
    bot = ParleyBot(Settings(token="fake", database=str(Path(folder) / "p.db")))
    await fake.attach(bot)
    channel = fake.channel(guild)
    await fake.slash(bot, alice, channel, "parley new", game="cardinal", options="first=orange")
    lobby = next(m for m in fake.messages(channel) if m.embeds)
    await fake.click(bot, bob, lobby, "parley:lobby:1:join")
    await fake.click(bot, alice, lobby, "parley:lobby:1:start")
    return bot, fake.threads(channel)[-1], alice, bob, mallory, fake.channel(elsewhere)


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    moves=st.lists(junk, min_size=15, max_size=15),
    clicks=st.lists(custom_ids, min_size=10, max_size=10),
)
async def test_junk_commands_and_clicks_change_nothing(moves, clicks):
    fake = FakeDiscord()
    with tempfile.TemporaryDirectory() as folder:
        bot, thread, alice, bob, _, _ = await started_game(fake, folder)
        try:
            await play_junk(fake, bot, thread, alice, bob, moves, clicks)
        finally:
            await fake.detach(bot)
            fake.close()


async def play_junk(fake, bot, thread, alice, bob, moves, clicks) -> None:
    for i, text in enumerate(moves):
        user = alice if i % 2 else bob  # bob is out of turn
        reply = await fake.slash(bot, user, thread, "parley move", action=text)
        assert reply.ephemeral and reply.text.strip()
        assert "Traceback" not in reply.text
    post = fake.messages(thread)[-1]
    for custom_id in clicks:
        post.raw_components = [
            {
                "type": 1,
                "components": [{"type": 2, "style": 1, "label": "x", "custom_id": custom_id[:100]}],
            }
        ]
        reply = await fake.click(bot, bob, post, custom_id[:100])
        assert ephemeral_text(reply).strip()
    game = await bot.store.game(1)
    assert game.version == 0 and await bot.store.actions(1) == []


async def test_nobody_can_reach_a_game_of_another_server(tmp_path):
    fake = FakeDiscord()
    bot, _thread, _alice, _, mallory, foreign = await started_game(fake, str(tmp_path))
    try:
        await reach_from_elsewhere(fake, bot, mallory, foreign)
    finally:
        await fake.detach(bot)
        fake.close()


async def reach_from_elsewhere(fake, bot, mallory, foreign) -> None:
    for command, options in [
        ("parley board", {"game": 1}),
        ("parley hand", {"game": 1}),
        ("parley cancel", {"game": 1}),
        ("parley move", {"game": 1, "action": "place a1"}),
    ]:
        reply = await fake.slash(bot, mallory, foreign, command, **options)
        assert "no game #1 in this server" in reply.text
    assert await fake.autocomplete(bot, mallory, foreign, "parley move", "action", "") == []
    assert (await bot.store.game(1)).status == "active"
