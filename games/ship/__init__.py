"""Ship (Peter Rand, UCLA 2014): Stern against Bow on a mutinous ship's deck.

Layout: ``data`` (deck sizes, waves, pieces, start), ``state`` (the state record), ``rules``
(moves, jumps, Sea-Leg, results), ``waves`` (rows shifted and pieces overboard), ``views`` (the
deck view and the words players read), ``position`` (test positions drawn as the rulings draw
them) and ``spec`` (the contract).

Rulings decided by this engine where neither the rulebook nor the binding rulings speak:

* A wave resolves after a jumped piece has left the deck: the opponent's front-most Mate is
  looked for among the pieces still aboard.
* A mover whose own last piece falls overboard loses ("has no pieces left").
* Results are judged right after each move, in this order: a Captain home, a side with no
  pieces, the next player with no legal move (they lose at once), 3-fold repetition, then the
  200-ply cap (the 200th ply is still played and may win).
* The 3-fold repetition position includes whose turn it is and who still owes a first move.
* Larger deck options keep the wave pattern: column b and the second column from the east
  edge, on the first and last rows between the two starting blocks, arrows as on 7x9.
* With the all-diagonals flag a Captain still may not step straight away from home: the
  rulebook lists "forwards, left and right" plus the diagonals.
"""

from games.ship.spec import ShipSpec

SPEC = ShipSpec()

__all__ = ["SPEC", "ShipSpec"]
