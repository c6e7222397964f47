"""The end of a game told in words: who won and why, the final scores, how the game
was decided when a forfeit or the autopilot decided it, that a game against the AI was
unrated, and every secret of the game now made public (``spec.reveal``). The final thread post
tells all of it, the living status message its first lines; nothing here is ever said before
the game is over.
"""

from __future__ import annotations

from typing import Any

from bot.storage import GameRecord, ThreadPost, who
from games import GameSpec
from games.core import finish

FORCED = {
    "forfeit": "Decided by a forfeit, not played out.",
    "autopilot": "The autopilot played a seat in this game.",
}
#: Said at the end of a game against the AI, which the ratings leave out.
UNRATED = "Unrated (played against the AI)."


def sentence(text: str) -> str:
    """``text`` as a sentence: a capital first letter and one final stop."""
    text = text.strip().rstrip(".")
    return text[:1].upper() + text[1:] + "." if text else ""


def result_lines(spec: GameSpec[Any], game: GameRecord, state: Any) -> list[str]:
    """Winners and why, the final scores, (once settled) how the game was decided, and that
    a game against the AI was unrated."""
    result = game.result or {}
    winners = result.get("winners", [])
    reason = sentence(result.get("reason", ""))
    if winners:
        names = ", ".join(f"{who(game.user_of(s))} ({spec.seat_label(s)})" for s in winners)
        lines = [f"🏆 {names} win{'s' if len(winners) == 1 else ''}! {reason}".rstrip()]
    else:
        lines = [f"🤝 A draw. {reason}".rstrip()]
    scores = spec.view(state, None).get("scores") if state is not None else None
    if scores:
        lines.append("Final scores: " + " · ".join(f"{s['name']}: {s['value']}" for s in scores))
    if result.get("forced"):
        lines.append(FORCED[result["forced"]])
    if game.against_ai:
        lines.append(UNRATED)
    return lines


def revealed(spec: GameSpec[Any], game: GameRecord, state: Any) -> list[str]:
    """Every secret of a finished game. A game ended by a forfeit is over for the bot but not
    for the engine (its state has no outcome): its secrets are told as at a real end."""
    if state is None or game.status != "over":
        return []
    if spec.outcome(state) is None:
        state = spec.copy(state)
        result = game.result or {}
        finish(state, result.get("winners", []), result.get("reason", ""))
    return spec.reveal(state)


def story(spec: GameSpec[Any], game: GameRecord, state: Any) -> list[str]:
    """The whole end of a finished game: the result, then every secret."""
    secrets = revealed(spec, game, state)
    heading = ["", "**The reveal:**"] if secrets else []
    return [*result_lines(spec, game, state), *heading, *secrets]


def replay_post(version: int) -> ThreadPost:
    """The post owed after the final one: the game's animated replay (drawn when it is sent,
    which may take a while, so it never holds back the reveal)."""
    return ThreadPost("🎞️ The whole game, move by move:", version=version, replay=True)
