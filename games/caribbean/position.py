"""Build Caribbean positions directly, for scenario tests and for trying out a rule by hand.

A real game only reaches a position through bids and reveals; tests of a single rule want the
pieces placed at once, as in the rulebook's own examples.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.caribbean.data import PORTS, SHIP_LETTERS, SHIP_NAMES, STARTS
from games.caribbean.rules import SHIP_INDEX, layout, open_record
from games.caribbean.state import CaribbeanState


def build_position(
    players: int = 2,
    *,
    ships: dict[str, str] | None = None,
    cargo: dict[str, str] | None = None,
    ports: Iterable[str] = (),
    delivered: Iterable[tuple[str, int]] = (),
    money: Sequence[int] | None = None,
    round_no: int = 1,
    round_cap: int = 30,
    moving: tuple[str, int, int] | None = None,
) -> CaribbeanState:
    """A bidding-phase state: ``ships`` maps ship letters to spaces (others stay on their
    ``STARTS`` in order), ``cargo`` ship letters to chest codes, ``ports`` the chests waiting on
    their ports; every chest not placed anywhere is in the supply, in ``PORTS`` order.

    ``moving=("a", 0, 3)`` goes on to the sailing phase: seat 0 has won ship A with 3 spaces
    (see :func:`sailing`)."""
    spaces = dict(zip(SHIP_LETTERS, STARTS, strict=True)) | (ships or {})
    loads = cargo or {}
    waiting = list(ports)
    done = dict(delivered)
    placed = {*loads.values(), *waiting, *done}
    state = CaribbeanState(
        players=players,
        round_cap=round_cap,
        ship_spaces=[spaces[letter] for letter in SHIP_LETTERS],
        cargo=[loads.get(letter) for letter in SHIP_LETTERS],
        port_chests=waiting,
        supply=[port.code for port in PORTS if port.code not in placed],
        money=list(money) if money is not None else [0] * players,
        captures=[0] * players,
        bids=[[None] * len(SHIP_NAMES) for _ in range(players)],
        round=round_no,
        delivered=done,
        confirmed=[False] * players,
        spent=[False] * players,
        tie_choice=[None] * players,
        tried_bids=[[] for _ in range(players)],
        layouts=[[] for _ in range(players)],
    )
    if moving is not None:
        ship, seat, allowance = moving
        sailing(state, ship, seat, allowance)
    return state


def sailing(
    state: CaribbeanState,
    ship: str,
    seat: int,
    allowance: int,
    bids: Sequence[Sequence[int]] | None = None,
) -> CaribbeanState:
    """Make ``seat`` the winner of ``ship`` with ``allowance`` spaces, as after its reveal
    (the ships before it were revealed too, and stayed).

    ``bids`` (one row of six cards per seat) are the round's confirmed bids; by default seat 0
    bids 5, 4, 3, 2, 1, 0 and every other seat one less, so seat 0 wins the later ships."""
    rows = bids or [[5, 4, 3, 2, 1, 0]] + [[4, 3, 2, 1, 0, -1]] * (state.players - 1)
    state.bids = [list(row) for row in rows]
    state.confirmed = [True] * state.players
    for earlier in range(SHIP_INDEX[ship]):  # revealed before, and stayed where they were
        state.current = earlier
        open_record(state)
    state.current = SHIP_INDEX[ship]
    open_record(state)
    state.won_by[-1] = seat
    state.allowances[-1] = allowance
    state.phase = "sail"
    state.active = seat
    state.moves_left = allowance
    state.layouts[seat] = [layout(state)]
    return state
