"""Seats that leave the game (eliminate()), by a rule or while drawing for a turn: passed by,
dealt no more, the last one standing wins; and partners, who score as a team."""

import pytest
from checkout import ROOT
from helpers import write

from interpreter import GameState, load_ruleset
from interpreter.engine import scoring
from interpreter.engine.decisions import Decision
from interpreter.errors import HouserulesError
from interpreter.playing.agents import HeuristicAgent, RandomAgent
from interpreter.playing.match import play_match

BASES = ["classic", "mario_kart"]


KNOCKOUT = """\
extends: classic
name: knockout
options:
  target_score: {default: 1000000000}
rules:
  knock_out_the_lowest:
    when: hand_ended
    do: eliminate(lowest_scorer(seats_in()))
"""


def test_a_seat_that_leaves_is_passed_by_and_the_last_one_standing_wins(tmp_path):
    rules = load_ruleset(write(tmp_path, "knockout.yaml", KNOCKOUT))
    game = GameState.from_table(rules, hands=[["red 1"], ["blue 2", "blue 3"],
                                              ["green 1", "green 2"], ["red 7", "red 8"]],
                                discard=["red 3"], stock=["yellow 1"] * 30, seed=5)
    game.apply(rules.card("red 1"))
    assert game.out == [False, True, False, False] and game.seated == 3
    game.next_hand()
    # Dealt to the seats still in (a first card's effect may give one of them more).
    assert game.hand_sizes()[1] == 0 and all(game.hand_sizes()[s] >= 7 for s in (0, 2, 3))
    assert game.others_of(0) == (2, 3) and game.seat_after(0) == 2
    while not game.over:  # random play to the end: one seat is left and wins the match
        if game.decision is None:
            game.next_hand()
            continue
        game.apply(RandomAgent(1).decide(game, game.decision) if game.decision.seat is not None
                   else game.legal_options()[0])
    assert game.seated == 1 and game.match_winner == game.out.index(False)


MERCY = "examples/house_rules/mercy.yaml"


@pytest.mark.parametrize("extra", ["", "+house/draw_until_playable", "+house/forced_play",
                                   "+house/stacking"])
def test_a_seat_put_out_while_drawing_for_its_turn_hands_the_turn_on(extra):
    mercy = str(ROOT / MERCY)
    rules = load_ruleset(f"classic{extra}+{mercy}")
    game = GameState.from_table(rules, hands=[["red 1", "red 2"], ["blue 1"] * 24,
                                              ["green 1", "green 2"]],
                                discard=["red 3"], stock=["red 9", "yellow 4", "red 8"],
                                penalty=2 if extra == "+house/stacking" else 0, turn=1)
    game.apply("draw")
    assert game.out[1] and game.hand_sizes()[1] == 0
    assert game.current_seat == 2 and game.decision.kind == "play"


@pytest.mark.parametrize("players, when", [(2, "on_play"), (3, "on_play"), (4, "hand_ended")])
def test_putting_out_every_seat_at_once_leaves_the_last_one_standing(tmp_path, players, when):
    """`eliminate(seats_in())` puts the seats out in seat order until one is left: it wins
    (before, the last one went out too, and the next turn looked for a seat forever)."""
    if when == "on_play":
        body = "kinds:\n  skip:\n    on_play: eliminate(seats_in())\n"
    else:
        body = "rules:\n  all_out:\n    when: hand_ended\n    do: eliminate(seats_in())\n"
    rules = load_ruleset(write(tmp_path, "out.yaml", f"extends: classic\nname: out\n{body}"))
    if when == "on_play":
        hands = [["red skip", "red 9", "red 8"]] + [["blue 2", "green 4"]] * (players - 1)
        game = GameState.from_table(rules, hands=hands, discard=["red 3"], stock=["yellow 1"])
        game.apply(rules.card("red skip"))
        assert game.out == [True] * (players - 1) + [False]
        assert game.over and game.match_winner == players - 1
    else:
        game = GameState(rules, players=players, seed=3)
        play_match(game, [RandomAgent(seat) for seat in range(players)])
        assert game.over and game.out.count(False) == 1
        assert game.match_winner == game.out.index(False)


@pytest.mark.parametrize("base", BASES)
def test_partners_score_for_their_team_and_bots_spare_their_partner(base):
    rules = load_ruleset(f"{base}+house/partners")
    game = GameState.from_table(rules, hands=[["red 1", "red 2"], ["blue 7"], ["green 5"],
                                              ["yellow 9", "yellow 8"]],
                                discard=["red 3"], stock=["yellow 1"] * 4, scores=[0, 30, 0, 0])
    assert game.teammates(0) == (2,) and game.opponents(0) == (1, 3)
    assert scoring.totals(game) == [0, 30, 0, 30]
    assert HeuristicAgent(1).decide(game, Decision("target", 0, (1, 2, 3), ())) == 1
    with pytest.raises(HouserulesError, match="multiple of 2"):
        GameState(rules, players=5, seed=1)


def test_a_seat_put_out_between_two_draws_of_one_effect_draws_no_more(tmp_path):
    rules = load_ruleset(write(tmp_path, "twice.yaml", """\
extends: classic
name: twice
rules:
  out_at_three:
    when: hand_size_changed
    if: count >= 3
    do: eliminate(seat)
kinds:
  skip:
    on_play: |
      let victim = next
      draw(victim, 1)
      draw(victim, 1)
"""))
    game = GameState.from_table(rules, hands=[["red skip", "red 2"], ["blue 1", "blue 2"],
                                              ["green 1", "green 2"]],
                                discard=["red 3"], stock=["yellow 4"] * 10, seed=5)
    game.apply(rules.card("red skip"))
    game.apply(True)  # seat 0 calls UNO
    # The first draw left seat 1 at three cards, so it was put out: the second gave it none,
    # and its cards went under the discard pile.
    assert game.out == [False, True, False] and game.hand_sizes()[1] == 0
