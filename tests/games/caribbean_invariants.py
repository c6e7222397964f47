"""Caribbean invariants, asserted after every action of the random playouts.

* Chests are conserved: 16 = supply + ports + ships + delivered, each chest in one place.
* Money is an audit trail of gains only: each seat's doubloons are exactly 2,000 per capture it
  made plus the values of chests delivered to its havens, and every chest off the supply and off
  its port was captured once. (Step-to-step growth is checked in ``test_caribbean_invariants``.)
* One ship per sea space, all on the map; a ship on an active haven carries nothing unless it is
  the ship now moving (compulsory unloading).
* Bids are distinct cards from the seat's seven.
"""

from __future__ import annotations

from typing import Any

from games.caribbean.data import ADJACENCY, CAPTURE_REWARD, CARDS, PORT_BY_CODE, PORTS
from games.caribbean.rules import havens

ALL_CHESTS = frozenset(port.code for port in PORTS)
SEA = frozenset(ADJACENCY)
HAND = frozenset(CARDS)


def check(spec: Any, state: Any) -> None:
    on_ships = [chest for chest in state.cargo if chest is not None]
    delivered = list(state.delivered)
    everywhere = state.supply + state.port_chests + on_ships + delivered
    assert len(everywhere) == 16 and set(everywhere) == ALL_CHESTS, everywhere

    captured = 16 - len(state.supply) - len(state.port_chests)
    assert sum(state.captures) == captured
    earned = [CAPTURE_REWARD * count for count in state.captures]
    for code, owner in state.delivered.items():
        earned[owner] += PORT_BY_CODE[code].value
    assert state.money == earned, (state.money, earned)

    assert len(set(state.ship_spaces)) == 6 and SEA.issuperset(state.ship_spaces)
    active_havens = havens(state.players)
    for ship, space in enumerate(state.ship_spaces):
        moving = state.phase == "sail" and ship == state.current
        assert moving or state.cargo[ship] is None or space not in active_havens

    for row in state.bids:
        cards = [card for card in row if card is not None]
        assert len(cards) == len(set(cards)) and HAND.issuperset(cards)

    assert bool(spec.to_act(state)) == (state.outcome is None)
