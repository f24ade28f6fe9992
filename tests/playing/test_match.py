"""The one match driver (playing/match.py): a match played step by step through a Match is the
match play_match plays, whoever answers (a front end for a seat, the bots as asked); a window
asked one seat at a time or of every seat at once; and the bots of a name, made by the one
factory, alike through every front end (issue 43)."""

from __future__ import annotations

import random

import pytest

from interpreter import GameState, load_ruleset
from interpreter.engine.decisions import Decision
from interpreter.errors import HouserulesError
from interpreter.playing.agents import ForgetfulAgent, HeuristicAgent
from interpreter.playing.dice import Dice
from interpreter.playing.match import Match, play_match
from interpreter.playing.seating import bot, bot_names, make_agents, seat_bots

JUMPS = "classic+house/jump_in"
NAMES = ["forgetful", "random", "heuristic", "eager"]


def fingerprint(game: GameState) -> tuple:
    return (game.scores, [len(hand) for hand in game.hands], len(game.hand_results),
            game.match_winner, len(game.events))


@pytest.mark.parametrize("ruleset", ["classic", JUMPS, "classic+house/challenge"])
@pytest.mark.parametrize("seed", range(3))
def test_a_match_played_step_by_step_is_the_match_play_match_plays(ruleset, seed):
    rules = load_ruleset(ruleset)
    whole = play_match(GameState(rules, 4, seed, record=True), seat_bots(NAMES, Dice(seed)))
    game = GameState(rules, 4, seed, record=True)
    match = Match(game, seat_bots(NAMES, Dice(seed)))
    while not match.over:
        match.play_bots()
        if game.decision is None and not match.over:
            match.next_hand()
    assert fingerprint(game) == fingerprint(whole)


@pytest.mark.parametrize("seed", range(3))
def test_a_seat_the_front_end_answers_plays_as_its_bot_would(seed):
    """Seat 1 answered from outside (as a person or a learner is), with the bot it would
    have had: the same match as the bots alone play."""
    rules = load_ruleset(JUMPS)
    whole = play_match(GameState(rules, 4, seed, record=True), seat_bots(NAMES, Dice(seed)))
    game = GameState(rules, 4, seed, record=True)
    table = seat_bots(NAMES, Dice(seed))
    outside, table[1] = table[1], None
    match = Match(game, table)
    offers = 0
    while not match.over:
        match.play_bots()
        seat, decision, window = match.asked()
        if seat is None:
            if not match.over:
                match.next_hand()
            continue
        assert seat == 1 and not match.bot_asked()
        offers += window
        match.answer(seat, outside.decide(game, decision))
    assert fingerprint(game) == fingerprint(whole)
    assert offers  # it met windows, asked as offers


def window_game(open_to=(1, 2, 3), able=(2, 3)) -> GameState:
    game = GameState(load_ruleset(JUMPS), 4, 1)
    game.decision = Decision("jump_in", None, (None, *able), open_to)
    return game


def test_a_window_is_asked_one_seat_at_a_time_in_its_order():
    game = window_game()
    heard = []
    match = Match(game, [None] * 4, apply=heard.append)
    assert match.asked() == (1, Decision("jump_in", 1, (None,)), True)
    assert match.answer(1, None) is False
    assert list(match.asking()) == [2] and match.waiting() == [2]
    assert match.answer(2, None) is False
    assert match.answer(3, 3) is True and heard == [3]


def test_a_window_let_go_by_every_seat_gives_the_game_none():
    game = window_game(open_to=(2, 3))
    heard = []
    match = Match(game, [None] * 4, apply=heard.append)
    assert [match.answer(seat, None) for seat in (2, 3)] == [False, True]
    assert heard == [None]


class Takes:
    """A bot that takes a window when it may, and says when it was asked."""

    def __init__(self, asked: list):
        self.asked = asked

    def decide(self, game, decision):
        self.asked.append(decision.seat)
        return decision.options[-1]


def test_a_window_asked_together_waits_for_the_people_until_the_bots_have_answered():
    game = window_game(able=())
    heard, asked = [], []
    match = Match(game, [None, Takes(asked), None, Takes(asked)], apply=heard.append,
                  together=True)
    assert list(match.asking()) == [1, 2, 3] and match.bot_asked()
    assert match.bots_answer() is False  # neither bot could take it; seat 2 is still asked
    assert asked == [1, 3] and list(match.asking()) == [2] and not match.bot_asked()
    assert match.answer(2, None) is True and heard == [None]


def test_a_window_asked_together_goes_to_the_first_bot_that_takes_it():
    game = window_game(able=(1, 3))
    heard, asked = [], []
    match = Match(game, [None, Takes(asked), None, Takes(asked)], apply=heard.append,
                  together=True)
    assert match.bots_answer() is True and heard == [1] and asked == [1]


def test_a_window_asked_together_closes_when_its_time_is_up():
    game = window_game()
    heard = []
    match = Match(game, [None] * 4, apply=heard.append, together=True)
    assert match.answer(1, None) is False
    match.time_up()
    assert heard == [None]


def test_a_person_alone_who_cannot_take_a_window_is_not_asked_it():
    game = window_game(able=(2,))
    match = Match(game, [None, None, None, None], together=True, ask_unable=False)
    assert match.waiting() == [2]


def test_a_copy_of_a_match_asks_its_window_where_the_match_was():
    game = window_game()
    match = Match(game, [None] * 4)
    match.answer(1, None)
    twin = match.moved_to(game.clone())
    assert twin.asked()[0] == 2


# --- one bot factory, one --bots reading ----------------------------------------------------

def test_every_front_end_seats_the_bots_of_a_list_alike():
    from interpreter.playing.session import Session
    from interpreter.rl.single import SeatEnv
    names = bot_names("forgetful,heuristic,random,eager", 4, 0)
    assert names == [None, "heuristic", "random", "eager"]
    env = SeatEnv("classic", seat=0, bots="forgetful,heuristic,random,eager", players=4)
    env.reset(seed=1)
    kinds = [type(agent) for agent in Session("classic", {}, 4, 0, "forgetful,heuristic,random,"
                                                "eager", 1).bots]
    assert [type(agent) for agent in env.match.bots] == kinds
    assert [type(agent) for agent in make_agents("heuristic,heuristic,random,eager", 4, 1)][1:] \
        == kinds[1:]


@pytest.mark.parametrize("text, players, person, error", [
    ("nope", None, None, "unknown bot 'nope'"),
    ("eager,eager", 4, None, "--bots lists 2 bots for 4 players"),
    ("eager,eager", 4, 0, "one per bot (3)"),
])
def test_one_reading_of_a_bots_list_refuses_what_does_not_fit(text, players, person, error):
    with pytest.raises(HouserulesError, match=error.replace("(", r"\(").replace(")", r"\)")):
        bot_names(text, players, person)


def test_the_one_factory_refuses_a_name_it_does_not_know():
    with pytest.raises(HouserulesError, match="unknown bot 'clever'"):
        bot("clever", 1)


@pytest.mark.parametrize("drive", ["simulate", "step"])
def test_the_heuristic_bot_calls_uno_every_time_through_every_driver(drive):
    """The heuristic bot never forgets UNO, the forgetful one sometimes does, however the
    match is driven."""
    rules = load_ruleset("classic", {"hands": "1"})
    calls = {HeuristicAgent: [], ForgetfulAgent: []}

    class Log:
        def decided(self, decision, answer):
            if decision.kind == "uno":
                calls[type(table[decision.seat])].append(answer)

        def next_hand(self):
            pass

        def finish(self, game):
            pass

    for seed in range(12):
        table = seat_bots(["heuristic", "forgetful"] * 2, random.Random(seed).random())
        game = GameState(rules, 4, seed, record=True)
        if drive == "simulate":
            play_match(game, table, Log())
        else:
            match = Match(game, table, Log())
            while not match.over:
                match.play_bots()
                if game.decision is None and not match.over:
                    match.next_hand()
    assert calls[HeuristicAgent] and all(calls[HeuristicAgent])
    assert False in calls[ForgetfulAgent]
