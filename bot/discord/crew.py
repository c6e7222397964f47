"""The bot's crew: the parts that run games in play, built once the store is open, in the
order they need each other, each handed every collaborator it uses when it is made (one left
out is a ``TypeError`` at start, never a part that silently does less).

An extension, loaded by name before the cogs (:data:`bot.discord.bot.EXTENSIONS`), because the
herald draws the buttons of :mod:`bot.discord.choices` and :mod:`bot.discord.rematch` and the
scheduler opens games with :mod:`bot.discord.lobby`'s opener: modules that type against the
bot, which the bot itself never imports.
"""

from __future__ import annotations

from bot.discord.bot import ParleyBot
from bot.discord.choices import choices_view
from bot.discord.delivery import Herald
from bot.discord.leagues import LeagueDesk
from bot.discord.lobby import Opener
from bot.discord.rematch import final_buttons
from bot.discord.scheduler import Scheduler
from bot.discord.status import StatusMessages
from bot.discord.translator import CommandWords
from bot.play.claims import Claims
from bot.play.leagues.rounds import LeagueRounds
from bot.play.readers import Readers
from bot.play.reviews import Reviews
from bot.play.service import GameService
from bot.play.thinking import Thinker
from bot.play.timekeeper import Timekeeper


async def setup(bot: ParleyBot) -> None:
    store = bot.store
    await bot.tree.set_translator(CommandWords())  # /parley in the players' languages
    bot.claims = Claims(store)
    bot.readers = Readers(store)
    thinker = Thinker(bot.settings.ai_workers or None, metrics=bot.metrics)
    # the AI's moves are held, and their posts sent once they commit (the herald comes later)
    bot.service = GameService(store, thinker, bot.claims, lambda game: bot.herald.deliver(game))
    bot.timekeeper = Timekeeper(store, bot.service)
    status = StatusMessages(bot, store, bot.timekeeper)
    bot.herald = Herald(
        bot,
        store,
        bot.timekeeper,
        status,
        bot.clock,
        bot.claims,
        choices_view,
        final_buttons,
        bot.metrics,
    )
    bot.reviews = Reviews(store)
    opener = Opener(bot)
    bot.scheduler = Scheduler(
        store,
        bot.service,
        bot.timekeeper,
        bot.herald,
        bot.clock,
        bot.claims,
        opener.open,
        bot.metrics,
        leagues=LeagueDesk(bot, LeagueRounds(store, bot.service)),
    )
