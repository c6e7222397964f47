"""What each seat may see (A16). The public part never holds a loyalty card (until the game is
over), a hand, a viewed card face, a vote commit, the deck orders or the RNG; a seat's
``private`` adds only its own loyalty, hand, viewed cards, notes and Crow's Nest search."""

from __future__ import annotations

from typing import Any

from games.core import score
from games.tortuga import votes
from games.tortuga.data import SEAT_NAMES, SHIP_TITLES, SHIPS, TEAMS, card_title, vote_text
from games.tortuga.state import TortugaState, team_chests

# Pending-decision fields everyone may see (never "cards": the vote commits).
_PUBLIC_PENDING = (
    "kind",
    "seat",
    "target",
    "by",
    "ship",
    "left",
    "saved",
    "card",
    "cause",
    "vote",
    "caller",
    "voters",
)


def board_view(s: TortugaState) -> dict[str, Any]:
    """The game's own keys of every view (the envelope adds seats, to_act, turn, the last
    lines, the outcome and the team scores)."""
    pending = s.pending or {}
    shown = {k: v for k, v in pending.items() if k in _PUBLIC_PENDING}
    if "slots" in pending:
        shown["slots"] = [slot + 1 for slot in pending["slots"]]
    if pending.get("kind") == "vote":
        waiting = votes.waiting_voters(s)
        shown["voted"] = [v for v in pending["voters"] if v not in waiting]
    view: dict[str, Any] = {
        "current": s.current,
        "actions_left": s.actions_left,
        "ships": [
            {
                "key": SHIPS[i],
                "name": SHIP_TITLES[i],
                "crew": list(s.ships[i]),
                "holds": dict(zip(TEAMS, s.holds[i], strict=True)),
                "rowboat": s.rowboats[i],
                "exploded": s.exploded == i,
            }
            for i in range(2)
        ],
        "tortuga": {
            "line": list(s.tortuga),
            "chests": dict(zip(TEAMS, s.tortuga_chests, strict=True)),
        },
        "galleon": s.galleon,
        "row": [
            {"slot": i + 1, "card": card is not None, "viewed_by": list(s.viewers[i])}
            for i, card in enumerate(s.row)
        ],
        "event_deck": len(s.event_deck),
        "discard": list(s.discard),
        "kept": [list(k) for k in s.kept],
        "pirate_code": list(s.pirate_code),
        "scurvy": list(s.scurvy),
        "hand_sizes": [len(h) for h in s.hands],
        "vote_deck": len(s.vote_deck),
        "pending": shown or None,
        "last_vote": s.last_vote,
        "sudden_death": s.sudden_death,
    }
    if s.outcome is not None:
        view["loyalty"] = list(s.loyalty)
    return view


def scores(s: TortugaState) -> list[dict[str, Any]]:
    """The envelope's scores: each team's chests (holds on both ships plus Tortuga's area)."""
    return [score(team.title(), chests) for team, chests in team_chests(s).items()]


def private_view(s: TortugaState, seat: int) -> dict[str, Any]:
    pending = s.pending or {}
    private: dict[str, Any] = {
        "seat": seat,
        "loyalty": s.loyalty[seat],
        "hand": sorted(vote_text(c) for c in s.hands[seat]),
        "known_events": {
            str(slot + 1): card for slot, card in enumerate(s.known[seat]) if card is not None
        },
        "notes": list(s.notes[seat]),
    }
    if pending.get("kind") == "vote" and seat in pending["voters"]:
        played = pending["cards"][pending["voters"].index(seat)]
        if played:
            private["vote_played"] = [vote_text(c) for c in played]
    if pending.get("kind") == "pick" and pending["seat"] == seat:
        private["vote_deck_search"] = sorted(vote_text(c) for c in s.vote_deck)
    return private


def private_text(view: dict[str, Any]) -> str:
    """The DM text of a seat's secrets."""
    private = view.get("private") or {}
    if not private:
        return ""
    lines = [
        f"You are {SEAT_NAMES[private['seat']]}. Loyalty: **{private['loyalty'].title()}**.",
        "Vote cards: " + ("; ".join(private["hand"]) or "none"),
    ]
    if private["known_events"]:
        lines.append(
            "Event cards you have seen: "
            + "; ".join(
                f"slot {slot}: {card_title(card)}" for slot, card in private["known_events"].items()
            )
        )
    if private.get("vote_played"):
        lines.append("Your vote: " + " and ".join(private["vote_played"]))
    if private.get("vote_deck_search"):
        lines.append("Crow's Nest, the vote deck: " + "; ".join(private["vote_deck_search"]))
    lines += private["notes"]
    return "\n".join(lines)
