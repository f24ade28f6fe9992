"""sb3-contrib's MaskablePPO learning a house-rule variant with no wrapper, then measured
against the random, heuristic and strong bots (examples/baseline.py's table).

    pip install '.[rl]' sb3-contrib                       # once (PyTorch comes with it)
    python examples/learn_maskable_ppo.py                 # 100,000 steps, then 200 hands a bot
    python examples/learn_maskable_ppo.py --timesteps 20000 --opponents random,heuristic
    python examples/learn_maskable_ppo.py --save ppo.zip  # keep the policy ...
    python examples/learn_maskable_ppo.py --load ppo.zip --timesteps 0   # ... and measure it

The environment is the registered id as it is, `gym.make("houserules/Classic-v0",
ruleset="classic+house/seven_o", players=2, bots="heuristic", seat=SEAT)`: MaskablePPO reads
its `action_masks()`, and the dict observation takes SB3's MultiInputPolicy. One model
learns from two of them, its seat 0 in one and 1 in the other, against the heuristic bot
(the strong bot searches at every decision: an opponent to measure against, too slow to
train against by the hundred thousand steps). Progress (SB3's own log) goes to standard error; the table to standard output.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

for _name in ("OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")  # small networks: threads would only contend

sys.path.insert(0, str(Path(__file__).resolve().parent))  # examples/baseline.py
import baseline  # noqa: E402  (puts the checkout on the path too)


def train(timesteps: int, seed: int, load: str | None = None):
    """A MaskablePPO model trained `timesteps` steps on the variant (or loaded from `load`)."""
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.monitor import Monitor
    from stable_baselines3.common.vec_env import DummyVecEnv

    torch.set_num_threads(1)
    # SB3's Monitor only records the episodes' rewards, for its log (ep_rew_mean).
    envs = DummyVecEnv([lambda seat=seat: Monitor(baseline.make_env(seat, "heuristic"))
                        for seat in (0, 1)])
    sys.stdout, shown = sys.stderr, sys.stdout  # SB3 logs to standard output
    try:
        if load:
            model = MaskablePPO.load(load, env=envs, device="cpu")
        else:
            model = MaskablePPO("MultiInputPolicy", envs, n_steps=1024, batch_size=256,
                                gamma=0.99, ent_coef=0.01, seed=seed, device="cpu",
                                verbose=1 if timesteps else 0)
        envs.seed(seed)
        if timesteps:
            model.learn(timesteps, reset_num_timesteps=not load)
    finally:
        sys.stdout = shown
    return model


def act_of(model) -> baseline.Act:
    """The trained policy as an agent: its most likely legal action."""
    def act(env, observation) -> int:
        action, _ = model.predict(observation, action_masks=env.action_masks(),
                                  deterministic=True)
        return int(action)

    return act


def main(argv: list[str] | None = None) -> int:
    return baseline.learn(
        argv, __doc__, "MaskablePPO",
        ("--timesteps", 100_000, "training steps, both seats together (100,000); 0: none"),
        "the trained model in this .zip", train, lambda model, path: model.save(path), act_of)


if __name__ == "__main__":
    sys.exit(main())
