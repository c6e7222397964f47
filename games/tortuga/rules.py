"""Setup, the turn cycle and the player actions; the one source of legal actions.

A turn is one action (two with 2 players). Multi-step choices (which cards to view, whom to
force, a card's target, a vote) are pending decisions in ``TortugaState.pending``; ``to_act``
names whoever must make the current one, voters all at once. ``PHASES`` is the table from a
decision's kind (``turn`` when none is pending) to its legal actions and its effect.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from games.core import Phase
from games.core.words import N_
from games.tortuga import events, votes
from games.tortuga.data import (
    ARMADA,
    ATLANTIS,
    BASE_EVENTS,
    GALLEON_START,
    HAND_SIZE,
    LOYALTY,
    MARQUE,
    ROW_SIZE,
    SHIP_TITLES,
    SHIPS,
    STARRED,
    STARRED_IN_GAME,
    TEAM_NAMES,
    TEAMS,
    VOTE_TOTAL,
)
from games.tortuga.effects import (
    albatross_check,
    below,
    deal_row,
    draw_votes,
    maroon_unless_fountain,
    replenish,
    seat_name,
    shuffle,
    treasure_changed,
)
from games.tortuga.state import (
    TortugaState,
    has_room,
    location,
    others,
    row_count,
    ship_of,
    tell,
)

Effect = Callable[[TortugaState, int, str], None]

SECRET_KINDS = frozenset({"vote", "pick"})
"""Decisions whose choice nobody else may see: a vote card, a Crow's Nest pick."""


def new_game(players: int, seed: int) -> TortugaState:
    """Deal loyalty and 3 vote cards each, draw pawns alternately onto the ships (Flying
    Dutchman first, A2), build the 19-card event deck with the Armada at the bottom (A6)."""
    british, french, dutch = LOYALTY[players]
    state = TortugaState(
        players=players,
        rng=seed,
        loyalty=[],
        hands=[[] for _ in range(players)],
        vote_deck=list(range(VOTE_TOTAL)),
        ships=[[], []],
        tortuga=[],
        rowboats=[None, None],
        holds=[[0, 0], [0, 0]],
        tortuga_chests=[1, 1],
        galleon=GALLEON_START,
        event_deck=[],
        row=[None] * ROW_SIZE,
        known=[[None] * ROW_SIZE for _ in range(players)],
        viewers=[[] for _ in range(ROW_SIZE)],
        discard=[],
        kept=[[] for _ in range(players)],
        current=0,
        pirate_code=[0] * players,
        scurvy=[False] * players,
        notes=[[] for _ in range(players)],
    )
    state.loyalty = ["british"] * british + ["french"] * french + ["dutch"] * dutch
    shuffle(state, state.loyalty)
    state.loyalty_log = [[card] for card in state.loyalty]
    shuffle(state, state.vote_deck)
    for seat in range(players):
        draw_votes(state, seat, HAND_SIZE)
    bag = list(range(players))
    shuffle(state, bag)
    for i, seat in enumerate(bag):
        state.ships[i % 2].append(seat)
    starred = list(STARRED)
    shuffle(state, starred)
    deal_row(state, [*BASE_EVENTS, *starred[:STARRED_IN_GAME]])
    state.event_deck.append(ARMADA)
    state.current = below(state, players)
    state.pending = {"kind": "hold", "seat": state.ships[0][0], "ship": 0}
    tell(
        state,
        N_("The crews are aboard. Each captain chooses the hold of their ship's first chest."),
    )
    return state


def phase_of(state: TortugaState) -> str:
    """The row of ``PHASES`` the game is in: the pending decision's kind, else ``turn``."""
    return state.pending["kind"] if state.pending else "turn"


def to_act(state: TortugaState) -> list[int]:
    if state.outcome is not None:
        return []
    if state.pending is None:
        return [state.current]
    if "voters" in state.pending:  # a vote: everyone still to commit, at once
        return votes.waiting_voters(state)
    return [state.pending["seat"]]


def legal_actions(state: TortugaState, seat: int) -> list[str]:
    if seat not in to_act(state):
        return []
    return PHASES[phase_of(state)].legal(state, seat)


def play(state: TortugaState, seat: int, action: str) -> None:
    state.news = []
    PHASES[phase_of(state)].play(state, seat, action)


# -- the player's turn -----------------------------------------------------------------------
def turn_actions(state: TortugaState, seat: int) -> list[str]:
    """Everything the player whose turn it is may do, by position (rules: Player Actions)."""
    actions: list[str] = []
    cards = row_count(state)
    if cards >= 2:  # A15: neither with fewer than 2 cards, nor with the Armada alone
        actions.append("view")
    actions += [f"reveal {i + 1}" for i, card in enumerate(state.row) if card is not None]
    if cards >= 2:
        actions += events.seat_options(state, "force", others(state, seat))
    actions += move_options(state, seat)
    place, rank = location(state, seat)
    if place in SHIPS:
        ship = SHIPS.index(place)
        crew = state.ships[ship]
        if rank == 0:
            actions.append("attack")
            actions += events.seat_options(state, "maroon", crew[1:])
        if rank == 1:
            actions.append("mutiny")
        if rank == len(crew) - 1:
            actions += [f"treasure to {TEAMS[1 - i]}" for i in range(2) if state.holds[ship][i]]
    elif place == "tortuga" and rank == 0:
        actions.append("brawl")
    if MARQUE in state.kept[seat] and events.marque_sends(state, saved=True):
        actions.append("use marque")
    return actions


def move_options(state: TortugaState, seat: int) -> list[str]:
    """Ship or Tortuga to an adjoining free rowboat; rowboat to Tortuga or its ship (A3, A11)."""
    place, _ = location(state, seat)
    if place.endswith("boat"):
        ship = SHIPS.index(place.split()[0])
        return ["move tortuga", *([f"move {SHIPS[ship]}"] if has_room(state, ship) else [])]
    boats = [SHIPS.index(place)] if place in SHIPS else [0, 1]
    return [
        f"move {SHIPS[b]} rowboat"
        for b in boats
        if state.rowboats[b] is None and state.exploded != b
    ]


def take_turn_action(state: TortugaState, seat: int, action: str) -> None:
    words = action.split()
    verb = words[0]
    if verb == "view":
        state.pending = {"kind": "view", "seat": seat}
        tell(state, N_("{seat} will view two event cards."), seat=seat_name(seat))
    elif verb == "reveal":
        events.reveal(state, seat, int(words[1]) - 1)
    elif verb == "force":
        target = events.seat_of(words[1])
        state.pending = {"kind": "force", "seat": seat, "target": target}
        tell(
            state,
            N_("{seat} forces {target} to reveal an event card."),
            seat=seat_name(seat),
            target=seat_name(target),
        )
    elif verb == "move":
        move(state, seat, words[1:])
    elif verb in ("attack", "mutiny", "brawl"):
        votes.call_vote(state, verb, seat)
    elif verb == "maroon":
        target = events.seat_of(words[1])
        tell(
            state,
            N_("Captain {seat} maroons {target}."),
            seat=seat_name(seat),
            target=seat_name(target),
        )
        maroon_unless_fountain(state, target, "captain")
    elif verb == "treasure":
        ship = ship_of(state, seat)
        assert ship is not None
        to = TEAMS.index(words[2])
        state.holds[ship][1 - to] -= 1
        state.holds[ship][to] += 1
        tell(
            state,
            N_("Cabin boy {seat} moves a chest to the {team} hold of the {ship}."),
            seat=seat_name(seat),
            team=TEAM_NAMES[words[2]],
            ship=SHIP_TITLES[ship],
        )
        treasure_changed(state)
    else:
        state.pending = {"kind": "marque", "seat": seat, "saved": True}
        tell(state, N_("{seat} plays a saved Letter of Marque."), seat=seat_name(seat))


def move(state: TortugaState, seat: int, where: list[str]) -> None:
    place, _ = location(state, seat)
    if place.endswith("boat"):
        state.rowboats[state.rowboats.index(seat)] = None
        if where == ["tortuga"]:
            state.tortuga.append(seat)
            tell(state, N_("{seat} rows to Tortuga."), seat=seat_name(seat))
        else:
            ship = SHIPS.index(where[0])
            state.ships[ship].append(seat)
            tell(
                state, N_("{seat} boards the {ship}."), seat=seat_name(seat), ship=SHIP_TITLES[ship]
            )
        return
    boat = SHIPS.index(where[0])
    (state.tortuga if place == "tortuga" else state.ships[boat]).remove(seat)
    state.rowboats[boat] = seat
    tell(
        state,
        N_("{seat} climbs into the {ship}'s rowboat."),
        seat=seat_name(seat),
        ship=SHIP_TITLES[boat],
    )


# -- the decisions of the turn's own actions --------------------------------------------------
def hold_options(state: TortugaState, seat: int) -> list[str]:
    return [f"hold {team}" for team in TEAMS]


def choose_hold(state: TortugaState, seat: int, action: str) -> None:
    ship = (state.pending or {})["ship"]
    team = action.split()[1]
    state.holds[ship][TEAMS.index(team)] += 1
    tell(
        state,
        N_("Captain {seat} stows the {ship}'s chest in the {team} hold."),
        seat=seat_name(seat),
        ship=SHIP_TITLES[ship],
        team=TEAM_NAMES[team],
    )
    if ship == 0:
        state.pending = {"kind": "hold", "seat": state.ships[1][0], "ship": 1}
    else:
        state.pending = None
        begin_turn(state)


def pair_options(verb: str) -> Callable[[TortugaState, int], list[str]]:
    """Two distinct filled slots, for viewing (``view 1 3``) or for a force (``slots 1 3``)."""

    def options(state: TortugaState, seat: int) -> list[str]:
        filled = [i + 1 for i, card in enumerate(state.row) if card is not None]
        return [f"{verb} {a} {b}" for a, b in combinations(filled, 2)]

    return options


def view_cards(state: TortugaState, seat: int, action: str) -> None:
    slots = [int(w) - 1 for w in action.split()[1:]]
    for slot in slots:
        state.known[seat][slot] = state.row[slot]
        if seat not in state.viewers[slot]:
            state.viewers[slot].append(seat)
    state.secret_log.append(
        {"kind": "looked", "seat": seat, "cards": [[slot + 1, state.row[slot]] for slot in slots]}
    )
    state.pending = None
    tell(
        state,
        N_("{seat} views event cards {first} and {second}."),
        seat=seat_name(seat),
        first=slots[0] + 1,
        second=slots[1] + 1,
    )


def offer_slots(state: TortugaState, seat: int, action: str) -> None:
    slots = [int(w) - 1 for w in action.split()[1:]]
    target = (state.pending or {})["target"]
    state.pending = {"kind": "forced", "seat": target, "slots": slots, "by": seat}
    tell(
        state,
        N_("{seat} offers slots {first} and {second} to {target}."),
        seat=seat_name(seat),
        first=slots[0] + 1,
        second=slots[1] + 1,
        target=seat_name(target),
    )


def forced_options(state: TortugaState, seat: int) -> list[str]:
    return [f"reveal {slot + 1}" for slot in (state.pending or {})["slots"]]


def reveal_forced(state: TortugaState, seat: int, action: str) -> None:
    state.pending = None
    events.reveal(state, seat, int(action.split()[1]) - 1)


# -- the end of an action and the start of a turn ---------------------------------------------
def end_action(state: TortugaState) -> None:
    """One action is done: the same player acts again in a 2-player turn, else the next."""
    replenish(state)
    if state.outcome is not None:
        return
    state.actions_left -= 1
    if state.actions_left <= 0:
        state.current = (state.current + 1) % state.players
        state.turn += 1
        begin_turn(state)


def begin_turn(state: TortugaState) -> None:
    """Skip Scurvy's victims, then offer Atlantis "immediately before any player's turn"."""
    while state.scurvy[state.current]:
        state.scurvy[state.current] = False
        tell(state, N_("{seat} loses this turn to Scurvy."), seat=seat_name(state.current))
        state.current = (state.current + 1) % state.players
        state.turn += 1
    state.actions_left = 2 if state.players == 2 else 1
    holder = next((p for p in range(state.players) if ATLANTIS in state.kept[p]), None)
    if holder is None:
        return
    ship = ship_of(state, holder)
    if ship is not None and has_room(state, 1 - ship):
        state.pending = {"kind": "atlantis", "seat": holder}


def within_action(effect: Effect) -> Effect:
    """A step of the current player's action: once nothing more is pending, the action ends
    (after the Albatross check, which runs after every change)."""

    def play(state: TortugaState, seat: int, action: str) -> None:
        effect(state, seat, action)
        albatross_check(state)
        if state.outcome is None and state.pending is None:
            end_action(state)

    return play


def between_turns(effect: Effect) -> Effect:
    """A decision taken outside any action (the setup's holds, Atlantis): it ends nothing."""

    def play(state: TortugaState, seat: int, action: str) -> None:
        effect(state, seat, action)
        albatross_check(state)

    return play


PHASES: dict[str, Phase[TortugaState]] = {
    "turn": Phase(turn_actions, within_action(take_turn_action)),
    "hold": Phase(hold_options, between_turns(choose_hold)),
    "vote": Phase(votes.vote_options, within_action(votes.commit)),
    "take": Phase(votes.take_options, within_action(votes.take)),
    "view": Phase(pair_options("view"), within_action(view_cards)),
    "force": Phase(pair_options("slots"), within_action(offer_slots)),
    "forced": Phase(forced_options, within_action(reveal_forced)),
    "marque": Phase(events.marque_options, within_action(events.marque)),
    "pistol": Phase(events.pistol_options, within_action(events.pistol)),
    "give": Phase(events.give_options, within_action(events.give)),
    "fever": Phase(events.fever_options, within_action(events.cabin_fever)),
    "nest": Phase(events.nest_options, within_action(events.crows_nest)),
    "pick": Phase(events.pick_options, within_action(events.pick)),
    "powder": Phase(events.powder_options, within_action(events.black_powder)),
    "fountain": Phase(events.fountain_options, within_action(events.fountain)),
    "atlantis": Phase(events.atlantis_options, between_turns(events.atlantis)),
}
"""Every decision the game can wait for: its legal actions and its effect."""
