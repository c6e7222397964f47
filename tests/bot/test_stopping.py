"""Stopping safely (issue 26, item 5), in one process: once a stop begins, every command,
button and autocomplete is answered that Parley is restarting and changes nothing; the move
and the AI's thought under way finish, their posts go out, the claims are given back and the
database closes. The signal itself, in a real process, is ``test_sigterm``'s."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from bot.discord.stopping import RESTARTING
from bot.play.claims import Claims
from bot.play.service import GameService
from bot.storage import Store, open_store
from games import REGISTRY
from tests.bot.conftest import World
from tests.bot.helpers import private_reply
from tests.bot.test_ai_seats import open_with_ai


async def test_a_stop_finishes_the_move_and_thought_under_way_and_refuses_the_rest(
    world: World,
):
    bot = await world.start_bot()
    fake, alice = world.fake, world.alice
    game_id = await open_with_ai(world, bot, "cardinal", 1, [alice])
    await fake.click(bot, alice, world.lobby(), f"parley:lobby:{game_id}:start")
    spec = REGISTRY["cardinal"]
    game = await bot.store.game(game_id)
    state = spec.load(game.state)
    (seat,) = spec.to_act(state)
    assert not game.seats[seat].is_ai
    played = len(await bot.store.actions(game_id))

    thinking, answer = asyncio.Event(), asyncio.Event()

    async def slow_thought(game_key: str, stored: str, ai_seat: int, seed: int) -> str:
        thinking.set()
        await answer.wait()
        return random.Random(seed).choice(spec.legal_actions(spec.load(stored), ai_seat))

    bot.service.thinker.choose = slow_thought  # type: ignore[method-assign]
    action = spec.legal_actions(state, seat)[0]
    move = asyncio.create_task(fake.slash(bot, alice, world.thread(), "parley move", action=action))
    await thinking.wait()  # Alice's move is committed; the AI is thinking its answer
    stopping = bot.stop()

    # The door is shut: a command, a button and an autocomplete change nothing.
    refused = await fake.slash(bot, alice, world.thread(), "parley move", action=action)
    assert private_reply(refused) == RESTARTING
    board = world.thread_posts()[-1]
    clicked = await fake.click(bot, alice, board, board.buttons[0].custom_id)
    assert private_reply(clicked) == RESTARTING
    assert await fake.autocomplete(bot, alice, world.thread(), "parley move", "action", "") == []
    assert not stopping.done(), "the stop waits for the thought under way"

    answer.set()
    await stopping
    assert "Done:" in private_reply(await move)
    assert bot.is_closed()
    world.bots.remove(bot)

    # What the stop left: both moves counted once, the AI's answer posted (so nothing is
    # still owed), and the database closed (on SQLite its lock is free for the next start).
    store = await open_store(world.database)
    try:
        moves = (await store.actions(game_id))[played:]
        assert [s for s, _ in moves] == [seat, 1 - seat] and moves[0][1] == action
        assert await store.unsent() == []
    finally:
        await store.close()
    assert f"<@{alice.id}>, your move" in world.thread_posts()[-1].content


@pytest.mark.parametrize(  # SQLite has one process, which is granted every claim
    "database", [pytest.param("postgres", marks=pytest.mark.postgres)], indirect=True
)
async def test_a_stopped_process_gives_back_its_claims_at_once(database: str):
    """ "release claims": another process takes the games now, not when the leases lapse."""
    stopping, other = await open_store(database), await open_store(database)
    try:
        game = await GameService(stopping).new_game("cardinal", 1, 2, 7)
        claims = Claims(stopping)
        holding = claims.hold(game.id)
        assert await holding.__aenter__()  # a delivery under way when the bot closes
        assert not await other.claim(game.id)
        await claims.close()
        assert await other.claim(game.id)
    finally:
        await stopping.close()
        await other.close()


class ClaimHeldUp:
    """A store whose claims reach the database at once but whose answers wait, the first
    for ``gates[0]``, the second for ``gates[1]``: claims in flight, as when the database is
    slow to reply."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.calls = 0
        self.sent = [asyncio.Event(), asyncio.Event()]
        self.gates = [asyncio.Event(), asyncio.Event()]

    def __getattr__(self, name: str) -> Any:
        return getattr(self.store, name)

    async def claim(self, game_id: int) -> bool:
        call, self.calls = self.calls, self.calls + 1
        granted = await self.store.claim(game_id)
        self.sent[call].set()
        await self.gates[call].wait()
        return granted


@pytest.mark.parametrize(  # SQLite has one process, which is granted every claim
    "database", [pytest.param("postgres", marks=pytest.mark.postgres)], indirect=True
)
async def test_a_holder_letting_go_keeps_the_lease_another_holder_is_claiming(database: str):
    """Two holders in one process claim the same game at once (a game's opening resumed
    while the AI's thought for it starts), and the first lets go before the second's claim
    is answered. The lease stays this process's until the second lets go too. Before, the
    second's claim reached the database ahead of the first's release, which then ended the
    lease, and another process thought for the same seat (seen on CI)."""
    store, other = await open_store(database), await open_store(database)
    try:
        game = await GameService(store).new_game("cardinal", 1, 2, 7)
        held_up = ClaimHeldUp(store)
        claims = Claims(held_up)  # type: ignore[arg-type]
        first_in, first_done = asyncio.Event(), asyncio.Event()
        second_in, second_done = asyncio.Event(), asyncio.Event()

        async def holder(entered: asyncio.Event, done: asyncio.Event) -> None:
            async with claims.hold(game.id) as mine:
                assert mine
                entered.set()
                await done.wait()

        first = asyncio.create_task(holder(first_in, first_done))
        await held_up.sent[0].wait()  # the first claim is in the database, unanswered
        second = asyncio.create_task(holder(second_in, second_done))
        await asyncio.sleep(0)  # the second holder starts its claim
        held_up.gates[0].set()
        await first_in.wait()
        first_done.set()
        await first  # the first holder has let go
        held_up.gates[1].set()
        await second_in.wait()
        assert not await other.claim(game.id), "the lease ended while the second holds it"

        second_done.set()
        await second
        assert await other.claim(game.id)
    finally:
        await store.close()
        await other.close()
