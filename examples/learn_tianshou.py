"""Tianshou's DQN learning a house-rule variant in self-play through its own PettingZooEnv,
with no wrapper of ours, then measured against the random, heuristic and strong bots
(examples/baseline.py's table).

    pip install '.[rl]' tianshou                          # once (PyTorch comes with it)
    python examples/learn_tianshou.py                     # 60,000 steps, then 200 hands a bot
    python examples/learn_tianshou.py --steps 10000 --opponents random,heuristic
    python examples/learn_tianshou.py --save dqn.pt       # keep the network ...
    python examples/learn_tianshou.py --load dqn.pt --steps 0   # ... and measure it

The environment is Tianshou's `PettingZooEnv(aec.env(ruleset="classic+house/seven_o",
players=2))`: it reads each seat's action mask from the PettingZoo observation
(`{"observation", "action_mask"}`), and its agents are the two seats. Both seats are played
by one DQN (one network, one replay buffer: Tianshou's MultiAgentOffPolicyAlgorithm given
the same algorithm for each seat), so it learns from both sides of every hand. The episode's
rewards (+1 and -1, reward "win") come on its last step, mostly the winner's move, and the
step after a seat's move is mostly the other seat's: so its targets are two-step returns
(`n_step_return_horizon=2`), which give a seat's move the loss the other's reply brings and
value the seat's own next observation, not the opponent's. Progress goes to standard error
(Tianshou's progress bars), the table to standard output. The trained network is measured as
an agent of the Gymnasium environment, whose observation is the PettingZoo one (the same
vector and mask).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

for _name in ("OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")  # small networks: threads would only contend

sys.path.insert(0, str(Path(__file__).resolve().parent))  # examples/baseline.py
import baseline  # noqa: E402  (puts the checkout on the path too)

EPOCHS = 10
HIDDEN = (256, 128)


def make_env():
    """The variant as Tianshou's PettingZooEnv, every seat an agent."""
    from tianshou.env import PettingZooEnv

    from interpreter.rl import aec
    return PettingZooEnv(aec.env(ruleset=baseline.VARIANT["ruleset"],
                                 players=baseline.VARIANT["players"],
                                 reward=baseline.VARIANT["reward"]))


def network(env):
    """DQN's Q-network for the environment's observation and actions."""
    from tianshou.utils.net.common import Net
    return Net(state_shape=env.observation_space["observation"].shape,
               action_shape=env.action_space.n, hidden_sizes=HIDDEN)


def train(steps: int, seed: int, load: str | None = None):
    """The DQN's policy after `steps` environment steps of self-play (from `load` if given)."""
    import numpy as np
    import torch
    from tianshou.algorithm import DQN
    from tianshou.algorithm.modelfree.dqn import DiscreteQLearningPolicy
    from tianshou.algorithm.multiagent.marl import MultiAgentOffPolicyAlgorithm
    from tianshou.algorithm.optim import AdamOptimizerFactory
    from tianshou.data import Collector, VectorReplayBuffer
    from tianshou.env import DummyVectorEnv
    from tianshou.trainer import OffPolicyTrainerParams

    torch.set_num_threads(1)
    torch.manual_seed(seed)
    np.random.seed(seed)
    env = make_env()
    policy = DiscreteQLearningPolicy(model=network(env), action_space=env.action_space,
                                     observation_space=env.observation_space,
                                     eps_training=0.1)
    if load:
        policy.model.load_state_dict(torch.load(load))
    if not steps:
        return policy
    # Two steps: a seat's move, then mostly the other's reply (see the docstring).
    dqn = DQN(policy=policy, optim=AdamOptimizerFactory(lr=1e-4), gamma=0.99,
              n_step_return_horizon=2, target_update_freq=500)
    algorithm = MultiAgentOffPolicyAlgorithm(algorithms=[dqn] * len(env.agents), env=env)
    envs = DummyVectorEnv([make_env] * 4)
    envs.seed(seed)
    collector = Collector(algorithm, envs, VectorReplayBuffer(50_000, len(envs)),
                          exploration_noise=True)
    collector.reset()

    def epoch_done(epoch: int, _steps: int) -> None:
        policy.set_eps_training(max(0.05, 0.5 * (1 - epoch / EPOCHS)))

    algorithm.run_training(OffPolicyTrainerParams(
        training_collector=collector, max_epochs=EPOCHS,
        epoch_num_steps=max(1, steps // EPOCHS), collection_step_num_env_steps=40,
        update_step_num_gradient_steps_per_sample=0.25, batch_size=64,
        training_fn=epoch_done, test_in_training=False, verbose=False))
    return policy


def act_of(policy) -> baseline.Act:
    """The trained network as an agent: its highest-valued legal action."""
    import numpy as np
    import torch
    from tianshou.data import Batch

    policy.eval()

    def act(env, observation) -> int:
        batch = Batch(obs=Batch(obs=observation["observation"][None],
                                mask=observation["action_mask"][None] == 1), info=Batch())
        with torch.no_grad():
            return int(np.asarray(policy(batch).act)[0])

    return act


def save(policy, path: str) -> None:
    """Keep the trained network's weights in `path`."""
    import torch
    torch.save(policy.model.state_dict(), path)


def main(argv: list[str] | None = None) -> int:
    return baseline.learn(
        argv, __doc__, "Tianshou DQN",
        ("--steps", 60_000, "training steps, every seat's (60,000); 0: none"),
        "the trained network's weights in this file", train, save, act_of)


if __name__ == "__main__":
    sys.exit(main())
