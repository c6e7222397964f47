"""Issue 15 on the command line: ``parley arena`` and ``parley demo GAME --ai``, run through
the ``parley`` entry point (``bot.cli:main``) with tiny game counts."""

from __future__ import annotations

import json

import pytest

from bot.cli import main


def test_parley_arena_prints_one_json_object(capsys):
    code = main(["arena", "cardinal", "--a", "ai:easy", "--b", "random", "--games", "2"])
    assert code == 0
    text = capsys.readouterr().out
    assert "Cardinal, 2 players, 2 games, seed 0" in text
    assert "ai:easy" in text and "random" in text and "ms per decision (p50)" in text

    main(["arena", "cardinal", "--a", "ai:easy", "--b", "random", "--games", "2", "--json"])
    result = json.loads(capsys.readouterr().out)
    assert result["game"] == "cardinal" and result["games"] == 2
    a, b = result["players"]
    assert (a["spec"], b["spec"]) == ("ai:easy", "random")
    assert a["wins"] + a["draws"] + a["losses"] == 2
    assert a["wins"] == b["losses"] and a["losses"] == b["wins"]
    assert a["ci_low"] <= a["win_rate"] <= a["ci_high"]
    assert set(result["think_ms"]) == {"p50", "p95"}


def test_parley_arena_progress_tells_each_game_on_stderr_and_keeps_stdout_clean(capsys):
    argv = ["arena", "ship", "--a", "random", "--b", "random", "--games", "3", "--workers", "2"]
    main([*argv, "--json", "--progress"])
    out, err = capsys.readouterr()
    result = json.loads(out)  # stdout is still one JSON object
    lines = err.splitlines()
    assert [line.split(":")[0] for line in lines] == ["game 1/3", "game 2/3", "game 3/3"]
    won = result["players"][0]["wins"]
    assert lines[-1].split("; ")[1].startswith(f"{won}/3 won so far")


def test_parley_arena_refuses_an_unknown_player(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["arena", "cardinal", "--a", "genius", "--b", "random"])
    assert exit_.value.code == 2
    assert "unknown player 'genius'" in capsys.readouterr().err


def test_parley_demo_with_ai_plays_the_ai_in_every_seat(tmp_path, capsys):
    assert main(["demo", "cardinal", "--ai", "--out", str(tmp_path), "--seed", "3"]) == 0
    log = (tmp_path / "log.txt").read_text().splitlines()
    assert log[0] == "Cardinal, 2 players, seed 3, ai:normal in every seat"
    assert log[-1].startswith("Winner: ") and "draw" not in log[-1]
    assert capsys.readouterr().out.splitlines()[0] == log[-1]
    assert sorted(p.name for p in tmp_path.glob("*.*")) == ["final.png", "log.txt", "replay.gif"]
    # With --frames every board too: the start and one per move (the log's lines between
    # its title and its winner), the same game again (the AI's seeds are fixed).
    frames = tmp_path / "frames"
    main(["demo", "cardinal", "--ai", "--frames", "--out", str(frames), "--seed", "3"])
    assert (frames / "log.txt").read_text().splitlines() == log
    assert len(list(frames.glob("0*.png"))) == len(log) - 1
    # Without --ai the demo is random play, and differs from the AI's game.
    main(["demo", "cardinal", "--out", str(tmp_path / "random"), "--seed", "3"])
    assert (tmp_path / "random" / "log.txt").read_text().splitlines()[1:] != log[1:]
