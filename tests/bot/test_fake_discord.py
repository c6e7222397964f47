"""Tests of the fake Discord harness, driven through a tiny throwaway client.

The client below is deliberately unrelated to Parley: it only exercises the discord.py
features a real bot needs (groups/subcommands, autocomplete, DynamicItem buttons,
persistent selects, ephemeral replies, defer + followup, DMs, threads, edits, files).
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator

import discord
import pytest
from discord import app_commands

from tests.bot.fake_discord import (
    BotError,
    FakeDiscord,
    FakeGuild,
    FakeUser,
    UnknownRouteError,
    file_bytes,
)

# --------------------------------------------------------------------------- throwaway bot

CLICKS: list[tuple[int, int]] = []  # (counter value, user id) seen by the dynamic button


class CounterButton(discord.ui.DynamicItem[discord.ui.Button], template=r"demo:count:(?P<n>\d+)"):
    """A stateless button: all state lives in the custom_id, so it survives restarts."""

    def __init__(self, n: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=f"Count {n}", custom_id=f"demo:count:{n}", style=discord.ButtonStyle.primary
            )
        )
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> CounterButton:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        CLICKS.append((self.n, interaction.user.id))
        view = discord.ui.View(timeout=None)
        view.add_item(CounterButton(self.n + 1))
        await interaction.response.edit_message(content=f"count={self.n + 1}", view=view)


class ColourSelect(discord.ui.View):
    """A persistent (timeout=None, fixed custom_id) select registered in setup_hook."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.select(
        custom_id="demo:colour",
        placeholder="Pick a colour",
        options=[
            discord.SelectOption(label="Red", value="r"),
            discord.SelectOption(label="Blue", value="b"),
        ],
    )
    async def colour(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.send_message(f"you picked {select.values[0]}", ephemeral=True)


FRUITS = ["apple", "apricot", "banana", "plum", "pear"]


class DemoClient(discord.Client):
    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default())
        self.tree = app_commands.CommandTree(self)
        self.tree.add_command(build_demo_group())
        self.seen: list[str] = []

    async def on_message(self, message: discord.Message) -> None:
        if message.author != self.user:
            self.seen.append(message.content)
            await message.reply(f"echo {message.content}")

    async def setup_hook(self) -> None:
        self.add_dynamic_items(CounterButton)
        self.add_view(ColourSelect())


def build_demo_group() -> app_commands.Group:
    demo = app_commands.Group(name="demo", description="harness demo")

    @demo.command(name="pick", description="autocomplete")
    @app_commands.describe(fruit="a fruit")
    async def pick(interaction: discord.Interaction, fruit: str, amount: int = 1) -> None:
        await interaction.response.send_message(f"{amount} x {fruit}")

    @pick.autocomplete("fruit")
    async def fruit_ac(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        amount = interaction.namespace.amount or 1
        return [
            app_commands.Choice(name=f"{f} ({amount})", value=f)
            for f in FRUITS
            if f.startswith(current)
        ]

    @demo.command(name="counter", description="dynamic button")
    async def counter(interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(CounterButton(0))
        await interaction.response.send_message("count=0", view=view)

    @demo.command(name="colours", description="persistent select")
    async def colours(interaction: discord.Interaction) -> None:
        await interaction.channel.send("choose", view=ColourSelect())  # type: ignore[union-attr]
        await interaction.response.send_message("posted", ephemeral=True)

    @demo.command(name="whoami", description="ephemeral reply")
    async def whoami(interaction: discord.Interaction) -> None:
        member = interaction.user
        assert isinstance(member, discord.Member)
        text = (
            f"{member.name} in {interaction.guild.name} #{interaction.channel.name} "  # type: ignore[union-attr]
            f"manage_guild={interaction.permissions.manage_guild} "
            f"roles={len(member.roles)}"
        )
        view = discord.ui.View()  # default 180 s timeout: must not block settling
        view.add_item(discord.ui.Button(label="Refresh", custom_id="demo:refresh"))
        await interaction.response.send_message(text, ephemeral=True, view=view)

    @demo.command(name="slow", description="defer + followup")
    async def slow(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.followup.send("first")
        await interaction.followup.send("second", embed=discord.Embed(title="T", description="D"))

    @demo.command(name="dm", description="DM a user")
    async def dm(interaction: discord.Interaction, who: discord.User) -> None:
        try:
            await who.send(f"psst {who.mention}")
        except discord.Forbidden as exc:
            await interaction.response.send_message(f"cannot DM ({exc.code})", ephemeral=True)
            return
        await interaction.response.send_message("sent", ephemeral=True)

    @demo.command(name="thread", description="thread + edit + file + pin")
    async def thread(interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)
        msg = await channel.send("table", file=file_bytes(b"PNG", "board.png"))
        await msg.pin()
        thr = await msg.create_thread(name="game-1")
        await thr.send(
            f"welcome <@{interaction.user.id}>",
            allowed_mentions=discord.AllowedMentions(users=False),
        )
        loose = await channel.create_thread(name="side", type=discord.ChannelType.public_thread)
        await loose.send("side chat")
        await msg.edit(content="table (edited)")
        await interaction.edit_original_response(content=f"made {thr.name}")

    @demo.command(name="archive", description="archive a thread")
    async def archive(interaction: discord.Interaction) -> None:
        thr = interaction.channel
        assert isinstance(thr, discord.Thread)
        await interaction.response.send_message("bye")
        await thr.edit(archived=True)

    @demo.command(name="feedback", description="modal")
    async def feedback(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(FeedbackModal())

    @demo.command(name="broken", description="hits a route the fake lacks")
    async def broken(interaction: discord.Interaction) -> None:
        await interaction.guild.fetch_roles()  # type: ignore[union-attr]

    return demo


class FeedbackModal(discord.ui.Modal, title="Feedback"):
    note: discord.ui.TextInput[FeedbackModal] = discord.ui.TextInput(
        label="Note", custom_id="demo:note"
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"noted: {self.note.value}", ephemeral=True)


# --------------------------------------------------------------------------- fixtures


class World:
    def __init__(self) -> None:
        self.fake = FakeDiscord()
        self.guild: FakeGuild = self.fake.add_guild("Harbour")
        self.channel = self.fake.channel(self.guild)
        self.alice: FakeUser = self.fake.add_user("alice", dms_open=True)
        self.bob: FakeUser = self.fake.add_user("bob", dms_open=False)
        self.fake.add_member(self.guild, self.alice, manage_guild=True)
        self.fake.add_member(self.guild, self.bob)


@pytest.fixture
async def world() -> AsyncIterator[World]:
    w = World()
    yield w
    w.fake.close()


@pytest.fixture
async def client(world: World) -> AsyncIterator[DemoClient]:
    c = DemoClient()
    await world.fake.attach(c)
    yield c
    await world.fake.detach(c)


# --------------------------------------------------------------------------- tests


async def test_attach_logs_in_and_syncs_commands(world: World, client: DemoClient) -> None:
    assert client.user is not None and client.user.id == world.fake.bot_user.id
    assert client.application_id == world.fake.application_id
    guild = client.get_guild(world.guild.id)
    assert guild is not None and guild.get_channel(world.channel.id) is not None
    synced = await client.tree.sync()
    assert [c.name for c in synced] == ["demo"]
    assert [c["name"] for c in world.fake.commands()] == ["demo"]
    fetched = await client.tree.fetch_commands()
    assert fetched[0].id == synced[0].id
    here = discord.Object(world.guild.id)
    client.tree.copy_global_to(guild=here)
    await client.tree.sync(guild=here)
    assert [c["name"] for c in world.fake.commands(world.guild)] == ["demo"]
    rec = await world.fake.slash(client, world.alice, world.channel, "demo pick", fruit="fig")
    assert rec.content == "1 x fig"
    assert world.fake.requests_to("PUT", "/applications/{application_id}/commands")


async def test_ephemeral_reply_sees_member_guild_channel(world: World, client: DemoClient) -> None:
    rec = await world.fake.slash(client, world.alice, world.channel, "demo whoami")
    assert rec.ephemeral and rec.type == 4
    assert rec.content == "alice in Harbour #general manage_guild=True roles=2"
    assert world.fake.messages(world.channel) == []  # ephemeral: not in the channel
    assert [b.label for b in rec.components] == ["Refresh"]
    assert world.fake.messages(world.channel, include_ephemeral=True) == [rec.message]
    bob = await world.fake.slash(client, world.bob, world.channel, "demo whoami")
    assert "manage_guild=False roles=1" in bob.text
    assert all(not t.public for t in world.fake.all_outgoing())


async def test_autocomplete_with_other_options(world: World, client: DemoClient) -> None:
    choices = await world.fake.autocomplete(
        client, world.alice, world.channel, "demo pick", "fruit", "ap", other_options={"amount": 3}
    )
    assert choices == [
        {"name": "apple (3)", "value": "apple"},
        {"name": "apricot (3)", "value": "apricot"},
    ]
    rec = await world.fake.slash(
        client, world.alice, world.channel, "demo pick", fruit="plum", amount=2
    )
    assert rec.content == "2 x plum" and not rec.ephemeral
    assert [m.content for m in world.fake.messages(world.channel)] == ["2 x plum"]


async def test_dynamic_button_survives_restart(world: World, client: DemoClient) -> None:
    CLICKS.clear()
    rec = await world.fake.slash(client, world.alice, world.channel, "demo counter")
    msg = rec.message
    assert msg is not None
    assert [(b.custom_id, b.label, b.style, b.disabled) for b in msg.buttons] == [
        ("demo:count:0", "Count 0", 1, False)
    ]
    click = await world.fake.click(client, world.bob, msg, "demo:count:0")
    assert click.type == 7 and msg.content == "count=1"
    assert msg.edits[0]["content"] == "count=0"

    # Throw the client away and build a new one: only setup_hook's registration remains.
    await world.fake.detach(client)
    fresh = DemoClient()
    await world.fake.attach(fresh)
    try:
        again = await world.fake.click(fresh, world.alice, msg, "demo:count:1")
        assert again.type == 7 and msg.content == "count=2"
        assert [(0, world.bob.id), (1, world.alice.id)] == CLICKS
    finally:
        await world.fake.detach(fresh)
        await client.close()


async def test_persistent_select(world: World, client: DemoClient) -> None:
    rec = await world.fake.slash(client, world.alice, world.channel, "demo colours")
    assert rec.ephemeral and rec.content == "posted"
    (posted,) = world.fake.messages(world.channel)
    (select,) = posted.selects
    assert select.custom_id == "demo:colour" and [o["label"] for o in select.options] == [
        "Red",
        "Blue",
    ]
    picked = await world.fake.select(client, world.bob, posted, "demo:colour", ["b"])
    assert picked.ephemeral and picked.content == "you picked b"
    with pytest.raises(AssertionError):
        await world.fake.select(client, world.bob, posted, "demo:colour", ["green"])


async def test_defer_and_followups(world: World, client: DemoClient) -> None:
    rec = await world.fake.slash(client, world.alice, world.channel, "demo slow")
    assert rec.deferred and rec.thinking and rec.type == 5
    assert [m.content for m in rec.followups] == ["first", "second"]
    assert rec.message is rec.followups[0]  # first followup fills the "thinking" message
    assert rec.text == "first\nsecond\nT\nD"
    assert [m.content for m in world.fake.messages(world.channel)] == ["first", "second"]


async def test_dm_open_and_closed(world: World, client: DemoClient) -> None:
    ok = await world.fake.slash(client, world.alice, world.channel, "demo dm", who=world.alice)
    assert ok.content == "sent"
    (dm,) = world.fake.dms(world.alice)
    assert dm.content == f"psst <@{world.alice.id}>" and dm.mentions == [world.alice.id]
    closed = await world.fake.slash(client, world.alice, world.channel, "demo dm", who=world.bob)
    assert closed.content == "cannot DM (50007)"
    assert world.fake.dms(world.bob) == []
    texts = world.fake.all_outgoing()
    assert any(t.dm_user_id == world.alice.id and "psst" in t.text for t in texts)


async def test_threads_files_pins_edits(world: World, client: DemoClient) -> None:
    rec = await world.fake.slash(client, world.alice, world.channel, "demo thread")
    assert rec.deferred and rec.content == "made game-1"
    # The deferred (thinking) response is itself a channel message, posted first.
    response, table = world.fake.messages(world.channel)
    assert response is rec.message and response.edits[0]["flags"] & 128  # was "loading"
    assert table.content == "table (edited)" and table.pinned
    assert [(f.filename, f.data) for f in table.files] == [("board.png", b"PNG")]
    thread, side = world.fake.threads(world.channel)
    assert thread.id == table.id and thread.name == "game-1" and side.name == "side"
    (welcome,) = world.fake.messages(thread)
    assert welcome.mentions == []  # allowed_mentions suppressed the ping
    assert client.get_channel(thread.id) is not None  # gateway THREAD_CREATE was fed

    # A user can run slash commands inside the created thread.
    bye = await world.fake.slash(client, world.alice, thread, "demo archive")
    assert bye.content == "bye" and thread.archived
    public = world.fake.public_texts()
    assert {"table", "table (edited)", "board.png", "side chat", "bye"} <= {t.text for t in public}
    assert any(t.thread_id == thread.id for t in public)


async def test_error_simulation(world: World, client: DemoClient) -> None:
    channel = client.get_channel(world.channel.id)
    assert isinstance(channel, discord.TextChannel)
    world.fake.fail_next("POST /channels/{channel_id}/messages", status=403, code=50013)
    with pytest.raises(discord.Forbidden) as err:
        await channel.send("nope")
    assert err.value.code == 50013
    await channel.send("fine now")

    thread_msg = await channel.send("t")
    thread = await thread_msg.create_thread(name="doomed")
    fake_thread = world.fake.threads(world.channel)[0]
    world.fake.archive(fake_thread, locked=True)
    with pytest.raises(discord.HTTPException) as archived:
        await thread.send("late")
    assert archived.value.code == 50083
    world.fake.delete_channel(fake_thread)
    with pytest.raises(discord.NotFound) as gone:
        await client.http.send_message(fake_thread.id, params=_params("x"))
    assert gone.value.code == 10003

    with pytest.raises(UnknownRouteError, match="reactions"):
        await thread_msg.add_reaction("👍")


def _params(content: str) -> discord.http.MultipartParameters:
    return discord.http.handle_message_parameters(content=content)


async def test_fetch_routes_and_request_log(world: World, client: DemoClient) -> None:
    user = await client.fetch_user(world.bob.id)
    assert user.name == "bob"
    guild = client.get_guild(world.guild.id)
    assert guild is not None
    member = await guild.fetch_member(world.alice.id)
    assert len(member.roles) == 2
    channel = await client.fetch_channel(world.channel.id)
    assert isinstance(channel, discord.TextChannel)
    sent = await channel.send("hello")
    fetched = await channel.fetch_message(sent.id)
    assert fetched.content == "hello"
    await fetched.delete()
    assert world.fake.messages(world.channel)[0].deleted
    assert ("GET", f"/users/{world.bob.id}") in [(r.method, r.path) for r in world.fake.requests]


async def test_modal_roundtrip(world: World, client: DemoClient) -> None:
    opened = await world.fake.slash(client, world.alice, world.channel, "demo feedback")
    assert opened.type == 9 and opened.modal is not None and opened.modal["title"] == "Feedback"
    sent = await world.fake.submit_modal(client, world.alice, opened, {"demo:note": "ahoy"})
    assert sent.ephemeral and sent.content == "noted: ahoy"


async def test_slash_in_dm_channel(world: World, client: DemoClient) -> None:
    dm = world.fake.dm_channel(world.bob)  # closed DMs don't block interaction replies
    rec = await world.fake.slash(client, world.bob, dm, "demo pick", fruit="pear")
    assert rec.content == "1 x pear" and rec.message is not None
    assert rec.message.dm_user_id == world.bob.id


async def test_bot_errors_surface(world: World, client: DemoClient) -> None:
    with pytest.raises(BotError, match=r"GET /guilds/\{guild_id\}/roles"):
        await world.fake.slash(client, world.alice, world.channel, "demo broken")
    world.fake.raise_bot_errors = False
    await world.fake.slash(client, world.alice, world.channel, "demo broken")
    assert len(world.fake.bot_errors) == 2


async def test_fail_next_on_interaction_webhook(world: World, client: DemoClient) -> None:
    world.fake.fail_next(
        "POST /webhooks/{webhook_id}/{webhook_token}", status=404, code=10015, message="Unknown"
    )
    with pytest.raises(BotError) as err:
        await world.fake.slash(client, world.alice, world.channel, "demo slow")
    assert isinstance(err.value.__cause__, app_commands.CommandInvokeError)
    assert isinstance(err.value.__cause__.original, discord.NotFound)


async def test_user_post_reaches_on_message(world: World, client: DemoClient) -> None:
    posted = await world.fake.post(client, world.alice, world.channel, "hello bot")
    assert client.seen == ["hello bot"]
    mine, echo = world.fake.messages(world.channel)
    assert mine is posted and mine.author is world.alice
    assert echo.content == "echo hello bot" and echo.author is world.fake.bot_user
    assert [t.text for t in world.fake.public_texts()] == ["echo hello bot"]
