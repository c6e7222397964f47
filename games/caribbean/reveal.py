"""What was hidden in a Caribbean game, told to all at the end: each seat's bribes added up
over the rounds, its tie-breakers, and the chests left face down in the supply."""

from __future__ import annotations

from collections import Counter

from games.caribbean.data import COLOURS, SHIP_NAMES
from games.caribbean.lines import chest_label
from games.caribbean.rules import round_bids
from games.caribbean.state import CaribbeanState
from games.core.words import t, tn


def reveal(state: CaribbeanState) -> list[str]:
    """At the end only: per seat, its bribes on each ship added up over every round and how
    often it kept each tie-breaker (a line per seat however long the game: the bids round by
    round stay in the game's history), and the chests still face down in the supply. Before
    the end, nothing."""
    if state.outcome is None:
        return []
    rounds = [round_bids(line) for line in state.past_bids]
    count = len(rounds)
    lines = [
        tn(
            "Bribes added up over {n} round, and tie-breakers:",
            "Bribes added up over {n} rounds, and tie-breakers:",
            count,
        )
    ]
    for seat, colour in enumerate(COLOURS[: state.players]):
        rows = [bids[seat] for bids in rounds if seat < len(bids)]
        totals = ", ".join(
            f"{name} {sum(row[ship] for row in rows)}" for ship, name in enumerate(SHIP_NAMES)
        )
        kept = Counter(row[-1] for row in rows).most_common()
        ties = ", ".join(
            tn("{card} ({n} round)", "{card} ({n} rounds)", times, card=card)
            for card, times in kept
        )
        lines.append(
            t("{seat}: {totals}; tie-breakers {ties}.", seat=t(colour), totals=totals, ties=ties)
            if rows
            else t("{seat}: none.", seat=t(colour))
        )
    if state.supply:
        left = ", ".join(chest_label(code) for code in state.supply)
        lines.append(t("Still face down in the supply, in order: {chests}.", chests=left))
    return lines
