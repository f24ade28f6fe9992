"""The engine's short cuts give what the plain way gives: an instead_of rule's condition
tested early, a colour scanned as strings, a card's attributes read natively, a table of
bots kept for a whole run with its dice reseeded."""

from __future__ import annotations

import pickle

import pytest
from helpers import variant

from interpreter import COMPILED, GameState, load_ruleset
from interpreter.building.rules import reads_only_the_game
from interpreter.engine import game as engine
from interpreter.engine.cards import holds_value, own_attribute
from interpreter.engine.frame import Frame
from interpreter.playing.dice import Dice
from interpreter.playing.match import play_match
from interpreter.playing.seating import seat_bots
from interpreter.simulate.runs import simulate
from interpreter.simulate.tally import Summary


@pytest.mark.parametrize("condition, early", [
    ('card.kind == "wild_draw_four"', True),       # the card alone
    ("player == 0 and color == \"red\"", True),    # the frame's own names
    ("count > 2", False),                          # an event's bound name
    ("seat == player", False),
    ('any(c in hand(player) if c.color == "red")', False),  # a comprehension sets a variable
    ("sum(c.points for c in hand(player)) > 10", False),
])
def test_which_conditions_are_tested_before_the_rules_frame(condition, early):
    assert reads_only_the_game(condition, ("seat", "count"), {}) is early


def test_the_bundled_challenge_is_tested_early():
    rules = load_ruleset("mario_kart")
    assert [rule.early for rule in rules.triggers.draw_owed] == [True]


@pytest.mark.parametrize("condition, drawn", [
    ('card.kind == "draw_two"', 0),   # early, holds: the owed draw is replaced (nothing drawn)
    ('card.kind == "skip"', 2),       # early, fails: the draw goes on
    ("count == 2", 0),                # reads a bound name: tested on the rule's frame
    ("count == 3", 2),
])
def test_an_early_condition_replaces_as_the_plain_one(tmp_path, condition, drawn):
    rules = variant(tmp_path, f"""
        rules:
          shield:
            instead_of: draw_owed
            if: {condition}
            do: lose_turn(seat)
        """)
    game = GameState.from_table(rules, hands=[["red 5", "red 6", "red draw_two"], ["blue 1"],
                                              ["green 1"], ["yellow 1"]],
                                discard=["red 3"], stock=["blue 9"] * 10)
    game.apply(rules.card("red draw_two"))
    assert len(game.hands[1]) == 1 + drawn


@pytest.mark.parametrize("attr, wanted", [
    ("color", "red"), ("color", "purple"), ("color", None), ("kind", "wild"),
    ("points", 20), ("rank", 7), ("color", 3),
])
def test_holds_value_as_a_plain_scan(attr, wanted):
    rules = load_ruleset("classic")
    for hand in (["red 5", "blue 7"], ["wild", "blue draw_two"], [], ["green 7"]):
        cards = [rules.card(text) for text in hand]
        plain = int(any(getattr(card, attr) == wanted for card in cards))
        assert holds_value(cards, attr, wanted) == plain
        assert holds_value(tuple(cards), attr, wanted) == plain
    assert holds_value([0, 1], "color", "red") == -1  # not cards
    assert holds_value("red", "color", "red") == -1


def test_own_attribute_is_getattr_for_every_builtin_attribute():
    rules = load_ruleset("uno_flip")
    for card in rules.faces:
        for attr in ("name", "kind", "color", "rank", "points", "value", "back"):
            assert own_attribute(card, attr) == getattr(card, attr)


def test_a_reseeded_table_plays_as_a_new_one():
    rules = load_ruleset("classic", {"hands": 1})
    names = ["eager", "random", "heuristic", "eager"]
    dice = Dice(99)
    kept = seat_bots(names, dice)
    for seed in (3, 4, 5):
        dice.reseed(seed)
        again = play_match(GameState(rules, 4, seed, record=True), kept, None)
        fresh = play_match(GameState(rules, 4, seed, record=True),
                           seat_bots(names, Dice(seed)), None)
        assert again.events == fresh.events


class Notes:
    """A game log that only counts: given to play_match, it makes every decision an object."""

    def __init__(self):
        self.answers = 0

    def decided(self, decision, answer):
        self.answers += 1

    def next_hand(self):
        pass

    def finish(self, game):
        pass


@pytest.fixture
def unchecked(monkeypatch):
    """No invariant check after each answer: it reads the decision, so with it every play
    would be answered through the Decision object (the tests' conftest sets it)."""
    monkeypatch.setattr(engine, "DEBUG_CHECK", None)


@pytest.mark.parametrize("bots", ["eager", "random"])
@pytest.mark.parametrize("name", ["classic", "mario_kart", "uno_flip", "no_mercy", "crazy_eights"])
def test_a_play_answered_by_index_plays_as_the_decision(name, bots, unchecked):
    """The bots answer a turn's play from its options alone (GameState.play_option), unless
    something reads the decision: both ways play the same games."""
    rules = load_ruleset(name, {"hands": 2})
    for seed in (1, 2, 3):
        fast = play_match(GameState(rules, 4, seed, record=True),
                          seat_bots([bots] * 4, Dice(seed)))
        notes = Notes()
        plain = play_match(GameState(rules, 4, seed, record=True),
                           seat_bots([bots] * 4, Dice(seed)), notes)
        assert fast.events == plain.events and fast.scores == plain.scores
        assert notes.answers > 20


@pytest.mark.skipif(COMPILED, reason="a compiled bot's class cannot be subclassed in Python")
def test_a_bot_of_a_subclass_decides_through_its_own_decide(unchecked):
    """A subclass of a bundled bot may answer otherwise: it is asked through decide()."""
    from interpreter.playing.agents import EagerAgent

    asked = []

    class Counted(EagerAgent):
        def decide(self, game, decision):
            asked.append(decision.kind)
            return super().decide(game, decision)

    rules = load_ruleset("classic", {"hands": 1})
    bots = [Counted(Dice(3)) for _ in range(4)]
    game = play_match(GameState(rules, 4, 3), bots)
    assert game.over and asked.count("play") >= game.hand_results[0].turns - 1


def test_an_asked_play_is_one_decision_object_once_read():
    game = GameState(load_ruleset("classic"), 4, 7)
    assert game.asking and not game.hand_over
    decision = game.decision
    assert decision is game.decision and not game.asking
    assert decision.kind == "play" and decision.seat == game.turn
    assert decision.options == tuple(game.play_options[:game.play_count])
    assert decision.options[-1] == "draw"
    game.apply(decision.options[0])
    assert game.decision is not decision


def test_a_summary_crosses_processes_whole():
    summary = simulate(load_ruleset("classic", {"hands": 1}), games=20, players=4, seed=2)
    twin = pickle.loads(pickle.dumps(summary))
    assert twin.as_dict() == summary.as_dict() and twin.turn_counts == summary.turn_counts
    assert isinstance(twin, Summary)


def test_the_run_time_knows_the_names_each_replaceable_event_binds():
    from interpreter.engine.replacing import LOST, OWED
    from interpreter.engine.triggers import REPLACEABLE
    assert (REPLACEABLE["draw_owed"][0], REPLACEABLE["turn_lost"][0]) == (OWED, LOST)


@pytest.mark.parametrize("condition, tabled", [
    ('card.kind == "draw_two"', True),        # the card alone: looked up by card id
    ('card.color == "red" or card.rank == 5', True),
    ("count == 2", False),                    # an event's bound name
    ('color == "red"', False),                # the game's colour to follow
    ("size(hand(player)) > 3", False),        # the game, through a primitive
])
def test_which_replacement_conditions_are_looked_up_by_card(tmp_path, condition, tabled):
    rules = variant(tmp_path, f"""
        rules:
          shield:
            instead_of: draw_owed
            if: '{condition}'
            do: lose_turn(seat)
        """)
    (rule,) = rules.triggers.draw_owed
    assert (rule.by_card is not None) is tabled
    if tabled:
        assert [bool(held) for held in rule.by_card] == [
            bool(rule.condition(GameState.counting(1), Frame(0, face))) for face in rules.faces]


@pytest.mark.parametrize("draw_high, tabled", [
    ("card.value", True),
    ("card.points * 2 + option.bonus", True),     # options are settled at load
    ("size(hand(player))", False),                # reads the game: called in each game
    ("100 / card.value", False),                  # fails on a 0 at load: fails in the game
    ("card.value + " + "0" * 2000, False),        # too long a text for the deck: called
])
def test_which_dealer_draws_are_looked_up_by_card(tmp_path, draw_high, tabled):
    rules = variant(tmp_path, f"""
        options: {{bonus: {{type: integer, default: 3, help: added}}}}
        dealer: {{first: null, draw_high: '{draw_high}'}}
        """)
    assert (rules.dealer_values is not None) is tabled
    if tabled:
        assert rules.dealer_values == tuple(
            rules.dealer_draw(GameState.counting(1), Frame(0, face)) for face in rules.faces)


def test_the_bundled_dealer_draw_is_each_cards_value():
    rules = load_ruleset("mario_kart")
    assert rules.dealer_values == tuple(face.value for face in rules.faces)
