"""``parley arena``: the command line over games/ai/arena.py prints the promised shapes."""

from __future__ import annotations

import json

import pytest

from bot.arena import main
from games.ai import Budget


def test_json_output_has_exactly_the_promised_keys(capsys):
    assert main(["cardinal", "--a", "greedy", "--b", "random", "--games", "4", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert set(printed) == {"game", "games", "players", "think_ms", "opened"}
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
    assert lines[4].startswith("random acted first in ")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["chess", "--a", "random", "--b", "random"], "unknown game"),
        (["cardinal", "--a", "ai:godlike", "--b", "random"], "unknown player"),
        (["cardinal", "--a", "random", "--b", "random", "--players", "3"], "takes 2 players"),
        (["cardinal", "--a", "random", "--b", "random", "--option", "colour=red"], "no option"),
        (
            ["cardinal", "--a", "random", "--b", "random", "--option", "board=round"],
            "must be one of: 5x5",
        ),
    ],
)
def test_bad_arguments_are_refused_with_a_reason(capsys, argv, message):
    with pytest.raises(SystemExit):
        main(argv)
    assert message in capsys.readouterr().err


def test_the_ladder_plays_each_level_against_the_one_below(capsys, monkeypatch):
    """``--ladder``: normal against easy, then hard against normal, one JSON line each (tiny
    budgets stand in for the levels' real ones, which take minutes a game)."""
    from games.ai import players

    for level, iterations in (("easy", 2), ("normal", 4), ("hard", 6)):
        budget = Budget(per_action=1, floor=iterations, ceiling=iterations)
        monkeypatch.setitem(players.LEVELS, level, budget)
    assert main(["cardinal", "--ladder", "--games", "2", "--workers", "1", "--json"]) == 0
    printed = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [[p["spec"] for p in rung["players"]] for rung in printed] == [
        ["ai:normal", "ai:easy"],
        ["ai:hard", "ai:normal"],
    ]
    assert all(rung["games"] == 2 for rung in printed)


@pytest.mark.parametrize(
    "argv",
    [["cardinal", "--ladder", "--a", "random"], ["cardinal", "--a", "random"], ["cardinal"]],
)
def test_the_ladder_or_both_players_must_be_named(capsys, argv):
    with pytest.raises(SystemExit):
        main(argv)
    assert "give both --a and --b, or --ladder alone" in capsys.readouterr().err


def test_a_log_keeps_every_game_and_a_longer_run_plays_only_the_games_it_lacks(
    capsys, tmp_path, monkeypatch
):
    """Games are a pure function of their index: the log's are counted, not replayed, and a
    run extended from a log scores exactly as one played in a single go."""
    from games.ai import arena

    log = tmp_path / "cardinal.jsonl"
    argv = ["cardinal", "--a", "random", "--b", "random", "--workers", "1", "--json"]
    assert main([*argv, "--games", "3", "--log", str(log)]) == 0
    assert main([*argv, "--seed", "1", "--games", "2", "--log", str(log)]) == 0  # another run
    capsys.readouterr()
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert [(line["seed"], line["index"]) for line in lines] == [
        (0, 0), (0, 1), (0, 2), (1, 0), (1, 1)
    ]  # fmt: skip
    played = []
    real = arena.play_game

    def counted(spec, a, b, players, index, seed, options=None):
        played.append(index)
        return real(spec, a, b, players, index, seed, options)

    monkeypatch.setattr(arena, "play_game", counted)
    assert main([*argv, "--games", "5", "--log", str(log)]) == 0
    extended = json.loads(capsys.readouterr().out)
    assert played == [3, 4]
    assert main([*argv, "--games", "5"]) == 0
    assert json.loads(capsys.readouterr().out)["players"] == extended["players"]
    assert len(log.read_text().splitlines()) == 7
    assert {line["opener"] for line in lines} <= {0, 1}


def test_an_option_sets_up_every_game_and_keeps_its_games_apart_in_the_log(
    capsys, tmp_path, monkeypatch
):
    """``--option board=compass`` plays every game on Cardinal's 21-square board, and a log
    counts those games only for a run with the same option."""
    from games.ai import arena

    boards = []
    real = arena.play_game

    def spied(spec, a, b, players, index, seed, options=None):
        boards.append(spec.new(players, seed, dict(options or {})).board)
        return real(spec, a, b, players, index, seed, options)

    monkeypatch.setattr(arena, "play_game", spied)
    log = tmp_path / "compass.jsonl"
    argv = ["cardinal", "--a", "random", "--b", "random", "--workers", "1", "--json"]
    assert main([*argv, "--games", "2", "--option", "board=compass", "--log", str(log)]) == 0
    assert boards == ["compass", "compass"]
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert [line["options"] for line in lines] == [{"board": "compass"}] * 2
    assert main([*argv, "--games", "2", "--log", str(log)]) == 0  # the default board: new games
    assert boards[2:] == ["5x5", "5x5"]
    capsys.readouterr()
