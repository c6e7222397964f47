"""One SQL store for every database: its statements and transaction rules written once, with
``?`` placeholders, split by area; a dialect (:mod:`bot.storage.sqlite`,
:mod:`bot.storage.postgres`) subclasses :class:`SqlStore` with only what differs: how it
connects, locks, reads a game with its seats, writes JSON, and shares the background work."""

from bot.storage.sql.after import AfterPlay
from bot.storage.sql.counts import Counts
from bot.storage.sql.days import Days
from bot.storage.sql.games import Games
from bot.storage.sql.leagues import Leagues
from bot.storage.sql.moves import Moves
from bot.storage.sql.rows import GAME_COLUMNS, GAME_LATER, game_record, seat_record
from bot.storage.sql.session import Row, Session


class SqlStore(Games, Moves, Days, AfterPlay, Counts, Leagues):
    """The :class:`bot.storage.Store` methods every dialect shares."""


__all__ = ["GAME_COLUMNS", "GAME_LATER", "Row", "Session", "SqlStore", "game_record", "seat_record"]
