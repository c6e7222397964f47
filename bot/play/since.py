"""What changed since a seat's last move, in the game's own terms (``GameSpec.changes``).

The board that pings a player who missed several actions draws these as marks, and the player
reads them as a digest in private (the turn DM, ``/parley hand``). Both views compared are that
seat's own, so nothing here is another seat's secret; ``changes`` compares only what the views
show on the table.
"""

from __future__ import annotations

import asyncio
from typing import Any

from bot.play.history import in_effect
from bot.storage import GameRecord, Store
from games import REGISTRY, GameSpec
from games.core.words import t, tn

DIGEST_LINES = 12


def changes_since(
    spec: GameSpec[Any], game: GameRecord, log: list[tuple[int, str]], seat: int, version: int
) -> tuple[int, list[dict[str, Any]]]:
    """How many actions came after ``seat``'s last one up to game ``version`` (from the start
    for a seat that has not moved yet), and what they changed as ``seat`` sees the table.

    Each side is the game its rows left in effect (an undo row takes moves back, it is not
    itself played), so what an undo put back shows as changed."""
    upto = log[:version]
    last = max((i + 1 for i, (s, _) in enumerate(upto) if s == seat), default=0)
    then_rows, now_rows = in_effect(upto[:last]), in_effect(upto)
    shared = 0
    while shared < min(len(then_rows), len(now_rows)) and then_rows[shared] == now_rows[shared]:
        shared += 1
    state = played(spec, spec.new(len(game.seats), game.seed, game.options), now_rows[:shared])
    then = played(spec, spec.copy(state), then_rows[shared:])  # a copy: ``state`` plays on
    now = played(spec, state, now_rows[shared:])
    return version - last, spec.changes(spec.view(then, seat), spec.view(now, seat))


def played(spec: GameSpec[Any], state: Any, rows: list[tuple[int, int, str]]) -> Any:
    """``state`` with ``rows`` (version, seat, action) played on it in place. The log holds
    only actions applied (and checked) once already: played again directly, without the
    legality check, a long game replays a hundred times faster."""
    for _, seat, action in rows:
        spec.play(state, seat, action)
    return state


def digest(changes: list[dict[str, Any]], limit: int = DIGEST_LINES) -> str:
    """What a player reads: "Since your last move:" and each change's text (at most
    ``limit`` lines); "" when nothing changed."""
    lines = [change["text"] for change in changes]
    if len(lines) > limit:
        more = len(lines) - limit + 1
        lines = [*lines[: limit - 1], tn("… and {n} more change.", "… and {n} more changes.", more)]
    return (
        "".join([t("Since your last move:"), *(f"\n• {line}" for line in lines)]) if lines else ""
    )


async def digest_for(store: Store, game: GameRecord, seat: int) -> str:
    """The digest of ``seat`` now, for its turn DM and its ``/parley hand`` panel."""
    if game.state is None:
        return ""
    log = await store.actions(game.id)
    spec = REGISTRY[game.game_key]
    _, changes = await asyncio.to_thread(changes_since, spec, game, log, seat, game.version)
    return digest(changes)
