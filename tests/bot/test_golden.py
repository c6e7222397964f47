"""Golden transcripts: one seeded game of each game, played whole on (fake) Discord through the
clicks a player makes, and everything every reader saw, pinned in ``tests/golden/<game>.txt``.

Each game is opened with ``/parley new`` (a fixed seed, fixed options, no move clock, the bot
on a fake clock), joined from the lobby card and started; then each seat to act picks the
action a seeded policy chooses and reaches it by its words only (a button or menu option on
the board post, its DM ballot, the private answer its turn goes on in, ``/parley hand`` or
the hand button), opening the group that names a part of it when the action takes steps. In
Tortuga one player has closed DMs and plays from ``/parley hand``.

Each game is played in English, German and French (``tests/golden/de/<game>.txt``, ``fr/``):
the server's language and every player's Discord client speak it, and the players find their
choices by the words the engine gives them in that language. The suite runs every game in
English and a few in German and French (``QUICK``); ``PARLEY_EVERY_LANGUAGE=1`` (CI sets it)
runs them all. :func:`test_no_line_is_left_in_english` reads the pinned transcripts.

A change of wording then shows as a diff of these files. Rewrite them (and review the diff):

    PARLEY_GOLDEN=rewrite python -m pytest -q -n 0 tests/bot/test_golden.py

See ``tests/golden/README.md``.
"""

from __future__ import annotations

import os
import random
import re
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any

import pytest

from bot.discord.bot import ParleyBot
from bot.language import speech_in
from games import REGISTRY, GameSpec
from games.core.words import speaking
from tests.bot.conftest import World
from tests.bot.fake_discord import FakeMessage, FakeUser, InteractionRecord
from tests.bot.golden import GOLDEN_DIR, WIDTH, RecordingDiscord, Transcript, compare_or_rewrite
from tests.bot.test_labelled_play import MORE, Shown, going_on, is_back, is_hand, shown_choices
from tests.bot.time_helpers import FakeClock, start_bot

Policy = Callable[[GameSpec[Any], Any, int, random.Random], str]
GAME_ID = 1  # a fresh database: the first game


# -- the policies: which action a seat wants (the words it reaches it by are the bot's) ---
def at_random(spec: GameSpec[Any], state: Any, seat: int, rng: random.Random) -> str:
    return rng.choice(spec.legal_actions(state, seat))


def hopeful(spec: GameSpec[Any], state: Any, seat: int, rng: random.Random) -> str:
    """Mostly what the engine's quick estimate likes best (a short game); now and then any."""
    actions = spec.legal_actions(state, seat)
    if len(actions) == 1 or rng.random() < 0.2:
        return rng.choice(actions)
    return max(
        actions, key=lambda a: spec.evaluate(spec.apply(state, seat, a))[seat] + rng.random() / 1e3
    )


def brisk(spec: GameSpec[Any], state: Any, seat: int, rng: random.Random) -> str:
    """Caribbean in few rounds: the first bids at random, then the same as last round,
    confirmed at once; each ship sailed the way the engine's estimate likes best."""
    actions = spec.legal_actions(state, seat)
    for quick in ("bid repeat", "confirm"):
        if quick in actions:
            return quick
    if len(actions) == 1 or any(a.startswith("bid ") for a in actions):
        return rng.choice(actions)
    return max(
        actions, key=lambda a: spec.evaluate(spec.apply(state, seat, a))[seat] + rng.random() / 1e3
    )


@dataclass(frozen=True)
class Setup:
    players: tuple[str, ...]
    options: str
    seed: int
    policy: Policy
    closed_dms: tuple[str, ...] = ()


GAMES = {
    "cardinal": Setup(("alice", "bob"), "first=orange", 5, at_random),
    "ship": Setup(("alice", "bob"), "", 36, hopeful),
    "rigadoon": Setup(("alice", "bob"), "", 13, hopeful),
    "tortuga": Setup(("alice", "bob", "carol", "dave"), "", 365, at_random, ("bob",)),
    "caribbean": Setup(("alice", "bob", "carol"), "round_cap=20", 50, brisk),
}
#: Over a few seconds each (Caribbean's seven rounds, Rigadoon's multi-step turns).
SLOW = {"caribbean", "rigadoon"}
#: The languages each game is played in; the suite plays the quick ones (within the README's
#: time budget), CI all of them (``PARLEY_EVERY_LANGUAGE=1``).
LANGUAGES = ("en", "de", "fr")
QUICK = {("cardinal", "de"), ("cardinal", "fr")}
EVERY_LANGUAGE = bool(os.environ.get("PARLEY_EVERY_LANGUAGE"))


def golden_name(key: str, language: str) -> str:
    """The transcript's file under ``tests/golden`` (English at the top, the others in a
    folder of their own)."""
    return key if language == "en" else f"{language}/{key}"


def cases() -> list[Any]:
    return [
        pytest.param(
            key,
            language,
            id=golden_name(key, language).replace("/", "-"),
            marks=[pytest.mark.slow] * (key in SLOW),
        )
        for key in GAMES
        for language in LANGUAGES
        if language == "en" or EVERY_LANGUAGE or (key, language) in QUICK
    ]


# -- the table -----------------------------------------------------------------------------
@dataclass
class Table:
    world: World
    bot: ParleyBot
    spec: GameSpec[Any]
    users: list[FakeUser]
    say: Transcript

    @property
    def fake(self) -> RecordingDiscord:
        fake = self.world.fake
        assert isinstance(fake, RecordingDiscord)
        return fake

    async def state(self) -> tuple[Any, Any]:
        game = await self.bot.store.game(GAME_ID)
        assert game is not None
        return game, self.spec.load(game.state) if game.state else None

    async def pick(self, user: FakeUser, message: FakeMessage, choice: Shown) -> InteractionRecord:
        if choice.value is None:
            return await self.say.click(self.bot, user, message, choice.custom_id)
        return await self.say.select(self.bot, user, message, choice.custom_id, choice.value)


class Player:
    """Plays every seat of one game by the words on its buttons and menus."""

    def __init__(self, table: Table, policy: Policy, seed: int) -> None:
        self.table = table
        self.policy = policy
        self.rng = random.Random(seed)
        self.version = 0
        self.last_pick: FakeMessage | None = None
        self.last_answer: InteractionRecord | None = None
        #: where each seat's turn goes on (the private answer to its last pick), at which version
        self.goes_on: dict[int, tuple[FakeMessage, int]] = {}
        #: each seat's last pick: the message it was made on, and the newest DM id before it
        self.picked_on: dict[int, tuple[FakeMessage | None, int]] = {}

    async def first_step(self, seat: int, state: Any) -> FakeMessage:
        """Where a player finds their choices: the private answer their turn goes on in, their
        DM ballot for a secret choice (``/parley hand`` with closed DMs), else the board post
        (or its hand button when several seats act at once)."""
        table = self.table
        user = table.users[seat]
        goes_on, version = self.goes_on.get(seat, (None, -1))
        if goes_on is not None and version == self.version:
            return goes_on
        if table.spec.secret_choice(state, seat):
            seen = self.picked_on.get(seat)
            ballots = [
                m
                for m in table.fake.dms(user)
                if shown_choices(m) and (seen is None or m.id > seen[1] or m is seen[0])
            ]
            if ballots:
                return ballots[-1]
            record = await table.say.slash(table.bot, user, table.world.thread(), "parley hand")
            return record.messages[-1]
        post = table.world.thread_posts()[-1]
        if shown_choices(post):
            return post
        hand = next(b for b in post.buttons if is_hand(b))
        record = await table.say.click(table.bot, user, post, hand.custom_id or "")
        return record.messages[-1]

    async def reach(
        self, user: FakeUser, message: FakeMessage, wanted: str, parts: set[str], depth: int
    ) -> bool:
        """Pick ``wanted`` on ``message``, or through the groups it offers (those named like a
        part of the action first); False (after pressing Back) when this step lacks it."""
        table = self.table
        shown = shown_choices(message)
        assert shown, f"no choices on {message!r}"
        final = [s for s in shown if s.text == wanted]
        if final:
            self.last_pick = message
            self.last_answer = await table.pick(user, message, final[0])
            return True
        groups = [s.text for s in shown if s.text.endswith(MORE)]
        groups.sort(key=lambda text: text.removesuffix(MORE) not in parts)
        for text in groups:
            choice = next(s for s in shown_choices(message) if s.text == text)
            record = await table.pick(user, message, choice)
            opened = record.message
            assert opened is not None and (opened.ephemeral or opened.dm_user_id)
            if await self.reach(user, opened, wanted, parts, depth + 1):
                return True
            message = opened
        assert depth, f"{wanted!r} is offered nowhere: {[s.text for s in shown]}"
        back = next(b for b in message.buttons if is_back(b))
        await table.say.click(table.bot, user, message, back.custom_id or "")
        return False

    async def play(self) -> None:
        table, spec = self.table, self.table.spec
        while True:
            game, state = await table.state()
            if game.status != "active":
                return
            self.version = game.version
            seat = self.rng.choice(spec.to_act(state))
            target = self.policy(spec, state, seat, self.rng)
            await self.click_to(seat, state, target)
            after, _ = await table.state()
            assert after.version == game.version + 1, "one pick path, exactly one action"
            assert (await table.bot.store.actions(GAME_ID))[-1] == (seat, target)
            self.note_goes_on(seat, after.version)

    async def click_to(self, seat: int, state: Any, target: str) -> None:
        """Press, step by step, the buttons and menus that make ``target`` for ``seat``, as
        its player would: from the first step shown, through the labels of the action's
        shorter prefixes that several actions share."""
        table, spec = self.table, self.table.spec
        actions = spec.legal_actions(state, seat)
        words = target.split()
        parts = {
            spec.label(state, seat, " ".join(words[:n]))
            for n in range(1, len(words))
            if sum(a.startswith(" ".join(words[:n]) + " ") for a in actions) > 1
        }
        message = await self.first_step(seat, state)
        wanted = spec.label(state, seat, target)
        dms = table.fake.dms(table.users[seat])
        newest = dms[-1].id if dms else 0
        assert await self.reach(table.users[seat], message, wanted, parts, 0)
        self.picked_on[seat] = (self.last_pick, newest)

    def note_goes_on(self, seat: int, version: int) -> None:
        """Where ``seat``'s turn goes on after its pick (its private answer), if it does."""
        assert self.last_answer is not None
        goes_on = going_on(self.last_answer)
        if goes_on is not None:
            self.goes_on[seat] = (goes_on, version)


# -- the test ------------------------------------------------------------------------------
@pytest.fixture
async def database(tmp_path) -> AsyncIterator[str]:
    """SQLite only: the transcript is what players see, the same on either store."""
    yield str(tmp_path / "parley.db")


@pytest.mark.parametrize(("key", "language"), cases())
async def test_golden_transcript(
    recorded_world: World, key: str, language: str, monkeypatch
) -> None:
    setup = GAMES[key]
    world = recorded_world
    fake = world.fake
    assert isinstance(fake, RecordingDiscord)
    monkeypatch.setattr("bot.play.service.secrets.randbits", lambda _bits: setup.seed)
    known = {u.name: u for u in (world.alice, world.bob, world.carol)}
    users = []
    world.guild.locale = language  # the game speaks the server's language
    for name in setup.players:
        if name not in known:
            known[name] = fake.add_user(name)
            fake.add_member(world.guild, known[name])
        known[name].dms_open = name not in setup.closed_dms
        known[name].locale = language
        users.append(known[name])
    with speaking(speech_in(language)):  # the players read the engine's words in it too
        await play_golden(world, fake, key, language, users)


async def play_golden(
    world: World, fake: RecordingDiscord, key: str, language: str, users: list[FakeUser]
) -> None:
    """Open, join, start and play ``key``'s game, and compare what everyone saw."""
    setup = GAMES[key]
    clock = FakeClock()
    fake.clock = clock
    bot = await start_bot(world, clock)
    say = Transcript(fake)
    fake.heading(
        f"{key}: seed {setup.seed}, players {', '.join(setup.players)}"
        + (f", DMs closed: {', '.join(setup.closed_dms)}" if setup.closed_dms else "")
    )
    options = {"game": key, **({"options": setup.options} if setup.options else {})}
    await say.slash(bot, users[0], world.channel, "parley new", **options)
    for user in users[1:]:
        await say.click(bot, user, world.lobby(), f"parley:lobby:{GAME_ID}:join")
    await say.click(bot, users[0], world.lobby(), f"parley:lobby:{GAME_ID}:start")
    for user in users:  # as the answer to Join told them: their secrets, privately
        if not user.dms_open:
            await say.slash(bot, user, world.thread(), "parley hand")

    spec = REGISTRY[key]
    table = Table(world, bot, spec, users, say)
    await Player(table, setup.policy, setup.seed).play()
    game, _ = await table.state()
    assert game.status == "over"
    compare_or_rewrite(golden_name(key, language), fake.text())


#: A word a line may share with English in any language: the players' names, the games'
#: titles, Discord's and Parley's own names, and the transcript's own words (``golden.py``).
NAMES = {"alice", "bob", "carol", "dave", "parley", "discord"} | {
    word.lower() for spec in REGISTRY.values() for word in re.findall(r"\w+", spec.title)
}
TRANSCRIPT_WORDS = {
    *("edited", "pinned", "files", "components", "before", "thread", "opened", "general"),
    *("file", "board", "png", "menu", "pick", "embed", "field", "inline", "title", "row"),
    *("deleted", "alt"),
}
IGNORED = NAMES | TRANSCRIPT_WORDS
#: The transcript's lines that are not the bot's words: what a person did, a game's heading,
#: a DM Discord refused (``golden.py``).
NOT_THE_BOTS = re.compile(r">>|==|\S+ \S+ +\| \(not delivered: ")


def english_left(english: str, other: str) -> list[str]:
    """The lines of ``other`` (a transcript in another language) that are an English
    transcript's line word for word and say something (2+ words of 3+ letters besides the
    names): the bot's words, not what a person did (``>>``) nor the transcript's own notes."""
    said = {line[WIDTH:] for line in english.splitlines()}
    left = []
    for line in other.splitlines():
        words = [w for w in re.findall(r"[^\W\d_]{3,}", line[WIDTH:]) if w.lower() not in IGNORED]
        if line[WIDTH:] in said and len(words) >= 2 and not NOT_THE_BOTS.match(line):
            left.append(line)
    return left


#: The pinned transcripts in another language than English ("de/cardinal", ...).
TRANSLATED = sorted(
    path.relative_to(GOLDEN_DIR).with_suffix("").as_posix() for path in GOLDEN_DIR.glob("*/*.txt")
)


@pytest.mark.parametrize("name", TRANSLATED)
def test_no_line_is_left_in_english(name: str) -> None:
    """No line of a German or French transcript is left as the English one says it."""
    key = name.split("/")[1]
    english = (GOLDEN_DIR / f"{key}.txt").read_text(encoding="utf-8")
    left = english_left(english, (GOLDEN_DIR / f"{name}.txt").read_text(encoding="utf-8"))
    assert not left, f"{len(left)} lines of {name} left in English, the first:\n" + "\n".join(
        left[:15]
    )


def _button(message: FakeMessage, label: str) -> str:
    """The custom id of the button labelled ``label`` (``test_noise.py`` opens its games with
    it, in English)."""
    found = [b.custom_id for b in message.buttons if b.label == label and b.custom_id]
    assert found, f"no button {label!r}: {[b.label for b in message.buttons]}"
    return found[0]
