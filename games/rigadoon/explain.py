"""Why a Rigadoon action is refused: one sentence naming the rule, in the rulebook's words where
it has them, and what is allowed instead. Never the refused text itself, never a secret (the
only one is the order of the Wind cards, which no reason mentions)."""

from __future__ import annotations

from collections.abc import Callable

from games.core.words import N_, joined, t, tn
from games.rigadoon import chain, data, rules
from games.rigadoon.label import masts_text, square_cell
from games.rigadoon.state import B_DIR, B_SHIP, BLAST, FLEETS, M_KIND, M_PATH, M_SHIP, RigadoonState


def explain(state: RigadoonState, seat: int, action: str) -> str:
    if state.outcome is not None:
        return t("The game is over.")
    if seat != state.active:
        if state.wind < 0:
            return t("Green, the second player, picks the opening wind first; then Blue sails.")
        return t(
            "It is {fleet}'s turn: {seat} plays when it ends.",
            fleet=t(FLEETS[state.active]),
            seat=t(FLEETS[seat]),
        )
    return PHASE_REASONS[rules.phase(state)](state, action.split())


def _squares(state: RigadoonState, ships: list[int]) -> str:
    return joined(
        [
            data.label(state.ships[ship])
            for ship in sorted(ships, key=lambda ship: data.xy(state.ships[ship]))
        ]
    )


# -- the opening ----------------------------------------------------------------------------------
def _opening(state: RigadoonState, words: list[str]) -> str:
    if words[:1] == ["wind"]:
        return t(
            "The wind blows from one of the eight compass points: N, NE, E, SE, S, SW, W or NW."
        )
    return t(
        "Before the first turn Green picks the opening wind from the deck: choose one of the "
        "eight directions."
    )


# -- the turn -----------------------------------------------------------------------------------
def _turn(state: RigadoonState, words: list[str]) -> str:
    verb = words[0] if words else ""
    if verb in ("attack", "bump", "sink", "aground", "island"):
        return t(
            "No chain is waiting for a decision: attacks, bumps and sinkings follow by "
            "themselves when a ship lands; now sail a ship, repair one, change the wind or end "
            "the turn."
        )
    if verb == "wind":
        return t(
            "The opening wind was picked at the start of the game; each turn the wind is "
            "changed by a new card or roll instead."
        )
    reason = TURN_REASONS.get(verb)
    if reason is None:
        return t("In Rigadoon you sail a ship, repair one, change the wind or end the turn.")
    return reason(state, words[1:])


def _change(state: RigadoonState, rest: list[str]) -> str:
    if rest != ["wind"]:
        return t("Changing the wind is one action: change the wind.")
    return t(
        "You have changed the wind this turn already: it changes once, and only once, per turn."
    )


def _end(state: RigadoonState, rest: list[str]) -> str:
    if not state.wind_changed:
        return t(
            "You cannot end the turn before changing the wind: each turn you must change "
            "the Wind Direction once."
        )
    _, owed = rules.ship_menus(state, wind_rule=False)
    if owed:
        return tn(
            "You cannot end the turn: {ships} owes an action (every Ship-at-sea must sail or "
            "repair each turn).",
            "You cannot end the turn: {ships} still owe an action (every Ship-at-sea must sail "
            "or repair each turn).",
            len(owed),
            ships=_squares(state, list(owed)),
        )
    return t("The turn ends by itself once nothing is left to do.")


def _own_ship(state: RigadoonState, word: str, doing: str) -> tuple[int, str]:
    """The active fleet's ship on square ``word``, or -1 and the reason it cannot act."""
    c = square_cell(word) if word else None
    if c is None:
        if doing == "repair":
            return -1, t("Name the square of the ship to repair, like K9.")
        return -1, t("Name the square of the ship to sail, like K9.")
    ship = state.ship_at(c)
    if ship < 0:
        return -1, t("There is no ship on {square}.", square=data.label(c))
    if ship // 4 != state.active:
        mine = (
            N_("{square} is a Blue ship: {fleet} commands only its own.")
            if ship // 4 == 0
            else N_("{square} is a Green ship: {fleet} commands only its own.")
        )
        return -1, t(mine, square=data.label(c), fleet=t(FLEETS[state.active]))
    return ship, ""


def _acted(state: RigadoonState, ship: int) -> str:
    square = data.label(state.ships[ship])
    kinds = {
        (m[M_KIND], any(data.KIND[c] == data.MAELSTROM for c in m[M_PATH:]))
        for m in state.moves
        if m[M_SHIP] == ship
    }
    if any(through for _, through in kinds):
        return t(
            "{square} went through a maelstrom this turn, and once a ship hits a maelstrom its "
            "turn ends abruptly.",
            square=square,
        )
    if any(kind != BLAST for kind, _ in kinds):
        return t(
            "{square} has already sailed this turn: a ship may sail or repair once per turn, not "
            "both.",
            square=square,
        )
    return t(
        "{square} has already been repaired this turn: a ship may sail or repair once per turn, "
        "not both.",
        square=square,
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
            return t("{square} has all 3 masts: there is nothing to repair.", square=square)
        return t("A 3-mast ship must sail, not repair: all Ships-at-sea with 3 masts must sail.")
    return _wind_first(state) or t("{square} cannot repair now.", square=square)


def _wind_first(state: RigadoonState) -> str:
    if state.wind_changed:
        return ""
    return t(
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
        return t(
            "{square} has no masts: only ships with at least 1 mast can sail, so it must repair.",
            square=square,
        )
    if state.aground(ship) and masts < 3:
        return tn(
            "{square} is aground with {n} mast: only a ship with all 3 masts can dislodge "
            "itself, so repair it first.",
            "{square} is aground with {n} masts: only a ship with all 3 masts can dislodge "
            "itself, so repair it first.",
            masts,
            square=square,
        )
    if len(rest) < 2 or rest[1] not in data.DIRECTIONS:
        return t("Say which way to sail: N, NE, E, SE, S, SW, W or NW.")
    d = data.DIRECTIONS.index(rest[1])
    if len(rest) < 3 or not rest[2].isdigit() or int(rest[2]) < 1:
        return t("Say how many spaces to sail, 1 or more.")
    k = int(rest[2])
    angle = abs(d - data.downwind(state.wind)) % 8
    angle = min(angle, 8 - angle)
    reach = data.reach(state.wind, d, masts)
    if k > reach:
        return REACH_REASONS[angle](reach, square=square, masts=masts_text(masts), k=k)
    stop = rest[3] if len(rest) > 3 else ""
    if stop not in ("", "sink", "aground") or len(rest) > 4:
        return t("A sail can end by sinking a chest or by running aground on one, nothing else.")
    return (
        _course(state, ship, d, k, stop)
        or _wind_first(state)
        or t("{square} cannot sail so now.", square=square)
    )


# How far the wind lets a ship sail, by the angle between its course and downwind (in 45°
# steps): one whole sentence each, its reach counted.
REACH_REASONS: dict[int, Callable[..., str]] = {
    0: lambda reach, **said: tn(
        "{square} has {masts}: with the wind behind it it reaches {n} space, not {k}.",
        "{square} has {masts}: with the wind behind it it reaches {n} spaces, not {k}.",
        reach,
        **said,
    ),
    1: lambda reach, **said: tn(
        "{square} has {masts}: with the wind on its quarter it reaches {n} space, not {k}.",
        "{square} has {masts}: with the wind on its quarter it reaches {n} spaces, not {k}.",
        reach,
        **said,
    ),
    2: lambda reach, **said: tn(
        "{square} has {masts}: with the wind from the side it reaches {n} space, not {k}.",
        "{square} has {masts}: with the wind from the side it reaches {n} spaces, not {k}.",
        reach,
        **said,
    ),
    3: lambda reach, **said: tn(
        "{square} has {masts}: close to the wind it reaches {n} space, not {k}.",
        "{square} has {masts}: close to the wind it reaches {n} spaces, not {k}.",
        reach,
        **said,
    ),
    4: lambda reach, **said: tn(
        "{square} has {masts}: straight into the wind it reaches {n} space, not {k}.",
        "{square} has {masts}: straight into the wind it reaches {n} spaces, not {k}.",
        reach,
        **said,
    ),
}


def _course(state: RigadoonState, ship: int, d: int, k: int, stop: str) -> str:
    """What blocks the sail along its line, space by space, as the rules see it."""
    origin, full = state.ships[ship], state.masts[ship] == 3
    ray = data.RAYS[origin][d]
    if len(ray) < k:
        return t("Ships cannot sail off the edge of the board, nor across to the other side.")
    chests = set(state.chests)
    ships = set(state.ships) - {origin}
    for i, c in enumerate(ray[:k], 1):
        here = data.label(c)
        if c in ships:
            return t(
                "The ship on {square} is in the way: ships never share a space or sail through "
                "one.",
                square=here,
            )
        if data.KIND[c] == data.ISLAND:
            if c not in chests:
                return t(
                    "Island {square} has no Treasure Chest: a ship may land on an Island only "
                    "to claim a chest there.",
                    square=here,
                )
            if i < k:
                return t(
                    "A ship that reaches Island {square} stops there and claims its chest.",
                    square=here,
                )
            return t("A ship claims an Island by landing on it, with nothing more to say.")
        if data.KIND[c] == data.MAELSTROM:
            exit_ = data.label(data.EXIT_OF[c])
            if data.EXIT_OF[c] in ships:
                return t(
                    "A ship is on {exit}, the exit of the maelstrom at {square}: no ship may "
                    "enter that maelstrom.",
                    exit=exit_,
                    square=here,
                )
            return t(
                "A ship that enters the maelstrom at {square} comes out at {exit} and stops there.",
                exit=exit_,
                square=here,
            )
        if c in chests:
            last = i == k
            if last and stop == "sink" and data.KIND[c] != data.OPEN:
                return t(
                    "The chest on {square} is in the Shallows: chests sink only in Open Water; "
                    "bump it or run aground on it.",
                    square=here,
                )
            if last and stop == "aground":
                if data.KIND[c] == data.OPEN:
                    return t(
                        "The chest on {square} is in Open Water: a ship stops there by sinking "
                        "it; running aground happens only in the Shallows.",
                        square=here,
                    )
                if not full:
                    return t(
                        "Only a ship with all 3 masts can run aground on its own; {square} has "
                        "{masts}.",
                        square=data.label(origin),
                        masts=masts_text(state.masts[ship]),
                    )
            if last and stop:
                return ""
            if chain.push_destination(ships, chests, c, d) < 0:
                if data.KIND[c] == data.OPEN:
                    return t(
                        "The chest on {square} cannot be bumped on (a ship, an Island or the "
                        "edge is behind it, and chests never cross the board): stop on it to "
                        "sink it.",
                        square=here,
                    )
                return t(
                    "The chest on {square} cannot be bumped on (a ship, an Island or the edge "
                    "is behind it, and chests never cross the board): stop on it to run aground "
                    "on it.",
                    square=here,
                )
            chests = chests - {c} | {chain.push_destination(ships, chests, c, d)}
        elif i == k and stop:
            if stop == "sink":
                return t("There is no chest on {square} to sink.", square=here)
            return t("There is no chest on {square} to run aground on.", square=here)
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
        return t("First finish the chain: choose which attack comes next.")
    if now == rules.ISLAND:
        return t("First finish the chain: choose the Island where the sunk chest washes up.")
    assert state.blast is not None
    ship = state.blast[B_SHIP]
    ahead = data.label(data.WRAP[state.ships[ship]][state.blast[B_DIR]])
    if chain.blast_stop_word(state) == "sink":
        return t(
            "First finish the chain: decide whether {ship} bumps the chest on {square} or stops "
            "to sink it.",
            ship=state.ship_label(ship),
            square=ahead,
        )
    return t(
        "First finish the chain: decide whether {ship} bumps the chest on {square} or stops to "
        "run aground on it.",
        ship=state.ship_label(ship),
        square=ahead,
    )


def _attack(state: RigadoonState, words: list[str]) -> str:
    if words[:1] != ["attack"]:
        return _first_the_chain(state, words, rules.ATTACK)
    cells = [square_cell(w) for w in words[1:3]]
    if len(words) != 3 or None in cells:
        return t("Name the attacking ship's square, then its target's, like K9 J9.")
    attacker, target = (state.ship_at(c) for c in cells if c is not None)
    pairs = [p for p in state.pending if p[0] == attacker]
    if attacker < 0 or not pairs:
        return t("That ship has no attack waiting: choose one of the attacks the chain asks for.")
    if [attacker, target] not in state.pending:
        return t(
            "{ship} attacks only the ships orthogonally beside it where it landed.",
            ship=state.ship_label(attacker),
        )
    if [attacker, target] not in chain.attack_choices(state):
        return t(
            "{target} cannot be blasted even one space, so that attack waits until {ship}'s "
            "other attacks are done (the attack would backfire).",
            target=state.ship_label(target),
            ship=state.ship_label(attacker),
        )
    return _chain_wind(state)


def _chain_wind(state: RigadoonState) -> str:
    return t(
        "That would leave no ship of yours owing an action before the wind changes, and "
        "changing the wind can never be your turn's last action: choose otherwise."
    )


def _chest(state: RigadoonState, words: list[str]) -> str:
    if words in (["sink"], ["aground"]):
        if words[0] != chain.blast_stop_word(state):
            assert state.blast is not None
            ahead = data.WRAP[state.ships[state.blast[B_SHIP]]][state.blast[B_DIR]]
            if words[0] == "sink":
                return t(
                    "The chest on {square} is in the Shallows: chests sink only in Open Water; "
                    "bump it or run aground on it.",
                    square=data.label(ahead),
                )
            return t(
                "The chest on {square} is in Open Water: the ship stops there by sinking it, or "
                "bumps it on.",
                square=data.label(ahead),
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
        return t("A sunk chest washes up on one of the four Islands: {islands}.", islands=names)
    if c in state.chests:
        return t(
            "Island {square} already has a chest: a sunk chest washes up on an Island without one.",
            square=data.label(c),
        )
    return _chain_wind(state)


PHASE_REASONS: dict[str, Callable[[RigadoonState, list[str]], str]] = {
    rules.OPENING: _opening,
    rules.TURN: _turn,
    rules.ATTACK: _attack,
    rules.CHEST: _chest,
    rules.ISLAND: _island,
}
