"""Scenario tests of Tortuga 1667's event cards, special votes, interrupts and endings.

Each test quotes the sentence of the rules text (or the rulings) it checks.
"""

from __future__ import annotations

import pytest

from games.tortuga import SPEC
from games.tortuga.data import ARMADA
from tests.games.test_tortuga import FILLER, act, check, position, vote_round


def row_with(card: str, *more: str) -> list[str | None]:
    cards = [card, *more]
    return cards + FILLER[len(cards) :]


def test_letter_of_marque_moves_a_pawn_to_a_ship():
    """ "Revealer moves any player currently on Tortuga or a rowboat to the back of the line of
    either ship." """
    s = position(
        players=5,
        ships=([0, 1], [2]),
        tortuga=[3],
        rowboats=(None, 4),
        row=row_with("letter of marque"),
    )
    s = act(s, 0, "reveal 1")
    assert SPEC.legal_actions(s, 0) == [
        "send p4 fd",
        "send p4 jr",
        "send p5 fd",
        "send p5 jr",
        "save marque",
    ]
    s = act(s, 0, "send p4 jr")
    assert s.ships[1] == [2, 3] and s.tortuga == [] and "letter of marque" in s.discard
    check(s)


def test_letter_of_marque_saved_and_used_as_a_later_action():
    """ "Revealer may also save this card and use it as a future action." """
    s = position(ships=([0, 1], [2]), tortuga=[3], row=row_with("letter of marque"))
    s = act(s, 0, "reveal 1", "save marque")
    assert s.kept[0] == ["letter of marque"] and s.current == 1
    s = act(s, 1, "view", "view 2 3")
    s = act(s, 2, "move jr rowboat")
    s = act(s, 3, "move fd rowboat")
    assert "use marque" in SPEC.legal_actions(s, 0)
    s = act(s, 0, "use marque")
    assert "save marque" not in SPEC.legal_actions(s, 0)
    s = act(s, 0, "send p3 fd")
    assert s.ships[0] == [0, 1, 2] and s.kept[0] == [] and s.current == 1


def test_pistol_maroons_another_player():
    """ "Pistol (3): Revealer selects another player. That player is marooned." """
    s = position(row=row_with("pistol"))
    s = act(s, 0, "reveal 1")
    assert SPEC.legal_actions(s, 0) == ["shoot p2", "shoot p3", "shoot p4"]
    s = act(s, 0, "shoot p3")
    assert s.tortuga == [2] and s.ships[1] == [3]


def test_black_spot_maroons_the_revealer():
    """ "Black Spot (3): Revealer is marooned." """
    s = position(row=row_with("black spot"))
    s = act(s, 0, "reveal 1")
    assert s.tortuga == [0] and s.ships[0] == [1]


def test_two_albatrosses_maroon_the_ship_in_reverse_rank():
    """ "If anyone on that first mate's ship (including themself) reveals another albatross,
    everyone on that ship ... are marooned" and "they reverse their rank order (Cabin Boy
    would get best-ranked open pawn spot on Tortuga, Captain would get worst)"."""
    s = position(
        players=6,
        ships=([0, 1, 2], [3, 4]),
        tortuga=[5],
        current=2,
        kept={1: ["albatross"]},
        row=row_with("albatross"),
    )
    s = act(s, 2, "reveal 1")
    assert s.ships[0] == [] and s.tortuga == [5, 2, 1, 0]
    assert s.kept[2] == ["albatross"]


def test_a_walking_bomb_boarding_a_ship_maroons_everyone():
    """ "If you possess 2 albatross cards and you enter a ship, everyone on the ship
    (including you, who just joined the ship) is immediately marooned to Tortuga." And
    "Albatross cards have no effect on Tortuga"."""
    s = position(
        ships=([0, 1], [2]), rowboats=(None, 3), current=3, kept={3: ["albatross", "albatross"]}
    )
    s = act(s, 3, "move jr")
    assert s.ships[1] == [] and s.tortuga == [3, 2]


@pytest.mark.parametrize("card", ["atlantis", "el dorado", "fountain of youth"])
def test_treasure_maps_are_given_to_another_player(card):
    """ "Revealer gives the treasure map to another player." El Dorado: "Owner immediately
    draws 1 extra vote card." """
    s = position(row=row_with(card))
    s = act(s, 0, "reveal 1")
    assert SPEC.legal_actions(s, 0) == ["give p2", "give p3", "give p4"]
    s = act(s, 0, "give p3")
    assert s.kept[2] == [card]
    assert len(s.hands[2]) == (4 if card == "el dorado" else 3)
    check(s)


def test_el_dorado_plays_two_cards_once():
    """ "In any one future vote, owner may play two vote cards instead of the usual one ...
    Discard the El Dorado card after using two cards in a vote." (A22: then draw 1.)"""
    s = position(
        players=5,
        ships=([0, 1], [2, 3, 4]),
        kept={1: ["el dorado"]},
        hands={
            0: ["cannon british skull"],
            1: [
                "torch french helm",
                "torch british helm",
                "water french helm",
                "cannon french skull",
            ],
        },
        deck_top=["water british helm"],
    )
    s = act(s, 0, "attack")
    options = SPEC.legal_actions(s, 1)
    assert "vote torch british helm and torch french helm" in options
    assert len(options) == 4 + 6
    s = act(s, 1, "vote torch british helm and torch french helm")
    s = act(s, 0, "vote cannon british skull")
    assert sorted(s.last_vote["symbols"]) == ["cannon", "torch", "torch", "water"]
    assert s.kept[1] == [] and "el dorado" in s.discard and len(s.hands[1]) == 3
    check(s)


def test_fountain_of_youth_refuses_the_captains_maroon():
    """ "Owner may choose to not be marooned after ... being marooned by their captain"; the
    choice belongs to the owner, so ``to_act`` names them."""
    s = position(ships=([0, 1], [2, 3]), kept={1: ["fountain of youth"]})
    s = act(s, 0, "maroon p2")
    assert SPEC.to_act(s) == [1]
    assert SPEC.legal_actions(s, 1) == ["use fountain", "decline fountain"]
    kept = act(s, 1, "use fountain")
    assert kept.ships[0] == [0, 1] and kept.kept[1] == [] and kept.current == 1
    gone = act(s, 1, "decline fountain")
    assert gone.tortuga == [1] and gone.kept[1] == ["fountain of youth"]


def test_fountain_of_youth_against_a_mutiny():
    """Fountain of Youth works against "being marooned from a successful mutiny"."""
    s = position(
        players=5,
        ships=([0, 1, 2], [3, 4]),
        current=1,
        kept={0: ["fountain of youth"]},
        hands={1: ["cannon british skull"], 2: ["torch french skull"]},
        deck_top=["water french skull"],
    )
    s = act(s, 1, "mutiny")
    s = vote_round(s, {1: "cannon british skull", 2: "torch french skull"})
    assert SPEC.to_act(s) == [0]
    s = act(s, 0, "use fountain")
    assert s.ships[0] == [0, 1, 2] and s.current == 2


def test_atlantis_is_offered_before_any_turn():
    """ "Owner may move from one ship to the back of the line on the other ship immediately
    before any player's turn (including their own) ... does not count as an action"."""
    s = position(ships=([0, 1], [2, 3]), kept={3: ["atlantis"]}, row=row_with("scurvy"), current=0)
    s = act(s, 0, "view", "view 1 2")
    assert SPEC.to_act(s) == [3] and s.current == 1
    assert SPEC.legal_actions(s, 3) == ["use atlantis", "keep atlantis"]
    s = act(s, 3, "use atlantis")
    assert s.ships == [[0, 1, 3], [2]] and SPEC.to_act(s) == [1] and s.kept[3] == []


def test_atlantis_is_not_offered_off_ship():
    """ "Owner may not use this card to move from Tortuga or a Rowboat to a ship." """
    s = position(ships=([0, 1], [2]), tortuga=[3], kept={3: ["atlantis"]})
    s = act(s, 0, "view", "view 1 2")
    assert SPEC.to_act(s) == [1]


def test_black_powder_blows_up_a_rowboat():
    """ "Revealer places the explosion token on either rowboat. That rowboat may not be used
    for the rest of the game. If a player is currently on that rowboat they are marooned"."""
    s = position(ships=([0, 1], [2]), rowboats=(None, 3), row=row_with("black powder"))
    s = act(s, 0, "reveal 1", "blow jr rowboat")
    assert s.exploded == 1 and s.tortuga == [3] and len(s.hands[3]) == 3
    s = act(s, 1, "view", "view 2 3")
    assert [a for a in SPEC.legal_actions(s, 2) if a.startswith("move")] == []


def test_cabin_fever_shuffles_two_loyalty_cards_in_secret():
    """ "Revealer and the chosen player's loyalty cards are shuffled and redistributed ...
    They each secretly view their new loyalty card." """
    swapped = 0
    for seed in range(20):
        s = position(
            loyalty=["british", "french", "british", "french"], row=row_with("cabin fever")
        )
        s.rng = seed
        s = act(s, 0, "reveal 1", "fever p2")
        assert sorted(s.loyalty[:2]) == ["british", "french"]
        swapped += s.loyalty[0] == "french"
        assert s.notes[0] and s.notes[1] and not s.notes[2]
        assert "british" not in SPEC.describe(s, 0, "fever p2", s).lower()
    assert 0 < swapped < 20


def test_crows_nest_replaces_a_hand_from_the_deck():
    """ "Revealer places any one player's hand of vote cards face-down in the vote deck.
    Revealer then privately searches the entire vote deck ... Be sure to replace that
    player's hand with the same number of vote cards"."""
    s = position(
        row=row_with("crow's nest"), hands={2: ["cannon british skull", "water french helm"]}
    )
    s = act(s, 0, "reveal 1", "search p3")
    assert SPEC.secret_choice(s, 0)
    search = SPEC.view(s, 0)["private"]["vote_deck_search"]
    assert len(search) == 32 - 2 - 9 + 2 and "vote_deck_search" not in SPEC.view(s, 2)["private"]
    before = s
    s = act(s, 0, "pick torch french skull")
    assert SPEC.describe(before, 0, "pick torch french skull", s) == (
        "P1 picks a vote card for P3."
    )
    s = act(s, 0, "pick torch french skull")
    assert sorted(SPEC.view(s, 2)["private"]["hand"]) == ["torch french skull"] * 2
    assert s.current == 1
    check(s)


def test_eight_bells_redraws_the_pawns_of_the_revealers_ship():
    """ "All pawns on the revealer's boat or island are put into the pouch and drawn out
    randomly back onto that boat or island." """
    orders = set()
    for seed in range(12):
        s = position(players=6, ships=([0, 1, 2, 3], [4, 5]), row=row_with("eight bells"))
        s.rng = seed
        s = act(s, 0, "reveal 1")
        assert sorted(s.ships[0]) == [0, 1, 2, 3] and s.ships[1] == [4, 5]
        orders.add(tuple(s.ships[0]))
    assert len(orders) > 1


def test_facade_swaps_with_the_player_on_the_right():
    """ "Facade: Revealer swaps pawn positions with the player sitting on their right" (A7:
    the previous player in turn order)."""
    s = position(ships=([0, 1], [2]), tortuga=[3], current=0, row=row_with("facade"))
    s = act(s, 0, "reveal 1")
    assert s.ships[0] == [3, 1] and s.tortuga == [0]


def test_pirate_code_sits_out_two_votes():
    """ "Revealer may not participate in the next two votes ... If they are alone for a vote,
    a vote card is still added from the deck. Discard after not participating in the second
    vote." """
    s = position(ships=([0], [1, 2, 3]), row=row_with("pirate code"), current=0)
    s = act(s, 0, "reveal 1")
    assert s.pirate_code[0] == 2 and s.kept[0] == ["pirate code"]
    for _ in range(2):
        s = act(s, 1, "view", "view 1 2")
        s = act(s, 2, "view", "view 1 2")
        s = act(s, 3, "view", "view 1 2")
        s = act(s, 0, "attack")
        assert s.last_vote["vote"] == "attack" and len(s.last_vote["symbols"]) == 1
    assert s.kept[0] == [] and "pirate code" in s.discard and s.pirate_code[0] == 0
    assert len(s.hands[0]) == 3


def test_scurvy_skips_the_next_turn_of_the_revealers_crew():
    """ "All players on the same ship or island as the revealer, including the revealer, lose
    their next turn." """
    s = position(players=5, ships=([0, 1], [2, 3]), tortuga=[4], current=2, row=row_with("scurvy"))
    s = act(s, 2, "reveal 1")
    assert s.current == 4 and "P4 loses this turn to Scurvy." in SPEC.last_lines(s)
    assert s.scurvy == [False, False, True, False, False]
    s = act(s, 4, "view", "view 2 3")
    s = act(s, 0, "view", "view 2 3")
    s = act(s, 1, "view", "view 2 3")
    assert s.current == 3 and s.scurvy == [False] * 5


def test_scurvy_costs_both_actions_with_two_players():
    """ "In 2-player games, skipped players miss both actions for their next turn." """
    s = position(players=2, ships=([0], [1]), row=row_with("scurvy"))
    s = act(s, 0, "reveal 1")
    assert s.current == 0 and s.actions_left == 1 and s.scurvy == [True, False]
    s = act(s, 0, "view", "view 2 3")
    assert s.current == 1 and s.actions_left == 2
    s = act(s, 1, "view", "view 2 3", "view", "view 2 3")
    assert s.current == 1 and s.actions_left == 2


@pytest.mark.parametrize("at", ["ship", "tortuga"])
def test_stormy_seas(at):
    """ "All treasure on the revealer's ship is returned to the Spanish Galleon (if on a ship)
    or the Tortuga treasures are returned to their original starting areas (if on
    Tortuga)." """
    s = position(
        ships=([0, 1], [2]),
        tortuga=[3],
        holds=([2, 1], [0, 1]),
        tortuga_chests=(2, 0),
        galleon=2,
        current=0 if at == "ship" else 3,
        row=row_with("stormy seas"),
    )
    s = act(s, s.current, "reveal 1")
    if at == "ship":
        assert s.holds[0] == [0, 0] and s.galleon == 5 and s.tortuga_chests == [2, 0]
    else:
        assert s.holds[0] == [2, 1] and s.tortuga_chests == [1, 1]
    check(s)


# -- endings -------------------------------------------------------------------------------
def armada_position(players: int, holds: tuple[list[int], list[int]], **kwargs):
    """Seats alternate British, French (the Dutch last); the Armada lies in slot 1."""
    kwargs.setdefault("ships", (list(range(0, players, 2)), list(range(1, players, 2))))
    loyalty = (["british", "french"] * 5)[: players - players % 2] + ["dutch"] * (players % 2)
    return position(
        players=players,
        holds=holds,
        loyalty=loyalty,
        row=row_with(ARMADA),
        event_deck=["albatross", "scurvy"],
        **kwargs,
    )


def test_the_armada_ends_the_game_with_the_richest_team():
    """ "Immediately when the Spanish Armada is revealed, the team with the most treasure wins
    the game." The view at the end reveals every loyalty card."""
    s = armada_position(4, ([2, 0], [0, 1]))
    s = act(s, 0, "reveal 1")
    assert SPEC.outcome(s).winners == [0, 2] and SPEC.to_act(s) == []
    assert SPEC.view(s, None)["loyalty"] == ["british", "french", "british", "french"]
    assert "loyalty" not in SPEC.view(position(), None)


def test_odd_count_tie_makes_the_dutch_player_win():
    """ "In games with an odd number of players, if teams are tied when the Spanish Armada
    card is revealed, the Dutch player wins." """
    s = armada_position(5, ([1, 0], [0, 1]))
    s = act(s, 0, "reveal 1")
    assert SPEC.outcome(s).winners == [4]


def test_even_count_tie_starts_sudden_death():
    """ "remove the Spanish Armada card from the game and shuffle all discarded and unrevealed
    event cards into a new event deck ... Do not shuffle in cards that are currently in front
    of a player ... The first team to take the lead wins the game." """
    s = armada_position(4, ([1, 0], [0, 1]), ships=([0, 2], [1]), tortuga=[3])
    s.discard = ["pistol"]
    s.kept[3] = ["albatross"]
    s = act(s, 0, "reveal 1")
    assert SPEC.outcome(s) is None and s.sudden_death
    pool = sorted([*s.event_deck, *s.row])
    assert pool == sorted(["pistol", *FILLER[1:], "albatross", "scurvy"]) and ARMADA not in pool
    assert s.discard == [] and s.kept[3] == ["albatross"]
    s = act(s, 1, "treasure to british")  # P2 is the Jolly Roger's lone captain and cabin boy
    assert SPEC.outcome(s).winners == [0, 2]


def test_end_of_deck_reshuffle_and_no_more_refills():
    """ "As soon as the event deck runs out ... shuffle those 5 cards and lay them out in a new
    row ... revealed cards will no longer be replaced"; with the Armada last, "players may not
    use an action to view cards or to force other players to reveal cards"."""
    s = position(
        row=["pistol", "black spot", "albatross", "albatross", "black spot"],
        event_deck=[ARMADA],
        holds=([1, 0], [0, 0]),
        loyalty=["british", "french", "british", "french"],
    )
    s = act(s, 0, "view", "view 1 2")
    s = act(s, 1, "reveal 3")
    assert s.event_deck == [] and sorted(s.row) == sorted(
        [ARMADA, "pistol", "black spot", "albatross", "black spot"]
    )
    assert s.known[0] == [None] * 5 and s.viewers == [[]] * 5
    s.row = [None, None, ARMADA, None, None]
    s.current = 2
    assert [a for a in SPEC.legal_actions(s, 2) if a.split()[0] in ("view", "force", "reveal")] == [
        "reveal 3"
    ]
    s = act(s, 2, "reveal 3")
    assert SPEC.outcome(s).winners == [0, 2]


# -- text as printed (issue 13 and 14) ------------------------------------------------------
@pytest.mark.parametrize(
    ("card", "printed"),
    [
        ("crow's nest", "Crow's Nest"),
        ("letter of marque", "Letter of Marque"),
        ("fountain of youth", "Fountain of Youth"),
    ],
)
def test_card_names_are_printed_as_on_the_cards(card, printed):
    """Issue 13: the narration wrote "Crow'S Nest", "Letter Of Marque", "Fountain Of Youth"
    (``str.title()``); print the card names as the cards do."""
    s = act(position(row=row_with(card)), 0, "reveal 1")
    assert f"P1 reveals {printed} from slot 1." in SPEC.view(s, None)["last"]
    if card == "fountain of youth":
        s = act(s, 0, "give p2")
        assert "P1 gives Fountain of Youth to P2." in SPEC.view(s, None)["last"]


def test_one_chest_is_one_chest():
    """Issue 14: "1 chest(s)", "1 votes": counts agree with their nouns, in the narration and
    in the reason of the end."""
    s = position(
        ships=([0, 1], [2]),
        tortuga=[3],
        holds=([1, 0], [0, 0]),
        galleon=5,
        tortuga_chests=(1, 1),
        row=row_with("stormy seas"),
    )
    s = act(s, 0, "reveal 1")
    assert "Stormy Seas: 1 chest goes back to the galleon." in SPEC.view(s, None)["last"]
    s = armada_position(4, ([1, 0], [0, 0]), tortuga_chests=(0, 0))
    s.galleon = 7
    s = act(s, 0, "reveal 1")
    assert (
        SPEC.outcome(s).reason == "The Spanish Armada arrives: the British win with 1 chest (1-0)."
    )
