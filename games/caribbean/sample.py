"""What a seat cannot see, re-dealt for the AI (``sample``; ``reveal`` shows it to all at the
end).

Hidden in Caribbean: other seats' bids on ships not yet revealed this round, their tie-breaker
cards and pending tie choices, and the order of the face-down supply. Everything else is public:
revealed bids, tie-breakers shown face up, confirmations, chests and money. Bids of finished
rounds were all turned face up ship by ship (so each seat's seventh card follows from its six),
so the history kept for the reveal is public knowledge and a sample keeps it as it is.
"""

from __future__ import annotations

from games.caribbean.data import CARDS, SHIP_NAMES
from games.caribbean.state import CaribbeanState, copy
from games.core import SeededRng


def sample(state: CaribbeanState, seat: int, seed: int) -> CaribbeanState:
    """A copy of ``state`` with all that ``seat`` cannot see re-dealt, from ``seed`` and from
    what ``seat``'s view shows only, so that equal views give equal samples:

    * a seat still bidding starts its bids again (how far it got, and how often it changed
      them, is not shown);
    * a seat that confirmed gets its unrevealed cards dealt anew from those it may still hold
      (its seven minus the cards face up on revealed ships and a tie-breaker shown face up);
    * a tie choice already made but not yet shown is drawn anew;
    * the supply is shuffled from its sorted contents."""
    world = copy(state)
    rng = SeededRng(seed)
    revealed = len(world.won_by)
    for other in range(world.players):
        if other == seat:
            continue
        world.bid_changes[other] = 0
        if not world.confirmed[other]:
            world.bids[other] = [None] * len(SHIP_NAMES)
            continue
        row = world.bids[other]
        shown = [card for card in row[:revealed] if card is not None]
        for ties in world.tiebreaks:  # a tie-breaker shown face up this round
            mark = ties[other]
            if isinstance(mark, int):
                shown.append(mark)
        pool = sorted(set(CARDS) - set(shown))
        rng.shuffle(pool)
        world.bids[other] = [*row[:revealed], *pool[: len(SHIP_NAMES) - revealed]]
        if world.tie_choice[other] is not None:
            world.tie_choice[other] = rng.choice(["up", "down"])
    world.supply = sorted(world.supply)
    rng.shuffle(world.supply)
    return world
