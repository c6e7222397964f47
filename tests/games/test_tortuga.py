"""Scenario tests of Tortuga 1667: setup, turns and every player action.

Each test quotes the sentence of ``shared/rules/tortuga1667.txt`` (or of the rulings) it checks.
Positions are built with :func:`position`; vote cards are named by text (``cannon british
skull``) and event rows by card name.
"""

from __future__ import annotations

import pytest

from games import IllegalAction
from games.tortuga import SPEC
from games.tortuga.data import ARMADA, TREASURE_TOTAL, VOTE_TOTAL, vote_text
from games.tortuga.position import FILLER as _FILLER
from games.tortuga.state import TortugaState
from tests.games import tortuga_invariants

FILLER = list(_FILLER)
position = SPEC.position


def act(s: TortugaState, seat: int, *actions: str) -> TortugaState:
    for action in actions:
        s = SPEC.apply(s, seat, action)
    return s


def check(s: TortugaState) -> None:
    """Treasure, pawns and vote cards are conserved (the event-card count of the shared
    invariants assumes a full deck, which scenario rows are not)."""
    assert s.galleon + sum(map(sum, s.holds)) + sum(s.tortuga_chests) == TREASURE_TOTAL
    pawns = [*s.ships[0], *s.ships[1], *s.tortuga, *(p for p in s.rowboats if p is not None)]
    assert sorted(pawns) == list(range(s.players))
    committed = [c for cards in (s.pending or {}).get("cards", []) for c in cards]
    assert sorted([*(c for h in s.hands for c in h), *s.vote_deck, *committed]) == list(
        range(VOTE_TOTAL)
    )


# -- setup ---------------------------------------------------------------------------------
@pytest.mark.parametrize("players", range(2, 10))
def test_setup_by_player_count(players):
    """Rulings §1: loyalty per count, "each player is dealt 3 vote cards", pawns drawn
    alternately (Flying Dutchman first), 4 chests on the galleon, 2 on Tortuga, 1 per ship
    placed by each captain, 19 event cards with the Armada at the bottom."""
    s = SPEC.new(players, seed=players)
    british, french, dutch = (players // 2, players // 2, players % 2)
    assert sorted(s.loyalty) == sorted(
        ["british"] * british + ["french"] * french + ["dutch"] * dutch
    )
    assert all(len(hand) == 3 for hand in s.hands)
    assert len(s.vote_deck) == 32 - 3 * players
    assert (len(s.ships[0]), len(s.ships[1])) == ((players + 1) // 2, players // 2)
    assert s.galleon == 4 and s.tortuga_chests == [1, 1]
    assert len(s.event_deck) == 14 and s.event_deck[-1] == ARMADA
    assert sum(c is not None for c in s.row) == 5
    assert SPEC.to_act(s) == [s.ships[0][0]]
    s = act(s, s.ships[0][0], "hold french")
    assert SPEC.to_act(s) == [s.ships[1][0]]
    s = act(s, s.ships[1][0], "hold british")
    assert s.holds == [[0, 1], [1, 0]]
    assert SPEC.to_act(s) == [s.current]
    assert s.actions_left == (2 if players == 2 else 1)
    tortuga_invariants.check(SPEC, s)


def test_two_players_take_two_actions_per_turn():
    """ "NOTE: In 2-player games, each player gets 2 actions per turn." and "The same action
    may be taken twice (e.g. ship→rowboat→Tortuga)" (rulings §1.6)."""
    s = position(players=2, ships=([0], [1]), loyalty=["british", "french"])
    s = act(s, 0, "move fd rowboat")
    assert SPEC.to_act(s) == [0]
    s = act(s, 0, "move tortuga")
    assert s.tortuga == [0] and SPEC.to_act(s) == [1]


# -- player actions ------------------------------------------------------------------------
def test_view_two_event_cards_is_private():
    """ "View 2 Event Cards: Secretly view the front of any 2 of the 5 face-down Event cards";
    which slots were viewed is public (A16)."""
    s = position(row=["pistol", "scurvy", "albatross", "black spot", "facade"])
    s = act(s, 0, "view")
    assert SPEC.legal_actions(s, 0)[:2] == ["view 1 2", "view 1 3"]
    s = act(s, 0, "view 2 5")
    assert SPEC.view(s, 0)["private"]["known_events"] == {"2": "scurvy", "5": "facade"}
    public = SPEC.view(s, None)
    assert public["row"][1]["viewed_by"] == [0]
    assert "scurvy" not in str(public["row"]) + str(public["last"]) + str(public["pending"])
    assert SPEC.view(s, 1)["private"]["known_events"] == {}
    assert SPEC.to_act(s) == [1]


def test_reveal_replaces_the_card_from_the_deck():
    """ "Reveal any 1 of the event cards ... Replace the revealed card with the top card from
    the event deck face-down"."""
    s = position(row=["albatross", *FILLER[1:]], event_deck=["scurvy", "pistol", ARMADA])
    s = act(s, 0, "reveal 1")
    assert s.row[0] == "scurvy" and s.event_deck == ["pistol", ARMADA]
    assert s.kept[0] == ["albatross"]


def test_forced_player_chooses_and_is_the_revealer():
    """ "Choose any other player and then select any 2 of the event cards. The player you
    chose selects either of those 2 event cards, reveals it" - and suffers it (A10)."""
    s = position(row=["black spot", "albatross", *FILLER[2:]])
    s = act(s, 0, "force p3", "slots 1 2")
    assert SPEC.to_act(s) == [2]
    assert SPEC.legal_actions(s, 2) == ["reveal 1", "reveal 2"]
    s = act(s, 2, "reveal 1")
    assert s.tortuga == [2] and s.current == 1


def test_move_through_rowboats():
    """ "Move your pawn from either ship or Tortuga to an adjoining rowboat. Or, move your
    pawn from a rowboat to the back of the line on Tortuga or ... the adjoining ship" and
    "each rowboat holds only 1 pawn at a time"."""
    s = position(ships=([0, 1], [2]), tortuga=[3])
    assert "move fd rowboat" in SPEC.legal_actions(s, 0)
    s = act(s, 0, "move fd rowboat")
    assert s.rowboats == [0, None] and s.ships[0] == [1]
    s = act(s, 1, "reveal 3")  # albatross: kept by P2
    s = act(s, 2, "move jr rowboat")
    moves = [a for a in SPEC.legal_actions(s, 3) if a.startswith("move")]
    assert moves == []  # both rowboats are taken
    s = act(s, 3, "reveal 5")  # black spot: P4 is marooned again
    s = act(s, 0, "move fd")
    assert s.ships[0] == [1, 0]


def test_a_full_ship_cannot_be_boarded():
    """A3: "a pawn may not enter a ship that already has 5 pawns"."""
    s = position(players=7, ships=([0, 1, 2, 3, 4], [5]), rowboats=(6, None), current=6)
    assert [a for a in SPEC.legal_actions(s, 6) if a.startswith("move")] == ["move tortuga"]


def vote_round(s: TortugaState, plays: dict[int, str]) -> TortugaState:
    for seat, card in plays.items():
        assert seat in SPEC.to_act(s)
        s = act(s, seat, f"vote {card}")
    return s


@pytest.mark.parametrize(
    ("cards", "deck", "succeeds"),
    [
        (
            ["cannon british skull", "cannon french helm", "torch british skull"],
            "water french helm",
            False,
        ),
        (
            ["cannon british skull", "torch french helm", "torch british skull"],
            "water french helm",
            True,
        ),
        (
            ["cannon british skull", "cannon french helm", "torch british skull"],
            "torch french helm",
            True,
        ),
    ],
)
def test_attack_examples(cards, deck, succeeds):
    """ "Example: If 2 cannons, 1 torch, and 1 water were played, the attack would fail" /
    "If 1 cannon, 2 torches, and 1 water were played, the attack would succeed" / "If 2
    cannons and 2 torches were played, the attack would succeed. However, you still only take
    1 piece of treasure." The deck card is "also added"."""
    s = position(
        players=5,
        ships=([0, 1, 2], [3, 4]),
        hands={p: [cards[p], "water british helm"] for p in range(3)},
        deck_top=[deck],
    )
    s = act(s, 0, "attack")
    assert SPEC.to_act(s) == [0, 1, 2]
    assert SPEC.secret_choice(s, 1)
    s = vote_round(s, dict(enumerate(cards)))
    assert sorted(s.last_vote["symbols"]) == sorted(
        [c.split()[0] for c in cards] + [deck.split()[0]]
    )
    if succeeds:
        assert SPEC.to_act(s) == [0] and SPEC.legal_actions(s, 0) == [
            "take to british",
            "take to french",
            "take nothing",  # A26
        ]
        s = act(s, 0, "take to french")
        assert s.galleon == 3 and s.holds[0] == [1, 1]
    else:
        assert s.galleon == 4 and s.pending is None
    assert s.current == 1
    check(s)


def test_votes_are_secret_until_the_reveal():
    """ "all players participating in the vote will put 1 of their vote cards into the
    middle" - the public sees who has voted, describe says only "X has voted", and the reveal
    shows symbols, never who played what (rulings §6)."""
    s = position(
        players=5,
        ships=([0, 1, 2], [3, 4]),
        hands={0: ["cannon british skull"], 1: ["torch french helm"], 2: ["water british helm"]},
    )
    s = act(s, 0, "attack")
    after = act(s, 1, "vote torch french helm")
    assert SPEC.describe(s, 1, "vote torch french helm", after) == "P2 has voted."
    public = SPEC.view(after, None)
    assert public["pending"]["voted"] == [1] and "torch" not in str(public)
    assert SPEC.view(after, 1)["private"]["vote_played"] == ["torch french helm"]
    assert "vote_played" not in SPEC.view(after, 0)["private"]


def test_played_cards_are_recycled_and_voters_redraw():
    """ "mix and place all played vote cards face-down at the bottom of the vote deck. Each
    player who participated in the vote draws a new vote card from the top"."""
    s = position(
        players=5,
        ships=([0, 1, 2], [3, 4]),
        hands={0: ["cannon british skull"], 1: ["torch french helm"], 2: ["water british helm"]},
        deck_top=["water french helm"],
    )
    top3 = s.vote_deck[1:4]
    s = act(s, 0, "attack")
    s = vote_round(s, {0: "cannon british skull", 1: "torch french helm", 2: "water british helm"})
    assert [s.hands[p] for p in range(3)] == [[c] for c in top3]
    assert sorted(vote_text(c) for c in s.vote_deck[-4:]) == sorted(
        ["cannon british skull", "torch french helm", "water british helm", "water french helm"]
    )
    check(s)


def test_attack_takes_from_the_other_ship_once_the_galleon_is_empty():
    """ "If the Spanish Galleon is out of treasure the captain may take 1 piece of treasure
    from either treasure hold on the other pirate ship ... even if the other ship has no
    pawns on it"."""
    s = position(
        ships=([0, 1], []),
        tortuga=[2, 3],
        galleon=0,
        holds=([1, 0], [2, 1]),
        tortuga_chests=(2, 2),
        hands={0: ["cannon british skull"], 1: ["torch french helm"]},
        deck_top=["torch british helm"],
    )
    s = act(s, 0, "attack")
    s = vote_round(s, {0: "cannon british skull", 1: "torch french helm"})
    assert SPEC.legal_actions(s, 0) == [
        "take british to british",
        "take british to french",
        "take french to british",
        "take french to french",
        "take nothing",  # A26
    ]
    s = act(s, 0, "take french to british")
    assert s.holds == [[2, 0], [2, 0]]


def test_a26_the_captain_may_take_nothing_after_a_successful_attack():
    """A26: "the captain may take 1 piece of treasure from the Spanish Galleon" - "may", so
    after a successful attack the captain chooses a hold or declines ("take nothing"), and
    declining is public, like the take."""
    s = position(
        players=5,
        ships=([0, 1, 2], [3, 4]),
        hands={0: ["cannon british skull"], 1: ["torch french helm"], 2: ["torch british skull"]},
        deck_top=["water french helm"],
    )
    s = act(s, 0, "attack")
    s = vote_round(s, {0: "cannon british skull", 1: "torch french helm", 2: "torch british skull"})
    assert "take nothing" in SPEC.legal_actions(s, 0)
    before = SPEC.view(s, None)
    s = act(s, 0, "take nothing")
    after = SPEC.view(s, None)
    assert s.galleon == 4 and s.holds == [[1, 0], [0, 1]]
    assert after["scores"] == before["scores"] and s.current == 1
    assert "P1 takes no treasure." in after["last"]
    check(s)


def test_lone_captain_attacks_with_the_deck_card():
    """ "If the captain is the only player on the ship, they may still call for an attack." """
    s = position(
        ships=([0], [1, 2, 3]), hands={0: ["cannon british skull"]}, deck_top=["torch french helm"]
    )
    s = act(s, 0, "attack")
    s = act(s, 0, "vote cannon british skull")
    assert s.last_vote["verdict"] == "the attack succeeds"


def test_captain_maroons_a_pawn_and_the_crew_moves_up():
    """ "Maroon any other pawn on your ship to Tortuga" and "pawns ranked behind it on the same
    ship will move up to fill in the empty pawn position"."""
    s = position(players=6, ships=([0, 1, 2, 3], [4, 5]), tortuga=[])
    assert [a for a in SPEC.legal_actions(s, 0) if a.startswith("maroon")] == [
        "maroon p2",
        "maroon p3",
        "maroon p4",
    ]
    s = act(s, 0, "maroon p2")
    assert s.ships[0] == [0, 2, 3] and s.tortuga == [1]
    assert s.hands[1] and len(s.hands[1]) == 3


@pytest.mark.parametrize(
    ("cards", "deck", "marooned"),
    [
        (["cannon british skull", "torch french skull"], "water french helm", True),
        (["cannon british skull", "torch french helm"], "water french helm", False),
        (["cannon british skull"], "water french helm", False),
    ],
)
def test_mutiny(cards, deck, marooned):
    """ "Only players on that ship, except for the captain, participate in the vote." "If a
    majority of the revealed cards have a skull, then the captain ... is marooned" and "If a
    majority have a helm or there is a tie, nothing happens"."""
    crew = [0, 1, 2][: len(cards) + 1]
    s = position(
        players=5,
        ships=(crew, [3, 4]),
        tortuga=[2] if len(cards) == 1 else [],
        current=1,
        hands={1 + i: [card] for i, card in enumerate(cards)},
        deck_top=[deck],
    )
    s = act(s, 1, "mutiny")
    assert SPEC.to_act(s) == crew[1:]
    s = vote_round(s, {1 + i: card for i, card in enumerate(cards)})
    assert s.last_vote["symbols"].count("skull") == sum("skull" in c for c in cards)
    assert (s.ships[0] == crew[1:]) is marooned
    assert (0 in s.tortuga) is marooned


def test_cabin_boy_moves_treasure_between_holds():
    """ "Move 1 treasure token already on your ship from the British treasure hold to the
    French treasure hold, or vice versa"."""
    s = position(ships=([0, 1], [2, 3]), holds=([2, 0], [0, 1]), current=1)
    assert [a for a in SPEC.legal_actions(s, 1) if a.startswith("treasure")] == [
        "treasure to french"
    ]
    s = act(s, 1, "treasure to french")
    assert s.holds[0] == [1, 1]


@pytest.mark.parametrize(
    ("flags", "chests"),
    [
        (["british", "british"], [2, 0]),
        (["french", "french"], [0, 2]),
        (["british", "cannon"], [1, 1]),
    ],
)
def test_brawl(flags, chests):
    """ "If a majority of the revealed cards are British flags, place both pieces of treasure
    on Tortuga in the British treasure area ... If there is a tie, place 1 piece of treasure
    in each area." A lone governor "may still call for a brawl"."""
    hands = {2: [f"cannon {flags[0]} skull"]}
    deck = "torch french helm" if flags[1] == "cannon" else f"torch {flags[1]} helm"
    s = position(
        players=4,
        ships=([0, 1], [3]),
        tortuga=[2],
        tortuga_chests=(0, 2),
        hands=hands,
        deck_top=[deck],
        current=2,
    )
    s = act(s, 2, "brawl", f"vote cannon {flags[0]} skull")
    assert s.tortuga_chests == chests


def test_maroon_on_tortuga_costs_a_vote_card():
    """ "If you are already on Tortuga and you get marooned again ... your pawn is moved to
    the back of the line ... Second, one of your vote cards is chosen at random ... and placed
    unseen at the bottom of the vote card deck." On a rowboat "you do not lose a Vote card"."""
    s = position(
        players=5,
        ships=([0, 1], [2]),
        tortuga=[3],
        rowboats=(4, None),
        row=["pistol", "pistol", *FILLER[2:]],
    )
    s = act(
        s,
        0,
        "reveal 1",
    )
    s = act(s, 0, "shoot p4")
    assert s.tortuga == [3] and len(s.hands[3]) == 2
    assert s.vote_deck[-1] not in s.hands[3]
    s = act(s, 1, "reveal 2", "shoot p5")
    assert s.tortuga == [3, 4] and len(s.hands[4]) == 3


def test_illegal_actions_say_which_rule_forbids_them():
    """ "The First Mate of a ship may call for a mutiny" - a captain may not, is refused, and
    ``explain`` names the rule (``explain`` replaces ``illegal_message``)."""
    s = position()
    with pytest.raises(IllegalAction):
        SPEC.apply(s, 0, "mutiny")
    assert SPEC.explain(s, 0, "mutiny") == (
        "Only a ship's first mate (second in line) may call for a mutiny; P1 is captain of "
        "the Flying Dutchman."
    )
