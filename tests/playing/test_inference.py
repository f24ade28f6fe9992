"""What the strong bot infers of other hands (playing/inference.py): a seat seen to draw
instead of playing held nothing it could play; that belief shrinks as it plays and ends with
the hand; a seat that names a colour holds some; worlds are shaped to the beliefs without
changing which cards are unseen; and nothing is read that the seat may not see."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from interpreter.building.ruleset import load_ruleset
from interpreter.engine.decisions import DRAW
from interpreter.engine.game import GameState
from interpreter.engine.seeing import as_seen
from interpreter.playing.inference import Lack, Play, Snapshot
from interpreter.playing.search import StrongAgent

STOCK = ["yellow 1", "green 8", "blue 2", "yellow 4", "green 6", "blue 7"] * 4


def table(opponent: list[str], stock: list[str] = STOCK) -> GameState:
    """Classic, single hand: seat 0 holds red 1, red 2 and blue 9 on a red 5; seat 1 holds
    `opponent`; seat 0 to play."""
    return GameState.from_table(load_ruleset("classic", {"hands": 1}),
                                hands=[["red 1", "red 2", "blue 9", "green 5"], opponent],
                                discard=["red 5"], stock=stock)


def seat_one(game: GameState, plays_drawn: bool) -> None:
    """Seat 1's turn as a person might take it: draw instead of playing, then play the card
    drawn (if offered and `plays_drawn`) or keep it."""
    while game.decision.seat != 0:
        asked = game.decision
        game.apply(DRAW if asked.kind == "play" else
                   plays_drawn if asked.kind == "play_drawn" else asked.options[0])


def lacks(strong: StrongAgent) -> list[tuple[int, int]]:
    """The bot's beliefs as (seat, cards)."""
    return [(lack.seat, lack.count) for lack in strong.beliefs.lacks]


def test_a_seat_seen_drawing_and_passing_held_nothing_it_could_play():
    game = table(["green 3", "red 7"])
    strong = StrongAgent(1, playouts=4)
    game.apply(strong.decide(game, game.decision))  # a red card: seat 1 could play its red 7
    seat_one(game, plays_drawn=False)
    strong.beliefs.update(game, 0)
    assert lacks(strong) == [(1, 2)]  # the two cards it held: none playable on the top then
    for seed in range(10):
        world = as_seen(game, 0, random.Random(seed))
        before = Counter(world.hands[1]) + Counter(world.stock)
        strong.beliefs.shape(world, {}, random.Random(seed))
        playable = strong.beliefs.lacks[0].playable
        assert sum(card.id not in playable for card in world.hands[1]) >= 2
        assert Counter(world.hands[1]) + Counter(world.stock) == before  # only swapped


def test_a_seat_seen_drawing_and_playing_the_drawn_card_held_nothing_it_could_play():
    stock = ["red 3"] + STOCK  # seat 1 draws a red 3, which it can play
    game = table(["green 3", "yellow 7"], stock)
    strong = StrongAgent(1, playouts=4)
    game.apply(strong.decide(game, game.decision))
    seat_one(game, plays_drawn=True)
    strong.beliefs.update(game, 0)
    assert lacks(strong) == [(1, 2)]


@pytest.mark.parametrize("plays_drawn", [False, True])
def test_the_same_table_seen_the_same_gives_the_same_beliefs(plays_drawn):
    """Two games that differ only in seat 1's unseen cards (and so seat 1 could have played
    in one and not the other) give seat 0 the same beliefs: it reads what it sees."""
    beliefs = []
    for opponent in (["green 3", "red 7"], ["green 3", "yellow 7"]):
        game = table(opponent, ["red 3"] + STOCK)
        strong = StrongAgent(1, playouts=4)
        game.apply(strong.decide(game, game.decision))
        seat_one(game, plays_drawn)
        strong.beliefs.update(game, 0)
        beliefs.append([(lack.seat, lack.playable, lack.count) for lack in strong.beliefs.lacks])
    assert beliefs[0] == beliefs[1]


def test_a_belief_shrinks_as_the_seat_plays_and_ends_with_the_hand():
    game = table(["green 3", "yellow 7", "yellow 9"])
    strong = StrongAgent(1, playouts=4)
    game.apply(strong.decide(game, game.decision))
    seat_one(game, plays_drawn=False)
    strong.beliefs.update(game, 0)
    assert lacks(strong) == [(1, 3)]  # the three cards it held then
    sizes = [len(hand) for hand in game.hands]

    def seen(played: int, hands: int = 0) -> None:
        """Seat 0's memory of the table its last answer left, `played` cards before now
        (seat 1 played them)."""
        grown = sizes[:1] + [sizes[1] + played]
        strong.beliefs.mark = (game, len(game.hand_results) + hands, len(game.discard) - played)
        strong.beliefs.before = Snapshot(game, len(game.hand_results) + hands,
                                         len(game.discard) - played, tuple(grown), 1,
                                         {1: frozenset()})

    seen(0)
    strong.beliefs.update(game, 0)  # nothing played since: kept
    assert lacks(strong) == [(1, 3)]
    seen(1)
    strong.beliefs.update(game, 0)  # one card played since: maybe one of those
    assert lacks(strong) == [(1, 2)]
    strong.beliefs.update(game, 0)  # its last answer not followed: nothing known
    assert lacks(strong) == []
    strong.beliefs.lacks = [Lack(1, frozenset({1}), 2)]
    seen(0, hands=-1)  # a hand ended since
    strong.beliefs.update(game, 0)
    assert lacks(strong) == []


def test_a_seat_that_names_a_colour_is_dealt_one_of_it():
    game = table(["wild", "blue 3", "blue 4"])
    strong = StrongAgent(1, playouts=4)
    game.apply(strong.decide(game, game.decision))
    while game.decision.seat != 0:  # seat 1 plays its wild and names green, which it lacks
        asked = game.decision
        game.apply(next(card for card in asked.options if getattr(card, "name", "") == "wild")
                   if asked.kind == "play" else "green" if asked.kind == "color"
                   else asked.options[0])
    strong.beliefs.update(game, 0)
    assert strong.beliefs.named == (1, "green")
    for seed in range(10):
        world = as_seen(game, 0, random.Random(seed))
        strong.beliefs.shape(world, {}, random.Random(seed))
        assert any(card.color == "green" for card in world.hands[1])


@pytest.mark.parametrize("held, likely", [
    (["green 4", "yellow 1"], True),      # the red 7 was its only playable card
    (["red 2", "red 3"], True),           # its most-held colour, and its most points
    (["red 9", "red 2"], False),          # it would have played the 9: more points
    (["green 5", "green 2"], False),      # it would have played the green 5: more greens
    (["wild", "yellow 1"], True),         # coloured cards before colourless ones
])
def test_a_world_is_likely_where_the_model_would_have_played_the_card_seen(held, likely):
    """Seat 1 was seen playing red 7 on a red 5 (a 5 of any colour could go too): a world
    dealing it cards with which the heuristic bot would have played another is unlikely."""
    rules = load_ruleset("classic", {"hands": 1})
    seven = next(card for card in rules.deck if card.name == "red 7")
    table = GameState.from_table(rules, hands=[["blue 1"], ["green 7", "yellow 2", "blue 3"]],
                                 discard=["red 5"], stock=STOCK, turn=1)
    beliefs = StrongAgent(1).beliefs
    beliefs.plays = [Play(1, seven, table, [])]
    world = GameState.from_table(rules, hands=[["blue 1"], held], discard=["red 5", "red 7"],
                                 stock=STOCK)
    assert beliefs.misses(world) == (not likely)
    assert [card.name for card in table.hands[1]] == ["green 7", "yellow 2", "blue 3"]


def test_a_seats_plays_are_followed_until_it_draws():
    """Each card seat 1 plays from its hand is remembered with what it played after it (its
    hand then was its hand now and those), until it draws: then whose cards are whose is
    not told."""
    from interpreter.playing.agents import HeuristicAgent
    game = GameState.from_table(load_ruleset("classic", {"hands": 1}),
                                hands=[["red 1", "red 2", "red 3", "red 4", "red 6", "red 0"],
                                       ["red 7", "red 8", "red 9", "yellow 6", "blue 6"]],
                                discard=["red 5"], stock=STOCK)
    # Seat 0 keeps to the heuristic's answer (a red card: a draw would deal its world a card).
    strong, model = StrongAgent(1, playouts=4, margin=float("inf")), HeuristicAgent(1)

    def round_(seat_one_draws: bool = False) -> list:
        """Seat 0's answer (reading what seat 1 did since), then seat 1's turn; what seat 0
        remembered of seat 1's plays at its answer."""
        game.apply(strong.decide(game, game.decision))
        remembered = [(play.seat, play.card, list(play.since)) for play in strong.beliefs.plays]
        while game.decision.seat != 0:
            asked = game.decision
            game.apply(DRAW if seat_one_draws and asked.kind == "play" else
                       False if asked.kind == "play_drawn" else model.decide(game, asked))
        return remembered

    assert round_() == []
    first = game.top
    assert round_() == [(1, first, [])]
    second = game.top
    world = as_seen(game, 0, random.Random(1))
    world.hands[1] = list(game.hands[1])  # its real hand: the model made every play seen
    assert round_(seat_one_draws=True) == [(1, first, [second]), (1, second, [])]
    assert strong.beliefs.misses(world) == 0
    strong.beliefs.update(game, 0)
    assert strong.beliefs.plays == []
