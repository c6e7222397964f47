"""Discord's limits (issue 8): every choice panel of every game, in random positions, fits
Discord's rules: custom_id <= 100, button labels <= 80, at most 25 options per menu and 5 rows,
and panel texts within 2,000 characters; so does every further step of a long list of choices
(issue 13); and so they do in German and French (issue 29: a shorter walk, as the words change
and the steps do not)."""

from __future__ import annotations

import random

import discord
import pytest

from bot.discord.choices import choices_view, panel
from bot.language import TRANSLATED, speech_in
from bot.play.steps import step
from bot.storage import GameRecord, Seat
from games import REGISTRY
from games.core.words import speaking

BIG_ID, BIG_VERSION = 10**15, 10**6  # far beyond anything a real table reaches


def check_view(view: discord.ui.View | None) -> None:
    if view is None:
        return
    assert len(view.children) <= 25
    assert len(view.to_components()) <= 5  # action rows as sent to Discord
    for item in view.children:
        assert len(item.custom_id or "") <= 100
        if isinstance(item, discord.ui.Button):
            assert len(item.label or "") <= 80
        if isinstance(item, discord.ui.Select):
            assert 1 <= len(item.options) <= 25
            for option in item.options:
                assert len(option.label) <= 100 and len(option.value) <= 100
                assert len(option.description or "") <= 100
            assert len(item.placeholder or "") <= 150


@pytest.mark.parametrize("key", sorted(REGISTRY))
async def test_every_panel_fits_discord(key):
    walk(key, games=4, moves=150)


@pytest.mark.parametrize("code", TRANSLATED)
@pytest.mark.parametrize("key", sorted(REGISTRY))
async def test_every_panel_fits_discord_in_every_language(key, code):
    with speaking(speech_in(code)):
        walk(key, games=1, moves=25)


def walk(key: str, games: int, moves: int) -> None:
    """Random games of ``key``: every panel, and every step it leads to, fits Discord."""
    spec = REGISTRY[key]
    picker = random.Random(5)
    for game_number in range(games):
        players = picker.randint(spec.min_players, spec.max_players)
        state = spec.new(players, game_number)
        record = GameRecord(
            BIG_ID,
            key,
            1,
            2,
            3,
            4,
            10,
            "active",
            game_number,
            {},
            BIG_VERSION,
            None,
            None,
            [Seat(s, 100 + s) for s in range(players)],
        )
        for _ in range(moves):
            if spec.outcome(state) is not None:
                break
            seat = picker.choice(spec.to_act(state))
            actions = spec.legal_actions(state, seat)
            record.state = spec.dump(state)
            view = choices_view(record, BIG_VERSION, seat, with_hand_button=True)
            check_view(view)
            assert view is not None and len(view.children) > 1, "the choices must be offered"
            places = [""]
            while places:  # the first step and every step it leads to
                place = places.pop()
                text, private_view = panel(record, seat, place)
                assert len(text) <= 2000
                check_view(private_view)
                assert private_view is not None
                places += [
                    c.value for c in step(actions, place, lambda _: "x").options if not c.final
                ]
            state = spec.apply(state, seat, picker.choice(actions))
