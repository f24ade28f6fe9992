"""The UNO call is owed however a seat comes to hold one card (a swap, a pass of hands), is not
owed by a hand that grows again, and `uno.cards_left` sets when it is owed."""

import pytest
from helpers import table, write

from interpreter import load_ruleset
from interpreter.engine import drawing
from interpreter.errors import RulesetError


@pytest.mark.parametrize("hands, card, target, owing", [
    # seat 0 swaps its two cards left (after the 7) for seat 2's one: seat 0 owes the call
    ([["red 7", "blue 1", "blue 2"], ["green 7", "green 8"], ["yellow 1"]], "red 7", 2, 0),
    # seat 0 gives its one card left (after the 7) to seat 1: seat 1 owes it
    ([["red 7", "blue 1"], ["green 7", "green 8", "green 9"], ["yellow 1", "yellow 2"]],
     "red 7", 1, 1),
])
def test_a_swap_that_leaves_one_card_asks_for_the_uno_call(hands, card, target, owing):
    game = table(hands, options={"seven_o": True})
    game.apply(game.ruleset.card(card))
    while game.decision.kind == "uno" and game.decision.seat == 0 and owing != 0:
        game.apply(True)  # seat 0's own call, as it plays its second-to-last card
    game.apply(target)
    assert (game.decision.kind, game.decision.seat) == ("uno", owing)
    game.apply(False)
    assert game.decision.kind == "catch" and owing not in game.decision.open_to
    catcher = game.decision.open_to[0]
    game.apply(catcher)
    assert len(game.hands[owing]) == 3


def test_a_pass_of_hands_asks_every_seat_left_with_one_card_in_seat_order():
    hands = [["red 0", "blue 1"], ["yellow 1"], ["green 7", "green 8"], ["blue 9"]]
    game = table(hands, options={"seven_o": True}, uncalled=[])
    game.apply(game.ruleset.card("red 0"))
    assert (game.decision.kind, game.decision.seat) == ("uno", 0)  # its own call, first
    game.apply(True)
    # hands move on: seat 1 gets [blue 1], seat 2 [yellow 1], seat 0 [blue 9], seat 3 greens
    asked = []
    while game.decision.kind == "uno":
        asked.append(game.decision.seat)
        game.apply(True)
    assert asked == [2]  # seats 0 and 1 held one card before too; seat 3's hand grew
    assert game.hand_sizes() == [1, 1, 1, 2]


def test_a_hand_that_grows_again_owes_nothing_and_is_not_caught():
    game = table([["red 3"], ["blue 1", "blue 2"]], uncalled=[0], just_played=True)
    assert game.decision.kind == "catch"
    drawing.draw(game, 0, 1)  # as if an effect made seat 0 draw before the window was answered
    game.apply(None)
    assert game.decision.kind == "play" and game.decision.seat == 1


def test_uno_cards_left_sets_when_the_call_is_owed(tmp_path):
    path = write(tmp_path, "rules.yaml", "extends: classic\nname: two\nuno: {penalty: 2, cards_left: 2}\n")
    game = table([["red 3", "red 4", "red 6"], ["blue 1", "blue 2", "blue 3"]], path)
    game.apply(game.ruleset.card("red 3"))
    assert (game.decision.kind, game.decision.seat) == ("uno", 0)
    game.apply(False)
    assert game.decision.kind == "catch"
    game.apply(1)
    assert len(game.hands[0]) == 4


def test_uno_cards_left_must_be_a_positive_number(tmp_path):
    path = write(tmp_path, "rules.yaml", "extends: classic\nname: two\nuno: {penalty: 2, cards_left: 0}\n")
    with pytest.raises(RulesetError, match="cards_left"):
        load_ruleset(path)
