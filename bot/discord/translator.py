"""``/parley`` in the players' languages: discord.py asks :class:`CommandWords` for each
command's, group's and parameter's name and description and each choice's name in every
Discord locale when the tree syncs, and Discord shows each player the words of their client's
language. Parley's catalogues answer for the languages it speaks (German, French); names are
looked up with their context (``bot/discord/cogs/names.py``), the rest as written."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.language import TRANSLATED, language_of, speech_in

#: The gettext context each kind of name is marked with (``bot/discord/cogs/names.py``).
NAMES = {
    app_commands.TranslationContextLocation.command_name: "command name",
    app_commands.TranslationContextLocation.group_name: "command name",
    app_commands.TranslationContextLocation.parameter_name: "parameter name",
}


class CommandWords(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        """``string`` in ``locale``'s language, or None (Discord shows the English) where
        Parley does not speak it. A text no catalogue has (a game's title) is itself."""
        code = language_of(locale.value)
        if code not in TRANSLATED:
            return None
        words = speech_in(code)
        named = NAMES.get(context.location)
        if named is not None:
            return words.pgettext(named, string.message)
        return words.gettext(string.message)
