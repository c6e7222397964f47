"""What the store keeps of games once played, as plain records: the action log with
who played each action and when, ratings, a server's rating setting, and a
pending request to take back a move."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class LogEntry:
    """One row of a game's action log: the action that made game ``version``. ``user_id`` is
    None for an action the bot played for a seat (an autopilot, a clock run out)."""

    version: int
    seat: int
    user_id: int | None
    action: str
    created_at: float


@dataclass(frozen=True)
class Rating:
    """A player's openskill rating in one game on one server, and the rated games behind it."""

    user_id: int
    mu: float
    sigma: float
    games: int


@dataclass(frozen=True)
class GuildSettings:
    guild_id: int
    rate_forced: bool = True  # games decided by a forfeit or the autopilot count in ratings


@dataclass
class UndoRequest:
    """A seat asks to take back its last action (and every action since, from
    ``first_version`` on) at game ``version``; ``waiting`` are the seats still to approve,
    answered by whoever holds each one at the time. ``id`` is set once it is stored (its
    buttons carry it). It is open while ``ended`` is None and the game is still at
    ``version``; ``ended`` says why it ended otherwise: ``replaced`` (a newer request),
    ``refused``, or ``withdrawn`` (a seat changed hands)."""

    game_id: int
    version: int
    seat: int
    user_id: int
    first_version: int
    waiting: list[int] = field(default_factory=list)
    id: int | None = None
    ended: str | None = None
