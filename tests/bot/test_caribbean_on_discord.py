"""A Caribbean round on (fake) Discord, through the real discord.py code paths: three players
bid in secret from DM panels (one with closed DMs, from `/parley hand`), a tie on Arriba is
broken by secret tie-breakers, and the winner sails Arriba into Cartagena and captures its
chest. Throughout, nothing secret may reach a public place before its reveal."""

from __future__ import annotations

import re

import pytest

from bot.play import service as bot_service
from games import REGISTRY
from tests.bot.conftest import World
from tests.bot.fake_discord import FakeMessage, FakeUser
from tests.bot.helpers import button_id, button_starting

# With this seed Arriba starts on F6, next to Cartagena's harbour G6, which holds a chest.
SEED = 3

# Secret bids, ships A to F, as each player first fills them in order.
ALICE_FIRST = [5, 4, 3, 2, 1, 0]  # then she changes her mind: ship B gets the spare -1
BOB_BIDS = [0, 5, 4, 3, 2, 1]
CAROL_BIDS = [5, -1, 0, 1, 2, 3]


def dm_panel(world: World, user: FakeUser) -> FakeMessage:
    """The newest DM that carries choices."""
    return [m for m in world.fake.dms(user) if m.buttons][-1]


def public_text(world: World) -> str:
    return "\n".join(t.text for t in world.fake.all_outgoing() if t.public)


def assert_no_secret_in_public(
    world: World, unrevealed: list[str], tie_revealed: bool = False
) -> None:
    """No bid of an unrevealed ship, no private panel line and (until the tie is settled) no
    tie-breaker choice or value has been shown in a public place (thread, channel, lobby;
    every version of every message)."""
    shown = public_text(world)
    for ship in unrevealed:
        assert f"{ship} bids" not in shown
    for secret in ("Your bribes", "Ship A:", "tie-breaker:", "Free cards", "Your tie-breaker"):
        assert secret not in shown
    if not tie_revealed:
        assert "face up" not in shown and "face down" not in shown
        assert not re.search(r"tiebreaker (up|down)", shown)
    assert not re.search(r"\bbid [a-f] -?\d", shown)  # no raw bid action on any button


SHIPS = dict(
    zip("ABCDEF", ["Arriba", "Bravo", "Caribic", "Diabolo", "Evita", "Fuego"], strict=True)
)


def bid_label(letter: str, card: int) -> str:
    """What a bid button says, for a ship with no card on it yet."""
    what = "-1 (thief)" if card == -1 else str(card)
    return f"Put your {what} on ship {letter} ({SHIPS[letter]})"


async def bid_by_clicks(
    world: World, bot, user: FakeUser, panel: FakeMessage, cards: list[int]
) -> None:
    for letter, card in zip("ABCDEF", cards, strict=True):
        await world.fake.click(bot, user, panel, button_id(panel, bid_label(letter, card)))
        # The panel refreshes in place and shows what was chosen.
        assert f"Ship {letter}: {card}" in panel.content


@pytest.fixture
def seeded(monkeypatch):
    monkeypatch.setattr(bot_service.secrets, "randbits", lambda _bits: SEED)


async def test_a_round_with_dm_bids_a_secret_tiebreak_and_a_capture(world: World, seeded):
    """Issue: "Bidding by DM: each player gets a private, simple way to assign cards ..., can
    change it until they confirm, and sees what they chose; the thread shows only who has
    confirmed. When all have confirmed, bids are revealed ship by ship in the thread.
    Tie-breakers are secret commits too." -- "Bot test: a 3-player round with DM bidding, a
    tie-breaker and a move with a capture." -- "Secrecy tests: no bid or tie-breaker appears in
    any public view or thread post before its reveal." """
    fake, alice, bob, carol = world.fake, world.alice, world.bob, world.carol
    bot = await world.start_bot()
    opened = await fake.slash(bot, alice, world.channel, "parley new", game="caribbean")
    assert "Game #1 of Caribbean is open" in opened.text
    await fake.click(bot, bob, world.lobby(), "parley:lobby:1:join")
    await fake.click(bot, carol, world.lobby(), "parley:lobby:1:join")
    await fake.click(bot, alice, world.lobby(), "parley:lobby:1:start")
    game = await bot.store.game(1)
    spec = REGISTRY["caribbean"]
    assert spec.load(game.state).ship_spaces[0] == "F6"  # the seed did its job

    begin = world.thread_posts()[-1]
    assert "The game begins!" in begin.content and "secret choice" in begin.content
    assert set(begin.mentions) == {alice.id, bob.id, carol.id}
    assert begin.buttons and all("bid" not in b.label for b in begin.buttons)

    # Everyone with open DMs gets a bidding panel by DM; Bob (closed DMs) uses /parley hand.
    alice_panel, carol_panel = dm_panel(world, alice), dm_panel(world, carol)
    assert "Free cards: -1, 0, 1, 2, 3, 4, 5" in alice_panel.content
    assert [b.label for b in alice_panel.buttons] == [bid_label("A", c) for c in range(-1, 6)]
    assert fake.dms(bob) == []
    hand = await fake.slash(bot, bob, world.thread(), "parley hand")
    bob_panel = hand.message
    assert bob_panel.ephemeral and "Ship A: —" in bob_panel.content
    posts_before_bids = len(world.thread_posts())

    await bid_by_clicks(world, bot, alice, alice_panel, ALICE_FIRST)
    # She changes her mind: ship B takes the spare -1, so 4 becomes her tie-breaker.
    assert "tie-breaker: -1" in alice_panel.content
    spare = "Put your spare -1 on ship B (Bravo); its 4 becomes your tie-breaker"
    await fake.click(bot, alice, alice_panel, button_id(alice_panel, spare))
    assert "Ship B: -1" in alice_panel.content and "tie-breaker: 4" in alice_panel.content
    await bid_by_clicks(world, bot, bob, bob_panel, BOB_BIDS)
    await world.kill_bot(bot)  # --- a restart mid-bidding: the DM buttons still work ---
    bot = await world.start_bot()
    await bid_by_clicks(world, bot, carol, carol_panel, CAROL_BIDS)

    # Nineteen secret clicks, and not one thread post: nobody's turn changed.
    assert len(world.thread_posts()) == posts_before_bids
    assert_no_secret_in_public(world, ["Arriba", "Bravo", "Caribic", "Diabolo", "Evita", "Fuego"])

    await fake.click(bot, alice, alice_panel, button_starting(alice_panel, "Confirm: A 5, B -1"))
    assert "Your bids are confirmed" in alice_panel.content and not alice_panel.buttons
    # A confirmation only says a seat is done: the pinned status tells it, not a thread post.
    assert len(world.thread_posts()) == posts_before_bids
    assert f"<@{alice.id}> (Red)" not in world.status_message().content
    assert f"<@{bob.id}> (Blue): secret choice pending" in world.status_message().content
    await fake.click(bot, bob, bob_panel, button_starting(bob_panel, "Confirm"))
    assert len(world.thread_posts()) == posts_before_bids
    assert f"<@{bob.id}> (Blue)" not in world.status_message().content
    assert_no_secret_in_public(world, ["Arriba", "Bravo", "Caribic", "Diabolo", "Evita", "Fuego"])

    # Carol confirms last: Arriba is revealed, a tie between Red and Yellow.
    await fake.click(bot, carol, carol_panel, button_starting(carol_panel, "Confirm"))
    reveal = world.thread_posts()[-1]
    assert "Arriba bids: Red 5, Blue 0, Yellow 5." in reveal.content
    assert "Tie between Red and Yellow: tie-breakers!" in reveal.content
    assert set(reveal.mentions) <= {alice.id, carol.id} and alice.id in reveal.mentions
    assert not [b for b in reveal.buttons if "tie-breaker" in b.label]
    assert_no_secret_in_public(world, ["Bravo", "Caribic", "Diabolo", "Evita", "Fuego"])

    # Tie-breakers are secret commits, chosen from private panels.
    alice_tie = dm_panel(world, alice)
    assert [b.label for b in alice_tie.buttons] == [
        "Face up: bid your tie-breaker 4 too (then spent this round)",
        "Face down: bid no more and keep your 4 for a later tie",
    ]
    assert [b.label for b in carol_panel.buttons] == [
        "Face up: bid your tie-breaker 4 too (then spent this round)",
        "Face down: bid no more and keep your 4 for a later tie",
    ]
    posts_before_tie = len(world.thread_posts())
    await fake.click(bot, carol, carol_panel, button_starting(carol_panel, "Face down"))
    assert "Your tie-breaker goes face down." in carol_panel.content
    assert len(world.thread_posts()) == posts_before_tie  # the status message tells it
    assert f"<@{carol.id}> (Yellow)" not in world.status_message().content
    assert_no_secret_in_public(world, ["Bravo", "Caribic", "Diabolo", "Evita", "Fuego"])

    # Alice's choice settles the tie: her 4 face up beats Carol's face-down card.
    await fake.click(bot, alice, alice_tie, button_starting(alice_tie, "Face up"))
    settled = world.thread_posts()[-1]
    assert "Tie-breakers: Red face up 4, Yellow face down." in settled.content
    assert "Red takes Arriba (5 spaces)." in settled.content
    assert settled.mentions == []  # Red just clicked: named, not pinged again
    assert_no_secret_in_public(
        world, ["Bravo", "Caribic", "Diabolo", "Evita", "Fuego"], tie_revealed=True
    )

    # Red sails Arriba into Cartagena's harbour from the buttons on the board post: a step of
    # her turn, answered in private with the board and her next choices; the thread waits.
    posts = len(world.thread_posts())
    sailed = await fake.click(bot, alice, settled, button_starting(settled, "Sail Arriba to G6"))
    (moved,) = [m for m in sailed.messages if m.ephemeral]
    assert "Red sails Arriba from F6 to G6." in moved.content and moved.files
    assert any(b.label.startswith("Capture") for b in moved.buttons)
    # ... and captures the chest with /parley move.
    done = await fake.slash(bot, alice, world.thread(), "parley move", action="capture")
    assert done.ephemeral and "captures Cartagena" in done.text
    assert "Your turn goes on" in done.text and done.files
    assert len(world.thread_posts()) == posts
    state = spec.load((await bot.store.game(1)).state)
    assert state.cargo[0] == "CTG" and state.money == [2000, 0, 0]

    # Ending the turn posts it whole, once, and then reveals the next ship, and only that
    # one, in a post of its own (with the board and the ping).
    await fake.click(bot, alice, done.message, button_id(done.message, "End Arriba's turn"))
    assert len(world.thread_posts()) == posts + 2
    turn, reveal = world.thread_posts()[-2:]
    assert turn.content == (
        f"<@{alice.id}>: Red sails Arriba from F6 to G6. Arriba captures Cartagena and loads "
        "its 5,000 chest: Red +2,000. Red ends Arriba's turn."
    )
    assert not turn.files and not turn.mentions
    assert reveal.content.startswith("Bravo bids: Red -1, Blue 5, Yellow -1.")
    assert reveal.files and reveal.mentions == [bob.id]
    assert_no_secret_in_public(world, ["Caribic", "Diabolo", "Evita", "Fuego"], tie_revealed=True)

    # The thread carried one post per turn and reveal, none per secret card, step or seat
    # done (the confirmations and the first tie-breaker: the status message told those).
    assert "assigned a card" not in public_text(world)
    assert len(world.thread_posts()) == posts_before_bids + 4


async def test_a_bidding_dm_delayed_by_discord_still_carries_the_panel(world: World, seeded):
    """Issue: "Bidding by DM: each player gets a private, simple way to assign cards". A DM
    held up by a Discord outage goes out later, after others have bid: it must still carry
    the bidding buttons (as they are now), and the thread stays quiet."""
    fake, alice, bob, carol = world.fake, world.alice, world.bob, world.carol
    bot = await world.start_bot()
    await fake.slash(bot, alice, world.channel, "parley new", game="caribbean")
    await fake.click(bot, bob, world.lobby(), "parley:lobby:1:join")
    await fake.click(bot, carol, world.lobby(), "parley:lobby:1:join")
    carol_dms = fake.dm_channel(carol)
    fake.fail_next(
        f"POST /channels/{carol_dms.id}/messages", status=503, code=0, message="Service Unavailable"
    )
    await fake.click(bot, alice, world.lobby(), "parley:lobby:1:start")
    assert not [m for m in fake.dms(carol) if m.buttons]  # Discord was down for her DM
    posts = len(world.thread_posts())

    alice_panel = dm_panel(world, alice)
    await fake.click(bot, alice, alice_panel, button_id(alice_panel, bid_label("A", 5)))
    late = dm_panel(world, carol)  # delivered after Alice's bid moved the game on
    assert "Free cards: -1, 0, 1, 2, 3, 4, 5" in late.content
    await bid_by_clicks(world, bot, carol, late, CAROL_BIDS)
    await fake.click(bot, carol, late, button_starting(late, "Confirm"))
    assert "Your bids are confirmed" in late.content
    assert len(world.thread_posts()) == posts  # only a seat done: the status message tells it
    assert f"<@{carol.id}> (Yellow)" not in world.status_message().content
    assert_no_secret_in_public(world, ["Arriba", "Bravo", "Caribic", "Diabolo", "Evita", "Fuego"])


async def test_a_tie_that_leads_straight_into_another_is_still_revealed(world: World, seeded):
    """Issue: "When all have confirmed, bids are revealed ship by ship in the thread.
    Tie-breakers are secret commits too." Red's face-down tie-breaker settles Bravo's tie (a
    secret action) and reveals Caribic, which ties again with Red the only one due: that is a
    new secret choice for the same seat, but the reveals must still reach the thread."""
    fake, alice, bob, carol = world.fake, world.alice, world.bob, world.carol
    bot = await world.start_bot()
    await fake.slash(bot, alice, world.channel, "parley new", game="caribbean")
    await fake.click(bot, bob, world.lobby(), "parley:lobby:1:join")
    await fake.click(bot, carol, world.lobby(), "parley:lobby:1:join")
    await fake.click(bot, alice, world.lobby(), "parley:lobby:1:start")
    bob_panel = (await fake.slash(bot, bob, world.thread(), "parley hand")).message
    for user, panel, cards in [
        (alice, dm_panel(world, alice), [5, 4, 3, 2, 1, 0]),
        (bob, bob_panel, [0, 1, 2, 3, 4, 5]),
        (carol, dm_panel(world, carol), [5, 4, 3, 2, 1, 0]),
    ]:
        await bid_by_clicks(world, bot, user, panel, cards)
        await fake.click(bot, user, panel, button_starting(panel, "Confirm"))
    assert "Tie between Red and Yellow" in world.thread_posts()[-1].content

    # Arriba: Yellow's -1 face up beats Red's face-down card; Yellow's tie-breaker is spent.
    alice_tie = dm_panel(world, alice)
    await fake.click(bot, alice, alice_tie, button_starting(alice_tie, "Face down"))
    carol_panel = dm_panel(world, carol)
    await fake.click(bot, carol, carol_panel, button_starting(carol_panel, "Face up"))
    sailing = world.thread_posts()[-1]
    assert "Yellow face up -1" in sailing.content and "Yellow takes Arriba" in sailing.content
    await fake.click(bot, carol, sailing, button_id(sailing, "End Arriba's turn"))
    bravo = world.thread_posts()[-1]
    assert "Bravo bids: Red 4, Blue 1, Yellow 4." in bravo.content
    assert bravo.mentions == [alice.id]  # only Red still holds a tie-breaker

    alice_panel = dm_panel(world, alice)
    posts = len(world.thread_posts())
    await fake.click(bot, alice, alice_panel, button_starting(alice_panel, "Face down"))
    assert len(world.thread_posts()) == posts + 1
    caribic = world.thread_posts()[-1]
    assert "Red face down, Yellow has none left. Still a tie: Bravo stays." in caribic.content
    assert "Caribic bids: Red 3, Blue 2, Yellow 3." in caribic.content
    # Red's panel refreshed in place with the new tie-breaker choice.
    assert [b.label[:9] for b in alice_panel.buttons] == ["Face up: ", "Face down"]
    assert_no_secret_in_public(world, ["Diabolo", "Evita", "Fuego"], tie_revealed=True)
