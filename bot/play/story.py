"""The end of a game told in words: who won and why, the final scores, how the game was
decided when a forfeit or the autopilot decided it, how each player's rating moved (or that a
game against the AI was unrated), and every secret of the game now made public
(``spec.reveal``). The final thread post tells all of it in one message, the living status
message its first lines; nothing here is ever said before the game is over.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from bot.play.ratings import moves_of
from bot.storage import GameRecord, ThreadPost, who
from games import GameSpec
from games.core import finish
from games.core.words import N_, joined, t, tn, told
from games.core.words import number as words_number

FORCED = {
    "forfeit": N_("Decided by a forfeit, not played out."),
    "autopilot": N_("The autopilot played a seat in this game."),
}
#: Said at the end of a game against the AI, which the ratings leave out.
UNRATED = N_("Unrated (played against the AI).")
#: Where the whole story is told when the final post keeps only a summary of it.
WHOLE_STORY = N_("Every move and every secret, one by one: `/parley history`.")
#: The header of the end's secrets (the final post is cut after it when too long).
REVEAL = N_("**The reveal:**")
SENTENCE_END = re.compile(r"[.!?](\s|$)")
#: A Discord message's limit: the final post tells the end in one message.
POST_LIMIT = 2000


def stopped(text: str) -> str:
    """``text`` with one final stop (none after a ``!`` or ``?``): a reason that ends in one
    already never ends in two."""
    text = text.strip().rstrip(".")
    return text + ("" if not text or text[-1] in "!?" else ".")


def sentence(text: str) -> str:
    """``text`` as a sentence: a capital first letter and one final stop."""
    text = stopped(text)
    return text[:1].upper() + text[1:]


def number(value: Any) -> str:
    """A score as people write it in the language spoken: thousands separated (42,000;
    42.000)."""
    return words_number(value) if isinstance(value, int) else str(value)


def scores_text(scores: Sequence[dict[str, Any]]) -> str:
    """The envelope's scores in one line: ``Red: 29,000 · Blue: 42,000``."""
    return " · ".join(
        t("{name}: {score}", name=t(s["name"]), score=number(s["value"])) for s in scores
    )


def reason_of(result: dict[str, Any]) -> str:
    """A stored result's reason in the language spoken now: kept as its English text and
    placeholders (``reason``, ``params``), like an outcome's."""
    return told(result.get("reason", ""), result.get("params", {}))


def stored_result(winners: list[int], reason: str, **params: Any) -> dict[str, Any]:
    """A result as the store keeps it: the winners and the reason's English text (marked
    ``N_``) with its placeholders, said in each reader's language when read."""
    result: dict[str, Any] = {"winners": winners, "reason": reason}
    if params:
        result["params"] = params
    return result


def player(spec: GameSpec[Any], game: GameRecord, seat: int) -> str:
    """Who played ``seat``, the seat in brackets: ``@alice (P1)``, or the AI's name."""
    return t("{player} ({seat})", player=who(game.user_of(seat)), seat=t(spec.seat_label(seat)))


def rating_line(result: dict[str, Any]) -> str | None:
    """How each player's rating moved, as settled (``@alice 1500? → 1524? (+24)``, '?'
    while provisional); None before the game is settled or when it was not rated."""
    moves = moves_of(result)
    if not result.get("rated") or not moves:
        return None
    moved = [f"{who(m.user_id)} {m.before} → {m.after} ({m.change:+d})" for m in moves]
    return t("Ratings: {moves}", moves=" · ".join(moved))


def result_lines(spec: GameSpec[Any], game: GameRecord, state: Any) -> list[str]:
    """Winners and why, the final scores, (once settled) how the game was decided, and that
    a game against the AI was unrated."""
    result = game.result or {}
    winners = result.get("winners", [])
    reason = sentence(reason_of(result))
    if winners:
        names = joined([player(spec, game, s) for s in winners])
        won = tn("🏆 {names} wins!", "🏆 {names} win!", len(winners), names=names)
        lines = [f"{won} {reason}".rstrip()]
    else:
        lines = [(t("🤝 A draw.") + f" {reason}").rstrip()]
    scores = spec.view(state, None).get("scores") if state is not None else None
    if scores:
        lines.append(t("Final scores: {scores}", scores=scores_text(scores)))
    if result.get("forced"):
        lines.append(t(FORCED[result["forced"]]))
    if game.against_ai:
        lines.append(t(UNRATED))
    return lines


def named(spec: GameSpec[Any], game: GameRecord, lines: Sequence[str]) -> list[str]:
    """``lines`` (an engine's, which name seats) naming people: a seat's first mention is
    its player with the seat in brackets (``@alice (P1)``), later ones the player alone; an
    AI seat stays its seat label after the first (two AI seats share a name)."""
    labels = {t(spec.seat_label(seat.seat)): seat.seat for seat in game.seats}
    if not labels:
        return list(lines)
    pattern = re.compile(
        r"\b(" + "|".join(re.escape(x) for x in sorted(labels, key=len, reverse=True)) + r")\b"
    )
    met: set[int] = set()

    def name(match: re.Match[str]) -> str:
        seat = labels[match[1]]
        if seat not in met:
            met.add(seat)
            return player(spec, game, seat)
        user = game.user_of(seat)
        return match[1] if user < 0 else who(user)

    return [pattern.sub(name, line) for line in lines]


def revealed(spec: GameSpec[Any], game: GameRecord, state: Any) -> list[str]:
    """Every secret of a finished game. A game ended by a forfeit is over for the bot but not
    for the engine (its state has no outcome): its secrets are told as at a real end."""
    if state is None or game.status != "over":
        return []
    if spec.outcome(state) is None:
        state = spec.copy(state)
        result = game.result or {}
        finish(
            state, result.get("winners", []), result.get("reason", ""), **result.get("params", {})
        )
    return spec.reveal(state)


def story(spec: GameSpec[Any], game: GameRecord, state: Any) -> list[str]:
    """The whole end of a finished game: the result, how the ratings moved, then every
    secret, the players named."""
    lines = result_lines(spec, game, state)
    ratings = rating_line(game.result or {})
    if ratings:
        lines.append(ratings)
    secrets = named(spec, game, revealed(spec, game, state))
    if secrets:
        lines += ["", t(REVEAL), *secrets]
    return lines


def told_once(line: str, reason: str) -> str:
    """A final move's line without the sentence that tells the result again (``Bow wins:
    …``, ``Game over (…): …``): the result line right after it says it once."""
    reason = reason.strip().rstrip(".")
    at = line.lower().find(reason.lower()) if reason else -1
    if at < 0:
        return line
    ends = [m.end() for m in SENTENCE_END.finditer(line, 0, at)]
    end = SENTENCE_END.search(line, at + len(reason) - 1)
    return (line[: ends[-1] if ends else 0] + (line[end.end() :] if end else "")).strip()


def final_post(head: str, lines: Sequence[str]) -> str:
    """The final post: ``head`` (the last move) and the story, in one message. A reveal too
    long for it keeps the lines that fit and says where the rest is told."""
    text = "\n".join([head, *lines]).strip()
    reveal, whole_story = t(REVEAL), t(WHOLE_STORY)
    if len(text) <= POST_LIMIT or reveal not in lines:
        return text
    cut = list(lines[: lines.index(reveal) + 1])
    rest = list(lines[len(cut) :])
    budget = POST_LIMIT - len(head) - len("\n".join(cut)) - len(whole_story) - 3
    for line in rest:
        if len(line) + 1 > budget:
            break
        cut.append(line)
        budget -= len(line) + 1
    return "\n".join([head, *cut, "…", whole_story]).strip()


def replay_post(version: int) -> ThreadPost:
    """The post owed after the final one: the game's animated replay (drawn when it is sent,
    which may take a while, so it never holds back the reveal)."""
    return ThreadPost(t("🎞️ The whole game, move by move:"), version=version, replay=True)
