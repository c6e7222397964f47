"""Rigadoon (2 players): sail, blast and bump your way to chests on two islands."""

from games.rigadoon.game import Rigadoon

SPEC = Rigadoon()

__all__ = ["SPEC"]
