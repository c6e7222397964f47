"""Ratings match openskill computed directly, and read on a 1500-based scale."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from bot.play.ratings import Shown, Skill, moves_of, points, provisional, rate, shown


def test_a_two_player_win_moves_both_ratings_as_openskill_does():
    model = PlackettLuce()
    a, b = model.rating(), model.rating()
    [[a2], [b2]] = model.rate([[a], [b]], ranks=[0, 1])
    after = rate([Skill(), Skill()], [[0], [1]], winners=[1])
    assert after[1].mu == pytest.approx(a2.mu) and after[1].sigma == pytest.approx(a2.sigma)
    assert after[0].mu == pytest.approx(b2.mu)
    assert after[1].ordinal > 0 > after[0].ordinal


def test_teams_share_a_result_and_a_draw_ranks_everyone_equal():
    skills = [Skill(30, 5), Skill(), Skill(20, 4), Skill()]
    teams = rate(skills, [[0, 2], [1, 3]], winners=[0, 2])
    model = PlackettLuce()
    rated = model.rate(
        [
            [model.create_rating([30, 5]), model.create_rating([20, 4])],
            [model.rating(), model.rating()],
        ],
        ranks=[0, 1],
    )
    assert teams[2].mu == pytest.approx(rated[0][1].mu)
    assert teams[3].mu == pytest.approx(rated[1][1].mu)
    draw = rate([Skill(), Skill()], [[0], [1]], winners=[])
    assert draw[0] == draw[1]


def test_the_scale_starts_at_1500_and_moves_like_elo():
    """A newcomer reads 1500?; a first win between newcomers is +24, a first loss -13, and
    whole numbers throughout."""
    assert shown(Skill(), 0) == Shown(1500, provisional=True)
    assert str(shown(Skill(), 0)) == "1500?"
    won, lost = rate([Skill(), Skill()], [[0], [1]], winners=[0])
    assert shown(won, 1) == Shown(1524, True) and shown(lost, 1) == Shown(1487, True)
    a, b = Skill(), Skill()
    for game in range(4):  # a few games each way, then a win is still Elo-sized
        a, b = rate([a, b], [[0], [1]], winners=[game % 2])
    after, _ = rate([a, b], [[0], [1]], winners=[0])
    assert 15 <= shown(after, 5).points - shown(a, 4).points <= 25
    assert str(Shown(1562)) == "1562"


def test_a_rating_is_provisional_until_enough_games_and_certain_enough():
    assert provisional(8.0, 10)  # many games, but still unsure (team games shrink it slowly)
    assert provisional(6.0, 4)  # sure enough, too few games
    assert not provisional(7.5, 5) and not provisional(3.0, 40)
    a, b = Skill(), Skill()
    for game in range(5):
        a, b = rate([a, b], [[0], [1]], winners=[game % 2])
    assert not shown(a, 5).provisional and not shown(b, 5).provisional


def test_moves_read_the_model_numbers_and_convert_the_old_ordinals():
    """A result settled now keeps mu, sigma and games before and after; one settled before
    the scale kept ordinals, which convert to points with no mark."""
    won, _ = rate([Skill(), Skill()], [[0], [1]], winners=[0])
    new = {"ratings": [[7, 25.0, 25 / 3, 0, won.mu, won.sigma, 1]]}
    (move,) = moves_of(new)
    assert (move.user_id, str(move.before), str(move.after), move.change) == (
        7,
        "1500?",
        "1524?",
        24,
    )
    (old,) = moves_of({"ratings": [[8, 0.0, -1.8]]})
    assert (str(old.before), str(old.after), old.change) == ("1500", "1487", -13)
    assert points(-1.8) == 1487 and moves_of({}) == []
