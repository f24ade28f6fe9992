"""A ruleset as an OpenSpiel Python game (interpreter/rl/openspiel_game.py): OpenSpiel's own
random simulation test, the same legal actions and observations as the PettingZoo
environment, the same game from the same deal and actions, cheap clones that stay apart."""

from __future__ import annotations

import random
import re
import time

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from interpreter.rl.openspiel_game import HISTORY_CHARS, History, register  # noqa: E402


def load(ruleset, players=2, options=None, reward="hand", seeds=None):
    name = register(ruleset, players=players, options=options, reward=reward)
    return pyspiel.load_game(name if seeds is None else f"{name}(seeds={seeds})")


def dealt(game, deal):
    state = game.new_initial_state()
    state.apply_action(deal)
    return state


def play_out(state, rng, limit=None):
    """Random legal actions to the end (or `limit` moves); the actions taken."""
    taken = []
    while not state.is_terminal() and (limit is None or len(taken) < limit):
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        taken.append(action)
    return taken


def test_random_simulation_classic():
    pyspiel.random_sim_test(load("classic"), num_sims=2, serialize=False, verbose=False)


def test_random_simulation_with_a_house_rule():
    game = load("classic", options={"jump_in": True})  # windows: jumping in out of turn
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize("ruleset", ["dos", "all_wild", "classic_2018",
                                     "classic+house/pass_cards"])
def test_random_simulation_of_the_later_games(ruleset):
    """Rows of piles (a `pile` decision names one), colourless decks, shuffled hands and
    cards passed at once: each answer has its action."""
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
    game = load("classic", options={"jump_in": True})
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


def test_information_state_is_the_seat_s_own_history():
    game = load("classic")
    state = dealt(game, 9)
    actions = play_out(state, random.Random(2), limit=60)
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
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


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
            decision = table.decision if seat == table.seat else None
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


def test_a_long_hand_s_information_state_stays_bounded():
    game = load("classic")
    state, rng = long_hand(game, 1000)
    limit = HISTORY_CHARS + 100  # the latest lines, after one giving the earlier ones' count
    for seat in range(2):
        text = state.information_state_string(seat)
        assert len(text) <= limit
        first, *lines = text.splitlines()
        assert re.fullmatch(r"\(\d+ earlier lines, digest [0-9a-f]{32}\)", first)
        assert lines[-1] == state.observation_string(seat)
    # A clone keeps it and then goes its own way; a replay (a serialized state) rebuilds it.
    twin = state.clone()
    assert twin.information_state_string(0) == state.information_state_string(0)
    play_out(twin, random.Random(1), limit=5)
    assert twin.information_state_string(0) != state.information_state_string(0)
    _, again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert again.information_state_string(1) == state.information_state_string(1)


def test_histories_that_differ_only_in_lines_long_dropped_differ():
    early, late = History(), History()
    early.add("> draw\n")
    late.add("> pass\n")
    for step in range(2 * HISTORY_CHARS // 20):
        for history in (early, late):
            history.add(f"a line of step {step:5}\n")
    assert early.lines == late.lines and early.dropped == late.dropped > 0
    assert early.text() != late.text()
    assert len(early.text()) <= HISTORY_CHARS + 60


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
    assert longest["information state"] <= HISTORY_CHARS + 2 * longest["observation"]


def test_random_simulation_uno_attack_with_chance_nodes():
    """UNO Attack's launcher: every random outcome of a rule is a chance node of its own."""
    game = load("uno_attack", seeds=20)
    assert game.max_chance_outcomes() == 1000  # a random() may have up to 1,000 outcomes
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_a_launcher_press_is_a_chance_node_with_the_launcher_odds():
    game = load("uno_attack", seeds=20)
    state = dealt(game, 3)
    rng = random.Random(2)
    while not state.is_chance_node():
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


def test_without_chance_the_only_chance_node_is_the_deal():
    assert load("classic", seeds=7).max_chance_outcomes() == 7
