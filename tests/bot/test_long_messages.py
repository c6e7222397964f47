"""Discord's 2,000-character limit (issue 8: "2,000-character messages split or shortened"): a
new message that is too long goes out whole over several messages, cut between lines, with the
board, buttons and ping on the last piece; a resend after a crash duplicates no piece."""

from __future__ import annotations

import discord
from hypothesis import given
from hypothesis import strategies as st

from bot.discord.choices import choice_items
from bot.discord.messages import LIMIT, split_message
from bot.storage import ThreadPost
from games import REGISTRY
from tests.bot.conftest import World
from tests.bot.test_cardinal_on_discord import open_and_start


@given(
    st.lists(
        st.text(
            alphabet=st.characters(
                blacklist_categories=["Cs"],
                blacklist_characters="\r\n\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029",
            ),
            max_size=2500,
        ),
        min_size=1,
        max_size=12,
    )
)
def test_split_pieces_fit_and_join_back_to_the_text(lines: list[str]):
    text = "\n".join(lines)
    pieces = split_message(text)
    assert all(len(piece) <= LIMIT for piece in pieces)
    assert "".join(pieces).replace("\n", "") == text.replace("\n", "")


def test_short_lines_are_never_cut_inside():
    lines = [f"{n:03d} " + "x" * 150 for n in range(40)]  # 6,200 characters in all
    pieces = split_message("\n".join(lines))
    assert len(pieces) == 4
    assert [line for piece in pieces for line in piece.split("\n")] == lines


async def test_a_long_thread_post_arrives_whole_with_the_board_and_ping_last(world: World):
    alice, bob = world.alice, world.bob
    bot = await open_and_start(world)
    game = await bot.store.game(1)
    spec = REGISTRY["cardinal"]
    steps = [f"step {n}: " + "a long chain of events " * 6 for n in range(30)]  # ~4,500 chars
    before = len(world.thread_posts())
    await bot.store.finish(
        1,
        "active",
        None,
        [
            ThreadPost(
                version=game.version,
                line="\n".join(steps),
                actor=bob.id,
                waiting=[alice.id],
                mentions=[alice.id],
                view=spec.view(spec.load(game.state), None),
            )
        ],
    )
    await bot.herald.deliver(1)
    posts = world.thread_posts()[before:]
    assert len(posts) == 3 and all(len(p.content) <= LIMIT for p in posts)
    assert "\n".join(p.content for p in posts).count("a long chain of events") == 30 * 6
    assert [bool(p.files) for p in posts] == [False, False, True]
    assert [p.mentions for p in posts] == [[], [], [alice.id]]  # one ping, on the last piece
    assert posts[-1].content.endswith("your move.")

    # A crash between sending and marking it sent: the resend is dropped piece by piece.
    game = await bot.store.game(1)
    outbox = ThreadPost(version=game.version, line="\n".join(steps), mentions=[])
    await bot.store.finish(1, "active", None, [outbox])
    pending = await bot.store.unsent(1)
    await bot.herald._post(game, pending[0])
    count = len(world.thread_posts())
    await bot.herald._post(game, pending[0])
    assert len(world.thread_posts()) == count


async def test_a_long_dm_is_split_with_the_buttons_on_the_last_piece(world: World):
    bot = await world.start_bot()
    view = discord.ui.View()
    for item in choice_items(1, 1, ["yes", "no"], str.title)[1]:
        view.add_item(item)
    text = "\n".join(f"card {n}: " + "z" * 90 for n in range(60))  # ~5,900 characters
    assert await bot.send_dm(world.carol.id, text, view, nonce="parley-77")
    dms = world.fake.dms(world.carol)
    assert len(dms) == 3 and "\n".join(m.content for m in dms) == text
    assert [bool(m.components) for m in dms] == [False, False, True]
