"""Tortuga 1667's teaching moments for a guided first game, each following a sentence of the
rulebook (``shared/rules/tortuga1667.txt``), fired on the learner's own view and legal
actions (its own loyalty and hand among them, never another seat's)."""

from __future__ import annotations

from games.core import Moment
from games.core.words import N_

moments = (
    Moment(
        "team",
        lambda seen: bool(seen.legal),
        N_(
            "Your loyalty card says your team, a secret: British or French (a lone Dutch player "
            "wins a tie). When the Spanish Armada is revealed, the team with the most treasure in "
            "its holds wins, wherever your pawn stands."
        ),
    ),
    Moment(
        "events",
        lambda seen: seen.can("view", "reveal", "force"),
        N_(
            "Any player may view 2 event cards in secret, reveal 1 and resolve it, or force "
            "another player to reveal one of 2 you choose. Viewing first tells you where the "
            "Spanish Armada lies."
        ),
    ),
    Moment(
        "attack",
        lambda seen: seen.can("attack"),
        N_(
            "As captain you may call for an attack: everyone on your ship votes, only the top of "
            "each vote card counts, and with at least 1 cannon and 1 torch not cancelled by water "
            "you take 1 treasure from the Spanish galleon."
        ),
    ),
    Moment(
        "mutiny",
        lambda seen: seen.can("mutiny"),
        N_(
            "As first mate you may call for a mutiny: all on the ship but the captain vote, only "
            "the bottom of each card counts, and a majority of skulls maroons the captain to "
            "Tortuga (a tie or helms: nothing happens)."
        ),
    ),
    Moment(
        "brawl",
        lambda seen: seen.can("brawl"),
        N_(
            "As governor you may call for a brawl: all on Tortuga vote, only the middle flag "
            "counts, and the majority's side gets both of Tortuga's chests (a tie: one each)."
        ),
    ),
    Moment(
        "vote",
        lambda seen: seen.can("vote"),
        N_(
            "Your first vote: play one card from your hand in secret. One more card comes from "
            "the vote deck, the cards are shuffled and revealed, and you draw a new card after."
        ),
    ),
    Moment(
        "cabin_boy",
        lambda seen: seen.can("treasure"),
        N_(
            "As cabin boy you may move 1 treasure on your ship from the British hold to the "
            "French hold, or back: a quiet way to help your team."
        ),
    ),
)
