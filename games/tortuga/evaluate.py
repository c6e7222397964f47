"""``evaluate``: each seat's chance to win, estimated from the chests and the Armada's distance.

A seat wins with its loyalty card's side: the British or French team when it has more chests
(ship holds plus Tortuga's area) as the Spanish Armada is revealed, the Dutch player when they
are level (odd counts; with even counts a tie is sudden death, an even chance). A lead counts
for more the closer the Armada is: the fewer event cards still face down, the fewer turns are
left to overturn it. A seat about to act that has seen where the Armada lies, with its team
ahead, ends the game on its next action: that is as good as won. Cheap: a few arithmetic
operations.
"""

from __future__ import annotations

import math

from games.tortuga.data import ARMADA, BASE_EVENTS, STARRED_IN_GAME
from games.tortuga.state import TortugaState, row_count, team_chests

EVENT_CARDS = len(BASE_EVENTS) + STARRED_IN_GAME + 1  # with the Spanish Armada
TIE_AT_LEVEL = 0.4  # odd counts: the Dutch player's chance when the teams are level
SEEN_ARMADA = 0.95  # the leading team's chance when its seat to act knows where the Armada is


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
    ender = armada_ender(state, lead)
    if ender is not None:
        losers = [team for team in side if team != ender and (team != "dutch" or tie)]
        side = {team: 1 - SEEN_ARMADA if team in losers else 0.0 for team in side}
        side = {team: value / len(losers) for team, value in side.items()}
        side[ender] = SEEN_ARMADA
    return [side[state.loyalty[seat]] for seat in seats]


def armada_ender(state: TortugaState, lead: int) -> str | None:
    """The team of the seat choosing its turn's action, if that seat has seen the Spanish
    Armada in the row and its team is ahead: it can reveal it and win."""
    if state.pending is not None or not lead:
        return None
    seat = state.current
    team = state.loyalty[seat]
    ahead = "british" if lead > 0 else "french"
    return team if team == ahead and ARMADA in state.known[seat] else None
