"""The environments as the libraries expect them (issue 47): registered Gymnasium ids,
PettingZoo's env()/raw_env(), every checker on every bundled game, a plain action space that
vector environments sample, masks that are the caller's, seeding, rendering the terminal's
table, pickling (AsyncVectorEnv with spawn), zero-sum rewards that pay partners alike, and
truncation."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, render_test, seed_test  # noqa: E402

import interpreter.rl  # noqa: E402  (registers the ids)
from interpreter import load_ruleset  # noqa: E402
from interpreter.rl import IllegalAction, aec, gymnasium_env, pettingzoo_env  # noqa: E402
from interpreter.rl.registration import bundled_games, env_id  # noqa: E402
from interpreter.rl.rewards import REWARDS, balanced, paid  # noqa: E402

GAMES = bundled_games()
IDS = {"classic": "houserules/Classic-v0", "mario_kart": "houserules/MarioKart-v0",
       "no_mercy": "houserules/NoMercy-v0", "crazy_eights": "houserules/CrazyEights-v0",
       "uno_flip": "houserules/UnoFlip-v0", "classic_2018": "houserules/Classic2018-v0"}


@pytest.mark.parametrize("name, wanted", sorted(IDS.items()))
def test_a_bundled_game_has_its_id(name, wanted):
    assert env_id(name) == wanted and wanted in gym.registry


@pytest.mark.parametrize("game", GAMES)
def test_every_checker_passes_on_every_bundled_game(game):
    api_test(aec.raw_env(ruleset=game, seed=1), num_cycles=60)
    seed_test(lambda: aec.env(ruleset=game), num_cycles=60)
    render_test(lambda render_mode=None: aec.env(ruleset=game, render_mode=render_mode))
    check_env(gym.make(env_id(game)).unwrapped, skip_render_check=False)
    check_env(gym.make(env_id(game), observation="flat", render_mode="ansi").unwrapped)


def test_gym_make_takes_the_keyword_arguments():
    env = gym.make("houserules/Classic-v0", options={"stacking": True}, players=3, seat=2,
                   bots="heuristic", reward="match", seed=5)
    inner = env.unwrapped
    assert (inner.players, inner.seat, inner.reward) == (3, 2, "match")
    assert inner.rules.options["stacking"] is True
    first, _ = env.reset()
    assert np.array_equal(first["observation"], gym.make(
        "houserules/Classic-v0", options={"stacking": True}, players=3, seat=2,
        bots="heuristic", reward="match").reset(seed=5)[0]["observation"])
    seat = dict((name, (start, length)) for name, start, length in inner.encoding.fields)["seat"]
    assert list(first["observation"][seat[0]:seat[0] + seat[1]]) == [0, 0, 1]


def test_gymnasium_env_takes_a_seed():
    one = gymnasium_env("classic", seed=1).reset()[0]["observation"]
    assert np.array_equal(one, gymnasium_env("classic").reset(seed=1)[0]["observation"])


def test_a_vector_env_steps_on_its_own_samples_and_masks_are_the_caller_s():
    envs = gym.vector.SyncVectorEnv([lambda: gym.make("houserules/Classic-v0")] * 2)
    envs.reset(seed=3)
    envs.action_space.seed(3)
    for _ in range(300):
        envs.step(envs.action_space.sample())
    env = gymnasium_env("classic", players=2)
    assert env.action_space == gym.spaces.Discrete(env.encoding.size)
    observation, info = env.reset(seed=2)
    mask = env.action_masks()
    mask[:] = 1
    observation["action_mask"][:] = 1
    info["action_mask"][:] = 1
    assert env.action_masks().sum() < len(mask)
    _, _, _, _, info = env.step(int(np.flatnonzero(env.action_masks() == 0)[0]))
    assert info["illegal"]  # random_legal, the default: a legal action was played instead
    single = gymnasium_env("classic", players=2, illegal="raise")
    _, info = single.reset(seed=2)
    with pytest.raises(IllegalAction):
        single.step(int(np.flatnonzero(info["action_mask"] == 0)[0]))


@pytest.mark.parametrize("illegal", ["random_legal", "penalize"])
def test_an_illegal_action_is_played_at_random_or_penalized(illegal):
    env = gymnasium_env("classic", players=2, illegal=illegal)
    _, info = env.reset(seed=4)
    wrong = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = env.observation()["observation"]
    observation, reward, _, _, info = env.step(wrong)
    assert info["illegal"]
    if illegal == "penalize":
        assert reward == -1.0 and np.array_equal(observation["observation"], before)
    table = pettingzoo_env("classic", players=2, illegal=illegal)
    table.reset(seed=4)
    agent = table.agent_selection
    table.step(int(np.flatnonzero(table.observe(agent)["action_mask"] == 0)[0]))
    if illegal == "penalize":
        assert table.agent_selection == agent and table.last()[1] == -1.0


def test_the_pettingzoo_mask_is_a_copy_and_legal_actions_only_on_request():
    env = pettingzoo_env("classic", players=2)
    env.reset(seed=1)
    agent = env.agent_selection
    seen = env.observe(agent)["action_mask"]
    seen[:] = 1
    assert env.observe(agent)["action_mask"].sum() < len(seen)
    assert "legal_actions" not in env.infos[agent]
    listed = pettingzoo_env("classic", players=2, legal_actions=True)
    listed.reset(seed=1)
    assert listed.infos[listed.agent_selection]["legal_actions"]


def test_render_shows_the_terminal_s_table_of_the_seat_asked(capsys):
    env = pettingzoo_env("classic", players=2, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    other = 1 - env.seat_of[env.agent_selection]
    assert "Your hand: 1)" in text and f"Seat {other}: 7 cards" in text
    human = gymnasium_env("classic", players=2, render_mode="human")
    human.reset(seed=1)
    assert human.render() is None and "Your hand:" in capsys.readouterr().out


def test_a_step_after_the_episode_is_refused_clearly():
    env = gymnasium_env("classic", players=2, illegal="random_legal")
    with pytest.raises(IllegalAction, match="reset"):
        env.step(0)


def test_max_steps_truncates_in_both_environments():
    env = gymnasium_env("classic", players=2, max_steps=3)
    env.reset(seed=1)
    env.action_space.seed(1)
    truncated = [env.step(env.action_space.sample())[3] for _ in range(3)]
    assert truncated == [False, False, True]
    table = pettingzoo_env("classic", players=2, max_steps=3)
    table.reset(seed=1)
    for _ in range(3):
        table.step(int(np.flatnonzero(table.observe(table.agent_selection)["action_mask"])[0]))
    assert all(table.truncations.values())


def play(env, steps: int, seed: int = 0):
    """`steps` random legal steps of an AEC environment (fewer if its episode ends)."""
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if not env.agents:
            return
        observation, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated
                 else int(rng.choice(np.flatnonzero(observation["action_mask"]))))


def test_environments_and_a_ruleset_pickle():
    rules = load_ruleset("classic+house/partners", {"stacking": True})
    again = pickle.loads(pickle.dumps(rules))
    assert again.digest == rules.digest and again.name == rules.name
    table = pettingzoo_env(rules, seed=3, illegal="random_legal")
    table.reset(seed=3)
    play(table, 40)
    twin = pickle.loads(pickle.dumps(table))
    assert twin.agent_selection == table.agent_selection
    for agent in table.possible_agents:
        assert np.array_equal(twin.observe(agent)["observation"], table.observe(agent)["observation"])
    play(table, 30, seed=9)
    play(twin, 30, seed=9)
    assert twin.agent_selection == table.agent_selection and twin.rewards == table.rewards
    single = gymnasium_env("classic", players=3, bots="heuristic")
    single.reset(seed=2)
    single.action_space.seed(2)
    for _ in range(10):
        assert not single.step(single.action_space.sample())[2]
    copy = pickle.loads(pickle.dumps(single))
    assert np.array_equal(copy.observation()["observation"], single.observation()["observation"])
    assert copy.step(5)[0]["observation"].tobytes() == single.step(5)[0]["observation"].tobytes()
    wrapped = pickle.loads(pickle.dumps(gym.make("houserules/UnoFlip-v0")))
    wrapped.reset(seed=1)
    pickle.loads(pickle.dumps(aec.env(ruleset="classic"))).reset(seed=1)


def test_async_vector_env_with_spawn():
    envs = gym.make_vec("interpreter.rl:houserules/Classic-v0", num_envs=2,
                        vectorization_mode="async", vector_kwargs={"context": "spawn"})
    try:
        envs.reset(seed=1)
        envs.action_space.seed(1)
        for _ in range(20):
            envs.step(envs.action_space.sample())
    finally:
        envs.close()


def episode_rewards(ruleset, players: int, reward: str, seed: int) -> list:
    """Each seat's total reward over one random episode of the AEC environment."""
    env = pettingzoo_env(ruleset, players=players, reward=reward, seed=seed)
    env.reset(seed=seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    rng = np.random.default_rng(seed)
    for agent in env.agent_iter(200_000):
        observation, got, terminated, truncated, _ = env.last()
        totals[agent] += got
        env.step(None if terminated or truncated
                 else int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return list(totals.values())


@pytest.mark.parametrize("reward", REWARDS)
@pytest.mark.parametrize("ruleset, players", [("classic+house/partners", 4),
                                              ("classic+house/partners", 6),
                                              ("crazy_eights", 3), ("classic", 3),
                                              ("classic+house/low_score", 3)])
def test_rewards_are_zero_sum_and_partners_are_paid_alike(ruleset, players, reward):
    options = {"hands": 1} if reward == "match" else None
    rules = load_ruleset(ruleset, options)
    got = episode_rewards(rules, players, reward, seed=players)
    assert abs(sum(got)) < 1e-9 and max(got) > 0
    if rules.team_size:
        teams = players // rules.team_size
        for seat in range(players):
            assert got[seat] == got[seat % teams]
    if reward != "hand":
        assert max(got) == 1.0


def test_the_win_reward_is_plus_or_minus_one_and_the_default():
    got = episode_rewards("classic", 2, "win", seed=1)
    assert sorted(got) == [-1.0, 1.0]
    assert pettingzoo_env("classic").reward == "win" == gymnasium_env("classic").reward


def test_paid_is_one_function_for_every_reward():
    env = pettingzoo_env("classic", players=2)
    env.reset(seed=1)
    play(env, 100_000)
    assert paid(env.game, "win") in ([1.0, -1.0], [-1.0, 1.0])


@pytest.mark.parametrize("reward", REWARDS)
def test_the_openspiel_game_pays_partners_as_a_team(reward):
    pyspiel = pytest.importorskip("pyspiel")
    from interpreter.rl import register_openspiel
    name = register_openspiel("classic+house/partners", players=4, reward=reward,
                              options={"hands": 1} if reward == "match" else None)
    game = pyspiel.load_game(f"{name}(seeds=5)")
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    state, rng = game.new_initial_state(), np.random.default_rng(2)
    while not state.is_terminal():
        actions = ([a for a, _ in state.chance_outcomes()] if state.is_chance_node()
                   else state.legal_actions())
        state.apply_action(int(rng.choice(actions)))
    paid_out = state.returns()
    assert abs(sum(paid_out)) < 1e-9 and paid_out[0] == paid_out[2] and paid_out[1] == paid_out[3]


@pytest.mark.parametrize("by_team", [[-193 * 88 / 193, 193.0, -193 * 105 / 193],
                                     [1.0, -1 / 3, -1 / 3, -1 / 3], [0.1, -0.3, 0.2]])
def test_shares_of_points_sum_to_exactly_zero(by_team):
    """A hand's points shared among losers in proportion are not exact in floating point:
    the last team is paid what the others leave, so every reward sums to 0, not 1e-14 (and
    so do two seats a team)."""
    paid = balanced(by_team)
    assert sum(paid) == 0.0 and sum(paid + paid) == 0.0
    assert all(abs(a - b) < 1e-9 for a, b in zip(paid, by_team))
