"""``parley bench`` measures; this only checks that its store part runs and reports every
number issue 12 asks for (speed itself is never asserted in a test)."""

import pytest

from bot.bench_stores import run_store_bench


async def test_the_store_bench_reports_every_number(capsys: pytest.CaptureFixture[str]):
    await run_store_bench(None, 300, quick=True)
    table = capsys.readouterr().out.split("with 300 games stored", 1)[1]
    rows = {line[:34].strip() for line in table.splitlines() if line.strip()}
    assert {
        "start-up",
        "start-up after an upgrade",
        "idle tick",
        "busy tick (3 clocks run out)",
        "command p99",
        "commits/s (one process)",
        "autocomplete p99 (in 300 games)",
    } <= rows
