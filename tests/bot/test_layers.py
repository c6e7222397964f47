"""The bot's layers, each using only the ones below it: ``bot.storage`` <- ``bot.play`` <-
``bot.discord`` <- the command line (``bot.cli``, ``bench``, ``demo``), with no import cycle
anywhere, and no Discord at all in ``bot.play`` or ``bot.storage``; and one path from
``bot.discord`` to a change and its posts (``bot.discord.acting``)."""

from __future__ import annotations

import ast
import subprocess
import sys
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LAYERS = ("bot.storage", "bot.play", "bot.discord", "bot.cli")
TOP = {
    "bot.arena",
    "bot.cli",
    "bot.bench",
    "bot.bench_stores",
    "bot.bench_stepper",
    "bot.bench_thinking",
    "bot.copydb",
    "bot.demo",
    "bot.doctor",
    "bot.league_sim",
    "bot.words_stats",
}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> set[str]:
    """Every ``bot.*`` module ``path`` imports, wherever the import stands (a function body, an
    ``if TYPE_CHECKING:`` block)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found |= {node.module} | {f"{node.module}.{alias.name}" for alias in node.names}
    return {name for name in found if name.split(".")[0] == "bot"}


def bot_modules() -> dict[str, set[str]]:
    paths = sorted((ROOT / "bot").rglob("*.py"))
    names = {module_name(p) for p in paths}
    return {module_name(p): {i for i in imports_of(p) if i in names} for p in paths}


def layer(name: str) -> int:
    if name in TOP:
        return len(LAYERS) - 1
    return next((i for i, prefix in enumerate(LAYERS) if name.startswith(prefix)), -1)


def test_each_layer_uses_only_the_layers_below():
    uphill = [
        f"{name} imports {target}"
        for name, targets in bot_modules().items()
        for target in targets
        if layer(target) > layer(name)
    ]
    assert uphill == []


def test_no_module_imports_one_that_imports_it_back():
    graph = {name: targets - {name} for name, targets in bot_modules().items()}
    graph = {  # a package's __init__ re-exporting its own modules is not a cycle
        name: {t for t in targets if not t.startswith(name + ".")}
        for name, targets in graph.items()
    }
    try:
        tuple(TopologicalSorter(graph).static_order())
    except CycleError as error:
        raise AssertionError(f"import cycle: {' -> '.join(error.args[1])}") from None


def test_the_bot_never_imports_its_cogs_buttons_or_lobby():
    """They import :class:`ParleyBot` for ``discord.Interaction[ParleyBot]``; the bot loads
    the cogs by name, and the cogs register their buttons."""
    below = {t for t in bot_modules()["bot.discord.bot"] if t.startswith("bot.discord")}
    assert below <= {
        "bot.discord.delivery",
        "bot.discord.dms",
        "bot.discord.messages",
        "bot.discord.scheduler",
        "bot.discord.stopping",
    }


def callers(function: str) -> set[str]:
    """The ``bot`` modules that call ``function`` (by name, or as anything's attribute)."""
    found = set()
    for path in sorted((ROOT / "bot").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call):
                called = node.func
                name = (
                    called.attr if isinstance(called, ast.Attribute) else getattr(called, "id", "")
                )
                if name == function:
                    found.add(module_name(path))
    return found


def test_one_path_from_discord_to_the_service_and_back():
    """A command's or button's change is noted as committed and its posts are sent by
    ``act`` alone; the scheduler sends what is owed at start-up and on its tick, the bot in the
    last seconds of a safe stop (``ParleyBot._stop_safely``), and the AI's moves, thought in
    the background, send theirs once they commit (the crew hands the herald's delivery to the
    service for them). The three openings of a new game (``/parley new``, ``/parley learn``,
    Rematch) note theirs: what they owe is their opening, which the opener does. So do a
    league's creation and its sign-ups, which change the league, not a game (its games change
    on the tick, through the service). (The bench calls its stand-in herald, less Discord.)"""
    assert callers("deliver") == {
        "bot.discord.acting",
        "bot.discord.bot",
        "bot.discord.scheduler",
        "bot.discord.crew",
        "bot.bench_stores",
        "bot.bench_thinking",
    }
    assert callers("committed") == {
        "bot.discord.acting",
        "bot.discord.learn",
        "bot.discord.lobby",
        "bot.discord.rematch",
        "bot.discord.leagues",
        "bot.discord.cogs.league",
    }


def test_games_in_play_and_storage_import_without_discord():
    """``sys.modules["discord"] = None`` makes any ``import discord`` fail, however indirect."""
    code = (
        "import importlib, pkgutil, sys\n"
        "sys.modules['discord'] = None\n"
        "import bot.play, bot.storage\n"
        "for package in (bot.play, bot.storage):\n"
        "    for info in pkgutil.walk_packages(package.__path__, package.__name__ + '.'):\n"
        "        importlib.import_module(info.name)\n"
        "print(sorted(m for m in sys.modules if m.startswith('bot.')))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert "bot.play.timekeeper" in done.stdout and "bot.storage.sqlite" in done.stdout
