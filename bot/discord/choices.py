"""The choices a player clicks: action buttons and menus in steps, the button that opens a
private panel, and what a click does.

Every choice shows the engine's label (``spec.label``); the canonical text stays the value a
button or menu sends, and what is logged. A seat with more choices than fit on one post gets
them in steps (:mod:`bot.play.steps`): the first step sits under the post, in the DM or in the
panel; picking a group opens its step for the clicker alone (an ephemeral panel, or their own
DM or panel edited in place), with a "Back" button to the step before; picking an action goes
through the service's version-checked path, as a button always did.

All are ``DynamicItem``s whose custom_id carries the game id and the state version (and the
action, or the place of a step), so they keep working after a restart with nothing in memory.
The play cog registers them and hands :func:`choices_view` to the herald, which puts them under
posts and in DMs. (discord.py types an item's callback for any client; the handlers it calls
take ``discord.Interaction[ParleyBot]``.)
"""

from __future__ import annotations

import re
from functools import partial
from typing import Any

import discord

from bot.discord.acting import act
from bot.discord.bot import ParleyBot, guarded, reply_privately
from bot.discord.done import done_reply
from bot.discord.messages import send_long, shorten
from bot.discord.targets import GameBound, reach
from bot.play.service import Acted, UserError
from bot.play.since import digest_for
from bot.play.steps import RANGE, Choice, Step, step
from bot.play.story import reason_of, stopped
from bot.play.wording import Label, fit, labeller
from bot.storage import GameRecord, who
from games import REGISTRY
from games.core.words import N_, t, tp

MAX_BUTTONS = 15  # more options than this make one select menu (the steps keep it to 25)
CUSTOM_ID_LIMIT = 100
VALUE_LIMIT = 100  # a menu option's value
MENU_LABEL_LIMIT = 100
OPEN = "»"  # a menu value opening a further step; an action's text never starts with it
MORE = " …"  # after the label of a choice that opens a further step
STALE_STEP = N_(
    "Those choices are out of date. `/parley hand` shows the ones you have now, or use the "
    "newest post in the thread."
)

Item = discord.ui.Item[Any]


def _fits(item: ActionButton | StepButton) -> bool:
    return len(item.item.custom_id or "") <= CUSTOM_ID_LIMIT


def _words(current: Step, choice: Choice, limit: int) -> str:
    """What a choice says: its label; a range of a titled step says whose range it is; a
    choice opening a further step ends with "…"."""
    text = choice.label
    if RANGE in choice.value and current.title:
        text = t("{group}: {choice}", group=current.title, choice=text)
    return fit(text, limit) if choice.final else fit(text, limit - len(MORE)) + MORE


def choice_items(
    game_id: int, version: int, actions: list[str], label: Label, place: str = ""
) -> tuple[Step, list[Item]]:
    """The step at ``place`` of these actions and its components: a button per option when
    few, else one menu; "Back" when there is a step before. No components when even a menu
    cannot carry the values (the player types ``/parley move`` then). Raises KeyError for a
    place that is not one of these actions' steps."""
    current = step(actions, place, label)
    items: list[Item] = []
    if len(current.options) <= MAX_BUTTONS:
        buttons = [
            ActionButton(game_id, version, c.value, _words(current, c, 80))
            if c.final
            else StepButton(game_id, version, c.value, _words(current, c, 80))
            for c in current.options
        ]
        if all(_fits(b) for b in buttons):
            items.extend(buttons)
    if not items:
        values = [c.value if c.final else OPEN + c.value for c in current.options]
        if any(len(v) > VALUE_LIMIT for v in values):
            return current, []
        options = [
            (_words(current, c, MENU_LABEL_LIMIT), v)
            for c, v in zip(current.options, values, strict=True)
        ]
        placeholder = (
            t("{group}: choose…", group=current.title) if current.title else t("Choose your move…")
        )
        items.append(ActionMenu(game_id, version, 0, options, fit(placeholder, 150)))
    if current.parent is not None:
        word = tp("button", "Back")
        back = StepButton(game_id, version, current.parent, word, back=True)
        items.append(back if _fits(back) else StepButton(game_id, version, "", word, back=True))
    return current, items


def choices_view(
    game: GameRecord, version: int, seat: int | None, with_hand_button: bool = False
) -> discord.ui.View | None:
    """The first step of ``seat``'s choices (None: no choices, only the hand button if
    asked), for a post of ``version``; None when there is nothing to click."""
    spec = REGISTRY[game.game_key]
    view = discord.ui.View(timeout=None)
    if seat is not None and game.state:
        state = spec.load(game.state)
        actions = spec.legal_actions(state, seat)
        if actions:
            for item in choice_items(game.id, version, actions, labeller(spec, state, seat))[1]:
                view.add_item(item)
    if with_hand_button:
        view.add_item(HandButton(game.id, spec.has_hand))
    return view if view.children else None


def panel(game: GameRecord, seat: int, place: str = "") -> tuple[str, discord.ui.View | None]:
    """A seat's private panel: its secrets in words, and the step at ``place`` of its
    current choices (the first step by default). Raises KeyError for an unknown place."""
    spec = REGISTRY[game.game_key]
    lines = [
        t(
            "**{title} #{game}**: you are **{seat}**.",
            title=t(spec.title),
            game=game.id,
            seat=spec.seat_label(seat),
        )
    ]
    view = None
    if game.status == "active":
        state = spec.load(game.state or "")
        secret = spec.private_text(spec.view(state, seat))
        if secret:
            lines.append(secret)
        actions = spec.legal_actions(state, seat)
        if actions:
            label = labeller(spec, state, seat)
            current, items = choice_items(game.id, game.version, actions, label, place)
            if items:
                view = discord.ui.View(timeout=None)
                for item in items:
                    view.add_item(item)
            if not view:
                lines.append(t("Your move: type `/parley move` and pick from the list."))
            elif current.title:
                lines.append(t("Your move: **{group}**, pick below.", group=current.title))
            else:
                lines.append(t("Your move: pick below."))
        else:
            waiting = ", ".join(who(game.user_of(s)) for s in spec.to_act(state))
            lines.append(t("Waiting for {players}.", players=waiting) if waiting else "")
    elif game.result:
        lines.append(t("Game over: {reason}", reason=stopped(reason_of(game.result))))
    return shorten("\n".join(line for line in lines if line)), view


def _is_private(message: discord.Message | None) -> bool:
    """A DM or an ephemeral message: only the clicker sees it, so it may change in place."""
    return message is not None and (message.guild is None or message.flags.ephemeral)


async def send_panel(interaction: discord.Interaction[ParleyBot], game_id: int) -> None:
    """The clicker's private panel of a game (``/parley hand`` and the hand button)."""
    try:
        game = await reach(interaction, game_id)
        seat = game.seat_held_by(interaction.user.id)
        if seat is None:
            raise UserError(t("You are not playing in this game, so there is no hand to show."))
        if game.status == "lobby":
            raise UserError(t("The game has not started yet."))
    except UserError as error:
        await reply_privately(interaction, str(error))
        return
    content, view = panel(game, seat)
    spec = REGISTRY[game.game_key]
    if game.status == "active" and seat in spec.to_act(spec.load(game.state or "")):
        since = await digest_for(interaction.client.store, game, seat)  # since their last move
        content = shorten(f"{content}\n{since}" if since else content)
    if view is None:
        await interaction.followup.send(content, ephemeral=True)
    else:
        await interaction.followup.send(content, ephemeral=True, view=view)


async def open_step(
    interaction: discord.Interaction[ParleyBot], game_id: int, version: int, place: str
) -> None:
    """A group picked (or Back): the step at ``place``, for the clicker's eyes only. From a
    public post it comes as an ephemeral panel; in a DM or an ephemeral panel it replaces the
    step shown there. Only the seat that may pick from it gets it."""
    try:
        game, seat = await interaction.client.service.choosing(
            game_id, interaction.user.id, version
        )
        try:
            content, view = panel(game, seat, place)
        except KeyError:
            raise UserError(t(STALE_STEP)) from None
    except UserError as error:
        await reply_privately(interaction, str(error))
        return
    if _is_private(interaction.message):
        await interaction.response.edit_message(content=content, view=view)
    elif view is None:
        await interaction.response.send_message(content, ephemeral=True)
    else:
        await interaction.response.send_message(content, view=view, ephemeral=True)


def moved(acted: Acted) -> str:
    """What a move that counts did, as its player is told."""
    return t("Your move counts: {move}", move=acted.line)


async def act_from_component(
    interaction: discord.Interaction[ParleyBot], game_id: int, version: int, action: str
) -> None:
    """Shared by buttons and menus: apply, then refresh a private panel in place. A click on
    a board post whose turn ended is answered by the thread's next post alone: a private
    "Done:" repeating it would be one more message per move."""
    bot = interaction.client

    async def reply(acted: Acted) -> None:
        trouble = bot.herald.trouble.get(game_id)
        seat = acted.game.seat_of(interaction.user.id)
        assert seat is not None
        in_panel = _is_private(interaction.message)
        done, board = await done_reply(bot.store, acted.game, seat, acted.line, not in_panel)
        if in_panel:  # the panel clicked in shows where things stand
            content, view = panel(acted.game, seat)
            if board is not None:
                content = shorten(f"{done}\n\n{content}")
            await interaction.edit_original_response(
                content=content, view=view, attachments=[board] if board else []
            )
            if trouble:
                await interaction.followup.send(trouble, ephemeral=True)
        elif board is not None:  # the turn goes on: its next choices come with the answer
            content, view = panel(acted.game, seat)
            extras: dict[str, Any] = {"file": board} | ({"view": view} if view else {})
            await send_long(
                partial(interaction.followup.send, ephemeral=True),
                f"{done}\n\n{content}" + (f"\n\n{trouble}" if trouble else ""),
                **extras,
            )
        elif trouble:  # else the thread's new post is the answer: no private echo of it
            await interaction.followup.send(trouble, ephemeral=True)

    move = partial(bot.service.act, game_id, interaction.user.id, action, version)
    await act(interaction, game_id, move, moved, reply, in_place=True)


class ActionButton(
    GameBound,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"parley:act:(?P<game>\d+):(?P<ver>-?\d+):(?P<action>[\s\S]+)",
):
    """One legal action: shows its label, sends its canonical text."""

    def __init__(self, game_id: int, version: int, action: str, label: str = "") -> None:
        self.game_id, self.version, self.action = game_id, version, action
        super().__init__(
            discord.ui.Button(
                label=label or None,
                style=discord.ButtonStyle.primary,
                custom_id=f"parley:act:{game_id}:{version}:{action}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> ActionButton:
        return cls(int(match["game"]), int(match["ver"]), match["action"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await act_from_component(interaction, self.game_id, self.version, self.action)


class StepButton(
    GameBound,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"parley:step:(?P<game>\d+):(?P<ver>-?\d+):(?P<place>[\s\S]*)",
):
    """A group of actions (or "Back"): opens the step at its place, privately."""

    def __init__(
        self, game_id: int, version: int, place: str, label: str = "", back: bool = False
    ) -> None:
        self.game_id, self.version, self.place = game_id, version, place
        super().__init__(
            discord.ui.Button(
                label=label or None,
                style=discord.ButtonStyle.secondary if back else discord.ButtonStyle.primary,
                custom_id=f"parley:step:{game_id}:{version}:{place}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> StepButton:
        return cls(int(match["game"]), int(match["ver"]), match["place"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, open_step(interaction, self.game_id, self.version, self.place))


class ActionMenu(
    GameBound,
    discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]],
    template=r"parley:pick:(?P<game>\d+):(?P<ver>-?\d+):(?P<part>\d+)",
):
    """A step as a menu: each option shows a label and sends an action's canonical text, or
    the place of a further step (marked :data:`OPEN`)."""

    def __init__(
        self,
        game_id: int,
        version: int,
        part: int,
        options: list[tuple[str, str]] | None = None,
        placeholder: str | None = None,
    ) -> None:
        self.game_id, self.version = game_id, version
        super().__init__(
            discord.ui.Select(
                placeholder=placeholder,
                options=[
                    discord.SelectOption(label=text, value=value)
                    for text, value in options or [("-", "-")]
                ],
                custom_id=f"parley:pick:{game_id}:{version}:{part}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> ActionMenu:
        return cls(int(match["game"]), int(match["ver"]), int(match["part"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if not self.item.values:  # a forged pick: a menu answers with one value or none
            await reply_privately(interaction, t("Nothing was picked in that menu: choose a move."))
            return
        value = self.item.values[0]
        if value.startswith(OPEN):
            place = value[len(OPEN) :]
            await guarded(interaction, open_step(interaction, self.game_id, self.version, place))
        else:
            await act_from_component(interaction, self.game_id, self.version, value)


class HandButton(
    GameBound,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"parley:hand:(?P<game>\d+)",
):
    """Opens the clicker's private panel: "My hand & moves" in a game with hands."""

    def __init__(self, game_id: int, has_hand: bool = True) -> None:
        self.game_id = game_id
        super().__init__(
            discord.ui.Button(
                label=t("My hand & moves") if has_hand else t("My moves"),
                style=discord.ButtonStyle.secondary,
                emoji="🔒",
                custom_id=f"parley:hand:{game_id}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> HandButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await guarded(interaction, send_panel(interaction, self.game_id))
