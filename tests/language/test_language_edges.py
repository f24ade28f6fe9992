"""The effect language's sharp edges (issue 42, points 8 to 15): `let` binds a value,
end_turn() in a turn_started rule, cards of two kinds with one name, a comprehension over a
single seat, a first card that can never be kept, a rank that may be text, `initial: none`,
and what forced_play forces."""

from __future__ import annotations

import json
import textwrap

import pytest
from helpers import names, table, variant

from interpreter import DslError, GameState, RulesetError, load_ruleset
from interpreter.loading.source import bundled_dir

# seat 0 plays a red skip; its effect is the text under test.
HANDS = [["red skip", "red 1", "blue 2"], ["green 1", "green 2"], ["yellow 1", "yellow 2"]]
STOCK = ["green 5", "green 6", "green 7", "green 8"]  # top first


def refused(tmp_path, text: str, error=RulesetError):
    with pytest.raises(error) as info:
        variant(tmp_path, text)
    return info.value


def skip_does(tmp_path, on_play: str, extra: str = ""):
    """Classic whose Skip does `on_play`; seat 0 plays one on the table above."""
    rules = variant(tmp_path, extra + "kinds:\n  skip:\n    on_play: |\n"
                    + textwrap.indent(on_play, "      ") + "\n")
    game = table(HANDS, rules, top="red 3", stock=STOCK)
    game.apply(rules.card("red skip"))
    return game


# --- 8. `let` binds a value --------------------------------------------------------------------

@pytest.mark.parametrize("on_play, seat0", [
    # The cards held when bound go under the stock; the two drawn after stay in the hand.
    ("let mine = hand(player)\ndraw(player, 2)\ncards_under_stock(player, mine)",
     ["green 5", "green 6"]),
    # A name bound again holds the new value from there on.
    ("let mine = hand(player)\ndraw(player, 1)\nlet mine = hand(player)\n"
     "cards_under_stock(player, mine)", []),
    # Bound again in a loop's body: each seat's own count.
    ("let n = 0\nfor s in others do let n = size(hand(s)) end\ndraw(player, n)",
     ["red 1", "blue 2", "green 5", "green 6"]),
    # A kept hand equals the hand while nothing changed it.
    ("let mine = hand(player)\nif mine == hand(player) then draw(player, 1) end\n"
     "draw(player, 1)\nif mine == hand(player) then draw(player, 1) end",
     ["red 1", "blue 2", "green 5", "green 6"]),
])
def test_let_binds_the_value_the_expression_has_then(tmp_path, on_play, seat0):
    game = skip_does(tmp_path, on_play)
    assert names(game.hands[0]) == seat0


# --- 9. end_turn() in a turn_started rule --------------------------------------------------

FROZEN = """\
variables: {frozen: {per_seat: true, initial: false}}
rules:
  thaw:
    when: turn_started
    if: seat_var("frozen", player)
    do: |
      set_seat_var("frozen", player, false)
      end_turn()
      draw(player, 5)
"""


@pytest.mark.parametrize("frozen, turn, sizes", [
    ([False, True, False], 2, [2, 2, 2]),  # seat 1's turn ends before it is asked to play
    ([False, True, True], 0, [2, 2, 2]),  # two in a row: play comes back to seat 0
    ([False, False, False], 1, [2, 2, 2]),  # no rule fires: seat 1 plays
])
def test_end_turn_in_a_turn_started_rule_ends_the_turn_unplayed(tmp_path, frozen, turn, sizes):
    rules = variant(tmp_path, FROZEN)
    game = GameState.from_table(rules, hands=[["red 1", "red 2", "blue 2"], ["green 1", "green 2"],
                                              ["yellow 1", "yellow 2"]],
                                discard=["red 3"], stock=STOCK)
    game.variables["frozen"] = list(frozen)
    game.apply(rules.card("red 1"))
    assert (game.decision.kind, game.decision.seat) == ("play", turn)
    assert game.hand_sizes() == sizes
    assert game.variables["frozen"] == [False, False, False]


# --- 10. two kinds that make cards of one name ---------------------------------------------

@pytest.mark.parametrize("text, line, other", [
    ("kinds:\n  spin: {ranks: [5], points: 20}\n"
     "deck:\n  - {kind: number, colors: all, ranks: [1, 5]}\n  - {kind: spin, colors: all}\n",
     7, ":6:5"),
    ("kinds:\n  spin: {ranks: [skip], points: 20}\n"
     "deck:\n  - {kind: skip, colors: [red]}\n  - {kind: spin, colors: all}\n", 7, ":6:5"),
])
def test_two_kinds_that_give_cards_one_name_are_refused_with_both_places(tmp_path, text, line,
                                                                         other):
    err = refused(tmp_path, text)
    assert (err.line, err.path) == (line, "$.deck[1].kind")
    assert "two cards may not share a name" in err.message
    assert f"mine.yaml{other}" in err.message


# --- 11. a comprehension over a single seat ----------------------------------------------------

@pytest.mark.parametrize("on_play, sizes", [
    ("draw(next, count(s in player if size(hand(s)) > 1))", [2, 3, 2]),
    ("draw(next, count(s in next if size(hand(s)) > 5))", [2, 2, 2]),
    ("if any(s in previous if s == 2) then draw(previous, 1) end", [2, 2, 3]),
    ("draw(select(s in next if true), 2)", [2, 4, 2]),
    ("draw(next, sum(size(hand(s)) for s in player))", [2, 4, 2]),
])
def test_a_comprehension_goes_through_a_single_seat_as_a_list_of_one(tmp_path, on_play, sizes):
    game = skip_does(tmp_path, on_play)
    assert game.hand_sizes() == sizes


# --- 12. a first card that can never be kept ---------------------------------------------

@pytest.mark.parametrize("text, path, fragment", [
    ("deck:\n  - {kind: wild, copies: 4}\n  - {kind: wild_draw_four, copies: 4}\n",
     "$.first_card.redeal_if", "redeal_if holds for every card of the deck (wild, "
                               "wild_draw_four; the deck at"),
    ("first_card: {redeal_if: null, return_if: card.kind != \"wild\"}\n"
     "deck:\n  - {kind: number, colors: all, ranks: [1, 2]}\n",
     "$.first_card.return_if", "would be put back and another turned for ever"),
    ("first_card: {return_if: card.kind == \"number\"}\n"
     "deck:\n  - {kind: number, colors: all, ranks: [1, 2]}\n  - {kind: wild}\n",
     "$.first_card.redeal_if", "every card that return_if lets through (wild;"),
    ("first_card: {redeal_if: 'card.color == none or option.target_score > 1'}\n",
     "$.first_card.redeal_if", "dealt again for ever"),
])
def test_a_first_card_condition_no_card_escapes_is_refused_at_its_line(tmp_path, text, path,
                                                                       fragment):
    err = refused(tmp_path, text)
    assert err.path == path and fragment in err.message, err.message


@pytest.mark.parametrize("text", [
    "deck:\n  - {kind: wild, copies: 4}\n  - {kind: number, colors: [red], ranks: [3]}\n",
    # A condition that reads the game is not judged at load.
    "first_card: {redeal_if: card.color == none or players > 0}\n",
])
def test_a_first_card_some_card_escapes_is_accepted(tmp_path, text):
    variant(tmp_path, text)


# --- 13. a rank that may be text ---------------------------------------------------------------

RANK_REFUSED = [
    ("rules: {r: {when: card_played, do: 'draw(next, card.rank + 1)'}}", "`+` works on numbers"),
    ("rules: {r: {when: card_played, if: card.rank > 5, do: 'draw(next, 1)'}}", "`>` orders"),
    ("rules: {r: {when: card_played, do: 'draw(next, top.rank)'}}", "draw's second argument"),
    ("rules: {r: {when: card_played, do: 'draw(next, sum(c.rank for c in hand(player)))'}}",
     "sum works on numbers"),
    ("rules: {r: {when: card_played, if: card.kind != \"number\" or card.rank > 5, "
     "do: 'draw(next, -card.rank)'}}", "`-` works on numbers"),
    ("kinds: {skip: {on_play: 'draw(next, top.rank)'}}", "use `top.value`"),
]


@pytest.mark.parametrize("text, fragment", RANK_REFUSED)
def test_arithmetic_on_a_rank_that_may_be_text_is_refused_at_load(tmp_path, text, fragment):
    err = refused(tmp_path, text + "\n", DslError)
    assert fragment in err.message and "a card's rank may be text" in err.message, err.message
    assert 'kind == "number" and ...`' in err.message


@pytest.mark.parametrize("text", [
    "rules: {r: {when: card_played, do: 'draw(next, card.value + 1)'}}",
    "rules: {r: {when: card_played, if: card.kind == \"number\" and card.rank > 5, "
    "do: 'draw(next, 1)'}}",
    "rules: {r: {when: card_played, if: card.kind == \"number\", do: 'draw(next, card.rank)'}}",
    "rules: {r: {when: card_played, if: card.kind != \"number\" or card.rank > 5, "
    "do: 'draw(next, 1)'}}",
    "rules: {r: {when: card_played, if: not (card.kind != \"number\"), "
    "do: 'draw(next, card.rank)'}}",
    "rules: {r: {when: card_played, do: 'if top.kind == \"number\" then draw(next, top.rank) "
    "elif card.kind != \"number\" then draw(next, 1) else draw(next, card.rank) end'}}",
    "rules: {r: {when: card_played, do: 'draw(next, sum(c.rank for c in hand(player) if "
    "c.kind == \"number\"))'}}",
    "rules: {r: {when: card_played, if: 'card.rank == \"skip\" or card.rank == 3', "
    "do: 'draw(next, 1)'}}",  # equality is safe on any rank
    "kinds: {number: {on_play: 'if card.rank > 7 then draw(next, card.rank - 7) end'}}",
    # A deck of numbers only: every rank is a number.
    "deck:\n  - {kind: number, colors: all, ranks: [1, 2, 3]}\n"
    "rules: {r: {when: card_played, do: 'draw(next, card.rank + 1)'}}",
])
def test_a_rank_made_sure_of_or_always_a_number_is_accepted(tmp_path, text):
    variant(tmp_path, text + "\n")


# --- 14. initial: none ---------------------------------------------------------------------

# (In a ruleset that extends another, `null` removes the base's key: `none` is what says none.)
@pytest.mark.parametrize("initial, value", [("none", None), ("3", 3), ("true", True)])
def test_a_variable_may_start_as_none(tmp_path, initial, value):
    rules = variant(tmp_path, f"variables: {{last: {{initial: {initial}}}}}\n")
    assert rules.variables["last"][2] == value
    game = GameState(rules, players=2, seed=1)
    assert game.variables["last"] == value


# --- 15. forced_play forces a drawn card only ---------------------------------------------

def test_the_schema_says_forced_play_forces_only_a_drawn_card():
    schema = json.loads((bundled_dir("schema") / "ruleset.schema.json").read_text())
    said = schema["properties"]["turn"]["properties"]["forced_play"]["description"]
    assert "just drawn" in said and "never forced to play one" in said


@pytest.mark.parametrize("drawn, played", [("red 9", True), ("blue 9", False)])
def test_forced_play_lets_a_player_holding_a_playable_card_draw(drawn, played):
    rules = load_ruleset("classic+house/forced_play")
    game = GameState.from_table(rules, hands=[["red 1", "green 4"], ["green 1", "green 2"]],
                                discard=["red 3"], stock=[drawn, "yellow 5"])
    assert game.decision.kind == "play" and "draw" in [str(o) for o in game.decision.options]
    game.apply("draw")  # red 1 is playable, and drawing is still allowed
    assert (game.discard[-1].name == drawn) == played
    assert len(game.hands[0]) == (2 if played else 3)
