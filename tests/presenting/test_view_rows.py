"""A game of rows (rows:) in a seat's view: every pile, face up, to every seat."""

from __future__ import annotations

from interpreter.engine.decisions import DRAW, Decision
from interpreter.presenting.prompts import question_text
from interpreter.presenting.view import seat_view
from tests import helpers


def test_every_seat_sees_every_pile_face_up():
    game = helpers.table([["red 5", "blue 9"], ["green 1"]], "dos", discard=[],
                         stock=["red 7"], rows={"center": [["yellow 5"], ["green 8", "blue 8"]]})
    for seat in (0, 1):
        (name, shown), = seat_view(game, seat).rows
        assert name == "center"
        assert [[card.name for card in pile] for pile in shown] == [["yellow 5"],
                                                                    ["green 8", "blue 8"]]


def test_a_game_without_rows_shows_none():
    assert seat_view(helpers.table([["red 5"], ["green 1"]]), 0).rows == ()


def test_a_game_of_rows_asks_a_play_with_no_colour_to_follow():
    """A game of rows matches its piles: its play question says no colour to follow, as the
    terminal's table says none (classic's still does)."""
    rows = helpers.table([["red 5", "blue 9"], ["green 1"]], "dos", discard=[],
                         stock=["red 7"], rows={"center": [["yellow 5"], ["green 8"]]},
                         color="green")
    plain = helpers.table([["red 5", "blue 9"], ["green 1"]])
    for game, said in ((rows, ""), (plain, "Colour to follow: red.")):
        play = Decision("play", 0, (*game.hands[0], DRAW))
        assert question_text(game, play, ["You", "Bo"], 0) == ("Your turn: play a card or draw",
                                                               said)
