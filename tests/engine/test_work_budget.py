"""The game's budget of work (budget.py): the rules' work past it is an error,
the turns' work ends the hand blocked and the match with it (docs/game-rules.md 1)."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from functools import partial

import helpers
import pytest

from interpreter import GameState, RuleRuntimeError, load_ruleset
from interpreter.cli.main import main
from interpreter.engine.budget import (
    RULES_RESERVE,
    TURN_WORK,
    TURNS_MESSAGE,
    WORK_PER_GAME,
)
from interpreter.engine.dealing import shuffle, stacked_stock
from interpreter.engine.decisions import DONE
from interpreter.engine.decks import pair_at_random
from interpreter.engine.frame import Frame
from interpreter.engine.moves import take_out
from interpreter.engine.order import walk
from interpreter.engine.scoring import leader
from interpreter.errors import IllegalMove
from interpreter.language.builtins import FUNCTIONS
from interpreter.language.choices import CardPicks
from interpreter.language.compiler import compile_expression
from interpreter.language.symbols import Symbols
from interpreter.playing.match import play_match
from interpreter.playing.seating import make_agents
from interpreter.simulate.runs import Summary

CLASSIC = load_ruleset("classic")


def low_budget_game(left: int, seed: int = 3, rules=CLASSIC) -> GameState:
    """A recorded game with `left` steps of its budget above the rules' reserve."""
    game = GameState(rules, players=4, seed=seed, record=True)
    game.work_left = RULES_RESERVE + left
    return game


@pytest.mark.parametrize("left", [0, 1, TURN_WORK, 10 * TURN_WORK, 100 * TURN_WORK])
def test_turns_that_use_up_the_budget_end_the_hand_blocked_and_the_match(left):
    game = low_budget_game(left)
    play_match(game, make_agents("eager", 4, 3))
    assert game.over and game.cut_short and game.hand_results[-1].blocked
    assert game.match_winner == leader(game)
    reasons = [data["reason"] for event, data in game.events if event == "hand_blocked"]
    assert reasons == [TURNS_MESSAGE]
    assert game.work_left < RULES_RESERVE


def test_each_turn_and_each_card_in_the_hand_to_play_is_charged():
    game = GameState(CLASSIC, players=4, seed=3)
    before, turns = game.work_left, game.turns
    while game.turns == turns:
        game.apply(game.legal_options()[0])
    # The next seat's turn began and it was asked, on its seven cards.
    assert before - game.work_left >= TURN_WORK + 7 // 2


def test_the_rules_own_work_past_the_budget_is_still_an_error():
    game = GameState(CLASSIC, players=4, seed=3)
    game.work_left = 5
    with pytest.raises(RuleRuntimeError, match="more work than one game may"):
        game.spend(10)


def test_a_full_budget_is_far_more_than_a_bundled_match_with_heuristic_bots_spends():
    game = GameState(CLASSIC, players=4, seed=5)
    play_match(game, make_agents("heuristic", 4, 5))
    assert not game.cut_short and WORK_PER_GAME - game.work_left < RULES_RESERVE


def test_a_summary_counts_blocked_hands_and_matches_cut_short():
    summary = Summary("classic", 4, 0, {}, wins=[0] * 4)
    for left in (0, 10 ** 7):
        game = low_budget_game(left)
        play_match(game, make_agents("eager", 4, 3))
        summary.add(game)
    other = Summary("classic", 4, 0, {}, wins=[0] * 4)
    other.merge(summary)
    report = other.as_dict()
    assert (report["matches_cut_short"], report["blocked_hands"]) == (1, 1)


def test_simulate_says_how_many_matches_were_cut_short(tmp_path, capsys):
    path = tmp_path / "tiny.yaml"
    # A deck nobody can go out of quickly: every hand runs to the turns guard.
    path.write_text("extends: classic\nname: tiny\nlimits: {turns_per_hand: 1000}\n"
                    'playable: "false"\n')
    assert main(["simulate", str(path), "--games", "2", "--jobs", "1", "--seed", "1"]) == 0
    text = capsys.readouterr().out
    assert "hands ended blocked:" in text
    assert main(["simulate", str(path), "--games", "2", "--jobs", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["blocked_hands"] >= 2 and report["matches_cut_short"] == 0


# --- every primitive's work is charged: 1 for each card or seat it touches -------------------

# Four seats holding 3, 5, 2 and 4 cards; the stock's third card is the first yellow one.
HANDS = [["red 1", "red 2", "blue 3"], ["red 4", "red 5", "red 6", "blue 7", "blue 8"],
         ["green 1", "green 2"], ["yellow 1", "yellow 2", "yellow 3", "yellow 4"]]
STOCK = ["red 9", "blue 9", "yellow 9", "green 9", "red 7", "blue 6"]


# The table above, seat 0 to play, a penalty of 3 cards pending.
table = partial(helpers.table, HANDS, rules=CLASSIC, discard=["green 3", "green 4", "green 5"],
                stock=STOCK, penalty=3)


def held(seat: int, count: int):
    """The first `count` cards of the seat's hand, as an argument worked out on the game."""
    return lambda game: game.hands[seat][:count]


def every_card(game: GameState) -> int:
    return sum(map(len, game.hands)) + len(game.stock) + len(game.discard)


# primitive: (arguments, each a value or a function of the game; the work it costs, likewise).
# Seats: 4; the held-card moves go through the hand, the cards and every seat.
CHARGED = {
    "hands": (((0, 1, 2, 3),), 4 + 14),
    "colors_in": ((lambda game: game.hands[1],), 5),
    "score": ((1,), 4),
    "partner": ((1,), 4),
    "seats_in": ((), 4),
    "lowest_scorer": (((1, 2),), 2),
    "playable": ((lambda game: game.hands[1][0],), 1),  # a table read (classic's are tabled)
    "draw": (((1, 2), 2), 2 + 4),
    "draw_until_color": ((1, "yellow"), 1 + 3),
    "owe_draw": ((1, 2), 1 + 2),
    "take_penalty": ((1,), 3),
    "lose_turn": (((1, 2, 3),), 3),
    "discard_cards": ((1, held(1, 2)), 5 + 2 + 4),
    "give_cards": ((1, 2, held(1, 2)), 5 + 2 + 4),
    "cards_under_stock": ((1, held(1, 2)), 5 + 2 + 4),
    "cards_under_discard": ((1, held(1, 2)), 5 + 2 + 4),
    "play_cards": ((1, held(1, 2)), 5 + 2 + 4 + 2 * 5),  # each play finds its card
    "switch_sides": ((), every_card),
    "swap_hands": ((1, 2), 4),
    "pass_hands": ((), 4),
    "shuffle_hands": ((1,), 14 + 4),  # each card shuffled and dealt, and every seat
    "eliminate": ((1,), 5 + 4),
    "choose_player": ((0, (1, 2, 3)), 3),
    "choose_color": ((0, ["red", "blue"]), 2),
    "choose_cards": ((0, held(1, 5), 1), 5),
    # Each giver's hand copied and the seats it may pass to; each pick is charged as it comes.
    "pass_cards": (((1, 2), 1), lambda game: 2 * 4 + len(game.hands[1]) + len(game.hands[2])),
    "reveal_hand": (((1, 2),), 2),
}
# What works on a fixed number of values, whatever the cards and seats: charged nothing (a
# card turned over is drawn, and a reshuffle it makes is charged by the stock).
FIXED = {"hand", "size", "min", "max", "seat_after", "seat_var", "set_var", "set_seat_var",
         "extra_turn", "add_penalty", "set_direction", "set_color", "turn_over", "proceed",
         "end_turn", "end_hand", "run", "ask", "top_of", "bottom_of", "pile_count",
         "random", "outcome"}  # chance: at most chance.MAX_OUTCOMES slots
# The primitives of rows of piles, on a DOS table whose Center Row holds red 5 and a pile of
# green 8 under blue 8: the same four hands, in cards DOS has.
ROW_HANDS = [["red 1", "red 3", "blue 3"], ["red 4", "red 5", "red 6", "blue 7", "blue 8"],
             ["green 1", "green 3"], ["yellow 1", "yellow 3", "yellow 4", "yellow 5"]]
ROW_CHARGED = {
    "pile_cards": (("center", 2), 2),
    "clear_piles": (("center", 2), 3),  # each card of the row looked at
    "refill_row": (("center",), 2),  # up to the piles it is dealt
    "add_to_row": ((1, "center", held(1, 2)), 5 + 2 + 4),
    "play_on": ((1, held(1, 2), "center", 1), 5 + 2 + 4 + 2 * 5),
}
row_table = partial(helpers.table, ROW_HANDS, rules="dos", discard=[], stock=STOCK,
                    rows={"center": [["red 5"], ["green 8", "blue 8"]]})
RULES_FOR = {"partner": "classic+house/partners", "switch_sides": "uno_flip"}


def test_every_primitive_is_charged_or_does_fixed_work():
    charged = set(CHARGED) | set(ROW_CHARGED)
    assert charged | FIXED == set(FUNCTIONS) and not charged & FIXED


@pytest.mark.parametrize("name", sorted(ROW_CHARGED))
def test_a_row_primitive_charges_each_card_it_touches_and_past_the_budget_fails(name):
    args, work = ROW_CHARGED[name]
    for budget in (None, 0):
        game = row_table()
        values = [arg(game) if callable(arg) else arg for arg in args]
        if budget is None:
            before = game.work_left
            FUNCTIONS[name].fn(game, Frame(0), *values)
            assert before - game.work_left == work
        else:
            game.work_left = budget
            with pytest.raises((ValueError, RuleRuntimeError), match="more work than one game"):
                FUNCTIONS[name].fn(game, Frame(0), *values)


@pytest.mark.parametrize("name", sorted(CHARGED))
def test_a_primitive_charges_each_card_and_seat_it_touches(name):
    args, work = CHARGED[name]
    game = table(rules=load_ruleset(RULES_FOR.get(name, "classic")))
    values = [arg(game) if callable(arg) else arg for arg in args]
    expected = work(game) if callable(work) else work
    before = game.work_left
    FUNCTIONS[name].fn(game, Frame(0), *values)
    assert before - game.work_left == expected


@pytest.mark.parametrize("name", sorted(CHARGED))
def test_a_primitive_past_the_budget_fails_as_a_rule_error(name):
    """A ValueError, as a rule's own mistakes: the call's wrapper names the rule's text."""
    args, _ = CHARGED[name]
    game = table(rules=load_ruleset(RULES_FOR.get(name, "classic")))
    values = [arg(game) if callable(arg) else arg for arg in args]
    game.work_left = 0
    with pytest.raises((ValueError, RuleRuntimeError), match="more work than one game may"):
        FUNCTIONS[name].fn(game, Frame(0), *values)


def test_a_reshuffle_charges_each_card_shuffled_and_a_draw_each_card_drawn():
    game = table()
    game.stock = []
    before = game.work_left
    FUNCTIONS["draw"].fn(game, Frame(0), 1, 1)
    assert before - game.work_left == 1 + 2 + 1  # the seat, the discard but its top, the card


def test_seat_after_walks_past_seats_put_out_at_a_charge_of_every_seat():
    game = table()
    game.out[2], game.seated = True, 3
    before = game.work_left
    assert FUNCTIONS["seat_after"].fn(game, Frame(0), 1, 1) == 3
    assert before - game.work_left == 4


@pytest.mark.parametrize("out", [(), (1,), (1, 3), (0, 2, 3, 4)])
def test_a_walk_of_any_length_takes_at_most_a_round_of_the_seats(out):
    game = GameState.counting(6)
    game.out = [seat in out for seat in range(6)]
    game.seated = 6 - len(out)

    def one_by_one(seat: int, steps: int, direction: int) -> int:
        for _ in range(abs(steps)):
            seat = (seat + (1 if steps * direction > 0 else -1)) % 6
            while game.out[seat]:
                seat = (seat + (1 if steps * direction > 0 else -1)) % 6
        return seat
    for start in range(6):
        for steps in range(-20, 21):
            for direction in (1, -1):
                assert walk(game.out, game.seated, start, steps, direction) == one_by_one(start, steps, direction)
    assert walk(game.out, game.seated, 0, 10 ** 12, 1) == one_by_one(0, (10 ** 12 - 1) % game.seated + 1, 1)


# An expression: (the work it costs on the table above, from seat 0).
EXPRESSIONS = {
    "top in hand(next)": 5,
    "hand(next) == hand(seat_after(player, 2))": 5 + 2,
    "hand(next) != hand(next)": 5 + 5,
    "size(others) > 0": 3,
    "size(everyone) == 4": 4,
    "select(c in hand(next) if c.color == \"red\") == hand(player)": 5 + 3 + 3,
    "seat_after(player, 1) == next": 0,
    "top.rank == 5 and top.color == color": 0,
    "size(hand(previous)) > 1": 0,
}


@pytest.mark.parametrize("text", sorted(EXPRESSIONS))
def test_in_and_comparisons_of_lists_charge_each_item_they_go_through(text):
    game = table()
    condition = compile_expression(text, Symbols({}, frozenset(), colors=CLASSIC.colors))
    before = game.work_left
    condition(game, Frame(0))
    assert before - game.work_left == EXPRESSIONS[text]


class OneByOne:
    """A card choice whose picks with one answer are taken one at a time (a class of its own:
    the compiled build's CardPicks cannot be subclassed from Python)."""

    def __init__(self, seat: int, pool: list, fewest: int, most: int) -> None:
        self.seat, self.pool, self.fewest, self.most, self.chosen = seat, pool, fewest, most, []

    def take(self, answer) -> None:
        if answer == DONE:
            self.pool = []
        else:
            self.pool.remove(answer)
            self.chosen.append(answer)

    def options(self) -> tuple:
        while len(self.chosen) < self.most and self.pool:
            if len(self.chosen) + len(self.pool) <= self.fewest:
                self.chosen.extend(self.pool)
                self.pool = []
                break
            faces = tuple(dict.fromkeys(self.pool))
            if len(self.chosen) >= self.fewest:
                faces += (DONE,)
            if len(faces) > 1:
                return faces
            self.take(faces[0])
        return ()


@pytest.mark.parametrize("pool, fewest, most", [
    ("aaaa", 2, 3), ("aaaa", 4, 4), ("aaaab", 2, 5), ("abab", 1, 2), ("a" * 50, 20, 50),
    ("a" * 50 + "b", 49, 51), ("aaa", 0, 2), ("", 1, 1), ("ab", 0, 0)])
def test_copies_of_one_card_are_taken_at_once_as_one_at_a_time(pool, fewest, most):
    ours, theirs = CardPicks(0, list(pool), fewest, most), OneByOne(0, list(pool), fewest, most)
    while True:
        options = ours.options()
        assert options == theirs.options()
        assert (ours.chosen, ours.pool) == (theirs.chosen, theirs.pool)
        if not options:
            break
        ours.take(options[-1])
        theirs.take(options[-1])


@pytest.mark.parametrize("hand, cards", [
    ("abcabc", "ca"), ("aaab", "aa"), ("abc", "abc"), ("abcd", ""), ("aabbcc", "cbcb")])
def test_cards_moved_leave_the_hand_as_one_by_one_removal_leaves_it(hand, cards):
    ours, theirs = list(hand), list(hand)
    take_out(ours, list(cards))
    for card in cards:
        theirs.remove(card)
    assert ours == theirs


@pytest.mark.parametrize("seed", range(12))
def test_a_match_paired_afresh_draws_its_dealer_by_its_own_faces(seed):
    rules = load_ruleset("uno_flip", {"random_pairing": True})
    asked = replace(rules, dealer_values=None)  # the draw_high rule asked on each card
    assert GameState(rules, 4, seed).dealer == GameState(asked, 4, seed).dealer


def stacked_one_by_one(game: GameState, top_cards: list) -> list:
    """dealing.stacked_stock as it was: the deck searched for each top card."""
    rest = list(game.deck)
    top: list = []
    for card in top_cards:
        if card not in rest:
            card = next((c for c in rest if c.name == card.name), None) \
                if card.back is not None else None
        if card is None or card not in rest:
            raise IllegalMove("more than the deck")
        rest.remove(card)
        top.append(card)
    shuffle(game.rng, rest)
    return (top + rest)[::-1]


@pytest.mark.parametrize("ruleset, options, names", [
    ("classic", {}, ["red 5", "red 5", "wild", "blue 0", "wild", "wild", "wild", "wild"]),
    ("uno_flip", {}, ["red 1", "red 1", "wild", "blue 2 / orange 8", "blue 2"]),
    ("uno_flip", {"random_pairing": True}, ["red 1", "red 1", "wild", "blue 2", "yellow 3"]),
    ("uno_flip", {"random_pairing": True}, ["red 1", "red 1", "red 1"]),
    ("classic", {}, ["wild"] * 5),  # one more than the deck holds
])
def test_a_stacked_deck_is_found_in_one_pass_as_by_a_search_for_each_card(ruleset, options,
                                                                         names):
    rules = load_ruleset(ruleset, options)
    ours, theirs = GameState(rules, 4, 5, deal=False), GameState(rules, 4, 5, deal=False)
    if rules.random_pairs:  # the match's own pairing, as a dealt game makes it
        ours.faces, ours.deck = theirs.faces, theirs.deck = pair_at_random(rules.deck,
                                                                          random.Random(3))
    cards = [rules.card(name) for name in names]
    try:
        expected = stacked_one_by_one(theirs, cards)
    except IllegalMove:
        with pytest.raises(IllegalMove, match=f"the stacked deck has more {names[-1]} than"):
            stacked_stock(ours, cards)
        return
    assert stacked_stock(ours, cards) == expected
    assert ours.rng.getstate() == theirs.rng.getstate()
