"""Cardinal (2 players): crowd the board, summon the pirate, get all five ships on.

Layout: ``data`` (board shapes, counts), ``state`` (the state record), ``rules`` (placements,
crowds, the pirate, the end; its two phases as data), ``views`` (the board view and the words
players read), ``position`` (test positions) and ``spec`` (the contract).

Rulings of our own, where the rulebook and the binding rulings leave a gap:

* With exactly one crowded square the pirate goes there without asking (there is no choice to
  make).
* The "first" option is the rulebook's "most recently lost" seat, or a coin flip from the
  game's seed.
* K7 (no legal placement: pass) cannot arise on the boards offered: at most 8 ships are ever on
  the board, the pirate takes one square and blocks at most four, and every board has at least
  16 squares.
* K8: the 3rd repetition of a position (ships, pirate, whose turn) or the 200th action (a pirate
  choice counts as one) is a draw.
"""

from games.cardinal.spec import CardinalSpec

SPEC = CardinalSpec()

__all__ = ["SPEC", "CardinalSpec"]
