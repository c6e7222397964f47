"""Ship's second-edition hooks: labels, refusals, change lists, sampling, the evaluation and
the reveal (issues 13-16)."""

from __future__ import annotations

import random
import re
import time

import pytest

from bot.language import speech_in
from games import REGISTRY, IllegalAction
from games.core.words import speaking
from games.ship.state import ShipState
from tests.games.ship_invariants import check

SPEC = REGISTRY["ship"]
STERN, BOW = 0, 1
RAW_SQUARE = re.compile(r"\b[a-z]\d+\b")  # notation as typed (c3), never in words players read


def random_states(games: int, seed: int = 0, step: int = 1, **options: str):
    """Every ``step``-th state of ``games`` random games, and each final state."""
    for game in range(games):
        picker = random.Random(seed + game)
        state = SPEC.new(2, seed + game, options)
        ply = 0
        while SPEC.outcome(state) is None:
            if ply % step == 0:
                yield state
            seat = SPEC.to_act(state)[0]
            state = SPEC.apply(state, seat, picker.choice(SPEC.legal_actions(state, seat)))
            ply += 1
        yield state


def prefixes(actions: list[str]) -> set[str]:
    return {" ".join(a.split()[:k]) for a in actions for k in range(1, len(a.split()) + 1)}


# -- label ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "options", [{}, {"board": "9x11", "captain_diagonals": "all", "first": "random"}]
)
def test_every_action_and_every_prefix_has_a_short_label_in_words(options: dict):
    checked = 0
    for state in random_states(8, step=3, **options):
        for seat in SPEC.to_act(state):
            for action in prefixes(SPEC.legal_actions(state, seat)):
                text = SPEC.label(state, seat, action)
                assert 0 < len(text) <= 80, text
                assert not RAW_SQUARE.search(text), (action, text)
                assert " " not in action or action not in text.lower(), (action, text)
                checked += 1
    assert checked > 2000


def test_labels_use_the_movers_own_left_and_right_and_tell_the_wave():
    """Rulings W2: Stern's e4 steps right onto the wave f4; Bow's a6 falls overboard."""
    state = SPEC.position(
        deck="""
      6   .  b  .  b  .  <  .
      5   .  .  .  .  .  .  s
      4   .  >  .  .  s  <  .
      9   .  .  .  b  .  .  .
    """,
        to_move="stern",
    )
    assert SPEC.label(state, STERN, "move e4 f4") == (
        "Mate E4 right to F4; the wave shifts row 6, Bow's Mate on A6 goes overboard"
    )
    assert SPEC.label(state, STERN, "move e4 d4") == "Mate E4 left to D4"
    assert SPEC.label(state, STERN, "move e4 e5") == "Mate E4 forward to E5"
    assert SPEC.label(state, STERN, "move e4") == "Step the Mate on E4"
    assert SPEC.label(state, STERN, "move") == "Step a piece one square"
    bow = SPEC.position(deck="5   .  .  .  b  .  .  .\n1   s  .  .  .  .  .  .", to_move="bow")
    assert SPEC.label(bow, BOW, "move d5 c5") == "Mate D5 right to C5"  # Bow faces row 1


def test_labels_for_jumps_sea_legs_and_captains():
    state = SPEC.position(
        deck="""
      9   .  .  .  .  .  .  .
      8   .  .  .  s  b  .  .
      6   .  .  .  b  .  .  .
      5   .  .  .  s  .  .  .
      2   .  .  S  .  .  .  .
      1   .  .  .  .  .  .  .
    """,
        to_move="stern",
    )
    assert SPEC.label(state, STERN, "jump d5 d7") == (
        "Mate D5 jumps Bow's Mate on D6, landing on D7"
    )
    assert SPEC.label(state, STERN, "jump d5") == "Jump with the Mate on D5"
    assert SPEC.label(state, STERN, "move d8 d9") == "Mate D8 forward to D9; gains its Sea-Leg"
    assert SPEC.label(state, STERN, "move c2 c1") == "Captain C2 home to C1; you win"
    assert SPEC.label(state, STERN, "move c2 b1") == "Captain C2 diagonally home to B1; you win"


# -- explain --------------------------------------------------------------------------------

DECK = """
      7   .  .  .  .  .  .  .
      6   .  .  b  b  .  .  .
      5   .  .  s  b  s  .  .
      4   .  .  .  s  .  .  .
      3   .  .  S  .  .  .  .
      2   .  .  .  s  .  .  .
      1   .  .  .  .  .  .  .
"""

NEAR_MISSES = [
    # (action, words the reason must contain)
    ("move d6 d5", "The piece on D6 is Bow's: move one of your own"),
    ("move a1 a2", "There is no piece on A1"),
    ("move d4 d3", "Mates never move backward: only forward, left or right"),
    ("move d4 c5", "Only Captains move diagonally"),
    ("move d4 d6", "A step goes one square; to cover two, jump over an enemy piece"),
    ("move c5 c6", "C6 holds a Bow piece: a step needs an empty square; to take it, jump"),
    ("move d4 c4", None),  # legal: checked below to be accepted
    ("move d4 e4", None),
    ("move c5 d5", "D5 holds a Bow piece"),
    ("jump d4 d6", "D6 is taken: a jump must land on an empty square"),
    ("jump c5 a5", "There is no piece on B5 to jump over"),
    ("jump e5 c5", "C5 is taken: a jump must land on an empty square"),
    ("jump c3 e1", "D2 holds your own piece: you may only jump an enemy"),
    ("jump d4 f4", "There is no piece on E4 to jump over"),
    ("jump c5 c6", "A jump goes over the piece next to you to the square just beyond it"),
    ("move c3 c4", "A Captain heads home"),
    ("move c3 d2", "D2 holds one of your own pieces: a step needs an empty square"),
    ("move c3 b4", "diagonal moves go toward its home row only"),
    ("move h3 h4", "That square is not on the deck: squares run from A1 to G9"),
    ("sail c3", "Name a step or a jump"),
]


@pytest.mark.parametrize(("action", "reason"), NEAR_MISSES)
def test_near_misses_get_their_own_reason(action: str, reason: str | None):
    state = SPEC.position(deck=DECK, to_move="stern")
    if reason is None:
        assert action in SPEC.legal_actions(state, STERN)
        return
    with pytest.raises(IllegalAction):
        SPEC.apply(state, STERN, action)
    text = SPEC.explain(state, STERN, action)
    assert reason in text
    assert action not in text and "`" not in text


def test_the_first_move_rule_and_turn_order_are_explained():
    """ "On each player's first turn, they are allowed to move one Mate, one space forward into
    an empty space." """
    state = SPEC.new(2, 0)
    assert SPEC.explain(state, STERN, "move c3 b3").startswith(
        "On each side's first turn one Mate moves one space forward"
    )
    assert SPEC.explain(state, BOW, "move c7 c6") == "It is Stern's move: wait for your own."
    assert "Stern's Captain is back home" in SPEC.explain(
        SPEC.apply(
            SPEC.position(deck="2 . . . S . . .\n9 b . . . . . .", to_move=0), 0, "move d2 d1"
        ),
        BOW,
        "move a9 a8",
    )


# -- changes --------------------------------------------------------------------------------


def test_changes_after_one_move_tell_the_move_the_wave_and_the_fall():
    """Rulings W2 from Bow's side: Stern's e4 steps onto f4, Bow's b6 and d6 pack to a6 and
    b6, and a6 falls overboard."""
    state = SPEC.position(
        deck="""
      6   .  b  .  b  .  <  .
      4   .  >  .  .  s  <  .
      9   .  .  .  b  .  .  .
    """,
        to_move="stern",
    )
    after = SPEC.apply(state, STERN, "move e4 f4")
    assert SPEC.changes(SPEC.view(state, BOW), SPEC.view(after, BOW)) == [
        {"kind": "move", "from": "e4", "to": "f4", "text": "Stern's Mate went from E4 to F4."},
        {
            "kind": "move",
            "from": "b6",
            "to": "a6",
            "wave": True,
            "text": "The wave slid Bow's Mate from B6 to A6.",
        },
        {
            "kind": "move",
            "from": "d6",
            "to": "b6",
            "wave": True,
            "text": "The wave slid Bow's Mate from D6 to B6.",
        },
        {"kind": "remove", "at": "a6", "text": "Bow's Mate on A6 fell overboard."},
    ]


def test_changes_after_a_jump_and_a_sea_leg():
    state = SPEC.position(
        deck="8 . . . . . . .\n7 . . . b . . .\n6 . . . s . . .\n1 b . . . . . .", to_move="bow"
    )
    after = SPEC.apply(state, BOW, "jump d7 d5")
    assert [c["kind"] for c in SPEC.changes(SPEC.view(state, 0), SPEC.view(after, 0))] == [
        "move",
        "remove",
    ]
    promote = SPEC.position(deck="8 . . . s . . .\n1 b . . . . . .", to_move="stern")
    found = SPEC.changes(SPEC.view(promote, 1), SPEC.view(SPEC.apply(promote, 0, "move d8 d9"), 1))
    assert found[1] == {
        "kind": "promote",
        "at": "d9",
        "text": "Stern's Mate on D9 gained its Sea-Leg.",
    }


def test_changes_across_several_moves_are_the_difference_of_the_decks():
    state = SPEC.new(2, 0)
    later = state
    for action in ("move d3 d4", "move d7 d6", "move d4 c4"):
        later = SPEC.apply(later, later.to_move, action)
    found = SPEC.changes(SPEC.view(state, BOW), SPEC.view(later, BOW))
    assert found == [
        {"kind": "remove", "at": "d3", "text": "Stern's Mate on D3 is gone."},
        {"kind": "add", "at": "c4", "text": "Stern's Mate is now on C4."},
        {"kind": "add", "at": "d6", "text": "Bow's Mate is now on D6."},
        {"kind": "remove", "at": "d7", "text": "Bow's Mate on D7 is gone."},
    ]
    assert SPEC.changes(SPEC.view(later, 0), SPEC.view(later, 0)) == []


# -- sample ---------------------------------------------------------------------------------


def test_sample_agrees_with_the_view_and_ignores_the_seed():
    """Nothing in Ship is hidden, so a sample is the position itself."""
    for i, state in enumerate(random_states(2, seed=30, step=7, first="random")):
        for seat in (STERN, BOW):
            sample = SPEC.sample(state, seat, seed=i)
            assert SPEC.view(sample, seat) == SPEC.view(state, seat)
            assert sample is not state and SPEC.dump(sample) == SPEC.dump(state)
            twin = SPEC.load(SPEC.dump(state))
            assert SPEC.dump(SPEC.sample(twin, seat, seed=i)) == SPEC.dump(
                SPEC.sample(state, seat, seed=i + 1)
            )


def test_samples_are_legal_states_whose_playouts_end():
    for i, state in enumerate(random_states(2, seed=50, step=25)):
        sample = SPEC.sample(state, state.to_move, i)
        check(SPEC, sample)
        picker = random.Random(i)
        while SPEC.outcome(sample) is None:
            seat = SPEC.to_act(sample)[0]
            sample = SPEC.apply(sample, seat, picker.choice(SPEC.legal_actions(sample, seat)))
            check(SPEC, sample)


# -- evaluate -------------------------------------------------------------------------------


def test_evaluate_scores_ended_games_as_results():
    home = SPEC.apply(
        SPEC.position(deck="2 . . . S . . .\n9 b . . . . . .", to_move=0), 0, "move d2 d1"
    )
    assert SPEC.evaluate(home) == [1.0, 0.0]
    drawn = SPEC.position(deck="6 . . . . . . B\n5 . . . S . . .", to_move=0, ply=199)
    drawn = SPEC.apply(drawn, 0, "move d5 d4")
    assert SPEC.outcome(drawn).winners == [] and SPEC.evaluate(drawn) == [0.5, 0.5]


def test_evaluate_prefers_the_clearly_better_position():
    """Material, a Captain's distance home and the Sea-Leg all count."""
    even = "7 . . b b b . .\n3 . . s s s . ."
    up_a_mate = "7 . . b b b . .\n3 . . s s s s ."
    assert (
        SPEC.evaluate(SPEC.position(deck=up_a_mate, to_move=1))[STERN]
        > SPEC.evaluate(SPEC.position(deck=even, to_move=1))[STERN]
    )
    far = "8 . . . S . . .\n7 . . b b b . .\n3 . . s s . . ."
    near = "2 . . . S . . .\n7 . . b b b . .\n3 . . s s . . ."
    assert (
        SPEC.evaluate(SPEC.position(deck=near, to_move=1))[STERN]
        > SPEC.evaluate(SPEC.position(deck=far, to_move=1))[STERN]
    )
    mate = "8 . . . s . . .\n7 . . b b b . .\n3 . . s s . . ."
    captain = "9 . . . S . . .\n7 . . b b b . .\n3 . . s s . . ."
    assert (
        SPEC.evaluate(SPEC.position(deck=captain, to_move=1))[STERN]
        > SPEC.evaluate(SPEC.position(deck=mate, to_move=1))[STERN]
    )
    # A Bow Captain one step from home with nobody to stop it: Bow (to move) wins now.
    threat = "8 . . . B . . .\n7 . . b b . . .\n5 . . s s s . ."
    assert SPEC.evaluate(SPEC.position(deck=threat, to_move=1))[BOW] > 0.9


def test_evaluate_is_a_cheap_chance_per_seat():
    states = list(random_states(4, seed=9, step=2))
    start = time.perf_counter()
    for state in states:
        values = SPEC.evaluate(state)
        assert len(values) == 2 and all(0.0 <= v <= 1.0 for v in values)
        assert abs(sum(values) - 1.0) < 1e-9
    assert (time.perf_counter() - start) / len(states) < 0.002


def test_a_one_ply_greedy_player_beats_random_play():
    """Issue 15's greedy baseline: the best immediate value by ``evaluate``."""
    wins = 0
    for game in range(12):
        picker = random.Random(game)
        greedy = game % 2
        state = SPEC.new(2, game)
        while SPEC.outcome(state) is None:
            seat = SPEC.to_act(state)[0]
            legal = SPEC.legal_actions(state, seat)
            if seat == greedy:
                action = max(legal, key=lambda a: SPEC.evaluate(SPEC.apply(state, seat, a))[seat])
            else:
                action = picker.choice(legal)
            state = SPEC.apply(state, seat, action)
        wins += SPEC.outcome(state).winners == [greedy]
    assert wins >= 11


# -- reveal ---------------------------------------------------------------------------------


def finished(options: dict[str, str], seed: int) -> ShipState:
    picker = random.Random(seed)
    state = SPEC.new(2, seed, options)
    while SPEC.outcome(state) is None:
        seat = SPEC.to_act(state)[0]
        state = SPEC.apply(state, seat, picker.choice(SPEC.legal_actions(state, seat)))
    return state


def test_reveal_says_nothing_was_hidden_and_who_moved_first():
    assert SPEC.reveal(finished({}, 1)) == [
        "Nothing was hidden in Ship: every piece was in view all game.",
        "Stern moved first, as the game was set up.",
    ]
    for seed in range(4):
        first = SPEC.seat_label(SPEC.to_act(SPEC.new(2, seed, {"first": "random"}))[0])
        assert SPEC.reveal(finished({"first": "random"}, seed))[1] == (
            f"A coin toss chose {first} to move first."
        )


@pytest.mark.parametrize("code", ["en", "de", "fr"])
def test_the_longest_label_is_cut_down_to_fit_in_every_language(code: str):
    """A Captain steps diagonally home onto the wave at F6 on the 200th ply: the wave throws
    Bow's Mate on A4 overboard and the game is drawn (rulings S15), the longest a step's label
    gets; each shorter wording is measured as the reader reads it until one fits."""
    state = SPEC.position(
        deck="""
          8   .  .  .  b  .  .  .
          7   .  .  .  .  .  .  S
          4   .  .  b  b  .  .  .
          2   .  s  .  .  .  .  .
        """,
        to_move="stern",
        ply=199,
    )
    with speaking(speech_in(code)):
        text = SPEC.label(state, STERN, "move g7 f6")
        line = SPEC.view(SPEC.apply(state, STERN, "move g7 f6"), None)["last"][0]
    assert len(text) <= 80, text
    if code == "en":
        assert text == "Captain G7 → F6; wave shifts row 4, A4 overboard; the game is drawn"
    if code == "de":
        assert line == (
            "Der Kapitän von Heck zieht G7 → F6; die Welle auf F6 verschiebt Reihe 4 nach "
            "Westen und A4 von Bug fällt über Bord. Unentschieden: 200 Halbzüge ohne Sieger."
        )
