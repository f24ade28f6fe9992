"""UNO Mario Kart, rule by rule: docs/game-rules.md section 2 against the bundled `mario_kart`
ruleset.

Each test is named for the rule it checks. Exact tables come from GameState.from_table
(stock given top first, so a Wild Item Box turns over stock[0]); deals come from a stacked
deck (the dealer draw, the cards dealt and the first card turned given), or are seeded games
checked against their recorded events.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache, partial
from pathlib import Path

import pytest

from checkout import ROOT
from interpreter import (
    DRAW,
    DslError,
    GameState,
    HeuristicAgent,
    IllegalMove,
    OptionError,
    RulesetError,
    load_ruleset,
    play_match,
    simulate,
)

import helpers
from helpers import deck_turning, names, write

COLORS = ["red", "yellow", "green", "blue"]
ACTIONS = ["skip", "reverse", "draw_two"]
ITEM = {"red": "mushroom", "yellow": "banana_peel", "green": "green_shell",
        "blue": "lightning_bolt"}

MK = load_ruleset("mario_kart")
NO_CHALLENGE = load_ruleset("mario_kart", {"challenge": "false"})
WIB = MK.card("wild_item_box")
WD4 = MK.card("wild_draw_four")
# Stock cards below the turned one: none playable on anything the tests turn over.
PAD = ["yellow 1", "yellow 2", "green 1", "green 2", "blue 1", "blue 2", "red 1", "red 2"] * 2
INTERPRETER = ROOT / "interpreter"

# Seat 0 to play on a yellow 5; each test says what the stock holds (top first).
table = partial(helpers.table, rules=MK, discard=["yellow 5"], stock=(), record=True)


def watchers(n):
    """Hands for seats that only watch (three cards each, nothing special)."""
    return [["blue 7", "green 8", "yellow 9"] for _ in range(n)]


def play_wib(game, seat=None):
    """The seat to play plays its Wild Item Box (calling UNO if asked)."""
    seat = game.decision.seat if seat is None else seat
    assert game.decision.kind == "play" and game.decision.seat == seat
    game.apply(WIB)
    if game.decision is not None and game.decision.kind == "uno":
        game.apply(True)


def events(game, name):
    return [data for event, data in game.events if event == name]


def item_table(turned, players=4, p=0, direction=1, p_hand=("blue 7", "green 3")):
    """P (seat p) holds a Wild Item Box; the stock's top card is `turned`."""
    hands = watchers(players)
    hands[p] = ["wild_item_box", *p_hand]
    return table(hands, stock=[turned] + PAD, turn=p, direction=direction)


# --- the deck ------------------------------------------------------------------------------

def test_deck_has_112_cards():
    assert len(MK.deck) == 112


@pytest.mark.parametrize("kind, color, count", [
    *[("number", c, 19) for c in COLORS],
    *[(a, c, 2) for a in ACTIONS for c in COLORS],
    ("wild_draw_four", None, 4),
    ("wild_item_box", None, 8),
    ("wild", None, 0),
])
def test_deck_counts_per_kind_and_colour(kind, color, count):
    assert sum(1 for c in MK.deck if c.kind == kind and c.color == color) == count


@pytest.mark.parametrize("kind", ACTIONS)
def test_deck_has_eight_of_each_action(kind):
    assert sum(1 for c in MK.deck if c.kind == kind) == 8


def test_deck_numbers_are_one_zero_and_two_each_of_one_to_nine():
    counts = Counter(c.name for c in MK.deck if c.kind == "number")
    assert counts == {f"{c} {r}": (1 if r == 0 else 2) for c in COLORS for r in range(10)}


def test_there_is_no_plain_wild():
    assert "wild" not in MK.kinds
    with pytest.raises(OptionError):
        MK.card("wild")


@pytest.mark.parametrize("card", sorted(set(MK.deck), key=lambda c: c.id), ids=str)
def test_every_card_shows_the_item_of_its_colour(card):
    assert card.attrs["item"] == (ITEM[card.color] if card.color else "bob_omb")


@pytest.mark.parametrize("name, points, value", [
    ("wild_item_box", 50, 0), ("wild_draw_four", 50, 0),
    ("red skip", 20, 0), ("yellow reverse", 20, 0), ("green draw_two", 20, 0),
    ("blue 0", 0, 0), ("red 7", 7, 7), ("green 9", 9, 9),
])
def test_card_points_and_dealer_draw_value(name, points, value):
    assert (MK.card(name).points, MK.card(name).value) == (points, value)


# --- Wild Item Box: the five items ---------------------------------------------------------

def test_wild_item_box_turns_over_the_top_stock_card():
    game = item_table("yellow 4", players=3)
    stock_before = list(game.stock)
    play_wib(game)
    assert game.discard[-2:] == [WIB, MK.card("yellow 4")]
    assert game.color == "yellow"
    assert events(game, "turn_over") == [{"card": "yellow 4"}]
    assert len(stock_before) - len(game.stock) == 3  # turned + two banana-peel cards


def test_mushroom_p_plays_again_at_once():
    game = item_table("red 4", p_hand=("red 9", "blue 4", "green 3"))
    play_wib(game)
    d = game.decision
    assert (d.kind, d.seat, game.turn) == ("play", 0, 0)
    assert set(d.options) == {MK.card("red 9"), MK.card("blue 4"), DRAW}
    assert game.hand_sizes() == [3, 3, 3, 3]


def test_mushroom_p_who_cannot_play_may_only_draw():
    game = item_table("red 4", p_hand=("blue 7", "green 3"))
    play_wib(game)
    assert (game.decision.kind, game.decision.seat, game.decision.options) == ("play", 0, (DRAW,))
    game.apply(DRAW)  # draws yellow 1: not playable on red 4, so the turn passes
    assert game.hand_sizes() == [3, 3, 3, 3]
    assert (game.decision.kind, game.decision.seat) == ("play", 1)


@pytest.mark.parametrize("players, p, direction, victim", [
    (2, 0, 1, 1), (2, 1, -1, 0),
    (3, 0, 1, 2), (3, 0, -1, 1),
    (4, 2, 1, 1), (4, 2, -1, 3), (4, 0, 1, 3), (4, 3, -1, 0),
    (10, 5, 1, 4), (10, 0, -1, 1),
])
def test_banana_peel_previous_player_draws_two(players, p, direction, victim):
    game = item_table("yellow 4", players=players, p=p, direction=direction)
    before = game.hand_sizes()
    play_wib(game)
    expected = list(before)
    expected[p] -= 1
    expected[victim] += 2
    assert game.hand_sizes() == expected
    assert game.hands[victim][-2:] == [MK.card(c) for c in PAD[:2]]
    nxt = (p + direction) % players
    assert (game.decision.kind, game.decision.seat) == ("play", nxt)


def test_banana_peel_hits_a_player_who_was_skipped_on_their_last_turn():
    hands = watchers(4)
    hands[3] = ["yellow skip", "blue 7", "green 8"]
    hands[1] = ["wild_item_box", "blue 7", "green 8"]
    game = table(hands, stock=["yellow 4"] + PAD, turn=3)
    game.apply(MK.card("yellow skip"))  # seat 0 is skipped
    assert game.decision.seat == 1
    play_wib(game)
    assert game.hand_sizes() == [5, 2, 3, 2]
    assert (game.decision.kind, game.decision.seat) == ("play", 2)


@pytest.mark.parametrize("target", [2, 3, 0])
def test_green_shell_p_chooses_an_opponent_who_draws_one(target):
    game = item_table("green 4", players=4, p=1)
    play_wib(game)
    d = game.decision
    assert (d.kind, d.seat) == ("target", 1)
    assert sorted(d.options) == [0, 2, 3]
    with pytest.raises(IllegalMove):
        game.apply(1)  # not oneself
    game.apply(target)
    expected = [3, 2, 3, 3]
    expected[target] += 1
    assert game.hand_sizes() == expected
    assert game.hands[target][-1] is MK.card(PAD[0])
    assert (game.decision.kind, game.decision.seat) == ("play", 2)


def test_green_shell_with_two_players_targets_the_opponent():
    game = item_table("green 4", players=2)
    play_wib(game)
    assert (game.decision.kind, game.decision.seat, game.decision.options) == ("target", 0, (1,))
    game.apply(1)
    assert game.hand_sizes() == [2, 4]


@pytest.mark.parametrize("players, p", [(2, 0), (2, 1), (4, 2), (10, 0), (10, 7)])
def test_lightning_bolt_others_draw_one_and_p_goes_again(players, p):
    game = item_table("blue 4", players=players, p=p, p_hand=("red 7", "green 3"))
    play_wib(game)
    assert game.hand_sizes() == [2 if seat == p else 4 for seat in range(players)]
    assert (game.decision.kind, game.decision.seat, game.turn) == ("play", p, p)
    assert game.decision.options == (DRAW,)  # red 7, green 3 on blue 4


@pytest.mark.parametrize("turned", ["wild_draw_four", "wild_item_box"])
def test_bob_omb_p_draws_two_and_names_the_colour_and_nothing_else(turned):
    game = item_table(turned, players=3)
    stock_before = len(game.stock)
    play_wib(game)
    d = game.decision
    assert (d.kind, d.seat) == ("color", 0)
    assert set(d.options) == set(COLORS)
    game.apply("green")
    assert game.hand_sizes() == [4, 3, 3]  # P: 3 - 1 + 2; the next player draws nothing
    assert stock_before - len(game.stock) == 3  # one turned, two drawn: no further card turned
    assert len(events(game, "turn_over")) == 1
    assert game.top is MK.card(turned) and game.color == "green"
    assert game.lost_turns == [0, 0, 0]
    assert (game.decision.kind, game.decision.seat) == ("play", 1)
    assert set(game.decision.options) == {MK.card("green 8"), DRAW}


def test_bob_omb_turned_wild_is_not_challengeable():
    game = item_table("wild_draw_four", players=3)
    play_wib(game)
    game.apply("red")
    assert game.decision.kind == "play"


# --- Wild Item Box: only the item, never the action ----------------------------------------

def answer_items(game):
    """Answer the Green Shell target (first option) so the two runs stay comparable."""
    while game.decision.kind == "target":
        game.apply(game.decision.options[0])


@pytest.mark.parametrize("color", COLORS)
@pytest.mark.parametrize("action", ACTIONS)
def test_turned_action_card_fires_only_its_item(color, action):
    runs = []
    for turned in (f"{color} {action}", f"{color} 3"):
        game = item_table(turned, players=4, p=1, p_hand=("red 7", "green 6", "yellow 9"))
        play_wib(game)
        answer_items(game)
        runs.append((game.hand_sizes(), game.direction, list(game.lost_turns),
                     game.decision.kind, game.decision.seat))
    assert runs[0] == runs[1]
    assert runs[0][1:3] == (1, [0, 0, 0, 0])


def test_turned_red_skip_fires_mushroom_and_nobody_is_skipped():
    game = item_table("red skip", players=3, p_hand=("blue 7", "green 3"))
    play_wib(game)
    assert (game.decision.seat, game.decision.options) == (0, (DRAW,))
    game.apply(DRAW)  # yellow 1 is not playable on red skip
    assert (game.decision.kind, game.decision.seat) == ("play", 1)
    assert events(game, "turn_lost") == []


def test_next_player_must_match_the_turned_card():
    hands = [["wild_item_box", "blue 7", "green 3"],
             ["yellow 7", "blue 3", "green 1", "red 7", "wild_draw_four"],
             ["blue 7", "green 8", "yellow 9"]]
    game = table(hands, stock=["green 7"] + PAD)
    play_wib(game)
    game.apply(2)  # the green shell hits seat 2
    d = game.decision
    assert (d.kind, d.seat, game.color) == ("play", 1, "green")
    assert set(d.options) == {MK.card(c) for c in ("yellow 7", "green 1", "red 7",
                                                   "wild_draw_four")} | {DRAW}


def test_turned_action_card_is_matched_by_symbol():
    game = item_table("blue skip", players=3, p_hand=("yellow skip", "blue 2", "red 4"))
    play_wib(game)  # lightning bolt: P goes again, on a blue skip
    assert set(game.decision.options) == {MK.card("yellow skip"), MK.card("blue 2"), DRAW}


# --- Wild Item Box: nothing to turn --------------------------------------------------------

def test_nothing_to_turn_p_names_the_colour_and_no_item_fires():
    game = table([["wild_item_box", "blue 7", "green 3"], ["red 1", "yellow 2"]],
                 stock=[], discard=[], color="red")
    play_wib(game)
    assert events(game, "turn_over") == []
    d = game.decision
    assert (d.kind, d.seat) == ("color", 0)
    game.apply("yellow")
    assert game.hand_sizes() == [2, 2]
    assert names(game.discard) == ["wild_item_box"]
    assert (game.decision.kind, game.decision.seat, game.color) == ("play", 1, "yellow")
    assert set(game.decision.options) == {MK.card("yellow 2"), DRAW}


def test_empty_stock_turns_a_card_reshuffled_from_below_the_wild_item_box():
    # Decided: only when stock AND discard cannot supply a card is nothing turned.
    game = table([["wild_item_box", "blue 7", "green 3"], ["red 1", "yellow 2"]],
                 stock=[], discard=["red 3"])
    play_wib(game)
    assert events(game, "turn_over") == [{"card": "red 3"}]
    assert names(game.discard) == ["wild_item_box", "red 3"]
    assert (game.decision.kind, game.decision.seat) == ("play", 0)  # mushroom


# --- Wild Draw Four and the challenge ------------------------------------------------------

def wd4_table(extra, rules=MK):
    hands = [["wild_draw_four", extra, "blue 9"], ["green 1", "yellow 2", "blue 3"],
             ["green 4", "yellow 6", "blue 8"]]
    return table(hands, stock=PAD, discard=["red 5"], rules=rules)


@pytest.mark.parametrize("extra, challenge, sizes, next_seat", [
    # illegal (held a card of the colour to follow): the player draws four, challenger plays
    ("red 2", True, [6, 3, 3], 1),
    # a held Wild Item Box counts as a card of the colour to follow
    ("wild_item_box", True, [6, 3, 3], 1),
    # legal (a number match or another Wild Draw Four is not the colour): challenger draws six
    ("yellow 5", True, [2, 9, 3], 2),
    ("wild_draw_four", True, [2, 9, 3], 2),
    # accepted, bluff or not: draw four, lose the turn
    ("yellow 5", False, [2, 7, 3], 2),
    ("red 2", False, [2, 7, 3], 2),
    ("wild_item_box", False, [2, 7, 3], 2),
])
def test_wild_draw_four_challenge(extra, challenge, sizes, next_seat):
    game = wd4_table(extra)
    assert WD4 in game.decision.options  # bluffing is allowed
    game.apply(WD4)
    assert (game.decision.kind, game.decision.seat) == ("color", 0)
    game.apply("green")
    d = game.decision
    assert (d.kind, d.seat, d.options) == ("challenge", 1, (False, True))
    game.apply(challenge)
    assert game.hand_sizes() == sizes
    assert (game.decision.kind, game.decision.seat) == ("play", next_seat)
    assert game.color == "green"  # the colour named stands


@pytest.mark.parametrize("extra", ["red 2", "wild_item_box"])
def test_without_challenge_an_illegal_wild_draw_four_is_refused(extra):
    game = wd4_table(extra, rules=NO_CHALLENGE)
    wd4 = NO_CHALLENGE.card("wild_draw_four")
    assert wd4 in game.hands[0] and wd4 not in game.decision.options
    hands = [list(h) for h in game.hands]
    with pytest.raises(IllegalMove, match="may not be played"):
        game.apply(wd4)
    assert game.hands == hands and game.decision.kind == "play"


def test_without_challenge_a_legal_wild_draw_four_is_not_challenged():
    game = wd4_table("yellow 5", rules=NO_CHALLENGE)
    game.apply(NO_CHALLENGE.card("wild_draw_four"))
    game.apply("green")
    assert game.hand_sizes() == [2, 7, 3]
    assert (game.decision.kind, game.decision.seat) == ("play", 2)


# --- the first card ------------------------------------------------------------------------

@lru_cache(maxsize=None)
def deal(seed, players=4):
    return GameState(MK, players=players, seed=seed, record=True)


def first_card(game):
    return MK.card(events(game, "first_card")[0]["card"])


# The dealer draw of `dealt` below: seat 2's 9 is the highest card, so seat 2 deals.
DRAWS = ("red 1", "red 2", "red 9", "red 3")


def dealt(*first, draws=DRAWS, seed=0):
    """A game of four dealt from a stacked deck: the dealer draw `draws` (seat 0 first, round
    after round), then seven cards each, then `first` turned up first."""
    return GameState(MK, players=4, seed=seed, record=True,
                     stacked=deck_turning(MK, 4, *first, draws=draws))


def all_cards(game):
    return Counter(names([c for h in game.hands for c in h] + game.stock + game.discard))


def test_first_card_wild_draw_four_is_returned_and_never_starts_the_hand():
    game = dealt("wild_draw_four")
    assert {e["card"] for e in events(game, "first_card_returned")} == {"wild_draw_four"}
    assert first_card(game) is not WD4
    assert all_cards(game) == Counter(names(MK.deck))  # it went back into the deck
    for seed in range(300):
        assert first_card(deal(seed)) is not WD4


def test_first_card_wild_item_box_dealer_names_colour_and_no_item_fires():
    game = dealt("wild_item_box")
    assert game.dealer == 2 and first_card(game) is WIB
    stock = len(game.stock)
    d = game.decision
    assert (d.kind, d.seat) == ("color", game.dealer)
    game.apply("blue")
    assert events(game, "turn_over") == []
    assert len(game.stock) == stock and game.hand_sizes() == [7, 7, 7, 7]
    assert (game.decision.kind, game.decision.seat) == ("play", (game.dealer + 1) % 4)
    assert game.color == "blue" and game.direction == 1


@pytest.mark.parametrize("kind, seat_offset, direction, drew", [
    ("number", 1, 1, None),
    ("skip", 2, 1, None),
    ("draw_two", 2, 1, 1),
    ("reverse", 0, -1, None),
])
def test_first_card_action_acts_as_in_classic(kind, seat_offset, direction, drew):
    game = dealt("blue 4" if kind == "number" else f"blue {kind}")
    assert first_card(game).kind == kind and game.dealer == 2
    assert (game.decision.kind, game.decision.seat) == ("play", (game.dealer + seat_offset) % 4)
    assert game.direction == direction
    sizes = [7, 7, 7, 7]
    if drew is not None:
        sizes[(game.dealer + drew) % 4] = 9
    assert game.hand_sizes() == sizes


# --- the first dealer ----------------------------------------------------------------------

def replay_dealer_draw(game):
    """The dealer the recorded draws give: highest value; ties draw again among the tied."""
    contenders = set(range(game.players))
    rounds = events(game, "dealer_draw")
    for data in rounds:
        assert set(data["cards"]) == contenders  # only the tied draw again
        values = {seat: MK.card(name).value for seat, name in data["cards"].items()}
        best = max(values.values())
        contenders = {seat for seat, v in values.items() if v == best}
    assert len(contenders) == 1
    return contenders.pop(), len(rounds)


@pytest.mark.parametrize("seed", range(20))
def test_dealer_is_the_highest_draw(seed):
    game = deal(seed)
    dealer, _ = replay_dealer_draw(game)
    assert game.dealer == dealer == events(game, "first_card")[0]["dealer"]


def test_dealer_draw_tie_draws_again_among_the_tied_only():
    # Seats 0 and 1 tie on a 9; they alone draw again, and seat 1's 5 beats seat 0's 2.
    game = dealt("green 7", draws=("red 9", "blue 9", "green 3", "yellow 1", "red 2", "blue 5"))
    dealer, rounds = replay_dealer_draw(game)
    assert rounds == 2 and set(events(game, "dealer_draw")[1]["cards"]) == {0, 1}
    assert game.dealer == dealer == 1


def test_dealer_draw_actions_and_wilds_count_zero():
    # A round where every card drawn is worth 0 is a tie of everyone: all four draw again.
    game = dealt("green 7", draws=("red skip", "wild_item_box", "wild_draw_four", "green 0") + DRAWS)
    dealer, rounds = replay_dealer_draw(game)
    assert rounds == 2 and set(events(game, "dealer_draw")[1]["cards"]) == {0, 1, 2, 3}
    assert game.dealer == dealer == 2


def test_the_deal_passes_left_each_hand():
    game = deal(5).clone()
    dealer = game.dealer
    agents = [HeuristicAgent(s) for s in range(4)]
    while game.decision is not None:
        d = game.decision
        game.apply(None if d.seat is None else agents[d.seat].decide(game, d))
    game.next_hand()
    assert game.dealer == (dealer + 1) % 4


# --- scoring and the match -----------------------------------------------------------------

def going_out(opponents, last="red 7", scores=None, rules=MK, stock=PAD):
    game = table([[last], *opponents], stock=stock, discard=["red 5"], scores=scores,
                 rules=rules)
    game.apply(MK.card(last))
    return game


def test_scoring_example_from_the_rules_is_135():
    game = going_out([["red 1", "red 3", "yellow 4", "green 8", "blue 9"],
                      ["green skip", "blue reverse", "yellow draw_two", "wild_draw_four"]])
    assert game.decision is None and not game.over
    assert (game.hand_results[-1].winner, game.hand_results[-1].points) == (0, 135)
    assert game.scores == [135, 0, 0]


@pytest.mark.parametrize("held, points", [
    (["wild_item_box"], 50), (["wild_draw_four"], 50), (["red skip"], 20),
    (["yellow reverse"], 20), (["blue draw_two"], 20), (["green 0"], 0), (["blue 9"], 9),
    (["wild_item_box", "wild_item_box", "red 4"], 104),
])
def test_card_points_in_scoring(held, points):
    assert going_out([held, ["green 1"]]).hand_results[-1].points == points + 1


def test_going_out_on_a_wild_item_box_turns_nothing():
    game = going_out([["green 1"], ["blue 2"]], last="wild_item_box")
    assert events(game, "turn_over") == [] and game.hand_sizes() == [0, 1, 1]
    assert len(game.stock) == len(PAD)
    assert game.hand_results[-1].points == 3


def test_going_out_on_a_wild_draw_four_the_next_draws_four_without_challenge():
    game = going_out([["green 1"], ["blue 2"]], last="wild_draw_four")
    assert game.decision is None
    assert game.hand_sizes() == [0, 5, 1]
    assert game.hand_results[-1].points == 1 + 2 + sum(MK.card(c).points for c in PAD[:4])


@pytest.mark.parametrize("start, held, over", [
    (480, ["red 9", "blue 9"], False),        # 498
    (480, ["red skip"], True),                # exactly 500
    (480, ["red skip", "blue 1"], True),      # 501
])
def test_match_is_won_at_500(start, held, over):
    assert MK.target_score == 500
    game = going_out([held, ["green 0"]], scores=[start, 0, 0])
    assert game.over is over
    if over:
        assert game.match_winner == 0 and game.decision is None


def test_match_plays_to_500():
    game = play_match(GameState(MK, players=3, seed=4), [HeuristicAgent(s) for s in range(3)])
    assert game.over and max(game.scores) >= 500
    assert game.scores[game.match_winner] == max(game.scores)
    totals = [0, 0, 0]
    for result in game.hand_results[:-1]:
        totals[result.winner] += result.points
        assert max(totals) < 500


@pytest.mark.parametrize("hands", [1, 2, 3])
def test_option_hands_plays_exactly_that_many(hands):
    rules = load_ruleset("mario_kart", {"hands": str(hands)})
    game = play_match(GameState(rules, players=4, seed=9), [HeuristicAgent(s) for s in range(4)])
    assert game.over and len(game.hand_results) == hands
    assert game.scores[game.match_winner] == max(game.scores)


def test_simulate_runs():
    summary = simulate(load_ruleset("mario_kart"), games=20, seed=1, bots="heuristic").as_dict()
    assert summary["games"] == 20 and sum(summary["wins"]) == 20


# --- the ruleset is checked when loaded ----------------------------------------------------

def test_copy_with_an_item_that_has_no_effect_is_refused(tmp_path):
    source = (INTERPRETER.parent / "rulesets" / "mario_kart.yaml").read_text()
    assert "{red: mushroom," in source
    path = write(tmp_path, "copy.yaml", source.replace("{red: mushroom,", "{red: star,"))
    with pytest.raises(RulesetError) as err:
        load_ruleset(path)
    assert err.value.file and Path(err.value.file).name == "copy.yaml"
    assert isinstance(err.value.line, int)
    assert "star" in str(err.value) and "copy.yaml" in str(err.value)


@pytest.mark.parametrize("overlay, word", [
    ("attributes:\n  item:\n    by_color: {red: star}\n", "star"),
    ("attributes:\n  item:\n    colorless: star\n", "star"),
    ("effects:\n  mushroom: null\n", "mushroom"),
    ("kinds:\n  wild_item_box:\n    on_play: |\n      let turned = turn_over()\n"
     "      run(turned.itme)\n", "itme"),
])
def test_overlay_with_a_broken_item_is_refused(tmp_path, overlay, word):
    path = write(tmp_path, "overlay.yaml", "extends: mario_kart\n" + overlay)
    with pytest.raises(RulesetError) as err:
        load_ruleset(path)
    text = str(err.value)
    assert err.value.file and isinstance(err.value.line, int)
    assert re.search(r"\.yaml:\d+", text) and word in text


@pytest.mark.parametrize("overlay, line", [
    ("attributes:\n  item:\n    by_color: {red: star}\n", 4),
    ("attributes:\n  item:\n    colorless: star\n", 4),
])
def test_item_without_effect_points_at_the_overlay_line(tmp_path, overlay, line):
    path = write(tmp_path, "overlay.yaml", "extends: mario_kart\n" + overlay)
    with pytest.raises(RulesetError) as err:
        load_ruleset(path)
    assert Path(err.value.file).name == "overlay.yaml" and err.value.line == line
    assert "star" in err.value.message


def test_overlay_misspelt_attribute_points_into_the_overlay(tmp_path):
    path = write(tmp_path, "overlay.yaml", "extends: mario_kart\nkinds:\n  wild_item_box:\n"
                 "    on_play: |\n      let turned = turn_over()\n      run(turned.itme)\n")
    with pytest.raises(DslError) as err:
        load_ruleset(path)
    assert Path(err.value.file).name == "overlay.yaml" and err.value.line == 6


# --- the interpreter knows no card by name -------------------------------------------------

@pytest.mark.parametrize("path", sorted(INTERPRETER.rglob("*.py")), ids=lambda p: p.name)
def test_interpreter_never_names_a_mario_kart_item(path):
    found = re.findall(r"mario|mushroom|banana|shell|lightning|bob_omb|item_box",
                       path.read_text(), re.IGNORECASE)
    assert not found, f"{path.name} names {sorted(set(found))}"
