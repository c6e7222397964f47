"""The guided game's notes (``bot.play.teaching``) and the hints' reasons
(``games.ai.hints``), without Discord: who gets which note, each moment once (read back from
the log), nothing built from what the learner cannot see."""

from __future__ import annotations

import json
from dataclasses import replace

from bot.play.teaching import NOTE, notes_for, taught, with_notes
from bot.storage import ThreadPost
from games import REGISTRY
from games.ai.hints import reason, verdict
from tests.play.test_posts import table

CARDINAL = REGISTRY["cardinal"]


def practice(key: str = "cardinal", players: int = 2):
    """A practice game: the learner in seat 0, the AI in the others."""
    game = table(key, players, ai=1)
    seats = [seat if seat.seat == 0 else replace(seat, kind="ai") for seat in game.seats]
    return replace(game, practice=True, seats=seats, options={"first": "orange"})


def test_the_learner_hears_the_goal_then_what_each_move_did_and_each_moment_once():
    """Cardinal: "Players take turns placing 1 of their ships on any empty square on the
    board." The goal comes with the first turn; the learner's move gets its sentence; the
    goal is not told again on the next turn; and what the commits remembered is what a
    replay of the log finds (after a restart the notes go on the same)."""
    game = practice()
    start = CARDINAL.new(2, game.seed, game.options)
    (opening,), known = notes_for(CARDINAL, game, None, None, None, start)
    assert opening.startswith(NOTE + "Your goal")
    mine = CARDINAL.apply(start, 0, "place c3")
    (said,), known = notes_for(CARDINAL, game, known, start, 0, mine)
    assert said.startswith(NOTE + "Orange placed a ship on C3") and "chances" in said
    answered = CARDINAL.apply(mine, 1, "place a1")
    notes, known = notes_for(CARDINAL, game, known, mine, 1, answered)
    assert notes == []  # the AI's move: no sentence; the goal was shown already
    assert known is not None and known.shown == {"goal"} and known.began is answered
    assert taught(CARDINAL, game, [(0, "place c3"), (1, "place a1")]) == known
    assert notes_for(CARDINAL, table("cardinal", 2), None, None, None, start) == ([], None)


def test_notes_ride_on_the_turns_post_or_come_as_a_notice():
    turn = ThreadPost("Orange places.", version=3)
    step = ThreadPost("Blue sails.", version=4, step={"game": "rigadoon"})
    (post,) = with_notes([turn], [NOTE + "a"])
    assert post.notes == [NOTE + "a"] and post.line == turn.line
    held, notice = with_notes([step], [NOTE + "b"])
    assert held == step and notice.version is None and notice.line == NOTE + "b"
    assert with_notes([turn], []) == [turn]


def test_a_hint_reason_thinks_only_over_what_the_seat_can_see():
    """Tortuga: "the team you are on is secret": a world re-dealt for the seat (other
    loyalties, hands, decks) gets the very same hint reason and verdict."""
    spec = REGISTRY["tortuga"]
    state = spec.new(4, 3)
    while len(spec.to_act(state)) != 1 or spec.to_act(state)[0] != 0:
        seat = spec.to_act(state)[0]
        state = spec.apply(state, seat, spec.legal_actions(state, seat)[0])
    other = spec.sample(state, 0, 99)
    assert spec.view(other, 1) != spec.view(state, 1)  # a different deal for the others
    action = spec.legal_actions(state, 0)[-1]
    assert reason(spec, state, 0, action, 5) == reason(spec, other, 0, action, 5)
    assert "chances" in reason(spec, state, 0, action, 5)
    after, other_after = spec.apply(state, 0, action), spec.apply(other, 0, action)
    if spec.view(after, 0) == spec.view(other_after, 0):
        assert verdict(spec, state, after, 0, 5) == verdict(spec, other, other_after, 0, 5)


def test_a_learner_with_a_secret_hears_what_the_move_did_but_no_estimate():
    """Tortuga: "the team you are on is secret": how a move moved the learner's chances would
    tell which side they are on, so the note says only what changed on the table."""
    spec = REGISTRY["tortuga"]
    game = replace(practice("tortuga", 4), options={})
    start = spec.new(4, game.seed, game.options)
    assert spec.to_act(start) == [0]
    after = spec.apply(start, 0, spec.legal_actions(start, 0)[0])
    (said, *_), _ = notes_for(spec, game, None, start, 0, after)
    assert said.startswith(NOTE) and "hold" in said and "chances" not in said


def test_parley_teaching_counts_the_moments_each_game_fired(capsys):
    """``parley teaching``: per moment, the games in which it fired for seat 0 (random
    players here, to keep it cheap; the command's default is ``ai:easy``)."""
    from bot.cli import main

    assert main(["teaching", "cardinal", "--games", "3", "--player", "random",
                 "--positions", "0", "--json"]) == 0  # fmt: skip
    report = json.loads(capsys.readouterr().out)["cardinal"]
    assert report["fired"]["goal"] == 3 and set(report["fired"]) == {m.id for m in CARDINAL.moments}
    assert all(0 <= count <= 3 for count in report["fired"].values())
    assert report["hints"]["positions"] == 0
