"""Effects shared by actions, votes and events: chance, marooning, the Albatross check, the
event row, treasure changes and the end of the game."""

from __future__ import annotations

from typing import TypeVar

from games.core import SeededRng, finish
from games.tortuga.data import (
    ARMADA,
    FOUNTAIN,
    ROW_SIZE,
    SEAT_NAMES,
    SHIP_TITLES,
    TEAMS,
    counted,
)
from games.tortuga.state import TortugaState, albatrosses, location, remove_pawn, team_chests

T = TypeVar("T")


def seat_name(seat: int) -> str:
    return SEAT_NAMES[seat]


def shuffle(s: TortugaState, items: list[T]) -> None:
    rng = SeededRng(s.rng)
    rng.shuffle(items)
    s.rng = rng.state


def below(s: TortugaState, n: int) -> int:
    rng = SeededRng(s.rng)
    value = rng.below(n)
    s.rng = rng.state
    return value


# -- the vote deck -------------------------------------------------------------------------
def top_vote_card(s: TortugaState) -> int:
    """Take the vote deck's top card. A known run at the bottom that this draw reaches has lost
    a card nobody saw, so the table no longer knows what it holds."""
    card = s.vote_deck.pop(0)
    while s.deck_runs and sum(run["size"] for run in s.deck_runs) > len(s.vote_deck):
        s.deck_runs.pop()
    return card


def draw_votes(s: TortugaState, seat: int, count: int = 1) -> None:
    for _ in range(min(count, len(s.vote_deck))):
        s.hands[seat].append(top_vote_card(s))


def bury_votes(
    s: TortugaState,
    cards: list[int],
    section: str | None,
    symbols: list[str],
    owners: dict[int, list[int]],
) -> None:
    """Put ``cards`` at the bottom of the vote deck as one run: the table remembers the
    ``symbols`` it saw of them and each owner its own cards."""
    s.vote_deck.extend(cards)
    own = {str(seat): list(mine) for seat, mine in owners.items() if mine}
    s.deck_runs.insert(
        0, {"size": len(cards), "section": section, "symbols": list(symbols), "own": own}
    )


# -- marooning -----------------------------------------------------------------------------
def maroon(s: TortugaState, seat: int) -> None:
    """Send a pawn to the back of Tortuga's line; one already there loses a random vote card.

    "If you are already on Tortuga and you get marooned again ... one of your vote cards is
    chosen at random by another player and placed unseen at the bottom of the vote card deck."
    """
    place, _ = location(s, seat)
    remove_pawn(s, seat)
    s.tortuga.append(seat)
    if place == "tortuga" and s.hands[seat]:
        lost = s.hands[seat].pop(below(s, len(s.hands[seat])))
        bury_votes(s, [lost], None, [], {seat: [lost]})
        s.secret_log.append({"kind": "lost", "seat": seat, "card": lost})
        s.news.append(f"{seat_name(seat)} is marooned again on Tortuga and loses a vote card.")
    else:
        s.news.append(f"{seat_name(seat)} is marooned to Tortuga.")


def maroon_unless_fountain(s: TortugaState, seat: int, cause: str) -> None:
    """Maroon, but first ask a Fountain of Youth holder (Black Spot, Pistol, captain, mutiny)."""
    if FOUNTAIN in s.kept[seat]:
        s.pending = {"kind": "fountain", "seat": seat, "cause": cause}
    else:
        maroon(s, seat)


def albatross_check(s: TortugaState) -> None:
    """ "If at any point a ship has 2 total albatross' on board, all players on that ship are
    marooned to Tortuga" - cabin boy first, so ranks reverse (A24: Flying Dutchman first)."""
    for ship in range(len(s.ships)):
        if s.ships[ship] and albatrosses(s, ship) >= 2:
            crew = list(reversed(s.ships[ship]))
            s.ships[ship] = []
            s.tortuga.extend(crew)
            s.news.append(
                f"Two Albatrosses aboard the {SHIP_TITLES[ship]}: "
                f"{', '.join(seat_name(p) for p in crew)} are marooned to Tortuga."
            )


# -- the event row -------------------------------------------------------------------------
def forget_slot(s: TortugaState, slot: int) -> None:
    s.viewers[slot] = []
    for known in s.known:
        known[slot] = None


def refill(s: TortugaState, slot: int) -> None:
    """Fill an empty slot from the deck; when the deck runs out, shuffle the row anew.

    "As soon as the event deck runs out and the only unrevealed event cards left are the 5 in
    the row, shuffle those 5 cards and lay them out in a new row."
    """
    if not s.event_deck:
        return
    s.row[slot] = s.event_deck.pop(0)
    forget_slot(s, slot)
    if not s.event_deck:
        cards = [card for card in s.row if card is not None]
        shuffle(s, cards)
        s.row = cards + [None] * (ROW_SIZE - len(cards))
        for i in range(ROW_SIZE):
            forget_slot(s, i)
        s.news.append("The event deck is empty: the row is shuffled and laid out again.")


def deal_row(s: TortugaState, pool: list[str]) -> None:
    """Start a new event deck from ``pool`` (shuffled) and deal the row (A14: none = draw)."""
    s.row = [None] * ROW_SIZE
    for slot in range(ROW_SIZE):
        forget_slot(s, slot)
    if not pool:
        end_game(s, [], "No event cards are left while the teams are tied: a draw.")
        return
    shuffle(s, pool)
    s.event_deck = pool
    for slot in range(ROW_SIZE):
        refill(s, slot)


def replenish(s: TortugaState) -> None:
    """In sudden death, an emptied row is rebuilt from the discards (A14)."""
    if s.outcome is None and not any(s.row) and not s.event_deck:
        pool, s.discard = s.discard, []
        s.news.append("The event row is empty: the discards are shuffled into a new deck.")
        deal_row(s, pool)


# -- treasure and the end ------------------------------------------------------------------
def team_seats(s: TortugaState, team: str) -> list[int]:
    return [seat for seat in range(s.players) if s.loyalty[seat] == team]


def end_game(s: TortugaState, winners: list[int], reason: str) -> None:
    finish(s, winners, reason)
    s.pending = None
    s.news.append(reason)


def leader(s: TortugaState) -> str | None:
    score = team_chests(s)
    if score["british"] == score["french"]:
        return None
    return max(TEAMS, key=lambda team: score[team])


def treasure_changed(s: TortugaState) -> None:
    """In sudden death "The first team to take the lead wins the game" (A25: at once)."""
    team = leader(s)
    if s.sudden_death and s.outcome is None and team is not None:
        end_game(s, team_seats(s, team), f"The {team.title()} take the lead and win!")


def spanish_armada(s: TortugaState) -> None:
    """ "Immediately when the Spanish Armada is revealed, the team with the most treasure wins."

    Odd counts: a tie makes the Dutch player win. Even counts: the Armada leaves the game, all
    discarded and unrevealed event cards form a new deck and the first team to lead wins.
    """
    team = leader(s)
    score = team_chests(s)
    tally = f"{score['british']}-{score['french']}"
    if team is not None:
        end_game(
            s,
            team_seats(s, team),
            f"The Spanish Armada arrives: the {team.title()} win "
            f"with {counted(max(score.values()), 'chest')} ({tally}).",
        )
    elif s.players % 2:
        end_game(
            s,
            team_seats(s, "dutch"),
            f"The Spanish Armada arrives with the teams tied {tally}: the Dutch player wins!",
        )
    else:
        s.news.append(
            f"The Spanish Armada arrives with the teams tied {tally}: sudden death! "
            "The first team to take the lead wins."
        )
        s.sudden_death = True
        pool = [*s.discard, *(c for c in s.row if c is not None and c != ARMADA), *s.event_deck]
        s.discard = []
        deal_row(s, pool)
