"""``/parley help`` and ``/parley rules``: a private answer with a rules button per game, and
each game's rules with a picture of a sample move, in words that teach the buttons (never the
engine's own action text), within Discord's limits, in a server and in a DM."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image

from bot.discord.choices import MAX_BUTTONS
from bot.play.lessons import work
from games import REGISTRY
from tests.bot.conftest import World
from tests.bot.fake_discord import InteractionRecord
from tests.bot.fake_discord.limits import message_violations
from tests.bot.helpers import button_id, private_reply


def engine_texts(key: str) -> set[str]:
    """Every legal action's canonical text at each position of the game's sample move: words
    a player must never be taught to type."""
    spec = REGISTRY[key]
    lesson = spec.lesson
    assert lesson is not None
    state = spec.new(lesson.players, lesson.seed, dict(lesson.options))
    texts: set[str] = set()
    for action in (*lesson.before, *lesson.turn):
        seat = next(s for s in spec.to_act(state) if action in spec.legal_actions(state, s))
        texts.update(a for s in spec.to_act(state) for a in spec.legal_actions(state, s))
        state = spec.apply(state, seat, action)
    return {t for t in texts if " " in t}  # one-word actions ("done") are plain words


def check_rules_answer(record: InteractionRecord, key: str) -> None:
    spec = REGISTRY[key]
    text = private_reply(record)
    (message,) = [m for m in record.messages if m is not record.source_message]
    (embed,) = message.embeds
    assert embed["title"] == f"{spec.title} ({spec.player_range()})"
    (png,) = message.files
    assert png.filename == f"rules-{key}.png"
    assert embed["image"]["url"] == f"attachment://rules-{key}.png"
    width, height = Image.open(io.BytesIO(png.data)).size
    assert 600 <= width <= 1200 and height < 2600, (width, height)
    assert message_violations({"embeds": message.embeds}, []) == [], key
    shown = [t for t in engine_texts(key) if re.search(rf"(?<![\w-]){re.escape(t)}\b", text)]
    assert shown == [], f"{key} teaches engine text: {shown}"
    assert "A sample move" in text and ("presses **" in text or "picks **" in text), text


async def test_help_answers_privately_with_a_rules_button_per_game(world: World):
    bot = await world.start_bot()
    for channel in (world.channel, world.fake.dm_channel(world.alice)):
        record = await world.fake.slash(bot, world.alice, channel, "parley help")
        text = private_reply(record)
        for command in ("/parley new", "Join", "/parley hand", "/parley games", "rules"):
            assert command in text, command
        (message,) = record.messages
        assert len(message.content) <= 2000 and len(message.content.splitlines()) <= 6
        assert [b.label for b in message.buttons] == [s.title for s in REGISTRY.values()]
    assert world.fake.limit_violations == []


@pytest.mark.parametrize("key", sorted(REGISTRY))
async def test_each_help_button_shows_that_games_rules_with_its_picture(world: World, key: str):
    bot = await world.start_bot()
    help_record = await world.fake.slash(bot, world.alice, world.channel, "parley help")
    (message,) = help_record.messages
    button = button_id(message, REGISTRY[key].title)
    record = await world.fake.click(bot, world.carol, message, button)
    check_rules_answer(record, key)
    assert world.fake.limit_violations == []


@pytest.mark.parametrize("key", sorted(REGISTRY))
async def test_rules_show_a_sample_move_by_its_buttons_in_a_server_and_a_dm(world: World, key: str):
    bot = await world.start_bot()
    for channel in (world.channel, world.fake.dm_channel(world.alice)):
        record = await world.fake.slash(bot, world.alice, channel, "parley rules", game=key)
        check_rules_answer(record, key)
    assert world.fake.limit_violations == []


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_every_game_has_a_sample_move_in_its_labels(key: str):
    """The sample move replays through the engine, and every click is the engine's label."""
    worked = work(REGISTRY[key], MAX_BUTTONS)
    assert worked is not None and worked.marks, key
    for clicks in worked.picks:
        for click in clicks:
            assert 0 < len(click.words) <= 80 and not click.words.islower(), click
