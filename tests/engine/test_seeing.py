"""Seeing as a seat sees (engine/seeing.py): a game dealt again where the seat has not seen it
looks to that seat exactly as the real one does, holds the same cards, keeps what it knows,
plays on, and depends on nothing hidden."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from interpreter.building.ruleset import load_ruleset
from interpreter.engine.game import GameState
from interpreter.engine.seeing import as_seen, known_cards
from interpreter.playing.agents import RandomAgent
from interpreter.presenting.view import seat_view

GAMES = ["classic", "mario_kart", "uno_flip", "no_mercy", "crazy_eights", "dos", "uno_attack",
         "classic+house/seven_o", "classic+house/pass_cards"]


def at_own_decision(ref: str, seed: int, seat: int = 0, players: int = 3, steps: int = 25):
    """A game of `ref` played by random agents for about `steps` decisions, stopped at one of
    `seat`'s."""
    rules = load_ruleset(ref)
    game = GameState(rules, players=players, seed=seed, record=True)
    agent = RandomAgent(seed)
    taken = 0
    while not game.over:
        decision = game.decision
        if decision is None:
            game.next_hand()
            continue
        if decision.seat == seat and taken >= steps:
            return game
        game.apply(agent.decide(game, decision))
        taken += 1
    pytest.skip("the match ended first")


def everything(game) -> Counter:
    """Every card of the game, wherever it is."""
    cards = Counter(game.stock) + Counter(game.discard)
    for hand in game.hands:
        cards += Counter(hand)
    for piles in game.rows.values():
        for pile in piles:
            cards += Counter(pile)
    return cards


@pytest.mark.parametrize("ref", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_the_seat_sees_the_same_game_and_every_card_is_still_there(ref, seed):
    game = at_own_decision(ref, seed)
    twin = as_seen(game, 0, random.Random(seed))
    assert repr(seat_view(twin, 0)) == repr(seat_view(game, 0))  # faces by name
    assert twin.hands[0] == game.hands[0] and twin.discard == game.discard
    assert everything(twin) == everything(game)
    assert [len(h) for h in twin.hands] == [len(h) for h in game.hands]


@pytest.mark.parametrize("ref", GAMES)
def test_the_game_seen_plays_on(ref):
    game = at_own_decision(ref, 3)
    twin = as_seen(game, 0, random.Random(7))
    agent = RandomAgent(1)
    hands = len(twin.hand_results)
    for _ in range(20000):  # through the hand under way and into the next (rules all kept)
        if twin.over or len(twin.hand_results) > hands + 1:
            break
        if twin.decision is None:
            twin.next_hand()
            continue
        twin.apply(agent.decide(twin, twin.decision))
    assert len(twin.hand_results) > hands or twin.over


def test_it_depends_on_nothing_hidden():
    game = at_own_decision("uno_flip", 4)
    other = as_seen(game, 0, random.Random(99))  # the same to seat 0, its hidden cards not
    assert other.hands[1:] != game.hands[1:] or other.stock != game.stock
    for seed in range(5):
        first, second = as_seen(game, 0, random.Random(seed)), as_seen(other, 0, random.Random(seed))
        assert first.hands == second.hands and first.stock == second.stock
        assert first.rng.getstate() == second.rng.getstate()


def test_the_same_generator_gives_the_same_deal_and_others_differ():
    game = at_own_decision("classic", 5)
    deals = {seed: as_seen(game, 0, random.Random(seed)) for seed in range(6)}
    assert as_seen(game, 0, random.Random(0)).hands == deals[0].hands
    assert len({tuple(map(tuple, d.hands[1:])) + (tuple(d.stock),) for d in deals.values()}) > 1
    assert game.rng.getstate() != deals[0].rng.getstate()  # chance to come is not the game's


def test_another_seats_play_is_not_seen_through():
    game = at_own_decision("classic", 6, seat=1)
    with pytest.raises(ValueError, match="at its own decision"):
        as_seen(game, 0, random.Random(1))


def test_cards_the_seat_passed_stay_where_it_passed_them():
    rules = load_ruleset("classic+house/pass_cards")
    game = GameState.from_table(rules, hands=[["red 0", "blue 7", "green 2"],
                                              ["yellow 3", "yellow 4", "red 8"],
                                              ["green 5", "green 6", "blue 1"]],
                                discard=["red 5"], stock=["blue 2"] * 6 + ["red 9"] * 6,
                                record=True)
    game.apply(rules.card("red 0"))  # everyone passes a card to the next player
    while game.decision is not None and game.decision.kind == "card":
        hand = game.hands[game.decision.seat]
        wanted = rules.card("blue 7") if game.decision.seat == 0 else game.decision.options[0]
        game.apply(wanted if wanted in game.decision.options else game.decision.options[0])
    assert known_cards(game, 0) == {1: [rules.card("blue 7")]}
    while game.decision is not None and game.decision.seat != 0:
        game.apply(game.decision.options[0])
    if game.decision is None or rules.card("blue 7") not in game.hands[1]:
        pytest.skip("seat 1 played it first")
    known = known_cards(game, 0)
    for seed in range(10):
        twin = as_seen(game, 0, random.Random(seed), known)
        assert rules.card("blue 7") in twin.hands[1]
