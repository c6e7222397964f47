""" "Since you last looked" (issue 7): when several actions happened since the pinged player's
last move, the board in their ping has the changed places tinted."""

from __future__ import annotations

import io

from PIL import Image

from games import REGISTRY
from renderers import render
from renderers.cardinal import CELL, MARGIN, PANEL
from tests.bot.conftest import World
from tests.bot.helpers import pick
from tests.bot.test_cardinal_on_discord import open_and_start


async def test_the_ping_after_two_actions_shows_what_changed(world: World):
    fake, alice, bob = world.fake, world.alice, world.bob
    bot = await open_and_start(world)
    for user, square in [
        (alice, "A1"),
        (bob, "A5"),
        (alice, "C1"),
        (bob, "C5"),
        (alice, "E1"),
        (bob, "E5"),
        (alice, "A3"),
    ]:
        await pick(fake, bot, user, world.thread_posts()[-1], f"Place a ship on {square}")
    await fake.slash(bot, bob, world.thread(), "parley move", action="place b3")
    summon = world.thread_posts()[-1]
    await pick(fake, bot, bob, summon, "Send the pirate to B2, sending home Green B3")
    ping = world.thread_posts()[-1]
    assert ping.mentions == [alice.id]
    spec = REGISTRY["cardinal"]
    game = await bot.store.game(1)
    plain = Image.open(io.BytesIO(render("cardinal", spec.view(spec.load(game.state), None))))
    shown = Image.open(io.BytesIO(ping.files[0].data)).convert("RGB")
    plain = plain.convert("RGB")
    assert shown.size == plain.size
    # a2 (now under the pirate's influence) is tinted; d4, untouched since, is not.
    a2 = (MARGIN + 0 * CELL + 30, MARGIN + PANEL + 3 * CELL + 30)
    d4 = (MARGIN + 3 * CELL + 20, MARGIN + PANEL + 1 * CELL + 20)
    assert shown.getpixel(a2) != plain.getpixel(a2)
    assert shown.getpixel(d4) == plain.getpixel(d4)

    # After a single action since your move, the post itself already shows it: no tint.
    await fake.slash(bot, alice, world.thread(), "parley move", action="place d1")
    game = await bot.store.game(1)
    after = world.thread_posts()[-1]
    plain = render("cardinal", spec.view(spec.load(game.state), None))
    assert after.files[0].data == plain
