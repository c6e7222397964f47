"""A turn of Rigadoon on (fake) Discord with a chain reaction and pending choices, played from
the thread post and then from the player's private answers (the thread tells the turn once,
when it ends), through the real discord.py code paths.

The position is reached by real play from the opening (nothing is written into the store). The
line was found by searching Blue's first turn with the engine (``games/rigadoon``): with the
opening wind N, ``sail e3 se 3`` puts a Blue ship on H6, then ``sail k5 w 3`` lands on H5 next
to it. The chain: H5 must attack its neighbour H6 (even a friend), H6 is
blasted south and meets the chest at H7 (bump or run aground? a choice), bumps it to H8 and meets
that chest in turn (a second choice), then bumps it to H9 and ends on H8. Blue then changes the
wind (the seed is fixed, so the card is known: SW) and sails its last two ships, which ends the
turn by itself.
"""

from __future__ import annotations

import pytest

from games import REGISTRY
from games.rigadoon.position import chest_squares, piece
from renderers import render
from tests.bot.conftest import World
from tests.bot.helpers import button_id, pick, private_reply

SPEC = REGISTRY["rigadoon"]
SEED = 20261122


async def stored(bot):
    game = await bot.store.game(1)
    return game, SPEC.load(game.state)


@pytest.fixture
def fixed_seed(monkeypatch):
    monkeypatch.setattr("bot.play.service.secrets.randbits", lambda bits: SEED)


async def test_a_turn_with_a_chain_reaction_and_choices_by_button(world: World, fixed_seed):
    """Issue requirement: "A bot test that plays a turn with a chain reaction and a pending
    choice through buttons." The pending choices are buttons in the player's private answer
    to their last step (issue 14: the thread tells the turn in one post when it ends); only
    the active player can act (others get an ephemeral refusal); a stale button is refused."""
    fake, alice, bob, carol = world.fake, world.alice, world.bob, world.carol
    bot = await world.start_bot()

    await fake.slash(bot, alice, world.channel, "parley new", game="rigadoon")
    assert world.thread().name == "Rigadoon #1"
    await fake.click(bot, bob, world.lobby(), "parley:lobby:1:join")
    await fake.click(bot, alice, world.lobby(), "parley:lobby:1:start")
    game, _ = await stored(bot)
    assert game.seed == SEED

    # Green (Bob, seat 2) picks the opening wind from the buttons on the first post.
    opening = world.thread_posts()[-1]
    assert opening.mentions == [bob.id]
    assert [b.label for b in opening.buttons][:2] == [
        "Opening wind from the north (ships run south)",
        "Opening wind from the north-east (ships run south-west)",
    ]
    north = "Opening wind from the north (ships run south)"
    await fake.click(bot, bob, opening, button_id(opening, north))
    post = world.thread_posts()[-1]
    assert post.content.startswith(
        f"<@{bob.id}>: Green picks the opening wind: from the north (ships run south). "
        "Blue sails first."
    )
    assert post.mentions == [alice.id]

    # Blue has 74 sails: one button per ship on the post, then that ship's sails in a step
    # only Alice sees. One sail so, one by slash command. Each is a step of Blue's turn: the
    # thread stays quiet until the turn ends, and Alice alone sees where her turn stands.
    posts_before = len(world.thread_posts())
    e3 = "Sail E3 (3 masts) …"
    opened = await fake.click(bot, alice, post, button_id(post, e3))
    sails = opened.message
    assert sails.ephemeral and [b.label for b in sails.buttons] == ["Back"]
    await pick(fake, bot, alice, sails, "Sail E3 (3 masts) 3 south-east")
    assert "Blue E3 sails south-east 3 spaces to H6." in sails.content  # edited in place
    done = await fake.slash(bot, alice, world.thread(), "parley move", action="sail k5 w 3")
    assert "Blue H5 attacks Blue H6" in private_reply(done)
    assert len(world.thread_posts()) == posts_before

    # The chain stops at a real choice, told in words in Alice's answer, with the board (the
    # turn so far marked) and buttons for it.
    (choice,) = [m for m in done.messages if m.buttons]
    assert choice.content.startswith(
        "Done: Blue K5 sails west 3 spaces to H5. Blue H5 attacks Blue H6; it loses a mast. It "
        "meets the chest at H7: bump it or run aground?\nYour turn goes on"
    )
    assert "• Blue E3 sails south-east 3 spaces to H6." in choice.content
    assert choice.files and choice.files[0].data.startswith(b"\x89PNG")
    bump = "Blue H6 bumps the chest at H7 on (your turn, so you decide)"
    aground = "Blue H6 stops, aground on the chest at H7 (your turn, so you decide)"
    assert [b.label for b in choice.buttons] == [bump, aground]
    game, state = await stored(bot)
    assert SPEC.view(state, None)["decision"] == "bump or stop on the chest"
    assert piece(state, "h6") == ("Blue", 2)

    # Only the active player may act: Bob and Carol try the sails on the thread post.
    rival = await fake.click(bot, bob, post, button_id(post, e3))
    assert "another player's turn" in private_reply(rival)
    watcher = await fake.click(bot, carol, post, button_id(post, e3))
    assert "You are not playing in this game" in private_reply(watcher)
    assert (await stored(bot))[0].version == game.version
    # Alice's own buttons on that post are out of date: her turn goes on from her answer.
    stale = await fake.click(bot, alice, post, button_id(post, e3))
    assert "out of date" in private_reply(stale) and "goes on" in private_reply(stale)

    # Alice bumps; the blast goes on and meets a second chest: another choice, in the same
    # private answer, edited in place with newer buttons.
    old_bump = choice.buttons[0].custom_id
    await fake.click(bot, alice, choice, button_id(choice, bump))
    assert choice.content.startswith(  # the panel shows the step, with no "Done:" echo
        "Blue H6 bumps a chest to H8. It meets the chest at H8: bump it or run aground?"
    )
    bump_on = "Blue H7 bumps the chest at H8 on (your turn, so you decide)"
    aground_on = "Blue H7 stops, aground on the chest at H8 (your turn, so you decide)"
    assert [b.label for b in choice.buttons] == [bump_on, aground_on]
    assert choice.buttons[0].custom_id != old_bump  # a newer version
    assert choice.files

    # The same choice is in Alice's private panel.
    hand = await fake.slash(bot, alice, world.thread(), "parley hand")
    assert "you are **Blue**" in private_reply(hand)
    assert [b.label for b in hand.messages[-1].buttons] == [bump_on, aground_on]

    await fake.click(bot, alice, choice, button_id(choice, bump_on))
    assert choice.content.startswith(
        "Blue H6 bumps a chest to H9. Blue H6 is blasted two spaces south to H8."
    )
    assert choice.selects  # back to sails
    game, state = await stored(bot)
    assert piece(state, "h5") == ("Blue", 3) and piece(state, "h8") == ("Blue", 2)
    assert chest_squares(state) == ["f7", "g6", "g8", "h9"]
    assert SPEC.view(state, None)["decision"] == "sail or repair ships, and change the wind"

    # The rest of Blue's turn: change the wind, sail the last two ships; the turn ends itself.
    wind = await fake.slash(bot, alice, world.thread(), "parley move", action="change wind")
    assert (
        "Blue changes the wind: now from the south-west (ships run north-east)."
        in private_reply(wind)
    )
    sailed = await fake.slash(bot, alice, world.thread(), "parley move", action="sail i11 s 1")
    (steps,) = [m for m in sailed.messages if m.selects]
    assert len(world.thread_posts()) == posts_before
    await pick(fake, bot, alice, steps, "Sail C9 (3 masts) 1 west")

    # One post tells the whole turn, in order, and pings Green.
    assert len(world.thread_posts()) == posts_before + 1
    last = world.thread_posts()[-1]
    assert last.content.startswith(
        f"<@{alice.id}>: Blue E3 sails south-east 3 spaces to H6. Blue K5 sails west 3 spaces "
        "to H5. Blue H5 attacks Blue H6; it loses a mast. It meets the chest at H7: bump it or "
        "run aground? Blue H6 bumps a chest to H8."
    )
    assert "Blue changes the wind: now from the south-west (ships run north-east)." in last.content
    assert "Blue C9 sails west 1 space to B9. Blue ends the turn." in last.content
    assert last.mentions == [bob.id]  # Green's turn now: Bob is pinged
    game, state = await stored(bot)
    assert SPEC.to_act(state) == [1] and game.status == "active"
    # Bob missed Blue's whole turn: his board marks every sail and blast of it, numbered.
    then = SPEC.apply(SPEC.new(2, SEED), 1, "wind n")
    marks = SPEC.changes(SPEC.view(then, 1), SPEC.view(state, 1))
    assert marks and last.files[0].data == render("rigadoon", SPEC.view(state, None), marks)

    # A choice from Blue's turn is stale now.
    late = await fake.click(bot, alice, post, button_id(post, e3))
    assert "out of date" in private_reply(late)
    # Every post carried the board picture and pinged at most one player.
    for message in world.thread_posts():
        assert message.files and message.files[0].data.startswith(b"\x89PNG")
        assert len(set(message.mentions)) <= 1
