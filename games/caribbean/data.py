"""Caribbean's board and components in one place, so a better-sourced map can replace it.

Everything here comes from ``shared/rules/caribbean-rulings.md`` §1.1-1.3: the reconstructed
74-space sea (an odd-r offset hex grid, rows A-H north to south, columns 1-13 west to east, rows
B/D/F/H drawn half a cell east), the 16 ports with their harbour spaces and chest values (which
sum to 92,000 so that the end thresholds split 124,000 evenly), the havens per colour, the six
ship starts and the bribe cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core.words import N_

SHIP_NAMES: tuple[str, ...] = ("Arriba", "Bravo", "Caribic", "Diabolo", "Evita", "Fuego")
SHIP_LETTERS: tuple[str, ...] = ("a", "b", "c", "d", "e", "f")

CARDS: tuple[int, ...] = (-1, 0, 1, 2, 3, 4, 5)
THIEF = -1
"""The single thief card: it always loses a bid and costs the winner one space."""

COLOURS: tuple[str, ...] = (N_("Red"), N_("Blue"), N_("Yellow"), N_("Green"))
"""Seat ``i`` plays colour ``COLOURS[i]``; with 2 or 3 players the last colours are unused.
Kept in English (a fact), said with ``t`` where a player reads it."""

CAPTURE_REWARD = 2000
THRESHOLDS: dict[int, int] = {2: 62_000, 3: 41_000, 4: 31_000}
CHESTS_ON_BOARD_AT_START = 6
CHESTS_PER_REFILL = 2
ROWS = "ABCDEFGH"
COLUMNS = 13

_ADJACENCY_TEXT = """
A1  : A2 B1
A2  : A1 A3 B1 B2
A3  : A2 A4 B2 B3
A4  : A3 B3 B4
A7  : A8 B6 B7
A8  : A7 A9 B7 B8
A9  : A8 A10 B8
A10 : A9 A11 B10
A11 : A10 A12 B10 B11
A12 : A11 A13 B11 B12
A13 : A12 B12 B13
B1  : A1 A2 B2 C2
B2  : A2 A3 B1 B3 C2 C3
B3  : A3 A4 B2 B4 C3
B4  : A4 B3 B5
B5  : B4 B6
B6  : A7 B5 B7
B7  : A7 A8 B6 B8
B8  : A8 A9 B7 C9
B10 : A10 A11 B11 C10 C11
B11 : A11 A12 B10 B12 C11 C12
B12 : A12 A13 B11 B13 C12 C13
B13 : A13 B12 C13
C2  : B1 B2 C3
C3  : B2 B3 C2 D3
C9  : B8 C10 D8 D9
C10 : B10 C9 C11 D9
C11 : B10 B11 C10 C12
C12 : B11 B12 C11 C13 D12
C13 : B12 B13 C12 D12
D3  : C3 D4 E3 E4
D4  : D3 D5 E4 E5
D5  : D4 D6 E5 E6
D6  : D5 D7 E6 E7
D7  : D6 D8 E7
D8  : C9 D7 D9 E9
D9  : C9 C10 D8 E9 E10
D12 : C12 C13 E12 E13
E3  : D3 E4 F2 F3
E4  : D3 D4 E3 E5 F3 F4
E5  : D4 D5 E4 E6 F4 F5
E6  : D5 D6 E5 E7 F5 F6
E7  : D6 D7 E6 F6 F7
E9  : D8 D9 E10 F8 F9
E10 : D9 E9 E11 F9 F10
E11 : E10 E12 F10 F11
E12 : D12 E11 E13 F11 F12
E13 : D12 E12 F12
F2  : E3 F3 G3
F3  : E3 E4 F2 F4 G3 G4
F4  : E4 E5 F3 F5 G4 G5
F5  : E5 E6 F4 F6 G5 G6
F6  : E6 E7 F5 F7 G6 G7
F7  : E7 F6 F8 G7 G8
F8  : E9 F7 F9 G8 G9
F9  : E9 E10 F8 F10 G9 G10
F10 : E10 E11 F9 F11 G10 G11
F11 : E11 E12 F10 F12 G11 G12
F12 : E12 E13 F11 G12 G13
G3  : F2 F3 G4
G4  : F3 F4 G3 G5 H4
G5  : F4 F5 G4 G6 H4 H5
G6  : F5 F6 G5 G7 H5
G7  : F6 F7 G6 G8
G8  : F7 F8 G7 G9
G9  : F8 F9 G8 G10 H9
G10 : F9 F10 G9 G11 H9
G11 : F10 F11 G10 G12
G12 : F11 F12 G11 G13 H12
G13 : F12 G12 H12
H4  : G4 G5 H5
H5  : G5 G6 H4
H9  : G9 G10
H12 : G12 G13
"""

ADJACENCY: dict[str, tuple[str, ...]] = {
    space.strip(): tuple(neighbours.split())
    for space, neighbours in (line.split(":") for line in _ADJACENCY_TEXT.strip().splitlines())
}
"""Sea spaces and their neighbours (the rulings' authoritative list, 74 spaces, 158 edges)."""


@dataclass(frozen=True)
class Port:
    """A harbour city: its chest can be captured from the sea space ``harbour``."""

    city: str
    code: str
    land: str
    harbour: str
    value: int


PORTS: tuple[Port, ...] = (
    Port("Havanna", "HAV", "C4", "B4", 7000),
    Port("Nassau", "NAS", "B9", "B10", 5000),
    Port("Veracruz", "VER", "C1", "C2", 8000),
    Port("Tortuga", "TOR", "D10", "C10", 5000),
    Port("San Juan", "SJU", "D13", "C13", 5000),
    Port("Campeche", "CAM", "D2", "D3", 6000),
    Port("Santiago", "STG", "C8", "D8", 6000),
    Port("Santo Domingo", "SDO", "D11", "E11", 4000),
    Port("Trujillo", "TRU", "F1", "F2", 7000),
    Port("Port Royal", "PRY", "E8", "F8", 4000),
    Port("Martinique", "MAR", "F13", "F12", 4000),
    Port("Cartagena", "CTG", "H6", "G6", 5000),
    Port("Caracas", "CCS", "H11", "G11", 5000),
    Port("Porto Bello", "PBE", "H3", "H4", 8000),
    Port("Maracaibo", "MCB", "H8", "H9", 6000),
    Port("Trinidad", "TRI", "H13", "H12", 7000),
)
"""Each chest names one city; a chest is identified by its city's code."""

PORT_BY_CODE: dict[str, Port] = {port.code: port for port in PORTS}
PORT_AT_HARBOUR: dict[str, Port] = {port.harbour: port for port in PORTS}

HAVENS: dict[str, tuple[str, ...]] = {
    "Red": ("A9", "E9", "H5"),
    "Blue": ("B13", "E3", "F7"),
    "Yellow": ("A7", "D5", "F10"),
    "Green": ("A11", "E13", "G3"),
}

STARTS: tuple[str, ...] = ("A4", "A10", "C9", "D4", "F6", "F9")


def haven_owners(players: int) -> dict[str, int]:
    """Haven space -> owning seat. Unused colours' havens are plain sea (ruling C13)."""
    return {space: seat for seat in range(players) for space in HAVENS[COLOURS[seat]]}
