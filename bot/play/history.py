"""A game's action log read back: which actions are in effect, which were taken back, and the
story of every action as the table saw it.

The log only grows. Taking moves back adds a row of its own, the *undo*: its action is
``~undo K``, and it puts the game back as it stood before version ``K`` (the rows ``K`` up to
the undo itself stay in the log, marked undone). So the game after any prefix of the log is
the play of its actions *in effect* from the seed, and every version still has one row: the
version checks, stale buttons and turn clocks keep working across an undo.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from bot.play.secrecy import secret_aside
from bot.play.story import story
from bot.storage import AI_NAME, GameRecord, LogEntry, who
from games import GameSpec
from games.core.words import t

UNDO = "~undo "  # no game's canonical action starts with "~"


def undo_action(first_version: int) -> str:
    """The log row of an undo that takes back every action from ``first_version`` on."""
    return f"{UNDO}{first_version}"


def undo_target(action: str) -> int | None:
    """The first version an undo row takes back; None for an ordinary action."""
    return int(action.removeprefix(UNDO)) if action.startswith(UNDO) else None


def undone(actions: Sequence[tuple[int, str]]) -> set[int]:
    """The versions (1-based) taken back by the undo rows of ``actions``, themselves included
    when a later undo took them back."""
    gone: set[int] = set()
    for number, (_, action) in enumerate(actions, start=1):
        first = undo_target(action)
        if first is not None:
            gone |= set(range(first, number))
    return gone


def in_effect(actions: Sequence[tuple[int, str]]) -> list[tuple[int, int, str]]:
    """``(version, seat, action)`` of every ordinary action not taken back, in order."""
    gone = undone(actions)
    return [
        (number, seat, action)
        for number, (seat, action) in enumerate(actions, start=1)
        if number not in gone and undo_target(action) is None
    ]


def state_after(spec: GameSpec[Any], game: GameRecord, actions: Sequence[tuple[int, str]]) -> Any:
    """The game after ``actions`` (a prefix of its log): its actions in effect played from
    the seed."""
    state = spec.new(len(game.seats), game.seed, game.options)
    for _, seat, action in in_effect(actions):
        state = spec.apply(state, seat, action)
    return state


def undo_line(spec: GameSpec[Any], seat: int, first: int, version: int) -> str:
    """The public line of an undo row at ``version`` taking back ``first`` onwards."""
    label = t(spec.seat_label(seat))
    if version - first == 1:
        return t("↩️ {seat} took back move {first}.", seat=label, first=first)
    return t("↩️ {seat} took back moves {first}–{last}.", seat=label, first=first, last=version - 1)


@dataclass(frozen=True)
class Step:
    """One row of the log played: the game before and after it, and its public line."""

    version: int
    seat: int
    action: str
    before: Any
    after: Any
    line: str
    undo_of: int | None  # for an undo row, the first version it took back


def walk(
    spec: GameSpec[Any], game: GameRecord, actions: Sequence[tuple[int, str]]
) -> Iterator[Step]:
    """Every row of ``actions`` played in order from the seed (an undo row puts back the game
    as it stood before the version it names)."""
    state = spec.new(len(game.seats), game.seed, game.options)
    for number, (seat, action) in enumerate(actions, start=1):
        first = undo_target(action)
        if first is None:
            after = spec.apply(state, seat, action)
            line = spec.describe(state, seat, action, after)
        else:
            after = state_after(spec, game, actions[: first - 1])
            line = undo_line(spec, seat, first, number)
        yield Step(number, seat, action, state, after, line, first)
        state = after


@dataclass(frozen=True)
class Entry:
    """One line of a game's history as a player reads it."""

    version: int
    seat: int
    user_id: int | None  # None: played by the bot for the seat
    text: str
    undone: bool


def told(
    spec: GameSpec[Any], game: GameRecord, log: Sequence[LogEntry], everything: bool
) -> Iterator[tuple[Step, Entry]]:
    """Each row of the log played, with its line of the history (see :func:`narrate`); the
    step-through board and the game record read both from one replay."""
    actions = [(entry.seat, entry.action) for entry in log]
    gone = undone(actions)
    for step, row in zip(walk(spec, game, actions), log, strict=True):
        text = step.line or "…"
        if step.undo_of is None:
            text += secret_aside(spec, step.before, step.seat, step.action, everything)
        yield step, Entry(step.version, step.seat, row.user_id, text, step.version in gone)


def narrate(
    spec: GameSpec[Any], game: GameRecord, log: Sequence[LogEntry], everything: bool
) -> list[Entry]:
    """The history of a game: each action's public line; with ``everything`` (a finished game)
    also what a secret choice was (a vote, a bid), in the seat's own words."""
    return [entry for _, entry in told(spec, game, log, everything)]


PAGE_LINES = 15
PAGE_CHARS = 1700  # a page and its heading stay well inside one message


def entry_line(spec: GameSpec[Any], game: GameRecord, entry: Entry) -> str:
    """``12 · @alice: P1 moves…``; an action the bot played says for whom (an AI seat, or
    the autopilot for a person's seat), an undone one is struck through."""
    label = t(spec.seat_label(entry.seat))
    if entry.user_id:
        name = f"<@{entry.user_id}>"
    else:
        seat = next(s for s in game.seats if s.seat == entry.seat)
        if seat.is_ai:
            name = f"{AI_NAME} ({label})"
        else:
            name = t("🤖 autopilot for {player} ({seat})", player=who(seat.user_id), seat=label)
    line = f"`{entry.version}` {name}: {entry.text}"
    return t("~~{line}~~ (taken back)", line=line) if entry.undone else line


def pages(lines: Sequence[str]) -> list[list[str]]:
    """``lines`` cut into pages of at most :data:`PAGE_LINES` lines and
    :data:`PAGE_CHARS` characters (a longer line has a page to itself)."""
    cut: list[list[str]] = [[]]
    size = 0
    for line in lines:
        if cut[-1] and (len(cut[-1]) >= PAGE_LINES or size + len(line) > PAGE_CHARS):
            cut.append([])
            size = 0
        cut[-1].append(line)
        size += len(line) + 1
    return cut


def history_lines(spec: GameSpec[Any], game: GameRecord, log: Sequence[LogEntry]) -> list[str]:
    """A game's narrated log: the public line of every action while the game runs; once it
    is over, also each secret choice, and then the story of its end with every secret."""
    over = game.status == "over"
    lines = [entry_line(spec, game, entry) for entry in narrate(spec, game, log, everything=over)]
    if over:
        lines += [t("**How it ended:**"), *story(spec, game, spec.load(game.state or ""))]
    return lines or [t("Nothing has happened yet.")]
