"""Choices a player understands (issue 13), on (fake) Discord: long lists in private steps that
survive a restart, the custom-id fallback, `/parley rules` and the lobby card in words,
`/parley resign` asking first, a label typed into `/parley move`, and `parley demo`'s refusal
of a seat count."""

from __future__ import annotations

import asyncio
import re

import discord
import pytest

from bot.cli import main
from bot.discord.choices import OPEN, choice_items, panel
from bot.storage import GameRecord, Seat
from games import REGISTRY
from tests.bot.conftest import World
from tests.bot.helpers import button_id, menu_option, pick, private_reply

FIRST_HALF = "Place a ship (5 in hand): A1 – F3 …"
SECOND_HALF = "Place a ship (5 in hand): A4 – F6 …"
RULING_CODE = re.compile(r"\((?:house rule )?[A-Z]\d+\)|\b[A-G]\d{1,2}\)")


async def start_cardinal(world: World, options: str = "board=6x6 first=orange"):
    bot = await world.start_bot()
    fake = world.fake
    await fake.slash(
        bot, world.alice, world.channel, "parley new", game="cardinal", options=options
    )
    await fake.click(bot, world.bob, world.lobby(), button_id(world.lobby(), "Join"))
    await fake.click(bot, world.alice, world.lobby(), button_id(world.lobby(), "Start"))
    return bot


async def test_a_long_list_comes_in_private_steps_that_survive_a_restart(world: World):
    """ "when a seat has more choices than fit ... offer them in steps; a "Back" button returns
    to the parent step"; "Steps must survive restarts"; "Navigating steps is private to the
    clicker ... never a public post; choosing a final action goes through the same
    version-checked path as today." Cardinal's 6x6 board opens with 36 squares: two parts."""
    fake, alice, bob, carol = world.fake, world.alice, world.bob, world.carol
    bot = await start_cardinal(world)
    post = world.thread_posts()[-1]
    assert [b.label for b in post.buttons] == [FIRST_HALF, SECOND_HALF, "My moves"]
    posts = len(world.thread_posts())

    # Only the seat to act may open a step; the others are told why, privately.
    watcher = await fake.click(bot, carol, post, button_id(post, FIRST_HALF))
    assert "not playing in this game" in private_reply(watcher)
    early = await fake.click(bot, bob, post, button_id(post, FIRST_HALF))
    assert "It is not your turn" in private_reply(early)
    assert not early.message or not early.message.selects

    # Alice opens the first half: a step only she sees, with Back.
    opened = await fake.click(bot, alice, post, button_id(post, FIRST_HALF))
    step = opened.message
    assert step is not None and step.ephemeral
    assert "Your move: **Place a ship (5 in hand)**, pick below." in step.content
    labels = [o["label"] for o in step.selects[0].options]
    assert labels[0] == "Place a ship on A1" and labels[-1] == "Place a ship on F3"
    assert len(labels) == 18 and [b.label for b in step.buttons] == ["Back"]

    # Back shows the parts again, in the same private message; then the other half.
    back = await fake.click(bot, alice, step, button_id(step, "Back"))
    assert back.message is step and [b.label for b in step.buttons] == [FIRST_HALF, SECOND_HALF]
    await fake.click(bot, alice, step, button_id(step, SECOND_HALF))
    assert step.selects[0].options[0]["label"] == "Place a ship on A4"
    assert len(world.thread_posts()) == posts, "steps are never posted in the thread"

    await world.kill_bot(bot)  # --- a restart: the step in Alice's hands still works ---
    bot = await world.start_bot()

    done = await pick(fake, bot, alice, step, "Place a ship on C5")
    assert done.message is step and not [m for m in done.messages if not m.ephemeral]
    assert await bot.store.actions(1) == [(0, "place c5")]
    assert len(world.thread_posts()) == posts + 1
    assert "Waiting for" in step.content and not step.components  # her panel, refreshed

    # The first post's parts are for a turn that is over now.
    stale = await fake.click(bot, alice, post, button_id(post, SECOND_HALF))
    assert "out of date" in private_reply(stale)
    assert await bot.store.actions(1) == [(0, "place c5")]


def test_a_step_too_long_for_a_custom_id_falls_back_to_a_menu():
    """Custom ids carry the game, the version and the step's place, within Discord's 100
    characters: a place too long for a button goes in a menu's value instead, and a choice
    too long even for that leaves `/parley move` to the player."""
    group = "word " * 14  # 70 characters of place
    actions = [f"{group}{n} {m}" for n in range(3) for m in range(10)]  # 30: three groups
    _, items = choice_items(10**15, 10**6, actions, str.upper)
    assert len(items) == 1 and isinstance(items[0].item, discord.ui.Select)
    values = [o.value for o in items[0].item.options]
    assert values == [f"{OPEN}{group}{n}" for n in range(3)] and all(len(v) <= 100 for v in values)

    inside, items = choice_items(10**15, 10**6, actions, str.upper, f"{group}1")
    assert [i.item.custom_id for i in items][-1] == f"parley:step:{10**15}:{10**6}:", (
        "Back to the first step when the way back is too long to carry"
    )
    assert inside.parent == ""

    too_long = ["x" * 120 + " a", "x" * 120 + " b"]
    assert choice_items(1, 1, too_long, str.upper)[1] == []
    spec = REGISTRY["cardinal"]
    record = GameRecord(1, "cardinal", 1, 2, 3, 4, 5, "active", 1, {}, 0, None, None)
    record.seats = [Seat(0, 10), Seat(1, 11)]
    record.state = spec.dump(spec.new(2, 1, {"first": "orange"}))
    text, view = panel(record, 0)
    assert view is not None and "pick below" in text


@pytest.mark.parametrize("key", sorted(REGISTRY))
async def test_rules_are_in_words(world: World, key: str):
    """ "`/parley rules` has no ruling codes ("(A2).: True, False", "(house rule C16)"), says "2
    players" not "2–2 players", and shows each option in words." """
    spec = REGISTRY[key]
    bot = await world.start_bot()
    reply = await world.fake.slash(bot, world.alice, world.channel, "parley rules", game=key)
    embed = reply.embeds[0]
    assert embed["title"] == f"{spec.title} ({spec.player_range()})"
    fields = embed.get("fields", [])
    assert [f["name"] for f in fields] == [o.description for o in spec.options]
    for option, shown in zip(spec.options, fields, strict=True):
        for choice in option.choices:
            words = ("yes" if choice else "no") if isinstance(choice, bool) else str(choice)
            assert re.search(rf"\b{re.escape(words)}\b", shown["value"]), (words, shown)
        assert f"`{option.name}=" in shown["value"]
    text = reply.text
    assert "–" not in embed["title"] and not RULING_CODE.search(text), text
    assert "True" not in text and "False" not in text


async def test_the_rules_of_a_two_player_game_say_two_players(world: World):
    bot = await world.start_bot()
    reply = await world.fake.slash(bot, world.alice, world.channel, "parley rules", game="rigadoon")
    assert reply.embeds[0]["title"] == "Rigadoon (2 players)"
    reroll = next(f for f in reply.embeds[0]["fields"] if f["name"].startswith("With the die"))
    assert reroll["value"].startswith("yes (default) or no.")


async def test_the_lobby_card_shows_options_clock_and_absent_policy_in_words(world: World):
    fake = world.fake
    bot = await world.start_bot()
    await fake.slash(
        bot,
        world.alice,
        world.channel,
        "parley new",
        game="rigadoon",
        options="die_reroll=no tie=draw",
        clock="24h",
        absent="forfeit",
    )

    def card() -> dict:
        return world.lobby().embeds[0]

    def fields() -> dict[str, str]:
        return {f["name"]: f["value"] for f in card()["fields"]}

    assert card()["description"].startswith("Waiting for players (2 players).")
    options = fields()["Options"]
    assert "• With the die, roll again when it shows the wind already blowing: **No**" in options
    assert (
        "• If both fleets hold two islands at once: the player whose turn it is wins (active), "
        "or the game is a draw: **A draw**" in options
    )  # the choice in the spec's own words
    assert "**Wind cards**" in options and "die_reroll" not in options and "True" not in options
    await fake.click(bot, world.bob, world.lobby(), button_id(world.lobby(), "Join"))
    await fake.click(bot, world.alice, world.lobby(), button_id(world.lobby(), "Start"))
    assert card()["description"] == "The game is on! Follow it in the thread."
    after = fields()
    assert after["Options"] == options
    assert after["Move clock"] == "24 hours"
    assert after["When a clock runs out"] == "The absent player forfeits"
    assert (await bot.store.game(1)).options["die_reroll"] is False


async def test_resign_asks_first_and_resigns_once(world: World):
    """ "`/parley resign` asks for confirmation with a button"; two presses at once resign once."""
    fake, alice = world.fake, world.alice
    bot = await world.start_bot()
    await fake.slash(bot, alice, world.channel, "parley new", game="tortuga")
    for user in (world.bob, world.carol):
        await fake.click(bot, user, world.lobby(), button_id(world.lobby(), "Join"))
    await fake.click(bot, alice, world.lobby(), button_id(world.lobby(), "Start"))
    posts = len(world.thread_posts())

    asked = await fake.slash(bot, alice, world.thread(), "parley resign")
    question = asked.messages[-1]
    assert question.ephemeral and "Resign from **Tortuga 1667 #1**?" in question.content
    assert [b.label for b in question.buttons] == ["Resign"]
    assert len(world.thread_posts()) == posts and not (await bot.store.game(1)).seats[0].resigned

    dora = fake.add_user("dora")
    fake.add_member(world.guild, dora)
    watcher = await fake.slash(bot, dora, world.thread(), "parley resign")
    assert "not playing" in private_reply(watcher)

    earlier = (await fake.slash(bot, alice, world.thread(), "parley resign")).messages[-1]
    resign = button_id(question, "Resign")
    await asyncio.gather(
        fake.click(bot, alice, question, resign), fake.click(bot, alice, question, resign)
    )
    game = await bot.store.game(1)
    assert game.seats[0].resigned and game.status == "active"
    said = [p.content for p in world.thread_posts()]
    assert sum("resigns" in text for text in said) == 1
    assert question.content == "You resigned from **Tortuga 1667 #1**." and not question.buttons
    # A press that comes second (a double tap, or an older question) answers as the first.
    await fake.click(bot, alice, earlier, button_id(earlier, "Resign"))
    assert earlier.content == "You resigned from **Tortuga 1667 #1**." and not earlier.buttons
    assert sum("resigns" in p.content for p in world.thread_posts()) == 1
    again = await fake.slash(bot, alice, world.thread(), "parley resign")
    assert "already left this game" in private_reply(again)


async def test_a_label_typed_into_move_plays_its_action(world: World):
    """Autocomplete shows labels; a player who types one out in full gets its action."""
    bot = await start_cardinal(world, "first=orange")
    fake = world.fake
    offered = await fake.autocomplete(
        bot, world.alice, world.thread(), "parley move", "action", "place ship c3"
    )
    assert offered[0] == {"name": "Place a ship on C3", "value": "place c3"}
    done = await fake.slash(
        bot, world.alice, world.thread(), "parley move", action="place a ship on b2"
    )
    assert private_reply(done).startswith("Done: Orange places a ship on B2")
    assert await bot.store.actions(1) == [(0, "place b2")]
    menu, value = menu_option(world.thread_posts()[-1], "Place a ship on A1")
    assert value == "place a1", "the menu still sends the canonical text"
    assert menu.startswith("parley:pick:1:1:")


def test_demo_refuses_a_seat_count_the_game_does_not_take(tmp_path, capsys):
    """ "`parley demo tortuga --players 10` answers "Tortuga 1667 takes 2 to 9 players"" """
    out = tmp_path / "demo"
    assert main(["demo", "tortuga", "--players", "10", "--out", str(out)]) == 1
    assert capsys.readouterr().err.strip() == "Tortuga 1667 takes 2 to 9 players"
    assert not out.exists()


async def test_steps_in_a_dm_ballot_change_the_dm_in_place(world: World, monkeypatch):
    """A secret choice long enough for steps (made so here: menus of 3) is navigated inside
    the ballot DM itself: the DM changes in place, nothing is posted anywhere."""
    monkeypatch.setattr("bot.play.steps.MAX_OPTIONS", 3)
    fake, alice = world.fake, world.alice
    bot = await world.start_bot()
    await fake.slash(bot, alice, world.channel, "parley new", game="caribbean")
    await fake.click(bot, world.carol, world.lobby(), button_id(world.lobby(), "Join"))
    await fake.click(bot, alice, world.lobby(), button_id(world.lobby(), "Start"))
    ballot = [m for m in fake.dms(alice) if m.buttons][-1]
    parts = [b.label for b in ballot.buttons]
    assert len(parts) == 3 and all(label.endswith(" …") for label in parts)
    assert parts[0] == "A card for ship A (Arriba): -1 (thief) – 1 …"
    messages = len(fake.all_outgoing())

    opened = await fake.click(bot, alice, ballot, button_id(ballot, parts[0]))
    assert opened.message is ballot and ballot.dm_user_id == alice.id
    first = [b.label for b in ballot.buttons]
    assert first[-1] == "Back" and first[0] == "Put your -1 (thief) on ship A (Arriba)"
    await fake.click(bot, alice, ballot, button_id(ballot, "Back"))
    assert [b.label for b in ballot.buttons] == parts
    await fake.click(bot, alice, ballot, button_id(ballot, parts[0]))
    await fake.click(bot, alice, ballot, button_id(ballot, "Put your 0 on ship A (Arriba)"))
    assert await bot.store.actions(1) == [(0, "bid a 0")]
    assert "Ship A: 0" in ballot.content
    new = [t for t in fake.all_outgoing()[messages:] if t.public or t.message_id != ballot.id]
    assert not [t for t in new if t.public], "nothing public about a secret choice"
