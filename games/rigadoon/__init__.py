"""Rigadoon (2 players): sail, blast and bump your way to chests on two islands."""

from games.rigadoon.spec import RigadoonSpec

SPEC = RigadoonSpec()

__all__ = ["SPEC"]
