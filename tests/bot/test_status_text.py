"""The status message's words come from the view envelope only (``to_act``, ``scores``)."""

from __future__ import annotations

from typing import Any

from bot.play.status import status_text
from bot.storage import GameRecord, Seat, TimePolicy
from games.core import score


class Scored:
    """A game seen only through the envelope: two seats, seat 1 to act, scores by name."""

    title = "Scored"

    def __init__(self, scores: list[dict[str, Any]] | None) -> None:
        self.scores = scores

    def to_act(self, state: Any) -> list[int]:
        return [1]

    def seat_label(self, seat: int) -> str:
        return ("Orange", "Green")[seat]

    def secret_choice(self, state: Any, seat: int) -> bool:
        return False

    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        return {"to_act": [1], "scores": self.scores, "fleet": {"orange": 3}}


def status(scores: list[dict[str, Any]] | None) -> str:
    game = GameRecord(
        1, "scored", 1, 2, 3, 4, 10, "active", 5, {}, 3, "{}", None, [Seat(0, 10), Seat(1, 20)]
    )
    return status_text(Scored(scores), game, TimePolicy(1), [], object())  # type: ignore[arg-type]


def test_scores_are_named_counters_from_the_envelope():
    text = status([score("British", 3), score("French", 2)])
    assert "Scores: British: 3 · French: 2" in text
    assert "⏳ <@20> (Green)" in text and "Players: <@10>, <@20>" in text


def test_no_scores_line_without_scores():
    assert "Scores" not in status(None) and "Scores" not in status([])
