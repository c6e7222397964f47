"""Every game's teaching moments (``games/<key>/teach.py``): each fires in a seeded game, on
what the seat to act may know, and follows the rulebook sentence quoted beside it here."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games import REGISTRY, GameSpec
from games.core import Seen
from games.core.teaching import due

RULES = {
    "cardinal": {
        "goal": "Be the first player to have all 5 of their ships on the board",
        "crowded": "If 4 or more ships are adjacent orthogonally (left, right, up, or down) or "
        "diagonally to an empty square, then that square has been crowded.",
        "pirate": "all players remove any of their ships from the board that are orthogonally "
        "adjacent to the pirate (not diagonally).",
        "influence": "Players may not place a ship on a square orthogonally adjacent to the "
        "pirate.",
        "last_ship": "If you place your last ship and the pirate removes one, you have not won.",
    },
    "ship": {
        "first_move": "On each player's first turn, they are allowed to move one Mate, one "
        "space forward into an empty space.",
        "moves": "will be able to move one space to the right, to the left, OR forward",
        "jump": "which results in the 'Jumped' mate being taken off the board never to return.",
        "wave": "If you land on a Wave, ALL Mates on your opponent's furthest row, shift to the "
        "edge of the ship in the direction the arrow is pointing.",
        "captain": "as a Captain you are now able to move, and jump your opponent diagonally "
        "aswell as forwards, left and right.",
    },
    "caribbean": {
        "bid": "each player allocates six of their seven bribing cards to the names of the six "
        "ships",
        "tiebreaker": "A face up card means the player is bidding some more (note: zero is more "
        "than -1).",
        "sail": "The player need not use his full movement allowance when moving a ship.",
        "capture": "The active player puts the treasure chest on the ship and takes 2,000 "
        "doubloons for his effort.",
        "rob": "when the ship being moved is in an adjacent sea space to a ship carrying a "
        "treasure chest, it may steal the treasure chest.",
        "deliver": "the owner of the safe haven (normally, the active player, but it could be "
        "another player) earns the number of doubloons shown on the treasure chest",
    },
    "tortuga": {
        "team": "Immediately when the Spanish Armada is revealed, the team with the most "
        "treasure wins the game.",
        "events": "View 2 Event Cards: Secretly view the front of any 2 of the 5 face-down "
        "Event cards",
        "attack": "If there is at least 1 cannon, and at least 1 “successful” Torch played in "
        "the vote, the captain may take 1 piece of treasure from the Spanish Galleon",
        "mutiny": "If a majority of the revealed cards have a skull, then the captain on the "
        "mutinying ship is marooned to Tortuga.",
        "brawl": "If there is a tie, place 1 piece of treasure in each area.",
        "vote": "Each player who participated in the vote draws a new vote card from the top "
        "of the vote deck.",
        "cabin_boy": "Move 1 treasure token already on your ship from the British treasure "
        "hold to the French treasure hold, or vice versa",
    },
    "rigadoon": {
        "goal": "The first player to successfully claim two Treasure Chests on two different "
        "Islands wins the game.",
        "sail": "All Ships-at-sea* with all 3 Masts must sail. Conversely, all Ships-at-sea* "
        "missing all their Masts must repair.",
        "repair": "Ships you repair may not sail that turn.",
        "chain": "If those attacks result in Ships landing orthogonal to other Ships follow "
        "through on those attacks",
        "chest": "Chests must be sunk before they can wash up on an Island.",
        "island": "Chests are claimed by whichever Ship weighs anchor on that Island first.",
    },
}


def first_firings(spec: GameSpec[Any], games: int = 6, cap: int = 3000) -> dict[str, int]:
    """For each moment, the first step of a seeded random game (of the usual table) where it
    held for a seat to act."""
    found: dict[str, int] = {}
    players = spec.lesson.players if spec.lesson else spec.min_players
    for seed in range(games):
        picker, state = random.Random(seed), spec.new(players, seed)
        for step in range(cap):
            if spec.outcome(state) is not None:
                break
            for seat in spec.to_act(state):
                seen = Seen(spec.view(state, seat), spec.legal_actions(state, seat), seat)
                for moment in due(spec.moments, seen, set(found)):
                    found[moment.id] = step
            seat = picker.choice(spec.to_act(state))
            state = spec.apply(state, seat, picker.choice(spec.legal_actions(state, seat)))
        if len(found) == len(spec.moments):
            break
    return found


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_every_moment_follows_a_rule_and_fires_in_a_seeded_game(key):
    spec = REGISTRY[key]
    ids = [m.id for m in spec.moments]
    assert 5 <= len(ids) <= 10 and len(set(ids)) == len(ids)
    assert set(ids) == set(RULES[key]), "each moment quotes the rule it follows"
    assert set(first_firings(spec)) == set(ids)
    for moment in spec.moments:
        assert 40 < len(moment.text) <= 300 and "`" not in moment.text


def test_the_goal_comes_first_and_a_moment_shown_is_not_shown_again():
    """Cardinal: "Players take turns placing 1 of their ships on any empty square on the
    board." The opening brings the goal; once shown it is never due again."""
    spec = REGISTRY["cardinal"]
    state = spec.new(2, 1, {"first": "orange"})
    seen = Seen(spec.view(state, 0), spec.legal_actions(state, 0), 0)
    assert [m.id for m in due(spec.moments, seen, set())] == ["goal"]
    assert due(spec.moments, seen, {"goal"}) == []


def test_the_pirate_moments_fire_where_the_rulebook_says():
    """Cardinal: "If more than 1 square is crowded, the active player chooses where to place
    the pirate." and "Players may not place a ship on a square orthogonally adjacent to the
    pirate." """
    spec = REGISTRY["cardinal"]
    crowd = spec.position(orange=["b2", "d2", "b3"], green=["b4", "d4", "d3"], to_move=0)
    summoning = spec.apply(crowd, 0, "place c2")
    seen = Seen(spec.view(summoning, 0), spec.legal_actions(summoning, 0), 0)
    assert [m.id for m in due(spec.moments, seen, {"goal"})] == ["crowded", "pirate"]
    blocked = spec.apply(summoning, 0, "pirate c3")
    seen = Seen(spec.view(blocked, 1), spec.legal_actions(blocked, 1), 1)
    assert "influence" in [m.id for m in due(spec.moments, seen, {"goal"})]
