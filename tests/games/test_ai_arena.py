"""``parley arena``: the command line over games/ai/arena.py prints the promised shapes."""

from __future__ import annotations

import json

import pytest

from bot.arena import main


def test_json_output_has_exactly_the_promised_keys(capsys):
    assert main(["cardinal", "--a", "greedy", "--b", "random", "--games", "4", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert set(printed) == {"game", "games", "players", "think_ms"}
    assert (printed["game"], printed["games"]) == ("cardinal", 4)
    assert [p["spec"] for p in printed["players"]] == ["greedy", "random"]
    for player in printed["players"]:
        assert set(player) == {
            "spec", "wins", "draws", "losses", "win_rate", "ci_low", "ci_high"
        }  # fmt: skip
        assert player["wins"] + player["draws"] + player["losses"] == 4
        assert 0 <= player["ci_low"] <= player["win_rate"] <= player["ci_high"] <= 1
    assert set(printed["think_ms"]) == {"p50", "p95"}
    assert printed["think_ms"]["p50"] <= printed["think_ms"]["p95"]


def test_text_output_counts_the_other_seats_and_says_what_think_time_means(capsys):
    code = main(["tortuga", "--a", "random", "--b", "random", "--players", "4",
                 "--games", "4", "--seed", "2", "--workers", "1"])  # fmt: skip
    assert code == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Tortuga 1667, 4 players, 4 games, seed 2"
    assert "(1 seat)" in lines[1] and "(3 seats)" in lines[2]
    assert "real choice" in lines[3]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["chess", "--a", "random", "--b", "random"], "unknown game"),
        (["cardinal", "--a", "ai:godlike", "--b", "random"], "unknown player"),
        (["cardinal", "--a", "random", "--b", "random", "--players", "3"], "takes 2 players"),
    ],
)
def test_bad_arguments_are_refused_with_a_reason(capsys, argv, message):
    with pytest.raises(SystemExit):
        main(argv)
    assert message in capsys.readouterr().err
