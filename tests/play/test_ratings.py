"""Ratings match openskill computed directly (issue 16)."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from bot.play.ratings import Skill, rate


def test_a_two_player_win_moves_both_ratings_as_openskill_does():
    model = PlackettLuce()
    a, b = model.rating(), model.rating()
    [[a2], [b2]] = model.rate([[a], [b]], ranks=[0, 1])
    after = rate([Skill(), Skill()], [[0], [1]], winners=[1])
    assert after[1].mu == pytest.approx(a2.mu) and after[1].sigma == pytest.approx(a2.sigma)
    assert after[0].mu == pytest.approx(b2.mu)
    assert after[1].shown > 0 > after[0].shown


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
