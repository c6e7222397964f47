"""Caribbean (2-4 players): bribe six pirate ships with secret rum bids, deliver chests home."""

from games.caribbean.spec import CaribbeanSpec

SPEC = CaribbeanSpec()

__all__ = ["SPEC"]
