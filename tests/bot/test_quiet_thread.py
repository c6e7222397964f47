"""A quiet thread (issue 14): one post per turn, one ping when the next seat must act, reveals
posted at once, and nothing of a turn lost or told twice, across restarts too.

"One post per turn: the steps of one seat's turn (Rigadoon's sails and the wind, Caribbean's
hex-by-hex moves and chest actions, Tortuga's two actions in a 2-player game) are shown in one
post ... posted once when the turn ends; the ping goes out once, when the next seat must act.
Reveals (votes, bids) get their own post." -- "Bot tests that count posts and pings per turn."
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest

from bot.discord.bot import ParleyBot
from bot.play import service as bot_service
from bot.play.posts import news
from bot.play.quiet import merged, releases
from bot.play.story import reason_of, told_once
from bot.storage import ThreadPost
from games import REGISTRY, GameSpec
from tests.bot.conftest import World
from tests.bot.fake_discord import FakeMessage, FakeUser
from tests.bot.helpers import button_id, private_reply


async def start(world: World, key: str, players: int) -> tuple[ParleyBot, list[FakeUser]]:
    """A game of ``key`` for ``players`` (Alice hosts; Bob's DMs are closed)."""
    users = [world.alice, world.bob, world.carol]
    for name in ("dave", "erin")[: max(0, players - 3)]:
        users.append(world.fake.add_user(name))
        world.fake.add_member(world.guild, users[-1])
    bot = await world.start_bot()
    await world.fake.slash(bot, world.alice, world.channel, "parley new", game=key)
    for user in users[1:players]:
        await world.fake.click(bot, user, world.lobby(), "parley:lobby:1:join")
    await world.fake.click(bot, world.alice, world.lobby(), "parley:lobby:1:start")
    return bot, users[:players]


async def play(world: World, bot: ParleyBot, users: list[FakeUser], limit: int) -> None:
    """Random legal moves through `/parley move`, as the players would type them."""
    spec = REGISTRY[(await bot.store.game(1)).game_key]
    picker = random.Random(7)
    by_id = {user.id: user for user in users}
    for _ in range(limit):
        game = await bot.store.game(1)
        if game.status != "active":
            return
        state = spec.load(game.state)
        seat = spec.to_act(state)[0]
        action = picker.choice(spec.legal_actions(state, seat))
        user = by_id[game.user_of(seat)]
        await world.fake.slash(bot, user, world.thread(), "parley move", action=action)


@dataclass
class TurnEnd:
    """Where the issue says a post is owed: who is newly due (pinged), and the lines told."""

    pinged: set[int]
    lines: list[str] = field(default_factory=list)


@dataclass
class Story:
    ends: list[TurnEnd]
    turns: int  # runs of actions by one seat
    reveals: int  # secret choices settled, or told at once for what they changed


def story(spec: GameSpec, seed: int, players: int, log: list[tuple[int, str]]) -> Story:
    """The game told from its log by the issue's rule, read from the envelope only: a turn
    ends when the set of seats to act changes or the game ends, and the steps in between are
    told with it; a secret action is told at once when it settles the choice or changes
    something public (a reveal), and not at all otherwise. An end that only says a seat is
    done (fewer seats due, none new: a vote cast while others vote) is told by the pinned
    status message, not the thread. A reveal told after a move's own words (a ship's bids
    when a ship ends its turn) ends the post there and is a post of its own, at once."""
    state = spec.new(players, seed)
    ends: list[TurnEnd] = []
    told: list[str] = []
    turns = reveals = 0
    last_seat = None
    for seat, action in log:
        before, state = state, spec.apply(state, seat, action)
        due_before, due = set(spec.to_act(before)), set(spec.to_act(state))
        secret = spec.secret_choice(before, seat)
        settled = secret and not (seat in due and spec.secret_choice(state, seat))
        revealed = secret and news(spec.view(before, None), spec.view(state, None))
        turns += seat != last_seat
        last_seat = seat
        reveals += settled or revealed
        line = spec.describe(before, seat, action, state)
        shown = [
            line.find(change["text"])
            for change in spec.changes(spec.view(before, None), spec.view(state, None))
            if change["kind"] == "reveal"
        ]
        cut = next((at for at in shown if at > 0), 0) if not secret else 0
        if cut:
            ends.append(TurnEnd(set(), [*told, line[:cut].rstrip()]))
            ends.append(TurnEnd(due - due_before, [line[cut:]]))
            told = []
            continue
        end = settled or revealed or due != due_before or spec.outcome(state) is not None
        if end and spec.outcome(state) is None and due < due_before:
            continue  # only a seat done: the status message tells it
        if end or not secret:
            told.append(line)
        if end:
            ends.append(TurnEnd(due - due_before, told))
            told = []
    return Story(ends, turns, reveals)


GAMES = [
    ("cardinal", 2, 60),
    ("ship", 2, 40),
    ("tortuga", 2, 80),
    ("tortuga", 5, 60),
    ("caribbean", 3, 140),
    ("rigadoon", 2, 60),
]


@pytest.mark.parametrize(("key", "players", "limit"), GAMES)
async def test_one_post_and_one_ping_per_turn(
    world: World, monkeypatch: pytest.MonkeyPatch, key: str, players: int, limit: int
):
    """Count posts and pings per turn over real play: every post is the end of one turn (or a
    reveal, or the end), pings exactly the seats newly due, and tells every step of the turn
    in order; image posts stay within turns plus reveals."""
    monkeypatch.setattr(bot_service.secrets, "randbits", lambda _bits: 4)
    bot, users = await start(world, key, players)
    await play(world, bot, users, limit)
    spec = REGISTRY[key]
    log = await bot.store.actions(1)
    told = story(spec, 4, players, log)
    begins, *posts = world.thread_posts()
    assert "The game begins!" in begins.content

    assert len(posts) == len(told.ends)
    user_of = {seat: user.id for seat, user in enumerate(users)}
    result = (await bot.store.game(1)).result or {}
    for post, end in zip(posts, told.ends, strict=True):
        assert set(post.mentions) == {user_of[s] for s in end.pinged}, post.content
        at = 0
        for line in end.lines:  # every step of the turn, in order, in the one post
            if "🏆" in post.content or "🤝" in post.content:  # the result is told once, after
                line = told_once(line, reason_of(result))
            at = post.content.index(line, at) + len(line)
    images = sum(1 for post in world.thread_posts() if post.files)
    assert images <= told.turns + told.reveals + 1
    assert len(log) > len(posts) or key in ("cardinal", "ship")  # single-step games: one each


async def test_a_restart_mid_turn_loses_no_step_and_tells_none_twice(
    world: World, monkeypatch: pytest.MonkeyPatch
):
    """The held steps of a turn live in the outbox: a bot killed in the middle of a turn (two
    actions in a 2-player Tortuga game) tells the whole turn, once, after the restart."""
    monkeypatch.setattr(bot_service.secrets, "randbits", lambda _bits: 0)
    bot, (alice, bob) = await start(world, "tortuga", 2)
    fake = world.fake
    await fake.slash(bot, bob, world.thread(), "parley move", action="hold french")
    posts = len(world.thread_posts())
    await fake.slash(bot, alice, world.thread(), "parley move", action="hold french")
    looking = await fake.slash(bot, alice, world.thread(), "parley move", action="view")
    assert "Your turn goes on" in private_reply(looking)
    assert len(world.thread_posts()) == posts

    await world.kill_bot(bot)  # --- mid-turn ---
    bot = await world.start_bot()
    assert len(world.thread_posts()) == posts  # nothing held went out on its own
    hand = await fake.slash(bot, alice, world.thread(), "parley hand")
    (panel,) = [m for m in hand.messages if m.buttons]
    await fake.click(bot, alice, panel, button_id(panel, "View event cards 2 and 3"))
    await fake.slash(bot, alice, world.thread(), "parley move", action="move jr rowboat")

    assert len(world.thread_posts()) == posts + 1
    turn = world.thread_posts()[-1]
    steps = [
        "Captain P1 stows the Jolly Roger's chest in the French hold.",
        "P1 will view two event cards.",
        "P1 views event cards 2 and 3.",
        "P1 climbs into the Jolly Roger's rowboat.",
    ]
    assert turn.content.startswith(f"<@{alice.id}>: " + " ".join(steps))
    for step in steps:
        assert sum(m.content.count(step) for m in world.thread_posts()) == 1
    assert turn.mentions == [bob.id]
    assert await bot.store.unsent(1) == []


async def test_a_cancelled_game_still_tells_the_steps_of_its_last_turn(
    world: World, monkeypatch: pytest.MonkeyPatch
):
    """A turn cut short by a cancellation is not lost: its steps go out with the notice."""
    monkeypatch.setattr(bot_service.secrets, "randbits", lambda _bits: 0)
    bot, (alice, bob) = await start(world, "tortuga", 2)
    fake = world.fake
    await fake.slash(bot, bob, world.thread(), "parley move", action="hold french")
    await fake.slash(bot, alice, world.thread(), "parley move", action="hold french")
    await fake.slash(bot, alice, world.thread(), "parley cancel")
    last: FakeMessage = world.thread_posts()[-1]
    assert "stows the Jolly Roger's chest" in last.content and "cancelled" in last.content
    assert await bot.store.unsent(1) == []


def test_a_turn_finished_by_another_hand_names_each_hand():
    """The merged post keeps one mention per run of lines: a player's steps, then the
    autopilot that finished the turn after they resigned."""
    held = [
        ThreadPost("Blue sails E3 to H6.", version=3, actor=11, step={}),
        ThreadPost("Blue sails K5 to H5.", version=4, actor=11, step={}),
    ]
    end = ThreadPost("(autopilot) Blue ends the turn.", version=5, actor=None, waiting=[12])
    told = merged(held, end)
    assert told.actor == 11
    assert told.line == "Blue sails E3 to H6. Blue sails K5 to H5.\n(autopilot) Blue ends the turn."
    assert told.waiting == [12] and told.version == 5
    assert merged([], end) == end
    assert releases(end, game_active=True) and not releases(held[0], game_active=True)
    notice = ThreadPost("⏰ Reminder", mentions=[12])
    assert not releases(notice, game_active=True) and releases(notice, game_active=False)
