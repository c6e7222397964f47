"""``sample``: a world that agrees with everything one seat can see, and re-deals the rest.

The AI searches over these worlds, so a sample depends only on the seat's view and the seed:
two states that look the same to the seat give the same sample. What is re-dealt, and what
each re-deal keeps:

- Loyalties: a fresh deal of the player count's card mix, the seat's own first card kept, then
  every Cabin Fever (public pairs, in order) shuffles its pair again; a world where the seat's
  own card after a fever differs from what it saw is thrown away (so the seat still knows its
  partner's card after a swap). At the end the public loyalties are kept.
- Vote cards: the seat's hand, its committed card(s) and its own cards among the buried runs
  stay (by text); every other card is dealt again to the other hands (by their public sizes),
  the other voters' commits (one each, two for an El Dorado holder whose hand shows it), and the
  vote deck. A run at the bottom of the deck whose symbols were revealed gets cards with exactly
  those symbols (a matching, so it always succeeds). The Crow's Nest searcher keeps the deck it
  sees and the cards it has picked.
- Event cards: which unseen starred cards are in the game (the revealed ones stay), the order of
  the event deck (the Spanish Armada stays at its bottom, rulings A6) and the row cards the seat
  has not seen; the other seats' knowledge of the row follows the public list of who looked
  where.
- The RNG, the other seats' private notes and the hidden history (cleared: it only feeds the
  end-of-game reveal).

Not kept (the view does not carry it): what the Crow's Nest searcher learnt of the deck once the
pick is over, and which symbols of a forgotten run were drawn.
"""

from __future__ import annotations

from collections import Counter
from itertools import permutations, product
from typing import Any

from games.core import SeededRng
from games.tortuga.data import (
    ARMADA,
    BASE_EVENTS,
    EL_DORADO,
    LOYALTY,
    MARQUE,
    SECTIONS,
    STARRED,
    STARRED_IN_GAME,
    VOTE_CARDS,
    VOTE_TOTAL,
    vote_text,
)
from games.tortuga.state import TortugaState, copy
from games.tortuga.views import board_view, private_view

_ATTEMPTS = 2000


def sample(state: TortugaState, seat: int, seed: int) -> TortugaState:
    """A re-dealt copy of ``state`` that ``seat`` cannot tell apart from ``state``."""
    view, private = board_view(state), private_view(state, seat)
    rng = SeededRng(seed * 0x9E3779B1 + seat + 1)
    world = copy(state)
    world.loyalty, world.loyalty_log = _loyalties(view, private, state.players, seat, rng)
    _deal_votes(world, view, private, seat, rng)
    _deal_events(world, view, private, seat, rng)
    world.notes = [list(notes) if p == seat else [] for p, notes in enumerate(state.notes)]
    world.secret_log = []
    world.rng = rng.next64()
    return world


# -- loyalties ---------------------------------------------------------------------------------
def _loyalties(
    view: dict[str, Any], private: dict[str, Any], players: int, seat: int, rng: SeededRng
) -> tuple[list[str], list[list[str]]]:
    british, french, dutch = LOYALTY[players]
    rest = ["british"] * british + ["french"] * french + ["dutch"] * dutch
    own = private["loyalty_history"]
    rest.remove(own[0])
    fevers = [tuple(pair) for pair in view["cabin_fevers"]]
    final = view.get("loyalty")
    for _ in range(_ATTEMPTS):
        deal = list(rest)
        rng.shuffle(deal)
        swaps = [rng.below(2) == 1 for _ in fevers]
        world = _history(deal, swaps, fevers, own, seat, final)
        if world is not None:
            return world
    # Unlikely (many fevers): search every deal and swap in turn, starting at a random point.
    deals = sorted(set(permutations(rest)))
    start = rng.below(len(deals))
    for deal_tuple in deals[start:] + deals[:start]:
        for bits in product((False, True), repeat=len(fevers)):
            world = _history(list(deal_tuple), list(bits), fevers, own, seat, final)
            if world is not None:
                return world
    raise AssertionError("no loyalty deal agrees with the view")


def _history(
    deal: list[str],
    swaps: list[bool],
    fevers: list[tuple[int, ...]],
    own: list[str],
    seat: int,
    final: list[str] | None,
) -> tuple[list[str], list[list[str]]] | None:
    """Play the Cabin Fevers over a deal; None if the seat would have seen other cards."""
    cards = [*deal[:seat], own[0], *deal[seat:]]
    logs = [[card] for card in cards]
    for (a, b), swap in zip(fevers, swaps, strict=True):
        if swap:
            cards[a], cards[b] = cards[b], cards[a]
        logs[a].append(cards[a])
        logs[b].append(cards[b])
    if logs[seat] != own or (final is not None and cards != final):
        return None
    return cards, logs


# -- vote cards --------------------------------------------------------------------------------
class _Cards:
    """Vote card ids still to hand out, taken by text (identical cards are interchangeable)."""

    def __init__(self) -> None:
        self.free = list(range(VOTE_TOTAL))

    def take(self, text: str) -> int:
        card = next(c for c in self.free if vote_text(c) == text)
        self.free.remove(card)
        return card


def _deal_votes(
    world: TortugaState, view: dict[str, Any], private: dict[str, Any], seat: int, rng: SeededRng
) -> None:
    cards = _Cards()
    pending = world.pending or {}
    world.hands[seat] = [cards.take(text) for text in private["hand"]]
    own_commit = [cards.take(text) for text in private.get("vote_played", [])]
    own_runs = {
        entry["run"]: [cards.take(text) for text in entry["cards"]] for entry in private["buried"]
    }
    searching = "vote_deck_search" in private
    known_deck: list[int] = []
    if searching:
        known_deck = [cards.take(text) for text in private["vote_deck_search"]]
        rng.shuffle(known_deck)
        if pending["target"] != seat:
            world.hands[pending["target"]] = [cards.take(text) for text in private["picked"]]
    unseen = list(cards.free)
    rng.shuffle(unseen)
    runs = [] if searching else _fill_runs(view["deck_runs"], own_runs, unseen, rng)
    commits = _commit_counts(view, private, seat)
    for p in range(world.players):
        if p == seat or (searching and p == pending["target"]):
            continue
        size = view["hand_sizes"][p]
        world.hands[p], unseen = unseen[:size], unseen[size:]
    if "cards" in pending:
        for i, voter in enumerate(pending["voters"]):
            if voter == seat:
                pending["cards"][i] = own_commit
            else:
                count = commits.get(voter, 0)
                pending["cards"][i], unseen = unseen[:count], unseen[count:]
    buried = [card for run in reversed(runs) for card in run]
    world.vote_deck = known_deck if searching else unseen + buried
    if "picked" in pending:
        pending["picked"] = list(world.hands[pending["target"]])
    for i, run in enumerate(world.deck_runs):
        mine = own_runs.get(i)
        run["own"] = {str(seat): mine} if mine else {}


def _commit_counts(view: dict[str, Any], private: dict[str, Any], seat: int) -> dict[int, int]:
    """How many cards each other voter has committed: one each, and whatever the hand sizes
    leave over to the El Dorado holder (the only one who may play two)."""
    pending = view.get("pending") or {}
    if pending.get("kind") != "vote":
        return {}
    voted = [v for v in pending["voted"] if v != seat]
    committed = VOTE_TOTAL - sum(view["hand_sizes"]) - view["vote_deck"]
    extra = committed - len(private.get("vote_played", [])) - len(voted)
    counts = dict.fromkeys(voted, 1)
    if extra:
        holder = next(v for v in voted if EL_DORADO in view["kept"][v])
        counts[holder] += extra
    return counts


def _fill_runs(
    public_runs: list[dict[str, Any]],
    own_runs: dict[int, list[int]],
    unseen: list[int],
    rng: SeededRng,
) -> list[list[int]]:
    """Cards for each known run at the bottom of the deck, with exactly the revealed symbols
    (minus the seat's own cards there); the chosen cards leave ``unseen``."""
    need: list[tuple[int, int, str | None]] = []  # (run, section, symbol or None)
    for i, known in enumerate(public_runs):
        mine = own_runs.get(i, [])
        if known["section"] is None:
            need += [(i, 0, None)] * (known["size"] - len(mine))
            continue
        section = SECTIONS.index(known["section"])
        left = Counter(known["symbols"]) - Counter(VOTE_CARDS[c][section] for c in mine)
        need += [(i, section, symbol) for symbol in sorted(left.elements())]
    order = list(range(len(need)))
    rng.shuffle(order)
    holder: dict[int, int] = {}  # card -> index in need

    def place(slot: int, tried: set[int]) -> bool:
        _, section, symbol = need[slot]
        for card in unseen:
            if card in tried or (symbol is not None and VOTE_CARDS[card][section] != symbol):
                continue
            tried.add(card)
            if card not in holder or place(holder[card], tried):
                holder[card] = slot
                return True
        return False

    for slot in order:
        if not place(slot, set()):
            raise AssertionError("the buried runs cannot be filled from the unseen cards")
    runs = [list(own_runs.get(i, [])) for i in range(len(public_runs))]
    for card, slot in holder.items():
        runs[need[slot][0]].append(card)
        unseen.remove(card)
    for run in runs:
        rng.shuffle(run)
    return runs


# -- event cards -------------------------------------------------------------------------------
def _deal_events(
    world: TortugaState, view: dict[str, Any], private: dict[str, Any], seat: int, rng: SeededRng
) -> None:
    known = {int(slot) - 1: card for slot, card in private["known_events"].items()}
    pending = view.get("pending") or {}
    in_hand = [pending["card"]] if pending.get("kind") == "give" else []
    if pending.get("kind") == "marque" and not pending["saved"]:
        in_hand.append(MARQUE)
    shown = [*view["discard"], *(c for kept in view["kept"] for c in kept), *in_hand]
    seen_starred = {
        c for c in [*shown, *known.values(), *(r["card"] for r in view["reveals"])] if c in STARRED
    }
    others = [c for c in STARRED if c not in seen_starred]
    rng.shuffle(others)
    starred = [*sorted(seen_starred), *others[: STARRED_IN_GAME - len(seen_starred)]]
    # The Armada lies at the deck's bottom (A6) until the deck runs out, then in the row.
    armada = not world.sudden_death and world.outcome is None and ARMADA not in known.values()
    deck_size = len(world.event_deck)
    at_bottom = int(armada and deck_size > 0)
    blind = [slot for slot, card in enumerate(world.row) if card is not None and slot not in known]
    needed = deck_size - at_bottom + len(blind) - int(armada and not at_bottom)
    unseen = Counter([*BASE_EVENTS, *starred]) - Counter([*shown, *known.values()])
    pool = sorted(unseen.elements())
    rng.shuffle(pool)
    assert len(pool) >= needed, "more face-down event cards than the game has"
    pool = pool[:needed]  # a real game leaves exactly as many; a test position may leave more
    if armada and not at_bottom:
        pool.insert(rng.below(len(pool) + 1), ARMADA)
    world.event_deck = pool[: deck_size - at_bottom] + [ARMADA] * at_bottom
    for slot, card in zip(blind, pool[deck_size - at_bottom :], strict=True):
        world.row[slot] = card
    world.known = [
        [world.row[slot] if p in world.viewers[slot] else None for slot in range(len(world.row))]
        for p in range(world.players)
    ]
