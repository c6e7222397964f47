"""Who may act (issue 12, "Who may act"): ``/parley`` works in DMs too, and game ids are small
consecutive integers, so every way in (slash commands, their ``game`` option, buttons and menus
whose custom ids anyone can forge) is checked the same way:

* in a server, a command reaches only that server's games;
* in a DM, only games where the user holds a seat, and only that seat's own moves, hand and
  board: joining, lobbies, listing and the host's powers happen in the server;
* the answer never tells whether a game of another server exists;
* once a seat changes hands (a kick, a sub), nothing of it reaches the old player.
"""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest

from bot.config import Settings
from bot.discord.bot import ParleyBot
from bot.discord.games_list import GamesPage
from bot.discord.guide import RulesButton
from bot.discord.leagues import LeagueButton
from bot.discord.pages import RanksPage
from bot.discord.targets import GameBound
from bot.storage import ThreadPost
from games import REGISTRY
from tests.bot import components
from tests.bot.conftest import World
from tests.bot.fake_discord import FakeChannel, FakeDiscord, FakeMessage, FakeUser
from tests.bot.helpers import ephemeral_text, private_reply

MISSING = 999  # no game has this id


def forged(fake: FakeDiscord, channel: FakeChannel, custom_id: str) -> FakeMessage:
    """A message in ``channel`` carrying one button with ``custom_id``: what a client that
    forges interactions can click anywhere."""
    button = {"type": 2, "style": 1, "label": "x", "custom_id": custom_id}
    return fake._store_message(
        channel, {"content": "x", "components": [{"type": 1, "components": [button]}]}, []
    )


def same_answer(first: str, second: str) -> bool:
    """Two answers that differ at most in the game number they name."""
    return re.sub(r"#\d+", "#N", first) == re.sub(r"#\d+", "#N", second)


class Stranger:
    """Mallory: a member of another server only, who shares no server with the game."""

    def __init__(self, world: World) -> None:
        fake = world.fake
        self.user: FakeUser = fake.add_user("mallory")
        self.elsewhere = fake.add_guild("Elsewhere")
        fake.add_member(self.elsewhere, self.user)
        self.channel = fake.channel(self.elsewhere)
        self.dm = fake.dm_channel(self.user)


async def cardinal_lobby(world: World):
    bot = await world.start_bot()
    await world.fake.slash(
        bot, world.alice, world.channel, "parley new", game="cardinal", options="first=orange"
    )
    return bot


async def test_a_stranger_cannot_join_or_play_a_game_from_a_dm(world: World):
    """ "A user who shares no server with a game ran `/parley join game:1` from a DM with the
    bot, joined, then played moves and fetched the board from the DM.\""""
    fake = world.fake
    mallory = Stranger(world)
    bot = await cardinal_lobby(world)

    for op in ("join", "leave", "start", "cancel"):
        here = await fake.slash(bot, mallory.user, mallory.dm, f"parley {op}", game=1)
        nowhere = await fake.slash(bot, mallory.user, mallory.dm, f"parley {op}", game=MISSING)
        answer = private_reply(here)
        assert "in the server" in answer, answer
        assert same_answer(answer, private_reply(nowhere))
    game = await bot.store.game(1)
    assert [s.user_id for s in game.seats] == [world.alice.id] and game.status == "lobby"

    await fake.click(bot, world.carol, world.lobby(), "parley:lobby:1:join")
    await fake.click(bot, world.alice, world.lobby(), "parley:lobby:1:start")
    posts = len(world.thread_posts())
    for command, options in [
        ("parley move", {"action": "place a1"}),
        ("parley board", {}),
        ("parley hand", {}),
        ("parley resign", {}),
    ]:
        here = await fake.slash(bot, mallory.user, mallory.dm, command, game=1, **options)
        nowhere = await fake.slash(bot, mallory.user, mallory.dm, command, game=MISSING, **options)
        answer = private_reply(here)
        assert "not playing in game #1" in answer, (command, answer)
        assert not here.files and same_answer(answer, private_reply(nowhere)), command
    assert await fake.autocomplete(bot, mallory.user, mallory.dm, "parley move", "action", "") == []
    game = await bot.store.game(1)
    assert game.version == 0 and not any(s.resigned for s in game.seats)
    assert len(world.thread_posts()) == posts


async def test_forged_buttons_reach_no_game_from_a_dm_or_another_server(world: World):
    """Custom ids carry the game id: a forged Join, move or hand button clicked in a DM or in
    another server gets the answer a game that does not exist gets, and changes nothing."""
    fake = world.fake
    mallory = Stranger(world)
    bot = await cardinal_lobby(world)
    for where in (mallory.dm, mallory.channel):
        here = forged(fake, where, "parley:lobby:1:join")
        nowhere = forged(fake, where, f"parley:lobby:{MISSING}:join")
        first = ephemeral_text(await fake.click(bot, mallory.user, here, "parley:lobby:1:join"))
        second = ephemeral_text(
            await fake.click(bot, mallory.user, nowhere, f"parley:lobby:{MISSING}:join")
        )
        assert first and same_answer(first, second), (first, second)
    assert [s.user_id for s in (await bot.store.game(1)).seats] == [world.alice.id]

    await fake.click(bot, world.carol, world.lobby(), "parley:lobby:1:join")
    await fake.click(bot, world.alice, world.lobby(), "parley:lobby:1:start")
    # Mallory also sits in a game of her own server, so "not playing" would tell her game 1
    # exists; the answer must be the one for a game that does not.
    for where in (mallory.dm, mallory.channel):
        for custom_id in ("parley:act:{}:0:place a1", "parley:hand:{}"):
            here = forged(fake, where, custom_id.format(1))
            nowhere = forged(fake, where, custom_id.format(MISSING))
            first = ephemeral_text(await fake.click(bot, mallory.user, here, custom_id.format(1)))
            second = ephemeral_text(
                await fake.click(bot, mallory.user, nowhere, custom_id.format(MISSING))
            )
            assert first and same_answer(first, second), (custom_id, first, second)
    assert (await bot.store.game(1)).version == 0


async def test_in_another_server_a_game_id_tells_nothing(world: World):
    """ "Game ids are small consecutive integers, so treat them as guessable everywhere": from
    another server, game 1 and a game that does not exist get the same answer."""
    fake = world.fake
    mallory = Stranger(world)
    bot = await cardinal_lobby(world)
    for command, options in [
        ("parley join", {}),
        ("parley leave", {}),
        ("parley start", {}),
        ("parley cancel", {}),
        ("parley board", {}),
        ("parley hand", {}),
        ("parley resign", {}),
        ("parley move", {"action": "place a1"}),
    ]:
        here = await fake.slash(bot, mallory.user, mallory.channel, command, game=1, **options)
        nowhere = await fake.slash(
            bot, mallory.user, mallory.channel, command, game=MISSING, **options
        )
        assert same_answer(private_reply(here), private_reply(nowhere)), (
            command,
            here.text,
            nowhere.text,
        )
    game = await bot.store.game(1)
    assert game.status == "lobby" and len(game.seats) == 1


async def test_in_a_dm_a_player_reaches_their_own_seat_only(world: World):
    """In a DM: the seat's own moves, hand and board work; joining, lobbies, listing and the
    host's powers are for the server, and say so."""
    fake, alice, carol = world.fake, world.alice, world.carol
    bot = await cardinal_lobby(world)
    await fake.click(bot, carol, world.lobby(), "parley:lobby:1:join")
    await fake.click(bot, alice, world.lobby(), "parley:lobby:1:start")
    await fake.slash(bot, carol, world.channel, "parley new", game="cardinal")  # game 2, a lobby
    dm = fake.dm_channel(alice)

    board = await fake.slash(bot, alice, dm, "parley board", game=1)
    assert board.files and "Cardinal #1" in board.text
    hand = await fake.slash(bot, alice, dm, "parley hand", game=1)
    assert "you are **Orange**" in hand.text
    moved = await fake.slash(bot, alice, dm, "parley move", game=1, action="place a1")
    assert "Done" in moved.text
    assert (await bot.store.game(1)).version == 1

    for command, options in [
        ("parley join", {"game": 2}),
        ("parley leave", {"game": 1}),
        ("parley start", {"game": 1}),
        ("parley cancel", {"game": 1}),
        ("parley games", {}),
        ("parley kick", {"game": 1, "player": carol}),
        ("parley sub", {"game": 1, "player": carol, "replacement": world.bob}),
    ]:
        refused = await fake.slash(bot, alice, dm, command, **options)
        answer = private_reply(refused)
        assert "in the server" in answer and "Something went wrong" not in answer, (
            command,
            answer,
        )
    game = await bot.store.game(1)
    assert game.status == "active" and [s.user_id for s in game.seats] == [alice.id, carol.id]
    assert [s.user_id for s in (await bot.store.game(2)).seats] == [carol.id]


async def tortuga_of_three(world: World):
    fake = world.fake
    dave = fake.add_user("dave")
    fake.add_member(world.guild, dave)
    bot = await world.start_bot()
    await fake.slash(bot, world.alice, world.channel, "parley new", game="tortuga")
    await fake.click(bot, world.carol, world.lobby(), "parley:lobby:1:join")
    await fake.click(bot, dave, world.lobby(), "parley:lobby:1:join")
    return bot


@pytest.mark.parametrize("host_does", ["kick", "sub"])
async def test_a_seat_that_changed_hands_tells_the_old_player_nothing(world: World, host_does):
    """ "A kicked or substituted player keeps the seat's secrets: the old player received 7 more
    DMs about the seat (loyalty, vote cards) and `/parley hand` still showed them." Here
    Carol's loyalty DM is still owed (Discord failed it) when the seat changes hands: it never
    reaches her, nor does anything later about the seat."""
    fake, alice, carol = world.fake, world.alice, world.carol
    bot = await tortuga_of_three(world)
    erin = fake.add_user("erin")
    fake.add_member(world.guild, erin)
    fake.fail_next(f"POST /channels/{fake.dm_channel(carol).id}/messages", status=500, code=0)
    await fake.click(bot, alice, world.lobby(), "parley:lobby:1:start")
    assert [m for m in fake.dms(carol) if "Loyalty" in m.content] == []
    assert any(item.post.user_id == carol.id for item in await bot.store.unsent(1))
    before = len(fake.dms(carol))

    if host_does == "kick":
        await fake.slash(bot, alice, world.thread(), "parley kick", player=carol)
    else:
        await fake.slash(bot, alice, world.thread(), "parley sub", player=carol, replacement=erin)
    for _ in range(6):  # the others play on; Carol's old seat is played for her or by Erin
        game = await bot.store.game(1)
        if game.status != "active":
            break
        spec = REGISTRY["tortuga"]
        state = spec.load(game.state)
        seat = spec.to_act(state)[0]
        user = game.user_of(seat)
        if any(s.resigned for s in game.seats if s.seat == seat):
            break
        await bot.service.act(1, user, spec.legal_actions(state, seat)[0])
        await bot.service.thoughts.settled()  # the autopilot's reply, if it is due
        await bot.herald.deliver(1)
    await bot.herald.deliver(1)

    assert fake.dms(carol)[before:] == [], [m.content for m in fake.dms(carol)[before:]]
    hand = await fake.slash(bot, carol, world.thread(), "parley hand")
    assert "Loyalty" not in hand.text and "not playing" in private_reply(hand)
    owed = await bot.store.unsent(1)  # the steps of a turn still going on wait: nothing else
    assert [
        item for item in owed if not (isinstance(item.post, ThreadPost) and item.post.step)
    ] == []


# -- every button and menu, forged ------------------------------------------------------------


async def what_may_change(bot: ParleyBot, world: World) -> tuple[Any, ...]:
    """What a click could change: the game's status, version and seats (and a game a click
    opened, a rematch), its pending undo, the messages of its server and its players' DMs."""
    games = [await bot.store.game(n) for n in (1, 2)]
    return (
        [(g.status, g.version, [(s.user_id, s.resigned) for s in g.seats]) for g in games if g],
        await bot.store.open_undo(1),
        [(m.id, m.content) for m in world.fake.messages(world.channel)],
        [(m.id, m.content) for m in world.fake.messages(world.thread())],
        [(m.id, m.content) for u in (world.alice, world.carol) for m in world.fake.dms(u)],
    )


async def test_every_button_and_menu_checks_who_may_see_the_game(world: World):
    """Each of the bot's buttons and menus, forged for a real game of another server, is
    pressed by a stranger in her own server and in a DM: each is refused privately with the
    answer a game that does not exist gets (a games list: it is someone else's; a
    leaderboard: the clicking server's own, none in a DM; rules: no secret, shown anywhere) and
    changes nothing. A class the bot registers that is missing here fails the test, so a new
    button is walked too."""
    fake, alice, carol = world.fake, world.alice, world.carol
    mallory = Stranger(world)
    bot = await cardinal_lobby(world)
    await fake.click(bot, carol, world.lobby(), "parley:lobby:1:join")
    await fake.click(bot, alice, world.lobby(), "parley:lobby:1:start")
    await fake.slash(bot, alice, world.thread(), "parley move", action="place c3")
    await fake.slash(bot, alice, world.thread(), "parley undo")  # Carol is asked
    assert (await bot.store.open_undo(1)) is not None
    rating = (world.guild.id, "cardinal", alice.id, 30.0, 2.0, 3)
    await bot.store.write_rows(  # type: ignore[attr-defined]
        "ratings", ["guild_id", "game_key", "user_id", "mu", "sigma", "games"], [rating]
    )
    others = {
        GamesPage: (GamesPage(alice.id, 1), "someone else's", "in the server"),
        RanksPage: (RanksPage("cardinal", 1), "on this server yet", "Leaderboards are per server"),
        RulesButton: (RulesButton("cardinal"), "Cardinal (2 players)", "Cardinal (2 players)"),
        LeagueButton: (LeagueButton(1, "join"), "no league #1 in this server", "no league #1"),
    }
    walked = set(components.GAME_BOUND) | set(others)
    assert components.registered(bot) == walked, "a button or menu is not walked here"

    cases = [
        (make(1), "There is no game #1 in this server.", "You are not playing in game #1")
        for make in components.GAME_BOUND.values()
    ] + list(others.values())
    before = await what_may_change(bot, world)
    wrong = []
    for item, in_her_server, in_a_dm in cases:
        for where, channel, expected in (
            ("her server", mallory.channel, in_her_server),
            ("a DM", mallory.dm, in_a_dm),
        ):
            message = components.forged(fake, channel, item)
            try:
                record = await components.press(fake, bot, mallory.user, message, item)
                answer = private_reply(record)
            except AssertionError as error:
                answer = f"({error})"
            if expected not in answer or f"<@{alice.id}>" in answer or message.content != "x":
                name = type(item).__name__
                wrong.append(f"{name} in {where}: {answer!r}; the post shows {message.content!r}")
    assert wrong == [], "\n".join(wrong)
    assert await what_may_change(bot, world) == before


class Unchecked(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=r"parley:x:(?P<game>\d+)"
):
    """A button that forgot the check."""


class CheckedTooLate(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    GameBound,
    template=r"parley:y:(?P<game>\d+)",
):
    """A game's button whose check ``DynamicItem`` hides (it comes first in the bases)."""


async def test_a_button_that_skips_the_check_is_never_registered(tmp_path):
    """The walk above covers the buttons there are; a new one that skips the check stops the
    bot when its cog registers it, before it answers any click."""
    bot = ParleyBot(Settings(token="fake", database=str(tmp_path / "p.db")))
    for cls in (Unchecked, CheckedTooLate):
        with pytest.raises(TypeError, match="must derive from Gated"):
            bot.add_dynamic_items(cls)
    assert components.registered(bot) == set()
