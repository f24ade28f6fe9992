"""The language's control (docs/rules.md, Control): an if used as a value, the bounded loops
`repeat N do ... end` and `while COND do ... end`, and named effects that take arguments
(`effects: {NAME: {params: ..., do: ...}}`, run as `run("NAME", ARG, ...)`)."""

from __future__ import annotations

from functools import partial

import helpers
import pytest
from helpers import eight_rule, variant

from interpreter import DslError, RuleRuntimeError, RulesetError
from interpreter.language import dsl
from interpreter.presenting.explain import explain

HANDS = helpers.EIGHT_HANDS
STOCK = ["green 5", "green 6", "green 7", "green 8", "green 9", "yellow 5", "yellow 6",
         "yellow 7", "yellow 8", "yellow 9", "blue 5", "blue 6", "blue 7", "blue 8"]
# Seat 0 to play on a red 3.
table = partial(helpers.table, top="red 3", stock=STOCK)

PUNISH = """\
effects:
  punish:
    params: {who: seat, count: number}
    do: draw(who, count)
  plain: draw(next, 1)
"""


PAYING = 'repeat 3 do\n  let pays = ask(next, "pay")\n  if pays then draw(next, 1) end\nend'


def played(rules, answers=()):
    """The table after seat 0 plays its red 8, each question answered in turn: the
    seats asked, the hand sizes, and the seat to play."""
    game = table(HANDS, rules)
    game.apply(rules.card("red 8"))
    asked = []
    for answer in answers:
        asked.append(game.decision.seat)
        game.apply(answer)
    return asked, game.hand_sizes(), game.decision.seat


# --- parsing -------------------------------------------------------------------------------

@pytest.mark.parametrize("start, text, node, shape", [
    ("condition", "if a then 1 else 2 end", dsl.Choose, lambda n: len(n.branches) == 1),
    ("condition", "if a then 1 elif b then 2 elif c then 3 else 4 end", dsl.Choose,
     lambda n: len(n.branches) == 3 and n.orelse.value == 4),
    ("condition", "50 * if a then 1 else 0 end", dsl.Binary,
     lambda n: isinstance(n.right, dsl.Choose)),
    ("condition", "if a then 1 else 2 end + 1", dsl.Binary,
     lambda n: isinstance(n.left, dsl.Choose)),
    ("effect", "repeat 3 do draw(next, 1) end", dsl.Repeat,
     lambda n: n.count.value == 3 and len(n.body.statements) == 1),
    ("effect", "while size(hand(next)) < 5 do draw(next, 1) end", dsl.While,
     lambda n: isinstance(n.cond, dsl.Binary)),
    # The statement if is as it was: its else may be left out, its branches are statements.
    ("effect", "if a then draw(next, 1) end", dsl.If, lambda n: n.orelse is None),
])
def test_control_parses_to_its_node(start, text, node, shape):
    tree = dsl.parse(text, start, {})
    found = tree.statements[0] if start == "effect" else tree
    assert isinstance(found, node) and shape(found), found


# --- refused at load, at the line and column ------------------------------------------------

@pytest.mark.parametrize("do, fragment, line, column", [
    ("let x = if card.value > 3 then 1 end", "an if used as a value needs an else", 8, 40),
    ("draw(next, if a then let b = 1 else 2 end)", "gives a value in each branch", 8, 32),
    ("draw(next, if penalty > 0 then player else next end)",
     "draw's second argument is a number of cards, not a seat", 8, 18),
    ("draw(next, if penalty > 0 then 1 else \"two\" end + 1)", "`+` works on numbers", 8, 18),
    ("if if penalty > 0 then player else next end then draw(next, 1) end",
     "a condition is true or false, not a seat", 8, 10),
    ('repeat "twice" do draw(next, 1) end', "repeat goes round a number, not text", 8, 14),
    ("repeat player do draw(next, 1) end", "repeat goes round a number, not a seat", 8, 14),
    ("while player do draw(next, 1) end", "a condition is true or false, not a seat", 8, 13),
    ("while true do draw(nobody, 1) end", "unknown name 'nobody'", 8, 26),
    ("repeat 2 do\n  repeat 2 do\n    while true do draw(next, 1) end\n  end\nend",
     "nest at most 2 deep", 10, 11),
    ("for s in others do\n  while true do\n    repeat 2 do draw(s, 1) end\n  end\nend",
     "nest at most 2 deep", 10, 11),
    ('run("punish", next)', "the effect 'punish' takes 2 arguments (who: a seat, count: a "
                            "number), not 1", 8, 7),
    ('run("punish", next, 2, 3)', "takes 2 arguments", 8, 7),
    ('run("plain", next)', "the effect 'plain' takes no arguments, not 1", 8, 7),
    ('run("punish", 2, 2)', "the effect punish's first argument, who, is a seat, not a number",
     8, 21),
    ('run("punish", next, "two")', "second argument, count, is a number, not text", 8, 27),
    ('run("punish", next, if fair then player else next end)',
     "count, is a number, not a seat", 8, 27),
])
def test_a_mistake_in_control_is_refused_at_load_where_it_is(tmp_path, do, fragment, line,
                                                             column):
    with pytest.raises(DslError) as info:
        eight_rule(tmp_path, do, PUNISH)
    err = info.value
    assert fragment in err.message, err.message
    assert err.file.endswith("mine.yaml") and (err.line, err.column) == (line, column), err


@pytest.mark.parametrize("effects, fragment", [
    ("effects:\n  bad:\n    params: {next: seat}\n    do: draw(next, 1)\n",
     "'next' is one of the language's own names"),
    ("effects:\n  bad:\n    params: {who: person}\n    do: draw(who, 1)\n", "person"),
    ("effects:\n  bad:\n    params: {who: seat}\n", "do"),
    ("effects:\n  bad:\n    params: {a: seat, b: seat, c: seat, d: seat, e: seat}\n"
     "    do: draw(a, 1)\n", "bad"),
])
def test_a_named_effects_parameters_are_checked(tmp_path, effects, fragment):
    with pytest.raises(RulesetError) as info:
        variant(tmp_path, effects)
    assert fragment in str(info.value)


def test_an_attribute_naming_effects_gives_each_as_many_arguments_as_it_takes(tmp_path):
    body = ("attributes:\n  item:\n    by_color: {red: punish, blue: punish, green: punish, "
            "yellow: punish}\n" + PUNISH
            + "kinds:\n  number:\n    on_play: run(card.item, next, 1)\n")
    variant(tmp_path, body)
    with pytest.raises(RulesetError, match="names an effect taking 2 arguments .* gives it 1"):
        variant(tmp_path, body.replace("run(card.item, next, 1)", "run(card.item, next)"))


# --- in play --------------------------------------------------------------------------------

@pytest.mark.parametrize("do, answers, asked, sizes", [
    # If used as a value: the first branch whose condition holds gives it.
    ("draw(next, if size(hand(player)) > 2 then 3 elif size(hand(player)) == 2 then 2 "
     "else 1 end)", [], [], [2, 5, 2, 2]),
    ("draw(next, 2 * if penalty > 0 then 5 else 1 end)", [], [], [2, 5, 2, 2]),
    ("let n = if option.stacking then 4 else 1 end\ndraw(next, n)", [], [], [2, 7, 2, 2]),
    ("draw(next, if fair and size(hand(next)) < 3 then 2 else 0 end)", [], [], [2, 3, 2, 2]),
    # repeat: N worked out once, when the loop starts.
    ("repeat size(hand(next)) do draw(next, 1) end", [], [], [2, 6, 2, 2]),
    ("repeat 0 do draw(next, 1) end", [], [], [2, 3, 2, 2]),
    ("repeat 1 - 3 do draw(next, 1) end", [], [], [2, 3, 2, 2]),
    # while: the condition asked before each turn.
    ("while size(hand(next)) < 7 do draw(next, 1) end", [], [], [2, 7, 2, 2]),
    ("while false do draw(next, 1) end", [], [], [2, 3, 2, 2]),
    ("let n = 0\nwhile n < 3 do\n  draw(others, 1)\n  let n = n + 1\nend", [], [], [2, 6, 5, 5]),
    # Nested two deep, as for loops may be.
    ("repeat 2 do\n  for s in others do draw(s, 1) end\nend", [], [], [2, 5, 4, 4]),
    # A body that asks: the loop goes on after each answer.
    (PAYING, [True, False, True], [1, 1, 1], [2, 5, 2, 2]),
    ('let again = true\nwhile again do\n  draw(next, 1)\n  let again = ask(next, "more")\nend',
     [True, True, False], [1, 1, 1], [2, 6, 2, 2]),
    # Named effects: arguments bound to the parameters, in order.
    ('run("punish", next, 2)', [], [], [2, 5, 2, 2]),
    ('run("punish", seat_after(player, 2), size(hand(next)))', [], [], [2, 3, 5, 2]),
    ('run("punish", others, 1)', [], [], [2, 4, 3, 3]),
    ('run("plain"); run("punish", player, 1)', [], [], [3, 4, 2, 2]),
    ('repeat 2 do run("punish", next, 1) end', [], [], [2, 5, 2, 2]),
])
def test_control_runs_in_play(tmp_path, do, answers, asked, sizes):
    extra = PUNISH.replace("who: seat", "who: seats") if "others, 1" in do else PUNISH
    rules = eight_rule(tmp_path, do, extra + "options:\n  stacking: {type: boolean, "
                                              "default: true}\n")
    seen, got, _ = played(rules, answers)
    assert (seen, got) == (asked, sizes)


def test_a_named_effect_keeps_a_list_given_as_it_was(tmp_path):
    rules = eight_rule(tmp_path, 'run("count_then_draw", hand(next))',
                       "effects:\n  count_then_draw:\n    params: {cards: cards}\n"
                       "    do: |\n      draw(next, 2)\n      draw(player, size(cards))\n")
    assert played(rules)[1] == [5, 5, 2, 2]  # 3 cards when given, though 5 when counted


def test_a_game_cloned_in_the_middle_of_a_repeat_goes_on_by_itself(tmp_path):
    rules = eight_rule(tmp_path, PAYING)
    game = table(HANDS, rules)
    game.apply(rules.card("red 8"))
    game.apply(True)
    twin = game.clone()
    game.apply(True)
    game.apply(True)
    twin.apply(False)
    twin.apply(False)
    assert game.hand_sizes()[1] == 6 and twin.hand_sizes()[1] == 4


@pytest.mark.parametrize("do, extra, message", [
    ("while true do draw(next, 0) end", "",
     "the while loop went round 1,000 times and its condition still holds"),
    ("while size(hand(next)) > 0 do draw(next, 0) end", "limits: {loop_turns: 5}\n",
     "the while loop went round 5 times"),
    ("repeat 1001 do draw(next, 0) end", "",
     "repeat 1,001 goes round more times than a loop may: 1,000 (limits.loop_turns)"),
    ("repeat 6 do draw(next, 0) end", "limits: {loop_turns: 5}\n", "a loop may: 5"),
    ("repeat var.times do draw(next, 0) end", "variables:\n  times: {initial: true}\n",
     "repeat goes round a whole number of times, not True"),
])
def test_a_loop_past_its_bound_stops_the_game_naming_the_rule(tmp_path, do, extra, message):
    rules = eight_rule(tmp_path, do, extra)
    game = table(HANDS, rules)
    with pytest.raises(RuleRuntimeError) as info:
        game.apply(rules.card("red 8"))
    err = info.value
    assert message in err.message, err.message
    assert err.file.endswith("mine.yaml") and (err.line, err.column) == (8, 7)
    assert err.path == "$.rules.eights.do"


@pytest.mark.parametrize("do", ["repeat 50 do draw(next, 0) end",
                                "while true do draw(next, 0) end"])
def test_each_turn_of_a_loop_is_charged_to_the_games_budget(tmp_path, do):
    rules = eight_rule(tmp_path, do)
    game = table(HANDS, rules)
    game.work_left = 20
    with pytest.raises(RuleRuntimeError, match="more work than one game may") as info:
        game.apply(rules.card("red 8"))
    assert info.value.line == 8


def test_loop_turns_may_be_lowered_never_raised(tmp_path):
    with pytest.raises(RulesetError, match="loop_turns: 5000 is greater than the maximum"):
        variant(tmp_path, "limits: {loop_turns: 5000}\n")
    assert variant(tmp_path, "limits: {loop_turns: 10}\n").loop_turns == 10
    assert variant(tmp_path, "").loop_turns == 1000


# --- explain ---------------------------------------------------------------------------------

@pytest.mark.parametrize("do, extra, told", [
    ("draw(next, if size(hand(player)) > 2 then 3 else 1 end)", "",
     "The next player draws (3 if the number of cards in the hand of the player is more than 2, "
     "else 1) cards."),
    ("draw(next, if option.stacking then 4 else 1 end)",
     "options:\n  stacking: {type: boolean, default: true}\n", "The next player draws 4 cards."),
    ("repeat 3 do draw(next, 1) end", "", "3 times over: The next player draws 1 card."),
    ("while size(hand(next)) < 7 do draw(next, 1) end", "",
     "Again and again, as long as the number of cards in the hand of the next player is less "
     "than 7: The next player draws 1 card."),
    ("let n = 0\nwhile n < 3 do\n  draw(next, 1)\n  let n = n + 1\nend", "",
     "as long as n is less than 3: The next player draws 1 card. Let n be n plus 1."),
    ('run("punish", next, 2)', PUNISH,
     "The punish effect happens (see Named effects), given the next player, 2."),
    ("draw(next, 1)", PUNISH, "- punish, given who (a seat) and count (a number): Who draws "
                              "count cards."),
])
def test_explain_tells_control_in_words(tmp_path, do, extra, told):
    text = explain(eight_rule(tmp_path, do, extra))
    assert told in text, text
