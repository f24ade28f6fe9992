"""What a rule shows to the whole table (issue 44, point 7): a hand revealed (reveal_hand) and
the per-seat values a ruleset declares `shown: true`, in every seat's view, the narration,
the terminal's table and the browser's state."""

from __future__ import annotations

import io

import pytest
from helpers import names, table, write

from interpreter import load_ruleset
from interpreter.errors import RulesetError
from interpreter.playing.session import Session
from interpreter.presenting.explain import explain
from interpreter.presenting.narrate import Narrator
from interpreter.presenting.view import seat_view
from interpreter.terminal.game import TerminalGame

SHOWN = """\
extends: classic
name: shown
variables:
  power: {per_seat: true, initial: 2, shown: true, help: Power cards left}
  secret: {per_seat: true, initial: 0}
kinds:
  skip:
    on_play: |
      reveal_hand(player)
      set_seat_var("power", player, seat_var("power", player) - 1)
"""


@pytest.fixture
def rules(tmp_path):
    return load_ruleset(write(tmp_path, "shown.yaml", SHOWN))


def played_skip(rules):
    game = table([["red skip", "blue 1", "blue 2"], ["green 4", "green 5"],
                  ["yellow 7", "yellow 8"]], rules, top="red 3", record=True)
    game.apply(rules.card("red skip"))
    return game


def test_every_seat_sees_a_revealed_hand_and_the_shown_values(rules):
    game = played_skip(rules)
    for seat in range(3):
        view = seat_view(game, seat)
        assert [names(faces) for faces in view.revealed] == [["blue 1", "blue 2"], [], []]
        assert view.values == (("Power cards left", (1, 2, 2)),)  # `secret` is not shown


def test_a_revealed_hand_shows_what_it_draws_later_and_is_hidden_again_next_hand(rules):
    game = played_skip(rules)
    game.revealed[1] = False
    game.hands[0].append(rules.card("green 9"))  # as a later draw would
    assert names(seat_view(game, 2).revealed[0]) == ["blue 1", "blue 2", "green 9"]
    game.hands[0][:] = []
    from interpreter.engine import dealing
    dealing.begin_hand(game)
    assert game.revealed == [False, False, False]
    assert all(not faces for faces in seat_view(game, 1).revealed)


def test_a_ruleset_that_shows_nothing_gives_empty_views():
    game = table([["red 1"], ["red 2"]])
    view = seat_view(game, 0)
    assert view.revealed == ((), ()) and view.values == ()


def test_the_narration_names_the_revealed_cards_to_everyone(rules):
    game = played_skip(rules)
    said = Narrator(["A", "B", "C"], viewer=2).sentences(game.events)
    assert "A shows their hand to the table: blue 1, blue 2." in said
    mine = Narrator(["You", "B", "C"], viewer=0).sentences(game.events)
    assert "You show your hand to the table: blue 1, blue 2." in mine


def test_the_terminal_shows_the_revealed_hand_and_the_values(tmp_path):
    write(tmp_path, "shown.yaml", SHOWN)
    session = Session(str(tmp_path / "shown.yaml"), {}, 3, 0, "random", 1)
    rules = session.ruleset
    session.seat = 1
    session.game = played_skip(rules)
    out = io.StringIO()
    terminal = TerminalGame(session, read=lambda prompt: "", out=out, color=False)
    terminal.show_table()
    text = " ".join(out.getvalue().replace("\xa0", " ").split())
    assert f"{terminal.names[0]}'s hand, face up: blue 1, blue 2" in text
    assert "Power cards left: " + " ".join(
        f"{terminal.names[s]} {v}" for s, v in enumerate((1, 2, 2))) in text


def test_explain_and_a_shown_variable_that_is_not_per_seat(tmp_path, rules):
    assert "shows their hand to the table until the hand ends" in explain(rules)
    bad = "extends: classic\nname: bad\nvariables:\n  power: {initial: 2, shown: true}\n"
    with pytest.raises(RulesetError, match="shown: true is for a per-seat variable") as err:
        load_ruleset(write(tmp_path, "bad.yaml", bad))
    assert err.value.line == 4


def test_a_shown_variable_of_cards_is_told_by_the_cards_names(tmp_path):
    """A typed variable of cards declared shown: every front end says the cards' names."""
    from interpreter.engine.decisions import describe
    rules = load_ruleset(write(tmp_path, "kept.yaml", """\
extends: classic
name: kept
variables:
  kept: {per_seat: true, type: cards, shown: true, help: Kept}
kinds:
  skip:
    on_play: set_seat_var("kept", player, hand(player))
"""))
    game = played_skip(rules)
    label, values = seat_view(game, 1).values[0]
    assert label == "Kept" and [describe(v) for v in values] == ["blue 1, blue 2", "none", "none"], values
