"""``/parley`` in German and French (issue 29): the tree the bot syncs carries, for ``de`` and
``fr``, a name and a description in that language on every command, group and option, and a
name on every choice, each one Discord accepts (names lowercase, no spaces, 1-32 characters,
unique among their siblings; descriptions and choice names 1-100 characters); and the names
and descriptions Parley wrote are translated, not left in English."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from tests.bot.conftest import World

LANGUAGES = ("de", "fr")
NAME = re.compile(r"^[-_\w]{1,32}$")
#: Names that read the same in a language (a brand, a loan word), so a test can tell them from
#: one left untranslated.
SAME = {"parley", "hand", "format", "options", "stats", "analyse", "saison", "page", "name"}


def walk(command: dict[str, Any]) -> Iterator[tuple[dict[str, Any], list[dict[str, Any]]]]:
    """Every command, group and option with its siblings."""
    options = command.get("options") or []
    for option in options:
        yield option, options
        yield from walk(option)


async def test_every_command_option_and_choice_is_localised_validly(world: World):
    await world.start_bot()
    (parley,) = world.fake.commands()
    every = [(parley, [parley]), *walk(parley)]
    assert len(every) > 90
    for item, siblings in every:
        for code in LANGUAGES:
            name = item["name_localizations"][code]
            assert NAME.match(name) and name == name.lower(), (item["name"], code, name)
            assert name != item["name"] or name in SAME, f"{item['name']} left in English"
            names = [s["name_localizations"][code] for s in siblings]
            assert names.count(name) == 1, f"{code}: two siblings named {name}"
            description = item["description_localizations"][code]
            assert 1 <= len(description) <= 100, (code, description)
            if item["description"] != "…":  # (discord.py's, for an option left undescribed)
                assert description != item["description"], f"{code}: {description}"
            for choice in item.get("choices") or []:
                assert 1 <= len(choice["name_localizations"][code]) <= 100
