"""The learning recipes' house-rule variant, and their one evaluation: an agent plays single
hands against the random, heuristic and strong bots, seats alternated, and a Markdown table
gives its win rate against each with Wilson's 95% interval and the wall time. Run alone, it
measures the bundled bots themselves, the rows to compare a learned agent with.

    python examples/baseline.py                                       # 200 hands a row
    python examples/baseline.py --agents strong --opponents heuristic,strong --hands 100

The variant (VARIANT) is two-player classic UNO with the Seven-O house rule (a 7 played swaps
hands with the other player, a 0 passes the hands on), one hand an episode, paid +1 to its
winner and -1 to the loser (reward "win"): `gym.make("houserules/Classic-v0",
ruleset="classic+house/seven_o", players=2)`. The recipes train on it with no wrapper of ours:
examples/learn_maskable_ppo.py (sb3-contrib), examples/learn_tianshou.py (Tianshou) and
examples/openspiel_ismcts.py (OpenSpiel's IS-MCTS, which needs no training).

The evaluation deals game seeds FIRST_DEAL, FIRST_DEAL + 1, ..., each twice: once with the agent
at seat 0 and once at seat 1, the opponent bot at the other seat (so luck of the deal and of
the seat cancels out as far as it can). Training never sees these seeds. Every agent plays
through the Gymnasium environment as it is (an agent is a function from the environment and
its observation to an action), but for IS-MCTS, which plays the same deals through the
OpenSpiel game (`luck=0`: the same games, move for move).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout

import gymnasium as gym  # noqa: E402

import interpreter.rl  # noqa: E402,F401  (registers the houserules/... ids)
from interpreter.playing.seating import AGENTS, bot  # noqa: E402
from interpreter.simulate.stats import wilson  # noqa: E402  (the project's own)

ENV_ID = "houserules/Classic-v0"
VARIANT = {"ruleset": "classic+house/seven_o", "players": 2, "reward": "win"}
FIRST_DEAL = 1_000_000  # the evaluation's first game seed
OPPONENTS = "random,heuristic,strong"
HEADER = ("agent", "trained", "against", "hands", "agent won", "95% interval",
          "evaluation time")

# An agent: the action it takes, given the environment (unwrapped) and its observation.
Act = Callable[[Any, Any], int]
# One hand: (opponent bot, the agent's seat, game seed) -> the agent's reward.
Play = Callable[[str, int, int], float]


def make_env(seat: int = 0, bots: str = "heuristic", **kwargs) -> gym.Env:
    """The variant's Gymnasium environment: the learner at `seat`, `bots` at the other."""
    return gym.make(ENV_ID, **VARIANT, seat=seat, bots=bots, **kwargs)


def env_player(act: Act, **kwargs) -> Play:
    """Hands played by `act` through the Gymnasium environment (`kwargs`: how it is made)."""
    envs: dict = {}

    def play(opponent: str, seat: int, game_seed: int) -> float:
        env = envs.get((opponent, seat))
        if env is None:
            env = envs[opponent, seat] = make_env(seat, opponent, **kwargs).unwrapped
        observation, _ = env.reset(options={"game_seed": game_seed})
        done = truncated = False
        reward = 0.0
        while not (done or truncated):
            observation, reward, done, truncated, _ = env.step(act(env, observation))
        return float(reward)

    return play


def bot_act(name: str, seed: int = 0) -> Act:
    """A bundled bot as an agent: its answer to what the environment asks, as an action."""
    agent = bot(name, f"agent {name} {seed}")

    def act(env, observation) -> int:
        return env.encoding.action(agent.decide(env.game, env.decision), env.window)

    return act


def evaluate(play: Play, opponents: list[str], hands: int, progress: str = "") -> list[dict]:
    """`hands` hands against each opponent (half at each seat, each deal from both): per
    opponent, the hands won, Wilson's 95% interval and the seconds it took."""
    rows = []
    for opponent in opponents:
        started = shown = time.perf_counter()
        wins = 0
        for number in range(hands):
            wins += play(opponent, number % 2, FIRST_DEAL + number // 2) > 0
            if time.perf_counter() - shown > 10 or number + 1 == hands:
                shown = time.perf_counter()
                say(f"{progress}against {opponent}: {wins}/{number + 1} won, "
                    f"{shown - started:.0f} s")
        rows.append({"against": opponent, "hands": hands, "wins": wins,
                     "interval": wilson(wins, hands), "seconds": time.perf_counter() - started})
    return rows


def report(agent: str, spent: str, play: Play, opponents: list[str], hands: int) -> None:
    """Evaluate `agent` (evaluate's hands, its progress on standard error) and print its rows
    of the baseline table (`spent`: what training it had)."""
    rows = evaluate(play, opponents, hands, progress=f"{agent} ")
    print(markdown(agent, spent, rows))


def learn(argv: list[str] | None, doc: str, agent: str, budget: tuple[str, int, str],
          kept: str, train, save, act_of) -> int:
    """A training recipe's command line: `train(steps, seed, load)` for the budget option
    (`budget`: its flag, default and help), `save(trained, path)` on --save (`kept`: what
    --save and --load hold), then `agent`'s rows of the baseline table, played by
    `act_of(trained)`."""
    flag, default, helped = budget
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument(flag, type=int, default=default, help=helped)
    parser.add_argument("--save", help=f"save {kept}")
    parser.add_argument("--load", help=f"start from {kept}")
    evaluation_arguments(parser)
    args = parser.parse_args(argv)
    opponents = opponents_of(parser, args.opponents)
    steps = getattr(args, flag.lstrip("-"))
    started = time.perf_counter()
    trained = train(steps, args.seed, args.load)
    spent = time.perf_counter() - started
    say(f"trained {steps:,} steps in {spent:.0f} s")
    if args.save:
        save(trained, args.save)
    if args.hands:
        report(agent, f"{steps:,} steps, {spent:.0f} s", env_player(act_of(trained)),
               opponents, args.hands)
    return 0


def say(line: str) -> None:
    """Progress, on standard error."""
    print(line, file=sys.stderr, flush=True)


def markdown(agent: str, trained: str, rows: list[dict], header: bool = True) -> str:
    """The rows as a Markdown table (with its header unless `header` is False)."""
    lines = ["| " + " | ".join(HEADER) + " |", "|" + "---|" * len(HEADER)] if header else []
    for row in rows:
        low, high = row["interval"]
        cells = (agent, trained, row["against"], str(row["hands"]),
                 f"{row['wins'] / row['hands']:.1%}", f"{low:.1%}–{high:.1%}",
                 f"{short(row['seconds'])} s ({short(1000 * row['seconds'] / row['hands'])} ms "
                 "a hand)")
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def short(figure: float) -> str:
    """A time to two significant figures or more: 0.31, 4.2, 57, 1,234."""
    return f"{figure:.2f}" if figure < 1 else f"{figure:.1f}" if figure < 10 else f"{figure:,.0f}"


def evaluation_arguments(parser: argparse.ArgumentParser, hands: int = 200) -> None:
    """The options every recipe takes for its evaluation."""
    parser.add_argument("--hands", type=int, default=hands,
                        help=f"evaluation hands against each opponent ({hands}); 0: none")
    parser.add_argument("--opponents", default=OPPONENTS,
                        help=f"the bots to play against, a comma list ({OPPONENTS})")
    parser.add_argument("--seed", type=int, default=1, help="the seed of everything random (1)")


def opponents_of(parser: argparse.ArgumentParser, given: str) -> list[str]:
    """The --opponents list, each a bundled bot (else the parser's error)."""
    names = [name.strip() for name in given.split(",") if name.strip()]
    unknown = [name for name in names if name not in AGENTS]
    if unknown or not names:
        parser.error(f"--opponents: unknown bot {', '.join(unknown) or '(none)'}; "
                     f"bots: {', '.join(AGENTS)}")
    return names


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--agents", default="random,heuristic",
                        help="the bundled bots measured, a comma list (random,heuristic)")
    evaluation_arguments(parser)
    args = parser.parse_args(argv)
    agents = opponents_of(parser, args.agents)
    opponents = opponents_of(parser, args.opponents)
    for number, name in enumerate(agents):
        rows = evaluate(env_player(bot_act(name, args.seed)), opponents, args.hands,
                        progress=f"{name} bot ")
        print(markdown(f"{name} bot", "—", rows, header=number == 0), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
