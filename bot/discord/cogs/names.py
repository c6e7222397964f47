"""The names in ``/parley``'s command tree, marked for the catalogue (``commands.po``): each
command's and group's name (a function's name in its cog) and each parameter's (an argument's
name), which :class:`bot.discord.translator.CommandWords` looks up with these contexts when
the tree syncs. Their descriptions and choices are marked where the cogs write them; the
group's own description is here, as ``bot.discord.bot`` makes the group. Translations must be
valid Discord names (lowercase, no spaces, 1-32 characters), unique among their siblings:
``tests/bot/test_command_words.py`` checks them."""

from __future__ import annotations

from games.core.words import N_, NP_

#: gettext's contexts of a command's (or group's) name and a parameter's.
COMMAND_NAME = "command name"
PARAMETER_NAME = "parameter name"

PARLEY_DESCRIPTION = N_("Play pirate board games with friends")

COMMAND_NAMES = (
    NP_("command name", "parley"),
    NP_("command name", "new"),
    NP_("command name", "join"),
    NP_("command name", "leave"),
    NP_("command name", "start"),
    NP_("command name", "cancel"),
    NP_("command name", "move"),
    NP_("command name", "board"),
    NP_("command name", "hand"),
    NP_("command name", "games"),
    NP_("command name", "help"),
    NP_("command name", "rules"),
    NP_("command name", "resign"),
    NP_("command name", "settings"),
    NP_("command name", "sub"),
    NP_("command name", "kick"),
    NP_("command name", "history"),
    NP_("command name", "replay"),
    NP_("command name", "export"),
    NP_("command name", "review"),
    NP_("command name", "undo"),
    NP_("command name", "stats"),
    NP_("command name", "leaderboard"),
    NP_("command name", "learn"),
    NP_("command name", "hint"),
    NP_("command name", "league"),
    NP_("command name", "standings"),
    NP_("command name", "list"),
    NP_("command name", "role"),
)

PARAMETER_NAMES = (
    NP_("parameter name", "absent"),
    NP_("parameter name", "action"),
    NP_("parameter name", "ai"),
    NP_("parameter name", "all"),
    NP_("parameter name", "animated"),
    NP_("parameter name", "clock"),
    NP_("parameter name", "finished"),
    NP_("parameter name", "forced_games"),
    NP_("parameter name", "format"),
    NP_("parameter name", "game"),
    NP_("parameter name", "hints"),
    NP_("parameter name", "language"),
    NP_("parameter name", "league"),
    NP_("parameter name", "move"),
    NP_("parameter name", "name"),
    NP_("parameter name", "options"),
    NP_("parameter name", "page"),
    NP_("parameter name", "player"),
    NP_("parameter name", "quiet_from"),
    NP_("parameter name", "quiet_until"),
    NP_("parameter name", "rated"),
    NP_("parameter name", "reminders"),
    NP_("parameter name", "replacement"),
    NP_("parameter name", "role"),
    NP_("parameter name", "rounds"),
    NP_("parameter name", "season"),
    NP_("parameter name", "seats"),
    NP_("parameter name", "share"),
    NP_("parameter name", "signup_hours"),
    NP_("parameter name", "timezone"),
    NP_("parameter name", "turn_dm"),
    NP_("parameter name", "vacation_days"),
)
