"""A ruleset's call word (`uno: {name: ...}`) and the cards it is called at, as every front
end says them: the prompt, the catch offered to the others, the narration, explain."""

import pytest

from interpreter import load_ruleset
from interpreter.engine.decisions import Decision
from interpreter.engine.game import GameState
from interpreter.presenting.explain import explain
from interpreter.presenting.narrate import Narrator
from interpreter.presenting.prompts import cards_left, offer_text, question_text


@pytest.mark.parametrize("ruleset, call, left", [
    ("classic", "UNO", "one card"),
    ("dos", "DOS", "two cards"),
])
def test_each_front_end_says_the_rulesets_call(ruleset, call, left):
    game = GameState(load_ruleset(ruleset), players=3, seed=1)
    title, _ = question_text(game, Decision("uno", 0, (True, False)), ["You", "B", "C"], 0)
    assert title == f"Call {call}?"
    offer, take = offer_text(game, Decision("catch", None, (True, False), open_to=(0, 2)),
                             ["You", "Bo", "Cy"])
    assert (offer, take) == (f"Bo has {left} left and did not call {call}. Catch them?", "Catch")
    narrator = Narrator(["You", "Bo", "Cy"], viewer=0, call_word=game.ruleset.call_word)
    assert narrator.on_decided("uno", 1, "yes") == f'Bo: "{call}!"'
    assert narrator.on_caught(1, 0) == f"You caught Bo not calling {call}!"
    assert f"must call {call};" in explain(load_ruleset(ruleset))


@pytest.mark.parametrize("count, said", [(1, "one card"), (2, "two cards"), (5, "five cards"),
                                         (7, "7 cards")])
def test_cards_left_in_words(count, said):
    assert cards_left(count) == said
