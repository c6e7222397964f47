"""Issue 27 on Discord: ``/parley learn`` opens a guided practice game against the AI in a
private thread, with teaching notes on the learner's posts; ``/parley hint`` answers privately
in unrated games whose lobby allowed hints, and is refused in words everywhere else."""

from __future__ import annotations

from typing import Any

import pytest

from bot.discord.learn import STARTED
from bot.discord.lobby import HINTS
from bot.play.teaching import NOTE
from games import REGISTRY
from tests.bot.conftest import World
from tests.bot.fake_discord.world import PRIVATE_THREAD
from tests.bot.helpers import choice_labels, pick, private_reply
from tests.bot.test_ai_seats import open_with_ai
from tests.bot.test_hardening_recovery import crash_at, restart
from tests.bot.test_permissions import permissions
from tests.bot.time_helpers import FakeClock, start_bot


async def quick_bot(world: World):
    """A bot whose AI thinks at ``easy`` (its moves and hints): what is tested here is the
    teaching, not the AI's strength, and a lighter search keeps the tests cheap."""
    bot = await world.start_bot()
    bot.service.thinker.level = "easy"
    return bot


async def test_learn_opens_a_private_practice_game_against_the_ai_with_notes(world: World):
    """ "`/parley learn GAME` starts a private practice game against the AI (unrated, in a
    thread of its own ...): the first turns come with a short note on what the player can do
    now ...; after each of the player's moves, one sentence on what it did." """
    bot = await quick_bot(world)
    fake, alice = world.fake, world.alice
    reply = await fake.slash(
        bot, alice, world.channel, "parley learn", game="cardinal", options="first=green"
    )
    answer = private_reply(reply)
    thread = world.thread()
    assert thread.type == PRIVATE_THREAD and thread.name.startswith("Learn Cardinal")
    assert f"<#{thread.id}>" in answer and "Unrated" in answer
    assert not [m for m in fake.messages(world.channel) if m.embeds]  # no lobby card
    game = await bot.store.game(1)
    assert game.practice and game.hints and game.against_ai and game.status == "active"
    assert game.thread_id == thread.id and [s.is_ai for s in game.seats] == [False, True]

    spec = REGISTRY["cardinal"]
    goal = next(m for m in spec.moments if m.id == "goal")
    first = world.thread_posts()[-1]
    assert NOTE + goal.text in first.content  # alice is due: the goal comes with her turn
    label = next(word for word in choice_labels(first) if word.startswith("Place"))
    await pick(fake, bot, alice, first, label)
    after = world.thread_posts()[-1]
    assert after is not first
    assert "by my quick count that" in after.content  # one sentence on what her move did
    assert goal.text not in after.content  # each moment once
    notes = [line for line in after.content.splitlines() if line.startswith(NOTE)]
    assert notes and all(len(line) < 400 for line in notes)


async def test_a_hint_suggests_the_ais_move_privately_and_its_button_plays_it(world: World):
    """ "`/parley hint` ... answers privately with the AI's suggested move and a reason in
    words ... built from `evaluate` before and after." """
    bot = await quick_bot(world)
    fake, alice = world.fake, world.alice
    await fake.slash(
        bot, alice, world.channel, "parley learn", game="cardinal", options="first=orange"
    )
    thread = world.thread()
    moves = len(await bot.store.actions(1))
    asked = await fake.slash(bot, alice, thread, "parley hint")
    text = private_reply(asked)
    assert text.startswith("💡 **Place a ship on ") and "chances" in text
    (button,) = [b for m in asked.messages for b in m.buttons]
    assert button.label in text
    await fake.click(bot, alice, asked.messages[-1], button.custom_id)
    log = await bot.store.actions(1)
    assert len(log) > moves and log[moves][0] == (await bot.store.game(1)).seat_of(alice.id)
    assert f"place {button.label.rsplit(' ', 1)[-1].lower()}" == log[moves][1]


async def test_hints_are_refused_in_words_where_they_are_not_allowed(world: World):
    """ "only in unrated and practice games, and only when the game's options allow it":
    a game against the AI without hints, a game among people, and a stranger, each refused
    privately, nothing changed."""
    bot = await quick_bot(world)
    fake, alice, bob = world.fake, world.alice, world.bob
    plain = await open_with_ai(world, bot, "cardinal", 1, [alice])
    await fake.click(bot, alice, world.lobby(), f"parley:lobby:{plain}:start")
    refused = private_reply(await fake.slash(bot, alice, world.thread(), "parley hint"))
    assert "Hints are off in this game" in refused

    reply = await fake.slash(bot, alice, world.channel, "parley new", game="cardinal", hints=True)
    rated = int(reply.text.split("Game #")[1].split()[0])
    card = [m for m in fake.messages(world.channel) if m.embeds][-1]
    assert HINTS in str(card.embeds) and HINTS not in str(world.lobby().embeds)
    await fake.click(bot, bob, card, f"parley:lobby:{rated}:join")
    await fake.click(bot, alice, card, f"parley:lobby:{rated}:start")
    before = await bot.store.actions(rated)
    refused = private_reply(await fake.slash(bot, alice, world.thread(), "parley hint"))
    assert "only for unrated games" in refused
    stranger = private_reply(await fake.slash(bot, world.carol, world.thread(), "parley hint"))
    assert "not playing in this game" in stranger
    assert await bot.store.actions(rated) == before


async def test_learn_without_private_threads_is_refused_naming_the_permission(world: World):
    """A channel where the bot may not make a private thread: a clear private refusal that
    names the permission, and no game left behind."""
    fake = world.fake
    fake.set_bot_permissions(world.guild, permissions(without="create_private_threads"))
    bot = await quick_bot(world)
    reply = await fake.slash(bot, world.alice, world.channel, "parley learn", game="ship")
    assert "Create Private Threads" in private_reply(reply)
    assert await bot.store.games_of_user(world.alice.id, world.guild.id) == []
    assert fake.threads(world.channel) == []


# -- a practice game is opened and started once, whatever dies on the way ------------------------


@pytest.mark.parametrize(
    "step", ["create_game", "set_places", "start"], ids=["made", "thread-recorded", "started"]
)
async def test_a_crash_while_opening_a_practice_game_leaves_it_started(
    world: World, monkeypatch, step
):
    """The process dies once the practice game is committed (``made``), once its private thread
    is recorded (``thread-recorded``) or once its start is committed (``started``): after a
    restart the learner has the practice game, started, with its AI seats, in one private
    thread they are in, its opening post there; never a lobby nobody can start."""
    fake, alice = world.fake, world.alice
    clock = FakeClock()
    bot = await start_bot(world, clock)
    bot.service.thinker.level = "easy"
    crash_at(monkeypatch, bot.store, step, after=True)  # committed, then the process dies
    await fake.slash(bot, alice, world.channel, "parley learn", game="cardinal")
    assert (await bot.store.game(1)).status in ("lobby", "active")

    bot = await restart(world, bot, clock)
    await bot.service.thoughts.settled()
    game = await bot.store.game(1)
    assert game.practice and game.status == "active", game.status
    assert [s.is_ai for s in game.seats] == [False, True]
    (thread,) = fake.threads(world.channel)
    assert thread.type == PRIVATE_THREAD and game.thread_id == thread.id
    assert [m for m in world.thread_posts() if "The game begins!" in m.content]
    assert await bot.store.unopened() == [] and await bot.store.unsent() == []


async def test_a_start_racing_learn_still_hands_the_learner_their_game(world: World, monkeypatch):
    """A resume elsewhere (another process, or this one's tick) starts the practice game as soon
    as its thread is recorded, before the command's own start: the learner is still told their
    game is on, never that it "has already started"; it is started once."""
    fake, alice = world.fake, world.alice
    bot = await quick_bot(world)
    real = bot.store.set_places

    async def then_started(game_id: int, *args: Any, **kwargs: Any) -> None:
        await real(game_id, *args, **kwargs)
        monkeypatch.setattr(bot.store, "set_places", real)
        game = await bot.store.game(game_id)
        await bot.service.start(game, None)  # the resume's start wins the race

    monkeypatch.setattr(bot.store, "set_places", then_started)
    reply = await fake.slash(bot, alice, world.channel, "parley learn", game="cardinal")
    answer = private_reply(reply)
    assert "already started" not in answer
    thread = world.thread()
    title = REGISTRY["cardinal"].title
    assert answer.startswith(STARTED.format(title=title, thread=thread.id)), answer
    assert (await bot.store.game(1)).status == "active"
    begun = [m for m in world.thread_posts() if "The game begins!" in m.content]
    assert len(begun) == 1


async def test_a_practice_game_that_can_never_start_is_called_off_not_retried(world: World):
    """A practice game left in the lobby without its AI seats (made before its seats came in
    the game's own commit) cannot start: the resume calls it off once and owes it no more,
    rather than failing on every tick."""
    clock = FakeClock()
    bot = await start_bot(world, clock)
    alice = world.alice
    made = await bot.store.create_game(
        "cardinal", world.guild.id, world.channel.id, alice.id, 7, {}, practice=True, hints=True
    )
    assert await bot.store.unopened() == [made.id]
    bot = await restart(world, bot, clock)
    game = await bot.store.game(made.id)
    assert game.status == "cancelled" and await bot.store.unopened() == []
