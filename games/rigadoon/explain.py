"""Why a Rigadoon action is refused: one sentence naming the rule, in the rulebook's words where
it has them, and what is allowed instead. Never the refused text itself, never a secret (the
only one is the order of the Wind cards, which no reason mentions)."""

from __future__ import annotations

from collections.abc import Callable

from games.rigadoon import chain, data, rules
from games.rigadoon.label import masts_text, square_cell
from games.rigadoon.state import B_DIR, B_SHIP, BLAST, FLEETS, M_KIND, M_PATH, M_SHIP, RigadoonState

MOVES = "sail a ship, repair one, change the wind or end the turn"
DIRECTIONS = "N, NE, E, SE, S, SW, W or NW"
WIND_RELATION = (
    "with the wind behind it",
    "with the wind on its quarter",
    "with the wind from the side",
    "close to the wind",
    "straight into the wind",
)


def explain(state: RigadoonState, seat: int, action: str) -> str:
    if state.outcome is not None:
        return "The game is over."
    if seat != state.active:
        if state.wind < 0:
            return "Green, the second player, picks the opening wind first; then Blue sails."
        return f"It is {FLEETS[state.active]}'s turn: {FLEETS[seat]} plays when it ends."
    if action in rules.legal_actions(state, seat):
        return "That move is allowed now."
    return PHASE_REASONS[rules.phase(state)](state, action.split())


def _squares(state: RigadoonState, ships: list[int]) -> str:
    names = [
        data.label(state.ships[ship])
        for ship in sorted(ships, key=lambda ship: data.xy(state.ships[ship]))
    ]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# -- the opening ----------------------------------------------------------------------------------
def _opening(state: RigadoonState, words: list[str]) -> str:
    if words[:1] == ["wind"]:
        return f"The wind blows from one of the eight compass points: {DIRECTIONS}."
    return (
        "Before the first turn Green picks the opening wind from the deck: choose one of the "
        "eight directions."
    )


# -- the turn -----------------------------------------------------------------------------------
def _turn(state: RigadoonState, words: list[str]) -> str:
    verb = words[0] if words else ""
    if verb in ("attack", "bump", "sink", "aground", "island"):
        return (
            "No chain is waiting for a decision: attacks, bumps and sinkings follow by "
            f"themselves when a ship lands; now {MOVES}."
        )
    if verb == "wind":
        return (
            "The opening wind was picked at the start of the game; each turn the wind is "
            "changed by a new card or roll instead."
        )
    reason = TURN_REASONS.get(verb)
    if reason is None:
        return f"In Rigadoon you {MOVES}."
    return reason(state, words[1:])


def _change(state: RigadoonState, rest: list[str]) -> str:
    if rest != ["wind"]:
        return "Changing the wind is one action: change the wind."
    return "You have changed the wind this turn already: it changes once, and only once, per turn."


def _end(state: RigadoonState, rest: list[str]) -> str:
    if not state.wind_changed:
        return (
            "You cannot end the turn before changing the wind: each turn you must change "
            "the Wind Direction once."
        )
    _, owed = rules.ship_menus(state, wind_rule=False)
    if owed:
        verb = "owes" if len(owed) == 1 else "still owe"
        return (
            f"You cannot end the turn: {_squares(state, list(owed))} {verb} an action (every "
            "Ship-at-sea must sail or repair each turn)."
        )
    return "The turn ends by itself once nothing is left to do."


def _own_ship(state: RigadoonState, word: str, doing: str) -> tuple[int, str]:
    """The active fleet's ship on square ``word``, or -1 and the reason it cannot act."""
    c = square_cell(word) if word else None
    if c is None:
        return -1, f"Name the square of the ship to {doing}, like K9."
    ship = state.ship_at(c)
    if ship < 0:
        return -1, f"There is no ship on {data.label(c)}."
    if ship // 4 != state.active:
        fleet = FLEETS[state.active]
        return -1, f"{data.label(c)} is a {FLEETS[ship // 4]} ship: {fleet} commands only its own."
    return ship, ""


def _acted(state: RigadoonState, ship: int) -> str:
    square = data.label(state.ships[ship])
    kinds = {
        (m[M_KIND], any(data.KIND[c] == data.MAELSTROM for c in m[M_PATH:]))
        for m in state.moves
        if m[M_SHIP] == ship
    }
    if any(through for _, through in kinds):
        return (
            f"{square} went through a maelstrom this turn, and once a ship hits a maelstrom its "
            "turn ends abruptly."
        )
    done = "sailed" if any(kind != BLAST for kind, _ in kinds) else "been repaired"
    return (
        f"{square} has already {done} this turn: a ship may sail or repair once per turn, not both."
    )


def _repair(state: RigadoonState, rest: list[str]) -> str:
    ship, why = _own_ship(state, rest[0] if rest else "", "repair")
    if ship < 0:
        return why
    square, masts = data.label(state.ships[ship]), state.masts[ship]
    if state.acted & (1 << ship):
        return _acted(state, ship)
    if masts == 3:
        if state.in_port(ship):
            return f"{square} has all 3 masts: there is nothing to repair."
        return "A 3-mast ship must sail, not repair: all Ships-at-sea with 3 masts must sail."
    return _wind_first(state) or f"{square} cannot repair now."


def _wind_first(state: RigadoonState) -> str:
    if state.wind_changed:
        return ""
    return (
        "Change the wind first: after this no ship of yours would still owe an action, and "
        "changing the wind can never be your turn's last action."
    )


def _sail(state: RigadoonState, rest: list[str]) -> str:
    ship, why = _own_ship(state, rest[0] if rest else "", "sail")
    if ship < 0:
        return why
    square, masts = data.label(state.ships[ship]), state.masts[ship]
    if state.acted & (1 << ship) and not state.bonus & (1 << ship):
        return _acted(state, ship)
    if masts == 0:
        return (
            f"{square} has no masts: only ships with at least 1 mast can sail, so it must repair."
        )
    if state.aground(ship) and masts < 3:
        return (
            f"{square} is aground with {masts_text(masts)}: only a ship with all 3 masts can "
            "dislodge itself, so repair it first."
        )
    if len(rest) < 2 or rest[1] not in data.DIRECTIONS:
        return f"Say which way to sail: {DIRECTIONS}."
    d = data.DIRECTIONS.index(rest[1])
    if len(rest) < 3 or not rest[2].isdigit() or int(rest[2]) < 1:
        return "Say how many spaces to sail, 1 or more."
    k = int(rest[2])
    angle = abs(d - data.downwind(state.wind)) % 8
    angle = min(angle, 8 - angle)
    reach = data.reach(state.wind, d, masts)
    if k > reach:
        return (
            f"{square} has {masts_text(masts)}: {WIND_RELATION[angle]} it reaches {reach} "
            f"space{'s' if reach != 1 else ''}, not {k}."
        )
    stop = rest[3] if len(rest) > 3 else ""
    if stop not in ("", "sink", "aground") or len(rest) > 4:
        return "A sail can end by sinking a chest or by running aground on one, nothing else."
    return _course(state, ship, d, k, stop) or _wind_first(state) or f"{square} cannot sail so now."


def _course(state: RigadoonState, ship: int, d: int, k: int, stop: str) -> str:
    """What blocks the sail along its line, space by space, as the rules see it."""
    origin, full = state.ships[ship], state.masts[ship] == 3
    ray = data.RAYS[origin][d]
    if len(ray) < k:
        return "Ships cannot sail off the edge of the board, nor across to the other side."
    chests = set(state.chests)
    ships = set(state.ships) - {origin}
    for i, c in enumerate(ray[:k], 1):
        here = data.label(c)
        if c in ships:
            return (
                f"The ship on {here} is in the way: ships never share a space or sail through one."
            )
        if data.KIND[c] == data.ISLAND:
            if c not in chests:
                return (
                    f"Island {here} has no Treasure Chest: a ship may land on an Island only "
                    "to claim a chest there."
                )
            if i < k:
                return f"A ship that reaches Island {here} stops there and claims its chest."
            return "A ship claims an Island by landing on it, with nothing more to say."
        if data.KIND[c] == data.MAELSTROM:
            exit_ = data.EXIT_OF[c]
            if exit_ in ships:
                return (
                    f"A ship is on {data.label(exit_)}, the exit of the maelstrom at {here}: no "
                    "ship may enter that maelstrom."
                )
            return (
                f"A ship that enters the maelstrom at {here} comes out at "
                f"{data.label(exit_)} and stops there."
            )
        if c in chests:
            last = i == k
            if last and stop == "sink" and data.KIND[c] != data.OPEN:
                return (
                    f"The chest on {here} is in the Shallows: chests sink only in Open Water; "
                    "bump it or run aground on it."
                )
            if last and stop == "aground":
                if data.KIND[c] == data.OPEN:
                    return (
                        f"The chest on {here} is in Open Water: a ship stops there by sinking "
                        "it; running aground happens only in the Shallows."
                    )
                if not full:
                    return (
                        f"Only a ship with all 3 masts can run aground on its own; "
                        f"{data.label(origin)} has {masts_text(state.masts[ship])}."
                    )
            if last and stop:
                return ""
            if chain.push_destination(ships, chests, c, d) < 0:
                what = "sink it" if data.KIND[c] == data.OPEN else "run aground on it"
                return (
                    f"The chest on {here} cannot be bumped on (a ship, an Island or the edge "
                    f"is behind it, and chests never cross the board): stop on it to {what}."
                )
            chests = chests - {c} | {chain.push_destination(ships, chests, c, d)}
        elif i == k and stop:
            word = "sink" if stop == "sink" else "run aground on"
            return f"There is no chest on {here} to {word}."
    return ""


TURN_REASONS: dict[str, Callable[[RigadoonState, list[str]], str]] = {
    "change": _change,
    "end": _end,
    "repair": _repair,
    "sail": _sail,
}


# -- the decisions of a chain ---------------------------------------------------------------------
def _first_the_chain(state: RigadoonState, words: list[str], now: str) -> str:
    """The reason for anything but the decision the chain waits for."""
    if now == rules.ATTACK:
        what = "choose which attack comes next"
    elif now == rules.CHEST:
        assert state.blast is not None
        ship = state.blast[B_SHIP]
        ahead = data.label(data.WRAP[state.ships[ship]][state.blast[B_DIR]])
        stop = "sink it" if chain.blast_stop_word(state) == "sink" else "run aground on it"
        what = (
            f"decide whether {state.ship_label(ship)} bumps the chest on {ahead} or stops to {stop}"
        )
    else:
        what = "choose the Island where the sunk chest washes up"
    return f"First finish the chain: {what}."


def _attack(state: RigadoonState, words: list[str]) -> str:
    if words[:1] != ["attack"]:
        return _first_the_chain(state, words, rules.ATTACK)
    cells = [square_cell(w) for w in words[1:3]]
    if len(words) != 3 or None in cells:
        return "Name the attacking ship's square, then its target's, like K9 J9."
    attacker, target = (state.ship_at(c) for c in cells if c is not None)
    pairs = [p for p in state.pending if p[0] == attacker]
    if attacker < 0 or not pairs:
        return "That ship has no attack waiting: choose one of the attacks the chain asks for."
    if [attacker, target] not in state.pending:
        return (
            f"{state.ship_label(attacker)} attacks only the ships orthogonally beside it where it "
            "landed."
        )
    if [attacker, target] not in chain.attack_choices(state):
        return (
            f"{state.ship_label(target)} cannot be blasted even one space, so that attack "
            f"waits until {state.ship_label(attacker)}'s other attacks are done (the attack "
            "would backfire)."
        )
    return _chain_wind(state)


def _chain_wind(state: RigadoonState) -> str:
    return (
        "That would leave no ship of yours owing an action before the wind changes, and "
        "changing the wind can never be your turn's last action: choose otherwise."
    )


def _chest(state: RigadoonState, words: list[str]) -> str:
    if words in (["sink"], ["aground"]):
        if words[0] != chain.blast_stop_word(state):
            assert state.blast is not None
            ahead = data.WRAP[state.ships[state.blast[B_SHIP]]][state.blast[B_DIR]]
            if words[0] == "sink":
                return (
                    f"The chest on {data.label(ahead)} is in the Shallows: chests sink only in "
                    "Open Water; bump it or run aground on it."
                )
            return (
                f"The chest on {data.label(ahead)} is in Open Water: the ship stops there by "
                "sinking it, or bumps it on."
            )
        return _chain_wind(state)
    if words == ["bump"]:
        return _chain_wind(state)
    return _first_the_chain(state, words, rules.CHEST)


def _island(state: RigadoonState, words: list[str]) -> str:
    if words[:1] != ["island"]:
        return _first_the_chain(state, words, rules.ISLAND)
    c = square_cell(words[1]) if len(words) == 2 else None
    if c is None or data.KIND[c] != data.ISLAND:
        names = ", ".join(data.label(i) for i in data.ISLANDS)
        return f"A sunk chest washes up on one of the four Islands: {names}."
    if c in state.chests:
        return (
            f"Island {data.label(c)} already has a chest: a sunk chest washes up on an "
            "Island without one."
        )
    return _chain_wind(state)


PHASE_REASONS: dict[str, Callable[[RigadoonState, list[str]], str]] = {
    rules.OPENING: _opening,
    rules.TURN: _turn,
    rules.ATTACK: _attack,
    rules.CHEST: _chest,
    rules.ISLAND: _island,
}
