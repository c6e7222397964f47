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
)

Effect = Callable[[TortugaState, int, str], None]

SECRET_KINDS = frozenset({"vote", "pick"})
"""Decisions whose choice nobody else may see: a vote card, a Crow's Nest pick."""


def new_game(players: int, seed: int) -> TortugaState:
    """Deal loyalty and 3 vote cards each, draw pawns alternately onto the ships (Flying
    Dutchman first, A2), build the 19-card event deck with the Armada at the bottom (A6)."""
    british, french, dutch = LOYALTY[players]
    s = TortugaState(
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
    s.loyalty = ["british"] * british + ["french"] * french + ["dutch"] * dutch
    shuffle(s, s.loyalty)
    s.loyalty_log = [[card] for card in s.loyalty]
    shuffle(s, s.vote_deck)
    for seat in range(players):
        draw_votes(s, seat, HAND_SIZE)
    bag = list(range(players))
    shuffle(s, bag)
    for i, seat in enumerate(bag):
        s.ships[i % 2].append(seat)
    starred = list(STARRED)
    shuffle(s, starred)
    deal_row(s, [*BASE_EVENTS, *starred[:STARRED_IN_GAME]])
    s.event_deck.append(ARMADA)
    s.current = below(s, players)
    s.pending = {"kind": "hold", "seat": s.ships[0][0], "ship": 0}
    s.news = ["The crews are aboard. Each captain chooses the hold of their ship's first chest."]
    return s


def phase_of(s: TortugaState) -> str:
    """The row of ``PHASES`` the game is in: the pending decision's kind, else ``turn``."""
    return s.pending["kind"] if s.pending else "turn"


def to_act(s: TortugaState) -> list[int]:
    if s.outcome is not None:
        return []
    if s.pending is None:
        return [s.current]
    if "voters" in s.pending:  # a vote: everyone still to commit, at once
        return votes.waiting_voters(s)
    return [s.pending["seat"]]


def legal_actions(s: TortugaState, seat: int) -> list[str]:
    if seat not in to_act(s):
        return []
    return PHASES[phase_of(s)].legal(s, seat)


def play(s: TortugaState, seat: int, action: str) -> None:
    s.news = []
    PHASES[phase_of(s)].play(s, seat, action)


# -- the player's turn -----------------------------------------------------------------------
def turn_actions(s: TortugaState, seat: int) -> list[str]:
    """Everything the player whose turn it is may do, by position (rules: Player Actions)."""
    actions: list[str] = []
    cards = row_count(s)
    if cards >= 2:  # A15: neither with fewer than 2 cards, nor with the Armada alone
        actions.append("view")
    actions += [f"reveal {i + 1}" for i, card in enumerate(s.row) if card is not None]
    if cards >= 2:
        actions += events.seat_options(s, "force", others(s, seat))
    actions += move_options(s, seat)
    place, rank = location(s, seat)
    if place in SHIPS:
        ship = SHIPS.index(place)
        crew = s.ships[ship]
        if rank == 0:
            actions.append("attack")
            actions += events.seat_options(s, "maroon", crew[1:])
        if rank == 1:
            actions.append("mutiny")
        if rank == len(crew) - 1:
            actions += [f"treasure to {TEAMS[1 - i]}" for i in range(2) if s.holds[ship][i]]
    elif place == "tortuga" and rank == 0:
        actions.append("brawl")
    if MARQUE in s.kept[seat] and events.marque_sends(s, saved=True):
        actions.append("use marque")
    return actions


def move_options(s: TortugaState, seat: int) -> list[str]:
    """Ship or Tortuga to an adjoining free rowboat; rowboat to Tortuga or its ship (A3, A11)."""
    place, _ = location(s, seat)
    if place.endswith("boat"):
        ship = SHIPS.index(place.split()[0])
        return ["move tortuga", *([f"move {SHIPS[ship]}"] if has_room(s, ship) else [])]
    boats = [SHIPS.index(place)] if place in SHIPS else [0, 1]
    return [f"move {SHIPS[b]} rowboat" for b in boats if s.rowboats[b] is None and s.exploded != b]


def take_turn_action(s: TortugaState, seat: int, action: str) -> None:
    words = action.split()
    verb = words[0]
    if verb == "view":
        s.pending = {"kind": "view", "seat": seat}
        s.news.append(f"{seat_name(seat)} will view two event cards.")
    elif verb == "reveal":
        events.reveal(s, seat, int(words[1]) - 1)
    elif verb == "force":
        target = events.seat_of(words[1])
        s.pending = {"kind": "force", "seat": seat, "target": target}
        s.news.append(f"{seat_name(seat)} forces {seat_name(target)} to reveal an event card.")
    elif verb == "move":
        move(s, seat, words[1:])
    elif verb in ("attack", "mutiny", "brawl"):
        votes.call_vote(s, verb, seat)
    elif verb == "maroon":
        target = events.seat_of(words[1])
        s.news.append(f"Captain {seat_name(seat)} maroons {seat_name(target)}.")
        maroon_unless_fountain(s, target, "captain")
    elif verb == "treasure":
        ship = ship_of(s, seat)
        assert ship is not None
        to = TEAMS.index(words[2])
        s.holds[ship][1 - to] -= 1
        s.holds[ship][to] += 1
        s.news.append(
            f"Cabin boy {seat_name(seat)} moves a chest to the {words[2]} hold of the "
            f"{SHIP_TITLES[ship]}."
        )
        treasure_changed(s)
    else:
        s.pending = {"kind": "marque", "seat": seat, "saved": True}
        s.news.append(f"{seat_name(seat)} plays a saved Letter of Marque.")


def move(s: TortugaState, seat: int, where: list[str]) -> None:
    place, _ = location(s, seat)
    if place.endswith("boat"):
        s.rowboats[s.rowboats.index(seat)] = None
        if where == ["tortuga"]:
            s.tortuga.append(seat)
            s.news.append(f"{seat_name(seat)} rows to Tortuga.")
        else:
            ship = SHIPS.index(where[0])
            s.ships[ship].append(seat)
            s.news.append(f"{seat_name(seat)} boards the {SHIP_TITLES[ship]}.")
        return
    boat = SHIPS.index(where[0])
    (s.tortuga if place == "tortuga" else s.ships[boat]).remove(seat)
    s.rowboats[boat] = seat
    s.news.append(f"{seat_name(seat)} climbs into the {SHIP_TITLES[boat]}'s rowboat.")


# -- the decisions of the turn's own actions --------------------------------------------------
def hold_options(s: TortugaState, seat: int) -> list[str]:
    return [f"hold {team}" for team in TEAMS]


def choose_hold(s: TortugaState, seat: int, action: str) -> None:
    ship = (s.pending or {})["ship"]
    team = action.split()[1]
    s.holds[ship][TEAMS.index(team)] += 1
    s.news.append(
        f"Captain {seat_name(seat)} stows the {SHIP_TITLES[ship]}'s chest in the {team} hold."
    )
    if ship == 0:
        s.pending = {"kind": "hold", "seat": s.ships[1][0], "ship": 1}
    else:
        s.pending = None
        begin_turn(s)


def pair_options(verb: str) -> Callable[[TortugaState, int], list[str]]:
    """Two distinct filled slots, for viewing (``view 1 3``) or for a force (``slots 1 3``)."""

    def options(s: TortugaState, seat: int) -> list[str]:
        filled = [i + 1 for i, card in enumerate(s.row) if card is not None]
        return [f"{verb} {a} {b}" for a, b in combinations(filled, 2)]

    return options


def view_cards(s: TortugaState, seat: int, action: str) -> None:
    slots = [int(w) - 1 for w in action.split()[1:]]
    for slot in slots:
        s.known[seat][slot] = s.row[slot]
        if seat not in s.viewers[slot]:
            s.viewers[slot].append(seat)
    s.secret_log.append(
        {"kind": "looked", "seat": seat, "cards": [[slot + 1, s.row[slot]] for slot in slots]}
    )
    s.pending = None
    s.news.append(f"{seat_name(seat)} views event cards {slots[0] + 1} and {slots[1] + 1}.")


def offer_slots(s: TortugaState, seat: int, action: str) -> None:
    slots = [int(w) - 1 for w in action.split()[1:]]
    target = (s.pending or {})["target"]
    s.pending = {"kind": "forced", "seat": target, "slots": slots, "by": seat}
    s.news.append(
        f"{seat_name(seat)} offers slots {slots[0] + 1} and {slots[1] + 1} to {seat_name(target)}."
    )


def forced_options(s: TortugaState, seat: int) -> list[str]:
    return [f"reveal {slot + 1}" for slot in (s.pending or {})["slots"]]


def reveal_forced(s: TortugaState, seat: int, action: str) -> None:
    s.pending = None
    events.reveal(s, seat, int(action.split()[1]) - 1)


# -- the end of an action and the start of a turn ---------------------------------------------
def end_action(s: TortugaState) -> None:
    """One action is done: the same player acts again in a 2-player turn, else the next."""
    replenish(s)
    if s.outcome is not None:
        return
    s.actions_left -= 1
    if s.actions_left <= 0:
        s.current = (s.current + 1) % s.players
        s.turn += 1
        begin_turn(s)


def begin_turn(s: TortugaState) -> None:
    """Skip Scurvy's victims, then offer Atlantis "immediately before any player's turn"."""
    while s.scurvy[s.current]:
        s.scurvy[s.current] = False
        s.news.append(f"{seat_name(s.current)} loses this turn to Scurvy.")
        s.current = (s.current + 1) % s.players
        s.turn += 1
    s.actions_left = 2 if s.players == 2 else 1
    holder = next((p for p in range(s.players) if ATLANTIS in s.kept[p]), None)
    if holder is None:
        return
    ship = ship_of(s, holder)
    if ship is not None and has_room(s, 1 - ship):
        s.pending = {"kind": "atlantis", "seat": holder}


def within_action(effect: Effect) -> Effect:
    """A step of the current player's action: once nothing more is pending, the action ends
    (after the Albatross check, which runs after every change)."""

    def play(s: TortugaState, seat: int, action: str) -> None:
        effect(s, seat, action)
        albatross_check(s)
        if s.outcome is None and s.pending is None:
            end_action(s)

    return play


def between_turns(effect: Effect) -> Effect:
    """A decision taken outside any action (the setup's holds, Atlantis): it ends nothing."""

    def play(s: TortugaState, seat: int, action: str) -> None:
        effect(s, seat, action)
        albatross_check(s)

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
