"""The text of a game's one living status message: whose turn, deadlines, scores, players.
The Discord side keeps it pinned in the thread and edits it in place."""

from __future__ import annotations

from typing import Any

from bot.play.clocks import POLICIES, clock_name, stamp
from bot.play.secrecy import is_secret_choice
from bot.play.story import result_lines
from bot.storage import Deadline, GameRecord, TimePolicy, who
from games import GameSpec


def status_text(
    spec: GameSpec[Any],
    game: GameRecord,
    policy: TimePolicy,
    deadlines: list[Deadline],
    state: Any,
) -> str:
    """The one living status message of a game: whose turn, deadlines, scores."""
    lines = [
        f"📋 **{spec.title} #{game.id}** · move clock: {clock_name(policy.clock_seconds)}"
        + (
            f" · if a clock runs out: {POLICIES[policy.policy].lower()}"
            if policy.clock_seconds
            else ""
        )
    ]
    if game.status == "active":
        by_seat = {d.seat: d for d in deadlines}
        for seat in spec.to_act(state):
            user = game.user_of(seat)
            line = f"⏳ {who(user)} ({spec.seat_label(seat)})"
            d = by_seat.get(seat)
            if is_secret_choice(spec, state, seat):
                line += ": secret choice pending"
            if d is not None and d.paused_at is not None:
                line += " · 🏖️ on vacation, clock stopped"
            elif d is not None and d.due_at is not None:
                line += f" · due {stamp(d.due_at)}"
            lines.append(line)
    elif game.status == "over":  # the result in full, as the final post tells it
        lines += ["🏁 Game over.", *result_lines(spec, game, state)]
    else:
        lines.append("🚫 This game was cancelled.")
    scores = spec.view(state, None).get("scores") if state is not None else None
    if game.status != "over" and isinstance(scores, list) and scores:  # None or [{name, value}]
        lines.append("Scores: " + " · ".join(f"{s['name']}: {s['value']}" for s in scores))
    seated = ", ".join(who(s.user_id) + (" (autopilot)" if s.resigned else "") for s in game.seats)
    lines.append(f"Players: {seated}")
    return "\n".join(lines)
