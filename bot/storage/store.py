"""What the bot keeps between restarts, behind one small async interface.

:class:`Store` is the whole surface the bot uses; :mod:`bot.storage.sql` implements it once,
with :mod:`bot.storage.sqlite` (one process) and :mod:`bot.storage.postgres` (any number of
processes) as its dialects; :func:`bot.storage.factory.open_store` picks one from
``PARLEY_DB``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from bot.storage.history import GuildSettings, LogEntry, Rating, UndoRequest
from bot.storage.leagues import LeagueStore
from bot.storage.records import (
    AbsentPolicy,
    Census,
    Claim,
    Deadline,
    GameListing,
    GameRecord,
    GameStatus,
    OutboxItem,
    Post,
    TimePolicy,
    UserSettings,
)


class Store(LeagueStore, Protocol):
    async def create_game(
        self,
        game_key: str,
        guild_id: int,
        channel_id: int,
        host_id: int,
        seed: int,
        options: dict[str, Any],
        clock_seconds: int | None = None,
        policy: AbsentPolicy = "autopilot",
        caps: tuple[int, int] | None = None,
        hints: bool = False,
        practice: bool = False,
        ai: int = 0,
        language: str = "en",
    ) -> GameRecord:
        """A new lobby with its host seated, ``ai`` AI seats after the host and its move clock,
        in one commit; ``caps`` (per host, per server) refuses it with :class:`TooManyLobbies`
        past either cap. ``hints``: `/parley hint` answers in it; ``practice``: a guided game
        (``/parley learn``), which owes its start from this commit on (:meth:`unopened`);
        ``language``: what its thread speaks."""

    async def game(self, game_id: int) -> GameRecord | None: ...

    async def game_in_thread(self, thread_id: int) -> GameRecord | None: ...

    async def games_of_user(self, user_id: int, guild_id: int) -> list[GameRecord]: ...

    async def unopened(self) -> list[int]:
        """Games still owed their opening (no thread yet), and practice games still owed their
        start (a practice game's opening ends with its start): a crash may have cut it short."""

    async def games_listed(
        self, user_id: int, guild_id: int, titles: Mapping[str, str], holding: str, limit: int
    ) -> list[GameListing]:
        """The user's lobbies and games in play in a server whose label (``#12 Rigadoon
        (active)``, the title from ``titles`` by game key) holds ``holding`` in any case, the
        ``limit`` most recently changed, without states or seats: the database picks them, so
        a user in thousands of games costs a handful of rows."""

    async def open_lobbies(self, guild_id: int) -> list[GameRecord]: ...

    async def set_places(
        self,
        game_id: int,
        thread_id: int | None,
        lobby_message_id: int | None,
        channel_id: int | None = None,
    ) -> None:
        """Where the game lives; ``channel_id`` only when it moved to another channel."""

    # Each change below is refused with VersionConflict, writing nothing, when ``read`` (the
    # game as the caller read it, if given) no longer matches its status, version or seats.
    async def add_seat(
        self, game_id: int, user_id: int, read: GameRecord | None = None
    ) -> None: ...

    async def add_ai_seat(self, game_id: int, read: GameRecord | None = None) -> None:
        """A seat for the AI at the end (kind ``ai``; its ``user_id`` is a negative
        placeholder, -1, -2, ... within the game, never a Discord user)."""

    async def remove_seat(
        self, game_id: int, user_id: int, read: GameRecord | None = None
    ) -> None: ...

    async def set_dm_open(self, user_id: int, is_open: bool) -> None: ...

    async def start(
        self,
        game_id: int,
        state: str,
        posts: list[Post],
        read: GameRecord | None = None,
        autopilot: bool = False,
    ) -> None:
        """``autopilot``: an AI seat moves first; recorded with the start (see
        :meth:`autopilot_due`)."""

    async def record_action(
        self,
        game_id: int,
        expected_version: int,
        seat: int,
        user_id: int | None,
        action: str,
        state: str,
        status: GameStatus,
        result: dict[str, Any] | None,
        posts: list[Post],
        read: GameRecord | None = None,
        autopilot: bool = False,
        undo: int | None = None,
    ) -> int:
        """``autopilot``: a seat the AI plays (an AI seat, or one on autopilot) is due after
        this action; recorded with it (see :meth:`autopilot_due`). ``undo``: the id of the
        game's open request to take back a move when the action was decided on ``read``
        (None: none was open); with ``read``, another one open now refuses the write
        (:class:`VersionConflict`), so what its asker is owed is in ``posts``. The action
        ends it."""

    async def finish(
        self,
        game_id: int,
        status: GameStatus,
        result: dict[str, Any] | None,
        posts: list[Post],
        resigned_user: int | None = None,
        read: GameRecord | None = None,
        autopilot: bool = False,
        undo: int | None = None,
    ) -> None:
        """The game's end ends its open request to take back a move; a player leaving a game
        that goes on (``resigned_user``) withdraws it, ``undo`` as for
        :meth:`record_action`."""

    async def autopilot_due(self) -> list[int]:
        """Games where a seat the AI plays may be due to move (recorded by the commit that
        made it so, until :meth:`autopilot_done`): resumed at start and every tick, so a
        thought a crash cut short is thought again."""

    async def autopilot_done(self, read: GameRecord) -> None: ...

    async def actions(self, game_id: int, after_version: int = 0) -> list[tuple[int, str]]: ...

    async def unsent(self, game_id: int | None = None) -> list[OutboxItem]: ...

    async def mark_tried(self, item_id: int, when: float) -> None: ...

    async def mark_sent(self, item_id: int, message_id: int | None = None) -> None: ...

    async def close(self) -> None: ...

    # -- what an operator watches (bot/discord/watch) --
    async def census(self) -> Census:
        """Games by status and the work owed (posts, AI moves), from indexes only."""

    async def ping(self) -> None:
        """A trivial statement: raises if the database does not answer."""

    # -- stored states are a cache of the seed and the action log (bot/play/snapshots) --
    async def snapshot_formats(self) -> dict[str, str]:
        """The format each game's stored states were last all written in, by game key."""

    async def set_snapshot_format(self, game_key: str, state_format: str) -> None: ...

    async def games_with_state(self, game_key: str, after_id: int, limit: int) -> list[GameRecord]:
        """Games of ``game_key`` that have a stored state, ``limit`` at most, by id after
        ``after_id`` (to walk them all in batches)."""

    async def rewrite_state(self, game_id: int, version: int, state: str) -> bool:
        """Replace the stored state of the game at ``version`` (a rebuilt cache); False if the
        game moved on meanwhile."""

    # -- play over days (bot/play: clocks, reminders, vacations) ------------------------
    async def due_games(self, now: float) -> list[int]:
        """Games with a deadline whose ``wake_at`` has come, earliest first (an index read:
        a tick costs what is due, not what is stored)."""

    async def owed_games(self) -> list[int]:
        """Games with posts not yet sent."""

    async def unsynced_games(self) -> list[int]:
        """Games in play whose deadlines were not brought up to their version (a crash
        between a commit and its delivery)."""

    async def set_wake(self, game_id: int, seat: int, turn: int, wake_at: float | None) -> None: ...

    async def time_policy(self, game_id: int) -> TimePolicy: ...

    async def set_time_policy(
        self, game_id: int, clock_seconds: int | None, policy: AbsentPolicy
    ) -> None: ...

    async def set_status_message(self, game_id: int, message_id: int | None) -> None: ...

    async def deadlines(self, game_id: int | None = None) -> list[Deadline]: ...

    async def replace_deadlines(
        self, game_id: int, version: int, deadlines: list[Deadline]
    ) -> None: ...

    async def update_deadline(self, deadline: Deadline, posts: list[Post]) -> None:
        """Change a turn's clock (due, paused) with its notices; the scheduler looks at the
        turn again at its next tick."""

    async def mark_step(
        self,
        game_id: int,
        seat: int,
        turn: int,
        step: str,
        now: float,
        posts: list[Post],
        read: GameRecord | None = None,
    ) -> bool:
        """Record one step of a turn as done with its posts; False if it was done already.
        ``read``: refused with :class:`VersionConflict` if the game changed since (a notice
        about a turn that a commit meanwhile may have ended)."""

    async def steps_done(self, game_id: int, seat: int, turn: int) -> set[str]: ...

    async def user_settings(self, user_id: int) -> UserSettings: ...

    async def note_locale(self, user_id: int, locale: str) -> None:
        """Keep the Discord locale last seen from ``user_id`` (their settings' ``locale``),
        for what they are sent later, outside any interaction of theirs."""

    async def save_user_settings(self, settings: UserSettings) -> None:
        """Save them; the scheduler looks at the user's turns again at its next tick (a
        vacation, quiet hours)."""

    async def replace_seat(
        self,
        game_id: int,
        old_user: int,
        new_user: int,
        posts: list[Post],
        read: GameRecord | None = None,
        due_at: float | None = None,
        undo: int | None = None,
    ) -> None:
        """``undo`` as for :meth:`record_action`: a seat changing hands withdraws the open
        request."""

    # -- sharing the background work between processes (bot/play/claims.py) -------------
    async def claim_due(self, now: float, after: int, limit: int) -> list[Claim]:
        """Claim up to ``limit`` games, by id above ``after``, that have a turn due at ``now``
        (``Claim.due``) or posts owed, and that no other process holds; each is given back
        with :meth:`release`."""

    async def claim(self, game_id: int) -> bool:
        """Claim one game now; False while another process holds it."""

    async def renew(self, game_ids: list[int]) -> None:
        """Keep this process's claims on these games (they lapse if it dies)."""

    async def release(self, game_id: int) -> None: ...

    # -- after play: the log, results, ratings, rematches, undo requests ---------------------
    async def log(self, game_id: int) -> list[LogEntry]: ...

    async def finished_games(
        self,
        guild_id: int,
        user_id: int | None = None,
        game_key: str | None = None,
        limit: int | None = None,
    ) -> list[GameRecord]: ...

    async def settle(
        self,
        game_id: int,
        forced: str | None,
        rated: bool,
        ratings: list[Rating],
        moves: Sequence[Sequence[float]] = (),
    ) -> bool: ...

    async def ratings(self, guild_id: int, game_key: str) -> list[Rating]: ...

    async def guild_settings(self, guild_id: int) -> GuildSettings: ...

    async def save_guild_settings(self, settings: GuildSettings) -> None: ...

    async def create_rematch(self, game_id: int, seed: int) -> tuple[GameRecord, bool]: ...

    async def undo_request(self, game_id: int, request_id: int) -> UndoRequest | None:
        """The game's request of that id, open or ended."""

    async def open_undo(self, game_id: int) -> UndoRequest | None:
        """The game's open request to take back a move (at most one)."""

    async def ask_undo(
        self, request: UndoRequest, posts: list[Post], read: GameRecord, replaces: int | None
    ) -> UndoRequest:
        """Record a request asked on the game as ``read``, replacing its open request
        ``replaces`` (None: none was open), with the posts that owes; the request stored,
        with its id. Refused (:class:`VersionConflict`) if the game or its open request
        changed since."""

    async def answer_undo(
        self, game_id: int, request_id: int, seat: int, approve: bool
    ) -> UndoRequest | None:
        """The answer of ``seat``'s holder to the open request ``request_id``: an approval
        takes the seat off the waiting list, a refusal ends the request. The request as it
        stands after; None if it is not open or does not wait for that seat."""
