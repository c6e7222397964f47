"""Helpers the bot tests share: what a player was told in private, and finding a button or a
menu option by the words it shows (never by an action's canonical text).

"Private" means three different things in these tests, so each has its own name:

* ``ephemeral_text``: the ephemeral answers only (a DM the same click refreshed is left out);
* ``private_text``: everything only the player sees, ephemeral answers and DMs alike;
* ``private_reply``: the answer itself, checking that there is one and nobody else sees it.
"""

from __future__ import annotations

from typing import Any

from tests.bot.fake_discord import FakeMessage, InteractionRecord

__all__ = [
    "button_id",
    "button_starting",
    "choice_labels",
    "ephemeral_text",
    "menu_option",
    "pick",
    "private_reply",
    "private_text",
]


def ephemeral_text(record: InteractionRecord) -> str:
    """The text of every ephemeral message the bot answered this interaction with (empty if
    it answered only in public, by DM, or not at all)."""
    return "\n".join(m.text for m in record.messages if m.ephemeral)


def private_text(record: InteractionRecord) -> str:
    """Everything the bot answered this interaction with that only the player can see: an
    ephemeral reply, or their DM (a ballot refreshed in place, say)."""
    return "\n".join(m.text for m in record.messages if m.ephemeral or m.dm_user_id)


def private_reply(record: InteractionRecord) -> str:
    """The bot's answer to this interaction (not the clicked post itself), after checking that
    there is one and that only the player can see all of it."""
    replies = [m for m in record.messages if m is not record.source_message]
    assert replies, "the bot gave no answer"
    public = [m for m in replies if not m.ephemeral]
    assert not public, f"an answer everyone can see: {public}"
    return "\n".join(m.text for m in replies)


def button_id(message: FakeMessage, label: str) -> str:
    """The custom id of the button labelled ``label`` on ``message``."""
    found = [b.custom_id for b in message.buttons if b.label == label and b.custom_id]
    assert found, f"no button {label!r} on {message!r}: {[b.label for b in message.buttons]}"
    return found[0]


def button_starting(message: FakeMessage, words: str) -> str:
    """The custom id of the one button whose label starts with ``words`` (a label that goes
    on to say more: "Confirm: A 5, B 4, …")."""
    found = [b.custom_id for b in message.buttons if (b.label or "").startswith(words)]
    assert len(found) == 1 and found[0], (
        f"not one button starting {words!r} on {message!r}: {[b.label for b in message.buttons]}"
    )
    return found[0]


def menu_option(message: FakeMessage, label: str) -> tuple[str, str]:
    """The menu and the value of the menu option labelled ``label`` on ``message``."""
    for menu in message.selects:
        for option in menu.options:
            if option["label"] == label and menu.custom_id:
                return menu.custom_id, option["value"]
    shown = [o["label"] for m in message.selects for o in m.options]
    raise AssertionError(f"no menu option {label!r} on {message!r}: {shown}")


def choice_labels(message: FakeMessage) -> list[str]:
    """The words of every choice on ``message``: button labels, then menu options."""
    labels = [b.label or "" for b in message.buttons]
    return labels + [o["label"] for m in message.selects for o in m.options]


async def pick(
    fake: Any, client: Any, user: Any, message: FakeMessage, label: str
) -> InteractionRecord:
    """Press the button, or choose the menu option, that shows ``label``."""
    if any(b.label == label for b in message.buttons):
        return await fake.click(client, user, message, button_id(message, label))
    menu, value = menu_option(message, label)
    return await fake.select(client, user, message, menu, [value])


async def resign(fake: Any, client: Any, user: Any, thread: Any) -> InteractionRecord:
    """`/parley resign`, then the confirmation button it asks for."""
    asked = await fake.slash(client, user, thread, "parley resign")
    question = asked.messages[-1]
    return await fake.click(client, user, question, button_id(question, "Resign"))
