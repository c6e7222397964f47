"""How much a game says, counted: whole games of every game played on (fake) Discord with AI
seats and a player whose DMs are closed, through the clicks a player makes (the golden
transcripts' driver), and what reached each reader counted: thread posts, board posts, pings,
DMs per player, private "Done:" echoes, the longest message.

The bounds a real group asked for, over days of play:

* one post per turn, against the AI too: thread posts <= human turns + reveals + 2 (the
  opening and the end); the AI is never pinged nor told "your move";
* a status-only event (a seat has voted, confirmed, chosen a tie-breaker) updates the pinned
  status message, never the thread;
* a reveal (a vote's cards, a ship's bids) is in a post of its own as soon as it happens,
  before anyone acts on it;
* no two identical DMs in a row to a player; a click inside a private panel updates that
  panel instead of answering "Done:".

The AI's thinking is a quick stand-in (a legal move from the decision's seed): what it picks
is not the point here, and its search would only slow the test.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from bot.play.thinking import Thinker
from games import REGISTRY, GameSpec
from tests.bot.conftest import World
from tests.bot.fake_discord import FakeMessage, FakeUser, InteractionRecord
from tests.bot.golden import RecordingDiscord, Transcript
from tests.bot.test_golden import (
    GAME_ID,
    Player,
    Policy,
    Table,
    _button,
    at_random,
    brisk,
    hopeful,
)
from tests.bot.time_helpers import FakeClock, start_bot

AI = "AI (normal)"
STATUS_ONLY = ("has voted.", "has confirmed their bids.", "has chosen their tie-breaker.")


class QuickStandIn(Thinker):
    """The AI's stand-in: a legal move picked from the decision's seed, in the process."""

    async def choose(self, game_key: str, state: str, seat: int, seed: int) -> str:
        spec = REGISTRY[game_key]
        return random.Random(seed).choice(spec.legal_actions(spec.load(state), seat))


@dataclass(frozen=True)
class Noisy:
    humans: tuple[str, ...]
    ai: int
    options: str
    seed: int
    policy: Policy
    closed_dms: tuple[str, ...] = ()


GAMES = {
    "cardinal": Noisy(("alice",), 1, "first=green", 5, at_random),
    "ship": Noisy(("alice",), 1, "", 36, hopeful),
    "rigadoon": Noisy(("alice",), 1, "", 13, hopeful),
    "tortuga": Noisy(("alice", "bob", "carol"), 2, "", 365, at_random, ("bob",)),
    "caribbean": Noisy(("alice", "bob"), 1, "round_cap=20", 50, brisk, ("bob",)),
}


def reveals(spec: GameSpec[Any], before: Any, after: Any) -> list[str]:
    """What a change turned face up, as the thread must tell it: a ship's bids (the
    engine's ``changes`` of kind ``reveal`` between public views) and a vote's cards."""
    old, new = spec.view(before, None), spec.view(after, None)
    found = [
        change["text"]
        for change in spec.changes(old, new)
        if change["kind"] == "reveal" and "bids:" in change["text"]
    ]
    vote = new.get("last_vote")
    if vote and vote != old.get("last_vote"):
        found.append(f"The {vote['vote']} vote reveals")
    return found


@dataclass
class Counts:
    human_turns: int = 0
    reveals: int = 0
    late_reveals: list[str] = field(default_factory=list)
    folded_reveals: list[str] = field(default_factory=list)
    panel_echoes: int = 0


class Counting(Player):
    """The golden driver, for the human seats only (the AI's replies come with each pick),
    noting each human turn, each reveal and whether it was in the thread before the next
    pick, and every "Done:" echo of a click made inside a private panel."""

    def __init__(self, table: Table, policy: Policy, seed: int, humans: set[int]) -> None:
        super().__init__(table, policy, seed)
        self.humans = humans
        self.counts = Counts()

    async def play(self) -> None:
        table, spec = self.table, self.table.spec
        original = table.pick

        async def pick(user: FakeUser, message: FakeMessage, choice: Any) -> InteractionRecord:
            private = message.ephemeral or message.dm_user_id is not None
            record = await original(user, message, choice)
            if private and (
                message.content.startswith("Done:")
                or any(m.content.startswith("Done:") for m in record.messages if m is not message)
            ):
                self.counts.panel_echoes += 1
            return record

        table.pick = pick  # type: ignore[method-assign]
        for _ in range(3000):
            game, state = await table.state()
            if game.status != "active":
                return
            self.version = game.version
            due = spec.to_act(state)
            assert set(due) <= self.humans, "an AI seat was left to move"
            seat = self.rng.choice(due)
            target = self.policy(spec, state, seat, self.rng)
            posts_before = len(table.world.thread_posts())
            await self.click_to(seat, state, target)
            after, _ = await table.state()
            log = await table.bot.store.actions(GAME_ID)
            assert log[game.version] == (seat, target), "one pick, one action"
            self._note(game, log, posts_before)
            self.note_goes_on(seat, after.version)
        raise AssertionError("the game did not end")

    def _note(self, game: Any, log: list[tuple[int, str]], posts_before: int) -> None:
        """The human turns and reveals of the actions since ``game`` (a pick and the AI's
        replies), and whether each reveal is in a thread post made since the pick."""
        spec = self.table.spec
        state = spec.load(game.state)
        new_posts = [m.content for m in self.table.world.thread_posts()[posts_before:]]
        for seat, action in log[game.version :]:
            after = spec.apply(state, seat, action)
            if seat in self.humans and (seat not in spec.to_act(after) or spec.outcome(after)):
                self.counts.human_turns += 1
            for text in reveals(spec, state, after):
                self.counts.reveals += 1
                post = next((p for p in new_posts if text in p), None)
                if post is None:
                    self.counts.late_reveals.append(text)
                elif "sails" in post.split(text)[0]:
                    self.counts.folded_reveals.append(text)
            state = after


@pytest.fixture
async def database(tmp_path) -> AsyncIterator[str]:
    """SQLite only: what the players read is the same on either store."""
    yield str(tmp_path / "parley.db")


def every_version(message: FakeMessage) -> list[str]:
    return [str(version["content"] or "") for version in message.versions()]


@pytest.mark.parametrize(
    "key", [pytest.param(key, marks=[pytest.mark.slow] * (key != "cardinal")) for key in GAMES]
)
async def test_a_game_with_ai_seats_says_only_what_earns_its_place(
    recorded_world: World, key: str, monkeypatch
) -> None:
    setup = GAMES[key]
    world = recorded_world
    fake = world.fake
    assert isinstance(fake, RecordingDiscord)
    monkeypatch.setattr("bot.play.service.secrets.randbits", lambda _bits: setup.seed)
    users = [
        next(u for u in (world.alice, world.bob, world.carol) if u.name == n) for n in setup.humans
    ]
    for user in users:
        user.dms_open = user.name not in setup.closed_dms
    clock = FakeClock()
    fake.clock = clock
    bot = await start_bot(world, clock)
    bot.service.thinker = QuickStandIn()
    say = Transcript(fake)
    options: dict[str, Any] = {"game": key, "ai": setup.ai}
    if setup.options:
        options["options"] = setup.options
    await say.slash(bot, users[0], world.channel, "parley new", **options)
    for user in users[1:]:
        lobby = world.lobby()
        await say.click(bot, user, lobby, _button(lobby, "Join"))
    lobby = world.lobby()
    await say.click(bot, users[0], lobby, _button(lobby, "Start"))

    spec = REGISTRY[key]
    game = await bot.store.game(GAME_ID)
    assert game is not None
    seated = {u.id: u for u in users}
    table_users = [seated.get(s.user_id, users[0]) for s in game.seats]
    humans = {s.seat for s in game.seats if not s.is_ai}
    table = Table(world, bot, spec, table_users, say)
    player = Counting(table, setup.policy, setup.seed, humans)
    await player.play()
    game = await bot.store.game(GAME_ID)
    assert game is not None and game.status == "over"

    counts = player.counts
    posts = world.thread_posts()
    texts = [m.content for m in posts]
    boards = [m for m in posts if any(f.filename.startswith("board") for f in m.files)]
    pings = sum(len(set(m.mentions)) for m in posts)
    dms = {u.name: fake.dms(u) for u in users}
    echoes = [
        m
        for m in [fake.message(i) for i in fake._order]
        if m.ephemeral and any(t.startswith("Done:") for t in every_version(m))
    ]
    everything = [
        t
        for m in [fake.message(i) for i in fake._order]
        if m.author.id == fake.bot_user.id
        for t in every_version(m)
    ]
    print(
        f"\n{key}: {counts.human_turns} human turns, {counts.reveals} reveals; "
        f"{len(posts)} thread posts, {len(boards)} board posts, {pings} pings, DMs "
        + ", ".join(f"{name} {len(got)}" for name, got in dms.items())
        + f", {len(echoes)} 'Done:' echoes ({counts.panel_echoes} in a private panel), "
        f"longest message {max(map(len, everything))} characters; "
        f"late reveals {len(counts.late_reveals)}, folded reveals {len(counts.folded_reveals)}"
    )

    # One post per turn, against the AI too.
    assert len(posts) <= counts.human_turns + counts.reveals + 2
    assert not any(f"{AI}, your move" in t or f", {AI}" in t.split("\n")[-1] for t in texts)
    assert not any(t.startswith(f"{AI}, ") for t in texts)
    # Status-only events stay off the thread.
    for text in texts:
        said = text.split("\n", 1)[0].split(": ", 1)[-1]
        assert not said.endswith(STATUS_ONLY) or len(text.split("\n")) > 2, text
    # Reveals as they happen, each in its own post.
    assert counts.late_reveals == []
    assert counts.folded_reveals == []
    # DMs that earn their place.
    for name, got in dms.items():
        contents = [str(m.versions()[0]["content"]) for m in got]  # as sent
        twice = [a for a, b in itertools.pairwise(contents) if a == b]
        assert twice == [], f"{name} got the same DM twice in a row: {twice[0]!r}"
    assert counts.panel_echoes == 0
