"""The second-edition hooks of Tortuga 1667: labels, explain, changes, the teaching DM text,
reveal and evaluate. (``sample`` has its own module: ``test_tortuga_sample.py``.)"""

from __future__ import annotations

import random
import re

import pytest

from games.core import IllegalAction, finish
from games.tortuga import SPEC
from games.tortuga.data import ARMADA, card_words, vote_text
from games.tortuga.state import TortugaState, said
from games.tortuga.votes import attack_meaning
from tests.games.test_tortuga import FILLER, act, position, vote_round

RAW = re.compile(r"\b(p\d|fd|jr)\b")


def random_states(games: int, seed: int = 0):
    """Every state of a few random games at every player count."""
    for game in range(games):
        players = 2 + game % 8
        picker = random.Random(seed * 1000 + game)
        s = SPEC.new(players, game)
        while SPEC.outcome(s) is None:
            yield s
            seat = picker.choice(SPEC.to_act(s))
            s = SPEC.apply(s, seat, picker.choice(SPEC.legal_actions(s, seat)))
        yield s


# -- labels ----------------------------------------------------------------------------------
def test_every_action_and_prefix_has_a_short_label_in_words():
    """Issue 13: "Each game gives every legal action a short human label (at most 80
    characters)"; the bot also asks for every whole-word prefix it offers as a step. No label
    holds raw notation (``send p1 fd``, ``p3``, ``fd``), and a decision's labels are distinct."""
    checked = 0
    for s in random_states(80):
        for seat in SPEC.to_act(s):
            legal = SPEC.legal_actions(s, seat)
            prefixes = {" ".join(a.split()[:k]) for a in legal for k in range(1, len(a.split()))}
            for action in [*legal, *prefixes]:
                text = SPEC.label(s, seat, action)
                assert 0 < len(text) <= 80, (action, text)
                if " " in action:
                    assert action not in text, (action, text)
                else:
                    assert " " in text, (action, text)
                assert not RAW.search(text), (action, text)
                checked += 1
            labels = [SPEC.label(s, seat, a) for a in legal]
            assert len(set(labels)) == len(labels), labels
    assert checked > 10_000


@pytest.mark.parametrize(
    ("setup", "seat", "action", "expected"),
    [
        ({}, 0, "move fd rowboat", "Climb into the Flying Dutchman's rowboat"),
        ({}, 0, "attack", "Call for an Attack on the Spanish galleon"),
        ({}, 0, "force p3", "Force P3 to reveal one of 2 event cards"),
        ({}, 0, "maroon p2", "Maroon P2 to Tortuga"),
        ({"current": 1}, 1, "mutiny", "Call for a Mutiny against captain P1"),
        (
            {"current": 1},
            1,
            "treasure to french",
            "Move a chest from the British hold to the French hold",
        ),
        ({"current": 0}, 0, "reveal", "Reveal an event card"),
    ],
)
def test_turn_labels(setup, seat, action, expected):
    """Words a player reads, squares and ships as on the board ("names as printed")."""
    assert SPEC.label(position(**setup), seat, action) == expected


def test_vote_labels_lead_with_the_symbol_that_counts():
    """Issue 13: ``vote cannon french helm`` becomes "Play Cannon (French flag, Helm)" in an
    attack, where only the top counts; in a mutiny the bottom leads."""
    hands = {0: ["cannon french helm"], 1: ["cannon french helm", "torch british skull"]}
    s = act(position(players=5, ships=([0, 1, 2], [3, 4]), hands=hands), 0, "attack")
    assert SPEC.label(s, 1, "vote cannon french helm") == "Play Cannon (French flag, Helm)"
    assert SPEC.label(s, 1, "vote") == "Play a vote card (attack: the top counts)"
    s = act(position(players=5, ships=([0, 1, 2], [3, 4]), hands=hands, current=1), 1, "mutiny")
    assert SPEC.label(s, 1, "vote cannon french helm") == "Play Helm (Cannon, French flag)"


def test_event_decision_labels_name_cards_as_printed():
    """Issue 13 and 14: "send p1 fd" -> "Send P1 to the Flying Dutchman"; card names as
    printed ("Letter of Marque", "Fountain of Youth"), never ``str.title()``."""
    s = position(
        players=5,
        ships=([0, 1], [2]),
        tortuga=[3],
        rowboats=(None, 4),
        row=["letter of marque", *FILLER[1:]],
    )
    s = act(s, 0, "reveal 1")
    assert SPEC.label(s, 0, "send p4 fd") == "Send P4 to the Flying Dutchman"
    assert SPEC.label(s, 0, "send p5") == "Send P5 to a ship (Letter of Marque)"
    assert SPEC.label(s, 0, "save marque") == "Keep the Letter of Marque for a later turn"
    s = act(position(row=["fountain of youth", *FILLER[1:]]), 0, "reveal 1")
    assert SPEC.label(s, 0, "give p2") == "Give Fountain of Youth to P2"
    assert "Of" not in " ".join(SPEC.view(s, None)["last"])


# -- explain ---------------------------------------------------------------------------------
def near_misses() -> list[tuple[TortugaState, int, str, str]]:
    """(state, seat, refused action, words its reason must contain)."""
    six = dict(players=6, ships=([0, 1, 2], [3, 4]), tortuga=[5])
    full = position(players=7, ships=([0, 1, 2, 3, 4], [5]), rowboats=(6, None), current=6)
    taken = position(players=6, ships=([0, 1, 2], [3]), rowboats=(4, None), tortuga=[5])
    blown = position(players=5, ships=([0, 1], [2]), tortuga=[3], current=2)
    blown.exploded = 1
    vote = act(
        position(
            players=5,
            ships=([0, 1, 2], [3, 4]),
            hands={
                0: ["cannon british skull"],
                1: ["torch french helm", "water british helm"],
                2: ["water british helm"],
            },
        ),
        0,
        "attack",
    )
    pistol = act(position(row=["pistol", *FILLER[1:]]), 0, "reveal 1")
    marque = act(
        position(ships=([0, 1], [2]), tortuga=[3], row=["letter of marque", *FILLER[1:]]),
        0,
        "reveal 1",
    )
    take = act(
        position(
            ships=([0, 1], [2, 3]),
            hands={0: ["cannon british skull"], 1: ["torch french helm"]},
            deck_top=["torch british helm"],
        ),
        0,
        "attack",
    )
    take = act(act(take, 0, "vote cannon british skull"), 1, "vote torch french helm")
    lone = position(row=[None, None, "pistol", None, None], event_deck=[])
    return [
        (position(**six), 0, "mutiny", "first mate"),
        (position(**six, current=1), 1, "attack", "captain"),
        (position(**six), 0, "brawl", "governor"),
        (position(**six), 0, "treasure to french", "cabin boy"),
        (position(**six), 0, "maroon p4", "own ship"),
        (position(**six), 0, "move jr rowboat", "its own rowboat"),
        (full, 6, "move fd", "full"),
        (taken, 0, "move fd rowboat", "already holds P5"),
        (blown, 2, "move jr rowboat", "blown up"),
        (position(holds=([1, 0], [0, 1]), current=1), 1, "treasure to british", "no chest"),
        (lone, 0, "view", "at least 2"),
        (lone, 0, "reveal 1", "empty"),
        (position(), 0, "force p1", "another player"),
        (position(), 0, "use marque", "no saved Letter of Marque"),
        (vote, 1, "vote cannon british skull", "not a card in your hand"),
        (vote, 1, "vote torch french helm and water british helm", "El Dorado"),
        (vote, 1, "attack", "vote is under way"),
        (vote, 3, "vote torch french helm", "not P4's turn"),
        (pistol, 0, "shoot p1", "another player"),
        (marque, 0, "send p2 fd", "Tortuga or in a rowboat"),
        (marque, 0, "discard marque", "not discarded"),
        (take, 0, "take british to french", "galleon has treasure"),
    ]


@pytest.mark.parametrize(("index"), range(22))
def test_near_misses_get_their_specific_reason(index):
    """Issue 13: "An illegal move gets the rule that forbids it, in a sentence" - each of
    these common near-misses names its own rule, never repeats the refused text, and apply
    still refuses it."""
    s, seat, action, reason = near_misses()[index]
    assert action not in SPEC.legal_actions(s, seat)
    text = SPEC.explain(s, seat, action)
    assert reason in text, text
    assert text.endswith(".") and (" " not in action or action not in text)
    with pytest.raises(IllegalAction):
        SPEC.apply(s, seat, action)


def test_explain_never_fails_nor_leaks_on_random_refusals():
    """Whatever is typed, explain answers with one sentence and never names a card the seat
    does not hold or has not seen."""
    picker = random.Random(5)
    words = [
        "view",
        "reveal",
        "force",
        "move",
        "attack",
        "maroon",
        "mutiny",
        "treasure",
        "brawl",
        "use",
        "vote",
        "take",
        "send",
        "shoot",
        "give",
        "pick",
        "slots",
        "hold",
        "fd",
        "jr",
        "rowboat",
        "tortuga",
        "p1",
        "p4",
        "p9",
        "1",
        "3",
        "7",
        "to",
        "and",
        "cannon",
        "torch",
        "british",
        "helm",
        "nothing",
        "marque",
        "atlantis",
    ]
    for s in random_states(25, seed=3):
        if SPEC.outcome(s) is not None:
            continue
        for seat in range(s.players):
            action = " ".join(picker.choice(words) for _ in range(picker.randrange(1, 5)))
            if action in SPEC.legal_actions(s, seat):
                continue
            text = SPEC.explain(s, seat, action)
            assert text and len(text) < 240
            assert " " not in action or action not in text
            assert not re.search(r"\b(cannon|torch|water) (british|french)", text)


# -- changes ---------------------------------------------------------------------------------
def test_changes_name_moves_counters_and_looked_at_slots():
    """Issue 14: "Each renderer marks what changed ... in the game's own terms": a pawn
    moved, a counter changed, a card slot was looked at - computed from two views."""
    s = position(players=6, ships=([0, 1, 2, 3], [4]), tortuga=[5])
    before = SPEC.view(s, 4)
    s = act(s, 0, "maroon p2")
    s = act(s, 1, "move fd rowboat")
    s = act(s, 2, "view", "view 1 3")
    changes = SPEC.changes(before, SPEC.view(s, 4))
    kinds = [(c["kind"], c.get("seat"), c.get("slot")) for c in changes]
    assert kinds == [("move", 1, None), ("seen", 2, 1), ("seen", 2, 3)]
    assert changes[0]["from"] == {"place": "fd", "rank": 1}
    assert changes[0]["to"] == {"place": "fd rowboat", "rank": 0}
    assert changes[0]["text"] == (
        "P2 moved from the Flying Dutchman (first mate) to the Flying Dutchman's rowboat."
    )


def test_changes_of_an_attack_and_a_revealed_card():
    s = position(
        players=5,
        ships=([0, 1, 2], [3, 4]),
        row=["atlantis", *FILLER[1:]],
        hands={0: ["cannon british skull"], 1: ["torch french helm"], 2: ["torch british skull"]},
        deck_top=["water french helm"],
    )
    before = SPEC.view(s, None)
    s = act(s, 0, "attack")
    s = vote_round(s, {0: "cannon british skull", 1: "torch french helm", 2: "torch british skull"})
    s = act(s, 0, "take to french")
    s = act(s, 1, "reveal 1", "give p4")
    texts = [c["text"] for c in SPEC.changes(before, SPEC.view(s, None))]
    assert texts == [
        "The Flying Dutchman's French hold: 1 chest (was 0).",
        "The Spanish galleon: 3 chests (was 4).",
        "P2 revealed Atlantis from slot 1.",
        "P4 now holds Atlantis.",
    ]


def test_no_change_between_equal_views_and_never_a_secret():
    """Changes compare only the public part: a seat's own secret changes (its hand, its
    loyalty after Cabin Fever) are never in the list."""
    s = position(
        loyalty=["british", "french", "british", "french"], row=["cabin fever", *FILLER[1:]]
    )
    assert SPEC.changes(SPEC.view(s, 0), SPEC.view(s, 0)) == []
    before = SPEC.view(s, 0)
    s = act(s, 0, "reveal 1", "fever p2")
    text = " ".join(c["text"] for c in SPEC.changes(before, SPEC.view(s, 0))).lower()
    assert "british" not in text and "french" not in text and "loyalty" not in text


# -- the teaching DM -------------------------------------------------------------------------
def voting_table() -> TortugaState:
    s = position(
        players=5,
        ships=([0, 1, 2], [3, 4]),
        kept={1: ["el dorado"]},
        loyalty=["british", "french", "dutch", "british", "french"],
        hands={
            0: ["cannon british skull"],
            1: ["torch french helm", "water british helm", "cannon french skull"],
            2: ["water british helm", "torch british skull"],
        },
        deck_top=["torch french helm"],
    )
    return act(s, 0, "attack")


def test_the_vote_dm_teaches_this_vote():
    """Issue 13: "Tortuga's vote DM says, for this vote, what each card in the hand does and
    what your side wants (British, French, or the Dutch player's tie)"."""
    s = voting_table()
    text = SPEC.private_text(SPEC.view(s, 1))
    assert "only the top of each card counts" in text
    assert "- Cannon (French flag, Skull): for the attack (at least 1 cannon is needed)" in text
    assert "- Water (British flag, Helm): against the attack (puts out 1 torch)" in text
    assert "With El Dorado you may play two cards" in text
    assert "You are French: a success helps you only if captain P1 puts the chest in the" in text
    dutch = SPEC.private_text(SPEC.view(s, 2))
    assert "You are Dutch: the chests stand level (British 2, French 2)" in dutch
    assert "El Dorado" not in dutch
    assert "Your cards in this" not in SPEC.private_text(SPEC.view(s, 3))  # not a voter
    captain = SPEC.private_text(SPEC.view(s, 0))
    assert "You are British and the captain: after a success you choose the hold" in captain


def test_the_loyalty_dm_says_how_that_side_wins():
    """Issue 13: "the loyalty DM says how your side wins"."""
    s = voting_table()
    lines = SPEC.private_text(SPEC.view(s, 3)).splitlines()
    assert lines[0] == "Loyalty: **British**."  # the seat is in the DM's heading, said once
    assert lines[1].startswith("The British win if they have more chests than the French")
    assert "a tie makes the Dutch player win" in lines[1]
    dutch = SPEC.private_text(SPEC.view(s, 2)).splitlines()[1]
    assert dutch.startswith("You play alone: you win only if the British and the French")
    even = position(loyalty=["british", "french", "british", "french"])
    assert "sudden death" in SPEC.private_text(SPEC.view(even, 1))


def test_the_dutch_brawler_is_told_which_result_ties_the_teams():
    s = position(
        players=5,
        ships=([0, 1], [3]),
        tortuga=[2, 4],
        loyalty=["british", "french", "dutch", "british", "french"],
        holds=([1, 0], [0, 1]),
        tortuga_chests=(2, 0),
        current=2,
        hands={2: ["cannon british skull"], 4: ["torch french helm"]},
    )
    s = act(s, 2, "brawl")
    assert "a tie of flags would tie them" in SPEC.private_text(SPEC.view(s, 2))
    assert "You are French: you want French flags." in SPEC.private_text(SPEC.view(s, 4))


def test_the_public_reveal_says_what_the_symbols_meant_and_nothing_secret():
    """Issue 13: "The reveal line in the thread says what the symbols meant for the result";
    it shows the symbols of the section that counts only (T5)."""
    s = voting_table()
    s = act(s, 1, "vote torch french helm and water british helm")
    s = act(s, 0, "vote cannon british skull")
    s = act(s, 2, "vote torch british skull")
    line = SPEC.view(s, None)["last"][-1]
    assert line == (
        "The attack vote reveals cannon, torch, torch, torch, water: the attack "
        "succeeds (1 cannon and 2 torches still burning after 1 water)."
    )
    assert not re.search(r"\b(british|french|skull|helm)\b", line)


@pytest.mark.parametrize(
    ("symbols", "meaning"),
    [
        (["cannon", "cannon", "torch", "water"], "1 water put out the 1 torch"),
        (["torch", "torch", "water"], "no cannon was fired"),
        (["cannon"], "1 cannon but no torch"),
    ],
)
def test_attack_meanings(symbols, meaning):
    """The rules' own examples: "If 2 cannons, 1 torch, and 1 water were played, the attack
    would fail since the water canceled the torch"."""
    assert said(attack_meaning(symbols)) == meaning


# -- reveal ----------------------------------------------------------------------------------
def test_reveal_tells_every_secret_at_the_end_and_nothing_before():
    """Issue 16: "each player's loyalty (Tortuga), who played which card in every vote ...
    which event cards each player looked at"."""
    s = position(
        players=5,
        ships=([0, 1, 2], [3, 4]),
        loyalty=["british", "french", "dutch", "british", "french"],
        row=["pistol", "scurvy", "crow's nest", "albatross", "spanish armada"],
        hands={0: ["cannon british skull"], 1: ["torch french helm"], 2: ["water british helm"]},
        deck_top=["water french helm"],
        holds=([2, 0], [0, 1]),
    )
    s = act(s, 0, "attack")
    s = vote_round(s, {0: "cannon british skull", 1: "torch french helm", 2: "water british helm"})
    s = act(s, 1, "view", "view 1 2")
    assert SPEC.reveal(s) == []  # the game runs: nothing is told
    s = act(s, 2, "reveal 3", "search p4")
    given = sorted(vote_text(c) for c in s.vote_deck)[:3]
    for text in given:
        s = act(s, 2, f"pick {text}")
    s = act(s, 3, "reveal 5")
    assert SPEC.outcome(s).winners == [0, 3]
    lines = SPEC.reveal(s)
    assert lines[0] == "Loyalties: British P1, P4; French P2, P5; Dutch P3."
    vote = lines[1]
    assert vote.startswith(
        "Attack 1 (called by P1): P1 played Cannon; P2 played Torch; P3 played Water; "
        "the deck added Water: the attack fails."
    )
    nest = "; ".join(card_words(text) for text in given)
    assert lines[2] == f"Crow's Nest: P3 gave P4 {nest}."
    assert "P2 looked at Pistol (slot 1), Scurvy (slot 2)." in lines
    assert lines[-1] == "Nobody else looked at an event card."


def test_reveal_after_cabin_fever_tells_both_cards():
    """Rulings §1.2: "a player's team is whatever loyalty card they hold at game end"; the
    reveal tells the card dealt too."""
    for seed in range(20):
        s = position(
            loyalty=["british", "french", "british", "french"],
            row=["cabin fever", *FILLER[1:-1], "spanish armada"],
            event_deck=["albatross", "pistol"],
            holds=([2, 0], [0, 1]),
        )
        s.rng = seed
        s = act(s, 0, "reveal 1", "fever p2")
        if s.loyalty[0] == "french":
            break
    s = act(s, 1, "reveal 5")
    lines = SPEC.reveal(s)
    assert lines[0] == "Loyalties: French P1, P4; British P2, P3."
    assert lines[1] == "P1 was dealt British before Cabin Fever."
    assert lines[2] == "P2 was dealt French before Cabin Fever."
    assert SPEC.outcome(s).winners == [1, 2]


# -- evaluate --------------------------------------------------------------------------------
def test_evaluate_of_ended_games():
    """Contract: "an ended game scores 1 for a winner, 0 for a loser, a share for a draw"."""
    s = position(loyalty=["british", "french", "british", "french"])
    finish(s, [1, 3], "The French win.")
    assert SPEC.evaluate(s) == [0.0, 1.0, 0.0, 1.0]
    finish(s, [], "No event cards are left while the teams are tied: a draw.")
    assert SPEC.evaluate(s) == [0.25] * 4


def test_evaluate_prefers_the_richer_side_more_as_the_armada_nears():
    """Treasure by team against each seat's loyalty, the Armada's distance, and the Dutch
    player's tie."""
    loyalty = ["british", "french", "dutch", "british", "french"]
    ahead = position(players=5, loyalty=loyalty, holds=([3, 0], [0, 1]))
    level = position(players=5, loyalty=loyalty, holds=([1, 0], [0, 1]))
    values, even = SPEC.evaluate(ahead), SPEC.evaluate(level)
    assert all(0 <= v <= 1 for v in values) and abs(sum(values[:3]) - 1) < 1e-9
    assert values[0] > 0.5 > values[1] and values[0] == values[3]
    assert even[2] > values[2]  # the Dutch player wants the teams level
    assert even[0] == even[1]
    late = position(players=5, loyalty=loyalty, holds=([3, 0], [0, 1]), event_deck=[])
    assert SPEC.evaluate(late)[0] > values[0]  # the same lead is worth more near the end


def test_evaluate_counts_a_seen_armada_as_the_end_for_the_team_ahead():
    """Rulebook: "Immediately when the Spanish Armada is revealed, the team with the most
    treasure wins the game." A seat to act that has seen the Armada in the row, with its team
    ahead, reveals it and wins; behind, the knowledge is worth nothing by itself."""
    loyalty = ["british", "french"]
    row = [ARMADA, *FILLER[1:]]
    for holds, leader in ((([2, 0], [0, 1]), 0), (([0, 2], [1, 0]), 1)):
        blind = position(players=2, ships=([0], [1]), loyalty=loyalty, holds=holds, row=row)
        seen = position(players=2, ships=([0], [1]), loyalty=loyalty, holds=holds, row=row)
        seen.known[0][0] = ARMADA
        before, after = SPEC.evaluate(blind), SPEC.evaluate(seen)
        if leader == 0:
            assert after[0] >= 0.95 > before[0] and abs(sum(after) - 1) < 1e-9
        else:
            assert after == before
