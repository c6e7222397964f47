"""A game as a text record to take away (📄 Record under ``/parley replay``), and the
record read back and replayed (``parley import``, ``parley demo --from``). The format is
documented in docs/record-format.md: header lines, one line per move (its number, seat,
canonical action and line of the history), then the result.

While the game runs the record keeps its secrets: the seed (it decides every hidden card and
the AI's choices) and each secret choice's action are left out, so only a finished game's
record replays. A record is refused with the line that is wrong and why.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.play.history import told
from bot.play.secrecy import is_secret_choice
from bot.play.story import reason_of, revealed, stored_result
from bot.storage import AI_NAME, GameRecord, LogEntry, Seat
from games import REGISTRY, GameSpec, IllegalAction
from games.core.words import ENGLISH, speaking

FORMAT = "# Parley game record, format 1 (docs/record-format.md in Parley's repository)"
HIDDEN = "(secret)"
SEED_KEPT = "hidden (the game is still being played)"
STATUSES = {"over": "over", "active": "being played", "cancelled": "cancelled"}


class RecordError(Exception):
    """A record that does not replay: the line that is wrong, and why."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}")
        self.line, self.reason = line, reason


def one_line(text: str) -> str:
    return " / ".join(part.strip() for part in text.splitlines()) or "…"


def write_record(
    spec: GameSpec[Any], game: GameRecord, log: Sequence[LogEntry], names: dict[int, str]
) -> str:
    """The record of ``game`` (``names``: each seat's player as people know them). Secret
    choices and the seed only once the game is over. Written in English whoever asks: it is
    a file format, which any Parley reads back (its history lines are checked on import)."""
    with speaking(ENGLISH):
        return _record(spec, game, log, names)


def _record(
    spec: GameSpec[Any], game: GameRecord, log: Sequence[LogEntry], names: dict[int, str]
) -> str:
    over = game.status == "over"
    final = spec.new(len(game.seats), game.seed, game.options)
    lines = [
        FORMAT,
        f"Game: {spec.key}",
        f"Title: {spec.title}",
        f"Number: {game.id}",
        f"Options: {json.dumps(game.options, sort_keys=True)}",
        f"Seed: {game.seed if over else SEED_KEPT}",
        f"Seats: {len(game.seats)}",
        *(
            f"Seat {s.seat}: {spec.seat_label(s.seat)} | "
            f"{AI_NAME if s.is_ai else names.get(s.seat, 'a player')}"
            for s in game.seats
        ),
        "Secrets: told"
        if over
        else "Secrets: kept (the game is still being played: its seed and every secret "
        "choice are left out, so this record does not replay)",
        f"Moves: {len(log)}",
        "",
    ]
    for step, entry in told(spec, game, log, everything=over):
        secret = step.undo_of is None and is_secret_choice(spec, step.before, step.seat)
        action = HIDDEN if secret and not over else step.action
        lines.append(f"{step.version} | {step.seat} | {action} | {one_line(entry.text)}")
        final = step.after
    lines += ["", f"Status: {STATUSES.get(game.status, game.status)}"]
    if over and game.result is not None:
        board = spec.outcome(final) is not None
        winners = " ".join(str(s) for s in game.result.get("winners", [])) or "none (a draw)"
        lines += [
            f"Ended: {'on the board' if board else 'off the board (a resignation or forfeit)'}",
            f"Winners: {winners}",
            f"Reason: {one_line(reason_of(game.result))}",
        ]
        hidden = revealed(spec, game, final)
        lines += ["", "# What was hidden, told at the end:", *(f"# {one_line(h)}" for h in hidden)]
    return "\n".join(lines) + "\n"


@dataclass
class Move:
    line: int  # where in the record
    number: int
    seat: int
    action: str
    told: str


@dataclass
class Record:
    """A record as read, each field with the line it came from."""

    fields: dict[str, tuple[int, str]] = field(default_factory=dict)
    moves: list[Move] = field(default_factory=list)
    last_line: int = 0

    def get(self, name: str) -> tuple[int, str]:
        if name not in self.fields:
            raise RecordError(self.last_line, f"the record has no '{name}:' line")
        return self.fields[name]


def read_record(text: str) -> Record:
    """The record's header, moves and result, as written (nothing replayed yet)."""
    record = Record()
    for number, raw in enumerate(text.splitlines(), start=1):
        record.last_line = number
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line[0].isdigit():
            parts = [p.strip() for p in line.split("|", 3)]
            if len(parts) != 4 or not parts[0].isdigit() or not parts[1].isdigit():
                raise RecordError(number, "a move line is 'number | seat | action | history'")
            move = Move(number, int(parts[0]), int(parts[1]), parts[2], parts[3])
            record.moves.append(move)
            continue
        name, colon, value = line.partition(":")
        if not colon:
            raise RecordError(number, "expected 'Name: value' or a move line")
        if name in record.fields:
            raise RecordError(number, f"a second '{name}:' line")
        record.fields[name] = (number, value.strip())
    return record


@dataclass(frozen=True)
class Replayed:
    """A record replayed: the game as the bot would store it, its log and final state."""

    spec: GameSpec[Any]
    game: GameRecord
    log: list[LogEntry]
    final: Any


def number(record: Record, name: str) -> int:
    line, value = record.get(name)
    if not value.lstrip("-").isdigit():
        raise RecordError(line, f"'{name}:' should be a whole number")
    return int(value)


def replay_record(record: Record) -> Replayed:
    """:func:`_replayed`, read in English (the record's language, see :func:`write_record`)."""
    with speaking(ENGLISH):
        return _replayed(record)


def _replayed(record: Record) -> Replayed:
    """Replay a record from its seed: every move legal and told as recorded, and the result
    the one recorded. Raises :class:`RecordError` at the first line that is not."""
    line, key = record.get("Game")
    spec = REGISTRY.get(key)
    if spec is None:
        raise RecordError(line, f"unknown game '{key}' (Parley has {', '.join(REGISTRY)})")
    line, seed = record.get("Seed")
    if not seed.lstrip("-").isdigit():
        raise RecordError(
            line, "the seed is hidden (the game was being played): it does not replay"
        )
    line, options_text = record.get("Options")
    try:
        options = spec.resolve_options(json.loads(options_text))
    except IllegalAction as error:
        raise RecordError(line, str(error)) from None
    except (ValueError, AttributeError):
        raise RecordError(line, '\'Options:\' is a JSON object, like {"first": "orange"}') from None
    seats = number(record, "Seats")
    if not spec.min_players <= seats <= spec.max_players:
        raise RecordError(record.get("Seats")[0], f"{spec.title} takes {spec.player_range()}")
    line, status = record.get("Status")
    status_key = next((k for k, v in STATUSES.items() if v == status), None)
    if status_key is None:
        raise RecordError(line, f"'Status:' is one of: {', '.join(STATUSES.values())}")
    moves = record.moves
    if number(record, "Moves") != len(moves):
        raise RecordError(record.get("Moves")[0], f"the record has {len(moves)} move lines")
    log = []
    for version, move in enumerate(moves, start=1):
        if move.number != version:
            raise RecordError(move.line, f"move {version} was expected here")
        if not 0 <= move.seat < seats:
            raise RecordError(move.line, f"there is no seat {move.seat}")
        if move.action == HIDDEN:
            raise RecordError(move.line, "a secret choice is left out: the record does not replay")
        log.append(LogEntry(version, move.seat, None, move.action, 0.0))
    result = None
    if status_key == "over":
        winners = record.get("Winners")[1]
        picked = [] if winners.startswith("none") else winners.split()
        if not all(w.isdigit() for w in picked):
            raise RecordError(record.get("Winners")[0], "'Winners:' lists seat numbers")
        result = {"winners": sorted(int(w) for w in picked), "reason": record.get("Reason")[1]}
    game = GameRecord(
        number(record, "Number") if "Number" in record.fields else 0,
        spec.key,
        0,
        0,
        None,
        None,
        0,
        status_key,  # type: ignore[arg-type]
        int(seed),
        options,
        len(log),
        None,
        result,
        [Seat(s, -1 - s) for s in range(seats)],
    )
    final = replayed_moves(spec, game, log, moves)
    check_result(record, spec, game, final)
    outcome = spec.outcome(final)
    if outcome is not None:  # ended on the board: its reason kept as the bot keeps one
        game.result = stored_result(outcome.winners, outcome.text, **outcome.params)
    return Replayed(spec, game, log, final)


def replayed_moves(
    spec: GameSpec[Any], game: GameRecord, log: list[LogEntry], moves: list[Move]
) -> Any:
    """Play every move, checking its history line; the final state."""
    final = spec.new(len(game.seats), game.seed, game.options)
    steps = told(spec, game, log, everything=game.status == "over")
    for move in moves:
        try:
            step, entry = next(steps)
        except IllegalAction as error:
            raise RecordError(move.line, f"move {move.number} is not legal: {error}") from None
        except (ValueError, IndexError, KeyError) as error:  # an undo row that names no move
            raise RecordError(move.line, f"move {move.number} does not replay ({error})") from None
        if one_line(entry.text) != move.told:
            raise RecordError(
                move.line, f"the history says '{move.told}', the replay '{one_line(entry.text)}'"
            )
        final = step.after
    return final


def check_result(record: Record, spec: GameSpec[Any], game: GameRecord, final: Any) -> None:
    """The replay ends as the record says: by the rules (the same winners and reason), off
    the board (a resignation or a forfeit, after which the rules had not ended it), or not
    yet."""
    outcome = spec.outcome(final)
    line = record.get("Status")[0]
    if game.status != "over" or not record.get("Ended")[1].startswith("on the board"):
        if outcome is not None:
            raise RecordError(line, f"the replay ends the game by the rules: {outcome.reason}")
        return
    result = game.result or {}
    if outcome is None:
        raise RecordError(line, "the record says the game ended on the board; the replay goes on")
    if sorted(outcome.winners) != result["winners"] or one_line(outcome.reason) != result["reason"]:
        told_winners = " ".join(map(str, outcome.winners)) or "none"
        raise RecordError(
            line, f"the replay ends with winners {told_winners} ({outcome.reason}) instead"
        )
