"""How much the strong bot wins against heuristic bots, per bundled game, with 95% intervals
and its wall time per decision: the README's table (section "Bots") and examples/BENCHMARK.md.

For each game and table size it plays GAMES single hands (`hands=1`) with the strong bot at
seat 0 and heuristic bots at the others, as `houserules simulate GAME --bots
strong,heuristic --option hands=1 --players 2` plays them (in `--jobs` processes; the same
seed plays the same games), and reports seat 0's wins with Wilson's 95% interval, beside
seat 0's share when a heuristic bot sits there too (the table's baseline: a seat's luck).
Then it times the strong bot's decisions (those of more than one option) in TIMED hands in
this process: the mean, the 95th percentile and the slowest, in CPU time (the process's own,
`time.process_time`), which is what a person waits on a machine with a core to spare, and
does not grow with whatever else a shared machine runs.

    python examples/strong_bot.py                              # 400 hands per row, all rows
    python examples/strong_bot.py --games 100 --games-list classic --players 2
    python examples/strong_bot.py --playouts 400 --markdown    # another budget; a table

Progress goes to stderr, a line per row as its games finish; standard output holds only the
table (plain, or Markdown with --markdown).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import replace

from interpreter.building.ruleset import load_ruleset
from interpreter.engine.game import GameState
from interpreter.playing.agents import HeuristicAgent
from interpreter.playing.match import play_match
from interpreter.playing.search import PLAYOUTS, StrongAgent
from interpreter.simulate.runs import default_jobs, run
from interpreter.simulate.stats import wilson

GAMES = ("classic", "mario_kart", "uno_flip", "no_mercy", "crazy_eights")


class Timed:
    """A strong bot whose decisions of more than one option are timed (CPU time)."""

    def __init__(self, bot: StrongAgent):
        self.bot = bot
        self.seconds: list[float] = []

    def decide(self, game, decision):
        start = time.process_time()
        answer = self.bot.decide(game, decision)
        if len(decision.options) > 1:
            self.seconds.append(time.process_time() - start)
        return answer


def wins(ref: str, players: int, games: int, seed: int, bots: str, jobs: int) -> int:
    """Seat 0's wins in `games` single hands of `ref` between `bots`."""
    summary = run(ref, {}, games=games, players=players, seed=seed, bots=bots, jobs=jobs, hands=1)
    return summary.wins[0]


def timings(ref: str, players: int, hands: int, seed: int, playouts: int) -> list[float]:
    """The strong bot's seconds per decision (of more than one option) at seat 0 of `hands`
    single hands against heuristic bots, in this process."""
    rules = replace(load_ruleset(ref), hands=1)
    timed: list[float] = []
    for index in range(hands):
        strong = Timed(StrongAgent(f"{seed}/{index}", playouts=playouts))
        table = [strong] + [HeuristicAgent(f"{seed}/{index}/{seat}") for seat in range(1, players)]
        play_match(GameState(rules, players, seed + index), table)
        timed += strong.seconds
    return timed


def row(ref: str, players: int, args) -> dict:
    """One row of the table."""
    others = ",".join(["heuristic"] * (players - 1))
    start = time.perf_counter()
    strong = wins(ref, players, args.games, args.seed, f"strong,{others}", args.jobs)
    baseline = wins(ref, players, args.games, args.seed, f"heuristic,{others}", args.jobs)
    seconds = sorted(timings(ref, players, args.timed, args.seed, args.playouts)) or [0.0]
    return {"game": ref, "players": players, "games": args.games, "wins": strong,
            "interval": wilson(strong, args.games), "baseline": baseline / args.games,
            "mean_ms": 1000 * statistics.fmean(seconds),
            "p95_ms": 1000 * seconds[int(0.95 * (len(seconds) - 1))],
            "max_ms": 1000 * seconds[-1], "run_seconds": time.perf_counter() - start}


def line(result: dict, markdown: bool) -> str:
    """A row as text."""
    low, high = result["interval"]
    cells = [result["game"], str(result["players"]), str(result["games"]),
             f"{result['wins'] / result['games']:.1%} [{low:.1%}, {high:.1%}]",
             f"{result['baseline']:.1%}",
             f"{result['mean_ms']:.0f} / {result['p95_ms']:.0f} / {result['max_ms']:.0f}"]
    if markdown:
        return "| " + " | ".join(cells) + " |"
    return f"{cells[0]:<14}{cells[1]:>3}{cells[2]:>6}  {cells[3]:<24}{cells[4]:>9}  {cells[5]}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=400, help="single hands per row (400)")
    parser.add_argument("--games-list", nargs="+", default=list(GAMES), metavar="GAME",
                        help="the rulesets (the bundled five)")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4],
                        help="table sizes (2 4): the strong bot and heuristic bots")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timed", type=int, default=20,
                        help="hands whose strong decisions are timed, per row (20)")
    parser.add_argument("--playouts", type=int, default=PLAYOUTS,
                        help=f"the strong bot's budget for the timed hands ({PLAYOUTS}; the "
                             "simulated ones play the bot by name: its default)")
    parser.add_argument("--jobs", type=int, default=default_jobs(), help="processes")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    args = parser.parse_args(argv)
    header = ["game", "players", "hands", "strong bot's wins (95% interval)",
              "heuristic at its seat", "CPU ms per decision: mean / p95 / max"]
    if args.markdown:
        print("| " + " | ".join(header) + " |")
        print("|" + "---|" * len(header))
    else:
        print(f"{'game':<14}{'pl':>3}{'hands':>6}  {'strong wins [95%]':<24}{'baseline':>9}  "
              f"ms/decision mean / p95 / max")
    sys.stdout.flush()
    for ref in args.games_list:
        for players in args.players:
            print(f"{ref}, {players} players: {args.games} hands ...", file=sys.stderr, flush=True)
            result = row(ref, players, args)
            print(line(result, args.markdown), flush=True)
            print(f"  done in {result['run_seconds']:.0f} s", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
