"""Discord's documented limits, as the fake enforces them (tests/bot/fake_discord/limits.py).

Each limit is checked one over (refused) and exactly at the limit (accepted), so the checks
are neither lenient nor stricter than Discord.  Then the fake is seen refusing a real
discord.py send with Discord's own 400, and the bot's embeds (a full 9-seat lobby, every
game's rules) are shown to fit.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
import pytest
from discord import app_commands

from games import REGISTRY
from tests.bot.conftest import World
from tests.bot.fake_discord import BotError, FakeFile
from tests.bot.fake_discord.limits import (
    ATTACHMENT_SIZE_LIMIT,
    EMPTY_MESSAGE,
    autocomplete_violations,
    message_violations,
)

Body = tuple[dict[str, Any], list[FakeFile]]


def button(custom_id: str, label: str = "Go") -> dict[str, Any]:
    return {"type": 2, "style": 1, "custom_id": custom_id, "label": label}


def row(*items: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(items)}


def select(custom_id: str = "s", options: int = 1, **extra: Any) -> dict[str, Any]:
    opts = [{"label": f"o{i}", "value": f"v{i}"} for i in range(options)]
    return {"type": 3, "custom_id": custom_id, "options": opts, **extra}


def with_select(**extra: Any) -> Body:
    return {"components": [row(select(**extra))]}, []


def with_option(**option: Any) -> Body:
    menu = select()
    menu["options"] = [{"label": "o", "value": "v", **option}]
    return {"components": [row(menu)]}, []


def embed(**fields: Any) -> Body:
    return {"embeds": [fields]}, []


def field(name: str = "n", value: str = "v") -> dict[str, Any]:
    return {"name": name, "value": value}


# (what, limit, body with n in the limited place): at n=limit it is accepted, at limit+1 not.
LIMITS: list[tuple[str, int, Callable[[int], Body]]] = [
    ("content", 2000, lambda n: ({"content": "x" * n}, [])),
    ("embeds per message", 10, lambda n: ({"embeds": [{"title": "t"}] * n}, [])),
    ("embed title", 256, lambda n: embed(title="x" * n)),
    ("embed description", 4096, lambda n: embed(description="x" * n)),
    ("embed fields", 25, lambda n: embed(fields=[field()] * n)),
    ("embed field name", 256, lambda n: embed(fields=[field(name="x" * n)])),
    ("embed field value", 1024, lambda n: embed(fields=[field(value="x" * n)])),
    ("embed footer", 2048, lambda n: embed(footer={"text": "x" * n})),
    ("embed author", 256, lambda n: embed(author={"name": "x" * n})),
    (
        "characters of all embeds",
        6000,
        lambda n: (
            {"embeds": [{"description": "x" * 4000}, {"description": "x" * (n - 4000)}]},
            [],
        ),
    ),
    ("action rows", 5, lambda n: ({"components": [row(button(f"b{i}")) for i in range(n)]}, [])),
    (
        "buttons per row",
        5,
        lambda n: ({"components": [row(*(button(f"b{i}") for i in range(n)))]}, []),
    ),
    ("custom_id", 100, lambda n: ({"components": [row(button("x" * n))]}, [])),
    ("button label", 80, lambda n: ({"components": [row(button("b", "x" * n))]}, [])),
    ("select placeholder", 150, lambda n: with_select(placeholder="x" * n)),
    ("select options", 25, lambda n: with_select(options=n)),
    ("select option label", 100, lambda n: with_option(label="x" * n)),
    ("select option value", 100, lambda n: with_option(value="x" * n)),
    ("select option description", 100, lambda n: with_option(description="x" * n)),
    ("select min_values", 25, lambda n: with_select(options=25, min_values=n)),
    ("select max_values", 25, lambda n: with_select(options=25, max_values=n)),
    ("attachments", 10, lambda n: ({}, [FakeFile(f"f{i}.png", b"x") for i in range(n)])),
    ("file size", ATTACHMENT_SIZE_LIMIT, lambda n: ({}, [FakeFile("big.png", bytes(n))])),
    ("nonce", 25, lambda n: ({"content": "hi", "nonce": "x" * n}, [])),
]


@pytest.mark.parametrize(("what", "limit", "build"), LIMITS, ids=[c[0] for c in LIMITS])
def test_each_limit_is_accepted_at_the_limit_and_refused_one_over(what, limit, build):
    assert message_violations(*build(limit)) == []
    over = message_violations(*build(limit + 1))
    assert len(over) == 1, over
    assert str(limit) in over[0], over  # the violation names the limit it breaks


# Bodies that break a rule other than a maximum length.
MALFORMED: list[tuple[str, Body]] = [
    ("empty field name", embed(fields=[field(name="")])),
    ("empty field value", embed(fields=[field(value="")])),
    ("no custom_id", ({"components": [row({"type": 2, "style": 1, "label": "x"})]}, [])),
    ("empty custom_id", ({"components": [row(button(""))]}, [])),
    ("custom_id twice", ({"components": [row(button("a")), row(button("a"))]}, [])),
    ("select shares its row", ({"components": [row(select(), button("b"))]}, [])),
    ("two selects in a row", ({"components": [row(select("s1"), select("s2"))]}, [])),
    ("empty action row", ({"components": [row()]}, [])),
    ("button outside a row", ({"components": [button("b")]}, [])),
    ("select without options", with_select(options=0)),
    ("negative min_values", with_select(min_values=-1)),
    ("nonce of the wrong type", ({"content": "hi", "nonce": 1.5}, [])),
]


@pytest.mark.parametrize(("what", "body"), MALFORMED, ids=[c[0] for c in MALFORMED])
def test_malformed_bodies_are_refused(what, body):
    assert len(message_violations(*body)) == 1, what


def test_edge_values_that_discord_accepts():
    """The lower ends and the exemptions: link buttons need no custom_id, min_values may be
    0, a select may have a single option, an integer nonce is fine."""
    link = {"type": 2, "style": 5, "label": "Docs", "url": "https://example.com"}
    assert message_violations({"components": [row(link)]}, []) == []
    assert message_violations(*with_select(min_values=0, max_values=1)) == []
    assert message_violations({"content": "hi", "nonce": 10**24}, []) == []
    # An edit keeps its uploads apart from the attachments it keeps: 9 kept + 1 new is fine.
    kept = [{"id": 10**17 + i} for i in range(9)]
    assert message_violations({"attachments": kept}, [FakeFile("f.png", b"x")]) == []
    assert len(message_violations({"attachments": kept}, [FakeFile("f.png", b"x")] * 2)) == 1


def test_a_created_message_must_not_be_empty_but_an_edit_may_carry_little():
    assert message_violations({}, []) == [EMPTY_MESSAGE]
    assert message_violations({"content": "", "embeds": [], "components": []}, []) == [
        EMPTY_MESSAGE
    ]
    assert message_violations({"flags": 64}, [], create=False) == []
    assert message_violations({"content": ""}, [], create=False) == []
    for body, files in (
        ({"content": "x"}, []),
        ({"embeds": [{"title": "t"}]}, []),
        ({}, [FakeFile("f.png", b"x")]),
        ({"components": [row(button("b"))]}, []),
    ):
        assert message_violations(body, files) == []


def test_autocomplete_limits():
    def choices(n: int) -> list[dict[str, Any]]:
        return [{"name": f"c{i}", "value": f"v{i}"} for i in range(n)]

    assert autocomplete_violations([]) == []
    assert autocomplete_violations(choices(25)) == []
    assert len(autocomplete_violations(choices(26))) == 1
    assert autocomplete_violations([{"name": "x" * 100, "value": "x" * 100}]) == []
    assert len(autocomplete_violations([{"name": "x" * 101, "value": "v"}])) == 1
    assert len(autocomplete_violations([{"name": "", "value": "v"}])) == 1
    assert len(autocomplete_violations([{"name": "n", "value": "x" * 101}])) == 1
    assert autocomplete_violations([{"name": "n", "value": 10**30}]) == []  # numbers: no length


# --------------------------------------------------------------------------- through the fake


async def test_discord_refuses_a_2001_character_message_sent_by_discord_py(world: World):
    fake = world.fake
    bot = await world.start_bot()
    channel = bot.get_channel(world.channel.id)
    assert isinstance(channel, discord.TextChannel)
    before = len(fake.messages(world.channel))
    with pytest.raises(discord.HTTPException) as refused:
        await channel.send("x" * 2001)
    assert refused.value.status == 400 and refused.value.code == 50035
    assert "content is 2001 characters (max 2000)" in refused.value.text
    assert len(fake.messages(world.channel)) == before  # nothing was posted
    assert len(fake.limit_violations) == 1
    assert fake.limit_violations[0].startswith(f"POST /channels/{world.channel.id}/messages")
    fake.limit_violations.clear()  # this test broke the limit on purpose

    sent = await channel.send("x" * 2000)
    assert fake.message(sent.id).content == "x" * 2000


class TooChatty(discord.Client):
    """A throwaway client whose autocomplete offers 26 choices, one more than Discord takes."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default())
        self.tree = app_commands.CommandTree(self)

        @self.tree.command(name="pick", description="offers too many choices")
        async def pick(interaction: discord.Interaction, thing: str) -> None:
            await interaction.response.send_message(thing)

        @pick.autocomplete("thing")
        async def offer(
            interaction: discord.Interaction, current: str
        ) -> list[app_commands.Choice[str]]:
            return [app_commands.Choice(name=f"c{i}", value=f"v{i}") for i in range(26)]


async def test_discord_refuses_an_autocomplete_answer_of_26_choices(world: World):
    fake = world.fake
    client = TooChatty()
    await fake.attach(client)
    try:
        with pytest.raises(BotError) as failed:
            await fake.autocomplete(client, world.alice, world.channel, "pick", "thing", "")
    finally:
        await fake.detach(client)
    refused = failed.value.__cause__
    assert isinstance(refused, discord.HTTPException)
    assert refused.status == 400 and refused.code == 50035
    assert fake.interactions[-1].choices is None  # the answer never reached the user
    assert [v.split(": ", 1)[1] for v in fake.limit_violations] == [
        "26 autocomplete choices (max 25)"
    ]
    fake.limit_violations.clear()  # this test broke the limit on purpose


async def test_a_full_tortuga_lobby_with_long_names_fits_in_its_embed(world: World):
    """Nine players with 32-character names (Discord's longest) in the lobby card, before
    and after the start."""
    fake = world.fake
    players = []
    for i in range(9):
        user = fake.add_user(f"Captain Bartholomew Longname {i:03d}"[:32].ljust(32, "_"))
        assert len(user.name) == 32
        fake.add_member(world.guild, user)
        players.append(user)
    bot = await world.start_bot()
    opened = await fake.slash(bot, players[0], world.channel, "parley new", game="tortuga")
    assert "Game #1 of Tortuga 1667 is open" in opened.text
    for user in players[1:]:
        await fake.click(bot, user, world.lobby(), "parley:lobby:1:join")
    full = world.lobby()
    assert all(f"<@{u.id}>" in full.embeds[0]["fields"][0]["value"] for u in players)
    assert message_violations({"embeds": full.embeds}, []) == []
    await fake.click(bot, players[0], full, "parley:lobby:1:start")
    assert (await bot.store.game(1)).status == "active"
    for version in full.versions():  # every version the lobby ever had
        assert message_violations({"embeds": version["embeds"]}, []) == []
    assert fake.limit_violations == []


async def test_every_games_rules_embed_fits(world: World):
    fake = world.fake
    bot = await world.start_bot()
    for key in sorted(REGISTRY):
        reply = await fake.slash(bot, world.alice, world.channel, "parley rules", game=key)
        (message,) = reply.messages
        assert message.ephemeral and len(message.embeds) == 1, key
        assert REGISTRY[key].title in message.embeds[0]["title"]
        assert message_violations({"embeds": message.embeds}, []) == [], key
    assert fake.limit_violations == []
