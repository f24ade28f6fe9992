"""The effect language: parse, compile and evaluate expressions and effects, and its errors.

Expressions are compiled with interpreter.language.compiler.compile_expression and evaluated against a
fixed table built with GameState.from_table. Effects are checked the way a ruleset author
sees them: a small ruleset that `extends: classic` and rewrites what a Skip does, and a game
in which seat 0 plays that Skip.
"""

from __future__ import annotations

import textwrap
from functools import partial

import helpers
import pytest

from interpreter import (
    DslError,
    GameState,
    HouserulesError,
    RuleRuntimeError,
    RulesetError,
    load_ruleset,
)
from interpreter.engine.frame import Frame
from interpreter.language import dsl
from interpreter.language.compiler import (
    Compiler,
    Symbols,
    compile_effect,
    compile_expression,
)

OPTIONS = {"n": 3, "flag": True, "mode": "fast"}
ATTRIBUTES = frozenset({"item", "weight"})
WHERE = {"file": "rules.yaml", "line": 1, "column": 1, "path": "$.test"}

# A ruleset with two attributes of its own, so card.item / card.weight have values.
ITEMS_YAML = """\
extends: classic
name: items
attributes:
  item:
    by_color: {red: mushroom, yellow: banana, green: shell, blue: bolt}
    colorless: bobomb
  weight:
    default: 1
kinds:
  skip:
    attributes: {weight: 3}
"""

# seat 0: 5 + 7 + 50 + 20 = 82 points; seat 1: 11; seat 2: 29; seat 3: 1.
HANDS = [["red 5", "blue 7", "wild", "red skip"],
         ["green 2", "red 9"],
         ["yellow 9", "yellow draw_two"],
         ["blue 1"]]


@pytest.fixture(scope="module")
def rules(tmp_path_factory):
    path = tmp_path_factory.mktemp("items") / "items.yaml"
    path.write_text(ITEMS_YAML)
    return load_ruleset(path)


# The table above: seat 0 to play on a red 3, scores of 10, 20, 30 and 40.
table = partial(helpers.table, HANDS, discard=["blue 3", "red 3"],
                stock=["green 5", "green 6", "green 7"], turn=0, scores=[10, 20, 30, 40])


def symbols(where=None):
    return Symbols(options=dict(OPTIONS), attributes=ATTRIBUTES, where=dict(where or {}))


def unchecked(text):
    """`text` compiled without the type checker, to reach the compiler's runtime guards."""
    sym = symbols(WHERE)
    sym.text = text
    return Compiler(sym).expr(dsl.parse(text, "condition", sym.where))


def evaluate(rules, text, player=0, card="red 5", color_before="blue", direction=1):
    fn = compile_expression(text, symbols())
    game = table(rules, direction=direction)
    value = fn(game, Frame(player, rules.card(card) if card else None, color_before))
    return tuple(value) if isinstance(value, list) else value


# --- expressions --------------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("1 + 2 * 3", 7),
    ("(1 + 2) * 3", 9),
    ("10 - 2 - 3", 5),
    ("100 / 10 / 5", 2),
    ("7 / 2", 3),
    ("6 / 3", 2),
    ("7 % 3", 1),
    ("2 * 3 % 4", 2),
    ("-2 * 3", -6),
    ("2 - -1", 3),
    ("-(1 + 2)", -3),
    ("1+2", 3),
])
def test_arithmetic_is_whole_number_with_usual_precedence(rules, text, expected):
    assert evaluate(rules, text) == expected


@pytest.mark.parametrize("text, expected", [
    ("3 < 4", True), ("4 <= 4", True), ("5 > 6", False), ("5 >= 6", False),
    ("1 == 1", True), ("1 != 1", False), ("1 + 1 == 2", True), ("2 * 3 > 5", True),
    ('"red" == "red"', True), ("'red' != \"red\"", False), ('"red" == color', True),
    ("top == none", False), ("none == none", True),
])
def test_comparisons(rules, text, expected):
    assert evaluate(rules, text) is expected


@pytest.mark.parametrize("text, expected", [
    ("true or false and false", True),
    ("(true or false) and false", False),
    ("not true and false", False),
    ("not (true and false)", True),
    ("not false or false", True),
    ("not 1 == 2", True),
    ("not not true", True),
    ("1 + 1 == 2 and 2 * 2 == 4", True),
    ("false or 0 == 0", True),
    ("false and 1 / 0 == 0", False),  # `and` short-circuits: the division never runs
    ("true or 1 / 0 == 0", True),
])
def test_and_binds_tighter_than_or_and_not_tighter_than_and(rules, text, expected):
    assert bool(evaluate(rules, text)) is expected


@pytest.mark.parametrize("text, expected", [
    ("2 in others", True),
    ("player in others", False),
    ("next in everyone", True),
    ("card in hand(player)", True),
    ("top in hand(player)", False),
    ("1 + 1 in others", True),
])
def test_in_tests_membership(rules, text, expected):
    assert evaluate(rules, text) is expected


@pytest.mark.parametrize("text, expected", [
    ("count(c in hand(player))", 4),
    ('count(c in hand(player) if c.color == "red")', 2),
    ('count(c in hands(everyone) if c.kind == "number")', 6),
    ("count(c in hand(player) if c.color == color_before)", 1),
    ("count(s in everyone if score(s) >= 20)", 3),
    ("any(c in hand(player) if c.color == none)", True),
    ('any(c in hand(previous) if c.color == "red")', False),
    ("any(c in hand(previous))", True),
    ("any(s in others if size(hand(s)) == 1)", True),
    ("all(c in hand(next) if c.color != none)", True),
    ("all(c in hand(player) if c.color != none)", False),
    ("all(c in hand(previous) if c.rank == 1)", True),
    ("any(c in hand(player) if any(d in hand(next) if d.color == c.color))", True),
    ("all(c in hand(previous) if any(d in hand(next) if d.color == c.color))", False),
    # tests joined by `or` (scanned attribute by attribute)
    ('any(c in hand(previous) if c.color == "red" or c.kind == "wild")', False),
    ('any(c in hand(previous) if c.color == "red" or c.rank == 1)', True),
    ('any(c in hand(player) if c.kind == "wild" or c.color == none or c.rank == 99)', True),
    ('any(c in hand(player) if c.color == "red" or c.points > 100)', True),  # not only ==
    ('count(c in hand(player) if c.color == "red" or c.rank == 7)', 3),  # counted one by one
])
def test_any_all_count_comprehensions(rules, text, expected):
    assert evaluate(rules, text) == expected


@pytest.mark.parametrize("text, expected", [
    ("sum(c.points for c in hand(player))", 82),
    ("sum(c.points for c in hands(others))", 41),
    ('sum(c.points for c in hand(player) if c.color == "red")', 25),
    ('sum(c.points for c in hand(previous) if c.color == "red")', 0),
    ("sum(1 for s in everyone if s != player)", 3),
    ("sum(score(s) for s in others)", 90),
    ("sum(c.points * 2 for c in hand(next))", 22),
])
def test_sum_over_a_comprehension(rules, text, expected):
    assert evaluate(rules, text) == expected


@pytest.mark.parametrize("text, player, direction, expected", [
    ("player", 0, 1, 0),
    ("next", 0, 1, 1),
    ("previous", 0, 1, 3),
    ("others", 0, 1, (1, 2, 3)),
    ("everyone", 0, 1, (0, 1, 2, 3)),
    ("next", 0, -1, 3),
    ("previous", 0, -1, 1),
    ("others", 0, -1, (3, 2, 1)),
    ("everyone", 0, -1, (0, 3, 2, 1)),
    ("next", 3, 1, 0),
    ("others", 2, 1, (3, 0, 1)),
    ("direction", 0, 1, 1),
    ("direction", 0, -1, -1),
    ("players", 0, 1, 4),
    ("color", 0, 1, "red"),
    ("color_before", 0, 1, "blue"),
    ("stock_size", 0, 1, 3),
    ("turn", 0, 1, 0),
])
def test_names_follow_seat_and_direction(rules, text, player, direction, expected):
    assert evaluate(rules, text, player=player, direction=direction) == expected


def test_top_is_the_top_discard_and_card_is_the_frame_card(rules):
    assert evaluate(rules, "top") is rules.card("red 3")
    assert evaluate(rules, "card", card="wild") is rules.card("wild")


@pytest.mark.parametrize("text, card, expected", [
    ("card.name", "red 5", "red 5"),
    ("card.kind", "red 5", "number"),
    ("card.color", "red 5", "red"),
    ("card.rank", "red 5", 5),
    ("card.points", "red 5", 5),
    ("card.value", "red 5", 5),
    ("card.color", "wild", None),
    ("card.color == none", "wild", True),
    ("card.rank", "wild", "wild"),
    ("card.points", "wild", 50),
    ("card.rank", "yellow draw_two", "draw_two"),
    ("card.points", "yellow draw_two", 20),
    ("card.item", "red 5", "mushroom"),
    ("card.item", "blue 7", "bolt"),
    ("card.item", "wild", "bobomb"),
    ("card.weight", "red 5", 1),
    ("card.weight", "red skip", 3),
    ("top.rank", "red 5", 3),
    ("top.item", "red 5", "mushroom"),
    ("card.rank == top.rank or card.color == color", "red 5", True),
])
def test_card_attributes(rules, text, card, expected):
    assert evaluate(rules, text, card=card) == expected


@pytest.mark.parametrize("text, expected", [
    ("option.n", 3),
    ("option.flag", True),
    ("option.mode", "fast"),
    ("option.n * 2 + 1", 7),
    ("option.flag and option.n > 2", True),
    ('option.mode == "slow"', False),
])
def test_options_are_constants(rules, text, expected):
    assert evaluate(rules, text) == expected


@pytest.mark.parametrize("text, settled", [
    ('option.mode != "none" and top.rank == 3', (True, False)),
    ("option.n >= 0", (True, True)),
    ('option.n < "x"', (False, None)),  # an order between a number and a word: run time says
    ("option.n == none", (True, False)),
    ("top.rank == option.n", (False, None)),
])
def test_comparisons_of_settled_values_are_settled(text, settled):
    # explain and the compiler leave out what the options in force settle.
    options = {"n": 3, "mode": "none"}
    assert dsl.static_value(dsl.parse(text, "condition", {}), options) == settled


@pytest.mark.parametrize("text, expected", [
    ("size(hand(player))", 4),
    ("size(others)", 3),
    ("size(hands(others))", 5),
    ("seat_after(player, 2)", 2),
    ("seat_after(previous)", 0),
    ("score(seat_after(player, 2))", 30),
    ("min(3, 4)", 3),
    ("max(3, 4)", 4),
    ("min(size(hand(next)), size(hand(seat_after(player, 2))))", 2),
])
def test_query_functions(rules, text, expected):
    assert evaluate(rules, text) == expected


# --- errors found when the text is compiled -----------------------------------------------

@pytest.mark.parametrize("start, text, fragment, line, column", [
    # syntax
    ("condition", "1 +* 2", "unexpected '*'", 1, 4),
    ("condition", "1 @ 2", "unexpected character '@'", 1, 3),
    ("condition", "(1 + 2", "ends too early", 1, None),
    ("effect", "if true then draw(next, 1)", "ends too early", 1, None),
    ("effect", "if then end", "unexpected 'end'", 1, 9),
    ("effect", "let = 3", "unexpected '='", 1, 5),
    ("condition", "1 < 2 < 3", "unexpected '<'", 1, 7),
    ("condition", "1 == 1 == 1", "unexpected '=='", 1, 8),
    ("effect", "draw(next, 1)\nlose_turn(next))", "unexpected ')'", 2, 16),
    # names, attributes, options, functions
    ("condition", "nope + 1", "unknown name 'nope'", 1, 1),
    ("condition", "1 + nope", "unknown name 'nope'", 1, 5),
    ("effect", "draw(next, 1)\nlose_turn(nxt)", "unknown name 'nxt'", 2, 11),
    ("condition", "count(c in hand(player)) + c.points", "unknown name 'c'", 1, 28),
    ("condition", "option", "option.NAME", 1, 1),
    ("condition", "card.colour", "unknown card attribute 'colour'", 1, None),
    ("condition", "option.nope", "unknown option 'nope'", 1, None),
    ("condition", "1 + foo(2)", "unknown function foo()", 1, 5),
    ("effect", 'run("missing")', "no effect named 'missing'", 1, 5),
    # arity
    ("condition", "size(others, 2)", "takes 1 argument(s), got 2", 1, 1),
    ("effect", "draw(next)", "takes 2 argument(s), got 1", 1, 1),
    ("effect", "extra_turn(1, 2)", "takes 0 to 1 argument(s), got 2", 1, 1),
    # actions in conditions, queries as statements
    ("condition", "any(c in hand(player) if draw(next, 1))", "changes the game", 1, 26),
    ("condition", 'ask(next, "challenge")', "changes the game", 1, 1),
    ("effect", "if draw(next, 1) then end", "changes the game", 1, 4),
    ("effect", "hand(player)", "only reads the game", 1, 1),
    ("effect", "draw(next, 1); size(others)", "only reads the game", 1, 16),
])
def test_compile_errors_name_the_problem_and_its_position(start, text, fragment, line, column):
    compile_ = compile_effect if start == "effect" else compile_expression
    with pytest.raises(DslError) as info:
        compile_(text, symbols(WHERE))
    err = info.value
    assert isinstance(err, RulesetError) and isinstance(err, HouserulesError)
    assert fragment in err.message
    assert (err.file, err.path, err.line) == ("rules.yaml", "$.test", line)
    source_line, caret = err.detail.split("\n")[-2:]
    assert source_line.endswith(text.split("\n")[line - 1])
    if column is not None:
        assert err.column == column
        indent = len(source_line) - len(text.split("\n")[line - 1])
        assert caret == " " * (indent + column - 1) + "^"


# --- errors while a rule runs -----------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "1 / 0",
    "5 % 0",
    "players * 999999 * 999999",
])
def test_a_rule_that_fails_while_playing_is_a_rule_runtime_error(rules, text):
    fn = compile_expression(text, symbols(WHERE))
    with pytest.raises(RuleRuntimeError) as info:
        fn(table(rules), Frame(0, rules.card("red 5"), "red"))
    assert info.value.file == "rules.yaml" and info.value.line == 1


@pytest.mark.parametrize("text", [
    '1 + "a"',
    '-"a"',
    "hand(9)",
    "size(5)",
    "sum(c.color for c in hand(player))",
    "any(c in 5)",
    "count(s in players)",
])
def test_an_ill_typed_rule_is_refused_at_load_and_would_fail_cleanly_in_play(rules, text):
    """The type checker refuses these; compiled without it, the compiler's own guards still
    turn them into a RuleRuntimeError (a second line of defence)."""
    with pytest.raises(DslError):
        compile_expression(text, symbols(WHERE))
    fn = unchecked(text)
    with pytest.raises(RuleRuntimeError) as info:
        fn(table(rules), Frame(0, rules.card("red 5"), "red"))
    assert info.value.file == "rules.yaml" and info.value.line == 1


@pytest.mark.parametrize("text, expected", [
    ('any(s in others if s.color == "red" or s.rank == 1)', False),
    ('any(s in others if s.color == none or s.rank == 1)', True),
])
def test_attributes_of_seats_are_refused_at_load_and_none_if_compiled_anyway(rules, text,
                                                                            expected):
    """A seat has no attributes: the checker refuses `s.color`; the compiled one-scan
    shortcut still copes with seats (their attributes are none)."""
    with pytest.raises(DslError, match="attribute of a card, not of a seat"):
        compile_expression(text, symbols(WHERE))
    fn = unchecked(text)
    assert fn(table(rules), Frame(0, rules.card("red 5"), "blue")) is expected


# --- effects, played ------------------------------------------------------------------------
# Seat 0 plays a red Skip whose on_play is the effect under test; no UNO call is involved.

PLAY_HANDS = [["red skip", "red 1", "blue 2"],
              ["green 1", "green 2", "green 3"],
              ["yellow 1", "yellow 2"],
              ["blue 1", "blue 3"]]
STOCK = ["green 5", "green 6", "green 7", "green 8", "green 9"]  # top first


def skip_variant(directory, on_play):
    """A classic overlay whose Skip does `on_play`; `on_play` starts on line 8 of the file."""
    path = directory / "variant.yaml"
    path.write_text("extends: classic\n"
                    "name: variant\n"
                    "effects:\n"
                    "  punish: draw(next, 3)\n"
                    "kinds:\n"
                    "  skip:\n"
                    "    on_play: |\n"
                    + textwrap.indent(on_play, " " * 6) + "\n")
    return load_ruleset(path)


def play_skip(directory, on_play):
    rules = skip_variant(directory, on_play)
    game = GameState.from_table(rules, hands=PLAY_HANDS, discard=["red 3"], stock=STOCK)
    game.apply(rules.card("red skip"))
    return rules, game


@pytest.mark.parametrize("on_play, seat, direction, sizes", [
    ("lose_turn(next)", 2, 1, [2, 3, 2, 2]),
    ("lose_turn(others)", 0, 1, [2, 3, 2, 2]),
    ("extra_turn(player)", 0, 1, [2, 3, 2, 2]),
    ("extra_turn()", 0, 1, [2, 3, 2, 2]),
    ("extra_turn(seat_after(player, 3))", 3, 1, [2, 3, 2, 2]),
    ("set_direction(-direction)", 3, -1, [2, 3, 2, 2]),
    ("set_direction(-direction)\nlose_turn(next)", 2, -1, [2, 3, 2, 2]),
    ("draw(next, 2)", 1, 1, [2, 5, 2, 2]),
    ("draw(next, 2)\nlose_turn(next)", 2, 1, [2, 5, 2, 2]),
    ("draw(next, 1); draw(next, 1)", 1, 1, [2, 5, 2, 2]),
    ("draw(previous, 1)", 1, 1, [2, 3, 2, 3]),
    ("draw(others, 1)", 1, 1, [2, 4, 3, 3]),
    ("draw(everyone, 1)", 1, 1, [3, 4, 3, 3]),
    ("draw(next, size(hand(previous)))", 1, 1, [2, 5, 2, 2]),
    ("let n = players - 1\ndraw(next, n)", 1, 1, [2, 6, 2, 2]),
    ("if players == 4 then lose_turn(next) else extra_turn() end", 2, 1, [2, 3, 2, 2]),
    ("if players == 2 then extra_turn()\nelif players == 4 then draw(next, 1)\n"
     "else lose_turn(next)\nend", 1, 1, [2, 4, 2, 2]),
    ("if players == 2 then extra_turn() elif players == 3 then draw(next, 1) "
     "else draw(previous, 1) end", 1, 1, [2, 3, 2, 3]),
    ("if option.challenge then draw(next, 1) end", 1, 1, [2, 3, 2, 2]),
    ("swap_hands(player, next)", 1, 1, [3, 2, 2, 2]),
    ("pass_hands()", 1, 1, [2, 2, 3, 2]),
    ("draw(next, 1)\nend_turn()\ndraw(next, 1)", 1, 1, [2, 4, 2, 2]),
    ("if true then end_turn() end\ndraw(next, 5)", 1, 1, [2, 3, 2, 2]),
    ('run("punish")', 1, 1, [2, 6, 2, 2]),
    ('run("punish")\nlose_turn(next)', 2, 1, [2, 6, 2, 2]),
    ("for s in others do draw(s, 1) end", 1, 1, [2, 4, 3, 3]),
    ("for s in everyone do if size(hand(s)) == 2 then draw(s, 2) end end", 1, 1,
     [4, 3, 4, 4]),
])
def test_effects_change_the_game(tmp_path, on_play, seat, direction, sizes):
    _, game = play_skip(tmp_path, on_play)
    assert (game.decision.kind, game.decision.seat) == ("play", seat)
    assert game.direction == direction
    assert game.hand_sizes() == sizes


def test_set_color_and_turn_over_change_the_colour_to_follow(tmp_path):
    _, game = play_skip(tmp_path, 'set_color("green")')
    assert game.color == "green"
    rules, game = play_skip(tmp_path, 'let c = turn_over()\n'
                                      'if c.color == "green" then draw(player, 1) end')
    assert game.top is rules.card("green 5") and game.color == "green"
    assert game.hand_sizes() == [3, 3, 2, 2]


@pytest.mark.parametrize("on_play, asked, answer, seat, sizes, color", [
    ("choose_color(player)", ("color", 0), "blue", 1, [2, 3, 2, 2], "blue"),
    ("let t = choose_player(player, others)\ndraw(t, 2)", ("target", 0), 3,
     1, [2, 3, 2, 4], "red"),
    ('let a = ask(next, "challenge")\nif a then draw(player, 1) else draw(next, 1) end',
     ("challenge", 1), True, 1, [3, 3, 2, 2], "red"),
    ('let a = ask(next, "challenge")\nif a then draw(player, 1) else draw(next, 1) end',
     ("challenge", 1), False, 1, [2, 4, 2, 2], "red"),
    ("choose_color(next)\nlose_turn(next)", ("color", 1), "yellow", 2, [2, 3, 2, 2], "yellow"),
])
def test_choices_ask_a_player_then_the_effect_goes_on(tmp_path, on_play, asked, answer, seat,
                                                      sizes, color):
    _, game = play_skip(tmp_path, on_play)
    assert (game.decision.kind, game.decision.seat) == asked
    game.apply(answer)
    assert (game.decision.kind, game.decision.seat) == ("play", seat)
    assert game.hand_sizes() == sizes
    assert game.color == color


def test_choose_player_offers_exactly_the_seats_given(tmp_path):
    _, game = play_skip(tmp_path, "let t = choose_player(player, others)\ndraw(t, 2)")
    assert game.decision.options == (1, 2, 3)


def test_comprehension_variable_does_not_overwrite_a_let_variable(tmp_path):
    _, game = play_skip(tmp_path, "let c = 1\n"
                                  "if count(c in hand(player)) > 0 then draw(next, c) end")
    assert game.hand_sizes() == [2, 4, 2, 2]


@pytest.mark.parametrize("on_play, line, column", [
    ("set_direction(2)", 8, 21),
    ('set_color("purple")', 8, 17),
    ("draw(7, 1)", 8, 12),
    ('draw(next, 1)\ndraw(next, "two")', 9, 18),
    ("if any(c in 5) then end_turn() end", 8, 19),
])
def test_an_ill_typed_effect_is_refused_at_load_at_its_file_line(tmp_path, on_play, line,
                                                                 column):
    with pytest.raises(DslError) as info:
        skip_variant(tmp_path, on_play)
    err = info.value
    assert err.file.endswith("variant.yaml") and err.path == "$.kinds.skip.on_play"
    assert (err.line, err.column) == (line, column)


@pytest.mark.parametrize("on_play, line, column", [
    ("set_direction(2 * direction)", 8, 7),
    ("draw(next, 1)\ndraw(next, 1 - 2)", 9, 7),
    ("lose_turn(next)\ndraw(next, 1 / (players - 4))", 9, 18),
])
def test_a_failing_effect_is_a_rule_runtime_error_at_its_file_line(tmp_path, on_play, line, column):
    rules = skip_variant(tmp_path, on_play)
    game = GameState.from_table(rules, hands=PLAY_HANDS, discard=["red 3"], stock=STOCK)
    with pytest.raises(RuleRuntimeError) as info:
        game.apply(rules.card("red skip"))
    err = info.value
    assert err.file.endswith("variant.yaml") and err.path == "$.kinds.skip.on_play"
    assert err.line == line
    if column is not None:
        assert err.column == column


# --- error positions in the YAML file -------------------------------------------------------

@pytest.mark.parametrize("kind_yaml, line, column", [
    # a block scalar: the text starts on the line after `|`
    ("    on_play: |\n      draw(next, 1)\n      lose_turn(nxt)\n", 7, 17),
    ("    on_play: |\n          draw(next, 1)\n          lose_turn(nxt)\n", 7, 21),
    ("    on_play: |-\n      draw(next, 1)\n      lose_turn(nxt)\n", 7, 17),
    ("    on_play: |  # a comment\n      draw(next, 1)\n      lose_turn(nxt)\n", 7, 17),
    ("    on_play: |\n      draw(next, 1)\n      lose_turn(next))\n", 7, 22),
    ("    on_play: |\n      if players == 2 then\n        lose_turn(nxt)\n      end\n", 7, 19),
    # a plain scalar on the key's line
    ("    on_play: lose_turn(nxt)\n", 5, 24),
    ("    on_play:   lose_turn(nxt)   # a comment\n", 5, 26),
    ("    on_play: draw(next, 1 +* 2)\n", 5, 28),
    ("    legal: card.color == nope\n", 5, 26),
    # quoted scalars: the text starts after the quote
    ('    on_play: "lose_turn(nxt)"\n', 5, 25),
    ("    on_play: 'lose_turn(nxt)'\n", 5, 25),
    # scalars that YAML folds: the error must still point where the word is written
    ("    on_play: draw(next, 1)\n      lose_turn(nxt)\n", 6, 17),
    ("    on_play: >\n      draw(next, 1)\n      lose_turn(nxt)\n", 7, 17),
    ("    on_play: |\n\n      draw(next, 1)\n      lose_turn(nxt)\n", 8, 17),
])
def test_errors_point_at_the_yaml_file_line_and_column(tmp_path, kind_yaml, line, column):
    path = tmp_path / "mapped.yaml"
    path.write_text("extends: classic\nname: mapped\nkinds:\n  skip:\n" + kind_yaml)
    with pytest.raises(DslError) as info:
        load_ruleset(path)
    err = info.value
    assert err.file.endswith("mapped.yaml")
    assert (err.line, err.column) == (line, column)
    assert f"mapped.yaml:{line}:{column}:" in str(err)
    written = path.read_text().split("\n")[line - 1]
    assert err.detail.split("\n")[-2].strip() in written
