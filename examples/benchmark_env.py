"""Environment steps per second: houserules' learning environments against RLCard's UNO.

    python examples/benchmark_env.py [--players 2 4] [--rounds 9] [--seconds 0.5]
                                     [--seed 1] [--cpu N] [--json]

Three environments, every seat played by a random agent choosing uniformly among the
legal actions, one process on one core (pinned with sched_setaffinity where the system
has it), the three run in turn in each round, so machine noise hits each alike; each
round plays whole games until `--seconds` have passed, and the median round counts:

- houserules `pettingzoo_env("classic", players=P)`, driven as PettingZoo users drive an
  AEC environment: `for agent in env.agent_iter()`, `env.last()`, one of the legal actions
  at random, `env.step`; `env.step(None)` for each seat once the game is over. A step is one
  action: the closing `step(None)` calls are timed but not counted. The legal actions are
  the info's `legal_actions` list (its fastest ordinary choice, as RLCard's drivers take
  `state["legal_actions"]`); a second row takes them from the observation's `action_mask`
  with `np.flatnonzero` (about 2 us more a step), as a driver written for any PettingZoo
  environment would.
- RLCard 1.2.0's `rlcard.make("uno")`, driven as its own `Env.run` drives it: `env.reset()`,
  then `env.step(action)` with an action from `state["legal_actions"]` until
  `env.is_over()`. A step is one `env.step`. RLCard's UNO env takes its player count from
  neither its config (`game_num_players` is applied only to blackjack and the hold'ems)
  nor `make`, so 4 players are set on the env and its game after `make`
  (`env.game.num_players = env.num_players = 4`), as its default of 2 is set.
- houserules `gymnasium_env("classic", players=P, bots="random")`: the learner at seat 0,
  random too; a step is one `env.step` of the learner, which also plays the bots' turns up
  to its next decision, so its steps per second are not comparable with the other two;
  games per second are (the same all-random games as the AEC env's).

Both sides choose with one `random.Random(seed)` per environment, `legal[int(rng.random()
* len(legal))]`, rather than RLCard's `RandomAgent` (`np.random.choice` of a new list: a few
microseconds a step that are the agent's, not the environment's). As a check of the RLCard
figure the script also times RLCard's own `env.run()` with its own `RandomAgent`.

The games differ, so steps per game do too: houserules' classic is the official game, in
which drawing is always allowed (a random player draws often, and 2-player hands run to
hundreds of steps), a drawn card may be played, a wild's colour is its own decision, and UNO
calls and catches are windows; RLCard's UNO allows a draw only when nothing can be played,
plays a wild and its colour as one action and has no UNO call. Steps per second are the
issue's measure; games per second and steps per game are printed beside them.

Run it with the compiled build (examples/BENCHMARK.md; the first line says which engine
ran). RLCard, gymnasium and pettingzoo are needed; RLCard is never a houserules dependency.

On 2026-12-01, compiled, defaults (9 rounds of 0.5 s, about 45 s in all), on the development
machine: 2 players, AEC 91,200 steps/s, RLCard 30,000 (3.04x), Gymnasium 67,700 (RLCard's own
env.run() 16,700); 4 players, AEC 89,200, RLCard 29,100 (3.06x), Gymnasium 42,400.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time

for _name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")  # one core: no numpy thread pools

import numpy as np  # noqa: E402

import interpreter  # noqa: E402
from interpreter.rl import gymnasium_env, pettingzoo_env  # noqa: E402

ENGINE = "compiled (mypyc)" if interpreter.COMPILED else "pure Python"


class Runner:
    """One environment at one player count: plays whole games, counting steps and time."""

    name = ""

    def __init__(self, players: int, seed: int):
        self.players = players
        self.rng = random.Random(seed)
        self.samples = []  # (steps, games, seconds) per round

    def game(self) -> int:
        """Play one game; its steps."""
        raise NotImplementedError

    def round(self, seconds: float) -> None:
        steps = games = 0
        clock = time.perf_counter
        start = clock()
        while True:
            steps += self.game()
            games += 1
            elapsed = clock() - start
            if elapsed >= seconds:
                break
        self.samples.append((steps, games, elapsed))

    def summary(self) -> dict:
        steps = [s / t for s, _, t in self.samples]
        games = [g / t for _, g, t in self.samples]
        total_steps = sum(s for s, _, _ in self.samples)
        total_games = sum(g for _, g, _ in self.samples)
        return {"steps_per_second": statistics.median(steps),
                "steps_per_second_range": [min(steps), max(steps)],
                "games_per_second": statistics.median(games),
                "steps_per_game": total_steps / total_games,
                "games": total_games, "rounds": len(self.samples)}


class PettingZooRunner(Runner):
    name = "houserules PettingZoo AEC"

    @staticmethod
    def legal(observation, info):
        return info["legal_actions"]  # as RLCard's drivers take state["legal_actions"]

    def __init__(self, players: int, seed: int):
        super().__init__(players, seed)
        self.env = pettingzoo_env("classic", players=players, seed=seed, legal_actions=True)

    def game(self) -> int:
        env, rng = self.env, self.rng
        env.reset()
        steps = 0
        for _agent in env.agent_iter():
            observation, _reward, termination, truncation, info = env.last()
            if termination or truncation:
                env.step(None)
                continue
            legal = self.legal(observation, info)
            env.step(legal[int(rng.random() * len(legal))])
            steps += 1
        return steps


class PettingZooMaskRunner(PettingZooRunner):
    name = "houserules PettingZoo AEC, legal actions from the mask"

    @staticmethod
    def legal(observation, info):
        return np.flatnonzero(observation["action_mask"]).tolist()


class GymnasiumRunner(Runner):
    name = "houserules Gymnasium (seat 0)"

    def __init__(self, players: int, seed: int):
        super().__init__(players, seed)
        self.env = gymnasium_env("classic", seat=0, bots="random", players=players,
                                 legal_actions=True)
        self.env.reset(seed=seed)

    def game(self) -> int:
        env, rng = self.env, self.rng
        observation, info = env.reset()
        steps, done = 0, False
        while not done:
            legal = info["legal_actions"]
            action = legal[int(rng.random() * len(legal))]
            observation, _, done, truncated, info = env.step(action)
            done = done or truncated
            steps += 1
        return steps


def rlcard_env(players: int, seed: int):
    import rlcard
    env = rlcard.make("uno", config={"seed": seed})
    if players != env.num_players:  # see the docstring: the config cannot say it
        env.game.num_players = env.num_players = players
    return env


class RLCardRunner(Runner):
    name = "RLCard uno"

    def __init__(self, players: int, seed: int):
        super().__init__(players, seed)
        self.env = rlcard_env(players, seed)

    def game(self) -> int:
        env, rng = self.env, self.rng
        state, _ = env.reset()
        steps = 0
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _ = env.step(legal[int(rng.random() * len(legal))])
            steps += 1
        return steps


class RLCardRunRunner(Runner):
    name = "RLCard uno, env.run() + RandomAgent"

    def __init__(self, players: int, seed: int):
        super().__init__(players, seed)
        from rlcard.agents import RandomAgent
        self.env = rlcard_env(players, seed)
        np.random.seed(seed)  # RandomAgent draws from numpy's global generator
        self.env.set_agents([RandomAgent(num_actions=self.env.num_actions)] * players)

    def game(self) -> int:
        before = self.env.timestep
        self.env.run(is_training=False)
        return self.env.timestep - before


def pin(cpu) -> str:
    """Pin the process to one core; say which."""
    if not hasattr(os, "sched_setaffinity"):
        return "not pinned (no sched_setaffinity)"
    allowed = sorted(os.sched_getaffinity(0))
    core = allowed[0] if cpu is None else cpu
    os.sched_setaffinity(0, {core})
    return f"pinned to core {core} of {len(allowed)} allowed"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--seconds", type=float, default=0.5,
                        help="play whole games for at least this long per round and env")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cpu", type=int, default=None, help="the core to pin to")
    parser.add_argument("--no-rlcard-run", action="store_true",
                        help="skip the check with RLCard's own env.run()")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    try:
        import rlcard  # noqa: F401
    except ImportError:
        print("RLCard is not installed: pip install rlcard", file=sys.stderr)
        return 2
    core = pin(args.cpu)
    kinds = [PettingZooRunner, PettingZooMaskRunner, RLCardRunner, GymnasiumRunner]
    if not args.no_rlcard_run:
        kinds.append(RLCardRunRunner)
    tables = {p: [kind(p, args.seed) for kind in kinds] for p in args.players}
    for runners in tables.values():  # warm up: imports, caches, first games
        for runner in runners:
            runner.game()
    start = time.perf_counter()
    for _ in range(args.rounds):
        for runners in tables.values():
            for runner in runners:
                runner.round(args.seconds)
    wall = time.perf_counter() - start
    result = {"engine": ENGINE, "python": platform.python_version(), "core": core,
              "rounds": args.rounds, "seconds_per_round": args.seconds, "wall_seconds": wall,
              "players": {}}
    for players, runners in tables.items():
        figures = {runner.name: runner.summary() for runner in runners}
        ratio = figures[PettingZooRunner.name]["steps_per_second"] / \
            figures[RLCardRunner.name]["steps_per_second"]
        result["players"][players] = {"envs": figures, "ratio_steps_per_second": ratio}
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"houserules {ENGINE}, Python {result['python']}, {core}; {args.rounds} rounds of "
          f"{args.seconds} s per env; medians over rounds ({wall:.0f} s in all)")
    for players, table in result["players"].items():
        print(f"\n{players} players")
        print(f"  {'environment':54} {'steps/s':>9} {'(min-max)':>15} {'games/s':>8} "
              f"{'steps/game':>10}")
        for name, f in table["envs"].items():
            low, high = f["steps_per_second_range"]
            print(f"  {name:54} {f['steps_per_second']:9,.0f} {low:7,.0f}-{high:<7,.0f} "
                  f"{f['games_per_second']:8.1f} {f['steps_per_game']:10.1f}")
        print(f"  houserules AEC / RLCard env steps per second: "
              f"{table['ratio_steps_per_second']:.2f}x (target 3x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
