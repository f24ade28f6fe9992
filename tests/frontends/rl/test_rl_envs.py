"""The learning environments: PettingZoo's and Gymnasium's own checks on every bundled game,
seeding, illegal actions, windows as turns, and observations that show only what a seat sees."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

from interpreter.rl import gymnasium_env, pettingzoo_env  # noqa: E402
from interpreter.rl.encoding import IllegalAction  # noqa: E402

GAMES = [
    ("classic", {}),
    ("mario_kart", {}),
    ("classic", {"stacking": True, "jump_in": True, "seven_o": True}),
    ("uno_flip", {}),
    ("no_mercy", {}),
    ("crazy_eights", {}),
]
IDS = ["classic", "mario_kart", "classic+stacking+jump_in+seven_o", "uno_flip", "no_mercy",
       "crazy_eights"]


@pytest.mark.parametrize("ruleset, options", GAMES, ids=IDS)
def test_pettingzoo_api_test_passes(ruleset, options):
    api_test(pettingzoo_env(ruleset, players=3, options=options, seed=1), num_cycles=300)


@pytest.mark.parametrize("ruleset, options", GAMES, ids=IDS)
def test_gymnasium_check_env_passes(ruleset, options):
    check_env(gymnasium_env(ruleset, seat=1, bots="heuristic", players=3, options=options),
              skip_render_check=True)


def random_episode(env, seed: int, pick_seed: int) -> list:
    """The (agent, action, reward) of each step of one episode, random legal actions."""
    rng = np.random.default_rng(pick_seed)
    env.reset(seed=seed)
    steps = []
    for agent in env.agent_iter(10_000):
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            steps.append((agent, None, reward))
            continue
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        steps.append((agent, action, reward, observation["observation"].tobytes()))
        env.step(action)
    return steps


@pytest.mark.parametrize("ruleset", ["classic", "uno_flip"])
def test_the_same_seed_gives_the_same_episode(ruleset):
    env = pettingzoo_env(ruleset, players=4)
    first = random_episode(env, seed=5, pick_seed=1)
    assert first == random_episode(env, seed=5, pick_seed=1)
    assert first != random_episode(env, seed=6, pick_seed=1)
    single = gymnasium_env(ruleset, bots="random", players=3)
    runs = []
    for _ in range(2):
        observation, info = single.reset(seed=9)
        trail, done, rng = [], False, np.random.default_rng(3)
        while not done:
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            observation, reward, done, _, info = single.step(action)
            trail.append((action, reward, observation["observation"].tobytes()))
        runs.append(trail)
    assert runs[0] == runs[1]


def test_an_illegal_action_is_refused_clearly_and_changes_nothing():
    env = pettingzoo_env("classic", players=2, seed=2)
    env.reset(seed=2)
    agent = env.agent_selection
    before = env.observe(agent)
    illegal = int(np.flatnonzero(before["action_mask"] == 0)[0])
    with pytest.raises(IllegalAction, match=r"action \d+ \(.*\) is not legal now; legal: "):
        env.step(illegal)
    for wrong in (-1, env.encoding.size, 2.5, "draw", None):
        with pytest.raises((IllegalAction, ValueError)):
            env.step(wrong)
    after = env.observe(agent)
    assert env.agent_selection == agent
    assert np.array_equal(before["observation"], after["observation"])
    assert np.array_equal(before["action_mask"], after["action_mask"])
    single = gymnasium_env("classic", bots="random", players=2, illegal="raise")
    observation, info = single.reset(seed=4)
    with pytest.raises(IllegalAction):
        single.step(int(np.flatnonzero(info["action_mask"] == 0)[0]))
    assert np.array_equal(single.observation()["observation"], observation["observation"])


def test_a_window_is_a_turn_of_each_seat_it_is_open_to():
    # Seats that never call UNO leave catch windows, each asked in turn, take it or not.
    env = pettingzoo_env("classic", players=3, seed=3)
    encoding = env.encoding
    uno = {encoding.yes, encoding.no}
    seen = []
    env.reset(seed=3)
    rng = np.random.default_rng(0)
    for agent in env.agent_iter(20_000):
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        mask = observation["action_mask"]
        legal = set(np.flatnonzero(mask))
        if env.window:
            seen.append((env.decision.kind, agent, legal))
        if legal == uno and env.decision.kind == "uno":
            env.step(encoding.no)  # never call UNO
        else:
            env.step(int(rng.choice(sorted(legal))))
    catches = [s for s in seen if s[0] == "catch"]
    assert catches and all(legal == {encoding.yes, encoding.none} for _, _, legal in catches)


def test_an_observation_shows_nothing_of_another_hand():
    env = pettingzoo_env("classic", players=3, seed=8)
    env.reset(seed=8)
    game = env.game
    seen = env.encoding.observe(game, 0)
    # Swap a card of seat 1's hand with one of the stock's: seat 0 must not notice.
    game.hands[1][0], game.stock[0] = game.stock[0], game.hands[1][0]
    assert np.array_equal(env.encoding.observe(game, 0), seen)
    assert not np.array_equal(env.encoding.observe(game, 1), env.encoding.observe(game, 0))
    layout = {name: (start, length) for name, start, length in env.encoding.fields}
    start, length = layout["hand"]
    assert seen[start:start + length].sum() == len(game.hands[0])


def test_match_rewards_and_hand_rewards_are_zero_sum():
    for reward in ("hand", "match"):
        env = pettingzoo_env("classic", players=3, options={"hands": 2}, reward=reward)
        env.reset(seed=1)
        totals = dict.fromkeys(env.possible_agents, 0.0)
        rng = np.random.default_rng(1)
        for agent in env.agent_iter(100_000):
            observation, reward_now, terminated, truncated, _ = env.last()
            totals[agent] += reward_now
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        assert abs(sum(totals.values())) < 1e-9 and max(totals.values()) > 0


def test_a_game_seed_deals_the_engine_s_own_game():
    from interpreter import GameState, load_ruleset
    env = pettingzoo_env("classic", players=3)
    env.reset(options={"game_seed": 42})
    game = GameState(load_ruleset("classic"), players=3, seed=42)
    assert [list(map(str, h)) for h in env.game.hands] == [list(map(str, h)) for h in game.hands]
    single = gymnasium_env("classic", bots="random", players=3)
    first, _ = single.reset(seed=1, options={"game_seed": 42})
    again, _ = single.reset(seed=2, options={"game_seed": 42})
    assert np.array_equal(first["observation"], again["observation"])
