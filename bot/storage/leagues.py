"""A league's records and the part of :class:`bot.storage.Store` that keeps them (issue 28):
the league, who signed up, each round's boards and the games they became."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Protocol

from bot.storage.records import AbsentPolicy, GameStatus

LeagueFormat = Literal["swiss", "robin", "knockout"]
LeagueStatus = Literal["signup", "playing", "over", "cancelled"]


@dataclass(frozen=True)
class LeagueDraft:
    """What ``/parley league new`` decided."""

    guild_id: int
    channel_id: int
    organiser_id: int
    name: str
    game_key: str
    options: dict[str, Any]
    clock_seconds: int
    policy: AbsentPolicy
    format: LeagueFormat
    rounds: int
    seats: int
    signup_until: float
    rated: bool
    season: str | None = None
    language: str = "en"  # its thread's, its card's and its games' (a code)


@dataclass(frozen=True)
class LeagueRecord:
    id: int
    draft: LeagueDraft
    card_id: int | None
    thread_id: int | None
    round: int
    posted: int
    status: LeagueStatus


@dataclass(frozen=True)
class LeaguePlayer:
    user_id: int
    gone: bool


@dataclass(frozen=True)
class LeagueBoard:
    """One board of a round: the players in seat order (one: a bye), its game once opened,
    and that game's status, winners (user ids) and thread once it has one."""

    id: int
    round: int
    board: int
    players: tuple[int, ...]
    game_id: int | None
    status: GameStatus | None
    winners: frozenset[int] | None
    thread_id: int | None = None


class LeagueStore(Protocol):
    async def create_league(self, draft: LeagueDraft) -> LeagueRecord: ...

    async def league(self, league_id: int) -> LeagueRecord | None: ...

    async def leagues(self, guild_id: int, season: str | None = None) -> list[LeagueRecord]:
        """The server's leagues, newest first (only ``season``'s when given)."""

    async def league_of_game(self, game_id: int) -> int | None: ...

    async def set_league_places(self, league_id: int, card_id: int, thread_id: int) -> None: ...

    async def leagues_due(self, now: float) -> list[int]:
        """Leagues with something to do: sign-up over, or being played, or owing a post."""

    async def join_league(self, league_id: int, user_id: int) -> bool:
        """Sign up (while sign-up is open); False if it is not or they already are in."""

    async def leave_league(self, league_id: int, user_id: int) -> bool:
        """Leave: struck off while signing up, else kept (their points stay) with no new
        games. False if they were not in it."""

    async def league_players(self, league_id: int) -> list[LeaguePlayer]:
        """In sign-up order."""

    async def league_boards(self, league_id: int) -> list[LeagueBoard]: ...

    async def draw_round(
        self,
        league_id: int,
        after: int,
        boards: list[tuple[int, ...]],
        rounds: int | None = None,
    ) -> bool:
        """Write round ``after + 1`` and its boards, in one transaction, only if the league
        is still at round ``after``; ``rounds`` fixes the planned count. False if another
        process drew it first or the league ended."""

    async def end_league(self, league_id: int, after: int, status: LeagueStatus) -> bool:
        """End the league (``over`` or ``cancelled``) if it is still at round ``after``."""

    async def mark_league_posted(self, league_id: int, posted: int) -> None: ...

    async def open_league_game(
        self, board_id: int, seed: int, host_id: int, channel_id: int
    ) -> int | None:
        """The board's game as a full lobby (its seats, the league's options and clock), linked
        to the board in the same transaction; None if the board has its game already."""

    async def league_rated(self, game_id: int) -> bool:
        """False for a game of a league that is not rated; True for any other game."""

    async def league_role(self, guild_id: int) -> int | None: ...

    async def set_league_role(self, guild_id: int, role_id: int | None) -> None: ...

    async def season_games(self, guild_id: int, season: str) -> list[int]:
        """The finished games of a season's rated leagues, in the order they ended."""
