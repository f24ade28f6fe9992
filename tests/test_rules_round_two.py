"""Rules fidelity, round two: the engine mechanisms behind the fixed plays, and the smaller
defects (uno.cards_left, run()'s own scope, empty effects, explain's attribute tables)."""

from pathlib import Path

import pytest

from interpreter import GameState, load_ruleset
from interpreter.engine.invariants import play_checked
from interpreter.playing.agents import EagerAgent, HeuristicAgent, RandomAgent
from interpreter.presenting.explain import explain

HOUSE = {"stacking": True, "seven_o": True, "jump_in": True, "challenge": True}


def write(tmp_path: Path, text: str, name: str = "rules.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def table(rules, hands, discard=("red 5",), stock=("green 1", "green 2", "green 3", "green 4",
                                                   "green 5", "green 6"), **kw):
    return GameState.from_table(load_ruleset(rules, kw.pop("options", None)), hands=hands,
                                discard=list(discard), stock=list(stock), **kw)


# --- the UNO call is owed however a seat comes to hold one card -----------------------------

@pytest.mark.parametrize("hands, card, target, owing", [
    # seat 0 swaps its two cards left (after the 7) for seat 2's one: seat 0 owes the call
    ([["red 7", "blue 1", "blue 2"], ["green 7", "green 8"], ["yellow 1"]], "red 7", 2, 0),
    # seat 0 gives its one card left (after the 7) to seat 1: seat 1 owes it
    ([["red 7", "blue 1"], ["green 7", "green 8", "green 9"], ["yellow 1", "yellow 2"]],
     "red 7", 1, 1),
])
def test_a_swap_that_leaves_one_card_asks_for_the_uno_call(hands, card, target, owing):
    game = table("classic", hands, options={"seven_o": True})
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
    game = table("classic", hands, options={"seven_o": True}, uncalled=[])
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
    game = table("classic", [["red 3"], ["blue 1", "blue 2"]], uncalled=[0], just_played=True)
    assert game.decision.kind == "catch"
    game.draw(0, 1)  # as if an effect made seat 0 draw before the window was answered
    game.apply(None)
    assert game.decision.kind == "play" and game.decision.seat == 1


def test_uno_cards_left_sets_when_the_call_is_owed(tmp_path):
    path = write(tmp_path, "extends: classic\nname: two\nuno: {penalty: 2, cards_left: 2}\n")
    game = table(str(path), [["red 3", "red 4", "red 6"], ["blue 1", "blue 2", "blue 3"]])
    game.apply(game.ruleset.card("red 3"))
    assert (game.decision.kind, game.decision.seat) == ("uno", 0)
    game.apply(False)
    assert game.decision.kind == "catch"
    game.apply(1)
    assert len(game.hands[0]) == 4


def test_uno_cards_left_must_be_a_positive_number(tmp_path):
    from interpreter.errors import RulesetError
    path = write(tmp_path, "extends: classic\nname: two\nuno: {penalty: 2, cards_left: 0}\n")
    with pytest.raises(RulesetError, match="cards_left"):
        load_ruleset(str(path))


# --- jump-in -----------------------------------------------------------------------------

def test_no_jump_in_window_on_a_card_turned_over():
    hands = [["wild_item_box", "blue 1", "blue 2"], ["red 9", "yellow 2"], ["green 8", "green 9"]]
    game = table("mario_kart", hands, stock=["red 9", "green 1"], options={"jump_in": True})
    game.apply(game.ruleset.card("wild_item_box"))  # turns red 9: a Mushroom, seat 0 again
    assert (game.decision.kind, game.decision.seat) == ("play", 0)


def test_a_seat_holding_several_allowed_cards_chooses_which(tmp_path):
    path = write(tmp_path, "extends: [classic, house/jump_in]\nname: any_colour\n"
                           "jump_in: {allowed: card.color != none and card.rank == top.rank}\n")
    hands = [["red 5", "blue 1", "blue 3"], ["green 5", "yellow 5", "blue 9"], ["green 8", "green 9"]]
    game = table(str(path), hands, discard=["red 4"])
    game.apply(game.ruleset.card("red 5"))
    assert game.decision.kind == "jump_in" and game.decision.open_to == (1,)
    game.apply(1)
    assert game.decision.kind == "jump_in_card" and game.decision.seat == 1
    assert [c.name for c in game.decision.options] == ["green 5", "yellow 5"]
    game.apply(game.ruleset.card("yellow 5"))
    assert game.top.name == "yellow 5" and game.hands[1] == [game.ruleset.card("green 5"),
                                                              game.ruleset.card("blue 9")]
    assert (game.decision.kind, game.decision.seat) in {("jump_in", None), ("play", 2)}


@pytest.mark.parametrize("agent", [HeuristicAgent, EagerAgent, RandomAgent])
def test_bots_answer_the_jump_in_card_choice(tmp_path, agent):
    path = write(tmp_path, "extends: [classic, house/jump_in]\nname: any_colour\n"
                           "jump_in: {allowed: card.color != none and card.rank == top.rank}\n"
                           "match: {hands: 1}\n")
    rules = load_ruleset(str(path))
    for seed in range(5):
        game = GameState(rules, players=3, seed=seed)
        play_checked(game, [agent(seed) for _ in range(3)])
        assert game.over


# --- named effects, empty effects, explain ---------------------------------------------------

def test_a_named_effect_has_its_own_let_variables(tmp_path):
    path = write(tmp_path, """\
extends: classic
name: scoped
effects:
  helper: let count = 1
kinds:
  skip:
    on_play: |
      let count = 3
      run("helper")
      draw(next, count)
      lose_turn(next)
""")
    game = table(str(path), [["red skip", "blue 1", "blue 2"], ["yellow 1", "yellow 2"]])
    game.apply(game.ruleset.card("red skip"))
    assert game.hand_sizes() == [2, 5]


def test_an_empty_on_first_does_nothing(tmp_path):
    path = write(tmp_path, "extends: classic\nname: quiet\nkinds:\n  skip: {on_first: ''}\n")
    rules = load_ruleset(str(path))
    assert rules.kinds["skip"].on_first == () and rules.kinds["skip"].on_play
    assert "As the first card: nothing happens." in explain(rules)


def test_explain_lists_every_attribute_value(tmp_path):
    path = write(tmp_path, """\
extends: classic
name: weighed
attributes:
  weight: {help: How heavy a card is., default: 1, by_color: {red: 2}}
kinds:
  wild: {attributes: {weight: 5}}
""")
    text = explain(load_ruleset(str(path)))
    assert "weight: How heavy a card is." in text
    assert "  2: every red card" in text
    assert "  5: every wild" in text
    assert "  1: every yellow card, every green card, every blue card, every wild draw four" in text
    assert "mushroom: every red card" in explain(load_ruleset("mario_kart"))


# --- a table that starts mid-hand ---------------------------------------------------------

def test_a_table_mid_hand_queues_lost_turns_and_extra_turns():
    game = table("classic", [["red 3", "red 4"], ["blue 1", "blue 2"], ["green 1", "green 2"]],
                 just_played=True, lost_turns=[0, 1, 0])
    assert game.decision.seat == 2  # seat 1 loses its turn as play passes on
    game = table("classic", [["red 3", "red 4"], ["blue 1", "blue 2"], ["green 1", "green 2"]],
                 just_played=True, extra_turn=0)
    assert game.decision.seat == 0


def test_a_table_with_a_pending_penalty_is_answered_or_drawn():
    game = table("classic", [["red draw_two", "red 4"], ["blue 1", "blue 2"]],
                 discard=["blue draw_two"], penalty=2, options={"stacking": True})
    assert [c.name for c in game.legal_options() if c != "draw"] == ["red draw_two"]
    game.apply("draw")
    assert game.hand_sizes() == [4, 2] and game.penalty == 0


def test_earlier_winners_count_for_the_match_length_and_tie_break():
    game = table("classic", [["red 3"], ["blue 1", "blue 2"]], scores=[0, 100],
                 winners=[1, 0], options={"hands": 3})
    game.apply(game.ruleset.card("red 3"))
    assert game.over and [r.winner for r in game.hand_results] == [1, 0, 0]
