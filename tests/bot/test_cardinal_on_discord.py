"""A whole Cardinal game on (fake) Discord, through the real discord.py code paths: slash
commands, autocomplete, lobby buttons, select menus, a pirate choice by button, closed DMs, a
restart in the middle, stale clicks, and the win."""

from __future__ import annotations

from bot.discord.delivery import DM_CLOSED_HELP
from tests.bot.conftest import World
from tests.bot.helpers import ephemeral_text, menu_option, pick


def latest_post(world: World):
    return world.thread_posts()[-1]


async def open_and_start(world: World):
    bot = await world.start_bot()
    fake, alice, bob = world.fake, world.alice, world.bob
    reply = await fake.slash(
        bot, alice, world.channel, "parley new", game="cardinal", options="first=orange"
    )
    assert reply.ephemeral and "Game #1 of Cardinal is open" in reply.text
    lobby = world.lobby()
    assert [b.label for b in lobby.buttons] == ["Join", "Leave", "Add AI", "Start", "Cancel"]
    assert world.thread().name == "Cardinal #1"
    assert fake.dms(alice) and "Cardinal #1" in fake.dms(alice)[0].content

    joined = await fake.click(bot, bob, lobby, "parley:lobby:1:join")
    assert DM_CLOSED_HELP in ephemeral_text(joined)  # bob's DMs are closed
    assert f"<@{bob.id}>" in world.lobby().embeds[0]["fields"][0]["value"]

    refused = await fake.click(bot, world.carol, world.lobby(), "parley:lobby:1:start")
    assert refused.ephemeral and "Only the host" in refused.text

    started = await fake.click(bot, alice, world.lobby(), "parley:lobby:1:start")
    assert "started" in started.text
    first = world.thread_posts()[-1]
    assert "The game begins!" in first.content
    assert first.mentions == [alice.id]
    assert first.files and first.files[0].data.startswith(b"\x89PNG")
    return bot


async def test_a_whole_game_with_a_restart_and_closed_dms(world: World):
    fake, alice, bob = world.fake, world.alice, world.bob
    bot = await open_and_start(world)

    choices = await fake.autocomplete(bot, alice, world.thread(), "parley move", "action", "b")
    assert [(c["name"], c["value"]) for c in choices] == [
        (f"Place a ship on B{row}", f"place b{row}") for row in range(1, 6)
    ]
    assert await fake.autocomplete(bot, bob, world.thread(), "parley move", "action", "") == []

    not_yours = await fake.slash(bot, bob, world.thread(), "parley move", action="place a1")
    assert not_yours.ephemeral and "not your turn" in not_yours.text

    done = await fake.slash(bot, alice, world.thread(), "parley move", action="place a1")
    assert done.ephemeral and "Orange places a ship on A1" in done.text
    post = world.thread_posts()[-1]
    assert f"<@{alice.id}>: Orange places a ship on A1." in post.content
    assert post.mentions == [bob.id]

    bad = await fake.slash(bot, bob, world.thread(), "parley move", action="place a1")
    assert "already holds a ship" in bad.text
    nonsense = await fake.slash(bot, bob, world.thread(), "parley move", action="🦜" * 300)
    assert nonsense.ephemeral and "Place a ship by naming an empty square" in nonsense.text

    # Bob has closed DMs but plays from the menu on the board post.
    post = latest_post(world)
    await pick(fake, bot, bob, post, "Place a ship on A5")
    stale_post = post

    await world.kill_bot(bot)  # --- the bot restarts mid-game ---
    bot = await world.start_bot()

    stale_menu, stale_value = menu_option(stale_post, "Place a ship on B5")
    old = await fake.select(bot, bob, stale_post, stale_menu, [stale_value])
    assert "out of date" in ephemeral_text(old)

    for user, square in [(alice, "C1"), (bob, "C5"), (alice, "E1"), (bob, "E5"), (alice, "A3")]:
        await pick(fake, bot, user, latest_post(world), f"Place a ship on {square}")

    await world.kill_bot(bot)  # --- and again ---
    bot = await world.start_bot()

    hand = await fake.slash(bot, bob, world.thread(), "parley hand")
    assert hand.ephemeral and "you are **Green**" in hand.text

    post = latest_post(world)
    summons = "Place a ship on B3; it summons the pirate and you pick its square"
    intruder = await pick(fake, bot, world.carol, post, summons)
    assert "not playing" in ephemeral_text(intruder)
    posts = len(world.thread_posts())
    placed = await pick(fake, bot, bob, post, summons)
    # Bob's turn goes on (he summons the pirate): the thread waits for the whole turn, and
    # Bob alone sees where it stands, with the board and his next choices.
    assert len(world.thread_posts()) == posts
    (summon,) = [m for m in placed.messages if m.ephemeral]
    assert "The pirate is summoned" in summon.content and "Your turn goes on" in summon.content
    assert summon.files
    assert [b.label for b in summon.buttons][:2] == [
        "Send the pirate to B2, sending home Green B3",
        "Send the pirate to B4, sending home Green B3",
    ]
    menu = post.selects[0]
    again = await fake.select(bot, bob, post, menu.custom_id, [menu.options[0]["value"]])
    assert "out of date" in ephemeral_text(again) and "goes on" in ephemeral_text(again)
    await fake.click(bot, bob, summon, summon.buttons[0].custom_id)
    assert len(world.thread_posts()) == posts + 1
    turn = world.thread_posts()[-1]
    assert "Green places a ship on B3" in turn.content and "Sent home: Green B3" in turn.content
    assert turn.mentions == [alice.id]

    await fake.slash(bot, alice, world.thread(), "parley move", action="place e3")
    final = world.thread_posts()[-1]
    assert "🏆" in final.content and "Orange has all 5 ships" in final.content
    assert final.mentions == []

    over = await fake.slash(bot, bob, world.thread(), "parley move", action="place d1")
    assert "over" in over.text
    games = await fake.slash(bot, alice, world.channel, "parley games")
    assert "no running games" in games.text

    # Every board post pinged exactly the one player to act, and nobody else.
    for message in world.thread_posts():
        assert len(set(message.mentions)) <= 1


async def test_commands_in_the_wrong_place_get_clear_answers(world: World):
    fake = world.fake
    bot = await world.start_bot()
    nowhere = await fake.slash(bot, world.alice, world.channel, "parley move", action="place a1")
    assert nowhere.ephemeral and "no running game" in nowhere.text
    board = await fake.slash(bot, world.alice, world.channel, "parley board", game=42)
    assert "no game #42" in board.text
    rules = await fake.slash(bot, world.alice, world.channel, "parley rules", game="cardinal")
    assert rules.ephemeral and "crowded" in rules.text
    await fake.slash(bot, world.alice, world.channel, "parley new", game="cardinal")
    in_thread = await fake.slash(bot, world.alice, world.thread(), "parley new", game="cardinal")
    assert "text channel" in in_thread.text
    bad_option = await fake.slash(
        bot, world.alice, world.channel, "parley new", game="cardinal", options="board=hexagon"
    )
    assert "board" in bad_option.text and "can be" in bad_option.text


async def test_only_the_host_or_a_server_manager_can_cancel(world: World):
    """ "the host can cancel and kick; members with Manage Server can cancel any game in their
    server" (issue 8)."""
    fake = world.fake
    moderator = fake.add_user("mod")
    fake.add_member(world.guild, moderator, manage_guild=True)
    bot = await open_and_start(world)
    refused = await fake.slash(bot, world.carol, world.thread(), "parley cancel")
    assert refused.ephemeral and "Only the host or" in refused.text
    assert (await bot.store.game(1)).status == "active"
    done = await fake.slash(bot, moderator, world.thread(), "parley cancel")
    assert "cancelled" in done.text
    assert (await bot.store.game(1)).status == "cancelled"
    assert "cancelled the game" in world.thread_posts()[-1].content
