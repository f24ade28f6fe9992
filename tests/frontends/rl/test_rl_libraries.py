"""The environments in the learning libraries themselves, with no wrapper (issue 47): SB3's
check_env on every bundled game, and (marked slow: `python -m pytest -m slow
tests/frontends/rl/test_rl_libraries.py`) sb3-contrib's MaskablePPO with either policy and
on spawned subprocesses, and Tianshou's PettingZooEnv collecting episodes. Each skips when
its library is missing (CI installs none of them: `pip install sb3-contrib tianshou` adds
them)."""

from __future__ import annotations

import warnings

import pytest

gym = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import interpreter.rl  # noqa: E402,F401  (registers the ids)
from interpreter.rl import aec  # noqa: E402
from interpreter.rl.registration import bundled_games, env_id  # noqa: E402


@pytest.mark.parametrize("game", bundled_games())
def test_sb3_check_env_passes(game):
    env_checker = pytest.importorskip("stable_baselines3.common.env_checker")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env_checker.check_env(gym.make(env_id(game)).unwrapped)
        env_checker.check_env(gym.make(env_id(game), observation="flat").unwrapped)


@pytest.mark.slow
@pytest.mark.parametrize("policy, observation", [("MultiInputPolicy", "dict"),
                                                 ("MlpPolicy", "flat")])
def test_maskable_ppo_learns_with_no_wrapper(policy, observation):
    sb3_contrib = pytest.importorskip("sb3_contrib")
    from sb3_contrib.common.maskable.evaluation import evaluate_policy
    env = gym.make("houserules/Classic-v0", players=2, observation=observation)
    model = sb3_contrib.MaskablePPO(policy, env, n_steps=256, batch_size=64, seed=1,
                                    device="cpu")
    model.learn(1024)
    mean, _ = evaluate_policy(model, env, n_eval_episodes=4, use_masking=True)
    assert -1.0 <= mean <= 1.0


@pytest.mark.slow
def test_maskable_ppo_on_subprocesses_started_with_spawn():
    sb3_contrib = pytest.importorskip("sb3_contrib")
    from stable_baselines3.common.env_util import make_vec_env
    from stable_baselines3.common.vec_env import SubprocVecEnv
    envs = make_vec_env("interpreter.rl:houserules/CrazyEights-v0", n_envs=2,
                        vec_env_cls=SubprocVecEnv, vec_env_kwargs={"start_method": "spawn"})
    try:
        sb3_contrib.MaskablePPO("MultiInputPolicy", envs, n_steps=64, batch_size=64,
                                device="cpu").learn(128)
    finally:
        envs.close()


@pytest.mark.slow
def test_tianshou_collects_episodes_with_no_wrapper():
    pytest.importorskip("tianshou")
    from tianshou.algorithm.multiagent.marl import MultiAgentOffPolicyAlgorithm
    from tianshou.algorithm.random import MARLRandomDiscreteMaskedOffPolicyAlgorithm
    from tianshou.data import Collector
    from tianshou.env import DummyVectorEnv, PettingZooEnv

    def make():
        return PettingZooEnv(aec.env(ruleset="crazy_eights", players=2))

    env = make()
    algorithm = MultiAgentOffPolicyAlgorithm(
        algorithms=[MARLRandomDiscreteMaskedOffPolicyAlgorithm(env.action_space)
                    for _ in env.agents], env=env)
    collector = Collector(algorithm, DummyVectorEnv([make, make]))
    stats = collector.collect(n_episode=4, reset_before_collect=True)
    assert stats.n_collected_episodes >= 4
