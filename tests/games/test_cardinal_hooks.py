"""Cardinal's second-edition hooks: labels, refusals, change lists, sampling, the evaluation
and the reveal (issues 13-16)."""

from __future__ import annotations

import random
import re
import time

import pytest

from bot.language import speech_in
from games import REGISTRY, IllegalAction
from games.cardinal.data import GREEN as G
from games.cardinal.data import ORANGE as O
from games.cardinal.state import CardinalState
from games.core.words import speaking
from tests.games.cardinal_invariants import check

SPEC = REGISTRY["cardinal"]
RAW_SQUARE = re.compile(r"\b[a-z]\d+\b")  # notation as typed (c3), never in words players read


def random_states(games: int, seed: int = 0, **options: str):
    """Every state (before each action) of ``games`` random games."""
    for game in range(games):
        picker = random.Random(seed + game)
        state = SPEC.new(2, seed + game, options)
        while SPEC.outcome(state) is None:
            yield state
            seat = SPEC.to_act(state)[0]
            state = SPEC.apply(state, seat, picker.choice(SPEC.legal_actions(state, seat)))
        yield state


def prefixes(actions: list[str]) -> set[str]:
    return {" ".join(a.split()[:k]) for a in actions for k in range(1, len(a.split()) + 1)}


# -- label ----------------------------------------------------------------------------------


@pytest.mark.parametrize("board", ["5x5", "6x6", "compass"])
def test_every_action_and_every_prefix_has_a_short_label_in_words(board: str):
    checked = 0
    for state in random_states(10, board=board):
        for seat in SPEC.to_act(state):
            for action in prefixes(SPEC.legal_actions(state, seat)):
                text = SPEC.label(state, seat, action)
                assert 0 < len(text) <= 80, text
                assert not RAW_SQUARE.search(text), (action, text)
                assert " " not in action or action not in text.lower(), (action, text)
                checked += 1
    assert checked > 500


def test_labels_say_what_a_placement_does():
    """Rulings Example 1: Orange's b4 summons the pirate to c3, which sends Green's c2 home."""
    state = SPEC.position(green=["b2", "c2", "d2"])
    assert SPEC.label(state, O, "place b4") == (
        "Place a ship on B4; the pirate goes to C3, sending home Green C2"
    )
    assert SPEC.label(state, O, "place a1") == "Place a ship on A1"
    assert SPEC.label(state, O, "place") == "Place a ship (5 in hand)"
    last = SPEC.position(orange=["a1", "a3", "a5", "e1"], green=["b5"])
    assert SPEC.label(last, O, "place e5") == "Place a ship on E5; you win"


def test_pirate_choices_name_the_ships_they_send_home():
    """Rulings Example 2: "pirate to b2 -> removes b1(G)"; "pirate to d5 -> removes d4(O),
    c5(O) (bad for Orange)"."""
    state = SPEC.position(orange=["d4", "c3"], green=["c4", "e4", "a3", "b1", "c1"], pirate="a5")
    summoned = SPEC.apply(state, O, "place c5")
    assert SPEC.label(state, O, "place c5") == (
        "Place a ship on C5; it summons the pirate and you pick its square"
    )
    assert SPEC.label(summoned, O, "pirate b2") == "Send the pirate to B2, sending home Green B1"
    assert SPEC.label(summoned, O, "pirate d5") == (
        "Send the pirate to D5, sending home Orange C5 and Orange D4"
    )
    assert SPEC.label(summoned, O, "pirate") == "Send the pirate to one of the crowded squares"


# -- explain --------------------------------------------------------------------------------

NEAR_MISSES = [
    # (position, seat, action, words the reason must contain)
    (dict(green=["c3"]), O, "place c3", "C3 already holds a ship (Green's)"),
    (dict(orange=["c3"]), O, "place c3", "C3 already holds a ship (yours)"),
    (dict(pirate="c3"), O, "place c3", "The pirate sits on C3"),
    (dict(pirate="c3"), O, "place c4", "no ship may be placed orthogonally next to the pirate"),
    (dict(), O, "place f6", "There is no square F6 on this board: columns run A to E"),
    (dict(board="compass"), O, "place a1", "A1 is cut out of this board"),
    (dict(), O, "pirate c3", "The pirate comes only when your new ship is part of a crowd"),
    (dict(), O, "sail c3", "Place a ship by naming an empty square"),
    (dict(), G, "place c3", "It is Orange's turn"),
    (
        dict(orange=["b4", "d4"], green=["b2", "d2"], summoning=["c3", "a1"]),
        O,
        "place e5",
        "Your new ship summoned the pirate: first send it to C3 or A1",
    ),
    (
        dict(orange=["b4", "d4"], green=["b2", "d2"], summoning=["c3"]),
        O,
        "pirate e5",
        "The pirate may only go to a crowded square (an empty square with 4 or more ships",
    ),
]


@pytest.mark.parametrize(("setup", "seat", "action", "reason"), NEAR_MISSES)
def test_near_misses_get_their_own_reason(setup: dict, seat: int, action: str, reason: str):
    state = SPEC.position(**setup)
    with pytest.raises(IllegalAction):
        SPEC.apply(state, seat, action)
    text = SPEC.explain(state, seat, action)
    assert reason in text
    assert action not in text and "`" not in text


def test_the_touching_option_is_explained():
    """Ruling K1, option B: only crowded squares the new ship touches."""
    ships = dict(orange=["d4", "c3"], green=["c4", "e4", "a3", "b1", "c1"], pirate="a5")
    state = SPEC.position(**ships, pirate_squares="touching")
    summoned = SPEC.apply(state, O, "place c5")
    assert "pirate b2" not in SPEC.legal_actions(summoned, O)
    assert "only to a crowded square your new ship touches: B4 or D5" in SPEC.explain(
        summoned, O, "pirate b2"
    )


def test_a_finished_game_says_so():
    state = SPEC.apply(SPEC.position(orange=["a1", "a3", "a5", "e1"]), O, "place e5")
    assert SPEC.explain(state, G, "place c3") == (
        "The game is over: Orange has all 5 ships on the board."
    )


# -- changes --------------------------------------------------------------------------------


def test_changes_tell_the_pirate_ships_and_hands():
    """Rulings Example 1 as a player sees it: the pirate comes onto c3 and c2 goes home."""
    state = SPEC.position(green=["b2", "c2", "d2"], to_move="orange")
    after = SPEC.apply(state, O, "place b4")
    found = SPEC.changes(SPEC.view(state, G), SPEC.view(after, G))
    assert found == [
        {"kind": "add", "piece": "pirate", "at": "c3", "text": "The pirate came onto C3."},
        {"kind": "add", "at": "b4", "seat": O, "text": "Orange placed a ship on B4."},
        {"kind": "remove", "at": "c2", "seat": G, "text": "Green's ship on C2 went home."},
        {
            "kind": "count",
            "seat": O,
            "before": 5,
            "after": 4,
            "text": "Orange now has 4 in hand (was 5).",
        },
        {
            "kind": "count",
            "seat": G,
            "before": 2,
            "after": 3,
            "text": "Green now has 3 in hand (was 2).",
        },
    ]
    moved = SPEC.position(orange=["b4"], green=["b2", "d2", "e1"], pirate="a5")
    again = SPEC.apply(moved, O, "place d4")
    assert SPEC.changes(SPEC.view(moved, O), SPEC.view(again, O))[0] == {
        "kind": "move",
        "piece": "pirate",
        "from": "a5",
        "to": "c3",
        "text": "The pirate sailed from A5 to C3.",
    }
    assert SPEC.changes(SPEC.view(again, O), SPEC.view(again, O)) == []


# -- sample ---------------------------------------------------------------------------------


def test_sample_agrees_with_the_view_and_ignores_the_seed():
    """Nothing in Cardinal is hidden, so a sample is the position itself."""
    for i, state in enumerate(random_states(6, seed=40)):
        for seat in (O, G):
            sample = SPEC.sample(state, seat, seed=i)
            assert SPEC.view(sample, seat) == SPEC.view(state, seat)
            assert SPEC.dump(sample) == SPEC.dump(state)
            assert sample is not state
            twin = SPEC.load(SPEC.dump(state))
            assert SPEC.dump(SPEC.sample(twin, seat, seed=i)) == SPEC.dump(
                SPEC.sample(state, seat, seed=i + 1)
            )


def test_samples_are_legal_states_whose_playouts_end():
    for i, state in enumerate(random_states(4, seed=70)):
        sample = SPEC.sample(state, SPEC.to_act(state)[0] if SPEC.to_act(state) else O, i)
        check(SPEC, sample)
        picker = random.Random(i)
        for _ in range(400):
            if SPEC.outcome(sample) is not None:
                break
            seat = SPEC.to_act(sample)[0]
            sample = SPEC.apply(sample, seat, picker.choice(SPEC.legal_actions(sample, seat)))
            check(SPEC, sample)
        assert SPEC.outcome(sample) is not None


# -- evaluate -------------------------------------------------------------------------------


def test_evaluate_scores_ended_games_as_results():
    won = SPEC.apply(SPEC.position(orange=["a1", "a3", "a5", "e1"]), O, "place e5")
    assert SPEC.evaluate(won) == [1.0, 0.0]
    drawn = SPEC.position()
    drawn.ply = 199
    drawn = SPEC.apply(drawn, O, "place a1")
    assert SPEC.outcome(drawn).winners == [] and SPEC.evaluate(drawn) == [0.5, 0.5]


def test_evaluate_prefers_the_clearly_better_position():
    even = SPEC.position(orange=["a1"], green=["e5"])
    ahead = SPEC.position(orange=["a1", "a3", "c1"], green=["e5"])
    assert SPEC.evaluate(ahead)[O] > SPEC.evaluate(even)[O] + 0.2
    # One ship in hand and a safe square: Orange (to move) wins now.
    about_to_win = SPEC.position(orange=["a1", "a3", "a5", "e1"], green=["e5"])
    assert SPEC.evaluate(about_to_win)[O] > 0.9
    # Green's b2, c2, d2 stand next to c3, one placement from crowding: Orange's pirate sends
    # c2 home. The same ships spread out are safe.
    crowding = SPEC.position(orange=["b4"], green=["b2", "c2", "d2"], to_move="orange")
    spread = SPEC.position(orange=["b4"], green=["a1", "e2", "e5"], to_move="orange")
    assert SPEC.evaluate(crowding)[G] < SPEC.evaluate(spread)[G]


def test_evaluate_is_a_cheap_chance_per_seat():
    states = list(random_states(20, seed=5))
    start = time.perf_counter()
    for state in states:
        values = SPEC.evaluate(state)
        assert len(values) == 2 and all(0.0 <= v <= 1.0 for v in values)
        assert abs(sum(values) - 1.0) < 1e-9
    assert (time.perf_counter() - start) / len(states) < 0.002


def test_a_one_ply_greedy_player_beats_random_play():
    """Issue 15's greedy baseline: the best immediate value by ``evaluate``."""
    wins = 0
    for game in range(30):
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
    assert wins >= 26


# -- reveal ---------------------------------------------------------------------------------


def finished(options: dict[str, str], seed: int = 3) -> CardinalState:
    picker = random.Random(seed)
    state = SPEC.new(2, seed, options)
    while SPEC.outcome(state) is None:
        seat = SPEC.to_act(state)[0]
        state = SPEC.apply(state, seat, picker.choice(SPEC.legal_actions(state, seat)))
    return state


def test_reveal_says_nothing_was_hidden_and_how_the_first_player_was_chosen():
    tossed = finished({"first": "coin"})
    first = SPEC.seat_label(SPEC.to_act(SPEC.new(2, 3))[0])
    assert SPEC.reveal(tossed) == [
        "Nothing was hidden in Cardinal: every ship and the pirate were in view all game.",
        f"A coin toss chose {first} to place first.",
    ]
    assert SPEC.reveal(finished({"first": "green"}))[1] == (
        "Green placed first, as chosen when the game was set up."
    )


def test_a_label_tells_a_move_that_draws():
    """Ruling K8: "Draw after 3-fold repetition or a 200-ply cap"."""
    state = SPEC.position(ply=199)
    assert SPEC.label(state, O, "place a1") == "Place a ship on A1; the game is drawn"


@pytest.mark.parametrize("code", ["en", "de", "fr"])
def test_the_longest_label_is_cut_down_to_fit_in_every_language(code: str):
    """The pirate's square B2 sends four ships home (two of each fleet) on the 200th action,
    a draw (ruling K8): named ships, then counts per fleet, are too long; the count of ships
    fits, in every language (each wording measured as the reader reads it)."""
    state = SPEC.position(orange=["a2", "c3"], green=["c2", "b3"], to_move="orange", ply=199)
    with speaking(speech_in(code)):
        text = SPEC.label(state, O, "place b1")
    assert len(text) <= 80, text
    if code == "en":
        assert text == "Place a ship on B1; the pirate goes to B2, 4 ships home; the game is drawn"


def test_the_outcome_keeps_its_reason_in_english_and_says_it_in_the_readers_language():
    """A state holds facts, never words: the reason is stored as English text and the seat's
    English name, and said in German as a German player reads it."""
    state = SPEC.apply(
        SPEC.position(orange=["a1", "c1", "e1", "a3"], to_move="orange"), O, "place e5"
    )
    assert state.outcome == {
        "winners": [O],
        "reason": "{seat} has all {count} ships on the board",
        "params": {"seat": "Orange", "count": 5},
    }
    with speaking(speech_in("de")):
        assert SPEC.outcome(state).reason == "Orange hat alle 5 Schiffe auf dem Brett"
        assert SPEC.explain(state, G, "place b2") == (
            "Die Partie ist vorbei: Orange hat alle 5 Schiffe auf dem Brett."
        )
    assert SPEC.outcome(state).reason == "Orange has all 5 ships on the board"
