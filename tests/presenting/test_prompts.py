"""What a prompt says (issue 45, point 2), for every front end: whom a catch window is about
and in what person, what a player is chosen for, and the labels of a question's answers as
the ruleset's `questions:` words them."""

from __future__ import annotations

import pytest
from helpers import write

from interpreter import load_ruleset
from interpreter.engine.decisions import Decision
from interpreter.engine.frame import Frame
from interpreter.engine.game import GameState
from interpreter.errors import RulesetError
from interpreter.presenting.prompts import answer_labels, offer_text, question_text, worded

CATCHES = [
    # (seats out, the seat that did not call, the viewer, able to take it, title, take word)
    ((), 2, 0, True, "Cy has one card left and did not call UNO. Catch them?", "Catch"),
    # Seat 0 is out (elimination, No Mercy): the window is about seat 2 all the same.
    ((0,), 2, 1, True, "Cy has one card left and did not call UNO. Catch them?", "Catch"),
    ((), 0, 1, True, "Ann has one card left and did not call UNO. Catch them?", "Catch"),
    # The seat it is about, if a window were shown to it: in the second person.
    ((), 2, 2, False,
     "You have one card left and did not call UNO: the others may catch you.", None),
    ((), 2, 1, False, "Cy has one card left and did not call UNO; you cannot catch them.", None),
]


@pytest.mark.parametrize("out, suspect, viewer, able, title, take", CATCHES)
def test_a_catch_window_names_the_seat_it_is_about(out, suspect, viewer, able, title, take):
    game = GameState(load_ruleset("classic"), players=4, seed=1)
    for seat in out:
        game.out[seat] = True
    game.uncalled.append(suspect)
    catchers = tuple(s for s in range(4) if s != suspect and s not in out)
    window = Decision("catch", None, (None, *catchers), catchers)
    names = ["You" if s == viewer else name for s, name in enumerate(["Ann", "Bo", "Cy", "Di"])]
    assert offer_text(game, window, names, able) == (title, take)


QUESTIONS = """\
extends: classic
name: asked
rules:
  dare:
    when: card_played
    if: card.rank == 5
    text: The player may dare the next player.
    do: |
      let stake = 3
      ask(player, "dare")
questions:
  dare:
    text: Dare the next player ({stake} cards at stake)?
    yes_label:
      - Dare (they draw {stake + 1})
      - Dare
    no_label: Let it be ({missing} cards)
"""


def test_a_question_is_worded_by_the_ruleset_with_the_values_its_rule_holds(tmp_path):
    rules = load_ruleset(write(tmp_path, "asked.yaml", QUESTIONS))
    game = GameState(rules, players=2, seed=1, record=True)
    frame = Frame(0)
    frame.vars["stake"] = 3
    game.frames.append(frame)
    question = Decision("dare", 0, (False, True))
    title, _ = question_text(game, question, ["You", "Bo"], 0)
    assert title == "Dare the next player (3 cards at stake)?"
    # A label whose value the rule does not hold is not shown: the question's own word is.
    assert answer_labels(game, question) == ("Dare (they draw 4)", "Don't dare")
    frame.vars.clear()
    assert answer_labels(game, question) == ("Dare", "Don't dare")


WORDINGS = [
    # (wording, values, shown)
    ("Accept (draw {count})", {"count": 4}, "Accept (draw 4)"),
    ("Challenge (draw {count + 2} if it was honest)", {"count": 6}, "Challenge (draw 8 if it was honest)"),
    ("{ count - 1 } left", {"count": 1}, "0 left"),
    (["{count} cards", "some cards"], {}, "some cards"),
    ("{count}", {}, None),
]


@pytest.mark.parametrize("wording, values, said", WORDINGS)
def test_a_wording_fills_in_its_values(wording, values, said):
    assert worded(wording, values) == said


def test_a_wording_with_more_than_a_value_in_braces_is_refused_at_load(tmp_path):
    bad = QUESTIONS.replace("{missing}", "{size(hand(player))}")
    with pytest.raises(RulesetError) as refused:
        load_ruleset(write(tmp_path, "asked.yaml", bad))
    assert "asked.yaml" in str(refused.value) and "questions" in str(refused.value)


def test_explain_says_how_each_question_is_put(tmp_path):
    from interpreter.presenting.explain import explain
    said = explain(load_ruleset(write(tmp_path, "asked.yaml", QUESTIONS)))
    assert '- dare: asked as "Dare the next player ({stake} cards at stake)?"; yes is labelled ' \
           '"Dare (they draw {stake + 1})", else "Dare"; no is labelled "Let it be ({missing} ' \
           'cards)".' in said


TARGETS = [
    # (ruleset, what the player is chosen for, the text said with it)
    ("mario_kart", "Choose a player for green shell", ""),  # an item: an effect
    ("classic+house/seven_o", "Choose a player for seven swaps",
     "A 7 swaps hands with a player of your choice."),  # a rule, with its text
    ("uno_attack", "Choose a player for {card}",
     "The player trades hands with a player of their choice."),  # a card, with its kind's
]


@pytest.mark.parametrize("ruleset, title, detail", TARGETS)
def test_choosing_a_player_says_what_for(ruleset, title, detail):
    import random
    game = GameState(load_ruleset(ruleset), players=3, seed=3, record=True)
    rng = random.Random(2)
    for _ in range(20_000):
        decision = game.decision
        if decision is None:
            game.next_hand()
            continue
        if decision.kind == "target":
            said = question_text(game, decision, ["You", "Bo", "Cy"], decision.seat)
            assert said == (title.format(card=game.top.name.replace("_", " ")), detail)
            return
        game.apply(rng.choice(decision.options))
    raise AssertionError("nobody chose a player")
