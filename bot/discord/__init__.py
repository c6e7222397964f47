"""The Discord face of Parley: the bot (:mod:`bot.discord.bot`), its cogs (``/parley``
commands), the buttons and menus on posts, and the delivery of posts and DMs. It calls
:mod:`bot.play` for everything that changes a game."""
