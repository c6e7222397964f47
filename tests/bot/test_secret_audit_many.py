"""Secret audit at scale (issue 8): thousands of random games of every game through the bot's
own message builders, with no Discord transport in between.

For every action this plays what the bot does: the service's posts owed (thread post and DMs,
:func:`posts_owed`), the thread text and buttons (:func:`post_text`,
:func:`public_choices`), each DM's text and buttons (:func:`dm_text`), the actor's private
reply and panel (:func:`panel`), the pinned status message (:func:`status_text`), the
refusals another seat gets when it tries to act, and the log at DEBUG. At the end of each game
every text is checked against every seat's secrets, those it held at any time, so a public text
that tells a card before it is dealt (the deck order) is caught too. ``test_secret_audit.py``
runs the same check through the fake Discord (transport, attachments, logs) on fewer games.

``PARLEY_AUDIT_GAMES`` sets the number of games per game (default: a sample that keeps the
suite fast); CI runs thousands.
"""

from __future__ import annotations

import os
import random
from typing import Any

import discord
import pytest

from bot.discord.choices import choices_view, panel
from bot.discord.delivery import dm_text, post_text, public_choices
from bot.play.posts import posts_owed
from bot.play.service import GameService
from bot.play.status import status_text
from bot.storage import GameRecord, Seat, ThreadPost, TimePolicy
from games import REGISTRY, GameSpec, IllegalAction
from tests.bot.test_secret_audit import secret_lines

#: Games per game in the default suite; ``PARLEY_AUDIT_GAMES`` overrides it.
SAMPLE = dict.fromkeys(REGISTRY, 60) | {
    "cardinal": 200,
    "caribbean": 12,
    "rigadoon": 15,
    "tortuga": 150,
}
MAX_ACTIONS = 20_000
PUBLIC = None


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

    def hold(self, state: Any) -> None:
        for seat in self.secrets:
            self.secrets[seat] |= secret_lines(self.spec.private_text(self.spec.view(state, seat)))

    def say(self, reader: int | None, *texts: str) -> None:
        self.texts.update((reader, text) for text in texts)

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
                    state = self.spec.load(self.game.state or "")
                    self.say(
                        seat,
                        *labels(
                            choices_view(
                                self.game.id,
                                self.game.version,
                                self.spec.legal_actions(state, seat),
                            )
                        ),
                    )

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
    for _ in range(MAX_ACTIONS):
        if spec.outcome(state) is not None:
            break
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
        if outcome is not None:
            game.status = "over"
            game.result = {"winners": outcome.winners, "reason": outcome.reason}
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
        text, view = panel(game, seat)
        record.say(seat, f"Done: {line}", text, *labels(view))
        record.say(PUBLIC, status_text(spec, game, TimePolicy(game.id), [], after))
        state = after
    assert spec.outcome(state) is not None, f"{spec.key} game {number} did not end"
    return record


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_no_secret_leaks_in_many_games(key: str, debug_log):
    spec = REGISTRY[key]
    games = int(os.environ.get("PARLEY_AUDIT_GAMES") or SAMPLE[key])
    audited = 0
    every_secret: set[str] = set()
    for number in range(games):
        record = play(spec, number)
        assert not record.leaks(), f"{key} game {number}: " + "\n".join(record.leaks()[:3])
        audited += sum(map(len, record.secrets.values())) > 0
        every_secret.update(*record.secrets.values())
    if key in ("caribbean", "tortuga"):  # games with secrets: the audit had them to look for
        assert audited == games
    logged = "\n".join(r.getMessage() for r in debug_log.records)
    assert not [line for line in every_secret if line in logged], "a secret reached the log"
