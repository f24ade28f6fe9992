"""Simulation throughput: houserules against RLCard's UNO game, on one core.

    python examples/benchmark.py [--games N] [--rounds R] [--seed S] [--json]
                                 [--rlcard-driver fair|legacy] [--jobs-games G]
                                 [--memory-games M] [--quiet]

Each round times N single-hand four-player games of houserules' classic ruleset (eager
bots), the same N games of RLCard's UNO (random legal actions), then Mario Kart, UNO Flip
and No Mercy, then N five-player games of Crazy Eights between random bots and N of
OpenSpiel's `crazy_eights` C++ game (its defaults: five players) driven from Python as its
examples drive it, with a uniform legal action; rounds alternate them so machine noise hits each alike, and each side's best
round counts. On a shared machine the speed of one core can change by half from second to
second, so many short rounds find each side's undisturbed speed better than a few long ones.
Beside the best rounds' ratios, each round's own ratio (its two sides run moments apart) is
reported as its median over the rounds: steadier where the machine drifts between rounds.
Then `houserules simulate` plays G classic games (default 200,000) with --jobs 1 and with
--jobs 2, in separate processes, for the scaling across the two cores. Each command's wall
time counts, start-up included; G is large enough that its fixed half second (imports,
the ruleset's load, the worker processes) is a few percent of a run, not the 40,000-game
run's eighth it became once a core played 11,000 games a second. `--memory-games M`
plays M more with --jobs 2 and samples the whole process tree's resident memory (Linux).

RLCard is driven the way its own `UnoGame` drives itself, minus the observation dict: one
`UnoGame(num_players=4)` per timed batch (allow_step_back off, its numpy `np_random`
seeded once), `init_game()` per game, then `round.get_legal_actions` and
`round.proceed_round` until `round.is_over`. These are the two calls `UnoGame.step` and
`UnoGame.get_legal_actions` make; `step` also builds the observation dict (`get_state`)
after every action, which houserules has no counterpart for and which makes RLCard's loop
about 3x slower, so it is left out. Actions are chosen with one `random.Random(seed)` per
batch, `legal[int(rng.random() * len(legal))]`, as houserules' eager bots choose. RLCard's
own numpy shuffles (`np_random.shuffle` of the deck) are its own cost and stay. A standalone
loop of RLCard's own calls ran within 3% of this one (examples/BENCHMARK.md).

`--rlcard-driver legacy` is the earlier, unfair driver, kept only to show the difference:
it built a new numpy `RandomState` for every game (about 190 us, near the cost of a whole
game) and chose every action with numpy's `randint` (about 3 us, against 0.2 us for the
choice above), which made RLCard look about 2.9x slower than it is.

RLCard and OpenSpiel are optional and never dependencies of houserules: `pip install rlcard
open_spiel` to compare.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import resource
import statistics
import subprocess
import sys
import time

import interpreter
from interpreter import COMPILED, load_ruleset
from interpreter.simulate.runs import simulate

# Runs of each --jobs setting; the best counts, as for the one-core figures. --jobs 2 needs
# the second core, where the machine's other work lands: with two runs each, three benchmark
# runs in a row gave 1.71-1.82x where the parent's own cost allows about 1.9x.
SCALING_ROUNDS = 3
OPENSPIEL_PLAYERS = 5  # OpenSpiel's crazy_eights default
# How houserules was installed: its hot modules compiled by mypyc, or pure Python.
ENGINE = "compiled (mypyc)" if COMPILED else "pure Python"


def time_houserules(ruleset: str, games: int, seed: int) -> dict:
    """Time `games` single-hand 4-player games of `ruleset` between eager bots."""
    rules = load_ruleset(ruleset, {"hands": 1})
    start = time.perf_counter()
    summary = simulate(rules, games=games, players=4, seed=seed, bots="eager")
    seconds = time.perf_counter() - start
    return {"games_per_second": games / seconds, "turns_per_game": summary.turns.mean}


def rlcard_fair(games: int, seed: int, modules) -> int:
    """Play `games` 4-player RLCard UNO games as its own `UnoGame` does; return their turns."""
    np, UnoGame = modules["np"], modules["UnoGame"]
    game = UnoGame(allow_step_back=False, num_players=4)
    game.np_random = np.random.RandomState(seed)  # RLCard's own shuffles; seeded once
    uniform = random.Random(seed).random
    turns = 0
    for _ in range(games):
        game.init_game()
        round_, players = game.round, game.players
        while not round_.is_over:
            legal = round_.get_legal_actions(players, round_.current_player)
            round_.proceed_round(players, legal[int(uniform() * len(legal))])
            turns += 1
    return turns


def rlcard_legacy(games: int, seed: int, modules) -> int:
    """The earlier, unfair driver: a numpy RandomState per game, numpy randint per action."""
    np = modules["np"]
    UnoDealer, UnoPlayer = modules["UnoDealer"], modules["UnoPlayer"]
    UnoRound = modules["UnoRound"]
    turns = 0
    for i in range(games):
        rng = np.random.RandomState(seed * 1_000_003 + i)
        dealer = UnoDealer(rng)
        players = [UnoPlayer(seat, rng) for seat in range(4)]
        for player in players:
            dealer.deal_cards(player, 7)
        round_ = UnoRound(dealer, 4, rng)
        round_.perform_top_card(players, round_.flip_top_card())
        while not round_.is_over:
            legal = round_.get_legal_actions(players, round_.current_player)
            round_.proceed_round(players, legal[rng.randint(len(legal))])
            turns += 1
    return turns


RLCARD_DRIVERS = {"fair": rlcard_fair, "legacy": rlcard_legacy}


def rlcard_modules():
    """RLCard's UNO classes, or None when RLCard is not installed."""
    try:
        import numpy as np
        from rlcard.games.uno.dealer import UnoDealer
        from rlcard.games.uno.game import UnoGame
        from rlcard.games.uno.player import UnoPlayer
        from rlcard.games.uno.round import UnoRound
    except ImportError:
        return None
    return {"np": np, "UnoGame": UnoGame, "UnoDealer": UnoDealer, "UnoPlayer": UnoPlayer,
            "UnoRound": UnoRound}


def time_rlcard(games: int, seed: int, modules, driver: str = "fair") -> dict:
    """Time `games` RLCard UNO games with the chosen driver."""
    start = time.perf_counter()
    turns = RLCARD_DRIVERS[driver](games, seed, modules)
    seconds = time.perf_counter() - start
    return {"games_per_second": games / seconds, "turns_per_game": turns / games}


def openspiel_game():
    """OpenSpiel's `crazy_eights` C++ game at its default parameters (5 players), or None when
    open_spiel is not installed."""
    try:
        import pyspiel
    except ImportError:
        return None
    return pyspiel.load_game("crazy_eights")


def openspiel_crazy_eights(games: int, seed: int, game) -> int:
    """Play `games` of OpenSpiel's crazy_eights as its examples drive it, with its fastest
    ordinary choices: a chance node's outcome drawn by its probabilities with one `random()`
    (the deal's outcomes are all as likely: then an index), a uniform legal action; return
    the decisions made."""
    uniform = random.Random(seed).random
    decisions = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                if outcomes[0][1] == outcomes[-1][1]:  # a uniform draw
                    state.apply_action(outcomes[int(uniform() * len(outcomes))][0])
                    continue
                left = uniform()
                for action, probability in outcomes:
                    left -= probability
                    if left < 0:
                        break
                state.apply_action(action)
                continue
            legal = state.legal_actions()
            state.apply_action(legal[int(uniform() * len(legal))])
            decisions += 1
    return decisions


def time_openspiel(games: int, seed: int, game) -> dict:
    """Time `games` of OpenSpiel's crazy_eights."""
    start = time.perf_counter()
    decisions = openspiel_crazy_eights(games, seed, game)
    seconds = time.perf_counter() - start
    return {"games_per_second": games / seconds, "turns_per_game": decisions / games}


def time_crazy_eights(games: int, seed: int) -> dict:
    """Time `games` of houserules' crazy_eights at OpenSpiel's player count, random bots."""
    rules = load_ruleset("crazy_eights")
    start = time.perf_counter()
    summary = simulate(rules, games=games, players=OPENSPIEL_PLAYERS, seed=seed, bots="random")
    seconds = time.perf_counter() - start
    return {"games_per_second": games / seconds, "turns_per_game": summary.turns.mean}


def peak_memory_mb() -> float:
    """This process's peak resident memory in MB (ru_maxrss is KB on Linux, bytes on macOS)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024 if sys.platform == "darwin" else 1024)


class Progress:
    """Where a long benchmark is, on stderr: one line rewritten in a terminal, a line a step
    elsewhere (a log); nothing when quiet. Standard output keeps only the result."""

    def __init__(self, quiet: bool = False, stream=None):
        self.stream = stream or sys.stderr
        self.quiet = quiet
        self.live = not quiet and self.stream.isatty()

    def __call__(self, text: str) -> None:
        if self.quiet:
            return
        if self.live:
            self.stream.write(f"\r\033[K{text}")
        else:
            self.stream.write(text + "\n")
        self.stream.flush()

    def done(self) -> None:
        if self.live:
            self.stream.write("\r\033[K")
            self.stream.flush()


def standing(best: dict) -> str:
    """The best figures so far, in a few words."""
    rate = {name: row["games_per_second"] for name, row in best.items()}
    parts = [f"classic {rate['classic']:,.0f} games/s"]
    if "rlcard" in rate:
        parts.append(f"{rate['classic'] / rate['rlcard']:.2f}x RLCard")
    if "mario_kart" in rate:
        parts.append(f"Mario Kart {rate['classic'] / rate['mario_kart']:.2f}x classic's time")
    return ", ".join(parts)


def paired_median(first: list, second: list) -> float:
    """The median over rounds of first/second, each round's figures taken together."""
    return statistics.median(a / b for a, b in zip(first, second))


def run(games: int, rounds: int, seed: int, driver: str = "fair",
        progress: Progress | None = None) -> dict:
    """Interleave the timings over `rounds` rounds and keep each side's best round."""
    progress = progress or Progress(quiet=True)
    modules = rlcard_modules()
    trials = {"classic": lambda: time_houserules("classic", games, seed)}
    if modules:
        trials["rlcard"] = lambda: time_rlcard(games, seed, modules, driver)
    for name in ("mario_kart", "uno_flip", "no_mercy"):
        trials[name] = lambda name=name: time_houserules(name, games, seed)
    spiel = openspiel_game()
    if spiel is not None:
        trials["crazy_eights"] = lambda: time_crazy_eights(games, seed)
        trials["openspiel"] = lambda: time_openspiel(games, seed, spiel)
    best: dict = {}
    per_round: dict = {name: [] for name in trials}  # games/s, round by round
    for number in range(1, rounds + 1):
        for name, trial in trials.items():
            row = trial()
            per_round[name].append(row["games_per_second"])
            if name not in best or row["games_per_second"] > best[name]["games_per_second"]:
                best[name] = row
        progress(f"round {number}/{rounds}: best so far {standing(best)}")
    result = {"games": games, "rounds": rounds, "seed": seed, "python": platform.python_version(),
              "machine": platform.machine(), "engine": ENGINE, "compiled": COMPILED,
              **best}
    if modules:
        result["rlcard_driver"] = driver
        result["ratio_houserules_to_rlcard"] = (best["classic"]["games_per_second"]
                                                / best["rlcard"]["games_per_second"])
    if spiel is not None:
        result["ratio_crazy_eights_to_openspiel"] = (best["crazy_eights"]["games_per_second"]
                                                     / best["openspiel"]["games_per_second"])
    result["mario_kart_time_vs_classic"] = (best["classic"]["games_per_second"]
                                            / best["mario_kart"]["games_per_second"])
    # Each round's own ratio, its median over the rounds: the two sides of a round run
    # moments apart, so the machine's drift between rounds cancels. Reported beside the
    # best rounds' ratios (the figures the goals are measured by), not instead of them.
    pairs = [("houserules_to_rlcard", "classic", "rlcard"),
             ("mario_kart_time_vs_classic", "classic", "mario_kart"),
             ("crazy_eights_to_openspiel", "crazy_eights", "openspiel")]
    result["paired_median"] = {key: paired_median(per_round[a], per_round[b])
                               for key, a, b in pairs if a in per_round and b in per_round}
    result["peak_memory_mb"] = peak_memory_mb()
    return result


def cli_child() -> dict:
    """How to start `python -m interpreter.cli.main` so that it runs the package this process
    imported: from its folder, with it first on PYTHONPATH. Started from a checkout instead,
    `-m` would import the checkout's source (uncompiled: about 10x slower) while the rounds
    above timed the installed, compiled build."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(interpreter.__file__)))
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [root, env.get("PYTHONPATH")]))
    return {"cwd": root, "env": env}


def time_jobs(games: int, jobs: int, seed: int) -> float:
    """Games per second of `houserules simulate classic` with `jobs` processes (wall time of
    the whole command, start-up included)."""
    command = [sys.executable, "-m", "interpreter.cli.main", "simulate", "classic", "--games",
               str(games), "--seed", str(seed), "--option", "hands=1", "--players", "4",
               "--bots", "eager", "--jobs", str(jobs), "--json"]
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, **cli_child())
    return games / (time.perf_counter() - start)


def tree_rss_mb(pid: int) -> float:
    """The resident memory of process `pid` and all its descendants, in MB (Linux /proc)."""
    children: dict = {}
    rss = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue  # it ended meanwhile
        children.setdefault(int(fields[1]), []).append(int(entry))
        rss[int(entry)] = int(fields[21]) * os.sysconf("SC_PAGE_SIZE")
    total, todo = 0, [pid]
    while todo:
        current = todo.pop()
        total += rss.get(current, 0)
        todo.extend(children.get(current, ()))
    return total / (1024 * 1024)


def memory_run(games: int, seed: int, jobs: int = 2) -> dict:
    """Peak resident memory of the whole process tree of a long `simulate` run, sampled every
    0.2 s, and its speed."""
    command = [sys.executable, "-m", "interpreter.cli.main", "simulate", "classic", "--games",
               str(games), "--seed", str(seed), "--option", "hands=1", "--players", "4",
               "--bots", "eager", "--jobs", str(jobs), "--json"]
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               **cli_child())
    peak = 0.0
    while process.poll() is None:
        peak = max(peak, tree_rss_mb(process.pid))
        time.sleep(0.2)
    seconds = time.perf_counter() - start
    return {"games": games, "jobs": jobs, "peak_tree_memory_mb": peak, "seconds": seconds,
            "games_per_second": games / seconds, "exit": process.returncode}


def scaling(games: int, seed: int, progress: Progress | None = None) -> dict:
    """--jobs 2 against --jobs 1 (best of SCALING_ROUNDS runs each, interleaved)."""
    progress = progress or Progress(quiet=True)
    runs = []
    for number in range(1, SCALING_ROUNDS + 1):
        for jobs in (1, 2):
            progress(f"simulate --jobs {jobs}, {games:,} games: run {number}/{SCALING_ROUNDS}")
            runs.append((jobs, time_jobs(games, jobs, seed)))
    one = max(rate for jobs, rate in runs if jobs == 1)
    two = max(rate for jobs, rate in runs if jobs == 2)
    return {"games": games, "jobs_1_games_per_second": one, "jobs_2_games_per_second": two,
            "jobs_2_vs_jobs_1": two / one, "cores": os.cpu_count()}


def report(result: dict) -> None:
    """Print the result as a small table."""
    print(f"{result['games']} games x {result['rounds']} rounds, seed {result['seed']}, "
          f"best round shown (Python {result['python']}, {result['machine']}, "
          f"engine {result['engine']})")
    print(f"{'':<22} {'games/s':>9} {'turns/game':>11}")
    rlcard_label = f"RLCard UNO ({result.get('rlcard_driver', 'fair')})"
    for name, label in (("classic", "houserules classic"), ("rlcard", rlcard_label),
                        ("mario_kart", "houserules mario_kart"),
                        ("uno_flip", "houserules uno_flip"), ("no_mercy", "houserules no_mercy"),
                        ("crazy_eights", "houserules crazy_eights"),
                        ("openspiel", "OpenSpiel crazy_eights")):
        if name in result:
            row = result[name]
            print(f"{label:<22} {row['games_per_second']:>9.0f} {row['turns_per_game']:>11.1f}")
    if "ratio_houserules_to_rlcard" in result:
        print(f"houserules/RLCard games/s: {result['ratio_houserules_to_rlcard']:.2f}x")
    else:
        print(f"RLCard skipped (not installed): {sys.executable} -m pip install rlcard")
    if "ratio_crazy_eights_to_openspiel" in result:
        print(f"houserules/OpenSpiel crazy_eights games/s ({OPENSPIEL_PLAYERS} players, random "
              f"play): {result['ratio_crazy_eights_to_openspiel']:.2f}x")
    else:
        print(f"OpenSpiel skipped (not installed): {sys.executable} -m pip install open_spiel")
    print(f"mario_kart time per game vs classic: {result['mario_kart_time_vs_classic']:.2f}x")
    paired = result.get("paired_median", {})
    if paired:
        names = {"houserules_to_rlcard": "classic/RLCard",
                 "mario_kart_time_vs_classic": "Mario Kart time/classic",
                 "crazy_eights_to_openspiel": "Crazy Eights/OpenSpiel"}
        print("each round's own ratio, median over the rounds: "
              + ", ".join(f"{names[key]} {value:.2f}x" for key, value in paired.items()))
    print(f"peak memory: {result['peak_memory_mb']:.0f} MB")
    if "memory" in result:
        run_ = result["memory"]
        print(f"simulate --games {run_['games']:,} --jobs {run_['jobs']}: peak memory of the "
              f"process tree {run_['peak_tree_memory_mb']:.0f} MB, {run_['seconds']:.0f} s "
              f"({run_['games_per_second']:.0f} games/s)")
    if "scaling" in result:
        jobs = result["scaling"]
        print(f"simulate --jobs 2 vs --jobs 1 ({jobs['games']} classic games): "
              f"{jobs['jobs_2_games_per_second']:.0f} vs {jobs['jobs_1_games_per_second']:.0f} "
              f"games/s, {jobs['jobs_2_vs_jobs_1']:.2f}x")


def main() -> None:
    """Parse the options, run the benchmark and print its result."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per round (default 1000)")
    parser.add_argument("--rounds", type=int, default=10, help="rounds (default 10)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--rlcard-driver", choices=sorted(RLCARD_DRIVERS), default="fair",
                        help="fair (default): as RLCard's UnoGame drives itself; legacy: the "
                             "earlier driver, numpy RandomState per game and randint per action")
    parser.add_argument("--jobs-games", type=int, default=200000,
                        help="classic games for the --jobs 1 / --jobs 2 scaling (0: skip)")
    parser.add_argument("--memory-games", type=int, default=0,
                        help="also play this many classic games with --jobs 2 and report the "
                             "process tree's peak memory (Linux; 1000000 takes minutes)")
    parser.add_argument("--quiet", action="store_true",
                        help="no progress on stderr (by default a line a round)")
    args = parser.parse_args()
    progress = Progress(args.quiet)
    result = run(args.games, args.rounds, args.seed, args.rlcard_driver, progress)
    if args.jobs_games:
        result["scaling"] = scaling(args.jobs_games, args.seed, progress)
    if args.memory_games:
        progress(f"simulate --jobs 2, {args.memory_games:,} games, sampling the memory of its "
                 "processes")
        result["memory"] = memory_run(args.memory_games, args.seed)
    progress.done()
    if args.json:
        if "rlcard" not in result:
            print(f"RLCard skipped (not installed): {sys.executable} -m pip install rlcard",
                  file=sys.stderr)
        print(json.dumps(result, indent=2))
    else:
        report(result)


if __name__ == "__main__":
    main()
