"""Parley, the Discord bot, in layers, each using only the ones below it:

- :mod:`bot.storage`: the :class:`~bot.storage.Store` interface, its records, the SQLite
  backend and its migrations;
- :mod:`bot.play`: games in play, with no Discord: the service that applies actions with the
  version-checked commit and the posts owed, clocks, reminders, vacations, absence, status text;
- :mod:`bot.discord`: the Discord face: the bot and its cogs, buttons and menus, delivery of
  posts and DMs;
- the command line on top: :mod:`bot.cli` (``run``, ``demo``, ``bench``, ``backup``).
"""
