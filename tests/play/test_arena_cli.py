"""`parley arena` from the command line (issue 15): games between players, as JSON."""

from __future__ import annotations

import json

from bot.cli import main


def test_parley_arena_prints_the_documented_json(capsys):
    assert main(["arena", "cardinal", "--a", "greedy", "--b", "random", "--games", "4",
                 "--seed", "1", "--json"]) == 0  # fmt: skip
    result = json.loads(capsys.readouterr().out)
    assert result["game"] == "cardinal" and result["games"] == 4
    specs = [p["spec"] for p in result["players"]]
    assert specs == ["greedy", "random"]
    for player in result["players"]:
        assert player["wins"] + player["draws"] + player["losses"] == 4
        assert 0 <= player["ci_low"] <= player["win_rate"] <= player["ci_high"] <= 1
    assert set(result["think_ms"]) == {"p50", "p95"}
