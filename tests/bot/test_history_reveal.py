"""The reveal: when a game ends, one post tells the story: the winners and why, final scores,
how the ratings moved, and every secret now made public, naming the players, then the final
board; the status message shows the same result in full. What was secret during the game is
revealed only after the outcome."""

from __future__ import annotations

import random

from bot.play.ratings import Skill
from bot.play.story import WHOLE_STORY, named
from games import REGISTRY
from games.caribbean.data import COLOURS
from games.tortuga.data import SEAT_NAMES
from tests.bot.conftest import World
from tests.bot.helpers import private_reply
from tests.bot.history_helpers import (
    fast_forward,
    final_posts,
    game_seed,
    play_on,
    players,
    random_game,
)
from tests.bot.time_helpers import open_game


def story_lines(world: World) -> tuple[list[str], list]:
    posts = final_posts(world)
    return "\n".join(p.content for p in posts).splitlines(), posts


def assert_told_only_at_the_end(world: World, reveal: list[str], final_ids: set[int]) -> None:
    """No public text but the final post ever held a line of the reveal (the status message
    after the end tells the result, not the secrets)."""
    for line in reveal:
        early = [
            t for t in world.fake.public_texts() if line in t.text and t.message_id not in final_ids
        ]
        assert early == [], f"{line!r} was public before the end: {early[:1]}"


async def test_tortuga_reveal_tells_every_secret_after_the_outcome(world: World, monkeypatch):
    """A 5-player Tortuga game played to its end: the final post tells the winners and why,
    the final scores, then spec.reveal line by line (each loyalty as the engine dealt it, every
    vote), then the board, with a Rematch button; the status message tells the result too."""
    game_seed(monkeypatch, 11)
    spec = REGISTRY["tortuga"]
    users = players(world, 5)
    bot_ = await world.start_bot()
    game_id = await open_game(world, bot_, "tortuga", clock="none", players=users)
    await play_on(world, bot_, game_id, users, random.Random(8))  # 5 votes, cards looked at

    game = await bot_.store.game(game_id)
    state = spec.load(game.state)
    outcome = spec.outcome(state)
    assert game.status == "over" and outcome is not None
    lines, posts = story_lines(world)
    reveal = spec.reveal(state)

    names = " and ".join(f"<@{users[s].id}> ({SEAT_NAMES[s]})" for s in outcome.winners)
    assert lines[1].startswith(f"🏆 {names} win") and outcome.reason.rstrip(".") in lines[1]
    assert outcome.reason.rstrip(".") not in lines[0]  # the result is told once
    scores = " · ".join(f"{s['name']}: {s['value']:,}" for s in spec.scores(state))
    assert lines[2] == f"Final scores: {scores}"
    assert lines[3].startswith("Ratings: ") and all(f"<@{u.id}> " in lines[3] for u in users)
    assert lines[4:6] == ["", "**The reveal:**"]
    told = named(spec, game, reveal)  # every line, in order, naming the players, as many as
    if lines[-1] == WHOLE_STORY:  # fit the one post; the rest is told in the history
        assert lines[-2] == "…" and lines[6:-2] == told[: len(lines) - 8]
        history = await world.fake.slash(bot_, users[0], world.thread(), "parley history")
        assert "\n`1` " in private_reply(history)  # ... which opens on the first moves
    else:
        assert lines[6:] == told
    assert len(lines[6:]) > 5  # loyalties and the votes at least
    # ... and those lines are the engine's secrets: loyalties as dealt, every vote.
    parts = reveal[0].removeprefix("Loyalties: ").rstrip(".").split("; ")
    teams = dict(part.split(" ", 1) for part in parts)
    for seat in range(5):
        assert SEAT_NAMES[seat] in teams[state.loyalty[seat].title()].split(", ")
    votes = [e for e in state.secret_log if e["kind"] == "vote"]
    assert votes and len([x for x in reveal if "(called by" in x]) == len(votes)
    for entry, line in zip(votes, [x for x in reveal if "(called by" in x], strict=True):
        assert line.count(" played ") == len(entry["plays"])
        assert f"(called by {SEAT_NAMES[entry['caller']]})" in line
    for entry in (e for e in state.secret_log if e["kind"] == "looked"):
        seen = next(x for x in reveal if x.startswith(f"{SEAT_NAMES[entry['seat']]} looked at"))
        for slot, card in entry["cards"]:
            assert f"{card.title()} (slot {slot})".lower() in seen.lower()
    # The winners are one side: the team of the loyalty they hold at the end.
    assert sorted(outcome.winners) in [sorted(side) for side in spec.sides(state)]

    last = posts[-1]
    assert last.files and last.files[0].filename.startswith("board-")
    assert [b.label for b in last.buttons] == ["Rematch", "Review"]
    assert all(p.mentions == [] for p in posts)  # a story pings nobody
    assert_told_only_at_the_end(world, reveal, {p.id for p in posts})
    assert len(posts) == 1 and len(posts[0].content) <= 2000  # one post

    status = world.status_message().content
    assert "🏁 Game over." in status and lines[1] in status and lines[2] in status
    assert ".." not in status and "Winner:" not in status
    assert game.result["rated"] is True and game.result["forced"] is None
    assert Skill().ordinal == 0  # everyone started at 0 (1500); the winners' side now leads
    ratings = {r.user_id: r for r in await bot_.store.ratings(world.guild.id, "tortuga")}
    assert {u.id for u in users} == set(ratings)
    winners = {users[s].id for s in outcome.winners}
    best = max(ratings.values(), key=lambda r: r.mu)
    assert best.user_id in winners


async def test_caribbean_reveal_is_one_compact_post(world: World, monkeypatch):
    """A 3-player Caribbean game of 20 rounds fast-forwarded to its last move, played through
    Discord: the reveal adds up each player's bribes in a line per player (round by round
    they stay in `/parley history`), so the end is one post, the board and the Rematch button
    on it."""
    game_seed(monkeypatch, 3)
    spec = REGISTRY["caribbean"]
    users = players(world, 3)
    bot_ = await world.start_bot()
    game_id = await open_game(world, bot_, "caribbean", "round_cap=20", clock="none", players=users)
    moves = random_game("caribbean", 3, 3, {"round_cap": 20}, pick=4)
    await fast_forward(bot_, game_id, moves[:-1])
    seat, action = moves[-1]
    await world.fake.slash(bot_, users[seat], world.thread(), "parley move", action=action)

    game = await bot_.store.game(game_id)
    state = spec.load(game.state)
    assert game.status == "over" and game.version == len(moves)
    lines, posts = story_lines(world)
    reveal = spec.reveal(state)
    assert len(posts) == 1 and len(posts[0].content) <= 2000
    start = lines.index("**The reveal:**") + 1
    assert lines[start:] == named(spec, game, reveal)
    assert len(state.past_bids) == 20
    assert lines[start] == "Bribes added up over 20 rounds, and tie-breakers:"
    for seat, colour in enumerate(COLOURS[:3]):
        assert lines[start + 1 + seat].startswith(f"<@{users[seat].id}> ({colour}): Arriba ")
    assert posts[-1].files and [b.label for b in posts[-1].buttons] == ["Rematch", "Review"]
    assert_told_only_at_the_end(world, reveal, {p.id for p in posts})
