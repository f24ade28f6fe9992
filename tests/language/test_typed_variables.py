"""Variables that say what they hold (`type:`), and `drawn`, the cards a draw gave
(docs/rules.md): checked at load, kept as they were when set, saved, and never shown."""

import pytest
from helpers import write

from interpreter import GameState, load_ruleset
from interpreter.errors import DslError, HouserulesError
from interpreter.playing.session import Session
from interpreter.rl.encoding import Encoding

KEPT = """\
extends: classic
name: kept
variables:
  kept: {type: cards, per_seat: true}
  last_played: {type: card}
  wished: {type: color, initial: red}
  leader: {type: seat}
  followers: {type: seats}
  word: {type: text, initial: calm}
  turns: {type: number}
  seen: {type: boolean}
  plain: {initial: 3}
rules:
  keep:
    when: card_played
    do: |
      set_seat_var("kept", player, hand(player))
      set_var("last_played", card)
      set_var("wished", color)
      set_var("leader", player)
      set_var("followers", others)
      set_var("word", card.kind)
      set_var("turns", var.turns + 1)
      set_var("seen", true)
scoring:
  winner_scores: sum(c.points for c in hands(others)) + sum(c.points for c in seat_var("kept", player))
"""


def kept_game(tmp_path, **table):
    rules = load_ruleset(write(tmp_path, "kept.yaml", KEPT))
    return rules, GameState.from_table(
        rules, hands=[["red 5", "red 6", "blue 1"], ["blue 2", "red 4", "green 7"]],
        discard=["red 3"], stock=["yellow 1"] * 6, **table)


def test_a_typed_variable_holds_a_card_cards_a_colour_a_seat_or_text(tmp_path):
    rules, game = kept_game(tmp_path)
    assert game.variables["kept"] == [(), ()] and game.variables["wished"] == "red"
    assert game.variables["last_played"] is None and game.variables["word"] == "calm"
    game.apply(rules.card("red 5"))
    assert game.variables["kept"][0] == (rules.card("red 6"), rules.card("blue 1"))
    assert game.variables["last_played"] is rules.card("red 5")
    assert (game.variables["wished"], game.variables["leader"], game.variables["followers"],
            game.variables["word"], game.variables["turns"], game.variables["seen"],
            game.variables["plain"]) == ("red", 0, (1,), "number", 1, True, 3)


def test_cards_kept_in_a_variable_stay_as_they_were_when_set(tmp_path):
    rules, game = kept_game(tmp_path)
    game.apply(rules.card("red 5"))
    twin = game.clone()
    game.apply("draw")  # seat 1 draws (a yellow 1, kept); then seat 0 draws too
    game.apply("draw")
    assert len(game.hands[0]) == 3
    assert game.variables["kept"][0] == (rules.card("red 6"), rules.card("blue 1"))
    assert twin.variables == game.variables


def test_a_variable_holding_cards_is_never_observed(tmp_path):
    rules, _ = kept_game(tmp_path)
    observed = [name for name, _ in Encoding(rules, 2).variables]
    assert observed == ["leader", "turns", "seen", "plain"]


@pytest.mark.parametrize("effect, problem", [
    ('set_var("last_played", 5)', r"what 'last_played' holds \(a card or none\), not a number"),
    ('set_var("last_played", hand(player))', r"holds \(a card or none\), not cards"),
    ('set_var("wished", "purple")', r"unknown colour 'purple'"),
    ('set_var("leader", 2)', r"holds \(a seat or none\), not a number"),
    ('set_var("followers", none)', r"what 'followers' holds \(seats\), not none"),
    ('set_var("word", player)', r"holds \(text or none\), not a seat"),
    ('set_var("turns", true)', r"holds \(a number or none\), not true or false"),
    ('set_seat_var("kept", player, color)', r"what 'kept' holds \(cards\), not a colour"),
    ("draw(next, var.last_played)", r"draw's second argument is a number of cards, not a card"),
    ('draw(next, size(var.followers) + var.word)', r"`\+` works on numbers, not text"),
])
def test_a_wrong_value_for_a_typed_variable_is_refused_at_load(tmp_path, effect, problem):
    text = KEPT.replace('set_var("seen", true)', effect)
    with pytest.raises(DslError, match=problem) as caught:
        load_ruleset(write(tmp_path, "kept.yaml", text))
    assert caught.value.line == 24


@pytest.mark.parametrize("declared, problem", [
    ("{type: card, initial: 3}", r"a variable holding a card starts as none"),
    ("{type: cards, initial: none}", r"a variable of cards starts empty"),
    ("{type: color, initial: purple}", r"expected a colour or none \(red, yellow, green, blue\)"),
    ("{type: number, initial: calm}", r"expected a number or none to start a variable of type number"),
    ("{initial: calm}", r"expected a whole number, true, false or none to start a variable "
                        r"without a type"),
    ("{type: list}", r"type"),
])
def test_a_first_value_that_does_not_fit_is_refused_at_its_line(tmp_path, declared, problem):
    text = KEPT.replace("{type: text, initial: calm}", declared)
    with pytest.raises(HouserulesError, match=problem) as caught:
        load_ruleset(write(tmp_path, "kept.yaml", text))
    assert caught.value.line == 9


def test_typed_variables_come_back_with_a_saved_game(tmp_path):
    path = write(tmp_path, "kept.yaml", KEPT)
    session = Session(str(path), {}, 3, 0, "heuristic", 7)
    for _ in range(40):
        decision = session.game.decision
        if decision is None:
            break
        session.apply(decision.options[0])
    assert any(session.game.variables["kept"])
    session.save(tmp_path / "game.json")
    resumed = Session.load(tmp_path / "game.json", folder=tmp_path)
    assert named(resumed.game.variables) == named(session.game.variables)


def named(value):
    """A value with each card as its name (the cards of two loads are not the same objects)."""
    if isinstance(value, dict):
        return {key: named(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [named(item) for item in value]
    return getattr(value, "name", value)


DRAWN = """\
extends: classic
name: drawn
rules:
  drawn_wild:
    when: cards_drawn
    if: any(c in drawn if c.color == none)
    do: play_cards(player, select(c in drawn if c.color == none))
kinds:
  skip:
    on_play: |
      lose_turn(next)
      draw(player, 1)
      if any(c in drawn if c.kind == "number") then discard_cards(player, drawn) end
"""


def test_drawn_is_the_cards_a_seat_just_drew_in_a_cards_drawn_rule(tmp_path):
    rules = load_ruleset(write(tmp_path, "drawn.yaml", DRAWN))
    game = GameState.from_table(rules, hands=[["red 5", "blue 1"], ["blue 2", "red 4"]],
                                discard=["green 3"], stock=["wild", "yellow 1"])
    game.apply("draw")  # the drawn wild is played at once; it is not offered again
    assert game.decision.kind == "color" and game.top is rules.card("wild")
    game.apply("green")
    assert game.turn == 1 and game.hands[0] == [rules.card("red 5"), rules.card("blue 1")]


def test_drawn_after_draw_in_an_effect_is_the_cards_it_drew(tmp_path):
    rules = load_ruleset(write(tmp_path, "drawn.yaml", DRAWN))
    game = GameState.from_table(rules, hands=[["red skip", "blue 1", "red 1"], ["blue 2", "red 4"]],
                                discard=["red 3"], stock=["yellow 7", "yellow 1"])
    game.apply(rules.card("red skip"))  # draws the yellow 7, a number: put under the top card
    assert game.hands[0] == [rules.card("blue 1"), rules.card("red 1")]
    assert game.discard == [rules.card("red 3"), rules.card("yellow 7"), rules.card("red skip")]
