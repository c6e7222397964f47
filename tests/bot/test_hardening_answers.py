"""Abuse and small answers (issue 12, "Configuration and abuse"): a cap on open lobbies,
`/parley games` in pages, and a specific sentence (never "Something went wrong", never
silence) for a huge game id (typed, or in any button's custom id), a menu picked with no
value, a negative version in a custom id, `/parley games`, `stats`, `leaderboard` and
`ratings` in a DM, a board before the first move and a lost race for `/parley sub`."""

from __future__ import annotations

import re

import bot.play.service
from tests.bot import components
from tests.bot.conftest import World
from tests.bot.fake_discord import FakeChannel, FakeDiscord, FakeMessage
from tests.bot.helpers import private_reply

HUGE = 10**30


def forged(fake: FakeDiscord, channel: FakeChannel, custom_id: str) -> FakeMessage:
    button = {"type": 2, "style": 1, "label": "x", "custom_id": custom_id}
    return fake._store_message(
        channel, {"content": "x", "components": [{"type": 1, "components": [button]}]}, []
    )


def specific(answer: str) -> str:
    assert answer.strip(), "silence"
    assert "Something went wrong" not in answer, answer
    return answer


# -- a cap on open lobbies ----------------------------------------------------------------------


async def test_open_lobbies_are_capped_per_host_and_per_server(world: World, monkeypatch):
    """ "One user opened 200 lobbies (200 threads) unchecked: a per-user and per-server cap on
    open lobbies, with a clear message." """
    fake, alice, carol = world.fake, world.alice, world.carol
    bot_ = await world.start_bot()
    cap = bot.play.service.LOBBIES_PER_HOST
    for _ in range(cap):
        opened = await fake.slash(bot_, alice, world.channel, "parley new", game="cardinal")
        assert "is open" in opened.text
    refused = await fake.slash(bot_, alice, world.channel, "parley new", game="cardinal")
    answer = specific(private_reply(refused))
    assert f"already have {cap} games waiting" in answer and "#1" in answer, answer
    assert len(fake.threads(world.channel)) == cap
    assert len([m for m in fake.messages(world.channel) if m.embeds]) == cap

    await fake.click(bot_, alice, world.lobby(), "parley:lobby:1:cancel")  # room for one more
    again = await fake.slash(bot_, alice, world.channel, "parley new", game="cardinal")
    assert "is open" in again.text

    monkeypatch.setattr(bot.play.service, "LOBBIES_PER_SERVER", cap + 1)
    ok = await fake.slash(bot_, carol, world.channel, "parley new", game="cardinal")
    assert "is open" in ok.text
    full = await fake.slash(bot_, carol, world.channel, "parley new", game="tortuga")
    answer = specific(private_reply(full))
    assert f"This server already has {cap + 1} games waiting" in answer, answer
    assert len(fake.threads(world.channel)) == cap + 2


# -- /parley games in pages ------------------------------------------------------------------


async def test_a_long_games_list_comes_in_pages_that_survive_a_restart(world: World):
    """ "`/parley games` for a user in many games came back as 648 messages: page it with
    buttons." """
    fake, alice, carol = world.fake, world.alice, world.carol
    bot_ = await world.start_bot()
    for _ in range(23):
        game = await bot_.service.new_game("cardinal", world.guild.id, world.channel.id, alice.id)
        await bot_.service.start(await bot_.service.join(game, carol.id), alice.id)
    reply = await fake.slash(bot_, alice, world.channel, "parley games")
    (page,) = reply.messages
    assert page.ephemeral and page.content.startswith("Your games here, page 1 of 3 (23 games)")
    assert [b.label for b in page.buttons] == ["Next ▶"]
    seen = re.findall(r"^#(\d+) ", page.content, re.M)
    assert len(seen) == 10

    stranger = forged(fake, world.channel, page.buttons[0].custom_id)
    other = await fake.click(bot_, carol, stranger, page.buttons[0].custom_id)
    assert "someone else's" in specific(private_reply(other))

    await fake.click(bot_, alice, page, page.buttons[0].custom_id)
    assert page.content.startswith("Your games here, page 2 of 3")
    assert [b.label for b in page.buttons] == ["◀ Previous", "Next ▶"]
    seen += re.findall(r"^#(\d+) ", page.content, re.M)

    await world.kill_bot(bot_)  # --- the buttons keep working after a restart ---
    bot_ = await world.start_bot()
    await fake.click(bot_, alice, page, page.buttons[1].custom_id)
    assert page.content.startswith("Your games here, page 3 of 3")
    assert [b.label for b in page.buttons] == ["◀ Previous"]
    seen += re.findall(r"^#(\d+) ", page.content, re.M)
    assert sorted(map(int, seen)) == list(range(1, 24))
    assert all(len(m.content) <= 2000 for m in reply.messages)


# -- small answers -----------------------------------------------------------------------------


async def started(world: World):
    fake = world.fake
    bot_ = await world.start_bot()
    await fake.slash(
        bot_, world.alice, world.channel, "parley new", game="cardinal", options="first=orange"
    )
    await fake.click(bot_, world.carol, world.lobby(), "parley:lobby:1:join")
    await fake.click(bot_, world.alice, world.lobby(), "parley:lobby:1:start")
    return bot_


async def test_a_huge_game_id_gets_a_sentence(world: World):
    """ "a 10^30 game id" """
    fake, alice = world.fake, world.alice
    bot_ = await started(world)
    for command in ("parley board", "parley hand", "parley join"):
        reply = await fake.slash(bot_, alice, world.channel, command, game=HUGE)
        assert f"There is no game #{HUGE}" in specific(private_reply(reply)), command
    for custom_id in (f"parley:act:{HUGE}:0:place a1", f"parley:hand:{HUGE}"):
        reply = await fake.click(bot_, alice, forged(fake, world.thread(), custom_id), custom_id)
        assert f"There is no game #{HUGE}" in specific(private_reply(reply)), custom_id
    assert (await bot_.store.game(1)).version == 0


async def test_every_button_with_a_huge_game_id_gets_a_sentence(world: World):
    """A 10^30 game id is beyond both stores' integers: each button and menu bound to a game
    answers it as it answers a game that does not exist."""
    fake, alice = world.fake, world.alice
    bot_ = await started(world)
    wrong = []
    for make in components.GAME_BOUND.values():
        item = make(HUGE)
        message = components.forged(fake, world.thread(), item)
        answer = private_reply(await components.press(fake, bot_, alice, message, item))
        if answer != f"There is no game #{HUGE} in this server.":
            wrong.append(f"{type(item).__name__}: {answer!r}")
    assert wrong == [], "\n".join(wrong)
    assert (await bot_.store.game(1)).version == 0


async def test_a_menu_picked_with_no_value_gets_a_sentence(world: World):
    """ "a select menu with no value" """
    fake, alice = world.fake, world.alice
    bot_ = await started(world)
    post = world.thread_posts()[-1]
    menu = post.selects[0]
    reply = await fake.select(bot_, alice, post, menu.custom_id, [])
    assert "Nothing was picked" in specific(private_reply(reply))
    assert (await bot_.store.game(1)).version == 0


async def test_a_negative_version_in_a_custom_id_gets_a_sentence(world: World):
    """ "a negative version in a custom id" (it used to get no answer at all)"""
    fake, alice = world.fake, world.alice
    bot_ = await started(world)
    custom_id = "parley:act:1:-1:place a1"
    reply = await fake.click(bot_, alice, forged(fake, world.thread(), custom_id), custom_id)
    assert reply.responded
    assert "does not belong to this game" in specific(private_reply(reply))
    assert (await bot_.store.game(1)).version == 0


async def test_parley_games_in_a_dm_gets_a_sentence(world: World):
    """ "`/parley games` in a DM" """
    fake, alice = world.fake, world.alice
    bot_ = await started(world)
    reply = await fake.slash(bot_, alice, fake.dm_channel(alice), "parley games")
    assert "in the server" in specific(private_reply(reply))


async def test_server_wide_commands_in_a_dm_get_a_sentence(world: World):
    """ "`/parley stats`, `/parley leaderboard` and `/parley ratings` typed in a DM" are about
    one server (the server's rating rule is now `/parley settings forced_games`): the answer
    says to use them in one."""
    fake, alice = world.fake, world.alice
    bot_ = await started(world)
    dm = fake.dm_channel(alice)
    for command, options in [
        ("parley stats", {}),
        ("parley leaderboard", {"game": "cardinal"}),
        ("parley settings", {"forced_games": "count"}),
    ]:
        reply = await fake.slash(bot_, alice, dm, command, **options)
        answer = specific(private_reply(reply))
        assert "per server" in answer and "in a server channel" in answer, (command, answer)


async def test_a_board_before_the_first_move_gets_a_sentence(world: World):
    """ "`/parley board move:-1`": Discord checks an option's smallest value in its own
    client only, and a forged payload can send anything."""
    fake, alice = world.fake, world.alice
    bot_ = await started(world)
    await fake.slash(bot_, alice, world.thread(), "parley move", action="place c3")
    for move in (-1, -(10**30), 2):
        reply = await fake.slash(bot_, alice, world.thread(), "parley board", move=move)
        assert specific(private_reply(reply)) == "This game has moves 0 to 1 so far.", move
        assert not reply.files, move


async def test_a_lost_race_for_parley_sub_gets_a_sentence(world: World, monkeypatch):
    """ "a lost race for `/parley sub`": the host (or two hosts' clicks) hands the same seat
    twice at once; the second finds it already handed over."""
    fake, alice, carol = world.fake, world.alice, world.carol
    dave, erin = fake.add_user("dave"), fake.add_user("erin")
    for user in (dave, erin):
        fake.add_member(world.guild, user)
    bot_ = await started(world)
    real = bot_.service.hand_over

    async def the_other_sub_lands_first(*args, **kwargs):
        monkeypatch.setattr(bot_.service, "hand_over", real)
        first = await fake.slash(
            bot_, alice, world.thread(), "parley sub", player=carol, replacement=erin
        )
        assert "now plays" in first.text
        return await real(*args, **kwargs)

    monkeypatch.setattr(bot_.service, "hand_over", the_other_sub_lands_first)
    lost = await fake.slash(
        bot_, alice, world.thread(), "parley sub", player=carol, replacement=dave
    )
    answer = specific(private_reply(lost))
    assert "changed hands meanwhile" in answer, answer
    game = await bot_.store.game(1)
    assert game.seat_of(erin.id) == 1 and game.seat_of(dave.id) is None


async def test_forged_settings_get_a_sentence_and_change_nothing(world: World):
    """Discord checks an option's range and choices in its own client only: a forged
    `/parley settings` payload with hours out of range, a negative vacation or an unknown
    reminder style is refused in words and saves nothing."""
    fake, alice = world.fake, world.alice
    bot_ = await started(world)
    before = await bot_.store.user_settings(alice.id)
    forgeries = [
        ({"quiet_from": -5, "quiet_until": 99}, "Quiet hours are local hours from 0 to 23."),
        ({"vacation_days": -3}, "A vacation is 0 to 60 days (0 ends one)."),
        ({"vacation_days": 1e9}, "A vacation is 0 to 60 days (0 ends one)."),
        ({"reminders": "smoke signals"}, "Reminders come by DM or by mention."),
    ]
    for options, sentence in forgeries:
        reply = await fake.slash(bot_, alice, world.channel, "parley settings", **options)
        assert specific(private_reply(reply)) == sentence, options
        assert await bot_.store.user_settings(alice.id) == before, options


async def test_a_forged_clock_or_absent_policy_gets_a_sentence_and_opens_nothing(world: World):
    """`/parley new` offers its clocks and absent policies as choices, which Discord checks in
    its own client only: a forged value is refused in words, and no lobby is opened."""
    fake, alice = world.fake, world.alice
    bot_ = await started(world)
    before = [m.id for m in fake.messages(world.channel)]
    for options in ({"clock": "1y"}, {"absent": "sink them"}):
        reply = await fake.slash(
            bot_, alice, world.channel, "parley new", game="cardinal", **options
        )
        assert specific(private_reply(reply)) == (
            "Pick the move clock and what happens when it runs out from the lists offered."
        ), options
    assert await bot_.store.game(2) is None
    assert [m.id for m in fake.messages(world.channel)] == before
