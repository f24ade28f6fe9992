"""examples/strong_bot.py prints a row of the table per game and table size, its progress on
stderr (a short run: the full table takes the better part of an hour)."""

import pytest
from helpers import example

from interpreter.engine import game as engine


@pytest.mark.slow
def test_it_prints_a_row_per_game_and_table_size(monkeypatch, capsys):
    monkeypatch.setattr(engine, "DEBUG_CHECK", None)  # the bot is tested, not the engine
    script = example("strong_bot")
    assert script.main(["--games", "2", "--timed", "1", "--playouts", "20", "--jobs", "1",
                        "--games-list", "classic", "--players", "2", "--markdown"]) == 0
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert lines[0].startswith("| game |") and lines[2].startswith("| classic | 2 | 2 |")
    assert "classic, 2 players: 2 hands" in err
