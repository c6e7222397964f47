"""A 5-player Tortuga 1667 game on (fake) Discord, through the real discord.py code paths:
slash commands, secrets by DM, votes from DM buttons, a player with closed DMs voting through
`/parley hand`, a forced reveal and Atlantis that ping their owner, and a secrecy audit of
everything the bot ever showed anyone."""

from __future__ import annotations

import re

import bot.discord.delivery
import bot.play.service
from bot.discord.bot import ParleyBot
from bot.discord.delivery import DM_CLOSED_HELP
from games import REGISTRY
from games.tortuga.data import CARD_TITLES, SEAT_NAMES, vote_text
from games.tortuga.views import cards_in_words
from tests.bot.conftest import World
from tests.bot.fake_discord import FakeUser
from tests.bot.helpers import button_id, ephemeral_text

SPEC = REGISTRY["tortuga"]
# Seed 11 with 5 players: Flying Dutchman = P1 (alice, captain), P2 (bob), P4 (dave);
# Jolly Roger = P3 (carol), P5 (erin); P1 plays first. Row: pistol, atlantis, albatross,
# fountain of youth, black spot.
SEED = 11
VOTE_CARD = re.compile(r"\b(cannon|torch|water) (british|french) (skull|helm)\b", re.I)
PLAYED = re.compile(r"Play (\w+) \((\w+) flag, (\w+)\)")


def labels(s, seat: int) -> list[str]:
    """The words on the buttons of ``seat``'s legal actions."""
    return [SPEC.label(s, seat, a) for a in SPEC.legal_actions(s, seat)]


async def state(bot: ParleyBot):
    game = await bot.store.game(1)
    assert game is not None and game.state is not None
    return SPEC.load(game.state)


def last_post(world: World):
    """The newest game post of the thread (not a pinned status message, if any)."""
    return [m for m in world.thread_posts() if not m.pinned][-1]


class Table:
    def __init__(self, world: World) -> None:
        fake = world.fake
        self.dave = fake.add_user("dave")
        self.erin = fake.add_user("erin")
        self.frank = fake.add_user("frank")  # a member who never joins
        for user in (self.dave, self.erin, self.frank):
            fake.add_member(world.guild, user)
        self.players: list[FakeUser] = [world.alice, world.bob, world.carol, self.dave, self.erin]


async def open_and_start(world: World, table: Table) -> ParleyBot:
    bot = await world.start_bot()
    fake = world.fake
    reply = await fake.slash(bot, world.alice, world.channel, "parley new", game="tortuga")
    assert "Game #1 of Tortuga 1667 is open" in reply.text
    for user in table.players[1:]:
        joined = await fake.click(bot, user, world.lobby(), "parley:lobby:1:join")
        assert (DM_CLOSED_HELP in ephemeral_text(joined)) is (user is world.bob)
    started = await fake.click(bot, world.alice, world.lobby(), "parley:lobby:1:start")
    assert "started" in started.text
    return bot


async def test_five_players_vote_by_dm_and_by_parley_hand(world: World, monkeypatch):
    """ "Bot test: a 5-player game through slash commands, DM buttons for votes, and a player
    with closed DMs voting through `/parley hand`." and "no thread post contains any loyalty
    card, hand, viewed card or vote-by-player"."""
    monkeypatch.setattr(bot.play.service.secrets, "randbits", lambda bits: SEED)
    rendered: list[dict] = []
    real_render = bot.discord.delivery.render

    def spy_render(key, view, marks=None):
        rendered.append(view)
        return real_render(key, view, marks)

    monkeypatch.setattr(bot.discord.delivery, "render", spy_render)
    fake = world.fake
    table = Table(world)
    alice, bob, carol, dave, erin = table.players
    bot_ = await open_and_start(world, table)
    s = await state(bot_)
    assert s.ships == [[0, 1, 3], [2, 4]] and s.current == 0

    # "Secrets by DM when the game starts": loyalty and vote cards, nobody else's.
    for seat, user in enumerate(table.players):
        if user is bob:
            assert fake.dms(bob) == []  # closed DMs: nothing is delivered
            continue
        secret = fake.dms(user)[-1].content
        assert f"({SEAT_NAMES[seat]}) · turn 1\n" in secret  # the header names the turn
        assert f"\nLoyalty: **{s.loyalty[seat].title()}**" in secret
        assert (
            "Vote cards: " + cards_in_words(sorted(vote_text(c) for c in s.hands[seat])) in secret
        )
        assert f"You are {SEAT_NAMES[seat]}" not in secret  # the heading names the seat once

    begins = last_post(world)
    assert "The game begins!" in begins.content and begins.mentions == [alice.id]
    await fake.slash(bot_, alice, world.thread(), "parley move", action="hold british")
    await fake.slash(bot_, carol, world.thread(), "parley move", action="hold french")
    assert last_post(world).mentions == [alice.id]

    # The captain calls an attack: P1, P2 and P4 vote at once.
    called = await fake.slash(bot_, alice, world.thread(), "parley move", action="attack")
    assert "calls for a" in called.text
    post = last_post(world)
    assert "P1, P2, P4 vote" in post.content
    assert set(post.mentions) == {bob.id, dave.id}  # alice acted just now: named, not pinged
    assert "secret choice" in post.content
    assert [b.label for b in post.buttons] == ["My hand & moves"]  # no vote on a public post
    s = await state(bot_)
    for seat, user in ((0, alice), (3, dave)):
        ballot = fake.dms(user)[-1]
        assert "Your secret choice" in ballot.content
        assert [b.label for b in ballot.buttons] == labels(s, seat)

    # Refusals are private: a non-player, a non-voter, a stale board button.
    stranger = await fake.click(bot_, table.frank, post, button_id(post, "My hand & moves"))
    assert stranger.ephemeral and "not playing" in ephemeral_text(stranger)
    outsider = await fake.slash(
        bot_, carol, world.thread(), "parley move", action="vote cannon british skull"
    )
    assert outsider.ephemeral and "not your turn" in outsider.text
    french = "Stow the Flying Dutchman's first chest in the French hold"
    stale = await fake.click(bot_, erin, begins, button_id(begins, french))
    assert "out of date" in ephemeral_text(stale)
    assert not any(m.ephemeral for m in world.thread_posts())

    # Dave votes from his DM: the DM is refreshed in place, the thread only says he voted.
    ballot = fake.dms(dave)[-1]
    voted = await fake.click(
        bot_, dave, ballot, button_id(ballot, "Play Cannon (French flag, Helm)")
    )
    assert not ephemeral_text(voted)
    assert fake.dms(dave)[-1] is ballot and ballot.buttons == []
    assert "Your vote: Cannon (French flag, Helm)" in ballot.content
    # A vote only says a seat is done: the pinned status message tells it, not the thread.
    assert not any("has voted" in m.content for m in world.thread_posts())
    status = world.status_message().content
    assert f"<@{dave.id}> (P4)" not in status and "cannon" not in status.lower()
    assert f"<@{alice.id}> (P1): secret choice pending" in status
    assert f"<@{bob.id}> (P2): secret choice pending" in status

    again = await fake.slash(
        bot_, dave, world.thread(), "parley move", action="vote torch french helm"
    )
    assert "not your turn" in again.text

    await world.kill_bot(bot_)  # --- the bot restarts mid-vote: DM buttons keep working ---
    bot_ = await world.start_bot()

    # Bob (closed DMs) votes from the ephemeral `/parley hand` panel.
    hand = await fake.slash(bot_, bob, world.thread(), "parley hand")
    loyalty = f"you are **P2**.\nLoyalty: **{s.loyalty[1].title()}**"
    assert hand.ephemeral and loyalty in hand.text  # the seat said once
    panel = hand.messages[-1]
    assert [b.label for b in panel.buttons] == labels(s, 1)
    await fake.click(bot_, bob, panel, button_id(panel, "Play Torch (British flag, Skull)"))
    assert "Your vote: Torch (British flag, Skull)" in panel.content and panel.buttons == []
    assert f"<@{bob.id}> (P2)" not in world.status_message().content
    assert not any("has voted" in m.content for m in world.thread_posts())

    # Alice votes last from her DM: the reveal shows only the symbols that count.
    ballot = fake.dms(alice)[-1]
    await fake.click(bot_, alice, ballot, button_id(ballot, "Play Cannon (British flag, Skull)"))
    reveal = last_post(world)
    assert (
        "The attack vote reveals cannon, cannon, cannon, torch: the attack succeeds"
        in reveal.content
    )
    assert reveal.mentions == []  # alice takes the chest; she just acted
    assert [b.label for b in reveal.buttons] == [
        "Take a chest from the Spanish galleon into the British hold",
        "Take a chest from the Spanish galleon into the French hold",
        "Take no treasure",
        "My hand & moves",
    ]
    s = await state(bot_)
    # "Secrets ... whenever they change": each voter drew a card; Dave hears by DM.
    assert (
        "Vote cards: " + cards_in_words(sorted(vote_text(c) for c in s.hands[3]))
        in fake.dms(dave)[-1].content
    )
    assert (
        "Vote cards: " + cards_in_words(sorted(vote_text(c) for c in s.hands[0])) in ballot.content
    )
    await fake.click(bot_, alice, reveal, button_id(reveal, reveal.buttons[0].label))

    # Viewed event cards are secrets too: Bob sees his through /parley hand, Carol by DM.
    await fake.slash(bot_, bob, world.thread(), "parley move", action="view")
    await fake.slash(bot_, bob, world.thread(), "parley move", action="view 1 2")
    assert (
        "slot 1: Pistol; slot 2: Atlantis"
        in (await fake.slash(bot_, bob, world.thread(), "parley hand")).text
    )
    viewing = await fake.slash(bot_, carol, world.thread(), "parley move", action="view")
    (steps,) = [m for m in viewing.messages if m.buttons]  # her turn goes on, in private
    await fake.click(bot_, carol, steps, button_id(steps, "View event cards 3 and 4"))
    assert "slot 3: Albatross; slot 4: Fountain of Youth" in fake.dms(carol)[-1].content

    # "Choices that belong to another player (a forced reveal, ..., Atlantis) ping that
    # player and wait for them."
    await fake.slash(bot_, dave, world.thread(), "parley move", action="force p5")
    await fake.slash(bot_, dave, world.thread(), "parley move", action="slots 2 5")
    forced = last_post(world)
    assert forced.mentions == [erin.id]
    assert [b.label for b in forced.buttons][:2] == ["Reveal event card 2", "Reveal event card 5"]
    not_hers = await fake.click(bot_, dave, forced, button_id(forced, "Reveal event card 2"))
    assert "not your turn" in ephemeral_text(not_hers)
    revealed = await fake.click(bot_, erin, forced, button_id(forced, "Reveal event card 2"))
    (giving,) = [m for m in revealed.messages if m.ephemeral]  # her turn goes on, in private
    await fake.click(bot_, erin, giving, button_id(giving, "Give Atlantis to P1"))
    atlantis = last_post(world)
    assert "gives Atlantis to P1" in atlantis.content and atlantis.mentions == [alice.id]
    await fake.click(bot_, alice, atlantis, button_id(atlantis, "Keep Atlantis for a later turn"))
    assert last_post(world).mentions == [erin.id]

    await audit(world, table, bot_, rendered)


async def audit(world: World, table: Table, bot_: ParleyBot, rendered: list[dict]) -> None:
    """No public text holds a loyalty card, a vote card, a viewed card or who voted what; each
    DM holds only its own seat's secrets."""
    fake = world.fake
    final = await state(bot_)
    viewed = {card for known in final.known for card in known if card}
    assert viewed == {"pistol", "albatross", "fountain of youth"}  # still face down
    public = fake.public_texts()
    assert public
    for item in public:
        text = item.text.lower()
        assert not VOTE_CARD.search(text), item
        assert "loyalty" not in text and "you are" not in text, item
        assert not re.search(r"\*\*(british|french|dutch)\*\*", text), item
        assert not any(card in text for card in viewed), item
        assert "your vote" not in text, item
    for view in rendered:  # the board images are drawn from the public view only
        assert not view.get("private") and "loyalty" not in view
        assert "cards" not in (view.get("pending") or {})

    # Replay the action log: every hand and viewed card each seat ever held.
    hands: list[set[str]] = [set() for _ in table.players]
    hands_in_words: list[set[str]] = [set() for _ in table.players]
    known: list[set[str]] = [set() for _ in table.players]
    s = SPEC.new(5, SEED)
    for seat, action in [(None, None), *await bot_.store.actions(1, 0)]:
        if seat is not None:
            s = SPEC.apply(s, seat, action)
        for p in range(5):
            hands[p].add("; ".join(sorted(vote_text(c) for c in s.hands[p])))
            hands_in_words[p].add(cards_in_words(sorted(vote_text(c) for c in s.hands[p])))
            known[p] |= {f"slot {i + 1}: {CARD_TITLES[c]}" for i, c in enumerate(s.known[p]) if c}
    assert fake.dms(table.players[1]) == []
    # Every private text ever shown (DMs and ephemeral replies, each version of an edited
    # panel): a secrets block belongs to the reader's own seat, and nobody else sees one.
    seat_of = {user.id: seat for seat, user in enumerate(table.players)}
    reader = {m.id: rec.user.id for rec in fake.interactions for m in rec.messages}
    checked: set[int] = set()
    for item in fake.all_outgoing():
        if item.public:
            continue
        user_id = item.dm_user_id or reader[item.message_id]
        seat = seat_of.get(user_id)
        if seat is None:  # frank, who never joined
            assert "Loyalty" not in item.text and "Vote cards" not in item.text, item
            continue
        played = PLAYED.fullmatch(item.text) if item.kind == "button.label" else None
        if played:  # a ballot offers only the reader's own vote cards
            card = " ".join(played.groups()).lower()
            assert any(card in hand for hand in hands[seat]), item
        for line in item.text.splitlines():
            if line.startswith("Loyalty: "):  # the secrets block of a DM or a panel
                checked.add(user_id)
                assert line == f"Loyalty: **{final.loyalty[seat].title()}**.", item
            if line.startswith("Vote cards: "):
                assert line.removeprefix("Vote cards: ") in hands_in_words[seat], item
            if line.startswith("Event cards you have seen: "):
                seen = line.removeprefix("Event cards you have seen: ").split("; ")
                assert set(seen) <= known[seat], item
    assert checked == {user.id for user in table.players}  # bob's only through /parley hand


async def test_a_ballot_dm_sent_late_still_has_its_buttons(world: World, monkeypatch):
    """ "Votes are cast from DM buttons": a ballot DM that Discord failed to deliver at first
    (a 5xx, retried with the next delivery) still carries the voter's buttons although another
    voter has voted meanwhile."""
    monkeypatch.setattr(bot.play.service.secrets, "randbits", lambda bits: SEED)
    fake = world.fake
    table = Table(world)
    alice, bob, carol, dave, _ = table.players
    bot_ = await open_and_start(world, table)
    await fake.slash(bot_, alice, world.thread(), "parley move", action="hold british")
    await fake.slash(bot_, carol, world.thread(), "parley move", action="hold french")
    before = len(fake.dms(dave))
    fake.fail_next(
        f"POST /channels/{fake.dm_channel(dave).id}/messages",
        status=503,
        code=0,
        message="Service Unavailable",
    )
    await fake.slash(bot_, alice, world.thread(), "parley move", action="attack")
    assert len(fake.dms(dave)) == before  # the ballot is still owed

    hand = await fake.slash(bot_, bob, world.thread(), "parley hand")
    panel = hand.messages[-1]
    await fake.click(bot_, bob, panel, button_id(panel, "Play Torch (British flag, Skull)"))
    ballot = fake.dms(dave)[-1]
    assert len(fake.dms(dave)) == before + 1 and "Your secret choice" in ballot.content
    await fake.click(bot_, dave, ballot, button_id(ballot, "Play Cannon (French flag, Helm)"))
    assert "Your vote: Cannon (French flag, Helm)" in ballot.content
    status = world.status_message().content  # a vote cast: the status tells it
    assert f"<@{dave.id}> (P4)" not in status
    assert f"<@{alice.id}> (P1): secret choice pending" in status
