"""Effects shared by actions, votes and events: chance, marooning, the Albatross check, the
event row, treasure changes and the end of the game."""

from __future__ import annotations

from typing import Any, TypeVar

from games.core import SeededRng, finish
from games.core.words import N_
from games.tortuga.data import (
    ARMADA,
    FOUNTAIN,
    ROW_SIZE,
    SEAT_NAMES,
    SHIP_TITLES,
    TEAM_NAMES,
    TEAMS,
)
from games.tortuga.state import (
    TortugaState,
    albatrosses,
    location,
    remove_pawn,
    team_chests,
    tell,
)

T = TypeVar("T")


def seat_name(seat: int) -> str:
    return SEAT_NAMES[seat]


def shuffle(state: TortugaState, items: list[T]) -> None:
    rng = SeededRng(state.rng)
    rng.shuffle(items)
    state.rng = rng.state


def below(state: TortugaState, n: int) -> int:
    rng = SeededRng(state.rng)
    value = rng.below(n)
    state.rng = rng.state
    return value


# -- the vote deck -------------------------------------------------------------------------
def top_vote_card(state: TortugaState) -> int:
    """Take the vote deck's top card. A known run at the bottom that this draw reaches has lost
    a card nobody saw, so the table no longer knows what it holds."""
    card = state.vote_deck.pop(0)
    while state.deck_runs and sum(run["size"] for run in state.deck_runs) > len(state.vote_deck):
        state.deck_runs.pop()
    return card


def draw_votes(state: TortugaState, seat: int, count: int = 1) -> None:
    for _ in range(min(count, len(state.vote_deck))):
        state.hands[seat].append(top_vote_card(state))


def bury_votes(
    state: TortugaState,
    cards: list[int],
    section: str | None,
    symbols: list[str],
    owners: dict[int, list[int]],
) -> None:
    """Put ``cards`` at the bottom of the vote deck as one run: the table remembers the
    ``symbols`` it saw of them and each owner its own cards."""
    state.vote_deck.extend(cards)
    own = {str(seat): list(mine) for seat, mine in owners.items() if mine}
    state.deck_runs.insert(
        0, {"size": len(cards), "section": section, "symbols": list(symbols), "own": own}
    )


# -- marooning -----------------------------------------------------------------------------
def maroon(state: TortugaState, seat: int) -> None:
    """Send a pawn to the back of Tortuga's line; one already there loses a random vote card.

    "If you are already on Tortuga and you get marooned again ... one of your vote cards is
    chosen at random by another player and placed unseen at the bottom of the vote card deck."
    """
    place, _ = location(state, seat)
    remove_pawn(state, seat)
    state.tortuga.append(seat)
    if place == "tortuga" and state.hands[seat]:
        lost = state.hands[seat].pop(below(state, len(state.hands[seat])))
        bury_votes(state, [lost], None, [], {seat: [lost]})
        state.secret_log.append({"kind": "lost", "seat": seat, "card": lost})
        tell(
            state,
            N_("{seat} is marooned again on Tortuga and loses a vote card."),
            seat=seat_name(seat),
        )
    else:
        tell(state, N_("{seat} is marooned to Tortuga."), seat=seat_name(seat))


def maroon_unless_fountain(state: TortugaState, seat: int, cause: str) -> None:
    """Maroon, but first ask a Fountain of Youth holder (Black Spot, Pistol, captain, mutiny)."""
    if FOUNTAIN in state.kept[seat]:
        state.pending = {"kind": "fountain", "seat": seat, "cause": cause}
    else:
        maroon(state, seat)


def albatross_check(state: TortugaState) -> None:
    """ "If at any point a ship has 2 total albatross' on board, all players on that ship are
    marooned to Tortuga" - cabin boy first, so ranks reverse (A24: Flying Dutchman first)."""
    for ship in range(len(state.ships)):
        if state.ships[ship] and albatrosses(state, ship) >= 2:
            crew = list(reversed(state.ships[ship]))
            state.ships[ship] = []
            state.tortuga.extend(crew)
            tell(
                state,
                N_("Two Albatrosses aboard the {ship}: {crew} are marooned to Tortuga."),
                ship=SHIP_TITLES[ship],
                crew=[seat_name(p) for p in crew],
            )


# -- the event row -------------------------------------------------------------------------
def forget_slot(state: TortugaState, slot: int) -> None:
    state.viewers[slot] = []
    for known in state.known:
        known[slot] = None


def refill(state: TortugaState, slot: int) -> None:
    """Fill an empty slot from the deck; when the deck runs out, shuffle the row anew.

    "As soon as the event deck runs out and the only unrevealed event cards left are the 5 in
    the row, shuffle those 5 cards and lay them out in a new row."
    """
    if not state.event_deck:
        return
    state.row[slot] = state.event_deck.pop(0)
    forget_slot(state, slot)
    if not state.event_deck:
        cards = [card for card in state.row if card is not None]
        shuffle(state, cards)
        state.row = cards + [None] * (ROW_SIZE - len(cards))
        for i in range(ROW_SIZE):
            forget_slot(state, i)
        tell(state, N_("The event deck is empty: the row is shuffled and laid out again."))


def deal_row(state: TortugaState, pool: list[str]) -> None:
    """Start a new event deck from ``pool`` (shuffled) and deal the row (A14: none = draw)."""
    state.row = [None] * ROW_SIZE
    for slot in range(ROW_SIZE):
        forget_slot(state, slot)
    if not pool:
        end_game(state, [], N_("No event cards are left while the teams are tied: a draw."))
        return
    shuffle(state, pool)
    state.event_deck = pool
    for slot in range(ROW_SIZE):
        refill(state, slot)


def replenish(state: TortugaState) -> None:
    """In sudden death, an emptied row is rebuilt from the discards (A14)."""
    if state.outcome is None and not any(state.row) and not state.event_deck:
        pool, state.discard = state.discard, []
        tell(state, N_("The event row is empty: the discards are shuffled into a new deck."))
        deal_row(state, pool)


# -- treasure and the end ------------------------------------------------------------------
def team_seats(state: TortugaState, team: str) -> list[int]:
    return [seat for seat in range(state.players) if state.loyalty[seat] == team]


def end_game(state: TortugaState, winners: list[int], reason: str, **params: Any) -> None:
    """The game is over: ``reason`` (English, marked ``N_``) is the outcome's and the news'."""
    finish(state, winners, reason, **params)
    state.pending = None
    tell(state, reason, **params)


def leader(state: TortugaState) -> str | None:
    score = team_chests(state)
    if score["british"] == score["french"]:
        return None
    return max(TEAMS, key=lambda team: score[team])


def treasure_changed(state: TortugaState) -> None:
    """In sudden death "The first team to take the lead wins the game" (A25: at once)."""
    team = leader(state)
    if state.sudden_death and state.outcome is None and team is not None:
        end_game(
            state,
            team_seats(state, team),
            N_("The {team} take the lead and win!"),
            team=TEAM_NAMES[team],
        )


def spanish_armada(state: TortugaState) -> None:
    """ "Immediately when the Spanish Armada is revealed, the team with the most treasure wins."

    Odd counts: a tie makes the Dutch player win. Even counts: the Armada leaves the game, all
    discarded and unrevealed event cards form a new deck and the first team to lead wins.
    """
    team = leader(state)
    score = team_chests(state)
    tally = f"{score['british']}-{score['french']}"
    if team is not None:
        most = max(score.values())
        # The leader has at least 1 chest: English's choice of form is German's and French's.
        won = (
            N_("The Spanish Armada arrives: the {team} win with {n} chest ({tally}).")
            if most == 1
            else N_("The Spanish Armada arrives: the {team} win with {n} chests ({tally}).")
        )
        end_game(state, team_seats(state, team), won, team=TEAM_NAMES[team], n=most, tally=tally)
    elif state.players % 2:
        end_game(
            state,
            team_seats(state, "dutch"),
            N_("The Spanish Armada arrives with the teams tied {tally}: the Dutch player wins!"),
            tally=tally,
        )
    else:
        tell(
            state,
            N_(
                "The Spanish Armada arrives with the teams tied {tally}: sudden death! "
                "The first team to take the lead wins."
            ),
            tally=tally,
        )
        state.sudden_death = True
        pool = [
            *state.discard,
            *(c for c in state.row if c is not None and c != ARMADA),
            *state.event_deck,
        ]
        state.discard = []
        deal_row(state, pool)
