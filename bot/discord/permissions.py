"""The channel permissions Parley needs, by the names a server admin sees (the README lists
them with the reason for each). Pin Messages is not here: without it the status message is
simply not pinned. The names a player may read are marked for the catalogues and said in the
reader's language by :func:`listing` (Discord's own names for them in that language);
``parley doctor`` says them in English."""

from __future__ import annotations

from collections.abc import Iterable

import discord

from games.core.words import N_, t

#: What opening a game needs in its channel: the lobby card, the thread and the board posts.
TO_OPEN = {
    "view_channel": N_("View Channel"),
    "send_messages": N_("Send Messages"),
    "create_public_threads": N_("Create Public Threads"),
    "send_messages_in_threads": N_("Send Messages in Threads"),
    "embed_links": N_("Embed Links"),
    "attach_files": N_("Attach Files"),
}
#: What a practice game (``/parley learn``) needs in its channel: a private thread of its own,
#: the board posts there.
TO_LEARN = {
    "view_channel": N_("View Channel"),
    "create_private_threads": N_("Create Private Threads"),
    "send_messages_in_threads": N_("Send Messages in Threads"),
    "attach_files": N_("Attach Files"),
}
#: Every permission by the name a server admin sees.
NAMES = TO_OPEN | TO_LEARN
#: What a board post needs in the game's thread.
TO_POST = ("view_channel", "send_messages_in_threads", "attach_files")
#: Every permission the README's invite URL asks for, by the name a server admin sees; the
#: URL's number is their sum (:data:`INVITE`). ``parley doctor`` checks them in each server.
ASKED = {
    **NAMES,
    "pin_messages": "Pin Messages",
    "read_message_history": "Read Message History",
}
INVITE = 2252177770925056


def lacking(perms: discord.Permissions, flags: Iterable[str]) -> list[str]:
    """The names of the permissions among ``flags`` that ``perms`` lacks."""
    return [NAMES[flag] for flag in flags if not getattr(perms, flag)]


def lacking_in(channel: object, flags: tuple[str, ...] = TO_POST) -> list[str]:
    """What the bot lacks in a thread or channel it knows; [] when it cannot tell."""
    if isinstance(channel, discord.Thread | discord.TextChannel) and channel.guild.me:
        return lacking(channel.permissions_for(channel.guild.me), flags)
    return []


def listing(names: list[str]) -> str:
    """Permissions' names in bold, in the language spoken now."""
    return ", ".join(f"**{t(name)}**" for name in names)
