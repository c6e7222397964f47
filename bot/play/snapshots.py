"""Stored game states are a cache: the truth is each game's seed and action log.

An engine that changes its state's fields (a new round of rules, a renamed field) leaves the
states stored by the previous Parley in a shape it may no longer load, or may load wrong (a new
field at its default). At start, for each game whose state fields changed since the states were
written (a fingerprint per game, kept in the store), every stored state that does not load back
exactly is rebuilt by replaying the game's seed and action log, then rewritten. When the
fingerprints match, start-up reads one small table. A game whose log no longer replays under
the current rules keeps its old state if that still loads; if not, it cannot be carried over: a
game in play is cancelled with a word in its thread (never a crash on its next move), and a
finished one keeps its old state (only its board picture reads it).
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import logging
import typing
from typing import Any

from bot.play.readers import aloud
from bot.storage import GameRecord, Store, ThreadPost, VersionConflict
from games import REGISTRY, GameSpec
from games.core.words import N_, t

log = logging.getLogger(__name__)

BATCH = 500
CARRIED_OVER_NOT = N_(
    "⚠️ This game could not be carried over to this version of Parley (its moves no longer "
    "replay under the current rules), so it ends here. Sorry!"
)


def state_format(spec: GameSpec[Any]) -> str:
    """A fingerprint of the fields a state of ``spec`` is stored with (names and types)."""
    hints = typing.get_type_hints(spec.state_type)
    saved = [(f.name, str(hints[f.name])) for f in dataclasses.fields(spec.state_type) if f.compare]
    return hashlib.sha256(repr(saved).encode()).hexdigest()[:16]


def current(spec: GameSpec[Any], text: str) -> bool:
    """Whether a stored state loads back exactly as it was written (no field missing, extra
    or of another shape)."""
    try:
        return bool(spec.dump(spec.load(text)) == text)
    except Exception:  # whatever an old shape makes the engine raise
        return False


def loads(spec: GameSpec[Any], text: str) -> bool:
    try:
        spec.load(text)
    except Exception:
        return False
    return True


def rebuilt(spec: GameSpec[Any], game: GameRecord, actions: list[tuple[int, str]]) -> Any:
    """The state after replaying the game's seed and action log."""
    state = spec.new(len(game.seats), game.seed, game.options)
    for seat, action in actions:
        state = spec.apply(state, seat, action)
    return state


async def refresh_snapshots(store: Store) -> int:
    """Rebuild the stored states written under another format; returns how many were."""
    formats = await store.snapshot_formats()
    count = 0
    for key, spec in REGISTRY.items():
        fingerprint = state_format(spec)
        if formats.get(key) == fingerprint:
            continue
        after = 0
        while batch := await store.games_with_state(key, after, BATCH):
            for game in batch:
                count += await refresh(store, spec, game)
            after = batch[-1].id
        await store.set_snapshot_format(key, fingerprint)
    if count:
        log.info("Rebuilt %s stored game states from their action logs", count)
    return count


async def refresh(store: Store, spec: GameSpec[Any], game: GameRecord) -> int:
    """Rebuild one game's stored state if it is not current; 1 if it was rebuilt."""
    assert game.state is not None
    if current(spec, game.state):
        return 0
    actions = await store.actions(game.id)
    try:
        state = rebuilt(spec, game, actions)
    except Exception:
        if loads(spec, game.state):
            log.warning("Game %s no longer replays; its stored state still loads", game.id)
            return 0
        log.exception("Game %s no longer replays from its action log", game.id)
        if game.status == "active":
            with aloud(game):
                post = ThreadPost(t(CARRIED_OVER_NOT))
            with contextlib.suppress(VersionConflict):  # it ended meanwhile
                await store.finish(game.id, "cancelled", None, [post] if game.thread_id else [])
        return 0
    if len(actions) != game.version:
        log.warning("Game %s has %s actions at version %s", game.id, len(actions), game.version)
        return 0
    return int(await store.rewrite_state(game.id, game.version, spec.dump(state)))
