"""Whole games of every game on (fake) Discord, played by clicking labelled choices only
(issue 13): "Buttons, select menus, the DM ballot, `/parley hand` and autocomplete show labels"
and "a bot test per game that plays a whole game through labelled steps only".

The test player knows which action it wants (an engine oracle picks it) and reads only what
the bot shows: it looks for the action's label among the buttons and menu options, and when it
is not there opens a group whose label names a part of that action (as a player reading "Sail
E3 (3 masts) …" would), or else tries the groups one by one and presses "Back" when a group does
not hold it. It never types or sends canonical text of its own: a menu option is picked by the
value the menu itself carries. On the way every button, menu option, placeholder and
autocomplete name is checked against the raw text of every legal action, every list against
Discord's 25, and a few near-misses typed into ``/parley move`` must get the engine's reason.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from bot.discord.bot import ParleyBot
from bot.discord.done import GOES_ON
from games import REGISTRY, GameSpec
from games.core.words import t
from tests.bot.conftest import World
from tests.bot.fake_discord import FakeComponent, FakeMessage, FakeUser, InteractionRecord
from tests.bot.helpers import button_id, private_reply

MORE = " …"
HAND_BUTTONS = ("My hand & moves", "My moves")
SECONDARY = 2  # a button's grey style
MAX_PICKS = 3


# -- what the player sees ------------------------------------------------------------------
@dataclass
class Shown:
    """One choice on a message: its words, and how to pick it (a button, or a menu option)."""

    text: str
    custom_id: str
    value: str | None = None  # set for a menu option: the value the menu carries


def is_back(button: FakeComponent) -> bool:
    """The Back button of a step (known in any language: a step button, grey)."""
    return (button.custom_id or "").startswith("parley:step:") and button.style == SECONDARY


def is_hand(button: FakeComponent) -> bool:
    """The button that opens a player's hand and moves (known in any language)."""
    return (button.custom_id or "").startswith("parley:hand:")


def shown_choices(message: FakeMessage) -> list[Shown]:
    """Every choice a message offers, buttons first, without Back and the hand button."""
    found = [
        Shown(b.label or "", b.custom_id or "")
        for b in message.buttons
        if not (is_back(b) or is_hand(b))
    ]
    for menu in message.selects:
        found += [Shown(o["label"], menu.custom_id or "", o["value"]) for o in menu.options]
    return found


def goes_on_words() -> str:
    """How the bot tells a player their turn goes on (``bot/discord/done.py``), in the
    language spoken: the golden transcripts play in German and French too."""
    return t(GOES_ON, steps="").strip()


def going_on(record: InteractionRecord) -> FakeMessage | None:
    """The private answer a pick left the player's turn going on in, with its next choices:
    the thread tells a turn only once it ends (issue 14), so until then the board post's
    choices are out of date and the turn goes on here."""
    return next(
        (
            m
            for m in reversed(record.messages)
            if (m.ephemeral or m.dm_user_id) and goes_on_words() in m.content and shown_choices(m)
        ),
        None,
    )


def raw_texts(texts: list[str], actions: list[str]) -> list[str]:
    """The texts showing an action's canonical text: the whole text (a one-word action like
    ``done``) or, for a notation of several words (``sail e3 se 3``), anywhere inside."""
    return [
        text
        for text in texts
        for action in actions
        if text.removesuffix(MORE).strip() == action or (" " in action and action in text)
    ]


def check_words(message: FakeMessage, actions: list[str]) -> None:
    """Labels only, and Discord's limits: at most 25 options a menu, 25 components."""
    texts = [b.label or "" for b in message.buttons]
    for menu in message.selects:
        assert len(menu.options) <= 25
        texts += [menu.placeholder or ""] + [o["label"] for o in menu.options]
    assert len(message.components) <= 25
    assert not raw_texts(texts, actions), f"raw action text shown: {raw_texts(texts, actions)}"
    offered = [s.text for s in shown_choices(message)]
    assert len(offered) == len(set(offered)), f"two choices read the same: {offered}"


# -- the player -------------------------------------------------------------------------
@dataclass
class Stats:
    decisions: int = 0
    most_picks: int = 0
    most_options: int = 0
    backs: int = 0
    near_misses: int = 0
    autocompletes: int = 0
    routes: dict[str, int] = field(default_factory=dict)


class Player:
    """Drives one game's seats through the bot, by labels."""

    def __init__(
        self, world: World, bot: ParleyBot, spec: GameSpec[Any], users: list[FakeUser]
    ) -> None:
        self.world, self.bot, self.spec, self.users = world, bot, spec, users
        self.fake = world.fake
        self.stats = Stats()
        self.version = 0
        self.last_pick: FakeMessage | None = None
        self.last_answer: InteractionRecord | None = None
        #: where each seat's turn goes on (the private answer to its last pick), at which version
        self.turn_goes_on: dict[int, tuple[FakeMessage, int]] = {}
        #: each seat's last pick: the message it was made on, and the newest DM id then
        self.picked_on: dict[int, tuple[FakeMessage | None, int]] = {}

    async def state(self) -> tuple[Any, Any]:
        game = await self.bot.store.game(1)
        assert game is not None
        return game, self.spec.load(game.state) if game.state else None

    async def pick(self, user: FakeUser, message: FakeMessage, choice: Shown) -> InteractionRecord:
        if choice.value is None:
            return await self.fake.click(self.bot, user, message, choice.custom_id)
        return await self.fake.select(self.bot, user, message, choice.custom_id, [choice.value])

    async def first_step(self, seat: int, state: Any, route: int) -> FakeMessage:
        """Where the seat's choices are: the board post (or, while its turn goes on, the
        private answer to its last pick), its DM ballot, or its private panel (``/parley
        hand`` or the hand button), as a player would find them."""
        user = self.users[seat]
        secret = self.spec.secret_choice(state, seat)
        # A ballot is current if it came after the seat's last pick, or that pick was made
        # on it (the bot refreshes it in place); an older one would be refused as outdated.
        seen = self.picked_on.get(seat)
        dms = [
            m
            for m in self.fake.dms(user)
            if shown_choices(m) and (seen is None or m.id > seen[1] or m is seen[0])
        ]
        if secret and dms and route % 3:
            where, message = "DM ballot", dms[-1]
        elif not secret and route % 4:
            post = self.world.thread_posts()[-1]
            goes_on, version = self.turn_goes_on.get(seat, (None, -1))
            if goes_on is not None and version == self.version:
                where, message = "private answer", goes_on
            elif shown_choices(post):
                where, message = "board post", post
            else:  # several seats act at once: the post offers only the hand button
                hand = next(b for b in post.buttons if b.label in HAND_BUTTONS)
                record = await self.fake.click(self.bot, user, post, hand.custom_id or "")
                where, message = "hand button", record.messages[-1]
        else:
            record = await self.fake.slash(self.bot, user, self.world.thread(), "parley hand")
            where, message = "/parley hand", record.messages[-1]
            assert message.ephemeral
        self.stats.routes[where] = self.stats.routes.get(where, 0) + 1
        return message

    async def reach(
        self,
        user: FakeUser,
        message: FakeMessage,
        actions: list[str],
        wanted: str,
        parts: set[str],
        depth: int,
        picker: random.Random,
    ) -> int | None:
        """Pick ``wanted`` (a label) from the step shown on ``message``: at once if shown,
        else through the groups (those named like a part of the action first); returns the
        picks it took, or None (after pressing Back) when this step does not hold it."""
        check_words(message, actions)
        shown = shown_choices(message)
        assert shown, f"no choices on {message!r}"
        self.stats.most_options = max(self.stats.most_options, len(shown))
        final = [s for s in shown if s.text == wanted]
        if final:
            self.last_pick = message
            record = self.last_answer = await self.pick(user, message, final[0])
            replies = [m for m in record.messages if m is not record.source_message]
            assert all(m.ephemeral for m in replies), "the answer to a pick is private"
            return depth + 1
        before = [s.text for s in shown]
        groups = [s.text for s in shown if s.text.endswith(MORE)]
        groups.sort(key=lambda text: text.removesuffix(MORE) not in parts)
        for text in groups:
            record = await self.pick(user, message, self.find(message, text))
            opened = record.message
            assert opened is not None and (opened.ephemeral or opened.dm_user_id), (
                "a step opened where others can see it"
            )
            if picker.random() < 0.1:  # now and then a player goes back, then on again
                back = await self.fake.click(self.bot, user, opened, button_id(opened, "Back"))
                assert back.message is opened, "Back changes the clicker's own panel"
                assert [s.text for s in shown_choices(opened)] == before
                self.stats.backs += 1
                record = await self.pick(user, opened, self.find(opened, text))
                assert record.message is opened
            picks = await self.reach(user, opened, actions, wanted, parts, depth + 1, picker)
            if picks is not None:
                return picks
            message = opened
            assert [s.text for s in shown_choices(message)] == before, "Back: the step before"
        if depth == 0:
            raise AssertionError(f"{wanted!r} is offered nowhere")
        await self.fake.click(self.bot, user, message, button_id(message, "Back"))
        self.stats.backs += 1
        return None

    @staticmethod
    def find(message: FakeMessage, text: str) -> Shown:
        found = [s for s in shown_choices(message) if s.text == text]
        assert found, f"no choice {text!r} on {message!r}"
        return found[0]

    async def near_miss(self, seat: int, state: Any, actions: list[str]) -> None:
        """A move typed slightly wrong gets the engine's reason, privately."""
        words = sorted({w for a in actions for w in a.split()[1:]} | {"9", "z9"})
        for action in sorted(actions, key=lambda a: -len(a.split())):
            *head, _ = action.split()
            tries = [" ".join([*head, w]) for w in words] + [" ".join(head)]
            miss = next((t for t in tries if t and t not in actions), None)
            if miss is None:
                continue
            reason = self.spec.explain(state, seat, miss)
            user = self.users[seat]
            record = await self.fake.slash(
                self.bot, user, self.world.thread(), "parley move", action=miss
            )
            assert reason in private_reply(record)
            assert (await self.state())[0].version == self.version
            self.stats.near_misses += 1
            return

    async def autocomplete(self, seat: int, actions: list[str], target: str, wanted: str) -> None:
        """The list offered while typing: labels only, at most 25, the wanted action found by
        its label's words and by its canonical text."""
        user = self.users[seat]
        for typed in ("", wanted, " ".join(wanted.split()[:2]), target):
            offered = await self.fake.autocomplete(
                self.bot, user, self.world.thread(), "parley move", "action", typed
            )
            assert len(offered) <= 25
            names = [c["name"] for c in offered]
            assert not raw_texts(names, actions), raw_texts(names, actions)
            values = [c["value"] for c in offered]
            assert set(values) <= set(actions)
            if typed in (wanted, target):
                assert target in values, f"{target!r} not offered for {typed!r}"
        self.stats.autocompletes += 1

    async def play(self, choose: Callable[[GameSpec[Any], Any, int, random.Random], str]) -> None:
        picker = random.Random(13)
        while True:
            game, state = await self.state()
            if game.status != "active":
                break
            self.version = game.version
            seat = picker.choice(self.spec.to_act(state))
            actions = self.spec.legal_actions(state, seat)
            target = choose(self.spec, state, seat, picker)
            wanted = self.spec.label(state, seat, target)
            words = target.split()
            parts = {
                self.spec.label(state, seat, " ".join(words[:n]))
                for n in range(1, len(words))
                if sum(a.startswith(" ".join(words[:n]) + " ") for a in actions) > 1
            }
            number = self.stats.decisions
            if number % 7 == 3:
                await self.near_miss(seat, state, actions)
            if number % 9 == 1:
                await self.autocomplete(seat, actions, target, wanted)
            message = await self.first_step(seat, state, number)
            picks = await self.reach(self.users[seat], message, actions, wanted, parts, 0, picker)
            dms = self.fake.dms(self.users[seat])
            self.picked_on[seat] = (self.last_pick, dms[-1].id if dms else 0)
            assert picks is not None and picks <= MAX_PICKS
            self.stats.most_picks = max(self.stats.most_picks, picks)
            after, _ = await self.state()
            log = await self.bot.store.actions(1)
            assert after.version == game.version + 1, "one pick path, exactly one action"
            assert log[-1] == (seat, target), f"{log[-1]} played, {target!r} wanted"
            assert self.last_answer is not None
            goes_on = going_on(self.last_answer)
            if goes_on is not None:
                self.turn_goes_on[seat] = (goes_on, after.version)
            self.stats.decisions += 1


# -- how the oracle picks ------------------------------------------------------------------
def at_random(spec: GameSpec[Any], state: Any, seat: int, picker: random.Random) -> str:
    return picker.choice(spec.legal_actions(state, seat))


def hopeful(spec: GameSpec[Any], state: Any, seat: int, picker: random.Random) -> str:
    """Mostly the action the engine's quick estimate likes best, so a game ends in a test's
    time; now and then any action."""
    actions = spec.legal_actions(state, seat)
    if len(actions) == 1 or picker.random() < 0.2:
        return picker.choice(actions)
    return max(
        actions,
        key=lambda a: spec.evaluate(spec.apply(state, seat, a))[seat] + picker.random() / 1000,
    )


def brisk(spec: GameSpec[Any], state: Any, seat: int, picker: random.Random) -> str:
    """Caribbean in few actions a round: bids as last round, confirmed, sails ended at once."""
    actions = spec.legal_actions(state, seat)
    for quick in ("bid repeat", "confirm", "done"):
        if quick in actions and picker.random() < 0.9:
            return quick
    return picker.choice(actions)


GAMES = {
    "cardinal": (2, "board=6x6", at_random),
    "ship": (2, "", hopeful),
    "tortuga": (3, "", at_random),
    "caribbean": (2, "round_cap=20", brisk),
    "rigadoon": (2, "turn_cap=100", hopeful),
}


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(GAMES))
async def test_a_whole_game_by_labelled_steps(world: World, key: str):
    players, options, choose = GAMES[key]
    spec = REGISTRY[key]
    users = [world.alice, world.bob, world.carol][:players]
    bot = await world.start_bot()
    started = time.perf_counter()
    fake = world.fake
    await fake.slash(bot, world.alice, world.channel, "parley new", game=key, options=options)
    for user in users[1:]:
        await fake.click(bot, user, world.lobby(), button_id(world.lobby(), "Join"))
    await fake.click(bot, world.alice, world.lobby(), button_id(world.lobby(), "Start"))
    player = Player(world, bot, spec, users)
    await player.play(choose)
    game, _ = await player.state()
    assert game.status == "over" and game.result
    stats = player.stats
    print(
        f"\n{key}: {stats.decisions} decisions in {time.perf_counter() - started:.1f}s, "
        f"at most {stats.most_picks} picks of at most {stats.most_options} options, "
        f"{stats.backs} Backs, {stats.near_misses} near-misses, "
        f"{stats.autocompletes} autocompletes, routes {stats.routes}"
    )
    assert stats.near_misses and stats.autocompletes
    hand = "My hand & moves" if spec.has_hand else "My moves"
    assert any(b.label == hand for m in world.thread_posts() for b in m.buttons)
    assert not any(
        b.label == other
        for m in world.thread_posts()
        for b in m.buttons
        for other in HAND_BUTTONS
        if other != hand
    )
