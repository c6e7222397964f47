"""Parley's game logic on top of the store, with no Discord in it.

Every change goes through here: lobby seats (people and AI seats), starting, actions (with
the version check and retries), resigning, forfeits, moves the AI plays (an AI seat, or a seat
whose player is absent or gone), and handing a seat over. Each committed change carries the
posts it owes (thread posts and DMs) in the same transaction; :mod:`bot.discord.delivery`
sends them. The AI's moves are owed work, handed out to :mod:`bot.play.thoughts` after the
commit that made them due, thought in a process pool (:mod:`bot.play.thinking`) and committed
like a player's.
"""

from __future__ import annotations

import contextlib
import logging
import secrets
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any, TypeVar

from bot.play.claims import Claims
from bot.play.posts import posts_owed, undo_ended
from bot.play.readers import aloud, to_reader
from bot.play.secrecy import is_secret_choice
from bot.play.story import replay_post, stored_result
from bot.play.teaching import Teacher, with_notes
from bot.play.thinking import Thinker, decision_seed
from bot.play.thoughts import Thoughts
from bot.play.turns import replay
from bot.play.wording import choice_named, choice_words
from bot.storage import (
    AbsentPolicy,
    DirectMessage,
    GameRecord,
    GameStatus,
    Post,
    Seat,
    Store,
    ThreadPost,
    TooManyLobbies,
    VersionConflict,
    who,
)
from games import REGISTRY, GameSpec, IllegalAction, find_game
from games.ai.hints import Hint
from games.core import normalize
from games.core.words import N_, t, tn, told

log = logging.getLogger(__name__)

RETRIES = 5
BUSY = N_("The game is very busy right now; please try again.")
#: Open lobbies (games waiting for players) one host may have in a server, and a server.
LOBBIES_PER_HOST = 5
LOBBIES_PER_SERVER = 50

T = TypeVar("T")


class UserError(Exception):
    """A friendly refusal shown to the user (ephemeral); nothing changed."""


@dataclass
class Acted:
    """An action applied: the game after it, and the line that tells it."""

    game: GameRecord
    line: str


def known_game(key: str) -> GameSpec[Any]:
    """The game called ``key``, or a refusal naming the games there are."""
    spec = find_game(key)
    if spec is None:
        names = ", ".join(f"`{s.key}`" for s in REGISTRY.values())
        raise UserError(
            t("I don't know a game called `{key}`. Try one of: {names}.", key=key, names=names)
        )
    return spec


def parse_options(spec: GameSpec[Any], text: str) -> dict[str, Any]:
    """``"board=compass first=green"`` -> a validated options dict."""
    known = {o.name: o for o in spec.options}
    options: dict[str, Any] = {}
    for word in text.split():
        name, sep, value = word.partition("=")
        if not sep or name not in known:
            names = ", ".join(f"`{o.name}`" for o in spec.options) or t("none")
            raise UserError(
                t(
                    "`{word}` is not an option of {game}. Options: {names}, written like "
                    "`name=value`.",
                    word=word,
                    game=t(spec.title),
                    names=names,
                )
            )
        choice = choice_named(known[name], value)
        if choice is None:
            allowed = ", ".join(f"`{choice_words(c)}`" for c in known[name].choices)
            raise UserError(t("`{name}` can be {allowed}.", name=name, allowed=allowed))
        options[name] = choice
    try:
        return spec.resolve_options(options)
    except IllegalAction as error:
        raise UserError(str(error)) from None


class GameService:
    """``thinker`` runs the AI off the event loop; ``claims`` are this process's hold on its
    games' background work (the AI's moves among it), shared with the scheduler and the
    delivery of posts; ``delivered`` sends a game's owed posts once the AI's move committed."""

    def __init__(
        self,
        store: Store,
        thinker: Thinker | None = None,
        claims: Claims | None = None,
        delivered: Callable[[int], Awaitable[None]] | None = None,
    ) -> None:
        self.store = store
        self.thinker = thinker or Thinker()
        self.claims = claims or Claims(store)
        #: The AI's moves owed, one game's at a time, as many games at once as the pool has
        #: workers (the claims keep other processes out), so no seat is thought for twice.
        self.thoughts = Thoughts(self.claims, self.thinker.workers, delivered)
        self.teacher = Teacher()  # a practice game's notes

    # -- lookups ------------------------------------------------------------------------
    @staticmethod
    def spec(game: GameRecord) -> GameSpec[Any]:
        return REGISTRY[game.game_key]

    def state(self, game: GameRecord) -> Any:
        assert game.state is not None
        return self.spec(game).load(game.state)

    async def game(self, game_id: int) -> GameRecord:
        game = await self.store.game(game_id)
        if game is None:
            raise UserError(t("There is no game #{number}.", number=game_id))
        return game

    def _log(self, game: GameRecord) -> Callable[[], Awaitable[list[tuple[int, str]]]]:
        return partial(self.store.actions, game.id)

    # -- every change ---------------------------------------------------------------------
    async def _changing(self, game: GameRecord, change: Callable[[GameRecord], Awaitable[T]]) -> T:
        """Make one change decided on ``game`` as read, in a version-checked commit; if the game
        changed meanwhile (a race lost), read it again and decide again, so the change's checks
        judge the game as it now is."""
        for _ in range(RETRIES):
            try:
                return await change(game)
            except VersionConflict:
                game = await self.game(game.id)
        raise UserError(t(BUSY))

    # -- lobby --------------------------------------------------------------------------
    async def new_game(
        self,
        key: str,
        guild_id: int,
        channel_id: int,
        host_id: int,
        options_text: str = "",
        clock_seconds: int | None = None,
        policy: AbsentPolicy = "autopilot",
        ai: int = 0,
        hints: bool = False,
        practice: bool = False,
        language: str = "en",
    ) -> GameRecord:
        """A new lobby, its ``ai`` AI seats after the host and its move clock, in one commit
        (it still owes its opening: the lobby card and thread, see ``bot.discord.lobby``).
        Past a cap on open lobbies it is refused. ``hints``: ``/parley hint`` answers in it
        (while it is unrated); ``practice``: a guided game (:meth:`learn`)."""
        spec = known_game(key)
        options = parse_options(spec, options_text)
        if not 0 <= ai < spec.max_players:
            raise UserError(
                t(
                    "{game} seats at most {players} players, you included: choose 0–{most} AI "
                    "seats.",
                    game=t(spec.title),
                    players=spec.max_players,
                    most=spec.max_players - 1,
                )
            )
        try:
            game = await self.store.create_game(
                spec.key,
                guild_id,
                channel_id,
                host_id,
                secrets.randbits(62),
                options,
                clock_seconds,
                policy,
                caps=(LOBBIES_PER_HOST, LOBBIES_PER_SERVER),
                hints=hints,
                practice=practice,
                ai=ai,
                language=language,
            )
        except TooManyLobbies as full:
            if full.mine:
                games = ", ".join(f"#{game_id}" for game_id in full.mine)
                raise UserError(
                    t(
                        "You already have {n} games waiting for players in this server "
                        "({games}): start or cancel one of them before opening another.",
                        n=full.cap,
                        games=games,
                    )
                ) from None
            raise UserError(
                t(
                    "This server already has {n} games waiting for players: start or cancel "
                    "some of them before opening another.",
                    n=full.cap,
                )
            ) from None
        return game

    async def learn(
        self,
        key: str,
        guild_id: int,
        channel_id: int,
        user_id: int,
        options_text: str = "",
        language: str = "en",
    ) -> GameRecord:
        """A practice game (``/parley learn``): the learner against the AI in every other seat
        of a usual table (the one ``/parley rules`` shows), unrated, with hints on and
        teaching notes in its posts (:mod:`bot.play.teaching`), in the learner's ``language``.
        Still a lobby, and owed its start from this commit on: it is started once its private
        thread is recorded, by the command or by the scheduler's resume after a crash
        (``Opener.open`` in ``bot.discord.lobby``, :meth:`start` with ``again``)."""
        spec = known_game(key)
        players = spec.lesson.players if spec.lesson else spec.min_players
        return await self.new_game(
            spec.key,
            guild_id,
            channel_id,
            user_id,
            options_text,
            ai=players - 1,
            hints=True,
            practice=True,
            language=language,
        )

    async def add_ai(self, game: GameRecord, user_id: int) -> GameRecord:
        """The host fills a lobby seat with the AI (at normal strength)."""

        async def change(game: GameRecord) -> None:
            spec = self.spec(game)
            if game.status != "lobby":
                raise UserError(
                    t("This game has already started; AI seats are added in the lobby.")
                )
            if user_id != game.host_id:
                raise UserError(
                    t("Only the host, {host}, can add an AI seat.", host=who(game.host_id))
                )
            if len(game.seats) >= spec.max_players:
                raise UserError(
                    t(
                        "{game} seats at most {players} players; this table is full.",
                        game=t(spec.title),
                        players=spec.max_players,
                    )
                )
            await self.store.add_ai_seat(game.id, read=game)

        await self._changing(game, change)
        return await self.game(game.id)

    async def remove_ai(self, game: GameRecord, user_id: int) -> GameRecord:
        """The host takes the last AI seat out of the lobby."""

        async def change(game: GameRecord) -> None:
            if game.status != "lobby":
                raise UserError(t("This game has already started; its AI seats play on."))
            if user_id != game.host_id:
                raise UserError(
                    t("Only the host, {host}, can remove an AI seat.", host=who(game.host_id))
                )
            ai_seats = [s for s in game.seats if s.is_ai]
            if not ai_seats:
                raise UserError(t("There is no AI seat in this game to remove."))
            await self.store.remove_seat(game.id, ai_seats[-1].user_id, read=game)

        await self._changing(game, change)
        return await self.game(game.id)

    async def join(self, game: GameRecord, user_id: int) -> GameRecord:
        async def change(game: GameRecord) -> None:
            spec = self.spec(game)
            if game.status != "lobby":
                raise UserError(t("This game has already started; you can watch it in its thread."))
            if game.seat_of(user_id) is not None:
                raise UserError(t("You are already in this game."))
            if len(game.seats) >= spec.max_players:
                raise UserError(
                    t(
                        "{game} seats at most {players} players; this table is full.",
                        game=t(spec.title),
                        players=spec.max_players,
                    )
                )
            await self.store.add_seat(game.id, user_id, read=game)

        await self._changing(game, change)
        return await self.game(game.id)

    async def leave(self, game: GameRecord, user_id: int) -> GameRecord:
        async def change(game: GameRecord) -> None:
            if game.status != "lobby":
                raise UserError(t("The game has started; use `/parley resign` to leave it."))
            if game.seat_of(user_id) is None:
                raise UserError(t("You are not in this game."))
            if user_id == game.host_id:
                raise UserError(t("You are the host: use Cancel to call the game off."))
            await self.store.remove_seat(game.id, user_id, read=game)

        await self._changing(game, change)
        return await self.game(game.id)

    async def start(
        self, game: GameRecord, user_id: int | None, *, again: bool = False
    ) -> GameRecord:
        """The host starts the game (``user_id`` None: a league starts its game itself, or a
        practice game is started by its opener). ``again``: a start owed and made by whoever
        comes first (a practice game's, by the learner's command or a resume): the game
        already started is no error, nothing is done."""

        async def change(game: GameRecord) -> None:
            spec = self.spec(game)
            if again and game.status in ("active", "over"):
                return  # started already (decided on the game as it now is)
            if game.status == "cancelled":
                raise UserError(t("This game was cancelled."))
            if game.status != "lobby":
                raise UserError(t("This game has already started."))
            if user_id is not None and user_id != game.host_id:
                raise UserError(
                    t("Only the host, {host}, can start the game.", host=who(game.host_id))
                )
            if not spec.min_players <= len(game.seats) <= spec.max_players:
                raise UserError(
                    tn(
                        "{game} takes {players}; {n} joined so far.",
                        "{game} takes {players}; {n} joined so far.",
                        len(game.seats),
                        game=t(spec.title),
                        players=spec.player_range(),
                    )
                )
            state = spec.new(len(game.seats), game.seed, game.options)
            with aloud(game):  # (its DMs are made in their readers' words inside)
                line = t("The game begins!")
                posts = posts_owed(game, spec, None, state, 0, line, everyone_private=True)
                notes = await self.teacher.notes(spec, game, self._log(game), None, None, state)
            posts = with_notes(posts, notes)
            ai_due = any(s.played_by_ai and s.seat in spec.to_act(state) for s in game.seats)
            await self.store.start(game.id, spec.dump(state), posts, read=game, autopilot=ai_due)

        await self._changing(game, change)
        game = await self.game(game.id)
        if self.ai_seats_due(game):
            self.play_ai_seats(game.id)
        return game

    async def cancel(self, game: GameRecord, user_id: int, can_manage: bool) -> GameRecord:
        async def change(game: GameRecord) -> None:
            if game.status not in ("lobby", "active"):
                raise UserError(t("This game is already over."))
            if user_id != game.host_id and not can_manage:
                raise UserError(
                    t("Only the host or a member with Manage Server can cancel a game.")
                )
            with aloud(game):
                post = ThreadPost(t("{player} cancelled the game.", player=who(user_id)))
            posts: list[Post] = [post] if game.thread_id else []
            await self.store.finish(game.id, "cancelled", None, posts, read=game)

        await self._changing(game, change)
        return await self.game(game.id)

    # -- play ---------------------------------------------------------------------------
    def seat_for(self, game: GameRecord, user_id: int) -> int:
        if game.status == "lobby":
            raise UserError(t("The game has not started yet: the host presses Start."))
        if game.status != "active":
            raise UserError(t("This game is over."))
        seat = game.seat_held_by(user_id)
        if seat is None:
            if game.seat_of(user_id) is not None:
                raise UserError(
                    t("You have already left this game: the autopilot plays your old seat.")
                )
            raise UserError(t("You are not playing in this game; you can watch, though!"))
        return seat

    async def act(
        self, game_id: int, user_id: int, action: str, click_version: int | None = None
    ) -> Acted:
        """Apply ``action`` for the user's seat; a stale click or a lost race is refused."""
        if click_version is not None and click_version < 0:  # a forged button
            raise UserError(t("That button does not belong to this game."))
        action = normalize(action)
        for _ in range(RETRIES):
            game = await self.game(game_id)
            seat = self.seat_for(game, user_id)
            spec = self.spec(game)
            state = self.state(game)
            if click_version is not None and click_version != game.version:
                await self._check_fresh(game, seat, click_version)
            if seat not in spec.to_act(state):
                raise UserError(self.waiting_message(game, spec, state))
            try:
                new_state = spec.apply(state, seat, action)
            except IllegalAction as error:
                raise UserError(str(error)) from None
            with aloud(game):
                line = spec.describe(state, seat, action, new_state)
            try:
                owed = await self._commit(game, spec, state, seat, user_id, action, new_state, line)
            except VersionConflict:
                continue
            if owed:
                self.play_ai_seats(game_id)
            return Acted(await self.game(game_id), spec.describe(state, seat, action, new_state))
        raise UserError(t(BUSY))

    async def choosing(
        self, game_id: int, user_id: int, click_version: int
    ) -> tuple[GameRecord, int]:
        """The game and seat of a player opening a further step of their choices from a post
        of ``click_version``: refused as :meth:`act` would refuse a move from it (not a
        player, not their turn, an old board), so a step is only ever shown to the seat that
        may pick from it."""
        game = await self.game(game_id)
        seat = self.seat_for(game, user_id)
        if click_version != game.version:
            await self._check_fresh(game, seat, click_version)
        spec = self.spec(game)
        state = self.state(game)
        if seat not in spec.to_act(state):
            raise UserError(self.waiting_message(game, spec, state))
        return game, seat

    async def play_for(
        self,
        game: GameRecord,
        seat: int,
        action: str,
        why: str,
        params: Mapping[str, str] | None = None,
    ) -> None:
        """Play ``action`` for a seat whose player did not (an interrupt let pass, a clock
        run out); the thread's line is ``why`` (an ``N_`` text whose ``{line}`` is the move's
        own line, its other placeholders from ``params``). Raises :class:`VersionConflict` if
        the game moved on meanwhile."""
        spec = self.spec(game)
        before = self.state(game)
        after = spec.apply(before, seat, action)
        with aloud(game):
            line = told(why, {**(params or {}), "line": spec.describe(before, seat, action, after)})
        if await self._commit(game, spec, before, seat, None, action, after, line):
            self.play_ai_seats(game.id)

    async def hint(self, game_id: int, user_id: int) -> Hint:
        """The AI's suggested move for the user's seat and why (``/parley hint``), thought out
        in the AI's pool over the seat's own knowledge. Only in an unrated game (a practice
        game, or one with an AI seat) whose lobby turned hints on, and only on your turn."""
        game = await self.game(game_id)
        seat = self.seat_for(game, user_id)
        if not game.against_ai:
            raise UserError(
                t(
                    "Hints are only for unrated games: a practice game (`/parley learn`) or a "
                    "game with an AI seat."
                )
            )
        if not game.hints:
            raise UserError(
                t(
                    "Hints are off in this game: a host allows them when opening it, with "
                    "`/parley new ... hints:True`."
                )
            )
        spec = self.spec(game)
        state = self.state(game)
        if seat not in spec.to_act(state):
            raise UserError(self.waiting_message(game, spec, state))
        assert game.state is not None
        seed = decision_seed(game.seed, game.version, seat)
        return await self.thinker.advise(game.game_key, game.state, seat, seed)

    async def _check_fresh(self, game: GameRecord, seat: int, click_version: int) -> None:
        """An old button still works for a seat that was due when it was posted and has not
        acted since (a vote cast while others voted); any other old board is refused."""
        if click_version > game.version:
            raise UserError(t("That button does not belong to this game."))
        log = await self.store.actions(game.id)
        spec = self.spec(game)
        if any(s == seat for s, _ in log[click_version:]):
            if replay(spec, game, log).starts.get(seat, game.version + 1) <= click_version:
                raise UserError(  # a turn of several steps, begun by that board, goes on
                    t(
                        "That board is out of date: you have moved since. Your turn goes on: "
                        "pick from my answer to your last move, or from `/parley hand`."
                    )
                )
            if seat in spec.to_act(self.state(game)):
                raise UserError(
                    t(
                        "That board is out of date: you have moved since, and it is your move "
                        "again. Use the newest post in the thread."
                    )
                )
            raise UserError(
                t(
                    "That board is out of date: you have moved since. Use the newest post in "
                    "the thread."
                )
            )
        if seat not in spec.to_act(replay(spec, game, log[:click_version]).state):
            raise UserError(
                t(
                    "That board is out of date: those buttons were for another player's turn. "
                    "Use the newest post in the thread."
                )
            )

    async def _commit(
        self,
        game: GameRecord,
        spec: GameSpec[Any],
        before: Any,
        seat: int,
        user_id: int | None,
        action: str,
        after: Any,
        line: str,
    ) -> bool:
        """Record one applied action, its new state, the posts it owes and the AI's move
        owed if a seat the AI plays is now due, in one version-checked transaction; whether
        the AI's move is owed."""
        outcome = spec.outcome(after)
        result = None
        status: GameStatus = "active"
        if outcome is not None:
            status = "over"
            result = stored_result(outcome.winners, outcome.text, **outcome.params)
        due = spec.to_act(after)
        autopilot = status == "active" and any(s.played_by_ai and s.seat in due for s in game.seats)
        version = game.version + 1
        posts = posts_owed(
            game,
            spec,
            before,
            after,
            version,
            line,
            actor=seat,
            secret=is_secret_choice(spec, before, seat),
        )
        with aloud(game):
            notes = await self.teacher.notes(spec, game, self._log(game), before, seat, after)
        posts = with_notes(posts, notes)
        pending = await self.store.open_undo(game.id)  # the action ends it
        if status == "active":  # at the game's end its final post says it all
            posts += undo_ended(game, pending, "expired", user_id)
        await self.store.record_action(
            game.id,
            game.version,
            seat,
            user_id,
            action,
            spec.dump(after),
            status,
            result,
            posts,
            read=game,
            autopilot=autopilot,
            undo=None if pending is None else pending.id,
        )
        return autopilot

    def play_ai_seats(self, game_id: int) -> None:
        """Hand out the AI's moves a commit made due (an AI seat's, or a seat's on autopilot),
        recorded in that commit; the caller returns at once, and :class:`Thoughts` plays them
        (:meth:`run_autopilot`) and sends the posts they owe."""
        self.thoughts.owe(game_id, "seats", lambda: self.run_autopilot(game_id))

    async def stand_in_action(self, game: GameRecord, seat: int) -> str:
        """The AI's move for ``seat`` in the game as read, thought out off the event loop;
        the same game, version and seat always give the same move."""
        assert game.state is not None
        seed = decision_seed(game.seed, game.version, seat)
        return await self.thinker.choose(game.game_key, game.state, seat, seed)

    def ai_seats_due(self, game: GameRecord) -> list[Seat]:
        """The seats the AI plays (AI seats, seats on autopilot) that are due now."""
        if game.status != "active":
            return []
        due = self.spec(game).to_act(self.state(game))
        return [s for s in game.seats if s.played_by_ai and s.seat in due]

    async def run_autopilot(self, game_id: int) -> bool:
        """The AI plays every due seat it plays (an AI seat, or a seat on autopilot: its
        player resigned or was removed) until a person is due or the game ends; then the
        record of the work owed (``autopilot_due``) is cleared, unless the game changed
        meanwhile. Run by :class:`Thoughts` with the game claimed, after a commit and (for
        the games :meth:`Store.autopilot_due` names) every tick: a crash between a commit and
        this run, or in the middle of a thought, leaves the work recorded, and the move is
        simply thought again (the same move: a decision's seed is fixed). Whether it played."""
        game = await self.game(game_id)
        if self.ai_seats_due(game):
            await self._play_due(game_id)
            return True
        if any(s.played_by_ai for s in game.seats):
            await self.store.autopilot_done(game)
        return False

    async def _play_due(self, game_id: int) -> None:
        """One due seat the AI plays after another, each move an ordinary version-checked
        commit (a move that lands meanwhile wins, and the AI thinks again on the new game)."""
        game = await self.game(game_id)
        spec = self.spec(game)
        while idle := self.ai_seats_due(game):
            seat = idle[0]
            state = self.state(game)
            action = await self.stand_in_action(game, seat.seat)
            after = spec.apply(state, seat.seat, action)
            with aloud(game):
                line = spec.describe(state, seat.seat, action, after)
                line = line if seat.is_ai else t("(autopilot) {line}", line=line)
            with contextlib.suppress(VersionConflict):
                await self._commit(game, spec, state, seat.seat, None, action, after, line)
            game = await self.game(game_id)
        await self.store.autopilot_done(game)

    # -- leaving a game -------------------------------------------------------------------
    async def resign(self, game: GameRecord, user_id: int) -> GameRecord:
        async def change(game: GameRecord) -> None:
            seat = self.seat_for(game, user_id)
            label = self.spec(game).seat_label(seat)
            with aloud(game):
                line = t("{player} ({seat}) resigns.", player=who(user_id), seat=t(label))
            await self.forfeit(game, seat, line, N_("{seat} resigned"), {"seat": label})

        await self._changing(game, change)
        return await self.game(game.id)

    async def kick(self, game: GameRecord, user_id: int) -> int:
        """The host removes a player; the autopilot plays their seat. Returns the seat."""

        async def change(game: GameRecord) -> int:
            seat = game.seat_held_by(user_id)
            if game.status != "active" or seat is None:
                raise UserError(t("{player} is not playing in this game.", player=who(user_id)))
            label = self.spec(game).seat_label(seat)
            with aloud(game):
                line = t(
                    "{host} removed {player} ({seat}) from the game.",
                    host=who(game.host_id),
                    player=who(user_id),
                    seat=t(label),
                )
            await self.forfeit(game, seat, line, N_("{seat} forfeited"), {"seat": label})
            return seat

        return await self._changing(game, change)

    async def forfeit(
        self, game: GameRecord, seat: int, line: str, reason: str, params: Mapping[str, Any]
    ) -> None:
        """The seat leaves the game (a resignation, a kick, a clock run out under the forfeit
        policy): the last one standing wins (the AI seats left, when no person is), or else
        the autopilot (the AI, at normal strength) plays the seat for the others to finish
        (recorded in the same commit, so a crash cannot lose it). ``line`` is told in the
        thread (made in the thread's language), ``reason`` is the result's (English, marked
        ``N_``, its placeholders from ``params``, said when read). Raises
        :class:`VersionConflict` if the game changed since ``game`` was read (a move, another
        resignation)."""
        spec = self.spec(game)
        user = game.user_of(seat)
        others = [s for s in game.seats if s.seat != seat and not s.resigned]
        if len(others) <= 1 or all(s.is_ai for s in others):
            result = stored_result([s.seat for s in others], reason, **params)
            with aloud(game):
                view = spec.view(self.state(game), None)
                replayed = replay_post(game.version)
            post = ThreadPost(line, view=view, result=result, version=game.version)
            posts: list[Post] = [post, replayed] if game.version else [post]
            await self.store.finish(game.id, "over", result, posts, resigned_user=user, read=game)
        else:
            await self._to_autopilot(game, user, line)

    async def _to_autopilot(self, game: GameRecord, user: int, line: str) -> None:
        """The autopilot plays ``user``'s seat from now on, and its move is owed at once."""
        with aloud(game):
            post = ThreadPost(
                t(
                    "{line} The autopilot plays their seat: the AI, at normal strength.",
                    line=line,
                )
            )
        pending = await self.store.open_undo(game.id)  # withdrawn: the seat changed hands
        await self.store.finish(
            game.id,
            "active",
            None,
            [post, *undo_ended(game, pending, "withdrawn", user)],
            resigned_user=user,
            read=game,
            autopilot=True,
            undo=None if pending is None else pending.id,
        )
        self.play_ai_seats(game.id)

    async def stand_down(self, game: GameRecord, user_id: int) -> None:
        """``user_id`` left the league this game belongs to: the autopilot plays their seat
        to the end, also against a single opponent (the league's game is still played out
        and counts). Nothing if they no longer hold a seat in a game in play."""

        async def change(game: GameRecord) -> None:
            if game.status == "active" and game.seat_held_by(user_id) is not None:
                with aloud(game):
                    line = t("{player} left the league.", player=who(user_id))
                await self._to_autopilot(game, user_id, line)

        await self._changing(game, change)

    async def hand_over(self, game: GameRecord, old_user: int, new_user: int, now: float) -> int:
        """Hand a seat to another player: the newcomer gets the seat's private view (and
        choices) by DM, and a fresh clock if it is their turn. Returns the seat."""
        had_seat = game.seat_of(old_user) is not None
        policy = await self.store.time_policy(game.id)

        async def change(game: GameRecord) -> int:
            seat = game.seat_of(old_user)
            if seat is None:
                if had_seat:
                    raise UserError(
                        t(
                            "{player} no longer has a seat to hand over: it changed hands "
                            "meanwhile (see the game's thread).",
                            player=who(old_user),
                        )
                    )
                raise UserError(t("{player} has no seat in this game.", player=who(old_user)))
            if game.seat_of(new_user) is not None:
                raise UserError(t("{player} cannot take this seat.", player=who(new_user)))
            spec = self.spec(game)
            state = self.state(game)
            due = seat in spec.to_act(state)
            with aloud(game):
                line = t(
                    "{host} hands {seat} from {old} to {new}.",
                    host=who(game.host_id),
                    seat=t(spec.seat_label(seat)),
                    old=who(old_user),
                    new=who(new_user),
                )
            with to_reader(game, new_user):
                private = spec.private_text(spec.view(state, seat))
                taken = t("You take over this seat.") + "\n" + private
            posts: list[Post] = [
                ThreadPost(line, mentions=[new_user] if due else []),
                DirectMessage(
                    user_id=new_user,
                    seat=seat,
                    version=game.version,
                    text=taken,
                    choices=is_secret_choice(spec, state, seat),
                ),
            ]
            fresh = now + policy.clock_seconds if policy.clock_seconds else None
            pending = await self.store.open_undo(game.id)  # withdrawn: the seat changes hands
            await self.store.replace_seat(
                game.id,
                old_user,
                new_user,
                posts + undo_ended(game, pending, "withdrawn", old_user),
                read=game,
                due_at=fresh,
                undo=None if pending is None else pending.id,
            )
            return seat

        return await self._changing(game, change)

    @staticmethod
    def waiting_message(game: GameRecord, spec: GameSpec[Any], state: Any) -> str:
        names = ", ".join(who(game.user_of(s)) for s in spec.to_act(state))
        return t("It is not your turn: waiting for {players}.", players=names)
