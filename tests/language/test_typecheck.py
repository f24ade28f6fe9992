"""Static types of the effect language (interpreter/language/typecheck.py): what is refused at load, with
what message and where; what is accepted (every bundled ruleset and example among it); and
that every function, name and attribute of the language has its types in the table."""

from __future__ import annotations

import re

import pytest
from checkout import ROOT

from interpreter import DslError, load_ruleset
from interpreter.cli.main import main
from interpreter.engine.cards import BUILTIN_ATTRIBUTES
from interpreter.engine.triggers import REPLACEABLE
from interpreter.language import dsl
from interpreter.language.builtins import FUNCTIONS
from interpreter.language.compiler import compile_effect, compile_expression
from interpreter.language.symbols import Symbols
from interpreter.language.vocabulary import (
    ATTRIBUTE_TYPES,
    BOUND_TYPES,
    QUANTIFIERS,
    type_name,
)

WHERE = {"file": "rules.yaml", "line": 3, "column": 10, "path": "$.test"}
COLOURS = ("red", "yellow", "green", "blue")


def symbols(bound=()):
    return Symbols(options={"n": 3, "flag": True, "mode": "fast"},
                   attributes=frozenset({"item"}), effects=frozenset({"punish"}),
                   variables={"strikes": False, "marks": True}, where=dict(WHERE),
                   colors=COLOURS, bound=bound)


def compile_(start, text, bound=()):
    fn = compile_effect if start == "effect" else compile_expression
    return fn(text, symbols(bound))


# --- refused at load --------------------------------------------------------------------------

REFUSED = [
    # arguments
    ("effect", 'draw(next, "two")', "draw's second argument is a number of cards, not text"),
    ("effect", "draw(next, player)", "draw's second argument is a number of cards, not a seat"),
    ("effect", "draw(none, 1)", "draw's first argument is a seat or seats, not none"),
    ("effect", "lose_turn(3 + 1)", "lose_turn's argument is a seat or seats, not a number "
                                   "(a number may name no seat"),
    ("effect", "let v = choose_player(player, 5)", "choose_player's second argument is a seat "
                                                   "or seats, not a number"),
    ("effect", "swap_hands(player, top)", "swap_hands's second argument is a seat, not a card "
                                          "or none"),
    ("effect", "run(player)", "run's argument is the name of an effect, not a seat"),
    ("effect", "set_direction(true)", "set_direction's argument is a direction (1 or -1), not "
                                      "true or false"),
    ("effect", "set_direction(2)", "set_direction's argument is a direction, 1 or -1, not 2"),
    ("effect", "pass_hands(0)", "a direction, 1 or -1, not 0"),
    ("effect", 'set_var("strikes", "many")', "set_var's second argument is a whole number, a "
                                             "seat, true, false or none, not text"),
    ("effect", "set_var(\"strikes\", hand(player))", "not cards"),
    ("effect", "add_penalty(color)", "add_penalty's argument is a number of cards, not a "
                                     "colour or none"),
    ("effect", "for s in 3 do draw(s, 1) end", "for goes through seats, not a number"),
    ("effect", "for c in hand(player) do draw(next, 1) end", "for goes through seats, not cards"),
    ("condition", "size(hand(3)) > 0", "hand's argument is a seat, not a number"),
    ("condition", "size(5)", "size's argument is cards, seats or colours, not a number"),
    ("condition", "size(player)", "size's argument is cards, seats or colours, not a seat"),
    ("condition", "min(player, 2)", "min's first argument is a number, not a seat"),
    ("condition", 'score(seat_var("marks", 1))', "seat_var's second argument is a seat"),
    # colours
    ("effect", 'set_color("purple")', "unknown colour 'purple'; colours: red, yellow, green, "
                                      "blue"),
    ("effect", 'set_color("gren")', "did you mean 'green'?"),
    ("effect", "set_color(none)", "set_color's argument is a colour, not none"),
    ("effect", "set_color(3)", "set_color's argument is a colour, not a number"),
    ("condition", 'card.color == "purpel"', "unknown colour 'purpel'"),
    ("condition", '"Red" != color', "did you mean 'red'?"),
    ("condition", 'any(c in hand(player) if c.color == "bleu")', "unknown colour 'bleu'"),
    # conditions
    ("effect", "let x = draw(next, 1)\nif x then end_turn() end", "a condition is true or "
                                                                  "false, not none"),
    ("effect", "let t = choose_player(player, others)\nif t then draw(t, 1) end",
     "not a seat (seat 0 would count as false"),
    ("condition", "not player", "seat 0 would count as false"),
    ("condition", "dealer and true", "seat 0 would count as false"),
    ("condition", "any(c in hand(player) if next)", "seat 0"),
    # operators
    ("condition", 'card.rank + "x"', "`+` works on numbers, not text"),
    ("condition", "player + 1", "`+` works on numbers, not a seat; the seat after one is "
                                "seat_after(seat, 1)"),
    ("condition", "-fair", "`-` works on numbers, not true or false"),
    ("condition", "card.points * top", "`*` works on numbers, not a card or none"),
    ("condition", "card == 3", "`==` compares a card with a number: they are never equal"),
    ("condition", "card.color != 3", "compares a colour or none with a number"),
    ("condition", "fair == 1", "compares true or false with a number"),
    ("condition", "hand(player) == others", "compares cards with seats"),
    ("condition", "card < 3", "`<` orders numbers or text, not a card and a number"),
    ("condition", "fair >= false", "orders numbers or text"),
    ("condition", "card in others", "`in` looks for a card in seats: it is never there"),
    ("condition", "player in hand(player)", "`in` looks for a seat in cards"),
    ("condition", "3 in 4", "`in` looks in cards, seats, colours or text, not a number"),
    ("condition", "card in colors_in(hand(player))", "`in` looks for a card in colours"),
    ("condition", 'any(c in colors_in(hand(player)) if c == "pink")', "unknown colour 'pink'"),
    ("effect", 'draw_until_color(next, "pink")', "unknown colour 'pink'"),
    ("effect", "choose_color(player, color)", "choose_color's second argument is a list of "
                                              "colours, not a colour or none"),
    # comprehensions and attributes
    ("condition", "any(c in direction)", "any goes through cards, seats or colours, not a "
                                         "number"),
    ("condition", "count(s in players)", "count goes through cards, seats or colours, not a number"),
    ("condition", "sum(c.color for c in hand(player))", "sum works on numbers, not a colour or "
                                                        "none"),
    ("condition", "sum(s for s in others)", "sum works on numbers, not a seat"),
    ("condition", "player.color == none", "`.color` is an attribute of a card, not of a seat"),
    ("condition", "any(s in others if s.item == 1)", "`.item` is an attribute of a card"),
    ("condition", "size(hand(player)).points", "not of a number"),
    # select gives a list like its source's
    ("effect", "draw(next, select(c in hand(player)))", "not cards"),
    ("effect", "give_cards(player, others, card)", "give_cards's second argument is a seat, "
                                                   "not seats"),
    ("effect", "discard_cards(player, select(s in others))", "a card or cards, not seats"),
    # variables keep their types; a branch settled away (option n is 3) is checked too
    ("effect", "let k = 2\nlose_turn(k)", "lose_turn's argument is a seat or seats, not a number"),
    ("effect", "let c = color\ndraw(next, c)", "not a colour or none"),
    ("effect", 'if option.n == 1 then draw(next, "x") end', "not text"),
    ("effect", 'if option.mode == "slow" then set_color("x") end', "unknown colour 'x'"),
    ("effect", "draw(next, option.flag)", "not true or false"),
]


@pytest.mark.parametrize("start, text, fragment", REFUSED, ids=[t for _, t, _ in REFUSED])
def test_ill_typed_text_is_refused_at_load_saying_what_was_expected(start, text, fragment):
    with pytest.raises(DslError) as info:
        compile_(start, text)
    assert fragment in info.value.message


@pytest.mark.parametrize("text, fragment", [
    ("draw(count, 1)", "draw's first argument is a seat or seats, not a number"),
    ('draw(seat, count + "x")', "`+` works on numbers, not text"),
])
def test_the_names_an_instead_of_rule_binds_have_types(text, fragment):
    with pytest.raises(DslError, match=fragment.replace("(", r"\(").replace("+", r"\+")):
        compile_("effect", text, bound=("seat", "count"))
    compile_("effect", "draw(seat, count + 2)", bound=("seat", "count"))


@pytest.mark.parametrize("text, line, column, text_column", [
    ('draw(next, "two")', 3, 21, 12),  # on the text's first line: its column in the file too
    ('draw(next, 1)\nset_color("purple")', 4, 11, 11),
    ("draw(next, 1)\nif true then\n  lose_turn(1 + 2)\nend", 5, 13, 13),
])
def test_a_refusal_gives_file_line_column_and_a_caret(text, line, column, text_column):
    with pytest.raises(DslError) as info:
        compile_("effect", text)
    err = info.value
    assert (err.file, err.path, err.line, err.column) == ("rules.yaml", "$.test", line, column)
    source_line, caret = err.detail.split("\n")[-2:]
    assert source_line == "    " + text.split("\n")[line - WHERE["line"]]
    assert caret == "    " + " " * (text_column - 1) + "^"


@pytest.mark.parametrize("entry, fragment", [
    ("scoring: {winner_scores: color}", "the winner's score is a number, not a colour or none"),
    ("scoring: {winner_scores: none}", "the winner's score is a number, not none"),
    ("dealer: {draw_high: card.color}", "what a card is worth in the dealer draw is a number, "
                                        "not a colour"),
    ("playable: dealer", "a condition is true or false, not a seat"),
    ("playable: {match: 'card.color == color', last: {only_if: next}}", "not a seat"),
    ("kinds: {skip: {legal: none}}", "a condition is true or false, not none"),
    ("first_card: {redeal_if: turn}", "not a seat"),
    ("jump_in: {enabled: true, allowed: player}", "not a seat"),
    ("rules: {r: {when: turn_started, if: player, do: 'draw(player, 1)'}}", "not a seat"),
])
def test_a_ruleset_key_expects_a_condition_or_a_number(tmp_path, entry, fragment):
    path = tmp_path / "r.yaml"
    path.write_text(f"extends: classic\nname: r\n{entry}\n")
    with pytest.raises(DslError) as info:
        load_ruleset(path)
    assert fragment in info.value.message


# --- accepted -------------------------------------------------------------------------------

ACCEPTED = [
    ("condition", "card.color == none or card.color == color or card.rank == top.rank"),
    ("condition", 'card.rank == 7 or card.rank == "skip"'),  # a rank is a number or text
    ("condition", 'card.kind == "number" and card.rank > 5'),
    ("condition", "card.rank + 1 == 8"),
    ("condition", "dealer == 0 or player < next or 2 in others"),  # a seat compares with a number
    ("condition", "top == none or none == card.color"),  # none compares with anything
    ("condition", '"re" in card.name'),
    ("condition", 'card.item == "mushroom" or card.item == 3'),  # declared: anything
    ("condition", 'option.mode == "fast" and option.flag or option.n + 1 > 2'),
    ("condition", "sum(c.points for c in hands(others)) + 10 * count(s in others if "
                  "size(hand(s)) == 1)"),
    ("condition", "not any(c in hand(player) if c.color == color)"),
    ("condition", "any(c in hand(player) if any(d in hand(next) if d.color == c.color))"),
    ("condition", "count(c in hand(player)) and fair"),  # a number is true unless 0
    ("condition", "top and top.points > 3"),  # a card that may be none
    ("condition", 'var.strikes + 1 > 2 or seat_var("marks", next) == true'),
    ("condition", "max(score(player), size(hands(everyone))) - min(1, penalty)"),
    ("effect", "lose_turn(player); draw(others, 2 + penalty); owe_draw(next, 4)"),
    ("effect", "extra_turn(); extra_turn(seat_after(player, 2)); pass_hands(); pass_hands(-1)"),
    ("effect", "set_direction(-direction)\nif players == 2 then lose_turn(next) end"),
    ("effect", 'set_color("green"); set_color(color); set_color(option.mode)'),
    ("effect", "let c = choose_color(player)\nif c == \"red\" then draw(next, 1) end"),
    ("effect", "let victim = choose_player(player, others)\ndraw(victim, 1)\n"
               "swap_hands(player, victim)"),
    ("effect", 'let a = ask(next, "challenge")\nif a and not fair then draw(player, 4) end'),
    ("effect", "let t = turn_over()\nif t == none then choose_color(player)\n"
               "else run(t.item) end"),
    ("effect", "let t = turn_over()\nif t then draw(player, t.points) end"),
    ("effect", "let leader = seat_after(player, 1)\nif players >= 3 and size(hand(seat_after("
               "player, 2))) < size(hand(leader)) then\n  let leader = seat_after(player, 2)\n"
               "end\ndraw(leader, 2)"),
    ("effect", 'set_var("strikes", var.strikes + 1); set_var("strikes", none); '
               'set_var("strikes", player); draw(var.strikes, 1)'),  # a seat kept in a variable
    ("effect", 'set_seat_var("marks", next, seat_var("marks", next) + 1)'),
    ("effect", "let c = 1\nif count(c in hand(player)) > 0 then draw(next, c) end"),
    ("effect", "choose_color(player, colors_in(hand(player)))\n"
               "if size(colors_in(hands(others))) > 1 then draw_until_color(next, color) end"),
    ("condition", "color in colors_in(hand(player)) and any(c in colors_in(hand(next)) if "
                  "c == \"red\")"),
    ("effect", "discard_cards(player, select(c in hand(player) if c.rank == card.rank))\n"
               "give_cards(player, next, card)\ncards_under_stock(player, hand(player))\n"
               "draw(select(s in others if size(hand(s)) < 3), 1)"),
    ("effect", 'run("punish"); run(card.kind); take_penalty(player); add_penalty(2); end_turn()'),
]


@pytest.mark.parametrize("start, text", ACCEPTED, ids=[t for _, t in ACCEPTED])
def test_well_typed_text_is_accepted(start, text):
    compile_(start, text)


def ruleset_files() -> list:
    found = [*sorted((ROOT / "rulesets").rglob("*.yaml")),
             *sorted((ROOT / "examples").rglob("*.yaml"))]
    return [p for p in found if "scenarios" not in p.parts]


@pytest.mark.parametrize("path", ruleset_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_bundled_ruleset_and_example_is_well_typed(path, capsys):
    assert main(["validate", str(path)]) == 0, capsys.readouterr().err


# House rules that score each seat's own hand refuse partners, whose team scores the
# opponents' cards (docs/game-rules.md 3, Low score): each side is checked with the rest.
OWN_HANDS = {"low_score", "elimination"}


@pytest.mark.parametrize("left_out", [OWN_HANDS, {"partners"}])
def test_every_house_rule_at_once_is_well_typed(capsys, left_out):
    house = sorted(p.stem for p in (ROOT / "rulesets" / "house").glob("*.yaml")
                   if p.stem not in left_out)
    for base in ("classic", "mario_kart"):
        ref = "+".join([base] + [f"house/{name}" for name in house])
        assert main(["validate", ref]) == 0, capsys.readouterr().err


def test_scoring_own_hands_with_partners_is_refused_naming_both_files(capsys):
    for name in sorted(OWN_HANDS):
        assert main(["validate", f"classic+house/partners+house/{name}"]) != 0
        err = capsys.readouterr().err
        assert f"rulesets/house/{name}.yaml" in err and "rulesets/house/partners.yaml" in err
        assert "both set $.scoring.winner_scores differently" in err


# --- the types' tables are complete (the builtins': test_builtins_table.py) ---------------

def test_every_comprehension_has_a_type():
    pattern = dsl.parser().get_terminal("QUANTIFIER").pattern.value
    names = set(re.search(r"\(([a-z|]+)\)", pattern).group(1).split("|"))
    assert names <= set(QUANTIFIERS), f"add {sorted(names - set(QUANTIFIERS))} to " \
                                      "interpreter/language/vocabulary.py QUANTIFIERS"


def test_every_card_attribute_and_bound_name_has_a_type():
    assert set(BUILTIN_ATTRIBUTES) <= set(ATTRIBUTE_TYPES), "add it to ATTRIBUTE_TYPES"
    bound = {name for names, _ in REPLACEABLE.values() for name in names}
    assert bound <= set(BOUND_TYPES), f"add {sorted(bound - set(BOUND_TYPES))} to BOUND_TYPES"


def test_types_read_as_the_reference_writes_them():
    assert type_name(FUNCTIONS["turn_over"].result) == "card/none"
    assert type_name(FUNCTIONS["size"].params[0].type) == "cards/seats/colours"
    assert type_name(FUNCTIONS["draw"].params[0].type) == "seat/seats"
    assert type_name(ATTRIBUTE_TYPES["rank"]) == "number/text"
