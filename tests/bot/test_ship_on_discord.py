"""A short game of Ship on (fake) Discord, played to a win with ``/parley move`` slash commands
by both players, through the real discord.py code paths.

The line was found with the engine (``games/ship``) on the default 7x9 deck: Stern walks one Mate
up the deck (jumping a Bow Mate that the cooperative Bow player offers), gains its Sea-Leg on f9
and brings the Captain home down column g, while Bow shuffles a back-row Mate c9 <-> b9. That is
27 plies, the shortest line without fancier co-operation we found; every move below is checked
against the engine's legal actions as the game goes.
"""

from __future__ import annotations

from bot.discord.delivery import DM_CLOSED_HELP
from bot.play.ratings import moves_of
from games import REGISTRY
from tests.bot.conftest import World
from tests.bot.helpers import private_reply

SPEC = REGISTRY["ship"]

STERN_MOVES = [
    "move e3 e4",
    "move e4 e5",
    "jump e5 e7",
    "move e7 f7",
    "move f7 f8",
    "move f8 f9",
    "move f9 g8",
] + [f"move g{row} g{row - 1}" for row in range(8, 1, -1)]
BOW_MOVES = ["move e7 e6"] + ["move c9 b9", "move b9 c9"] * 6


def winning_line() -> list[str]:
    line = []
    for i, move in enumerate(STERN_MOVES):
        line.append(move)
        if i < len(BOW_MOVES):
            line.append(BOW_MOVES[i])
    return line


async def legal_now(bot, seat: int) -> list[str]:
    game = await bot.store.game(1)
    return SPEC.legal_actions(SPEC.load(game.state), seat)


async def labels_now(bot, seat: int) -> list[str]:
    """The words of each legal move of ``seat`` (what its buttons must show)."""
    game = await bot.store.game(1)
    state = SPEC.load(game.state)
    return [SPEC.label(state, seat, a) for a in SPEC.legal_actions(state, seat)]


async def test_a_short_game_of_ship_played_to_a_win_with_slash_commands(world: World):
    """Issue requirement: "A bot test that plays a short game through slash commands to a win."
    Checks each thread post (who did what, in words), that only the player to move is pinged,
    the board image attached to every post, that autocomplete lists only legal moves, and the
    win post."""
    fake, alice, bob, carol = world.fake, world.alice, world.bob, world.carol
    bot = await world.start_bot()

    opened = await fake.slash(
        bot, alice, world.channel, "parley new", game="ship", options="board=7x9 first=stern"
    )
    assert opened.ephemeral and "Game #1 of Ship (Stern vs Bow) is open" in opened.text
    assert world.thread().name == "Ship (Stern vs Bow) #1"
    joined = await fake.click(bot, bob, world.lobby(), "parley:lobby:1:join")
    assert "You joined Ship (Stern vs Bow) #1" in private_reply(joined)
    assert DM_CLOSED_HELP in private_reply(joined)
    started = await fake.click(bot, alice, world.lobby(), "parley:lobby:1:start")
    assert "started" in private_reply(started)

    first = world.thread_posts()[-1]
    assert "The game begins!" in first.content
    assert f"<@{alice.id}>, your move." in first.content
    assert first.mentions == [alice.id]  # Stern (the host, seat 1) moves first
    assert first.files and first.files[0].data.startswith(b"\x89PNG")

    # Autocomplete offers exactly the legal moves: a first move is one Mate one step forward.
    offered = await fake.autocomplete(bot, alice, world.thread(), "parley move", "action", "")
    assert [c["value"] for c in offered] == await legal_now(bot, 0)
    assert [c["name"] for c in offered] == [
        "Mate C3 forward to C4",
        "Mate D3 forward to D4",
        "Mate E3 forward to E4",
    ]
    assert {c["value"] for c in offered} == {"move c3 c4", "move d3 d4", "move e3 e4"}
    typed = await fake.autocomplete(bot, alice, world.thread(), "parley move", "action", "e3")
    assert [c["value"] for c in typed] == ["move e3 e4"]
    assert await fake.autocomplete(bot, bob, world.thread(), "parley move", "action", "") == []
    assert await fake.autocomplete(bot, carol, world.thread(), "parley move", "action", "") == []

    # Refusals are private and change nothing.
    early = await fake.slash(bot, bob, world.thread(), "parley move", action="move e7 e6")
    assert "not your turn" in private_reply(early)
    sideways = await fake.slash(bot, alice, world.thread(), "parley move", action="move e3 f3")
    assert "first turn one Mate moves one space forward" in private_reply(sideways)
    watcher = await fake.slash(bot, carol, world.thread(), "parley move", action="move e3 e4")
    assert "not playing" in private_reply(watcher)
    assert len(world.thread_posts()) == 1

    players = [alice, bob]
    line = winning_line()
    for ply, action in enumerate(line):
        seat = ply % 2
        user, other = players[seat], players[1 - seat]
        legal = await legal_now(bot, seat)
        assert action in legal
        if ply in (4, 12):  # mid-game, autocomplete still lists only this seat's legal moves
            word = action.split()[1]
            offered = await fake.autocomplete(
                bot, user, world.thread(), "parley move", "action", word
            )
            assert offered and {c["value"] for c in offered} <= set(legal)
            assert {c["value"] for c in offered} == {a for a in legal if word in a.split()}
        before = len(world.thread_posts())
        done = await fake.slash(bot, user, world.thread(), "parley move", action=action.upper())
        assert private_reply(done).startswith("Done: ")
        posts = world.thread_posts()
        assert len(posts) == before + 1, f"one thread post per move (ply {ply + 1})"
        post = posts[-1]
        assert post.content.startswith(f"<@{user.id}>: ")
        assert post.files and post.files[0].data.startswith(b"\x89PNG")
        assert post.files[0].filename == f"board-{ply + 1}.png"
        if ply < len(line) - 1:
            assert post.mentions == [other.id], f"only the player to move is pinged ({ply + 1})"
            assert f"<@{other.id}>, your move." in post.content
            # The open choices of the player to move are buttons on the post (Ship has few),
            # in words; Ship has no hand, so the private panel is "My moves".
            labels = [b.label for b in post.buttons]
            assert labels[-1] == "My moves"
            assert labels[:-1] == await labels_now(bot, 1 - seat)

    posts = world.thread_posts()
    said = [p.content for p in posts]
    assert f"<@{alice.id}>: Stern moves E3 → E4" in said[1]
    assert f"<@{bob.id}>: Bow moves E7 → E6" in said[2]
    assert any("Stern jumps E5 → E7, taking Bow's E6" in s for s in said)
    assert any(
        "Stern moves F8 → F9; the Mate gains its Sea-Leg and becomes a Captain" in s for s in said
    )
    assert any("Stern's Captain moves F9 → G8" in s for s in said)

    final = posts[-1]
    # The final post tells the result once, the final scores, the ratings and the reveal.
    assert final.content == (
        f"<@{alice.id}>: Stern's Captain moves G2 → G1.\n"
        f"🏆 <@{alice.id}> (Stern) wins! Stern's Captain is back home on G1.\n"
        "Final scores: Stern pieces aboard: 9 · Bow pieces aboard: 8\n"
        f"Ratings: <@{alice.id}> 1500? → 1524? (+24) · <@{bob.id}> 1500? → 1487? (-13)\n\n"
        "**The reveal:**\n"
        "Nothing was hidden in Ship: every piece was in view all game.\n"
        f"<@{alice.id}> (Stern) moved first, as the game was set up."
    )
    assert final.mentions == []  # nobody is pinged for a finished game
    assert final.files and final.files[0].data.startswith(b"\x89PNG")
    assert [b.label for b in final.buttons] == [
        "Rematch",
        "Review",
        "Replay",
    ] and final.selects == []

    game = await bot.store.game(1)
    assert game.status == "over" and game.version == len(line)
    told = game.result.pop("ratings")
    assert game.result == {
        "winners": [0],
        "reason": "{side}'s Captain is back home on {square}",  # said in each reader's words
        "params": {"side": "Stern", "square": "G1"},
        "forced": None,  # issue 16: played out, and counted in the ratings
        "rated": True,
    }
    assert [(m.user_id, str(m.before), str(m.after)) for m in moves_of({"ratings": told})] == [
        (alice.id, "1500?", "1524?"),
        (bob.id, "1500?", "1487?"),
    ]  # the model's numbers, as the final post tells them
    assert await fake.autocomplete(bot, bob, world.thread(), "parley move", "action", "") == []
    after = await fake.slash(bot, bob, world.thread(), "parley move", action="move b9 c9")
    assert "over" in private_reply(after)
    board = await fake.slash(bot, carol, world.thread(), "parley board")
    assert "Game over: Stern's Captain is back home on G1." in private_reply(board)
    assert board.files and board.files[0].data.startswith(b"\x89PNG")
    assert len(world.thread_posts()) == len(line) + 1
    # Every post pinged at most the one player to move.
    assert all(len(set(p.mentions)) <= 1 for p in world.thread_posts())
