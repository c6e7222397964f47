"""Tortuga 1667: hidden British and French crews (and a Dutch player) scramble for treasure.

Rules: ``shared/rules/tortuga1667.txt`` and the binding ``tortuga1667-rulings.md`` (A1-A26 are
followed as proposed there). Rulings this engine adds where neither text settles a point:

- T1 Pirate Code counts only votes the holder could really join (present, with a vote card).
- T2 Atlantis is offered before every turn actually played: not before a turn lost to Scurvy,
  not between the two actions of a 2-player turn.
- T3 Scurvy's "next turn" is the victim's next turn to start after the reveal, so a crewmate
  whose turn comes right after the revealer's loses that one; the revealer finishes its turn.
- T4 A revealed card's slot is refilled before the card resolves; knowledge of a slot is lost
  when its card leaves or the row is reshuffled (a viewer no longer knows where a card lies).
- T5 A vote's reveal shows only the sorted symbols of the section that counts, so no card's
  other sections (nor the play order) leak; an El Dorado pair counts as two cards.
- T6 With Crow's Nest the revealer picks the new hand one card at a time (a secret choice);
  the vote deck is shuffled after the last pick.
- T7 A successful attack on the other ship is one choice: source hold and destination hold.
- T8 In sudden death an emptied row is rebuilt from the discards at the end of the action.
- T9 Viewing and forcing are two steps (`view`, then `view 1 3`; `force p3`, then `slots 1 3`)
  so every decision stays a list of at most 25 actions.
- T10 A21's "short timeout defaulting to 'no'" for Atlantis: ``default_action`` names
  ``keep atlantis``; the bot applies it after an hour without an answer (sooner if the move
  clock is shorter), whatever the absent policy, and a vacation does not hold it up.
- T11 A26 (the captain "may take 1 piece of treasure"): every take offers ``take nothing``
  beside the holds, from the galleon or from the other ship; declining is public.
- T12 The table remembers what a vote showed: the buried cards' symbols of the section that
  counted (``deck_runs``, public) and each voter its own cards among them; a card lost when
  marooned again on Tortuga is known to its loser. A run is forgotten once a draw from the top
  reaches it, or the deck is searched (Crow's Nest) and shuffled.
- T13 Each seat remembers its own loyalty cards in order (``loyalty_history``), and everyone
  the pairs of each Cabin Fever; so after a swap a player knows its partner's new card.
- T14 At the end ``reveal`` tells every secret: loyalties (with Cabin Fever swaps), who played
  which card in every vote and the deck's card, Crow's Nest picks, cards lost on Tortuga, and
  the event cards each player looked at. Nothing of it is in any view before the end.
- T15 Labels may be shown on public posts, so they never name a card a seat has looked at.
"""

from games.tortuga.spec import TortugaSpec

SPEC = TortugaSpec()

__all__ = ["SPEC"]
