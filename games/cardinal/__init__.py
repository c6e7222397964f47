"""Cardinal (2 players): crowd the board, summon the pirate, get all five ships on."""

from games.cardinal.rules import Cardinal

SPEC = Cardinal()

__all__ = ["SPEC"]
