"""Rigadoon (2 players): the engine contract around the resolution machine of ``rules.py``.

A turn is a sequence of atomic actions by the active player: ``change wind``, ``sail k9 se 3``
(optionally ending ``sink`` or ``aground`` when the last space holds a chest; chests met earlier
are bumped), ``repair k9`` and ``end turn``. Decisions inside a chain reaction are actions too:
``attack k9 j9`` (which pending attack next), ``bump`` / ``sink`` / ``aground`` (a blasted ship
meets a chest) and ``island l1`` (where a sunk chest washes up). The opening is ``wind nw``,
picked by the second player (Green); Blue sails first.

Rulings decided here (beyond ``shared/rules/rigadoon-rulings.md``):
- Seat 1 commands Blue and sails first; seat 2 commands Green and picks the opening wind. The
  fleets are mirror images, so choosing a colour would change nothing.
- R2 ("never the wind change last") is judged before a ship action from the obligations of the
  *other* ships: while the wind is unchanged, a ship action is refused unless another
  Ship-at-sea still owes one. If the chain of that action then frees the last owed ship
  (blasted into port, or hemmed in), the wind change is made afterwards anyway.
- A turn ends by itself once the wind has changed and no ship action is left at all;
  otherwise the player says ``end turn`` (Ships-in-port may still leave or repair).
- A sail stops on a chest only on its last space; a chest met earlier is bumped (so
  ``sail f9 sw 2 sink`` is "bump one space, then sink it on the 2nd"). Entering a maelstrom
  counts as one space of the sail or blast.
- A decision with a single option is taken by the engine: one pending attack, a chest that
  cannot be bumped (the ship stops on it), one Island left for a sunk chest.
- A Rigadoon needs all four opponent ships attacked; a position with fewer ships never gives one.
- ``turn_cap`` counts full turns (one turn of each fleet) and defaults to 100, not the rulings'
  example of 300: no real game comes near it, and random playouts stay fast.
- The view's ``focus`` (the ship the Wind card is drawn around) is the only ship of the active
  fleet that can still sail, if there is exactly one; the bot may set it to a chosen ship.
"""

from __future__ import annotations

from typing import Any, ClassVar

from games.core.contract import GameSpec, Option, Outcome
from games.core.coords import parse_square
from games.rigadoon import data, rules
from games.rigadoon.state import FLEETS, RigadoonState, fleet_of

OPTIONS: tuple[Option, ...] = (
    Option("wind", "Change the wind by drawing Wind cards or rolling the Wind die.",
           ("cards", "die"), "cards"),
    Option("die_reroll", "With the die, re-roll a result equal to the current wind (A2).",
           (True, False), True),
    Option("deck_copies", "Copies of each of the 8 Wind cards in the deck (A3).", (1, 2, 3), 1),
    Option("double_backfire", "When a backfire's return fire cannot move the attacker either: "
           "`loop` (ping-pong, the infinite loop loses) or `stop` (both stay put, C8).",
           ("loop", "stop"), "loop"),
    Option("tie", "If both fleets hold two islands at once: the active player wins, or draw.",
           ("active", "draw"), "active"),
    Option("turn_cap", "Full turns after which the game is a draw (G2).", (100, 200, 300), 100),
)


class Rigadoon(GameSpec[RigadoonState]):
    key: ClassVar[str] = "rigadoon"
    title: ClassVar[str] = "Rigadoon"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    options: ClassVar[tuple[Option, ...]] = OPTIONS
    seat_names: ClassVar[tuple[str, ...]] = FLEETS
    summary: ClassVar[str] = (
        "Claim chests on two different islands to win. Each turn change the wind once (never "
        "as your last action) and sail or repair every Ship-at-sea: 3-mast ships must sail, "
        "0-mast ships must repair.\n"
        "A ship that lands orthogonally next to another must attack it, blasting it two spaces "
        "away (off one edge onto the other) and taking a mast; blasted ships attack in turn.\n"
        "Bump chests out of the Shallows, sink them in Open Water to wash them up on an island, "
        "then weigh anchor there. Attack all four enemy ships in one chain for a Rigadoon."
    )

    # -- set-up, turn order, persistence -------------------------------------------------
    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> RigadoonState:
        return RigadoonState(
            options=self.resolve_options(options), rng=seed,
            ships=[*data.BLUE_START, *data.GREEN_START], masts=[3] * 8,
            chests=list(data.CHEST_START),
        )

    def copy(self, state: RigadoonState) -> RigadoonState:
        return state.copy()

    def dump(self, state: RigadoonState) -> str:
        return state.dump()

    def load(self, text: str) -> RigadoonState:
        return RigadoonState.load(text)

    def to_act(self, state: RigadoonState) -> list[int]:
        return [] if state.winners is not None else [state.active]

    def outcome(self, state: RigadoonState) -> Outcome | None:
        return None if state.winners is None else Outcome(list(state.winners), state.reason)

    # -- what may be done ----------------------------------------------------------------
    def ship_menus(self, st: RigadoonState, wind_rule: bool = True) -> tuple[dict[int, list[str]],
                                                                              set[int]]:
        """Each ship's legal sails and repairs this turn, and the ships that still owe one.

        3 masts at sea: must sail (skipped if it cannot, A6); 0 masts: must repair; 1-2 masts:
        either. Aground with fewer than 3 masts: repair only. Ships-in-port may act (E3)."""
        menus: dict[int, list[str]] = {}
        owed: set[int] = set()
        for ship in range(4 * st.active, 4 * st.active + 4):
            c, masts, bit = st.ships[ship], st.masts[ship], 1 << ship
            if c < 0 or (st.acted & bit and not st.bonus & bit):
                continue
            sails = []
            if masts and (masts == 3 or not st.aground(ship)):
                head = f"sail {data.NAMES[c]} "
                sails = [f"{head}{data.DIRECTIONS[d]} {k} {stop}" if stop else
                         f"{head}{data.DIRECTIONS[d]} {k}"
                         for d, k, stop in rules.sail_options(st, ship)]
            repair = [f"repair {data.name(c)}"] if masts < 3 and not st.acted & bit else []
            if st.acted & bit:
                menus[ship] = sails
                continue
            menus[ship] = repair if masts == 0 else sails + repair
            if menus[ship] and not st.in_port(ship):
                owed.add(ship)
        if wind_rule and not st.wind_changed:
            for ship in menus:
                if not owed - {ship}:
                    menus[ship] = []
        return menus, owed

    def legal_actions(self, state: RigadoonState, seat: int) -> list[str]:
        st = state
        if st.winners is not None or seat != st.active:
            return []
        if st.wind < 0:
            return [f"wind {d}" for d in data.DIRECTIONS]
        if st.sinking >= 0:
            return [f"island {data.name(c)}" for c in rules.open_islands(st)]
        if st.blast is not None:
            return ["bump", rules.blast_stop_word(st)]
        if st.pending:
            return [f"attack {data.name(st.ships[a])} {data.name(st.ships[t])}"
                    for a, t in rules.attack_choices(st)]
        return list(self._turn_actions(st))

    def _turn_actions(self, st: RigadoonState) -> list[str]:
        """Sails, repairs, ``change wind`` and ``end turn`` (memoised on the state)."""
        if st.memo is None:
            menus, owed = self.ship_menus(st)
            st.memo = [a for menu in menus.values() for a in menu]
            if not st.wind_changed:
                st.memo.append("change wind")
            elif not owed:
                st.memo.append("end turn")
        return st.memo

    def illegal_message(self, state: RigadoonState, seat: int, action: str,
                        legal: list[str]) -> str:
        st = state
        if st.winners is None and not st.wind_changed and not rules.waiting(st) and st.wind >= 0:
            menus, _ = self.ship_menus(st, wind_rule=False)
            if any(action in menu for menu in menus.values()):
                return ("Change the wind first (`change wind`): changing the wind cannot be "
                        "your turn's last action.")
        return super().illegal_message(state, seat, action, legal)

    # -- doing it ------------------------------------------------------------------------
    def play(self, state: RigadoonState, seat: int, action: str) -> None:
        st = state
        st.narration, st.memo, st.focus_memo = [], None, None
        words = action.split()
        verb = words[0]
        if verb == "wind":
            rules.open_with_wind(st, data.DIRECTIONS.index(words[1]))
            return
        if verb == "change":
            rules.change_wind(st)
        elif verb == "end":
            rules.end_turn(st)
            return
        elif verb == "repair":
            ship = st.ship_at(cell_of(words[1]))
            st.acted |= 1 << ship
            rules.repair(st, ship)
        elif verb == "sail":
            ship = st.ship_at(cell_of(words[1]))
            bit = 1 << ship
            if st.acted & bit:
                st.bonus &= ~bit
            st.acted |= bit
            st.sailer = ship
            rules.sail(st, ship, data.DIRECTIONS.index(words[2]), int(words[3]),
                       words[4] if len(words) > 4 else "")
        elif verb == "attack":
            pair = [st.ship_at(cell_of(words[1])), st.ship_at(cell_of(words[2]))]
            st.pending.remove(pair)
            rules.attack(st, *pair, returning=False)
        elif verb == "island":
            rules.wash_up(st, st.sinking, cell_of(words[1]))
        else:
            rules.choose_at_chest(st, verb)
        rules.advance(st)
        self._settle(st)

    def _settle(self, st: RigadoonState) -> None:
        """End the turn by itself once the wind has changed and nothing is left to do."""
        if st.winners is None and st.wind_changed and not rules.waiting(st) \
                and self._turn_actions(st) == ["end turn"]:
            rules.end_turn(st)
            st.memo = st.focus_memo = None

    # -- what is seen --------------------------------------------------------------------
    def view(self, state: RigadoonState, seat: int | None) -> dict[str, Any]:
        st = state
        wind = st.wind
        if st.focus_memo is None:
            st.focus_memo = (self._focus(st),)
        focus = st.focus_memo[0]
        return {
            "to_act": self.to_act(st),
            "active": st.active,
            "fleets": list(FLEETS),
            "turn": (st.turn + 1) // 2,
            "wind": data.DIRECTIONS[wind] if wind >= 0 else None,
            "downwind": data.DIRECTIONS[data.downwind(wind)] if wind >= 0 else None,
            "card": ({d: [data.reach(wind, i, 1), data.reach(wind, i, 3)]
                      for i, d in enumerate(data.DIRECTIONS)} if wind >= 0 else None),
            "wind_source": st.options["wind"],
            "wind_changed": st.wind_changed,
            "pile": len(st.pile),
            "discard": [data.DIRECTIONS[c] for c in st.discard],
            "ships": [self._ship_view(st, ship) for ship in range(8) if st.ships[ship] >= 0],
            "chests": [self._chest_view(st, c) for c in st.chests],
            "moves": [{"kind": m[0], "fleet": fleet_of(m[1]),
                       "path": [data.name(c) for c in m[2:]]} for m in st.moves],
            "decision": self._decision(st),
            "marked": self._marked(st),
            "focus": focus,
            "last": " ".join(st.narration),
            "outcome": (None if st.winners is None
                        else {"winners": list(st.winners), "reason": st.reason}),
            "private": {},
        }

    def _focus(self, st: RigadoonState) -> str | None:
        """The square of the only ship that can sail now, if just one can (its reach is drawn)."""
        if st.winners is not None or st.wind < 0 or rules.waiting(st):
            return None
        sailing = [s for s, menu in self.ship_menus(st, wind_rule=False)[0].items()
                   if any(a.startswith("sail") for a in menu)]
        return data.name(st.ships[sailing[0]]) if len(sailing) == 1 else None

    @staticmethod
    def _ship_view(st: RigadoonState, ship: int) -> dict[str, Any]:
        return {"fleet": fleet_of(ship), "square": data.name(st.ships[ship]),
                "masts": st.masts[ship], "in_port": st.in_port(ship),
                "aground": st.aground(ship), "acted": bool(st.acted & (1 << ship)),
                "bonus": bool(st.bonus & (1 << ship))}

    @staticmethod
    def _chest_view(st: RigadoonState, c: int) -> dict[str, Any]:
        if c < 0:
            return {"square": None, "place": "sinking"}
        holder = st.ship_at(c)
        place = ("island" if data.KIND[c] == data.ISLAND
                 else "shallows" if data.KIND[c] == data.SHALLOWS else "sea")
        return {"square": data.name(c), "place": place,
                "held_by": FLEETS[fleet_of(holder)] if holder >= 0 else None}

    @staticmethod
    def _marked(st: RigadoonState) -> list[str]:
        """Squares the pending decision is about, so the picture can ring them: the targets of
        the attacks on offer, the chest ahead of a blasted ship, the Islands open to a chest."""
        if st.winners is not None:
            return []
        if st.sinking >= 0:
            return [data.name(c) for c in rules.open_islands(st)]
        if st.blast is not None:
            ship, d = st.blast[rules.B_SHIP], st.blast[rules.B_DIR]
            return [data.name(st.ships[ship]), data.name(data.WRAP[st.ships[ship]][d])]
        return [data.name(st.ships[t]) for _, t in rules.attack_choices(st)] if st.pending else []

    @staticmethod
    def _decision(st: RigadoonState) -> str:
        if st.winners is not None:
            return "over"
        if st.wind < 0:
            return "opening wind"
        if st.sinking >= 0:
            return "island for the sunk chest"
        if st.blast is not None:
            return "bump or stop on the chest"
        if st.pending:
            return "which attack next"
        if not st.wind_changed:
            return "sail or repair ships, and change the wind"
        return "sail or repair ships, or end the turn"

    def describe(self, before: RigadoonState, seat: int, action: str,
                 after: RigadoonState) -> str:
        return " ".join(after.narration) or f"{self.seat_label(seat)}: `{action}`"


def cell_of(square: str) -> int:
    return data.cell(*parse_square(square))

