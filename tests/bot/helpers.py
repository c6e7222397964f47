"""Helpers the bot tests share: what a player was told in private, and finding a button.

"Private" means three different things in these tests, so each has its own name:

* ``ephemeral_text``: the ephemeral answers only (a DM the same click refreshed is left out);
* ``private_text``: everything only the player sees, ephemeral answers and DMs alike;
* ``private_reply``: the answer itself, checking that there is one and nobody else sees it.
"""

from __future__ import annotations

from tests.bot.fake_discord import FakeMessage, InteractionRecord

__all__ = ["button_id", "ephemeral_text", "private_reply", "private_text"]


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
