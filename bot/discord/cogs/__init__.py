"""The ``/parley`` commands, one cog per concern (each a discord.py extension the bot loads
by name): ``lobby`` (opening, joining, starting, cancelling), ``play`` (moves, board, hand,
games, rules, resign), ``time`` (settings and the scheduler's loop) and ``admin`` (the host's
sub and kick)."""
