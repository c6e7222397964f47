"""The permissions Parley asks for, and what happens when one is missing (issue: "the bot asks
only for the permissions it uses (listed in the README with the reason for each)" and
"graceful handling of ... missing permissions").

``FakeDiscord`` refuses what Discord refuses for the bot's permissions (403 50001/50013,
embeds dropped without Embed Links) and records every permission the bot exercised, so:

* with exactly the permissions of the README's invite URL, whole games run without a single
  refusal, and every one of those permissions is exercised (none is asked for in vain);
* with one of them missing, at ``/parley new`` or in the middle of a game, the players get a
  clear private answer or a game that goes on (degraded), never an error or a lost move.
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Awaitable, Callable
from functools import partial
from pathlib import Path

import discord
import pytest

import bot.play.service
from bot.discord.bot import OOPS, ParleyBot
from bot.discord.delivery import NO_BOARD
from games import REGISTRY
from tests.bot.conftest import World
from tests.bot.fake_discord import FakeMessage, FakeUser, InteractionRecord, permission_names
from tests.bot.helpers import menu_option, private_text
from tests.bot.time_helpers import (  # noqa: F401 - no_bot_warnings is a fixture
    HOUR,
    FakeClock,
    no_bot_warnings,
    open_game,
    start_bot,
)

README = Path(__file__).resolve().parents[2] / "README.md"
# A README label that is not simply the flag's name in words.
LABEL_ALIASES = {"view_channels": "view_channel"}
# Tortuga with three players on this seed, moves picked as ``play_to_the_end`` picks them, is
# over in 47 actions, with events, forced reveals and three secret votes (one by each seat).
TORTUGA_SEED = 95


# -- the README ---------------------------------------------------------------------------


def invite_permissions() -> set[str]:
    """The permissions in the ``permissions=`` integer of the README's invite URL."""
    found = re.findall(r"[?&]permissions=(\d+)", README.read_text(encoding="utf-8"))
    assert len(found) == 1, f"expected one invite URL with permissions= in README, got {found}"
    return permission_names(int(found[0]))


def permission_table() -> dict[str, tuple[str, str]]:
    """The README's "Permission | Why" table: flag name -> (label, why)."""
    lines = README.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if re.match(r"\|\s*Permission\s*\|", line))
    table: dict[str, tuple[str, str]] = {}
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        label, why = (cell.strip() for cell in line.strip("|").split("|", 1))
        key = "_".join(label.lower().split())
        flag = LABEL_ALIASES.get(key, key)
        assert flag in discord.Permissions.VALID_FLAGS, f"README names no permission: {label}"
        table[flag] = (label, why.strip(" |"))
    return table


INVITE = invite_permissions()
TABLE = permission_table()


def label(flag: str) -> str:
    """How a player or admin reads the permission (``Send Messages in Threads``)."""
    return TABLE[flag][0] if flag in TABLE else flag.replace("_", " ").title()


def names_permission(text: str, flag: str) -> bool:
    """Whether ``text`` names the permission (the bot says "View Channel", the README
    "View Channels")."""
    return label(flag).rstrip("s").casefold() in text.casefold()


def permissions(without: str | None = None) -> discord.Permissions:
    """The README's invite permissions, perhaps minus one."""
    perms = discord.Permissions.none()
    for flag in INVITE - {without}:
        setattr(perms, flag, True)
    return perms


# -- playing ------------------------------------------------------------------------------


def assert_answered(record: InteractionRecord, by_thread: bool = False) -> None:
    """The player got a real private answer: not Discord's "This interaction failed", not the
    bot's apology for an internal error. A move picked on a board post (``by_thread``) is
    answered by the thread's next post: no private word then, unless the thread refuses it."""
    assert record.responded, "no answer: Discord shows 'This interaction failed'"
    answer = private_text(record)
    assert (answer.strip() or by_thread) and OOPS not in answer, answer


def users_of(world: World) -> dict[int, FakeUser]:
    return {u.id: u for u in world.fake.users.values()}


def last_board(world: World) -> FakeMessage | None:
    """The newest game post in the newest thread (the status message aside)."""
    posts = [m for m in world.fake.messages(world.thread()) if not m.pinned]
    return posts[-1] if posts else None


def button_for(message: FakeMessage | None, label: str) -> str | None:
    """The button showing ``label`` (an action's words), if ``message`` has one."""
    for button in message.buttons if message else []:
        if button.custom_id and button.label == label:
            return button.custom_id
    return None


Pick = Callable[[list[str]], str]


async def play_move(world: World, bot_: ParleyBot, game_id: int, pick: Pick, turn: int) -> None:
    """Play one legal move (chosen by ``pick``) of the seat to act, the way a player would:
    a button or menu on the board post (two turns in three), a ballot button in their DM, the
    buttons of ``/parley hand`` (closed DMs), else ``/parley move``."""
    fake = world.fake
    game = await bot_.store.game(game_id)
    assert game is not None and game.state is not None
    spec = REGISTRY[game.game_key]
    state = spec.load(game.state)
    seat = spec.to_act(state)[0]
    action = pick(spec.legal_actions(state, seat))
    label = spec.label(state, seat, action)  # players find a choice by its words
    user = users_of(world)[game.user_of(seat)]
    before = len(await bot_.store.actions(game_id))
    board = last_board(world)
    dms = fake.dms(user)
    ways: list[Callable[[], Awaitable[InteractionRecord]]] = []
    if board is not None and turn % 3:
        if custom_id := button_for(board, label):
            ways.append(partial(fake.click, bot_, user, board, custom_id))
        for menu in board.selects:
            for option in menu.options:
                if option["label"] == label:
                    values = [option["value"]]
                    ways.append(partial(fake.select, bot_, user, board, menu.custom_id, values))
    if dms and (custom_id := button_for(dms[-1], label)):
        ways.append(partial(fake.click, bot_, user, dms[-1], custom_id))
    if spec.secret_choice(state, seat) and not user.dms_open:
        ways.append(partial(hand_click, world, bot_, user, label))
    ways.append(partial(fake.slash, bot_, user, world.thread(), "parley move", action=action))
    for way in ways:  # an old board or ballot is refused politely; then the next way
        record = await way()
        moved = len(await bot_.store.actions(game_id)) > before
        assert_answered(record, by_thread=moved)
        if moved:
            break
    assert (await bot_.store.actions(game_id))[before:] == [(seat, action)]


async def hand_click(
    world: World, bot_: ParleyBot, user: FakeUser, label: str
) -> InteractionRecord:
    """A player with closed DMs makes a secret choice from the ``/parley hand`` panel."""
    hand = await world.fake.slash(bot_, user, world.thread(), "parley hand")
    panel = hand.messages[-1]
    custom_id = button_for(panel, label)
    return await world.fake.click(bot_, user, panel, custom_id) if custom_id else hand


async def play_to_the_end(world: World, bot_: ParleyBot, game_id: int, limit: int = 200) -> int:
    """Seeded random legal moves until the game is over; returns how many were played."""
    pick = random.Random(0).choice
    for turn in range(limit):
        game = await bot_.store.game(game_id)
        assert game is not None
        if game.status != "active":
            return turn
        await play_move(world, bot_, game_id, pick, turn)
    raise AssertionError(f"game {game_id} still running after {limit} moves")


# -- the fake's rules ----------------------------------------------------------------------


async def test_the_fake_checks_the_bots_permissions_as_discord_does(world: World):
    """The rules the tests below rely on, through discord.py's own calls: 50001 without View
    Channel, 50013 for any other missing permission, embeds dropped without Embed Links, Send
    Messages counting for nothing in a thread, pins needing Pin Messages (Manage Messages no
    longer pins since February 2026), reopening a thread by the right to post in it, and
    discord.py's cached ``permissions_for`` agreeing with the fake."""
    fake = world.fake
    client = discord.Client(intents=discord.Intents.default())
    await fake.attach(client)
    try:
        channel = client.get_channel(world.channel.id)
        assert isinstance(channel, discord.TextChannel)

        async def refused(call: Awaitable[object]) -> int:
            with pytest.raises(discord.Forbidden) as error:
                await call
            return error.value.code

        fake.set_bot_permissions(
            world.guild, discord.Permissions(view_channel=True, send_messages=True)
        )
        assert not channel.permissions_for(channel.guild.me).embed_links
        card = await channel.send("lobby", embed=discord.Embed(title="Cardinal"))
        assert card.embeds == [] and fake.message(card.id).embeds == []
        png = discord.File(io.BytesIO(b"\x89PNG"), "board.png")
        assert await refused(channel.send("board", file=png)) == 50013
        assert await refused(card.create_thread(name="game")) == 50013

        fake.set_bot_permissions(
            world.guild,
            discord.Permissions(
                view_channel=True,
                send_messages=True,
                create_public_threads=True,
                manage_messages=True,
            ),
        )
        thread = await card.create_thread(name="game")
        assert await refused(thread.send("board")) == 50013  # Send Messages: not in threads
        fake.set_bot_permissions(
            world.guild,
            discord.Permissions(
                view_channel=True, send_messages_in_threads=True, manage_messages=True
            ),
        )
        post = await thread.send("board")
        assert await refused(post.pin()) == 50013
        fake.archive(fake.channels[thread.id])
        archived = await client.fetch_channel(thread.id)  # archived threads are not cached
        assert isinstance(archived, discord.Thread) and archived.archived
        await archived.edit(archived=False)
        assert not fake.channels[thread.id].archived

        fake.set_bot_permissions(world.guild, discord.Permissions.none())
        assert await refused(channel.send("hello")) == 50001
        assert await refused(thread.send("hello")) == 50001
        assert fake.used_permissions == {
            "view_channel",
            "send_messages",
            "create_public_threads",
            "send_messages_in_threads",
        }
        assert [r.split(": ", 1)[1] for r in fake.permission_refusals] == [
            "missing embed_links, embeds dropped",
            "403 50013, missing attach_files",
            "403 50013, missing create_public_threads",
            "403 50013, missing send_messages_in_threads",
            "403 50013, missing pin_messages",
            "403 50001, missing view_channel",
            "403 50001, missing view_channel",
        ]
    finally:
        await fake.detach(client)


# -- exactly the README's permissions -------------------------------------------------------


def test_the_readme_explains_every_permission_it_asks_for():
    """ "listed in the README with the reason for each": the invite integer and the table
    name the same permissions, each with a reason."""
    assert set(TABLE) == INVITE, (
        f"in the invite URL only: {sorted(INVITE - set(TABLE))}; "
        f"in the table only: {sorted(set(TABLE) - INVITE)}"
    )
    assert all(why for _, why in TABLE.values())


@pytest.mark.slow
@pytest.mark.usefixtures("no_bot_warnings")
async def test_whole_games_with_exactly_the_readme_permissions(world: World, monkeypatch):
    """With exactly the invite's permissions a Cardinal and a Tortuga game run to the end
    (lobby buttons, board buttons and menus, DM ballots, ``/parley hand`` for closed DMs, a
    thread Discord archived reopened by the scheduler) and a practice game opens in its
    private thread, without one refusal, and every permission asked for is exercised: the bot
    asks only for what it uses."""
    fake = world.fake
    fake.set_bot_permissions(world.guild, permissions())
    clock = FakeClock()
    bot_ = await start_bot(world, clock)

    cardinal = await open_game(
        world, bot_, "cardinal", "first=orange", clock="12h", players=[world.alice, world.bob]
    )
    assert world.status_message().pinned
    await play_move(world, bot_, cardinal, lambda legal: legal[0], 0)
    fake.archive(world.thread())  # a quiet week: Discord archives the thread
    clock.advance(6 * HOUR)  # and half of Bob's clock goes by: his DMs are closed
    await bot_.scheduler.tick()  # the scheduler reopens a live game's thread, reminds Bob
    assert not world.thread().archived
    assert world.thread_posts()[-1].content.startswith(f"<@{world.bob.id}> ⏰ Reminder")
    moves = await play_to_the_end(world, bot_, cardinal)
    assert (await bot_.store.game(cardinal)).status == "over"
    assert "🏆" in world.thread_posts()[-1].content and moves > 3

    monkeypatch.setattr(bot.play.service.secrets, "randbits", lambda _bits: TORTUGA_SEED)
    tortuga = await open_game(world, bot_, "tortuga", players=[world.alice, world.bob, world.carol])
    assert await play_to_the_end(world, bot_, tortuga) > 10
    assert (await bot_.store.game(tortuga)).status == "over"
    assert "🏆" in world.thread_posts()[-1].content or "Draw" in world.thread_posts()[-1].content

    bot_.service.thinker.level = "easy"  # a practice game: its private thread and first turn
    learning = await fake.slash(bot_, world.alice, world.channel, "parley learn", game="ship")
    assert "practice game of Ship (Stern vs Bow) is on" in private_text(learning)
    assert "📘" in world.thread_posts()[-1].content

    assert fake.permission_refusals == []
    assert fake.bot_errors == []
    used = fake.used_permissions
    assert used <= INVITE, f"the bot used permissions it does not ask for: {used - INVITE}"
    unused = INVITE - used
    assert not unused, (
        f"asked for in the README but never used in two whole games: {sorted(unused)}; "
        "drop them from the invite or show the test where they are needed"
    )


# -- one permission missing when a game is opened ------------------------------------------


@pytest.mark.parametrize("missing", sorted(INVITE))
async def test_opening_a_game_without_one_permission(world: World, missing: str):
    """``/parley new`` where the bot lacks one README permission: either a clear private
    refusal that names it (and no game left open), or a game that goes on degraded, with a
    readable lobby card and every move shown in the thread; never an error or a lost move."""
    fake, alice, carol = world.fake, world.alice, world.carol
    fake.set_bot_permissions(world.guild, permissions(without=missing))
    bot_ = await start_bot(world, FakeClock())
    reply = await fake.slash(
        bot_, alice, world.channel, "parley new", game="cardinal", options="first=orange"
    )
    assert_answered(reply)
    assert fake.bot_errors == []
    if "is open" not in reply.text:
        assert names_permission(reply.text, missing), reply.text
        assert await bot_.store.open_lobbies(world.guild.id) == []
        assert await bot_.store.games_of_user(alice.id, world.guild.id) == []
        return

    lobby = [m for m in fake.messages(world.channel) if m.buttons][-1]
    assert "Cardinal" in lobby.text and f"<@{alice.id}>" in lobby.text, lobby.text
    assert_answered(await fake.click(bot_, carol, lobby, "parley:lobby:1:join"))
    assert_answered(await fake.click(bot_, alice, lobby, "parley:lobby:1:start"))
    for user, action in ((alice, "place a1"), (carol, "place a5")):
        moved = await fake.slash(bot_, user, world.thread(), "parley move", action=action)
        assert_answered(moved)
        assert private_text(moved).startswith("Done")
    assert await bot_.store.actions(1) == [(0, "place a1"), (1, "place a5")]
    assert fake.bot_errors == []

    # The game goes on in its thread: each move announced, the next player pinged.
    posts = [m for m in fake.messages(world.thread()) if not m.content.startswith("📋")]
    assert any("places a ship on A1" in m.content for m in posts), posts
    assert posts and "places a ship on A5" in posts[-1].content, posts
    assert posts[-1].mentions == [alice.id]
    if missing == "pin_messages":  # degraded: the status message is there, unpinned
        status = [m for m in fake.messages(world.thread()) if m.content.startswith("📋")]
        assert len(status) == 1 and not status[0].pinned
        assert f"<@{alice.id}> (Orange)" in status[0].content


async def test_a_refused_game_leaves_no_open_lobby_card(world: World):
    fake = world.fake
    fake.set_bot_permissions(world.guild, permissions(without="create_public_threads"))
    bot_ = await start_bot(world, FakeClock())
    reply = await fake.slash(bot_, world.alice, world.channel, "parley new", game="cardinal")
    assert names_permission(reply.text, "create_public_threads")
    game = await bot_.store.game(1)
    assert game is None or game.status == "cancelled"
    cards = [m for m in fake.messages(world.channel) if not m.deleted]
    assert all(not m.buttons and "Waiting for players" not in m.text for m in cards), cards


# -- one permission lost in the middle of a game -------------------------------------------


@pytest.mark.parametrize("missing", sorted(INVITE))
async def test_losing_one_permission_in_the_middle_of_a_game(world: World, missing: str):
    """A moderator takes one README permission away mid-game: a move by menu and one by
    ``/parley move`` still apply and are answered privately; the thread still shows each move
    and pings the next player, or else the mover is told which permission I lack. Once it is
    given back, the game's posts resume."""
    fake, alice, carol = world.fake, world.alice, world.carol
    fake.set_bot_permissions(world.guild, permissions())
    bot_ = await start_bot(world, FakeClock())
    game_id = await open_game(world, bot_, "cardinal", "first=orange")
    await fake.slash(bot_, alice, world.thread(), "parley move", action="place a1")
    board = last_board(world)
    assert board is not None

    fake.set_bot_permissions(world.guild, permissions(without=missing))
    menu, value = menu_option(board, "Place a ship on A5")
    by_menu = await fake.select(bot_, carol, board, menu, [value])
    by_slash = await fake.slash(bot_, alice, world.thread(), "parley move", action="place c1")
    assert_answered(by_menu, by_thread=True)  # the thread's post, or a word on what I lack
    assert_answered(by_slash)
    assert "Done" in private_text(by_slash)
    assert await bot_.store.actions(game_id) == [(0, "place a1"), (1, "place a5"), (0, "place c1")]
    assert fake.bot_errors == []
    posts = [m for m in fake.messages(world.thread()) if not m.pinned]
    for record, line, pinged in ((by_menu, "A5", alice), (by_slash, "C1", carol)):
        shown = [m for m in posts if f"places a ship on {line}" in m.content]
        told = names_permission(private_text(record), missing)
        assert told or (shown and shown[-1].mentions == [pinged.id]), (line, private_text(record))

    fake.set_bot_permissions(world.guild, permissions())
    await fake.slash(bot_, carol, world.thread(), "parley move", action="place c5")
    latest = last_board(world)
    assert latest is not None and "places a ship on C5" in latest.content
    assert latest.mentions == [alice.id]


async def test_a_post_refused_for_a_missing_permission_goes_out_once_it_is_back(world: World):
    fake, alice, carol = world.fake, world.alice, world.carol
    fake.set_bot_permissions(world.guild, permissions())
    bot_ = await start_bot(world, FakeClock())
    await open_game(world, bot_, "cardinal", "first=orange")
    fake.set_bot_permissions(world.guild, permissions(without="send_messages_in_threads"))
    await fake.slash(bot_, alice, world.thread(), "parley move", action="place a1")
    refused = {"reason": "forbidden"}  # counted for /metrics
    assert bot_.metrics.registry.get_sample_value("parley_delivery_failures_total", refused) == 1
    fake.set_bot_permissions(world.guild, permissions())
    await bot_.scheduler.tick()
    posts = [m for m in fake.messages(world.thread()) if "places a ship on A1" in m.content]
    assert posts and posts[-1].mentions == [carol.id]


async def test_without_attach_files_the_board_post_goes_out_as_text(world: World):
    """A thread where the bot may write but not attach: each move is still posted, with its
    ping, and a note that ``/parley board`` shows the board."""
    fake, alice, carol = world.fake, world.alice, world.carol
    fake.set_bot_permissions(world.guild, permissions())
    bot_ = await start_bot(world, FakeClock())
    await open_game(world, bot_, "cardinal", "first=orange")
    fake.set_bot_permissions(world.guild, permissions(without="attach_files"))
    moved = await fake.slash(bot_, alice, world.thread(), "parley move", action="place a1")
    assert "I can't post" not in private_text(moved)
    post = [m for m in fake.messages(world.thread()) if not m.pinned][-1]
    assert "places a ship on A1" in post.content and NO_BOARD in post.content
    assert post.files == [] and post.mentions == [carol.id]
