"""Build Tortuga 1667 positions directly, for scenario tests and worked examples.

A real game reaches a position only through many actions; a test of one rule wants the pawns,
hands and event row placed at once, as in the rulebook's own examples. Vote cards are named by
text (``cannon british skull``), event cards by name (``pistol``).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.tortuga.data import ARMADA, ROW_SIZE, VOTE_TOTAL, vote_text
from games.tortuga.rules import new_game
from games.tortuga.state import TortugaState

FILLER: tuple[str, ...] = ("pistol", "black spot", "albatross", "pistol", "black spot")
"""The event row when none is named."""


def build_position(
    players: int = 4,
    ships: tuple[list[int], list[int]] = ([0, 1], [2, 3]),
    tortuga: list[int] | None = None,
    rowboats: tuple[int | None, int | None] = (None, None),
    hands: dict[int, list[str]] | None = None,
    deck_top: list[str] | None = None,
    row: Sequence[str | None] | None = None,
    event_deck: list[str] | None = None,
    holds: tuple[list[int], list[int]] = ([1, 0], [0, 1]),
    galleon: int = 4,
    tortuga_chests: tuple[int, int] = (1, 1),
    loyalty: list[str] | None = None,
    kept: dict[int, list[str]] | None = None,
    current: int = 0,
) -> TortugaState:
    """A position at the start of ``current``'s turn: pawns, vote hands (by card text), the
    vote deck's top cards, the event row and deck, treasure, loyalty and cards kept in front
    of players. Unnamed hands get 3 cards each from the shuffled deck (seed 1), and the
    loyalty is seed 1's deal unless named."""
    state = new_game(players, seed=1)
    state.pending, state.news, state.current = None, [], current
    state.actions_left = 2 if players == 2 else 1
    state.ships = [list(ships[0]), list(ships[1])]
    state.tortuga = list(tortuga or [])
    state.rowboats = list(rowboats)
    named = hands or {}
    pool = list(range(VOTE_TOTAL))

    def take(text: str) -> int:
        card = next(c for c in pool if vote_text(c) == text)
        pool.remove(card)
        return card

    state.hands = [[take(t) for t in named[p]] if p in named else [] for p in range(players)]
    top = [take(t) for t in deck_top or []]
    for p in range(players):
        if p not in named:
            state.hands[p] = [pool.pop(0) for _ in range(3)]
    state.vote_deck = top + pool
    state.row = list(row) if row is not None else list(FILLER)
    state.event_deck = list(event_deck) if event_deck is not None else ["albatross", ARMADA]
    state.known = [[None] * ROW_SIZE for _ in range(players)]
    state.viewers = [[] for _ in range(ROW_SIZE)]
    state.discard = []
    state.kept = [list((kept or {}).get(p, [])) for p in range(players)]
    state.holds = [list(holds[0]), list(holds[1])]
    state.galleon = galleon
    state.tortuga_chests = list(tortuga_chests)
    if loyalty is not None:
        state.loyalty = list(loyalty)
    state.loyalty_log = [[card] for card in state.loyalty]
    return state
