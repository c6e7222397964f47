"""Who reads what, in which language (issue 29): the game's thread (its lobby card, posts,
status message) speaks the game's language, chosen in the lobby or else the server's; a
private answer speaks its reader's (their own choice, else their Discord client's); a DM
speaks its recipient's, even when another player's click sends it. The fake records the
language spoken at the moment each request reached Discord, so these hold whatever texts
are translated yet."""

from __future__ import annotations

from tests.bot.conftest import World
from tests.bot.fake_discord import InteractionRecord
from tests.bot.helpers import private_reply


def answered_in(world: World, record: InteractionRecord) -> set[str]:
    """The languages the bot spoke while answering ``record`` itself."""
    return {r.spoken for r in world.fake.requests if record.token in r.path}


def posted_in(world: World, *channel_ids: int) -> set[str]:
    """The languages the bot spoke in messages, cards and threads of these channels."""
    paths = tuple(f"/channels/{c}/" for c in channel_ids)
    return {r.spoken for r in world.fake.requests if r.path.startswith(paths)}


async def test_the_thread_speaks_the_servers_language_each_answer_and_dm_its_readers(
    world: World,
):
    world.guild.locale, world.alice.locale = "fr", "de"  # carol's client speaks English
    bot = await world.start_bot()
    fake = world.fake
    opened = await fake.slash(bot, world.alice, world.channel, "parley new", game="tortuga")
    game = await bot.store.game(1)
    assert game is not None and game.language == "fr"  # the server's preferred language
    joined = await fake.click(bot, world.carol, world.lobby(), "parley:lobby:1:join")
    started = await fake.click(bot, world.alice, world.lobby(), "parley:lobby:1:start")
    thread = world.thread()
    assert posted_in(world, world.channel.id, thread.id) == {"fr"}
    assert answered_in(world, opened) == answered_in(world, started) == {"de"}
    assert answered_in(world, joined) == {"en"}
    # Alice's start sent both loyalties: each in its reader's language, not hers.
    for user, language in ((world.alice, "de"), (world.carol, "en")):
        dm = fake.dm_channel(user)
        assert fake.dms(user), f"{user.name} got no DM"
        assert posted_in(world, dm.id) == {language}
    assert {(await bot.store.user_settings(u.id)).locale for u in (world.alice, world.carol)} == {
        "de",
        "en-US",
    }


async def test_a_players_own_language_outranks_their_client_and_the_answer_speaks_it(
    world: World,
):
    bot = await world.start_bot()
    fake, carol = world.fake, world.carol
    carol.locale = "fr"
    chosen = await fake.slash(bot, carol, world.channel, "parley settings", language="de")
    assert "Deutsch" in private_reply(chosen)
    said = [r.spoken for r in world.fake.requests if chosen.token in r.path]
    assert said == ["fr", "de"]  # thinking..., then the answer in the language chosen
    assert (await bot.store.user_settings(carol.id)).language == "de"
    asked = await fake.slash(bot, carol, world.channel, "parley games")
    assert answered_in(world, asked) == {"de"}
    offered = await fake.slash(bot, carol, world.channel, "parley settings", language="discord")
    assert answered_in(world, offered) == {"de", "fr"}  # her client's again, once saved
    assert (await bot.store.user_settings(carol.id)).language is None
    forged = await fake.slash(bot, carol, world.channel, "parley settings", language="xx")
    assert private_reply(forged) == "Choisissez une langue dans la liste proposée."
    assert (await bot.store.user_settings(carol.id)).language is None


async def test_a_game_chosen_in_german_speaks_german_and_autocomplete_its_typists(
    world: World,
):
    bot = await world.start_bot()
    fake, bob = world.fake, world.bob
    bob.locale = "fr"
    await fake.slash(bot, world.alice, world.channel, "parley new", game="cardinal", language="de")
    game = await bot.store.game(1)
    assert game is not None and game.language == "de"
    assert posted_in(world, world.channel.id) == {"de"}

    async def typed_in() -> set[str]:
        before = len(fake.requests)
        await fake.autocomplete(bot, bob, world.channel, "parley join", "game", "")
        return {r.spoken for r in fake.requests[before:]}

    assert await typed_in() == {"fr"}  # his client's: an autocomplete reads no settings
    await fake.slash(bot, bob, world.channel, "parley settings", language="en")
    assert await typed_in() == {"en"}  # his own, once this process has read it
