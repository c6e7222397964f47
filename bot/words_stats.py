"""``parley words stats``: what issue 29 asks to measure of every language Parley speaks.

- coverage: per catalogue area, the texts the code says and how many each language translates
  (English is the code's own words: all of them);
- the longest texts against Discord's limits, measured where they are made: the games' action
  labels over seeded random games (the same seeds in every language), and the bot's buttons,
  menu options and their descriptions on each game's private panels;
- render time: each game's board at a mid-game position, drawn in every language, p50 and the
  ratio to English (a language may not draw more than 10 % slower).

Operators read this (like ``parley bench``), so its own words stay English.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import discord
from babel.messages.catalog import Message

from bot.catalogue import AREAS, Said, _strings, path_of, said_by_area
from bot.language import LANGUAGES, read_catalogue, speech_in
from games import REGISTRY, GameSpec
from games.core.words import speaking

#: Discord's limits for each kind of text measured (characters).
LIMITS = {"action label": 80, "button label": 80, "option label": 100, "option description": 100}
#: A panel the bot could not build (its error, kept as a text so the report shows it).
FAILURE = "panel failure"
BIG_ID, BIG_VERSION = 10**15, 10**6  # ids as long as a real table's ever get


@dataclass(frozen=True)
class Coverage:
    """One catalogue area in one language: texts the code says there, and how many of them
    the language translates (not fuzzy, every plural form filled)."""

    code: str
    area: str
    said: int
    translated: int

    @property
    def percent(self) -> float:
        return 100.0 * self.translated / self.said if self.said else 100.0


@dataclass(frozen=True)
class Longest:
    """The longest text of one kind in one language, where it was made, how many texts of
    that kind were made, and (action labels) how many the game cut short to fit, ending in
    "…" (on a panel, "…" means a button opens a further step, so it is not counted)."""

    code: str
    kind: str
    game: str
    text: str
    made: int
    cut: int

    @property
    def limit(self) -> int:
        return LIMITS.get(self.kind, 0)


@dataclass(frozen=True)
class RenderTime:
    """One game's board drawn ``count`` times in one language: the median CPU milliseconds,
    or why it could not be drawn at all (``failure``; then no time)."""

    code: str
    game: str
    p50_ms: float
    count: int
    failure: str = ""


def coverage(said: dict[str, dict[tuple[str, str | None], Said]] | None = None) -> list[Coverage]:
    """Every area (of ``said``, by default every text the code says) in every language,
    English first; an area whose texts are not moved into ``t()`` yet says none."""
    if said is None:
        said = said_by_area()
        areas = sorted(set(said) | {area for _, area in AREAS})
    else:
        areas = sorted(said)
    rows = []
    for code in LANGUAGES:
        for area in areas:
            texts = said.get(area, {})
            path = path_of(code, area)
            if code == "en" or not path.exists():
                done = len(texts) if code == "en" else 0
            else:
                catalogue = read_catalogue(path, code)
                done = sum(_translated(catalogue.get(msgid, context)) for msgid, context in texts)
            rows.append(Coverage(code, area, len(texts), done))
    return rows


def _translated(message: Message | None) -> bool:
    return message is not None and not message.fuzzy and all(_strings(message))


def positions(spec: GameSpec[Any], games: int, moves: int) -> Iterator[tuple[Any, int]]:
    """``(state, seat to act)`` along ``games`` seeded random games of at most ``moves``
    moves each: the same positions every time, so every language is measured on them."""
    for seed in range(games):
        picker = random.Random(seed)
        state = spec.new(picker.randint(spec.min_players, spec.max_players), seed)
        for _ in range(moves):
            if spec.outcome(state) is not None:
                break
            seat = picker.choice(spec.to_act(state))
            yield state, seat
            state = spec.apply(state, seat, picker.choice(spec.legal_actions(state, seat)))


def longest_texts(games: int = 3, moves: int = 60, panels: int = 5) -> list[Longest]:
    """The longest action label, button label, option label and option description of every
    language in every game; the panels are built at every ``panels``-th position."""
    found: dict[tuple[str, str, str], Longest] = {}

    def keep(code: str, kind: str, game: str, text: str) -> None:
        if not text:  # a menu option without a description
            return
        old = found.get((code, kind, game), Longest(code, kind, game, "", 0, 0))
        found[code, kind, game] = Longest(
            code,
            kind,
            game,
            text if len(text) > len(old.text) else old.text,
            old.made + 1,
            old.cut + (kind == "action label" and text.endswith("…")),
        )

    for code in LANGUAGES:
        with speaking(speech_in(code)):
            for key, spec in sorted(REGISTRY.items()):
                for number, (state, seat) in enumerate(positions(spec, games, moves)):
                    for action in spec.legal_actions(state, seat):
                        keep(code, "action label", key, spec.label(state, seat, action))
                    if number % panels == 0:
                        try:
                            made = asyncio.run(_panel_texts(spec, state, seat))
                        except Exception as error:  # a bug to show, not to stop the measure
                            made = [(FAILURE, f"{type(error).__name__}: {error}")]
                        for kind, text in made:
                            keep(code, kind, key, text)
    return list(found.values())


def longest_of_all(rows: list[Longest]) -> list[Longest]:
    """Per language and kind, the longest text of any game (made and cut: over all games)."""
    picked = []
    for code in LANGUAGES:
        for kind in LIMITS:
            mine = [row for row in rows if row.code == code and row.kind == kind]
            if mine:
                top = max(mine, key=lambda row: len(row.text))
                made, cut = sum(row.made for row in mine), sum(row.cut for row in mine)
                picked.append(Longest(code, kind, top.game, top.text, made, cut))
    return picked


async def _panel_texts(spec: GameSpec[Any], state: Any, seat: int) -> list[tuple[str, str]]:
    """The texts of a seat's private panel (its first step of choices and every step it
    leads to) as the bot builds it; a coroutine because discord.py's views are made inside
    an event loop."""
    from bot.discord.choices import panel
    from bot.play.steps import step
    from bot.storage import GameRecord, Seat

    players = spec.players(state)
    record = GameRecord(
        BIG_ID, spec.key, 1, 2, 3, 4, 10, "active", 0, {}, BIG_VERSION, None, None,
        [Seat(s, 100 + s) for s in range(players)],
    )  # fmt: skip
    record.state = spec.dump(state)
    actions = spec.legal_actions(state, seat)
    texts, places = [], [""]
    while places:  # the first step and every step it leads to
        place = places.pop()
        _, view = panel(record, seat, place)
        for child in view.children if view is not None else []:
            item = getattr(child, "item", child)
            if isinstance(item, discord.ui.Button):
                texts.append(("button label", item.label or ""))
            elif isinstance(item, discord.ui.Select):
                for option in item.options:
                    texts.append(("option label", option.label))
                    texts.append(("option description", option.description or ""))
        places += [c.value for c in step(actions, place, str).options if not c.final]
    return texts


def mid_game(spec: GameSpec[Any], seed: int = 0) -> Any:
    """The position halfway through a seeded random game."""
    picker = random.Random(seed)
    states = [spec.new(picker.randint(spec.min_players, spec.max_players), seed)]
    while spec.outcome(states[-1]) is None:
        seat = picker.choice(spec.to_act(states[-1]))
        action = picker.choice(spec.legal_actions(states[-1], seat))
        states.append(spec.apply(states[-1], seat, action))
    return states[len(states) // 2]


def render_times(count: int = 21, keys: list[str] | None = None) -> list[RenderTime]:
    """Each game's mid-game board drawn ``count`` times per language, the languages taking
    turns; timed in this process's CPU time, so a machine busy with other work slows none of
    them. The view is made in each language (its seats, last lines and outcome are words),
    once, outside the timing."""
    from renderers import render

    rows = []
    for key in sorted(REGISTRY) if keys is None else keys:
        spec = REGISTRY[key]
        state = mid_game(spec)
        views, failed = {}, []
        for code in LANGUAGES:
            with speaking(speech_in(code)):
                try:
                    views[code] = spec.view(state, None)
                    render(key, views[code])  # warm: fonts, caches of words
                except Exception as error:  # a bug to show, not to stop the measure
                    del views[code]
                    failed.append(RenderTime(code, key, 0.0, 0, f"{type(error).__name__}: {error}"))
        samples: dict[str, list[float]] = {code: [] for code in views}
        for _ in range(count):
            for code in views:
                with speaking(speech_in(code)):
                    start = time.process_time()
                    render(key, views[code])
                    samples[code].append((time.process_time() - start) * 1000)
        rows += [RenderTime(c, key, statistics.median(s), count) for c, s in samples.items()]
        rows += failed
    return rows


def ratios(times: list[RenderTime]) -> dict[tuple[str, str], float]:
    """``(game, language)``: its p50 over English's for that game (both drawn)."""
    english = {row.game: row.p50_ms for row in times if row.code == "en" and not row.failure}
    return {
        (row.game, row.code): row.p50_ms / english[row.game]
        for row in times
        if row.game in english and not row.failure
    }


def report(games: int = 3, renders: int = 21) -> list[str]:
    """The whole measurement as lines to print."""
    return [
        *coverage_lines(coverage()),
        "",
        f"Longest texts ({games} random games per game, the same seeds in every language)",
        *longest_lines(longest_texts(games)),
        "",
        f"Render time, mid-game board, CPU p50 of {renders} (ratio to English)",
        *render_lines(render_times(renders)),
    ]


def table(first: str, rows: list[tuple[str, list[str]]]) -> list[str]:
    """A column per language under a header, one line per row."""
    head = f"{first:<12}" + "".join(f"{code:>18}" for code in LANGUAGES)
    return [head, *(f"{name:<12}" + "".join(f"{c:>18}" for c in cells) for name, cells in rows)]


def coverage_lines(rows: list[Coverage]) -> list[str]:
    cells = []
    for area in [*sorted({row.area for row in rows}), "all"]:
        line = []
        for code in LANGUAGES:
            picked = [row for row in rows if row.code == code and area in (row.area, "all")]
            said = sum(row.said for row in picked)
            done = sum(row.translated for row in picked)
            percent = f"{100 * done / said:5.1f}%" if said else "     -"
            line.append(f"{done:>6}/{said:<5} {percent}")
        cells.append((area, line))
    return ["Coverage (texts translated / said, by catalogue area)", *table("area", cells)]


def longest_lines(rows: list[Longest]) -> list[str]:
    lines = []
    for top in longest_of_all(rows):
        flag = "" if len(top.text) <= top.limit else "  OVER THE LIMIT"
        made = f"{top.made:,} made" + (f", {top.cut:,} cut" if top.kind == "action label" else "")
        lines.append(
            f"{top.code}  {top.kind:<19} {len(top.text):>3}/{top.limit:<3} {made:<22} "
            f"{top.game:<9} {top.text!r}{flag}"
        )
    lines += [
        f"{row.code}  PANELS FAILED in {row.game} ({row.made:,} positions): {row.text}"
        for row in rows
        if row.kind == FAILURE
    ]
    size = {(row.code, row.kind, row.game): len(row.text) for row in rows}
    cells = [
        (
            key,
            [
                "/".join(str(size.get((code, kind, key), "-")) for kind in LIMITS)
                for code in LANGUAGES
            ],
        )
        for key in sorted(REGISTRY)
    ]
    title = "Longest by game: " + " / ".join(LIMITS) + " (characters; -: none made)"
    return [*lines, "", title, *table("game", cells)]


def render_lines(times: list[RenderTime]) -> list[str]:
    ratio = ratios(times)
    said = {
        (row.game, row.code): "FAILED"
        if row.failure
        else f"{row.p50_ms:.1f}ms"
        + (f" x{ratio[row.game, row.code]:.2f}" if (row.game, row.code) in ratio else "")
        for row in times
    }
    games = sorted({row.game for row in times})
    failures = [f"{row.code}  {row.game} FAILED: {row.failure}" for row in times if row.failure]
    return [
        *table("game", [(key, [said[key, code] for code in LANGUAGES]) for key in games]),
        *failures,
    ]
