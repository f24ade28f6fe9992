"""Jump-in: no window on a card turned over, and a seat holding several allowed cards chooses
which it jumps in with."""

from helpers import table, write


def test_no_jump_in_window_on_a_card_turned_over():
    hands = [["wild_item_box", "blue 1", "blue 2"], ["red 9", "yellow 2"], ["green 8", "green 9"]]
    game = table(hands, "mario_kart", stock=["red 9", "green 1"], options={"jump_in": True})
    game.apply(game.ruleset.card("wild_item_box"))  # turns red 9: a Mushroom, seat 0 again
    assert (game.decision.kind, game.decision.seat) == ("play", 0)


def test_a_seat_holding_several_allowed_cards_chooses_which(tmp_path):
    path = write(tmp_path, "rules.yaml", "extends: [classic, house/jump_in]\nname: any_colour\n"
                           "jump_in: {allowed: card.color != none and card.rank == top.rank}\n")
    hands = [["red 5", "blue 1", "blue 3"], ["green 5", "yellow 5", "blue 9"], ["green 8", "green 9"]]
    game = table(hands, path, discard=["red 4"])
    game.apply(game.ruleset.card("red 5"))
    assert game.decision.kind == "jump_in" and game.decision.open_to == (1,)
    game.apply(1)
    assert game.decision.kind == "jump_in_card" and game.decision.seat == 1
    assert [c.name for c in game.decision.options] == ["green 5", "yellow 5"]
    game.apply(game.ruleset.card("yellow 5"))
    assert game.top.name == "yellow 5" and game.hands[1] == [game.ruleset.card("green 5"),
                                                              game.ruleset.card("blue 9")]
    assert (game.decision.kind, game.decision.seat) in {("jump_in", None), ("play", 2)}
