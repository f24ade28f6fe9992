"""What the strong bot reads of other hands (playing/inference.py, playing/guesses.py): a seat
seen to draw instead of playing held nothing it could play, and still does not after it draws
again; a seat seen to play a card held it and would have played it as the heuristic bot does;
a seat that names a colour holds some; worlds dealt from the guesses change no card the seat
cannot see; and nothing is read that the seat may not see."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from interpreter.building.ruleset import load_ruleset
from interpreter.engine.decisions import DRAW
from interpreter.engine.game import GameState
from interpreter.engine.seeing import as_seen
from interpreter.playing.agents import HeuristicAgent
from interpreter.playing.guesses import Guess, Guesses, unseen_cards
from interpreter.playing.search import StrongAgent

STOCK = ["yellow 1", "green 8", "blue 2", "yellow 4", "green 6", "blue 7"] * 4


def table(opponent: list[str], stock: list[str] = STOCK) -> GameState:
    """Classic, single hand: seat 0 holds red 1, red 2, blue 9 and green 5 on a red 5; seat 1
    holds `opponent`; seat 0 to play."""
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


def guesses(strong: StrongAgent, seat: int = 1) -> list[list[str]]:
    """The bot's guesses at `seat`'s hand, as card names."""
    return [[card.name for card in guess.cards] for guess in strong.beliefs.guesses.hands[seat]]


def playable_on(top: str) -> set[str]:
    """The classic cards playable on `top` (a coloured number), by name."""
    colour, number = top.split()
    return {card.name for card in load_ruleset("classic").deck
            if card.color is None or card.color == colour or card.name.endswith(" " + number)}


def answer(strong: StrongAgent, game: GameState) -> None:
    """Seat 0's answer, by the strong bot (reading what seat 1 did since)."""
    game.apply(strong.decide(game, game.decision))


def test_a_seat_seen_drawing_and_passing_held_nothing_it_could_play():
    """Seat 1 drew on a red card and kept what it drew: none of its cards then, nor the one it
    drew (the rules offered to play it), could go on that red card."""
    game = table(["green 3", "red 7"])
    strong = StrongAgent(1, playouts=4, margin=float("inf"))  # the heuristic's answer: a red
    answer(strong, game)
    top = game.top.name
    seat_one(game, plays_drawn=False)
    answer(strong, game)
    barred = playable_on(top)
    for hand in guesses(strong):
        assert len(hand) == 3
        assert not barred & set(hand)


def test_what_a_seat_lacked_holds_after_it_draws_again():
    """Seat 1 passed on a red 2, then on a red 1: of its four cards, only the one drawn last
    may be a 2 (the first three could go on no red 2)."""
    game = table(["green 3", "yellow 7"], stock=["yellow 4", "yellow 6"] + STOCK)
    strong = StrongAgent(1, playouts=4, margin=float("inf"))  # the heuristic's: red 2, red 1
    answer(strong, game)
    first = game.top.name
    seat_one(game, plays_drawn=False)
    answer(strong, game)
    assert game.top.name != first
    seat_one(game, plays_drawn=False)
    answer(strong, game)
    barred = playable_on(first)
    for hand in guesses(strong):
        assert len(hand) == 4
        assert sum(card in barred for card in hand) <= 1


@pytest.mark.parametrize("plays_drawn", [False, True])
def test_the_same_table_seen_the_same_gives_the_same_guesses(plays_drawn):
    """Two games that differ only in seat 1's unseen cards (and so seat 1 could have played
    in one and not the other) give seat 0 the same guesses: it reads what it sees."""
    seen = []
    for opponent, other in ((["green 3", "red 7"], "yellow 7"), (["green 3", "yellow 7"], "red 7")):
        game = table(opponent, ["red 3", other] + STOCK)  # the same cards unseen
        strong = StrongAgent(1, playouts=4)
        answer(strong, game)
        seat_one(game, plays_drawn)
        answer(strong, game)
        seen.append(guesses(strong))
    assert seen[0] == seen[1]


@pytest.mark.parametrize("held, likely", [
    (["green 4", "yellow 1"], True),      # the red 7 was its only playable card
    (["red 2", "red 3"], True),           # its most-held colour, and its most points
    (["red 9", "red 2"], False),          # it would have played the 9: more points
    (["green 5", "green 2"], False),      # it would have played the green 5: more greens
    (["wild", "yellow 1"], True),         # coloured cards before colourless ones
    (["red 7"], True),                    # two alike: either is its choice
])
def test_a_guess_is_kept_where_the_model_would_have_played_the_card_seen(held, likely):
    """Seat 1 was seen playing red 7 on a red 5 (a 5 of any colour could go too): a guess
    with which the heuristic bot would have played another is dropped."""
    rules = load_ruleset("classic", {"hands": 1})
    seven = next(card for card in rules.deck if card.name == "red 7")
    at = GameState.from_table(rules, hands=[["blue 1"], ["green 7", "yellow 2", "blue 3"]],
                              discard=["red 5"], stock=STOCK, turn=1)
    hand = [next(card for card in rules.deck if card.name == name) for name in held]
    assert Guesses(HeuristicAgent(0)).would_play(at, 1, hand + [seven], seven) == likely
    assert [card.name for card in at.hands[1]] == ["green 7", "yellow 2", "blue 3"]


def test_a_play_keeps_the_guesses_that_explain_it_and_gives_up_the_card():
    """Of two guesses, the one with which the model would have played the card seen is kept
    (and copied in the other's place); the card leaves every guess."""
    rules = load_ruleset("classic", {"hands": 1})
    card = {card.name: card for card in rules.deck}
    at = GameState.from_table(rules, hands=[["blue 1"], ["green 7", "yellow 2", "blue 3"]],
                              discard=["red 5"], stock=STOCK, turn=1)
    kept = Guesses(HeuristicAgent(0), count=2)
    kept.hands[1] = [Guess([card["red 9"], card["red 7"], card["blue 4"]], [frozenset()] * 3),
                     Guess([card["green 4"], card["red 7"], card["yellow 1"]], [frozenset()] * 3)]
    kept.played(1, [card["red 7"]], at, random.Random(1))
    assert guesses_named(kept) == \
        [["green 4", "yellow 1"], ["green 4", "yellow 1"]]


def test_a_seat_that_names_a_colour_holds_it():
    """Seat 1 plays a wild on a red card and names green: each guess holds as many greens as
    any other colour."""
    game = table(["wild", "blue 3", "blue 4"])
    strong = StrongAgent(1, playouts=4, margin=float("inf"))  # the heuristic's answer: a red
    answer(strong, game)
    while game.decision.seat != 0:  # seat 1 plays its wild and names green, which it lacks
        asked = game.decision
        game.apply(next(card for card in asked.options if getattr(card, "name", "") == "wild")
                   if asked.kind == "play" else "green" if asked.kind == "color"
                   else asked.options[0])
    answer(strong, game)
    for hand in guesses(strong):
        assert any(name.startswith("green") for name in hand)


def test_guesses_settle_to_the_cards_unseen():
    """A guess holding a card the seat has since seen (it drew it) swaps it for one unseen,
    and a hand of another size is guessed afresh."""
    game = table(["green 3", "red 7"])
    unseen = unseen_cards(game, 0)
    mine = game.hands[0][0]
    kept = Guesses(HeuristicAgent(0), count=3)
    kept.hands[1] = [Guess([mine, unseen[0]], [frozenset()] * 2) for _ in range(3)]
    kept.settle({1: 2}, unseen, random.Random(1))
    assert all(len(guess.cards) == 2 and mine not in guess.cards for guess in kept.hands[1])
    kept.settle({1: 5}, unseen, random.Random(1))
    assert all(len(guess.cards) == 5 and not Counter(guess.cards) - Counter(unseen)
               for guess in kept.hands[1])


@pytest.mark.parametrize("seed", range(5))
def test_a_world_dealt_from_guesses_moves_only_unseen_cards(seed):
    """Dealing a guess into a world swaps cards between the guessed hand and the stock only:
    every card the seat sees stays, and the unseen ones are the same cards."""
    game = table(["green 3", "red 7", "yellow 9"])
    world = as_seen(game, 0, random.Random(seed))
    before = Counter(world.hands[1]) + Counter(world.stock)
    kept = Guesses(HeuristicAgent(0))
    kept.settle({1: 3}, unseen_cards(game, 0), random.Random(seed))
    kept.deal(world, {}, random.Random(seed))
    assert Counter(world.hands[1]) + Counter(world.stock) == before
    assert world.hands[0] == game.hands[0] and world.discard == game.discard
    assert [card.name for card in world.hands[1]] in guesses_named(kept)


def guesses_named(kept: Guesses) -> list[list[str]]:
    """The guesses at seat 1, as card names."""
    return [[card.name for card in guess.cards] for guess in kept.hands[1]]


def test_a_seats_plays_are_followed_through_its_draws():
    """Seat 1 plays by the heuristic, draws, plays again: its guesses keep its hand's size
    throughout, and its real hand stays one the model explains (a guess as it is survives)."""
    game = GameState.from_table(load_ruleset("classic", {"hands": 1}),
                                hands=[["red 1", "red 2", "red 3", "red 4", "red 6", "red 0"],
                                       ["red 7", "red 8", "red 9", "yellow 6", "blue 6"]],
                                discard=["red 5"], stock=STOCK)
    strong, model = StrongAgent(1, playouts=4, margin=float("inf")), HeuristicAgent(1)
    for seat_one_draws in (False, False, True, False):
        answer(strong, game)
        assert all(len(hand) == len(game.hands[1]) for hand in guesses(strong))
        while game.decision.seat != 0:
            asked = game.decision
            game.apply(DRAW if seat_one_draws and asked.kind == "play" else
                       False if asked.kind == "play_drawn" else model.decide(game, asked))
