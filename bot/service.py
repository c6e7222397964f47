"""Parley's game logic on top of the store, with no Discord in it.

Every change goes through here: lobby seats, starting, actions (with the version check and
retries), resigning. Each committed change carries the posts it owes (thread posts and DMs) in
the same transaction; :mod:`bot.delivery` sends them.
"""

from __future__ import annotations

import contextlib
import secrets
from dataclasses import dataclass
from typing import Any

from bot.store import GameRecord, Post, Store, VersionConflict
from bot.timekeeping import autopilot_action, replay
from games import REGISTRY, GameSpec, IllegalAction, find_game

RETRIES = 5


class UserError(Exception):
    """A friendly refusal shown to the user (ephemeral); nothing changed."""


@dataclass
class Acted:
    game: GameRecord
    version: int
    line: str


def parse_options(spec: GameSpec, text: str) -> dict[str, Any]:
    """``"board=compass first=green"`` -> a validated options dict."""
    known = {o.name: o for o in spec.options}
    options: dict[str, Any] = {}
    for word in text.split():
        name, sep, value = word.partition("=")
        if not sep or name not in known:
            names = ", ".join(f"`{o.name}`" for o in spec.options) or "none"
            raise UserError(f"`{word}` is not an option of {spec.title}. Options: {names}, "
                            "written like `name=value`.")
        choice = next((c for c in known[name].choices if str(c).lower() == value.lower()), None)
        if choice is None:
            allowed = ", ".join(f"`{c}`" for c in known[name].choices)
            raise UserError(f"`{name}` can be {allowed}.")
        options[name] = choice
    try:
        return spec.resolve_options(options)
    except IllegalAction as error:
        raise UserError(str(error)) from None


class GameService:
    def __init__(self, store: Store) -> None:
        self.store = store

    # -- lookups ------------------------------------------------------------------------
    @staticmethod
    def spec(game: GameRecord) -> GameSpec:
        return REGISTRY[game.game_key]

    def state(self, game: GameRecord) -> Any:
        assert game.state is not None
        return self.spec(game).load(game.state)

    async def game(self, game_id: int) -> GameRecord:
        game = await self.store.game(game_id)
        if game is None:
            raise UserError(f"There is no game #{game_id}.")
        return game

    # -- lobby --------------------------------------------------------------------------
    async def new_game(self, key: str, guild_id: int, channel_id: int, host_id: int,
                       options_text: str = "") -> GameRecord:
        spec = find_game(key)
        if spec is None:
            names = ", ".join(f"`{s.key}`" for s in REGISTRY.values())
            raise UserError(f"I don't know a game called `{key}`. Try one of: {names}.")
        options = parse_options(spec, options_text)
        return await self.store.create_game(spec.key, guild_id, channel_id, host_id,
                                            secrets.randbits(62), options)

    async def join(self, game: GameRecord, user_id: int) -> GameRecord:
        spec = self.spec(game)
        if game.status != "lobby":
            raise UserError("This game has already started; you can watch it in its thread.")
        if game.seat_of(user_id) is not None:
            raise UserError("You are already in this game.")
        if len(game.seats) >= spec.max_players:
            raise UserError(f"{spec.title} seats at most {spec.max_players} players; "
                            "this table is full.")
        await self.store.add_seat(game.id, user_id)
        return await self.game(game.id)

    async def leave(self, game: GameRecord, user_id: int) -> GameRecord:
        if game.status != "lobby":
            raise UserError("The game has started; use `/parley resign` to leave it.")
        if game.seat_of(user_id) is None:
            raise UserError("You are not in this game.")
        if user_id == game.host_id:
            raise UserError("You are the host: use Cancel to call the game off.")
        await self.store.remove_seat(game.id, user_id)
        return await self.game(game.id)

    async def start(self, game: GameRecord, user_id: int) -> GameRecord:
        spec = self.spec(game)
        if game.status != "lobby":
            raise UserError("This game has already started.")
        if user_id != game.host_id:
            raise UserError(f"Only the host, <@{game.host_id}>, can start the game.")
        if not spec.min_players <= len(game.seats) <= spec.max_players:
            raise UserError(f"{spec.title} needs {spec.min_players}–{spec.max_players} players; "
                            f"{len(game.seats)} joined so far.")
        state = spec.new(len(game.seats), game.seed, game.options)
        posts = posts_owed(game, spec, None, state, version=0, line="The game begins!",
                            everyone_private=True)
        try:
            await self.store.start(game.id, spec.dump(state), posts)
        except VersionConflict:
            raise UserError("This game has already started.") from None
        return await self.game(game.id)

    async def cancel(self, game: GameRecord, user_id: int, can_manage: bool) -> GameRecord:
        if game.status not in ("lobby", "active"):
            raise UserError("This game is already over.")
        if user_id != game.host_id and not can_manage:
            raise UserError("Only the host or a member with Manage Server can cancel a game.")
        post = Post("thread", {"line": f"<@{user_id}> cancelled the game.", "mentions": []})
        await self.store.finish(game.id, "cancelled", None, [post] if game.thread_id else [])
        return await self.game(game.id)

    # -- play ---------------------------------------------------------------------------
    def seat_for(self, game: GameRecord, user_id: int) -> int:
        if game.status == "lobby":
            raise UserError("The game has not started yet: the host presses Start.")
        if game.status != "active":
            raise UserError("This game is over.")
        seat = game.seat_of(user_id)
        if seat is None:
            raise UserError("You are not playing in this game; you can watch, though!")
        return seat

    async def act(self, game_id: int, user_id: int, action: str,
                  click_version: int | None = None) -> Acted:
        """Apply ``action`` for the user's seat; a stale click or a lost race is refused."""
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
            line = spec.describe(state, seat, " ".join(action.split()).lower(), new_state)
            try:
                version = await self._commit(game, spec, state, seat, user_id, action, new_state,
                                             line)
            except VersionConflict:
                continue
            return Acted(await self.game(game_id), version, line)
        raise UserError("The game is very busy right now; please try again.")

    async def _check_fresh(self, game: GameRecord, seat: int, click_version: int) -> None:
        """An old button still works for a seat that was due when it was posted and has not
        acted since (a vote cast while others voted); any other old board is refused."""
        if click_version > game.version:
            raise UserError("That button does not belong to this game.")
        log = await self.store.actions(game.id)
        if any(s == seat for s, _ in log[click_version:]):
            raise UserError("That board is out of date: you have moved since. Use the newest "
                            "post in the thread.")
        spec = self.spec(game)
        if seat not in spec.to_act(replay(spec, game, log[:click_version]).state):
            raise UserError("That board is out of date: those buttons were for another "
                            "player's turn. Use the newest post in the thread.")

    async def _commit(self, game: GameRecord, spec: GameSpec, before: Any, seat: int,
                      user_id: int | None, action: str, after: Any, line: str) -> int:
        outcome = spec.outcome(after)
        result = None
        status = "active"
        if outcome is not None:
            status = "over"
            result = {"winners": outcome.winners, "reason": outcome.reason}
        version = game.version + 1
        normalized = " ".join(action.split()).lower()
        posts = posts_owed(game, spec, before, after, version, line, actor=seat,
                            secret=spec.secret_choice(before, seat))
        version = await self.store.record_action(game.id, game.version, seat, user_id,
                                                 normalized, spec.dump(after), status, result,
                                                 posts)
        await self._autopilot(game.id)
        return version

    async def _autopilot(self, game_id: int) -> None:
        """Seats of resigned players play random legal moves so the others can finish."""
        game = await self.game(game_id)
        spec = self.spec(game)
        while game.status == "active":
            state = self.state(game)
            idle = [s.seat for s in game.seats if s.resigned and s.seat in spec.to_act(state)]
            if not idle:
                return
            seat = idle[0]
            action = autopilot_action(spec, game, state, seat)
            after = spec.apply(state, seat, action)
            line = "(autopilot) " + spec.describe(state, seat, action, after)
            with contextlib.suppress(VersionConflict):
                await self._commit(game, spec, state, seat, None, action, after, line)
            game = await self.game(game_id)

    async def resign(self, game: GameRecord, user_id: int) -> GameRecord:
        seat = self.seat_for(game, user_id)
        spec = self.spec(game)
        others = [s.seat for s in game.seats if s.seat != seat and not s.resigned]
        line = f"<@{user_id}> ({spec.seat_label(seat)}) resigns."
        if len(others) <= 1:
            result = {"winners": others, "reason": f"{spec.seat_label(seat)} resigned"}
            post = Post("thread", {"line": line, "mentions": [], "view": spec.view(
                self.state(game), None), "result": result, "version": game.version})
            await self.store.finish(game.id, "over", result, [post], resigned_user=user_id)
        else:
            post = Post("thread", {"line": line + " A simple autopilot plays their seat.",
                                   "mentions": []})
            await self.store.finish(game.id, "active", None, [post], resigned_user=user_id)
            await self._autopilot(game.id)
        return await self.game(game.id)

    @staticmethod
    def waiting_message(game: GameRecord, spec: GameSpec, state: Any) -> str:
        names = ", ".join(f"<@{game.user_of(s)}>" for s in spec.to_act(state))
        return f"It is not your turn: waiting for {names}."


def _news(old: dict[str, Any], new: dict[str, Any]) -> bool:
    """Whether a public view gained something: a field now holding a different, non-empty
    value (a reveal). A field merely cleared, like the last action's events, is no news."""
    return any(value != old.get(key) and value not in (None, "", [], {})
               for key, value in new.items())


# -- what to tell whom ------------------------------------------------------------------
def posts_owed(game: GameRecord, spec: GameSpec, before: Any, after: Any, version: int,
               line: str, actor: int | None = None, secret: bool = False,
               everyone_private: bool = False) -> list[Post]:
    """The thread post and DMs owed after a change.

    A secret action stays off the thread while the actor's secret choice goes on and
    nothing public changed, so a round of bids does not post once per card; one that
    settles the choice or reveals something is posted. Only seats that have just become due
    are pinged; those still due are named without a ping.
    """
    to_act = spec.to_act(after)
    posts: list[Post] = []
    due_before: set[int] = set() if before is None else set(spec.to_act(before))
    public = spec.view(after, None)
    seat_views = {seat: spec.view(after, seat) for seat in range(len(game.seats))}
    changed_hands = {
        seat for seat, view in seat_views.items()
        if everyone_private or before is None
        or spec.view(before, seat).get("private") != view.get("private")
    }
    quiet = secret and actor in to_act and due_before == set(to_act) and (
        spec.secret_choice(after, actor)) and not _news(spec.view(before, None), public)
    if not quiet:
        outcome = spec.outcome(after)
        posts.append(Post("thread", {
            "version": version,
            "line": line,
            "actor": None if actor is None else game.user_of(actor),
            "waiting": [game.user_of(s) for s in to_act],
            "mentions": [game.user_of(s) for s in to_act if s not in due_before],
            "secret": any(spec.secret_choice(after, s) for s in to_act),
            "view": public,
            "result": None if outcome is None else
            {"winners": outcome.winners, "reason": outcome.reason},
        }))
    # The actor of a secret choice sees their refreshed panel in the interaction reply.
    if secret and actor is not None:
        changed_hands.discard(actor)
    # Due to a secret choice now but not before: that includes the actor who just called a
    # vote it takes part in (still to act, but its choice only now became secret).
    newly_secret = {s for s in to_act if spec.secret_choice(after, s) and (
        s not in due_before or not spec.secret_choice(before, s))}
    for seat in sorted(changed_hands | newly_secret):
        text = spec.private_text(seat_views[seat])
        if text or seat in newly_secret:
            posts.append(Post("dm", {"version": version, "seat": seat, "text": text,
                                     "choices": seat in newly_secret},
                              user_id=game.user_of(seat)))
    return posts
