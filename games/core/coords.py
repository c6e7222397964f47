"""Square names on rectangular boards: column letters from ``a``, rows numbered from 1."""

from __future__ import annotations

Square = tuple[int, int]  # (column, row), both 0-based


def square_name(square: Square) -> str:
    col, row = square
    return f"{chr(ord('a') + col)}{row + 1}"


def parse_square(name: str) -> Square:
    """``"c3"`` -> ``(2, 2)``. Raises ValueError on anything else."""
    name = name.strip().lower()
    if len(name) < 2 or not name[0].isalpha() or not name[1:].isdigit():
        raise ValueError(f"`{name}` is not a square name like `c3`.")
    return ord(name[0]) - ord("a"), int(name[1:]) - 1


ORTHOGONAL: tuple[Square, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL: tuple[Square, ...] = ((1, 1), (1, -1), (-1, 1), (-1, -1))
KING: tuple[Square, ...] = ORTHOGONAL + DIAGONAL
