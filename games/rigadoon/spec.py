"""Rigadoon (2 players): the engine contract around the turn of ``rules.py`` and the chain
reaction of ``chain.py``.

Rulings decided here (beyond ``shared/rules/rigadoon-rulings.md``):
- Seat 1 commands Blue and sails first; seat 2 commands Green and picks the opening wind. The
  fleets are mirror images, so choosing a colour would change nothing.
- R2 ("never the wind change last") is judged after the action's whole effect: while the wind
  is unchanged, a ship action is refused if, however its chain's decisions are taken, no
  Ship-at-sea of the fleet would still owe an action afterwards (its chain may blast a friend
  into port or through a maelstrom, off an island so that it owes again, or hem a ship in).
  Inside a chain, while the wind is unchanged, a decision that would leave nothing owed is
  refused when another is left. An action that wins the game is never refused by R2. A chain
  with more than 64 decisions to search is let through.
- With two or three copies of each Wind card, a drawn card of the current direction goes face
  up to the discard and the next is drawn (the die's re-roll, A2): the wind always changes.
- A turn ends by itself once the wind has changed and no ship action is left at all;
  otherwise the player says ``end turn`` (Ships-in-port may still leave or repair).
- A sail stops on a chest only on its last space; a chest met earlier is bumped (so
  ``sail f9 sw 2 sink`` is "bump one space, then sink it on the 2nd"). Entering a maelstrom
  counts as one space of the sail or blast.
- A decision with a single option is taken by the engine: one pending attack, a chest that
  cannot be bumped (the ship stops on it), one Island left for a sunk chest.
- A Rigadoon needs all four opponent ships attacked; a position with fewer ships never gives one.
- ``turn_cap`` counts full turns (one turn of each fleet) and defaults to 100, not the rulings'
  example of 300: no real game comes near it, and random playouts stay fast.
- The view's ``focus`` (the ship the Wind card is drawn around) is the only ship of the active
  fleet that can still sail, if there is exactly one; the bot may set it to a chosen ship.
- A Rigadoon's bonus sail may be taken, never owed: it does not keep a turn from ending, and
  R2 does not count it as an action still owed.
- Bonuses chain (F2), but not in a circle: a Rigadoon that leaves the board (ships, masts,
  chests) as an earlier Rigadoon of the same turn left it restores the masts and gives no
  bonus sail. Without this, a ship could sail to and fro between two squares, each sail a
  Rigadoon against four wrecks lined up in its column, and the turn would never end (seen
  in an AI game); with it, every turn ends, as there are finitely many boards.
- The only secret is the order of the undrawn Wind cards (and the RNG): the discards and the
  card in play are public, so the pile's cards are known and ``sample`` shuffles just them;
  ``reveal`` lists their order at the end. The views keep this turn's sails and blasts and the
  previous turn's, numbered in the order of the game, so ``changes`` can number a whole chain
  reaction since a player's last look.
"""

from __future__ import annotations

from typing import Any, ClassVar

from games.core.contract import Change, GameSpec, Lesson, Option, Score, View, normalize
from games.core.words import N_
from games.rigadoon import (
    changes,
    data,
    evaluate,
    explain,
    label,
    position,
    reveal,
    rules,
    sample,
    teach,
    views,
)
from games.rigadoon.state import FLEETS, RigadoonState, say

OPTIONS: tuple[Option, ...] = (
    Option(
        "wind",
        N_("Change the wind by drawing Wind cards or by rolling the Wind die."),
        ("cards", "die"),
        "cards",
        (N_("Wind cards"), N_("The Wind die")),
    ),
    Option(
        "die_reroll",
        N_("With the die, roll again when it shows the wind already blowing."),
        (True, False),
        True,
    ),
    Option(
        "deck_copies",
        N_("How many copies of each of the 8 Wind cards the deck holds."),
        (1, 2, 3),
        1,
    ),
    Option(
        "double_backfire",
        N_(
            "When the return fire of a backfire cannot move its target either: loop (the ships "
            "fire back and forth, and the infinite loop loses the game) or stop (both stay put)."
        ),
        ("loop", "stop"),
        "loop",
        (N_("They loop (the infinite loop loses)"), N_("They stop (both stay put)")),
    ),
    Option(
        "tie",
        N_(
            "If both fleets hold two islands at once: the player whose turn it is wins (active), "
            "or the game is a draw."
        ),
        ("active", "draw"),
        "active",
        (N_("The player whose turn it is wins"), N_("A draw")),
    ),
    Option("turn_cap", N_("Full turns after which the game ends in a draw."), (100, 200, 300), 100),
)


class RigadoonSpec(GameSpec[RigadoonState]):
    key: ClassVar[str] = "rigadoon"
    title: ClassVar[str] = "Rigadoon"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    state_type: ClassVar[type] = RigadoonState
    moments = teach.moments
    options: ClassVar[tuple[Option, ...]] = OPTIONS
    seat_names: ClassVar[tuple[str, ...]] = FLEETS
    summary: ClassVar[str] = N_(
        "Claim chests on two different islands to win. Each turn change the wind once (never "
        "as your last action) and sail or repair every Ship-at-sea: 3-mast ships must sail, "
        "0-mast ships must repair.\n"
        "A ship that lands orthogonally next to another must attack it, blasting it two spaces "
        "away (off one edge onto the other) and taking a mast; blasted ships attack in turn.\n"
        "Bump chests out of the Shallows, sink them in Open Water to wash them up on an island, "
        "then weigh anchor there. Attack all four enemy ships in one chain for a Rigadoon.\n"
        "**On Discord:** a turn is a few presses on the board post. A ship's button "
        '("Sail E3 (3 masts) …") opens its courses for you alone; pick one, each saying what '
        "it hits. Do so for each Ship-at-sea and press **Change the wind** once; when a chain "
        "leaves you a choice, the buttons ask. The turn ends when every Ship-at-sea has acted."
    )
    lesson: ClassVar[Lesson | None] = Lesson(
        players=2, seed=1, before=("wind n",), turn=("sail e3 e 3",)
    )

    # -- set-up and turn order -----------------------------------------------------------
    def setup(self, players: int, seed: int, options: dict[str, Any]) -> RigadoonState:
        return RigadoonState(
            options=options,
            rng=seed,
            ships=[*data.BLUE_START, *data.GREEN_START],
            masts=[3] * 8,
            chests=list(data.CHEST_START),
        )

    def players(self, state: RigadoonState) -> int:
        return 2

    def position(self, **setup: Any) -> RigadoonState:
        """See :func:`games.rigadoon.position.position`."""
        return position.position(**setup)

    def to_act(self, state: RigadoonState) -> list[int]:
        return [] if state.outcome is not None else [state.active]

    def legal_actions(self, state: RigadoonState, seat: int) -> list[str]:
        return rules.legal_actions(state, seat)

    def play(self, state: RigadoonState, seat: int, action: str) -> None:
        rules.play(state, seat, action)

    # -- what is seen --------------------------------------------------------------------
    def board_view(self, state: RigadoonState, seat: int | None) -> dict[str, Any]:
        return views.board_view(state)

    def turn_number(self, state: RigadoonState) -> int:
        """Full turns: Blue's and Green's halves share a number."""
        return (state.turn + 1) // 2

    def last_lines(self, state: RigadoonState) -> list[str]:
        return [say(told) for told in state.narration]

    def scores(self, state: RigadoonState) -> list[Score]:
        return views.scores(state)

    def private_view(self, state: RigadoonState, seat: int) -> dict[str, Any]:
        return views.private_view(state, seat)

    def private_text(self, view: View) -> str:
        return str(view.get("private", {}).get("decision", ""))

    # -- the second-edition hooks, one module each ----------------------------------------
    def label(self, state: RigadoonState, seat: int, action: str) -> str:
        return label.label(state, seat, normalize(action))

    def refusal(self, state: RigadoonState, seat: int, action: str) -> str:
        return explain.explain(state, seat, action)

    def changes(self, before: View, after: View) -> list[Change]:
        return changes.changes(before, after)

    def sample(self, state: RigadoonState, seat: int, seed: int) -> RigadoonState:
        return sample.sample(state, seat, seed)

    def evaluate(self, state: RigadoonState) -> list[float]:
        return evaluate.evaluate(state)

    def reveal(self, state: RigadoonState) -> list[str]:
        return reveal.reveal(state)
