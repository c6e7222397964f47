"""A whole game as one animated picture: a title card (the result and the players), then the
public board after each move, frames sampled when the game is long (:mod:`renderers.replay`),
built by replaying the log.

Pure and slow (a second per few frames): the Discord side runs it off the event loop, one at a
time.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

from bot.play.history import walk
from bot.play.story import reason_of, sentence
from bot.storage import AI_NAME, GameRecord
from games import GameSpec
from games.core.words import joined, t, tn
from renderers import render
from renderers.replay import MAX_FRAMES, pick_frames, replay


@dataclass(frozen=True)
class Animation:
    data: bytes  # a GIF
    frames: int  # boards shown, the title card aside
    moves: int


def public_boards(
    spec: GameSpec[Any], game: GameRecord, actions: Sequence[tuple[int, str]], most: int
) -> list[tuple[int, dict[str, Any]]]:
    """The public views to draw, each after how many moves: the opening board, then the board
    after each row of the log, at most ``most`` of them spread evenly (always the first and the
    last)."""
    keep = set(pick_frames(len(actions) + 1, most))
    state = spec.new(len(game.seats), game.seed, game.options)
    views = [(0, spec.view(state, None))] if 0 in keep else []
    for step in walk(spec, game, actions):
        if step.version in keep:
            views.append((step.version, spec.view(step.after, None)))
    return views


def card(
    spec: GameSpec[Any],
    title: str,
    players: Sequence[str],
    winners: Sequence[int] | None,
    reason: str,
    moves: int,
) -> list[str]:
    """The title card's lines: ``title``, the result (None for ``winners``: still being
    played), ``N moves``, then each seat with its player (``players``, by seat; '' for none
    known)."""
    if winners is None:
        result = t("Still being played.")
    elif winners:
        names = joined([t(spec.seat_label(s)) for s in winners])
        won = tn("{names} wins.", "{names} win.", len(winners), names=names)
        result = f"{won} {sentence(reason)}"
    else:
        result = t("A draw.") + f" {sentence(reason)}"
    seats = [
        t("{seat}: {player}", seat=t(spec.seat_label(seat)), player=name)
        if name
        else t(spec.seat_label(seat))
        for seat, name in enumerate(players)
    ]
    return [title, result.strip(), tn("{n} move", "{n} moves", moves), *seats]


def animate(key: str, views: Sequence[tuple[int, dict[str, Any]]], lines: Sequence[str]) -> bytes:
    """Draw each public view and join them, behind the title card ``lines``, into one GIF under
    the upload limit."""
    return replay([(move, render(key, view)) for move, view in views], lines)


def build(
    spec: GameSpec[Any],
    game: GameRecord,
    actions: Sequence[tuple[int, str]],
    most: int = MAX_FRAMES,
) -> Animation:
    """The replay of ``game`` as far as ``actions`` go. People are known here only by their
    ids, which a picture cannot show as names, so a person's seat is its label alone."""
    players = [AI_NAME if s.is_ai else "" for s in game.seats]
    result = game.result if game.status == "over" else None
    lines = card(
        spec,
        f"{t(spec.title)} #{game.id}",
        players,
        None if result is None else result.get("winners", []),
        "" if result is None else reason_of(result),
        len(actions),
    )
    data = animate(spec.key, public_boards(spec, game, actions, most), lines)
    with Image.open(io.BytesIO(data)) as image:
        frames = getattr(image, "n_frames", 1) - 1
    return Animation(data, frames, len(actions))
