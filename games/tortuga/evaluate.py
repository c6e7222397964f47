"""``evaluate``: each seat's chance to win, estimated from the chests and the Armada's distance.

A seat wins with its loyalty card's side: the British or French team when it has more chests
(ship holds plus Tortuga's area) as the Spanish Armada is revealed, the Dutch player when they
are level (odd counts; with even counts a tie is sudden death, an even chance). A lead counts
for more the closer the Armada is: the fewer event cards still face down, the fewer turns are
left to overturn it. Cheap: a few arithmetic operations.
"""

from __future__ import annotations

import math

from games.tortuga.data import BASE_EVENTS, STARRED_IN_GAME
from games.tortuga.state import TortugaState, row_count, team_chests

EVENT_CARDS = len(BASE_EVENTS) + STARRED_IN_GAME + 1  # with the Spanish Armada
TIE_AT_LEVEL = 0.4  # odd counts: the Dutch player's chance when the teams are level


def evaluate(state: TortugaState) -> list[float]:
    """Per seat, in [0, 1]; 1 or 0 once the game is over (a draw shares equally)."""
    seats = range(state.players)
    if state.outcome is not None:
        winners = state.outcome["winners"]
        if not winners:
            return [1 / state.players for _ in seats]
        return [1.0 if seat in winners else 0.0 for seat in seats]
    chests = team_chests(state)
    lead = chests["british"] - chests["french"]
    face_down = len(state.event_deck) + row_count(state)
    nearness = 1.0 if state.sudden_death else 1 - min(face_down, EVENT_CARDS) / EVENT_CARDS
    steepness = 0.5 + 2.0 * nearness
    british = 1 / (1 + math.exp(-steepness * lead))
    tie = TIE_AT_LEVEL * math.exp(-steepness * abs(lead)) if state.players % 2 else 0.0
    side = {"british": (1 - tie) * british, "french": (1 - tie) * (1 - british), "dutch": tie}
    return [side[state.loyalty[seat]] for seat in seats]
