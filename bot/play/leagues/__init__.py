"""Leagues: many games at once on a server, paired round after round, with a table of who
leads. The pure parts (no store, no Discord): :mod:`.boards` (what a game scored),
:mod:`.pairing` (who plays whom next: Swiss, round robin, tables for multi-player games,
single elimination), :mod:`.table` (the standings and their tie-breaks). :mod:`.rounds`
runs a league on the store: the sign-up deadline, each round drawn once and its games
opened, the next round when the last game of one ends."""
