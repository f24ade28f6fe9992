"""The bots answer a ruleset's own questions as its `bots:` says, and the jump-in card choice."""

import pytest
from helpers import write

from interpreter import GameState, load_ruleset
from interpreter.engine.decisions import Decision
from interpreter.playing.agents import EagerAgent, HeuristicAgent, RandomAgent
from interpreter.playing.checked import play_checked


def test_bots_answer_a_rulesets_own_question_as_it_says(tmp_path):
    text = ("extends: [classic, house/challenge]\nname: b\n"
            "bots:\n  answers:\n    challenge: size(hand(player)) <= 2\n")
    rules = load_ruleset(write(tmp_path, "b.yaml", text))
    game = GameState.from_table(rules, hands=[["red 1", "red 2"], ["blue 1", "blue 2", "blue 3"]],
                                discard=["red 3"], stock=["yellow 1"] * 3)
    bot = HeuristicAgent(1)
    assert bot.decide(game, Decision("challenge", 0, (False, True), ())) is True
    assert bot.decide(game, Decision("challenge", 1, (False, True), ())) is False


@pytest.mark.parametrize("agent", [HeuristicAgent, EagerAgent, RandomAgent])
def test_bots_answer_the_jump_in_card_choice(tmp_path, agent):
    path = write(tmp_path, "rules.yaml", "extends: [classic, house/jump_in]\nname: any_colour\n"
                           "jump_in: {allowed: card.color != none and card.rank == top.rank}\n"
                           "match: {hands: 1}\n")
    rules = load_ruleset(path)
    for seed in range(5):
        game = GameState(rules, players=3, seed=seed)
        play_checked(game, [agent(seed) for _ in range(3)])
        assert game.over
