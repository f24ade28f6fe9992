"""Classic UNO, rule by rule: docs/game-rules.md section 1 against the bundled `classic`
ruleset.

Each test is named for the rule it checks. Exact tables come from GameState.from_table;
deals from a stacked deck (GameState's `stacked`: the cards dealt and the first card turned
given, the rest shuffled by the seed), or from a shuffle that is recorded (and, for the
first-card cases, steered so that a chosen card is the one turned).
"""

from __future__ import annotations

import random
from collections import Counter
from functools import partial

import pytest

from interpreter import (
    DRAW,
    GameState,
    HeuristicAgent,
    IllegalMove,
    OptionError,
    load_ruleset,
    play_match,
)
from interpreter.engine import dealing, turns
from interpreter.engine import game as engine

import helpers
from helpers import deck_turning, names

COLORS = ["red", "yellow", "green", "blue"]
ACTIONS = ["skip", "reverse", "draw_two"]

CLASSIC = load_ruleset("classic")
CHALLENGE = load_ruleset("classic", {"challenge": "true"})


def card(name, rules=CLASSIC):
    return rules.card(name)


YELLOWS = ("yellow 1", "yellow 2", "yellow 3", "yellow 4", "yellow 6", "yellow 7", "yellow 8",
           "yellow 9")
# A table with `top` on the discard pile (over `under`), seat `turn` to play.
table = partial(helpers.table, rules=CLASSIC, stock=YELLOWS)


def filler(n, color="blue"):
    """Three cards that cannot be played on a red 5 (for seats that only watch)."""
    return [f"{color} {k}" for k in (1, 2, 3)][:n]


def snapshot(game):
    return (names(c for h in game.hands for c in h), game.hand_sizes(), names(game.discard),
            names(game.stock), game.decision, game.color, game.turn, game.direction,
            list(game.scores))


def all_cards(game):
    return Counter(names([c for h in game.hands for c in h] + game.stock + game.discard))


def finish_hand(game):
    """Let heuristic agents play until the hand is over."""
    agents = [HeuristicAgent(seat) for seat in range(game.players)]
    while game.decision is not None:
        d = game.decision
        if d.seat is None:
            game.apply(None)
        else:
            game.apply(agents[d.seat].decide(game, d))


class Steered:
    """A real shuffle, recorded; optionally the next forced card is put where it is turned."""

    forced: list = []
    players = 4
    shuffles: list = []

    @staticmethod
    def shuffle(rng, x, count=None):
        REAL_SHUFFLE(rng, x, count)
        if len(x) == 108:
            if Steered.forced:
                want = Steered.forced.pop(0)
                where = len(x) - 1 - Steered.players * 7
                i = next(k for k, c in enumerate(x) if c.name == want)
                x[i], x[where] = x[where], x[i]
            Steered.shuffles.append(list(x))


REAL_SHUFFLE = dealing.shuffle


@pytest.fixture
def steer(monkeypatch):
    """steer(players, *first_cards): the next deals turn these cards first, in order."""
    if engine.COMPILED:  # CI runs the suite on the pure-Python source
        pytest.skip("compiled code calls dealing.shuffle directly, so it cannot be steered")
    monkeypatch.setattr(dealing, "shuffle", Steered.shuffle)

    def set_up(players, *first):
        Steered.players = players
        Steered.forced = list(first)
        Steered.shuffles = []
        return Steered.shuffles
    yield set_up
    Steered.forced = []
    Steered.shuffles = []


# --- Deck -----------------------------------------------------------------------------------

def test_deck_has_108_cards():
    assert len(CLASSIC.deck) == 108


@pytest.mark.parametrize("color", COLORS)
@pytest.mark.parametrize("rank, copies", [(0, 1)] + [(n, 2) for n in range(1, 10)]
                         + [(a, 2) for a in ACTIONS])
def test_deck_per_colour_counts(color, rank, copies):
    face = card(f"{color} {rank}")
    assert sum(1 for c in CLASSIC.deck if c is face) == copies
    assert face.color == color and face.rank == rank


@pytest.mark.parametrize("color", COLORS)
def test_deck_per_colour_has_25_cards_19_numbers(color):
    mine = [c for c in CLASSIC.deck if c.color == color]
    assert len(mine) == 25
    assert sum(1 for c in mine if c.kind == "number") == 19


@pytest.mark.parametrize("kind", ["wild", "wild_draw_four"])
def test_deck_four_of_each_colourless_wild(kind):
    cards = [c for c in CLASSIC.deck if c.kind == kind]
    assert len(cards) == 4
    assert all(c.color is None and c is card(kind) for c in cards)


def test_deck_only_the_listed_kinds_and_colours():
    assert {c.kind for c in CLASSIC.deck} == {"number", *ACTIONS, "wild", "wild_draw_four"}
    assert {c.color for c in CLASSIC.deck} == {None, *COLORS}


@pytest.mark.parametrize("name, points", [
    ("red 0", 0), ("yellow 1", 1), ("green 5", 5), ("blue 9", 9),
    ("red skip", 20), ("yellow reverse", 20), ("green draw_two", 20),
    ("wild", 50), ("wild_draw_four", 50),
])
def test_card_points_per_kind(name, points):
    assert card(name).points == points


def test_card_faces_are_shared_objects():
    assert card("red 5") is card("Red  5") is CLASSIC.card("red 5")


# --- Players and deal ------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 10])
def test_player_limits_accepted(players):
    assert GameState(CLASSIC, players=players, seed=3).hand_sizes() != []


@pytest.mark.parametrize("players", [1, 11])
def test_player_limits_refused(players):
    with pytest.raises(OptionError):
        GameState(CLASSIC, players=players, seed=3)


def dealt(players, *first, seed=0):
    """A game of `players` dealt from a stacked deck that turns `first` up first."""
    return GameState(CLASSIC, players=players, seed=seed, record=True,
                     stacked=deck_turning(CLASSIC, players, *first))


@pytest.mark.parametrize("players", [2, 4, 7, 10])
def test_deal_seven_each_stock_is_the_rest(players):
    # A number card first (no first-card draw): stock is 108 - 7n - 1.
    game = dealt(players, "green 7")
    assert game.top.name == "green 7"
    assert game.hand_sizes() == [7] * players
    assert len(game.stock) == 108 - 7 * players - 1
    assert len(game.discard) == 1
    assert all_cards(game) == Counter(names(CLASSIC.deck))


def test_deal_seeded_four_players_108_minus_28_minus_1():
    game = dealt(4, "green 7", seed=5)
    assert game.hand_sizes() == [7, 7, 7, 7] and len(game.stock) == 79


@pytest.mark.parametrize("players, dealer", [(4, 0), (4, 2), (3, 2), (2, 1)])
def test_deal_one_at_a_time_from_left_of_dealer(steer, players, dealer):
    shuffles = steer(players, "red 5")
    game = GameState(CLASSIC, players=players, seed=11, dealer=dealer)
    deck = shuffles[-1]
    for k in range(7 * players):
        seat = (dealer + 1 + k) % players
        assert game.hands[seat][k // players] is deck[-1 - k]
    assert game.top is deck[-1 - 7 * players]


@pytest.mark.parametrize("seed", [0, 1, 2, 5])
def test_decided_first_dealer_is_seat_0(seed):
    assert GameState(CLASSIC, players=4, seed=seed).dealer == 0


def test_decided_dealer_passes_left_after_a_seeded_hand():
    game = GameState(CLASSIC, players=4, seed=5)
    finish_hand(game)
    assert not game.over
    game.next_hand()
    assert game.dealer == 1
    assert sum(game.hand_sizes()) >= 28 and game.decision is not None


@pytest.mark.parametrize("players, dealer, after", [(4, 0, 1), (4, 2, 3), (4, 3, 0), (3, 2, 0)])
def test_decided_dealer_passes_left(players, dealer, after):
    hands = [["red 2"]] + [["blue 9"]] * (players - 1)
    game = table(hands, dealer=dealer)
    game.apply(card("red 2"))
    assert game.decision is None and not game.over
    game.next_hand()
    assert game.dealer == after


# --- The first card --------------------------------------------------------------------------

@pytest.mark.parametrize("players, dealer", [(4, 0), (4, 2), (3, 1), (2, 0)])
def test_first_card_number_left_of_dealer_starts_clockwise(steer, players, dealer):
    steer(players, "green 7")
    game = GameState(CLASSIC, players=players, seed=4, dealer=dealer)
    assert game.top is card("green 7") and game.color == "green"
    assert game.decision.kind == "play"
    assert game.turn == (dealer + 1) % players and game.direction == 1


@pytest.mark.parametrize("players, dealer", [(4, 0), (4, 2), (3, 2), (2, 0)])
def test_first_card_skip_skips_left_of_dealer(steer, players, dealer):
    steer(players, "blue skip")
    game = GameState(CLASSIC, players=players, seed=4, dealer=dealer)
    assert game.top is card("blue skip")
    assert game.turn == (dealer + 2) % players and game.direction == 1
    assert game.hand_sizes() == [7] * players


@pytest.mark.parametrize("players, dealer", [(4, 0), (4, 2), (3, 2), (2, 0)])
def test_first_card_draw_two_left_of_dealer_draws_two_and_is_skipped(steer, players, dealer):
    steer(players, "yellow draw_two")
    game = GameState(CLASSIC, players=players, seed=4, dealer=dealer)
    left = (dealer + 1) % players
    assert game.hand_sizes() == [9 if s == left else 7 for s in range(players)]
    assert len(game.stock) == 108 - 7 * players - 1 - 2
    assert game.turn == (dealer + 2) % players


@pytest.mark.parametrize("players, dealer", [(4, 0), (4, 2), (3, 1), (2, 0)])
def test_first_card_reverse_counter_clockwise_dealer_plays_first(steer, players, dealer):
    steer(players, "red reverse")
    game = GameState(CLASSIC, players=players, seed=4, dealer=dealer)
    assert game.direction == -1
    assert game.turn == dealer and game.decision.seat == dealer
    assert game.hand_sizes() == [7] * players


@pytest.mark.parametrize("wild", ["wild", "wild_draw_four"])
def test_decided_first_card_wild_redeals_the_whole_deck(steer, wild):
    shuffles = steer(4, wild, "green 3")
    game = GameState(CLASSIC, players=4, seed=4, record=True)
    kinds = [e for e, _ in game.events]
    assert ("redeal", {"card": wild}) in game.events
    assert kinds.index("redeal") < kinds.index("first_card")
    assert game.top is card("green 3") and len(game.discard) == 1
    assert len(shuffles) == 2  # the whole deck was shuffled again
    # dealt anew from the second shuffle
    assert game.hands[1][0] is shuffles[1][-1]
    assert game.hand_sizes() == [7] * 4 and len(game.stock) == 79
    assert all_cards(game) == Counter(names(CLASSIC.deck))


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("wild", ["wild", "wild_draw_four"])
def test_decided_first_card_wild_redeal_with_seeded_games(wild, seed):
    """The steered case above on a stacked deck: the redeal's own shuffle (by the seed) is
    the game's, not steered, so this runs on the compiled build too."""
    game = dealt(4, wild, seed=seed)
    redeals = [d for e, d in game.events if e == "redeal"]
    assert redeals and redeals[0] == {"card": wild}
    assert all(card(d["card"]).color is None for d in redeals)
    assert game.top.color is not None
    assert all_cards(game) == Counter(names(CLASSIC.deck))
    assert len(game.discard) == 1


# --- A turn: matching ------------------------------------------------------------------------

@pytest.mark.parametrize("top, color, held, playable", [
    ("red 5", None, "red 2", True),            # colour
    ("red 5", None, "blue 5", True),           # number
    ("red 5", None, "blue 6", False),
    ("red 5", None, "green skip", False),
    ("red 0", None, "yellow 0", True),
    ("red skip", None, "blue skip", True),     # symbol
    ("red reverse", None, "green reverse", True),
    ("red draw_two", None, "yellow draw_two", True),
    ("red draw_two", None, "yellow skip", False),
    ("red skip", None, "red 9", True),
    ("red 5", None, "wild", True),             # a Wild may always be played
    ("wild", "blue", "blue 3", True),          # after a wild: the named colour
    ("wild", "blue", "red 3", False),
    ("wild_draw_four", "green", "green skip", True),
    ("wild_draw_four", "green", "yellow draw_two", False),
])
def test_matching_colour_number_symbol(top, color, held, playable):
    game = table([[held, "yellow 9", "yellow 8"], filler(3)], top=top, color=color)
    assert (card(held) in game.decision.options) is playable
    assert game.is_playable(0, card(held)) is playable


def test_unplayable_card_is_refused_and_changes_nothing():
    game = table([["blue 6", "red 2", "green 1"], filler(3)])
    before = snapshot(game)
    with pytest.raises(IllegalMove):
        game.apply(card("blue 6"))
    assert snapshot(game) == before


def test_play_options_are_playable_cards_and_draw():
    game = table([["red 2", "blue 5", "green 7", "wild", "red 2"], filler(3)])
    assert game.decision.kind == "play" and game.decision.seat == 0
    assert game.decision.options == (card("red 2"), card("blue 5"), card("wild"), DRAW)


@pytest.mark.parametrize("chosen", COLORS)
def test_wild_names_a_colour_the_next_player_must_follow(chosen):
    others = ["red 9", "yellow 9", "green 9", "blue 9"]
    game = table([["wild", "red 1", "red 2"], others])
    game.apply(card("wild"))
    assert game.decision.kind == "color" and game.decision.seat == 0
    assert set(game.decision.options) == set(COLORS)
    game.apply(chosen)
    assert game.color == chosen and game.top is card("wild")
    assert game.decision.seat == 1
    assert game.decision.options == (card(f"{chosen} 9"), DRAW)


def test_wild_colour_must_be_a_colour():
    game = table([["wild", "red 1", "red 2"], filler(3)])
    game.apply(card("wild"))
    with pytest.raises(IllegalMove):
        game.apply("purple")


# --- Wild Draw Four, enforced (Decided) -------------------------------------------------------

@pytest.mark.parametrize("hand", [
    ["wild_draw_four", "red 2", "blue 9"],
    ["wild_draw_four", "red skip", "wild"],
    ["wild_draw_four", "blue 5", "red 9"],
])
def test_decided_wild_draw_four_refused_when_colour_to_follow_held(hand):
    game = table([hand, filler(3), filler(3), filler(3)])
    assert card("wild_draw_four") not in game.decision.options
    before = snapshot(game)
    with pytest.raises(IllegalMove):
        game.apply(card("wild_draw_four"))
    assert snapshot(game) == before


def test_decided_wild_draw_four_refused_after_wild_named_colour():
    game = table([["wild_draw_four", "blue 1", "red 9"], filler(3)], top="wild", color="blue")
    before = snapshot(game)
    with pytest.raises(IllegalMove):
        game.apply(card("wild_draw_four"))
    assert snapshot(game) == before


@pytest.mark.parametrize("hand", [
    ["wild_draw_four", "blue 9", "green 1"],
    ["wild_draw_four", "blue 5", "green 5"],   # matching by number only is no obstacle
    ["wild_draw_four", "wild", "yellow 3"],    # a held Wild has no colour
    ["wild_draw_four", "wild_draw_four", "blue skip"],
])
def test_wild_draw_four_allowed_without_the_colour(hand):
    game = table([hand, filler(3), filler(3), filler(3)])
    assert card("wild_draw_four") in game.decision.options
    game.apply(card("wild_draw_four"))
    assert game.decision.kind == "color" and game.decision.seat == 0
    game.apply("green")
    assert game.color == "green"
    assert game.hand_sizes() == [2, 7, 3, 3]
    assert game.turn == 2 and game.decision.seat == 2
    assert "challenge" != game.decision.kind


# --- Wild Draw Four with option challenge ----------------------------------------------------

def play_challenged_wd4(hand, answer):
    game = table([hand, filler(3), filler(3), filler(3)], rules=CHALLENGE)
    wd4 = card("wild_draw_four", CHALLENGE)
    assert wd4 in game.decision.options
    game.apply(wd4)
    game.apply("green")
    assert game.decision.kind == "challenge" and game.decision.seat == 1
    assert set(game.decision.options) == {True, False}
    game.apply(answer)
    return game


@pytest.mark.parametrize("hand, answer, sizes, turn", [
    # bluff, challenged: the player draws four; the challenger plays normally
    (["wild_draw_four", "red 2", "blue 9"], True, [6, 3, 3, 3], 1),
    # legal, challenged: the challenger draws six and loses the turn
    (["wild_draw_four", "blue 2", "blue 9"], True, [2, 9, 3, 3], 2),
    # accepted: draws four and loses the turn (bluff or not)
    (["wild_draw_four", "red 2", "blue 9"], False, [2, 7, 3, 3], 2),
    (["wild_draw_four", "blue 2", "blue 9"], False, [2, 7, 3, 3], 2),
])
def test_option_challenge_both_ways(hand, answer, sizes, turn):
    game = play_challenged_wd4(hand, answer)
    assert game.hand_sizes() == sizes
    assert game.turn == turn and game.decision.kind == "play" and game.decision.seat == turn
    assert game.color == "green"  # the colour named stands


def test_option_challenge_bluff_counts_only_colour_not_number():
    # blue 5 matches the red 5 by number only: the Wild Draw Four was legal
    game = play_challenged_wd4(["wild_draw_four", "blue 5", "blue 9"], True)
    assert game.hand_sizes() == [2, 9, 3, 3] and game.turn == 2


def test_no_challenge_decision_without_the_option():
    game = table([["wild_draw_four", "blue 2", "blue 9"], filler(3), filler(3), filler(3)])
    game.apply(card("wild_draw_four"))
    game.apply("green")
    assert game.decision.kind == "play" and game.decision.seat == 2


# --- Not playing: draw ---------------------------------------------------------------------------

@pytest.mark.parametrize("hand, drawn, offered", [
    (["blue 3", "green 4"], "red 7", True),          # no playable card, draws a playable one
    (["blue 3", "green 4"], "yellow 5", True),       # number match
    (["blue 3", "green 4"], "wild", True),
    (["blue 3", "green 4"], "green 2", False),
    (["red 3", "green 4"], "green 2", False),         # chooses to draw despite a playable card
    (["red 3", "green 4"], "red 8", True),
    (["red 3", "green 4"], "wild_draw_four", False),  # drawn WD4 while holding red: not playable
    (["blue 3", "green 4"], "wild_draw_four", True),
])
def test_draw_one_play_drawn_offered_only_when_playable(hand, drawn, offered):
    game = table([hand, filler(3)], stock=[drawn, "yellow 1", "yellow 2"])
    assert DRAW in game.decision.options
    game.apply(DRAW)
    assert game.hand_sizes()[0] == 3 and game.hands[0][-1] is card(drawn)
    assert len(game.stock) == 2
    if offered:
        assert game.decision.kind == "play_drawn" and game.decision.seat == 0
        assert set(game.decision.options) == {True, False}
    else:
        assert game.decision.kind == "play" and game.decision.seat == 1


def test_play_drawn_yes_plays_it():
    game = table([["blue 3", "green 4"], filler(3), filler(3)], stock=["red 7", "yellow 1"])
    game.apply(DRAW)
    game.apply(True)
    assert game.top is card("red 7") and game.hand_sizes()[0] == 2
    assert game.decision.seat == 1


def test_play_drawn_no_keeps_it_and_turn_passes():
    game = table([["blue 3", "green 4"], filler(3), filler(3)], stock=["red 7", "yellow 1"])
    game.apply(DRAW)
    game.apply(False)
    assert game.top is card("red 5") and game.hands[0][-1] is card("red 7")
    assert game.decision.kind == "play" and game.decision.seat == 1


def test_end_turn_starts_the_next_turn_at_once_or_after_what_is_queued():
    game = table([["blue 3", "green 4"], filler(3), filler(3)])
    game.decision = None
    queued = lambda g, f: None  # noqa: E731
    game.queue(queued, None)
    turns.end_turn(game)  # something queued: the end of the turn runs next, through the op loop
    assert game.stack == [turns.BOTTOM, queued, turns.END_OF_TURN] and game.turn == 0
    assert game.frames == [None, None, None]
    game.clear_queue()
    turns.end_turn(game)  # nothing queued: the next turn starts now
    assert game.turn == 1 and game.decision.kind == "play" and game.decision.seat == 1


@pytest.mark.parametrize("options, stock, drawn, offered", [
    ({"draw_until_playable": "true"}, ["green 1", "green 2", "red 7", "red 8"], 3, True),
    ({"draw_until_playable": "true"}, ["red 7", "green 2"], 1, True),
    ({"draw_until_playable": "true"}, ["green 1", "green 2", "green 3"], 3, False),
    ({"draw_until_playable": "true", "max_draws": "2"}, ["green 1", "green 2", "red 7"], 2, False),
    ({"draw_until_playable": "true", "max_draws": "3"}, ["green 1", "green 2", "red 7"], 3, True),
    ({"draw_until_playable": "true", "max_draws": "10"},
     ["green 1"] * 5 + ["wild"] + ["green 2"], 6, True),
    ({}, ["green 1", "red 7"], 1, False),
])
def test_option_draw_until_playable_with_max_draws(options, stock, drawn, offered):
    rules = load_ruleset("classic", options)
    game = table([["blue 3", "blue 4"], filler(3)], stock=stock, rules=rules)
    game.apply(DRAW)
    assert game.hand_sizes()[0] == 2 + drawn
    assert len(game.stock) == len(stock) - drawn
    assert game.decision.kind == ("play_drawn" if offered else "play")
    assert game.decision.seat == (0 if offered else 1)
    if offered:
        game.apply(True)
        assert game.top is game.ruleset.card(stock[drawn - 1])


# --- Action cards ----------------------------------------------------------------------------

@pytest.mark.parametrize("players, direction, turn, played, next_turn, new_direction, draws", [
    (4, 1, 0, "red skip", 2, 1, {}),
    (5, -1, 0, "red skip", 3, -1, {}),
    (2, 1, 0, "red skip", 0, 1, {}),
    (4, 1, 0, "red reverse", 3, -1, {}),
    (3, 1, 0, "red reverse", 2, -1, {}),
    (4, -1, 1, "red reverse", 2, 1, {}),
    (2, 1, 0, "red reverse", 0, -1, {}),    # Decided: with two players Reverse acts like Skip
    (2, 1, 1, "red reverse", 1, -1, {}),
    (4, 1, 0, "red draw_two", 2, 1, {1: 2}),
    (4, -1, 0, "red draw_two", 2, -1, {3: 2}),
    (2, 1, 0, "red draw_two", 0, 1, {1: 2}),
    (4, 1, 3, "red draw_two", 1, 1, {0: 2}),
    (4, 1, 0, "blue skip", 2, 1, {}),        # on a blue 5: colour match
])
def test_action_cards(players, direction, turn, played, next_turn, new_direction, draws):
    top = "blue 5" if played.startswith("blue") else "red 5"
    hands = [filler(3, "green") for _ in range(players)]
    hands[turn] = [played, "green 1", "green 2"]
    game = table(hands, top=top, turn=turn, direction=direction)
    game.apply(card(played))
    assert game.direction == new_direction
    assert game.turn == next_turn and game.decision.seat == next_turn
    expected = [3 + draws.get(s, 0) for s in range(players)]
    expected[turn] -= 1
    assert game.hand_sizes() == expected


def test_wild_draw_four_next_draws_four_and_loses_turn_counter_clockwise():
    game = table([["wild_draw_four", "blue 1", "blue 2"], filler(3), filler(3), filler(3)],
                 direction=-1)
    game.apply(card("wild_draw_four"))
    game.apply("yellow")
    assert game.hand_sizes() == [2, 3, 3, 7] and game.turn == 2 and game.color == "yellow"


# --- Empty stock -----------------------------------------------------------------------------

def test_empty_stock_reshuffles_keeping_top_discard():
    under = ["blue 1", "blue 2", "green 3"]
    game = table([["blue 9", "green 4"], filler(3)], stock=[], under=under)
    start = all_cards(game)
    game.apply(DRAW)
    assert names(game.discard) == ["red 5"]
    assert len(game.stock) == 2
    assert game.hands[0][-1].name in under
    assert sorted(names(game.stock) + [game.hands[0][-1].name]) == sorted(under)
    assert all_cards(game) == start


def test_empty_stock_reshuffle_for_draw_two():
    game = table([["red draw_two", "green 4", "green 5"], filler(3), filler(3)], stock=["yellow 1"],
                 under=["blue 7", "blue 8"])
    game.apply(card("red draw_two"))
    assert game.hand_sizes() == [2, 5, 3]
    assert names(game.discard) == ["red draw_two"] and len(game.stock) == 2  # 3 reshuffled, 1 drawn


def test_decided_both_exhausted_draw_gives_nothing_and_game_goes_on():
    game = table([["blue 9", "green 4"], ["blue 2", "red 1"]], stock=[])
    game.apply(DRAW)
    assert game.hand_sizes() == [2, 2] and names(game.discard) == ["red 5"]
    assert game.decision.kind == "play" and game.decision.seat == 1
    game.apply(card("red 1"))
    assert game.decision is not None


@pytest.mark.parametrize("played, penalty, got", [
    ("red draw_two", 2, 1),        # the red 5 underneath is all there is to draw
    ("wild_draw_four", 4, 1),
])
def test_decided_both_exhausted_draw_gives_fewer_cards(played, penalty, got):
    game = table([[played, "green 4", "green 5"], filler(3), filler(3)], stock=[])
    game.apply(card(played))
    if game.decision.kind == "color":
        game.apply("green")
    assert game.hand_sizes() == [2, 3 + got, 3]
    assert game.stock == [] and len(game.discard) == 1
    assert game.turn == 2 and game.decision.kind == "play"


def test_decided_both_exhausted_whole_hand_plays_out_without_crash():
    # Every card but the top is in hands: drawing gives nothing; heuristic bots finish.
    deck = list(CLASSIC.deck)
    top = card("red 5")
    deck.remove(top)
    hands = [deck[0::2], deck[1::2]]
    game = GameState.from_table(CLASSIC, hands=hands, discard=[top], stock=[], seed=1)
    finish_hand(game)
    assert game.hand_results and game.decision is None


# --- UNO -------------------------------------------------------------------------------------

def uno_table(second_last="red 2"):
    return table([[second_last, "green 3"], filler(3), filler(3), filler(3)])


def test_uno_asked_when_a_play_leaves_one_card():
    game = uno_table()
    game.apply(card("red 2"))
    assert game.decision.kind == "uno" and game.decision.seat == 0
    assert set(game.decision.options) == {True, False}


def test_uno_asked_before_the_cards_effects():
    game = uno_table("red draw_two")
    game.apply(card("red draw_two"))
    assert game.decision.kind == "uno" and game.hand_sizes()[1] == 3
    game.apply(True)
    assert game.hand_sizes() == [1, 5, 3, 3] and game.turn == 2


def test_uno_called_no_catch_window():
    game = uno_table()
    game.apply(card("red 2"))
    game.apply(True)
    assert game.decision.kind == "play" and game.decision.seat == 1
    assert game.hand_sizes()[0] == 1


def test_uno_forgotten_opens_catch_window_for_other_seats():
    game = uno_table()
    game.apply(card("red 2"))
    game.apply(False)
    d = game.decision
    assert d.kind == "catch" and d.seat is None
    assert set(d.open_to) == {1, 2, 3}
    assert d.options[0] is None and set(d.options[1:]) == {1, 2, 3}
    assert game.turn == 0  # the next player has not begun a turn


@pytest.mark.parametrize("catcher, size", [(1, 3), (2, 3), (3, 3), (None, 1)])
def test_uno_catch_draws_two_no_catch_no_penalty(catcher, size):
    game = uno_table()
    game.apply(card("red 2"))
    game.apply(False)
    game.apply(catcher)
    assert game.hand_sizes() == [size, 3, 3, 3]
    assert game.decision.kind == "play" and game.decision.seat == 1


def test_uno_player_cannot_catch_themselves():
    game = uno_table()
    game.apply(card("red 2"))
    game.apply(False)
    before = snapshot(game)
    with pytest.raises(IllegalMove):
        game.apply(0)
    assert snapshot(game) == before


def test_uno_catch_window_closes_after_skip_effect_then_next_turn():
    game = uno_table("red skip")
    game.apply(card("red skip"))
    game.apply(False)
    assert game.decision.kind == "catch"
    game.apply(3)
    assert game.hand_sizes() == [3, 3, 3, 3] and game.turn == 2


# --- End of a hand, scoring, the match -------------------------------------------------------

OPPONENTS_135 = [["blue 1", "green 3", "red skip"], ["yellow 4", "green reverse"],
                 ["blue 8", "red 9", "yellow draw_two", "wild_draw_four"]]


def test_going_out_ends_the_hand():
    game = table([["red 2"]] + OPPONENTS_135, record=True)
    game.apply(card("red 2"))
    assert game.decision is None and not game.over
    assert game.hand_results[-1].winner == 0
    over = [d for e, d in game.events if e == "hand_over"]
    assert len(over) == 1 and over[0]["winner"] == 0 and over[0]["points"] == 135
    with pytest.raises(IllegalMove):
        game.apply(DRAW)


def test_scoring_example_135():
    # 1+3+4+8+9 = 25, skip+reverse+draw two = 60, Wild Draw Four 50.
    game = table([["red 2"]] + OPPONENTS_135, scores=[10, 20, 30, 40])
    game.apply(card("red 2"))
    assert game.hand_results[-1].points == 135
    assert game.scores == [145, 20, 30, 40]


@pytest.mark.parametrize("opponents, points", [
    ([["red 0"], ["blue 0"]], 0),
    ([["red 7", "green 9"], ["wild"]], 66),
    ([["red skip", "red reverse", "red draw_two"], ["wild", "wild_draw_four"]], 160),
    ([["blue 1", "blue 2", "blue 3", "blue 4"], ["yellow 5", "yellow 6"]], 21),
])
def test_scoring_winner_scores_opponents_cards(opponents, points):
    game = table([["red 2"]] + opponents)
    game.apply(card("red 2"))
    assert game.hand_results[-1].points == points and game.scores[0] == points


@pytest.mark.parametrize("rules", [CLASSIC, CHALLENGE])
@pytest.mark.parametrize("last, direction, victim, drawn, points", [
    ("red draw_two", 1, 1, 2, 1 + 2 + 3 + 9 + 8),
    ("red draw_two", -1, 3, 2, 1 + 2 + 3 + 9 + 8),
    ("wild_draw_four", 1, 1, 4, 1 + 2 + 3 + 9 + 8 + 7 + 6),
    ("wild_draw_four", -1, 3, 4, 1 + 2 + 3 + 9 + 8 + 7 + 6),
    ("red skip", 1, None, 0, 1 + 2 + 3),
    ("red reverse", 1, None, 0, 1 + 2 + 3),
    ("wild", 1, None, 0, 1 + 2 + 3),
])
def test_going_out_on_draw_cards_next_still_draws_and_it_counts(rules, last, direction, victim,
                                                                drawn, points):
    game = table([[last], ["blue 1"], ["blue 2"], ["blue 3"]], rules=rules,
                 stock=["yellow 9", "yellow 8", "yellow 7", "yellow 6", "yellow 4"],
                 direction=direction)
    game.apply(rules.card(last))
    # Decided: no colour, no challenge, no other effect: the hand is simply over.
    assert game.decision is None
    result = game.hand_results[-1]
    assert (result.winner, result.points) == (0, points)
    sizes = [0, 1, 1, 1]
    if victim is not None:
        sizes[victim] += drawn
    assert game.hand_sizes() == sizes
    assert game.direction == direction


@pytest.mark.parametrize("options, scores, over", [
    ({}, [480, 0, 0, 0], True),
    ({}, [471, 0, 0, 0], True),        # exactly 500 reaches the target
    ({}, [470, 0, 0, 0], False),
    ({}, [400, 499, 0, 0], False),     # 429 and 499: nobody at 500
    ({"target_score": "100"}, [71, 0, 0, 0], True),
    ({"target_score": "100"}, [70, 0, 0, 0], False),
])
def test_match_to_target_score(options, scores, over):
    rules = load_ruleset("classic", options)
    game = table([["red 2"], ["blue 9"], ["green skip"], ["yellow 0"]], rules=rules,
                 scores=scores)
    game.apply(rules.card("red 2"))
    assert game.scores[0] == scores[0] + 29
    assert game.decision is None and game.over is over
    if over:
        assert game.match_winner == 0
        with pytest.raises(IllegalMove):
            game.next_hand()
    else:
        assert game.match_winner is None
        game.next_hand()
        assert game.decision is not None and game.hand_sizes() != [0, 1, 1, 1]


def test_match_seeded_plays_to_500():
    game = play_match(GameState(CLASSIC, players=3, seed=7),
                      [HeuristicAgent(s) for s in range(3)])
    assert game.over and game.scores[game.match_winner] == max(game.scores) >= 500
    assert sum(r.points for r in game.hand_results) == sum(game.scores)


def test_option_hands_n_ignores_target_and_highest_total_wins():
    rules = load_ruleset("classic", {"hands": "2"})
    game = table([["red 2"], ["blue 9"], ["green skip"], ["yellow 0"]], rules=rules,
                 scores=[0, 600, 0, 0])
    game.apply(rules.card("red 2"))
    assert not game.over and len(game.hand_results) == 1   # 600 is not a win here
    game.next_hand()
    finish_hand(game)
    assert game.over and len(game.hand_results) == 2
    assert game.scores[game.match_winner] == max(game.scores)


@pytest.mark.parametrize("hands", [1, 3])
def test_option_hands_plays_exactly_n_hands(hands):
    rules = load_ruleset("classic", {"hands": str(hands)})
    game = play_match(GameState(rules, players=4, seed=2),
                      [HeuristicAgent(s) for s in range(4)])
    assert game.over and len(game.hand_results) == hands
    assert game.scores[game.match_winner] == max(game.scores)
    if hands == 1:
        assert game.match_winner == game.hand_results[0].winner


def test_option_single_hand_low_score_still_ends_match():
    rules = load_ruleset("classic", {"hands": 1})
    game = table([["red 2"], ["blue 1"], ["green 0"]], rules=rules)
    game.apply(rules.card("red 2"))
    assert game.over and game.match_winner == 0 and game.scores == [1, 0, 0]


@pytest.mark.parametrize("size", [0, 1, 2, 3, 7, 8, 9, 108, 112, 1000])
@pytest.mark.parametrize("seed", [0, 1, 12345])
def test_engine_shuffle_matches_random_shuffle(size, seed):
    """The engine's faster shuffle makes the same draws as random.shuffle (seeded games keep)."""
    ours, theirs = list(range(size)), list(range(size))
    rng, reference = random.Random(seed), random.Random(seed)
    dealing.shuffle(rng, ours)
    reference.shuffle(theirs)
    assert ours == theirs
    assert rng.random() == reference.random()


@pytest.mark.parametrize("size, count", [(2, 1), (9, 4), (108, 4), (112, 10), (1000, 30),
                                         (300, 299), (5, 10)])
def test_engine_partial_shuffle_draws_the_top_places_as_random_shuffle_would(size, count):
    """Shuffling only the top `count` places makes random.shuffle's first `count` draws."""
    ours, theirs = list(range(size)), list(range(size))
    rng, reference = random.Random(size), random.Random(size)
    dealing.shuffle(rng, ours, count)
    for i in reversed(range(max(1, size - count), size)):
        j = reference._randbelow(i + 1)
        theirs[i], theirs[j] = theirs[j], theirs[i]
    assert ours == theirs
    assert rng.random() == reference.random()
