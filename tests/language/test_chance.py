"""Chance in the effect language: random(low, high) and outcome(NAME) of a ruleset's
`chances:`, drawn from the game's seeded generator (or given in advance, or asked as a chance
decision), named by a `chance` event; and what a writer gets wrong told at load."""

import random

import pytest
from helpers import table, write

from interpreter import load_ruleset
from interpreter.engine.chance import odds
from interpreter.errors import HouserulesError
from interpreter.presenting.narrate import Narrator

DICE = """\
extends: classic
name: dice
chances:
  spinner: [red, red, blue]
kinds:
  skip:
    on_play: |
      let roll = random(1, 6)
      draw(next, roll)
  reverse:
    on_play: |
      let spun = outcome("spinner")
      set_color(spun)
"""


@pytest.fixture(scope="module")
def dice(tmp_path_factory):
    return load_ruleset(write(tmp_path_factory.mktemp("dice"), "dice.yaml", DICE))


def skip_played(rules, seed, **state):
    game = table([["red skip", "red 1", "red 2"], ["blue 2"]], rules, seed=seed, record=True,
                 stock=[f"green {n}" for n in range(1, 10)], **state)
    game.apply(rules.card("red skip"))
    return game


def test_random_draws_from_the_game_generator_and_names_the_outcome(dice):
    game = skip_played(dice, seed=3)
    expected = random.Random(3).randrange(6) + 1  # the game's generator, seeded, draws it
    assert game.hand_sizes()[1] == 1 + expected
    chance = [data for event, data in game.events if event == "chance"]
    assert chance == [{"seat": 0, "of": "random 1 to 6", "outcome": expected}]
    assert Narrator(["Ann", "Bob"]).sentences([("chance", chance[0])]) \
        == [f"Random 1 to 6: {expected}."]


LAUNCHED = [("chance", {"seat": 0, "of": "launcher", "outcome": 0}),
            ("draw", {"seat": 1, "count": 0, "cards": []}),
            ("chance", {"seat": 0, "of": "launcher", "outcome": 2}),
            ("draw", {"seat": 1, "count": 0, "cards": []})]


def test_a_draw_of_no_cards_says_whether_the_chance_gave_none_or_the_stock_was_empty():
    assert Narrator(["Ann", "Bob"]).sentences(LAUNCHED) == [
        "Launcher: 0.", "Bob drew nothing.",
        "Launcher: 2.", "Bob could not draw: no cards are left."]


def test_the_same_seed_draws_the_same_outcomes(dice):
    firsts = {seed: skip_played(dice, seed).hand_sizes()[1] for seed in range(20)}
    assert firsts == {seed: skip_played(dice, seed).hand_sizes()[1] for seed in range(20)}
    assert len(set(firsts.values())) > 1


def test_an_outcome_given_in_advance_is_drawn_first(dice):
    game = skip_played(dice, seed=3, outcomes=[5])
    assert game.hand_sizes()[1] == 6 and game.fixed_chance == []
    with pytest.raises(HouserulesError, match=r"given in advance.*7, is not one of 1, 2, 3"):
        skip_played(dice, seed=3, outcomes=[7])
    with pytest.raises(HouserulesError, match="True, is not one of"):
        skip_played(dice, seed=3, outcomes=[True])  # true is not 1


def test_an_outcome_of_a_named_chance_is_one_of_its_slots(dice):
    seen = set()
    for seed in range(30):
        game = table([["red reverse", "red 1", "red 2"], ["blue 2"]], dice, seed=seed)
        game.apply(dice.card("red reverse"))
        seen.add(game.color)
    assert seen == {"red", "blue"}


def test_chance_nodes_ask_the_outcome_with_its_odds(dice):
    game = table([["red reverse", "red 1", "red 2"], ["blue 2"]], dice, seed=1, record=True)
    game.chance_nodes = True
    game.apply(dice.card("red reverse"))
    assert game.decision.kind == "chance" and game.decision.seat is None
    assert game.legal_options() == ("red", "blue") and game.chance_odds == (2 / 3, 1 / 3)
    state = game.rng.getstate()
    game.apply("blue")
    assert game.color == "blue" and game.rng.getstate() == state  # nothing drawn
    assert ("chance", {"seat": 0, "of": "spinner", "outcome": "blue"}) in game.events


@pytest.mark.parametrize("slots, expected", [
    ((0, 0, 1), ((0, 1), (2 / 3, 1 / 3))),
    (range(1, 4), ((1, 2, 3), (1 / 3, 1 / 3, 1 / 3))),
    (("a",), (("a",), (1.0,))),
])
def test_odds_are_each_outcome_share_of_the_slots(slots, expected):
    assert odds(slots) == expected


@pytest.mark.parametrize("effect, error", [
    ('let n = outcome("dice")', "no chance named 'dice' under chances: (chances: spinner)"),
    ("let n = outcome(color)", 'name the chance with a string, e.g. outcome("die")'),
    ("draw(next, random(1, 6))", "random() changes the game; use it as a statement"),
    ('let n = outcome("spinner")\n      draw(next, n)', "draw's second argument is a number"),
    ('let n = random(1, "six")', "random's second argument is the highest number"),
    ("if random(1, 2) == 1 then lose_turn(next) end", "random() changes the game"),
])
def test_mistakes_are_told_at_load(tmp_path, effect, error):
    text = DICE.replace("let spun = outcome(\"spinner\")\n      set_color(spun)", effect)
    with pytest.raises(HouserulesError) as caught:
        load_ruleset(write(tmp_path, "bad.yaml", text))
    assert error in str(caught.value) and "bad.yaml:" in str(caught.value)


@pytest.mark.parametrize("call, error", [
    ("random(6, 1)", "the highest number is from the lowest to 999 more"),
    ("random(1, 1001)", "the highest number is from the lowest to 999 more"),
])
def test_a_range_that_cannot_be_drawn_fails_at_the_rule(tmp_path, call, error):
    rules = load_ruleset(write(tmp_path, "r.yaml", DICE.replace("random(1, 6)", call)))
    with pytest.raises(HouserulesError, match=error):
        skip_played(rules, seed=1)


def test_the_chances_table_is_checked_at_load(tmp_path):
    text = DICE.replace("spinner: [red, red, blue]", "spinner: []")
    with pytest.raises(HouserulesError, match="chances"):
        load_ruleset(write(tmp_path, "empty.yaml", text))


LAUNCHER = """\
extends: classic
name: launcher
chances:
  launcher: [0, 2]
rules:
  press:
    instead_of: turn_draw
    if: seat != 1
    do: |
      let shot = outcome("launcher")
      draw(seat, shot)
"""


def test_a_turn_draw_rule_is_the_whole_draw_and_ends_the_turn(tmp_path):
    rules = load_ruleset(write(tmp_path, "l.yaml", LAUNCHER))
    game = table([["blue 1", "blue 2"], ["blue 3"], ["blue 4"]], rules,
                 stock=["red 1", "red 2", "red 3"], outcomes=[2])
    game.apply("draw")
    # Two cards, the first playable on red 5: not offered, the turn is over.
    assert game.hand_sizes() == [4, 1, 1] and game.turn == 1
    game.apply("draw")  # the rule does not apply to seat 1: it draws as classic does
    assert game.hand_sizes() == [4, 2, 1] and game.decision.kind == "play_drawn"


def test_proceed_is_refused_in_a_turn_draw_rule(tmp_path):
    text = LAUNCHER.replace("draw(seat, shot)", "proceed()")
    with pytest.raises(HouserulesError, match="instead_of: turn_draw rule is the whole draw"):
        load_ruleset(write(tmp_path, "p.yaml", text))


def test_an_uno_penalty_rule_replaces_the_penalty_draw_and_may_proceed(tmp_path):
    text = LAUNCHER + """\
  lenient:
    instead_of: uno_penalty
    if: seat == 0
    do: draw(seat, count - 1)
  strict:
    instead_of: uno_penalty
    do: proceed()
"""
    rules = load_ruleset(write(tmp_path, "u.yaml", text))
    for seat, drawn in ((0, 1), (1, 2)):
        hands = [["green 7", "blue 1"], ["yellow 7", "blue 2"], ["red 9", "blue 3"]]
        game = table(hands, rules, top="green 5" if seat == 0 else "yellow 5", turn=seat)
        game.apply(rules.card(hands[seat][0]))
        game.apply(False)  # no UNO call
        game.apply(2)  # seat 2 catches it
        assert len(game.hands[seat]) == 1 + drawn
