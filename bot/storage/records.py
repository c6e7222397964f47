"""What the store keeps, as plain records: games and their seats, the outbox of posts owed to
Discord, move clocks, deadlines and per-user settings."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

#: Where a game is in its life: a lobby, in play, finished, or called off.
GameStatus = Literal["lobby", "active", "over", "cancelled"]
#: What happens when a player's move clock runs out (chosen at ``/parley new``).
AbsentPolicy = Literal["autopilot", "forfeit", "wait"]

#: How an AI seat is named everywhere a person's mention would be (never a player's id).
AI_NAME = "AI (normal)"


@dataclass
class Seat:
    """A seat and who fills it: a person, or the AI (``kind == "ai"``), whose ``user_id`` is a
    negative placeholder (never a Discord user; see :func:`who`)."""

    seat: int
    user_id: int
    dm_open: bool | None = None
    resigned: bool = False
    kind: str = "human"  # 'human' or 'ai'
    #: What its player reads (their settings, read with the game): their own language (None:
    #: follow Discord) and the Discord locale last seen from them (None: not seen yet).
    language: str | None = None
    locale: str | None = None

    @property
    def is_ai(self) -> bool:
        return self.kind == "ai"

    @property
    def played_by_ai(self) -> bool:
        """The AI plays this seat: an AI seat, or a person's seat on autopilot (they resigned
        or were removed). It has no clock, and nothing of it is sent to anyone."""
        return self.is_ai or self.resigned


def who(user_id: int) -> str:
    """A seat's player as a message shows it: a mention, or the AI's name for an AI seat's
    placeholder id (negative, so posts that carry only user ids can tell)."""
    return AI_NAME if user_id < 0 else f"<@{user_id}>"


@dataclass
class GameRecord:
    id: int
    game_key: str
    guild_id: int
    channel_id: int
    thread_id: int | None
    lobby_message_id: int | None
    host_id: int
    status: GameStatus
    seed: int
    options: dict[str, Any]
    version: int
    state: str | None
    result: dict[str, Any] | None
    seats: list[Seat] = field(default_factory=list)
    practice: bool = False  # a guided game (`/parley learn`): teaching notes in its posts
    hints: bool = False  # `/parley hint` answers (chosen in the lobby; unrated games only)
    language: str = "en"  # what its thread, status message and boards speak (a code)

    def seat_of(self, user_id: int) -> int | None:
        return next((s.seat for s in self.seats if s.user_id == user_id), None)

    def seat_held_by(self, user_id: int) -> int | None:
        """The seat ``user_id`` plays now: not one they resigned or were removed from (the
        autopilot plays that one, and nothing of it reaches them any more)."""
        return next((s.seat for s in self.seats if s.user_id == user_id and not s.resigned), None)

    def user_of(self, seat: int) -> int:
        return next(s.user_id for s in self.seats if s.seat == seat)

    @property
    def against_ai(self) -> bool:
        """An AI seat plays in this game, so it is unrated (a takeback against the AI needs
        nobody's approval). AI seats are added and removed only in the lobby, so a game that
        has one started with one; a person's seat the autopilot took over is no AI seat."""
        return any(s.is_ai for s in self.seats)


@dataclass
class ThreadPost:
    """A post owed to the game's thread: a line, and with ``view`` the board after the game
    ``version`` it shows, who acted, who must act now (``waiting``; ``mentions`` are pinged)
    and the result when the game ended. A notice (a vacation, a reminder) is a line and its
    mentions only.

    A step of a turn that goes on (``step``: the public board before it) is not posted on
    its own: it is held, and its line goes out with the post that ends the turn. So is a turn
    the AI answers (``awaits_ai``: an AI seat is due next), so that the AI's reply joins it in
    one post. A post that only says a seat is done (``status_only``: voted, confirmed) goes to
    the pinned status message, not the thread, unless it completes a post the AI held."""

    line: str
    mentions: list[int] = field(default_factory=list)
    version: int | None = None
    actor: int | None = None
    waiting: list[int] = field(default_factory=list)
    secret: bool = False  # those waiting make a secret choice (in their DMs)
    view: dict[str, Any] | None = None
    result: dict[str, Any] | None = None
    step: dict[str, Any] | None = None
    replay: bool = False  # the game's animated replay goes with this post (built when sent)
    awaits_ai: bool = False
    status_only: bool = False
    notes: list[str] = field(default_factory=list)  # a practice game's teaching notes


@dataclass
class DirectMessage:
    """A DM owed to the player of ``seat``: its private news at game ``version``, with its
    choices as buttons when ``choices``. A reminder carries ``or_thread``: what to post in the
    thread instead (a mention, pinging them unless ``ping`` is False) when the player's DMs
    are closed."""

    user_id: int
    seat: int
    version: int
    text: str
    choices: bool = False
    or_thread: str | None = None
    ping: bool = True
    turn: int | None = None  # the game's turn (a round) it tells of: a new turn's DM reads anew


#: Something owed to Discord because of a committed change (written in the same commit).
Post = ThreadPost | DirectMessage


@dataclass
class OutboxItem:
    """A post in the outbox, not yet marked sent."""

    id: int
    game_id: int
    post: Post
    tried_at: float | None = None  # when it was last handed to Discord (bot clock)


@dataclass
class TimePolicy:
    """A game's move clock (seconds, None for none) and what happens to an absent player."""

    game_id: int
    clock_seconds: int | None = None
    policy: AbsentPolicy = "autopilot"
    status_message_id: int | None = None
    synced_version: int | None = None


@dataclass
class Deadline:
    """One due seat's turn: when it became due (``turn`` is that game version), its clock, and
    when the scheduler next has work on it (``wake_at``: 0 is at once, None is not until the
    game changes)."""

    game_id: int
    seat: int
    turn: int
    user_id: int
    started_at: float
    due_at: float | None = None
    paused_at: float | None = None
    wake_at: float | None = 0.0


@dataclass(frozen=True)
class GameListing:
    """A game in a list of many (the ``game`` option's autocomplete): no state, no seats."""

    id: int
    game_key: str
    status: GameStatus


@dataclass
class UserSettings:
    user_id: int
    timezone: str = "UTC"
    quiet_start: int | None = None
    quiet_end: int | None = None
    style: str = "dm"
    turn_dm: bool = False
    vacation_bank: float = 14.0
    vacation_start: float | None = None
    vacation_until: float | None = None
    language: str | None = None  # the language they chose; None: their Discord client's
    #: The Discord locale last seen from them (written by :meth:`Store.note_locale` only, so
    #: a settings change never overwrites a newer one).
    locale: str | None = None


@dataclass(frozen=True)
class Census:
    """The counts an operator watches (:meth:`bot.storage.Store.census`)."""

    games: dict[str, int]  # by status
    owed_posts: int  # outbox items not yet sent
    owed_ai_moves: int  # games where a seat the AI plays may be due

    @property
    def backlog(self) -> dict[str, int]:
        return {"posts": self.owed_posts, "ai_moves": self.owed_ai_moves}


class VersionConflict(Exception):
    """The game moved on between reading it and writing the action: nothing was written."""


@dataclass(frozen=True, order=True)
class Claim:
    """A game whose background work this process now holds: a turn due (``due``), or only
    posts owed."""

    game_id: int
    due: bool


class TooManyLobbies(Exception):
    """A new lobby would pass the cap of ``cap`` open lobbies: the host's own (``mine`` lists
    their open lobbies), or the server's (``mine`` empty)."""

    def __init__(self, cap: int, mine: list[int]) -> None:
        super().__init__(cap, mine)
        self.cap = cap
        self.mine = mine
