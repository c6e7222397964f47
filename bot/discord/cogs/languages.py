"""The language options of ``/parley new`` (the game's thread) and ``/parley settings``
(a player's own), and what the settings answer says of the latter."""

from __future__ import annotations

from discord import app_commands

from bot.language import LANGUAGES, language_of
from bot.play.service import UserError
from bot.storage import UserSettings
from games.core.words import t

#: Each language in its own name (a German player looks for "Deutsch", not "German").
LANGUAGE_CHOICES = [app_commands.Choice(name=name, value=code) for code, name in LANGUAGES.items()]
#: ``/parley settings language:``'s value for "speak what my Discord client speaks".
FOLLOW_DISCORD = "discord"


def chosen_language(value: str) -> str | None:
    """A player's language from the option's value (None: follow Discord). Discord checks
    choices in its own client only, so a forged value is refused in words."""
    if value == FOLLOW_DISCORD:
        return None
    if value not in LANGUAGES:
        raise UserError(t("Pick a language from the list offered."))
    return value


def game_language(value: str | None, server_locale: object) -> str:
    """A new game's language: the one chosen, else the server's preferred language (its
    Community setting; English where Parley does not speak it)."""
    if value is None:
        return language_of(server_locale)
    if value not in LANGUAGES:
        raise UserError(t("Pick a language from the list offered."))
    return value


def spoken_line(mine: UserSettings) -> str:
    """The settings answer's line on the player's language."""
    if mine.language is None:
        return t("Language: **as your Discord app**")
    return t("Language: **{language}**", language=LANGUAGES[mine.language])
