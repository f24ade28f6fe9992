"""Crazy Eights as OpenSpiel plays it (docs/game-rules.md 6), and the generic settings it
brought: turn.decide_after_draw, turn.passes_to_block, stock.reshuffle, decks, dealer.first:
random, end_hand(). The comparison with OpenSpiel itself is examples/openspiel_compare.py."""

import random

import pytest

from interpreter.building.ruleset import load_ruleset
from interpreter.engine.decisions import DRAW, PASS
from interpreter.engine.game import GameState
from interpreter.errors import RuleRuntimeError, RulesetError
from interpreter.playing.agents import RandomAgent
from interpreter.playing.match import play_match

from helpers import example, write


def compare_module():
    """examples/openspiel_compare.py, which imports OpenSpiel only to play it."""
    return example("openspiel_compare")


@pytest.mark.parametrize("key, expected", [
    ("deck", 52),
    ("options", {"max_draw_cards": 5, "max_turns": 100, "use_special_cards": False,
                 "reshuffle": False}),
    ("default_players", 5),
    ("players", (2, 15)),
    ("hand_sizes", {2: 7, 3: 5, 5: 5, 15: 5}),
    ("decks", {2: 1, 5: 1, 6: 2, 15: 2}),
    ("passes_to_block", {2: 3, 5: 6, 15: 16}),
    ("first_dealer", None),
    ("settings", (True, False, 5)),
])
def test_crazy_eights_loads_with_openspiels_defaults(key, expected):
    rules = load_ruleset("crazy_eights")
    found = {
        "deck": len(rules.deck),
        "options": {name: rules.options[name] for name in expected} if key == "options" else None,
        "default_players": rules.default_players,
        "players": (rules.min_players, rules.max_players),
        "hand_sizes": {n: rules.hand_sizes[n] for n in expected} if key == "hand_sizes" else None,
        "decks": {n: rules.decks[n] for n in expected} if key == "decks" else None,
        "passes_to_block": {n: rules.passes_to_block[n] for n in expected}
        if key == "passes_to_block" else None,
        "first_dealer": rules.first_dealer,
        "settings": (rules.decide_after_draw, rules.reshuffle, rules.max_draws),
    }[key]
    assert found == expected


@pytest.mark.parametrize("players", [2, 3, 5, 6, 15])
@pytest.mark.parametrize("options", [{}, {"use_special_cards": "true"}, {"reshuffle": "true"},
                                     {"use_special_cards": "true", "reshuffle": "true"},
                                     {"max_draw_cards": "1", "max_turns": "30"}])
def test_random_games_play_to_the_end(players, options):
    rules = load_ruleset("crazy_eights", options)
    for seed in range(6):
        game = GameState(rules, players, seed=seed)
        play_match(game, [RandomAgent(random.Random(seed))] * players)
        result = game.hand_results[0]
        assert game.over and len(game.hand_results) == 1
        assert result.blocked == all(game.hands)  # not blocked: someone went out


@pytest.mark.parametrize("options, draws, last", [
    ({}, 5, PASS),                          # max_draw_cards 5: the sixth answer is a pass
    ({"max_draw_cards": "1"}, 1, PASS),
    ({"max_draw_cards": "3"}, 3, PASS),
])
def test_a_player_draws_up_to_max_draw_cards_then_may_pass(options, draws, last):
    rules = load_ruleset("crazy_eights", options)
    game = GameState.from_table(rules, hands=[["clubs 3"], ["diamonds 4"], ["spades 6"]],
                                discard=["hearts 10"],
                                stock=["spades 3", "clubs 4", "diamonds 9", "spades 9",
                                       "clubs 5", "diamonds 5", "spades 5"])
    offered = []
    for _ in range(draws):
        offered.append(game.legal_options()[-1])
        game.apply(DRAW)
    assert offered == [DRAW] * draws and game.legal_options()[-1] == last
    assert game.current_seat == 0 and len(game.hands[0]) == 1 + draws
    game.apply(PASS)
    assert game.current_seat == 1


@pytest.mark.parametrize("max_turns, plays, over", [(1, 1, True), (2, 1, False), (2, 2, True)])
def test_max_turns_cards_played_end_the_game(max_turns, plays, over):
    rules = load_ruleset("crazy_eights", {"max_turns": str(max_turns)})
    game = GameState.from_table(rules, hands=[["hearts 3", "clubs 9"], ["hearts 4", "clubs 2"],
                                              ["hearts 5", "spades 6"]],
                                discard=["hearts 10"], stock=["spades 3", "clubs 4"])
    for card in ["hearts 3", "hearts 4"][:plays]:
        game.apply(rules.card(card))
    assert game.hand_over == over
    if over:
        assert game.hand_results[0].blocked


def test_statistics_of_random_play_fall_in_the_range_openspiel_gives():
    """400 games: within four standard errors of OpenSpiel's figures over 20,000 games
    (examples/BENCHMARK.md: 34.57 cards played, 45.9% going out, 20.0% first player)."""
    module = compare_module()
    tally = module.Tally()
    module.houserules_round(load_ruleset("crazy_eights"), 5, range(400), tally)
    for name, expected in (("cards_played", 34.574), ("went_out", 0.4587), ("first_won", 0.1998)):
        mean, half = tally.interval(name)
        assert abs(mean - expected) <= 4 * half / 1.96, (name, mean)


# --- the generic settings, on classic -------------------------------------------------------

CLASSIC = "extends: classic\nname: variant\n"


@pytest.mark.parametrize("text, error", [
    ("decks: 0\n", "decks"),
    ("decks: players - 3\n", "decks gives -1 for 2 players; expected 1 to 100"),
    ("decks: top.points\n", "players`, options and constants only"),
    ("turn:\n  passes_to_block: 0\n", "passes_to_block"),
    ("turn:\n  decide_after_draw: 3\n", "decide_after_draw"),
    ("stock:\n  reshufle: false\n", "unknown key 'reshufle'"),
    ("dealer:\n  first: randm\n", "randm"),
])
def test_bad_settings_are_refused_with_the_file_and_line(tmp_path, text, error):
    with pytest.raises(RulesetError, match=error) as caught:
        load_ruleset(write(tmp_path, "v.yaml", CLASSIC + text))
    assert "v.yaml:" in str(caught.value)


def test_decks_shuffles_copies_together(tmp_path):
    rules = load_ruleset(write(tmp_path, "v.yaml", CLASSIC + "decks: 1 + players / 4\n"))
    assert rules.decks[3] == 1 and rules.decks[4] == 2 and rules.decks[8] == 3
    game = GameState(rules, players=4, seed=1)
    assert len(game.deck) == 216 and sum(game.hand_sizes()) + len(game.stock) + \
        len(game.discard) == 216


def test_a_random_first_dealer_is_chosen_by_the_seed(tmp_path):
    rules = load_ruleset(write(tmp_path, "v.yaml", CLASSIC + "dealer:\n  first: random\n"))
    dealers = [GameState(rules, players=4, seed=seed).dealer for seed in range(40)]
    assert set(dealers) == {0, 1, 2, 3}
    assert dealers == [GameState(rules, players=4, seed=seed).dealer for seed in range(40)]


@pytest.mark.parametrize("reshuffle, stock_after", [("true", 1), ("false", 0)])
def test_stock_reshuffle_may_be_switched_off(tmp_path, reshuffle, stock_after):
    rules = load_ruleset(write(tmp_path, "v.yaml", CLASSIC + f"stock:\n  reshuffle: {reshuffle}\n"))
    game = GameState.from_table(rules, hands=[["blue 1", "blue 2"], ["green 1", "green 2"]],
                                discard=["yellow 5", "yellow 6", "red 7"], stock=[])
    game.apply(DRAW)
    assert len(game.stock) == stock_after and len(game.hands[0]) == 3 - (reshuffle == "false")


@pytest.mark.parametrize("passes, blocked_after", [(None, 2), ("players + 1", 3), ("1", 1)])
def test_passes_to_block_sets_the_passes_that_end_a_hand(tmp_path, passes, blocked_after):
    extra = f"turn:\n  passes_to_block: {passes}\n" if passes else ""
    rules = load_ruleset(write(tmp_path, "v.yaml", CLASSIC + "stock:\n  reshuffle: false\n"
                               + extra))
    game = GameState.from_table(rules, hands=[["blue 1", "blue 2"], ["green 1", "green 3"]],
                                discard=["red 7"], stock=[])
    for count in range(1, blocked_after + 1):
        assert not game.hand_over
        game.apply(DRAW)
    assert game.hand_over and game.hand_results[0].blocked and game.hand_results[0].winner == 0


def test_decide_after_draw_on_classic(tmp_path):
    rules = load_ruleset(write(tmp_path, "v.yaml", CLASSIC + "turn:\n  decide_after_draw: true\n"
                               "  max_draws: 2\n"))
    game = GameState.from_table(rules, hands=[["blue 1", "red 2"], ["green 1", "green 3"]],
                                discard=["red 7"], stock=["yellow 3", "red 9", "green 5"])
    assert game.legal_options() == (rules.card("red 2"), DRAW)
    game.apply(DRAW)  # yellow 3: no play_drawn question, the whole hand again
    assert game.decision.kind == "play" and game.legal_options() == (rules.card("red 2"), DRAW)
    game.apply(DRAW)  # red 9, the second and last draw
    assert game.legal_options() == (rules.card("red 2"), rules.card("red 9"), PASS)
    game.apply(rules.card("red 9"))
    assert game.top == rules.card("red 9") and game.current_seat == 1


END_HAND = CLASSIC + """\
rules:
  three_plays_end_it:
    when: card_played
    if: card.rank == 3
    do: end_hand()
"""


def test_end_hand_ends_the_hand_as_a_blocked_one(tmp_path):
    rules = load_ruleset(write(tmp_path, "v.yaml", END_HAND))
    game = GameState.from_table(rules, hands=[["red 3", "red 9", "wild"], ["red 1", "blue 2"]],
                                discard=["red 7"], stock=["yellow 3"])
    game.apply(rules.card("red 3"))
    result = game.hand_results[-1]
    assert result.blocked and result.winner == 1 and result.points == 59


def test_end_hand_is_refused_once_the_hand_is_over(tmp_path):
    rules = load_ruleset(write(tmp_path, "v.yaml", CLASSIC + "rules:\n  again:\n"
                               "    when: hand_ended\n    do: end_hand()\n"))
    game = GameState.from_table(rules, hands=[["red 3"], ["red 1", "blue 2"]],
                                discard=["red 7"], stock=["yellow 3"])
    with pytest.raises((RuleRuntimeError, ValueError), match="end_hand"):
        game.apply(rules.card("red 3"))
