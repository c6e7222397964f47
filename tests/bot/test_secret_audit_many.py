"""Secret audit at scale (issue 8): thousands of random games of every game through the bot's
own message builders, with no Discord transport in between.

For every action this plays what the bot does: the service's posts owed (thread post and DMs,
:func:`posts_owed`), the thread text and buttons (:func:`post_text`,
:func:`public_choices`), each DM's text and buttons (:func:`dm_text`), the actor's private
reply and panel (:func:`panel`), the pinned status message (:func:`status_text`), and the
refusals another seat gets when it tries to act, and the log at DEBUG. At the end of each game
every text is checked against every seat's secrets, those it held at any time, so a public
text that tells a card before it is dealt (the deck order) is caught too.

Issue 16 adds the story of the game: its history (:func:`history_lines`) now and then, a
player asking to take back their last move (the refusal, the request, the posts of the undo,
:func:`plan_undo` and :func:`taken_back`), and the end, where the final post and the status
tell every secret (:func:`spec.reveal`). Texts said once the game is over may tell secrets;
no text said before may hold a line of the reveal. ``test_secret_audit.py`` runs the same check
through the fake Discord (transport, attachments, logs) on fewer games.

``PARLEY_AUDIT_GAMES`` sets the number of games per game (default: a sample that keeps the
suite fast); CI's deep audit (``.ci/run``) plays 400 of each. Each game is audited in English,
and, with ``PARLEY_EVERY_LANGUAGE=1`` (CI's deep audit), in German and French too (every text
in that language) on a tenth of the sample, at least one game.
"""

from __future__ import annotations

import os
import random
from dataclasses import replace
from typing import Any

import discord
import pytest

from bot.discord.choices import choices_view, panel
from bot.discord.delivery import dm_text, post_text, public_choices
from bot.discord.undo import request_text
from bot.language import LANGUAGES, speech_in
from bot.play.history import history_lines, undo_action
from bot.play.posts import posts_owed
from bot.play.service import GameService, UserError
from bot.play.status import status_text
from bot.play.story import named
from bot.play.teaching import notes_for, taught
from bot.play.undo import Asked, plan_undo, taken_back
from bot.storage import GameRecord, LogEntry, Seat, ThreadPost, TimePolicy, UndoRequest
from games import REGISTRY, GameSpec, IllegalAction
from games.core.words import speaking
from tests.bot.conftest import logged
from tests.bot.test_secret_audit import secret_lines

#: Games per game in the default suite, a quick look (CI's deep audit plays 400 of each, in
#: every language); ``PARLEY_AUDIT_GAMES`` overrides it.
SAMPLE = dict.fromkeys(REGISTRY, 10) | {
    "cardinal": 30,
    "caribbean": 4,
    "rigadoon": 3,
    "tortuga": 30,
}
MAX_ACTIONS = 20_000
PUBLIC = None
UNDO_SHARE = 0.02  # actions after which their player asks to take them back
UNDO_WINDOW = 40  # undos are tried in the first moves only: each replays the game so far


def labels(view: discord.ui.View | None) -> list[str]:
    """The words a view shows: button labels and menu option labels."""
    words: list[str] = []
    for item in view.children if view else []:
        if isinstance(item, discord.ui.Select):
            words += [o.label for o in item.options]
        elif isinstance(item, discord.ui.Button):
            words.append(item.label or "")
    return words


class Recorder:
    """Every text of one game with who may read it (a seat, or ``PUBLIC``), and every secret
    each seat held."""

    def __init__(self, spec: GameSpec, game: GameRecord) -> None:
        self.spec, self.game = spec, game
        self.texts: set[tuple[int | None, str]] = set()  # the same status is said many times
        self.secrets: dict[int, set[str]] = {s.seat: set() for s in game.seats}
        self.over = False  # once the game is over, its secrets are everyone's
        self.after_end: set[tuple[int | None, str]] = set()

    def hold(self, state: Any) -> None:
        for seat in self.secrets:
            self.secrets[seat] |= secret_lines(self.spec.private_text(self.spec.view(state, seat)))

    def say(self, reader: int | None, *texts: str) -> None:
        (self.after_end if self.over else self.texts).update((reader, text) for text in texts)

    def posts(self, posts: list[Any]) -> None:
        for post in posts:
            if isinstance(post, ThreadPost):
                self.say(PUBLIC, post_text(self.game, post))
                if post.view:
                    self.say(PUBLIC, *labels(public_choices(self.game, post, choices_view)))
            else:
                seat = post.seat
                self.say(seat, dm_text(self.game, post))
                if post.choices:
                    self.say(seat, *labels(choices_view(self.game, self.game.version, seat)))

    def leaks(self) -> list[str]:
        """Another seat's secret line inside a text. In a seat's own DM, the lines that are
        that seat's own private text are set aside first: two hands can share a line (the
        same three vote cards), and a seat's own view is checked by the engine's tests."""
        found = []
        for reader, text in self.texts:
            if reader is not PUBLIC:
                text = "\n".join(
                    line for line in text.splitlines() if line.strip() not in self.secrets[reader]
                )
            for seat, lines in self.secrets.items():
                if seat == reader:
                    continue
                for line in lines:
                    if line in text:
                        where = "a public post" if reader is PUBLIC else f"seat {reader}'s DM"
                        found.append(f"seat {seat}'s secret {line!r} reached {where}: {text!r}")
        return found

    def early_reveals(self, reveal: list[str]) -> list[str]:
        """Lines of the end's reveal said before the end (the game's own summary lines that
        hide nothing, like Cardinal's "Nothing was hidden", are lines of a reveal too)."""
        return [
            f"{line!r} was said before the end: {text!r}"
            for line in reveal
            for reader, text in self.texts
            if len(line) >= 12 and line in text
        ]


def play(spec: GameSpec, number: int) -> Recorder:
    """One random game as the bot would run it, recording what it would say to whom."""
    picker = random.Random(number)
    players = picker.randint(spec.min_players, spec.max_players)
    seats = [Seat(seat, 1000 + seat) for seat in range(players)]
    game = GameRecord(
        number, spec.key, 1, 2, 3, 4, 1000, "active", number, {}, 0, None, None, seats
    )
    state = spec.new(players, number, spec.resolve_options({}))
    game.state = spec.dump(state)
    record = Recorder(spec, game)
    record.hold(state)
    record.posts(posts_owed(game, spec, None, state, 0, "The game begins!", everyone_private=True))
    learning = replace(
        game, practice=True, seats=[replace(s, kind="ai") if s.seat else s for s in seats]
    )
    teaching = number % 5 == 0  # in some games seat 0 is learning (`/parley learn`)
    notes, known = notes_for(spec, learning, None, None, None, state)
    record.say(PUBLIC, *notes)
    log: list[LogEntry] = []
    for _ in range(MAX_ACTIONS):
        if spec.outcome(state) is not None:
            break
        if log and len(log) <= UNDO_WINDOW and picker.random() < UNDO_SHARE:
            state = take_back_last(record, log, state)
            continue
        due = spec.to_act(state)
        idle = [s for s in range(players) if s not in due]
        if idle and picker.random() < 0.05:  # someone out of turn, or typing nonsense
            record.say(idle[0], GameService.waiting_message(game, spec, state))
        seat = picker.choice(due)
        with pytest.raises(IllegalAction) as refused:
            spec.apply(state, seat, "hoist the jolly roger")
        record.say(seat, str(refused.value))
        action = picker.choice(spec.legal_actions(state, seat))
        after = spec.apply(state, seat, action)
        line = spec.describe(state, seat, action, after)
        outcome = spec.outcome(after)
        game.version += 1
        game.state = spec.dump(after)
        log.append(LogEntry(game.version, seat, 1000 + seat, action, 0.0))
        if outcome is not None:
            game.status = "over"
            game.result = {"winners": outcome.winners, "reason": outcome.reason}
            record.over = True
        record.hold(after)
        record.posts(
            posts_owed(
                game,
                spec,
                state,
                after,
                game.version,
                line,
                actor=seat,
                secret=spec.secret_choice(state, seat),
            )
        )
        if teaching:  # the notes, told to all: they hold no secret, not even seat 0's
            if known is None or known.state != spec.dump(state):  # a take-back: replay
                known = taught(spec, learning, [(entry.seat, entry.action) for entry in log[:-1]])
            notes, known = notes_for(spec, learning, known, state, seat, after)
            record.say(PUBLIC, *notes)
        text, view = panel(game, seat)
        record.say(seat, f"Done: {line}", text, *labels(view))
        record.say(PUBLIC, status_text(spec, game, TimePolicy(game.id), [], after))
        if game.version & (game.version - 1) == 0 or outcome is not None:  # 1, 2, 4, 8...
            record.say(PUBLIC, *history_lines(spec, game, log))
        state = after
    assert spec.outcome(state) is not None, f"{spec.key} game {number} did not end"
    return record


def take_back_last(record: Recorder, log: list[LogEntry], state: Any) -> Any:
    """The player of the last action asks to take it back: the refusal they get, or the
    request, then the undo (as if everyone asked agreed) and the posts it owes."""
    spec, game = record.spec, record.game
    seat = log[-1].seat
    actions = [(entry.seat, entry.action) for entry in log]
    try:
        plan = plan_undo(spec, game, actions, seat)
    except UserError as refused:
        record.say(seat, str(refused))
        return state
    request = UndoRequest(game.id, game.version, seat, 1000 + seat, plan.first_version, [])
    record.say(PUBLIC, request_text(game, Asked(request, plan.what, [])))
    after, posts = taken_back(spec, game, actions, request)
    game.version += 1
    game.state = spec.dump(after)
    log.append(LogEntry(game.version, seat, 1000 + seat, undo_action(plan.first_version), 0.0))
    record.hold(after)
    record.posts(posts)
    return after


@pytest.mark.slow
@pytest.mark.parametrize(
    ("key", "language"),
    [
        (key, language)
        for key in sorted(REGISTRY)
        for language in LANGUAGES
        if language == "en" or os.environ.get("PARLEY_EVERY_LANGUAGE")
    ],
)
def test_no_secret_leaks_in_many_games(key: str, language: str, debug_log):
    games = int(os.environ.get("PARLEY_AUDIT_GAMES") or SAMPLE[key])
    if language != "en":
        games = max(1, games // 10)
    with speaking(speech_in(language)):
        audit_many(key, games, debug_log)


def audit_many(key: str, games: int, debug_log: Any) -> None:
    spec = REGISTRY[key]
    audited = 0
    every_secret: set[str] = set()
    for number in range(games):
        record = play(spec, number)
        assert not record.leaks(), f"{key} game {number}: " + "\n".join(record.leaks()[:3])
        reveal = spec.reveal(spec.load(record.game.state or ""))
        early = record.early_reveals(reveal)
        assert not early, f"{key} game {number}: " + "\n".join(early[:3])
        told = "\n".join(text for _, text in record.after_end)
        reveal = named(spec, record.game, reveal)  # told naming the players
        assert all(line in told for line in reveal)  # the end tells every secret
        audited += sum(map(len, record.secrets.values())) > 0
        every_secret.update(*record.secrets.values())
    if key in ("caribbean", "tortuga"):  # games with secrets: the audit had them to look for
        assert audited == games
    log_text = logged(debug_log)  # as text and as JSON lines
    assert not [line for line in every_secret if line in log_text], "a secret reached the log"
