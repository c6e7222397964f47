"""The game record (issue 25, item 3): "`/parley export` attaches the game as a text record
(the game, options, seats, every action with its history line, the result; secret choices only
after the end), in a documented format that `parley import`/`parley demo --from FILE` replays
to the same result. Bad records are refused with the line and the reason."

The round trip plays seeded random games of every game; ``PARLEY_PLAYOUT_GAMES`` plays more.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from bot.cli import main
from bot.play.gamerecord import (
    RecordError,
    read_record,
    replay_record,
    write_record,
)
from bot.play.history import narrate, undo_action
from bot.play.secrecy import is_secret_choice
from bot.play.stepper import replayed
from bot.play.story import stored_result
from bot.storage import GameRecord, LogEntry, Seat
from games import REGISTRY
from tests.bot.test_history_log import RAW_VOTE

GAMES = int(os.environ.get("PARLEY_PLAYOUT_GAMES", "1"))


def played(key: str, seed: int, most: int = 10_000) -> tuple[GameRecord, list[LogEntry]]:
    """A game of random legal moves (at most ``most``), stored as the bot would store it: the
    fewest players for seed 1 (the quick run), any number for the others."""
    spec = REGISTRY[key]
    picker = random.Random(seed)
    count = spec.min_players if seed == 1 else picker.randint(spec.min_players, spec.max_players)
    state = spec.new(count, seed)
    log = []
    while spec.outcome(state) is None and len(log) < most:
        seat = picker.choice(spec.to_act(state))
        action = picker.choice(spec.legal_actions(state, seat))
        state = spec.apply(state, seat, action)
        log.append(LogEntry(len(log) + 1, seat, 100 + seat, action, 0.0))
    outcome = spec.outcome(state)
    result = (
        None if outcome is None else stored_result(outcome.winners, outcome.text, **outcome.params)
    )
    seats = [Seat(s, 100 + s) for s in range(count)]
    status: Any = "active" if outcome is None else "over"
    game = GameRecord(
        7, key, 1, 2, 3, 4, 100, status, seed, spec.resolve_options(None), len(log), None,
        result, seats,
    )  # fmt: skip
    return game, log


def history(game: GameRecord, log: list[LogEntry]) -> list[str]:
    return [e.text for e in narrate(REGISTRY[game.game_key], game, log, game.status == "over")]


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_every_record_replays_to_the_same_result_and_history(key: str):
    for seed in range(1, GAMES + 1):
        game, log = played(key, seed)
        text = write_record(REGISTRY[key], game, log, {0: "alice"})
        back = replay_record(read_record(text))  # each history line checked as it replays
        assert back.game.result == game.result and back.game.seed == game.seed
        assert [(e.seat, e.action) for e in back.log] == [(e.seat, e.action) for e in log]
        assert "Seat 0: " in text and "| alice\n" in text and "Status: over" in text


def test_a_taken_back_move_replays_too():
    game, log = played("cardinal", 3)
    spec = REGISTRY["cardinal"]
    undo = LogEntry(5, log[3].seat, 1, undo_action(4), 0.0)
    redone = [LogEntry(6 + i, e.seat, e.user_id, e.action, 0.0) for i, e in enumerate(log[3:])]
    log = [*log[:4], undo, *redone]
    text = write_record(spec, game, log, {})
    assert "5 | " in text and "took back move 4" in text
    assert history(replay_record(read_record(text)).game, log) == history(game, log)


def test_a_running_game_keeps_its_seed_and_secret_choices():
    """Tortuga, still being played, with votes cast: the record names no card played and no
    seed, and says it does not replay."""
    game, log = played("tortuga", 2, most=60)
    assert game.status == "active"
    text = write_record(REGISTRY["tortuga"], game, log, {})
    assert "has voted" in text and "(secret)" in text and not RAW_VOTE.search(text)
    assert f"Seed: {game.seed}" not in text and "'s secret choice:" not in text
    with pytest.raises(RecordError, match="seed is hidden"):
        replay_record(read_record(text))


@pytest.mark.parametrize("key", ["caribbean", "tortuga"])
def test_a_running_games_record_and_stepper_name_no_secret_choice(key: str):
    """Bids and votes cast while the game runs: neither the record nor the step-through
    board's lines and views hold a secret choice's action or its words."""
    spec = REGISTRY[key]
    game, log = played(key, 2, most=80)
    text = write_record(spec, game, log, {})
    timeline = replayed(spec, game, log)
    told = text + "\n".join(timeline.lines + [e.text for e in timeline.entries])
    state, secrets = spec.new(len(game.seats), game.seed, game.options), []
    for entry in log:
        if is_secret_choice(spec, state, entry.seat):
            secrets += [f"| {entry.action} |", spec.label(state, entry.seat, entry.action)]
        state = spec.apply(state, entry.seat, entry.action)
    assert len(secrets) >= 10 and not [s for s in secrets if s in told]
    assert all("private" not in view for view in timeline.views)


def finished(key: str = "cardinal") -> list[str]:
    game, log = played(key, 1)
    return write_record(REGISTRY[key], game, log, {}).splitlines()


def refusal(lines: list[str]) -> str:
    with pytest.raises(RecordError) as error:
        replay_record(read_record("\n".join(lines)))
    return str(error.value)


def at(lines: list[str], start: str) -> int:
    return next(n for n, line in enumerate(lines) if line.startswith(start))


def test_bad_records_are_refused_with_the_line_and_the_reason():
    lines = finished()
    wrong = lines.copy()
    wrong[1] = "Game: chess"
    assert refusal(wrong).startswith("line 2: unknown game 'chess' (Parley has cardinal")

    first = at(lines, "1 | ")
    wrong = lines.copy()
    wrong[first + 1] = wrong[first].replace("1 | ", "2 | ", 1)  # the same square twice
    assert refusal(wrong).startswith(f"line {first + 2}: move 2 is not legal: ")

    wrong = lines.copy()
    wrong[first] = wrong[first].rsplit("|", 1)[0] + "| Somebody sank the fleet."
    assert refusal(wrong) == (
        f"line {first + 1}: the history says 'Somebody sank the fleet.', the replay "
        f"'{lines[first].rsplit('| ', 1)[1]}'"
    )

    wrong = lines.copy()
    winners = at(lines, "Winners:")
    wrong[winners] = "Winners: none (a draw)"
    assert refusal(wrong).startswith(f"line {at(lines, 'Status:') + 1}: the replay ends with")

    wrong = [line for line in lines if not line.startswith("Seed:")]
    assert refusal(wrong) == f"line {len(wrong)}: the record has no 'Seed:' line"

    wrong = lines.copy()
    wrong[first] = "1 | place c3"
    assert refusal(wrong) == f"line {first + 1}: a move line is 'number | seat | action | history'"

    wrong = lines.copy()
    wrong[at(lines, "Options:")] = 'Options: {"colour": "green"}'
    assert refusal(wrong) == f"line {at(lines, 'Options:') + 1}: Cardinal has no option `colour`."

    wrong = lines[: first + 1] + lines[first + 2 :]  # a move left out
    moves = sum(line[:1].isdigit() for line in wrong)
    assert refusal(wrong) == f"line {at(lines, 'Moves:') + 1}: the record has {moves} move lines"


def resigned() -> str:
    """A Cardinal game Blue resigned after three moves: it ended off the board."""
    game, log = played("cardinal", 1, most=3)
    game.status, game.result = "over", {"winners": [0], "reason": "Blue resigned"}
    return write_record(REGISTRY["cardinal"], game, log, {})


def test_parley_import_and_demo_from_replay_a_record(tmp_path, capsys):
    path = tmp_path / "game.txt"
    path.write_text(resigned())
    assert "Ended: off the board" in path.read_text()
    assert main(["import", str(path)]) == 0
    assert capsys.readouterr().out == (
        f"{path}: Cardinal, 2 players, 3 moves, finished: every move is legal, and its history "
        "and result are as recorded.\n"
    )
    assert main(["demo", "--from", str(path), "--out", str(tmp_path / "out")]) == 0
    assert capsys.readouterr().out.startswith("Winner: Orange (Blue resigned)\n")
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [
        "final.png",
        "log.txt",
        "replay.gif",
    ]
    path.write_text(resigned().replace("Ended: off the board", "Ended: on the board"))
    assert main(["import", str(path)]) == 1
    assert "the record says the game ended on the board; the replay goes on" in (
        capsys.readouterr().err
    )
    path.write_text(resigned().replace("Game: cardinal", "Game: chess"))
    assert main(["import", str(path)]) == 1
    assert capsys.readouterr().err.startswith(f"{path}: line 2: unknown game 'chess'")
