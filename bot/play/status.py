"""The text of a game's one living status message: whose turn, deadlines, scores, players.
The Discord side keeps it pinned in the thread and edits it in place."""

from __future__ import annotations

from typing import Any

from bot.play.clocks import POLICIES, clock_name, stamp
from bot.play.secrecy import is_secret_choice
from bot.play.story import result_lines
from bot.storage import Deadline, GameRecord, TimePolicy, who
from games import GameSpec
from games.core.words import t


def status_text(
    spec: GameSpec[Any],
    game: GameRecord,
    policy: TimePolicy,
    deadlines: list[Deadline],
    state: Any,
) -> str:
    """The one living status message of a game: whose turn, deadlines, scores."""
    head = t(
        "📋 **{game} #{number}** · move clock: {clock}",
        game=t(spec.title),
        number=game.id,
        clock=clock_name(policy.clock_seconds),
    )
    if policy.clock_seconds:
        absent = t(POLICIES[policy.policy])
        head += t(" · if a clock runs out: {policy}", policy=absent[:1].lower() + absent[1:])
    lines = [head]
    if game.status == "active":
        by_seat = {d.seat: d for d in deadlines}
        for seat in spec.to_act(state):
            user = game.user_of(seat)
            line = t("⏳ {player} ({seat})", player=who(user), seat=t(spec.seat_label(seat)))
            d = by_seat.get(seat)
            if is_secret_choice(spec, state, seat):
                line += t(": secret choice pending")
            if d is not None and d.paused_at is not None:
                line += t(" · 🏖️ on vacation, clock stopped")
            elif d is not None and d.due_at is not None:
                line += t(" · due {when}", when=stamp(d.due_at))
            lines.append(line)
    elif game.status == "over":  # the result in full, as the final post tells it
        lines += [t("🏁 Game over."), *result_lines(spec, game, state)]
    else:
        lines.append(t("🚫 This game was cancelled."))
    scores = spec.view(state, None).get("scores") if state is not None else None
    if game.status != "over" and isinstance(scores, list) and scores:  # None or [{name, value}]
        told = " · ".join(t("{name}: {score}", name=t(s["name"]), score=s["value"]) for s in scores)
        lines.append(t("Scores: {scores}", scores=told))
    seated = ", ".join(
        t("{player} (autopilot)", player=who(s.user_id)) if s.resigned else who(s.user_id)
        for s in game.seats
    )
    lines.append(t("Players: {players}", players=seated))
    return "\n".join(lines)
