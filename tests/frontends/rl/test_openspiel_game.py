"""A ruleset as an OpenSpiel Python game (interpreter/rl/openspiel_game.py): OpenSpiel's own
random simulation test, the same legal actions and observations as the PettingZoo
environment, the same game from the same deal and actions, cheap clones that stay apart,
chance as the deal's digits and luck nodes, IS-MCTS on games dealt again as a seat sees
them, information states that stay small, and pickles."""

from __future__ import annotations

import pickle
import random
import re
import subprocess
import sys
import time

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from interpreter.rl.openspiel_episode import HISTORY_LINES, LUCK, History  # noqa: E402
from interpreter.rl.openspiel_game import register  # noqa: E402

BUNDLED = ["classic", "all_wild", "classic_2018", "crazy_eights", "dos", "mario_kart",
           "no_mercy", "uno_attack", "uno_flip"]


def load(ruleset, players=2, options=None, reward="hand", **params):
    """The registered game, loaded with game parameters `params` (seeds, draws, luck)."""
    name = register(ruleset, players=players, options=options, reward=reward)
    return pyspiel.load_game(name, params) if params else pyspiel.load_game(name)


def dealt(game, deal):
    """The state after the deal of seed `deal` (its digits, the deal's chance outcomes)."""
    state = game.new_initial_state()
    seeds = game.seeds
    for _ in range(game.draws):
        state.apply_action(deal % seeds)
        deal //= seeds
    return state


def play_out(state, rng, limit=None):
    """Random legal actions (and chance outcomes) to the end (or `limit` moves); the
    actions taken."""
    taken = []
    while not state.is_terminal() and (limit is None or len(taken) < limit):
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        taken.append(action)
    return taken


def near_the_end(game, deal: int = 1):
    """A state of the deal `deal` where a seat holds a card or two: the seats played
    cards while they could (drew otherwise), chance took its first outcome. OpenSpiel's
    random simulation from here is short (a random two-seat hand from the deal runs to
    thousands of moves, and the test clones every state several times)."""
    state = dealt(game, deal)
    encoding = game.spec.encoding
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
            continue
        table = state._episode
        if table.decision.kind == "play" and min(map(len, state.game.hands)) <= 2:
            return state
        legal = state.legal_actions()
        cards = [a for a in legal if a < encoding.face_count]
        state.apply_action(cards[0] if cards else legal[0])
    return state


@pytest.mark.parametrize("ruleset", BUNDLED + ["classic+house/pass_cards",
                                               "classic+house/seven_o"])
def test_random_simulation_of_every_bundled_game(ruleset):
    """OpenSpiel's own checks of a game: one short random simulation each (the slow test
    below runs whole hands from the deal)."""
    game = load(ruleset, moves=400)  # a hand cut short past 400 moves after the deal
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False,
                            specific_initial_state=near_the_end(game))


def test_random_simulation_with_a_house_rule():
    game = load("classic", options={"jump_in": True}, moves=400)  # windows: jumping in
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False,
                            specific_initial_state=near_the_end(game, 3))
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", BUNDLED + ["classic+house/pass_cards"])
def test_random_simulation_from_the_deal(ruleset):
    """Whole random hands from the deal: rows of piles (a `pile` decision names one),
    colourless decks, shuffled hands and cards passed at once, two-sided cards, a launcher:
    each answer has its action. Minutes: the hands are long and every state is cloned."""
    pyspiel.random_sim_test(load(ruleset), num_sims=1, serialize=False, verbose=False)


def test_game_type_and_info():
    game = load("classic")
    kind = game.get_type()
    assert kind.short_name == "houserules_classic"
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 1000
    assert game.num_distinct_actions() == game.spec.encoding.size
    assert game.observation_tensor_size() == game.spec.encoding.length
    assert len(load("classic", seeds=7).new_initial_state().chance_outcomes()) == 7
    assert game.information_state_tensor_size() == game.observation_tensor_size() \
        + 2 * len(game.spec.encoding.face_names)  # the discard's faces, those known of the other
    assert game.max_chance_outcomes() == 1000 and game.max_game_length() \
        == 3 + 2 * game.spec.max_length + 1  # the deal's digits, a luck node before each answer


def test_registering_again_and_names():
    assert register("classic", players=2) == "houserules_classic"
    assert register("classic", players=2, options={"stacking": True}) \
        == "houserules_classic_stacking"
    with pytest.raises(ValueError, match="registered already"):
        register("classic", players=3, name="houserules_classic")
    with pytest.raises(ValueError, match="OpenSpiel game"):
        register("classic", name="kuhn_poker")


def test_legal_actions_and_observations_match_the_environment():
    pytest.importorskip("pettingzoo")
    from interpreter.rl.aec import HouserulesEnv
    game = load("classic", options={"jump_in": True}, luck=0)  # the stock's order as dealt
    env = HouserulesEnv("classic", players=2, options={"jump_in": True}, seed=0)
    rng = random.Random(5)
    for deal in (3, 11):
        # The environment's own game, made from the same deal seed as the chance outcome.
        env.reset(options={"game_seed": deal})
        state = dealt(game, deal)
        for _ in range(300):
            if state.is_terminal():
                break
            seat = state.current_player()
            assert env.agent_selection == f"seat_{seat}"
            observed = env.observe(env.agent_selection)
            assert list(np.flatnonzero(observed["action_mask"])) == state.legal_actions()
            assert np.array_equal(observed["observation"], state.observation_tensor(seat))
            other = 1 - seat
            assert np.array_equal(env.observe(f"seat_{other}")["observation"],
                                  state.observation_tensor(other))
            assert state.legal_actions(other) == []
            action = rng.choice(state.legal_actions())
            env.step(action)
            state.apply_action(action)
        if state.is_terminal():
            assert [env.rewards[f"seat_{s}"] for s in range(2)] == state.returns()


def test_the_same_deal_and_actions_give_the_same_game():
    game = load("classic", options={"stacking": True})
    first = dealt(game, 42)
    first.information_state_string(0)  # kept move by move from here
    play_out(first, random.Random(1))
    again = game.new_initial_state()
    for action in first.history():
        again.apply_action(action)
    assert again.is_terminal() and again.returns() == first.returns()
    assert str(again) == str(first)
    assert sum(first.returns()) == 0 and max(first.returns()) > 0
    for seat in range(2):
        # Rebuilt by replaying the moves when first asked, the same as kept move by move.
        assert again.information_state_string(seat) == first.information_state_string(seat)
        assert again.observation_string(seat) == first.observation_string(seat)
        assert again.observation_tensor(seat) == first.observation_tensor(seat)
    assert str(dealt(game, 42)) == str(dealt(game, 42)) != str(dealt(game, 43))


def test_information_state_is_the_seat_s_own_history(monkeypatch):
    monkeypatch.setattr("interpreter.rl.openspiel_episode.HISTORY_LINES", 100_000)  # all of it
    game = load("classic")
    state = dealt(game, 9)
    rng = random.Random(2)
    actions = play_out(state, rng, limit=60)
    while state.is_chance_node():  # the luck node after an answer: the game hears it
        actions += play_out(state, rng, limit=1)
    for seat in range(2):
        lines = state.information_state_string(seat).splitlines()
        assert lines[-1] == state.observation_string(seat)
        own = [line[2:] for line in lines if line.startswith("> ")]
        names = game.spec.encoding.action_names
        mine = []
        replay = dealt(game, 9)
        for action in actions:
            if replay.current_player() == seat:
                mine.append(names[action])
            replay.apply_action(action)
        assert own == mine
        seen = [line for line in lines if not line.startswith("> ")]
        assert all(a != b for a, b in zip(seen, seen[1:]))  # a line when it changed
        faces = game.spec.encoding.face_names
        hand = sorted(faces[game.spec.encoding.face(card)] for card in state.game.hands[seat])
        assert seen[-1].split(" | ")[0] == "hand: " + ", ".join(hand)
        # The other seat's cards exchanged for the stock's: nothing the seat sees changes.
        twin = state.clone()
        table = twin.game
        other = table.hands[1 - seat]
        count = min(len(other), len(table.stock))
        other[:count], table.stock[:count] = table.stock[:count], other[:count]
        assert twin.observation_string(seat) == state.observation_string(seat)
        assert twin.observation_tensor(seat) == state.observation_tensor(seat)
        assert twin.information_state_string(seat) == state.information_state_string(seat)
        assert str(twin) != str(state)


def test_a_window_is_asked_seat_by_seat():
    game = load("classic", players=3, options={"jump_in": True})
    rng = random.Random(3)
    for deal in range(20):
        state = dealt(game, deal)
        while not state.is_terminal():
            table = state._episode
            decision = state.game.decision
            if table.window and len(decision.open_to) > 1 and table.match.offered == 0:
                first, second = decision.open_to[:2]
                assert state.current_player() == first
                none = game.spec.encoding.none
                yes = game.spec.encoding.yes
                # Public windows: a seat that cannot take it may only let it go.
                able = first in decision.options
                assert state.legal_actions() == sorted({none, yes} if able else {none})
                state.apply_action(none)
                assert state.game.decision is decision  # the game heard nothing yet
                assert state.current_player() == second
                return
            state.apply_action(rng.choice(state.legal_actions()))
    pytest.fail("no window open to two seats in 20 deals")


def test_clones_are_apart_and_the_same_as_the_engine_s():
    game = load("classic", options={"stacking": True})
    rng = random.Random(4)
    state = dealt(game, 5)
    for _ in range(5):
        play_out(state, rng, limit=40)
        if state.is_terminal():
            break
        before = str(state)
        twin = state.clone()
        assert str(twin) == before and twin.history() == state.history()
        play_out(twin, random.Random(6), limit=30)
        assert str(state) == before
        # The state's clone plays on exactly as the engine's own clone of its game does.
        original = state.game
        ours, theirs = state.clone().game, original.clone()
        answers = random.Random(7)
        for _ in range(400):
            if ours.decision is None:
                break
            assert ours.decision == theirs.decision
            answer = answers.choice(ours.decision.options)
            ours.apply(answer)
            theirs.apply(answer)
        assert (ours.hands, ours.discard, ours.stock, ours.scores) \
            == (theirs.hands, theirs.discard, theirs.stock, theirs.scores)
        assert ours.rng.getstate() == theirs.rng.getstate()
        assert str(state) == before


def test_match_reward():
    game = load("classic", options={"single_hand": True}, reward="match")
    assert game.get_type().short_name == "houserules_classic_single_hand_match"
    state = dealt(game, 1)
    play_out(state, random.Random(8))
    assert sorted(state.returns()) == [-1.0, 1.0]


def test_serialized_states_replay():
    game = load("classic")
    state = dealt(game, 17)
    play_out(state, random.Random(9), limit=80)
    text = pyspiel.serialize_game_and_state(game, state)
    game_again, again = pyspiel.deserialize_game_and_state(text)
    assert str(again) == str(state) and again.history() == state.history()
    assert again.information_state_string(1) == state.information_state_string(1)
    pyspiel.random_sim_test(load("classic", moves=300), num_sims=1, serialize=True,
                            verbose=False)


def say(seen: dict) -> str:
    """Encoding.readable on one line, as the observation string is documented to be."""
    parts = []
    for key, value in seen.items():
        if isinstance(value, list):
            value = ", ".join(map(str, value))
        elif isinstance(value, dict):
            if not value:
                continue
            value = ", ".join(f"{k}={v}" for k, v in value.items())
        parts.append(f"{key}: {value}")
    return " | ".join(parts)


@pytest.mark.parametrize("ruleset, players", [("classic", 3), ("uno_flip", 3),
                                              ("crazy_eights", 2), ("no_mercy", 4)])
def test_the_observation_string_is_the_readable_observation_on_one_line(ruleset, players):
    game = load(ruleset, players=players)
    encoding = game.spec.encoding
    state = dealt(game, 6)
    rng = random.Random(6)
    for _ in range(40):
        if state.is_terminal():
            break
        table = state._episode
        for seat in range(players):
            decision = table.decision if seat == table.asked else None  # none at a luck node
            assert state.observation_string(seat) \
                == say(encoding.readable(table.game, seat, decision))
        state.apply_action(rng.choice(state.legal_actions()))


def long_hand(game, moves: int):
    """A state `moves` random moves into a hand that lasts that long (the first such deal)."""
    for deal in range(50):
        state, rng = dealt(game, deal), random.Random(deal)
        if len(play_out(state, rng, limit=moves)) == moves and not state.is_terminal():
            return state, rng
    pytest.fail(f"no hand of {moves} moves in 50 deals")


def test_a_long_hand_s_information_state_stays_small():
    game = load("classic")
    state, rng = long_hand(game, 2000)
    while state.is_chance_node():
        play_out(state, rng, limit=1)
    for seat in range(2):
        text = state.information_state_string(seat)
        first, *lines = text.splitlines()
        assert re.fullmatch(r"\(\d+ earlier lines, digest [0-9a-f]{32}\)", first)
        assert len(lines) == HISTORY_LINES and lines[-1] == state.observation_string(seat)
        assert len(text) < HISTORY_LINES * 400
    # A clone keeps it and then goes its own way; a replay (a serialized state) rebuilds it.
    twin = state.clone()
    assert twin.information_state_string(0) == state.information_state_string(0)
    play_out(twin, random.Random(1), limit=5)
    assert twin.information_state_string(0) != state.information_state_string(0)
    _, again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert again.information_state_string(1) == state.information_state_string(1)


def test_a_move_costs_the_same_early_and_late_in_a_long_hand():
    """Asking every seat's information state at every move: as quick at move 2,000 as at
    the start (the history's latest lines and a digest, however long the hand)."""
    game = load("classic")
    for deal in range(50):
        timings = []
        for start in (0, 2000):
            state, rng = dealt(game, deal), random.Random(deal)
            play_out(state, rng, limit=start)
            for seat in range(2):
                state.information_state_string(seat)  # kept move by move from here
            began = time.process_time()
            for _ in range(100):
                if state.is_terminal():
                    break
                state.apply_action(rng.choice(state.legal_actions()))
                for seat in range(2):
                    state.information_state_string(seat)
            timings.append(time.process_time() - began)
        if not state.is_terminal():
            assert timings[1] < 3 * timings[0] + 0.05
            return
    pytest.fail("no hand of 2,100 moves in 50 deals")


def test_histories_that_differ_only_in_lines_long_dropped_differ():
    early, late = History(), History()
    early.add("> draw\n")
    late.add("> pass\n")
    for step in range(3 * HISTORY_LINES):
        for history in (early, late):
            history.add(f"a line of step {step:5}\n")
    assert early.lines == late.lines and early.dropped == late.dropped > 0
    assert early.text() != late.text()
    assert len(early.text().splitlines()) == HISTORY_LINES + 1


HUNDRED_SEATS = """extends: classic
name: hundred
players: {min: 2, max: 100, default: 100}
decks: 8
"""


def test_a_game_at_100_seats_is_quick_and_bounded(tmp_path):
    path = tmp_path / "hundred.yaml"
    path.write_text(HUNDRED_SEATS)
    started = time.process_time()
    game = pyspiel.load_game(register(str(path), players=100, name="houserules_hundred_seats"))
    state = dealt(game, 1)
    rng = random.Random(1)
    longest = {"information state": 0, "observation": 0}
    for move in range(400):
        if state.is_terminal():
            break
        if state.is_chance_node():  # a luck node
            state.apply_action(rng.choice(state.legal_actions()))
            continue
        seat = state.current_player()
        if move % 20 == 0:
            twin = state.clone()
            assert str(twin) == str(state)
        longest["information state"] = max(longest["information state"],
                                           len(state.information_state_string(seat)))
        longest["observation"] = max(longest["observation"], len(state.observation_string(seat)))
        assert len(state.observation_tensor(seat)) == game.observation_tensor_size()
        state.apply_action(rng.choice(state.legal_actions()))
    assert move == 399, "the hand ended early: pick another deal"
    assert time.process_time() - started < 8.0  # about 1 s here
    assert longest["information state"] <= (HISTORY_LINES + 1) * longest["observation"]


def test_random_simulation_uno_attack_with_chance_nodes():
    """UNO Attack's launcher: every random outcome of a rule is a chance node of its own."""
    game = load("uno_attack", seeds=20, moves=300)
    assert game.max_chance_outcomes() == 1000  # a random() may have up to 1,000 outcomes
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_a_launcher_press_is_a_chance_node_with_the_launcher_odds():
    game = load("uno_attack", seeds=20)
    state = dealt(game, 3)
    rng = random.Random(2)
    while not (state.is_chance_node() and state._episode.chance is not None):
        state.apply_action(rng.choice(state.legal_actions()))
    outcomes = state.chance_outcomes()
    assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
    table = state._episode
    assert table.decision.kind == "chance" and len(outcomes) == len(table.decision.options)
    launcher = game.spec.rules.chances["launcher"]
    assert table.decision.options == tuple(dict.fromkeys(launcher)) or \
        table.decision.options == tuple(dict.fromkeys(game.spec.rules.chances["fire"]))
    before = state.clone()
    action = outcomes[-1][0]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, action).startswith("chance: ")
    state.apply_action(action)
    assert not before.is_terminal() and before.is_chance_node()  # the clone stays apart
    events = [e for e in state._episode.path]
    assert events[-1] == action
    # The same deal and actions make the same game.
    again = game.new_initial_state()
    for taken in state.history():
        again.apply_action(taken)
    assert str(again) == str(state)


def test_without_chance_or_luck_the_only_chance_nodes_are_the_deal_s():
    assert load("classic", seeds=7, luck=0).max_chance_outcomes() == 7
    assert load("classic", seeds=7).max_chance_outcomes() == LUCK


def test_the_deal_is_drawn_digit_by_digit():
    """The deal's chance nodes are the deal seed's digits, the lowest first: the deal of
    seed 3 + 20 * 1000 is GameState's of that seed."""
    from interpreter.engine.game import GameState
    game = load("classic")
    state = game.new_initial_state()
    for digit in (3, 20, 0):
        assert state.is_chance_node() and len(state.chance_outcomes()) == 1000
        assert state.action_to_string(pyspiel.PlayerId.CHANCE, digit) == f"deal {digit}"
        state.apply_action(digit)
    assert not state.is_chance_node()
    assert state.game.hands == GameState(game.spec.rules, players=2, seed=20_003).hands
    assert len(load("classic", draws=1, seeds=7).new_initial_state().chance_outcomes()) == 7


def at_a_draw(game, deal=2):
    """A state where the seat asked may draw (the draw action legal), a luck node away."""
    state, rng = dealt(game, deal), random.Random(deal)
    draw = game.spec.encoding.by_option["draw"]
    while draw not in state.legal_actions() or state.is_chance_node():
        state.apply_action(rng.choice(state.legal_actions()))
    return state, draw


def test_a_luck_node_comes_between_an_answer_and_the_game_hearing_it():
    game = load("classic")
    state, draw = at_a_draw(game)
    seat = state.current_player()
    others = [state.observation_string(other) for other in range(2) if other != seat]
    state.apply_action(draw)
    assert state.is_chance_node() and len(state.chance_outcomes()) == LUCK
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 5) == "luck 5"
    assert [state.observation_string(o) for o in range(2) if o != seat] == others
    assert state._legal_actions(seat) == []  # (pyspiel gives a chance node's outcomes to all)
    drawn = set()
    for outcome in range(10):
        twin = state.clone()
        twin.apply_action(outcome)
        assert not twin.is_chance_node() or twin._episode.pending is None
        hand = twin.game.hands[seat]
        drawn.add(hand[-1] if len(hand) > len(state.game.hands[seat]) else None)
    assert len(drawn) > 1  # which card comes is the luck node's


def test_a_search_on_the_true_state_cannot_see_the_stock_s_order():
    """The stock's order at a decision makes no difference to any future: after the same
    answer and luck outcome, a game whose stock lay otherwise plays on the same."""
    for ruleset in ("classic", "uno_flip"):  # two-sided: the stock's top shows its back
        game = load(ruleset)
        state, draw = at_a_draw(game, 4)
        twin = state.clone()
        stock = twin.game.stock
        top = stock.pop()
        random.Random(1).shuffle(stock)
        stock.append(top)  # a two-sided stock's top shows what it shows
        assert twin.game.stock != state.game.stock
        for game_state in (state, twin):
            game_state.apply_action(draw)
            game_state.apply_action(7)
        assert twin.game.hands == state.game.hands and twin.game.stock == state.game.stock


def test_without_luck_the_stock_s_order_is_the_deal_s():
    game = load("classic", luck=0)
    state, draw = at_a_draw(game)
    stock = list(state.game.stock)
    seat = state.current_player()
    state.apply_action(draw)
    assert not state.is_chance_node() and state.game.hands[seat][-1] is stock[-1]


def ask_at_a_decision(game, deal, moves, seat=None):
    """A state `moves` random moves on, at a decision (of `seat`, when given)."""
    state, rng = dealt(game, deal), random.Random(deal)
    play_out(state, rng, limit=moves)
    while state.is_chance_node() or (seat is not None and state.current_player() != seat):
        if state.is_terminal():
            pytest.skip("the hand ended")
        play_out(state, rng, limit=1)
    return state


@pytest.mark.parametrize("ruleset", ["classic", "uno_flip", "classic+house/pass_cards",
                                     "classic+house/seven_o", "dos"])
def test_resampled_states_look_the_same_to_the_seat(ruleset):
    game = load(ruleset)
    state = ask_at_a_decision(game, 5, 30)
    seat = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    mine = state.information_state_string(seat)
    differs = False
    for _ in range(5):
        sampled = state.resample_from_infostate(seat, sampler)
        assert sampled.current_player() == seat
        assert sampled.information_state_string(seat) == mine
        assert sampled.information_state_tensor(seat) == state.information_state_tensor(seat)
        assert sampled.observation_string(seat) == state.observation_string(seat)
        assert sampled.legal_actions() == state.legal_actions()
        assert sampled.game.hands[seat] == state.game.hands[seat]
        differs |= sampled.game.hands != state.game.hands or sampled.game.stock != state.game.stock
        again = pickle.loads(pickle.dumps(sampled))  # a resampled state replays too
        assert str(again) == str(sampled)
        assert again.information_state_string(seat) == mine
        play_out(sampled, random.Random(1), limit=200)  # it plays on
    assert differs
    assert str(state) == str(ask_at_a_decision(game, 5, 30))  # the state itself is untouched


def test_a_resampled_state_keeps_the_cards_the_seat_passed():
    game = load("classic+house/pass_cards")
    for deal in range(40):
        state, rng = dealt(game, deal), random.Random(deal)
        for _ in range(300):
            if state.is_terminal():
                break
            table = state._episode
            if not state.is_chance_node() and table.known[state.current_player()]:
                seat = state.current_player()
                known = table.known[seat]
                memory = np.array(state.information_state_tensor(seat))
                assert memory[-len(game.spec.encoding.face_names):].sum() \
                    == sum(map(len, known.values()))
                sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
                for _ in range(5):
                    sampled = state.resample_from_infostate(seat, sampler)
                    for other, cards in known.items():
                        held = list(sampled.game.hands[other])
                        for card in cards:
                            held.remove(card)  # each known card is still there
                return
            state.apply_action(rng.choice(state.legal_actions()))
    pytest.fail("no seat knew a card of another in 40 deals")


def test_the_information_state_tensor_is_the_observation_and_what_the_seat_remembers():
    game = load("classic", players=3)
    state = ask_at_a_decision(game, 7, 25)
    encoding = game.spec.encoding
    for seat in range(3):
        tensor = np.array(state.information_state_tensor(seat))
        assert len(tensor) == game.information_state_tensor_size()
        assert np.array_equal(tensor[:encoding.length], state.observation_tensor(seat))
        discard = tensor[encoding.length:encoding.length + encoding.face_count]
        assert discard.sum() == len(state.game.discard)
        for card in state.game.discard:
            assert discard[encoding.face(card)] >= 1
        # Nothing in it changes when the cards it cannot see are dealt otherwise.
        twin = state.clone()
        other = twin.game.hands[(seat + 1) % 3]
        count = min(len(other), len(twin.game.stock))
        other[:count], twin.game.stock[:count] = twin.game.stock[:count], other[:count]
        assert twin.information_state_tensor(seat) == state.information_state_tensor(seat)


class CutRollouts:
    """IS-MCTS's evaluator: random rollouts of at most 30 moves, one cut short scored by
    the points held (a hand of random play runs long)."""

    def __init__(self, seed):
        self.rng = np.random.RandomState(seed)

    def evaluate(self, state):
        working = state.clone()
        for _ in range(30):
            if working.is_terminal():
                return np.array(working.returns())
            working.apply_action(self.rng.choice(working.legal_actions()))
        points = [float(sum(card.points for card in hand)) for hand in working.game.hands]
        return np.array([(sum(points) - mine) / (len(points) - 1) - mine for mine in points])

    def prior(self, state):
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


@pytest.mark.parametrize("ruleset, options, players", [("classic", None, 2),
                                                       ("classic", {"stacking": True}, 3),
                                                       ("uno_flip", None, 2)])
def test_openspiel_s_is_mcts_plays_whole_games(ruleset, options, players):
    ismcts = pytest.importorskip("open_spiel.python.algorithms.ismcts")
    game = load(ruleset, players=players, options=options)
    bot = ismcts.ISMCTSBot(game, CutRollouts(0), 50.0, max_simulations=4,
                           random_state=np.random.RandomState(1))
    state, rng = dealt(game, 11), random.Random(11)
    searched = 0
    while not state.is_terminal():
        if state.current_player() == 0 and len(state.legal_actions()) > 1 and searched < 40:
            state.apply_action(bot.step(state))
            searched += 1
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert searched and sum(state.returns()) == 0


@pytest.mark.parametrize("ruleset, players", [
    ("classic", 2), ("uno_flip", 2), ("crazy_eights", 2), ("classic+house/low_score", 2),
    ("classic+house/partners", 4)])
def test_every_game_is_zero_sum_and_says_so(ruleset, players):
    """Every reward pays teams against each other (rewards.py); OpenSpiel's random
    simulation checks that a ZERO_SUM game's returns sum to zero."""
    game = load(ruleset, players=players)
    utility = pyspiel.GameType.Utility
    assert game.get_type().utility == utility.ZERO_SUM
    assert load(ruleset, players=players, reward="match").get_type().utility \
        == utility.ZERO_SUM
    pyspiel.random_sim_test(load(ruleset, players=players, moves=300), num_sims=1,
                            serialize=False, verbose=False)


def test_the_game_and_its_states_pickle():
    game = load("classic", options={"stacking": True}, luck=50)
    again = pickle.loads(pickle.dumps(game))
    assert str(again) == str(game) and again.get_parameters()["luck"] == 50
    for moves in (0, 1, 2, 40):
        state = game.new_initial_state()
        rng = random.Random(moves)
        for _ in range(moves):
            state.apply_action(rng.choice(state.legal_actions()))
        copy = pickle.loads(pickle.dumps(state))
        assert str(copy) == str(state) and copy.history() == state.history()
        assert copy.legal_actions() == state.legal_actions()


def test_a_game_and_a_state_unpickle_in_a_new_process():
    game = load("classic", options={"stacking": True})
    state = dealt(game, 8)
    play_out(state, random.Random(8), limit=20)
    data = pickle.dumps((game, state))
    script = ("import pickle, sys; game, state = pickle.loads(sys.stdin.buffer.read()); "
              "print(game.get_type().short_name); print(state)")
    done = subprocess.run([sys.executable, "-c", script], input=data, capture_output=True,
                          check=True)
    assert done.stdout.decode().splitlines() == ["houserules_classic_stacking"] \
        + str(state).splitlines()

