"""The `houserules` command: a thin layer over the library."""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
from importlib import metadata
from pathlib import Path

from . import engine
from .agents import AGENTS
from .errors import HouserulesError
from .gamelog import log_files, replay
from .invariants import check_invariants
from .explain import explain
from .ruleset import load_ruleset, parse_option_pairs
from .safe_text import shown
from .scenario import Scenario, scenario_files
from .session import Session
from .terminal import TerminalGame
from .plot import plot_comparison, plot_kind
from .simulate import (MEASURES, WORKER_SECONDS, ProgressBar, comparison, default_jobs, run,
                       scheduler_address)
from .source import (bundled_dir, bundled_rulesets, display_name, exists, portable_reference,
                     read_yaml, resolve)

EXAMPLES = """\
examples:
  houserules list
  houserules validate my_rules.yaml
  houserules check examples/scenarios
  houserules play classic --players 3 --save game.json
  houserules resume game.json
  houserules simulate classic --games 1000 --seed 1
  houserules simulate classic --option draw_until_playable=true --option max_draws=3
  houserules simulate my_rules.yaml --players 3 --bots heuristic,random,random --json
  houserules schema --path
  houserules serve                 # a table in your browser (pip install 'houserules[web]')
"""

BOTS_HELP = ("random, heuristic or eager, or one per seat as a comma list "
             "(heuristic,random,random)")


class Parser(argparse.ArgumentParser):
    """argparse, whose mistakes read as the tool's others do: one line, `error: ...`, exit 2
    (subcommands' parsers are made of the same class)."""

    def error(self, message: str):
        self.exit(2, f"error: {self.prog}: {shown(message)} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="houserules",
        description="Play, check and simulate UNO-family card games whose rules are YAML files.",
        epilog=EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"houserules {package_version()}")
    parser.add_argument("--rules-path", action="append", default=[], metavar="DIR",
                        help="a folder whose .yaml files a ruleset's `extends` may name, besides "
                             "the ruleset's own folder (repeatable; also HOUSERULES_RULES_PATH)")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    commands.add_parser("list", help="the bundled rulesets and their options",
                        description="List the bundled rulesets, their players and their options.")

    validate = commands.add_parser("validate", help="check ruleset files without playing",
                                   description="Load, schema-check and compile ruleset files; "
                                               "print one line per file.")
    validate.add_argument("files", nargs="+", metavar="FILE", help="ruleset files or bundled names")
    validate.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                          help="set an option while checking (repeatable)")

    check = commands.add_parser("check", help="run scenario files (stacked-deck rule tests)",
                                description="Run scenario files: each fixes a table, answers "
                                            "decisions and checks the state. Exit 1 if any "
                                            "fails, 2 if a file is malformed.")
    check.add_argument("paths", nargs="+", metavar="FILE_OR_DIR",
                       help="scenario files, or folders to search: there *.scenario.yaml files "
                            "and YAML files with scenario keys run, rulesets are skipped")
    check.add_argument("-q", "--quiet", action="store_true", help="print failures only")
    check.add_argument("--check-invariants", action="store_true",
                       help="debug mode: check the game's invariants after every step")
    add_progress(check)

    play = commands.add_parser("play", help="play a match against bots in the terminal",
                               description="Play a match of RULESET against bots. Type h during "
                                           "the game for help.")
    play.add_argument("ruleset", metavar="RULESET", help="a bundled name (classic) or a .yaml path")
    play.add_argument("--players", type=positive, help="seats at the table (default: the ruleset's)")
    play.add_argument("--seat", type=whole, default=0, help="your seat (default 0)")
    play.add_argument("--bots", type=bot_list, default="heuristic", metavar="BOTS",
                      help=f"how the bots play: {BOTS_HELP}, yours ignored; or one per bot, "
                           "in seat order (default heuristic)")
    play.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                      help="set a ruleset option (repeatable)")
    play.add_argument("--seed", type=seed_number, help="seed for the shuffle (default: a new game each time)")
    play.add_argument("--save", metavar="FILE", help="save the game after every action; "
                                                     "continue it later with `houserules resume FILE`")
    play.add_argument("--log", metavar="FILE", help="write every decision as a game log "
                                                    "(`houserules replay FILE` checks it)")
    play.add_argument("--check-invariants", action="store_true",
                      help="debug mode: check the game's invariants after every step")

    replay = commands.add_parser("replay", help="replay game logs and confirm their end state",
                                 description="Replay game logs written by simulate --log or "
                                             "play --log: each must reach the same end state. "
                                             "Exit 1 if one differs (the first differing step "
                                             "is named), 2 if a log is unreadable or its "
                                             "ruleset has changed.")
    replay.add_argument("paths", nargs="+", metavar="FILE_OR_DIR", help="logs, or folders of them")
    replay.add_argument("-q", "--quiet", action="store_true", help="print differences only")
    add_progress(replay)

    resume = commands.add_parser("resume", help="continue a game saved with play --save",
                                 description="Continue a saved game exactly where it stopped.")
    resume.add_argument("file", metavar="FILE", help="the file given to play --save")

    explain = commands.add_parser("explain", help="the rules of a ruleset, in words",
                                  description="Print the rules as readable text generated from "
                                              "the YAML: the deck, what each card does, the turn, "
                                              "scoring, the match and the options in force.")
    explain.add_argument("ruleset", metavar="RULESET",
                         help="a bundled name, a .yaml path, or base+overlay (classic+house/stacking)")
    explain.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                         help="explain with this option set (repeatable)")

    cmp = commands.add_parser(
        "compare", help="simulate two rulesets (or option sets) and compare them",
        description="Play N single hands of A and of B between bots and report mean turns per "
                    "hand, first-seat win rate (the player who plays first wins the hand) and "
                    "mean points per hand, each with its 95% confidence interval (Wilson's for the "
                    "win rate), and B - A.",
        epilog="A and B are rulesets: bundled names, paths, or a base with overlays "
               "(classic+house/stacking). To compare options of one ruleset, name it twice and "
               "give each side its options:\n"
               "  houserules compare classic classic --option-b stacking=true\n"
               "  houserules compare classic classic+house/stacking --games 5000 --json",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    cmp.add_argument("a", metavar="A", help="the first ruleset")
    cmp.add_argument("b", metavar="B", help="the second ruleset")
    cmp.add_argument("--games", type=game_count, default=2000, help="hands per side (default 2000)")
    cmp.add_argument("--players", type=positive, help="seats at the table (default: A's default)")
    cmp.add_argument("--seed", type=seed_number, default=0, help="master seed (default 0)")
    cmp.add_argument("--bots", type=bot_list, default="heuristic", metavar="BOTS",
                     help=f"{BOTS_HELP} (default heuristic)")
    cmp.add_argument("--jobs", type=job_count, default=None, help="processes (default: all cores)")
    cmp.add_argument("--plot", metavar="FILE.png",
                     help="draw the distributions of turns and points per hand (needs matplotlib: "
                          "pip install '.[plot]')")
    cmp.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                     help="an option for both sides (repeatable)")
    cmp.add_argument("--option-a", action="append", default=[], metavar="NAME=VALUE",
                     help="an option for A only (repeatable)")
    cmp.add_argument("--option-b", action="append", default=[], metavar="NAME=VALUE",
                     help="an option for B only (repeatable)")
    cmp.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    add_progress(cmp)

    sim = commands.add_parser("simulate", help="play many matches between bots and summarise them",
                              description="Play matches between bots and report wins per seat, "
                                          "mean turns per hand, mean hands per match and speed.")
    sim.add_argument("ruleset", metavar="RULESET", help="a bundled name (classic) or a .yaml path")
    sim.add_argument("--games", type=game_count, default=1000, help="matches to play (default 1000)")
    sim.add_argument("--players", type=positive, help="seats at the table (default: the ruleset's)")
    sim.add_argument("--seed", type=seed_number, default=0, help="master seed; same seed, same games (default 0)")
    sim.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                     help="set a ruleset option, e.g. hands=1 (repeatable; see `houserules list`)")
    sim.add_argument("--jobs", type=job_count, default=None,
                     help="processes to use (default: all cores); results do not depend on it")
    sim.add_argument("--scheduler", metavar="tcp://HOST:PORT", type=scheduler,
                     help="run on a Dask cluster instead (pip install '.[cluster]')")
    sim.add_argument("--worker-timeout", metavar="SECONDS", type=seconds, default=WORKER_SECONDS,
                     help="with --scheduler: give up when the cluster has had no worker for "
                          f"this long (default {WORKER_SECONDS:g})")
    sim.add_argument("--records", metavar="FILE",
                     help="also write one row per game to FILE (.csv or .jsonl)")
    sim.add_argument("--log", metavar="DIR",
                     help="write each game's decisions to DIR/game-NNNNNNN.jsonl "
                          "(`houserules replay DIR` checks them)")
    sim.add_argument("--check-invariants", action="store_true",
                     help="debug mode: after every step check that cards are conserved, hands "
                          "are sound and the pending decision has a legal option")
    sim.add_argument("--bots", type=bot_list, default="heuristic", metavar="BOTS",
                     help=f"{BOTS_HELP} (default heuristic)")
    sim.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    add_progress(sim)

    serve = commands.add_parser(
        "serve", help="play at a table in the browser, with friends and bots",
        description="Serve a card table to play in the browser: set up a game (any ruleset, "
                    "house rules, your own YAML), invite people with a link per seat, add bots. "
                    "Needs the web extra: pip install 'houserules[web]'.")
    serve.add_argument("--host", default="127.0.0.1",
                       help="the address to listen on (default 127.0.0.1: this machine only; "
                            "0.0.0.0 lets other devices on your network join)")
    serve.add_argument("--port", type=int, default=8000, help="the port (default 8000)")
    serve.add_argument("--tables", type=Path, default=None, metavar="DIR",
                       help="where tables are saved, so a restart resumes them (default "
                            "~/.local/share/houserules/tables)")
    serve.add_argument("--bot-delay", type=float, default=0.8, metavar="SECONDS",
                       help="pause before each bot's move, so people can follow (default 0.8)")

    names = schema_names()
    schemas = commands.add_parser(
        "schema", help="the installed JSON Schemas, for editors",
        description="Print an installed JSON Schema, or with --path where it is, for an "
                    "editor's `# yaml-language-server: $schema=...` line.")
    schemas.add_argument("name", nargs="?", default="ruleset", choices=names, metavar="NAME",
                         help=f"{', '.join(names)} (default ruleset)")
    where = schemas.add_mutually_exclusive_group()
    where.add_argument("--path", action="store_true", help="print the file's path")
    where.add_argument("--uri", action="store_true", help="print the file's file:// address")
    return parser


def add_progress(command) -> None:
    """--progress on a long command."""
    command.add_argument("--progress", action="store_true",
                         help="show a progress bar on stderr even when it is not a terminal "
                              "(on a terminal it shows by itself)")


def progress_bar(args, unit: str = "games"):
    """A progress bar on stderr when it is a terminal or --progress asks for one, else None."""
    return ProgressBar(unit=unit) if args.progress or sys.stderr.isatty() else None


def package_version() -> str:
    """The installed package's version (from its metadata)."""
    try:
        return metadata.version("houserules")
    except metadata.PackageNotFoundError:
        return "(not installed: running from a checkout)"


def schema_names() -> list:
    """The schemas that ship with the package: ruleset, scenario, save, log."""
    return sorted(path.name.removesuffix(".schema.json")
                  for path in bundled_dir("schema").glob("*.schema.json"))


def whole(text: str) -> int:
    """An argparse type: a whole number (a seat)."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {brief(text)}") from None


def bot_list(text: str) -> str:
    """An argparse type: bot names, one or a comma list (how many is checked at the table)."""
    for name in text.split(","):
        if name.strip() not in AGENTS:
            raise argparse.ArgumentTypeError(f"unknown bot {brief(name.strip())}; bots: "
                                             f"{', '.join(AGENTS)}")
    return text


SEED_DIGITS = 30  # each game's seed grows from it (simulate.game_seed); saves and logs take 40


def seed_number(text: str) -> int:
    """An argparse type: a seed, a whole number of at most SEED_DIGITS digits."""
    value = whole(text)
    if len(str(abs(value))) > SEED_DIGITS:
        raise argparse.ArgumentTypeError(f"expected a seed of at most {SEED_DIGITS} digits, "
                                         f"got {len(str(abs(value)))} digits")
    return value


def positive(text: str, most: int | None = None, why: str = "") -> int:
    """An argparse type: a whole number of at least 1 (and at most `most`, if given)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {brief(text)}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected at least 1, got {value}")
    if most is not None and value > most:
        raise argparse.ArgumentTypeError(f"expected at most {most:,}{why}, got {value:,}")
    return value


def brief(text: str) -> str:
    """An argument as an error message quotes it: escaped, and cut short when it is long."""
    return repr(text) if len(text) <= 40 else f"{text[:30]!r}... ({len(text):,} characters)"


MOST_GAMES = 10 ** 12  # a trillion: centuries of play on one machine


def game_count(text: str) -> int:
    return positive(text, MOST_GAMES)


def job_count(text: str) -> int:
    """--jobs: more processes than 4 per core only slow a run down (and each one costs memory)."""
    return positive(text, 4 * default_jobs(), " (4 per core here)")


def scheduler(text: str) -> str:
    try:
        return scheduler_address(text)
    except HouserulesError as err:
        raise argparse.ArgumentTypeError(str(err).removeprefix("--scheduler ")) from None


def seconds(text: str) -> float:
    """A number of seconds from 0.1 to a day."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected a number of seconds, got {brief(text)}") from None
    if not 0.1 <= value <= 86400:
        raise argparse.ArgumentTypeError(f"expected from 0.1 to 86400 seconds, got {brief(text)}")
    return value


class Notice:
    """`note: ...` on stderr, for what went wrong in a run and was mended; on a line of its
    own when the progress bar is showing."""

    def __init__(self, bar=None):
        self.bar = bar

    def __call__(self, text: str) -> None:
        if self.bar is not None and self.bar.shown:
            sys.stderr.write("\n")
        print(f"note: {text}", file=sys.stderr)


# --- output paths: checked before any work, so that nothing is played that cannot be kept ---

def writable_file(path: str, flag: str, replaced: bool = False) -> None:
    """Refuse an output file that could not be written: its folder missing or not a folder,
    the path a folder, no right to write there. `replaced`: the file is written beside its
    place and renamed into it (--save, --records), so its folder must take new files."""
    target = Path(path)
    try:
        if target.is_dir():
            raise HouserulesError(f"{flag} {path}: is a folder; give a file name")
        folder = target.parent
        if not folder.exists():
            raise HouserulesError(f"{flag} {path}: the folder {folder} does not exist")
        if not folder.is_dir():
            raise HouserulesError(f"{flag} {path}: {folder} is not a folder")
        if target.exists() and not replaced:
            if not os.access(target, os.W_OK):
                raise HouserulesError(f"{flag} {path}: cannot write this file: permission denied")
            return
    except OSError as exc:
        raise HouserulesError(f"{flag} {path}: {exc.strerror or exc}") from None
    can_write_in(folder, flag, path)


def writable_folder(path: str, flag: str) -> None:
    """Refuse an output folder that could not be made or written in."""
    target = Path(path)
    try:
        if target.exists() and not target.is_dir():
            raise HouserulesError(f"{flag} {path}: is a file, not a folder")
        existing = target
        while not existing.exists():  # the folders still to make are made by the run
            existing = existing.parent
        if not existing.is_dir():
            raise HouserulesError(f"{flag} {path}: {existing} is not a folder")
    except OSError as exc:
        raise HouserulesError(f"{flag} {path}: {exc.strerror or exc}") from None
    can_write_in(existing, flag, path)


def can_write_in(folder: Path, flag: str, path: str) -> None:
    """Make and remove a file in the folder: the only sure test (permissions, read-only
    file systems, and root, whom permissions do not stop)."""
    try:
        handle, probe = tempfile.mkstemp(prefix=".houserules-probe-", dir=folder)
    except OSError as exc:
        raise HouserulesError(f"{flag} {path}: cannot write in the folder {folder}: "
                              f"{exc.strerror or exc}") from None
    os.close(handle)
    os.unlink(probe)


def cmd_list(args, out) -> int:
    overlays = []
    for name in bundled_rulesets():
        data = read_yaml(bundled_dir("rulesets") / f"{name}.yaml").data
        if data.get("overlay"):
            overlays.append((name, data))
            continue
        rules = load_ruleset(name)
        # The ruleset's texts, safe to print and one line each (see safe_text).
        print(f"{name}: {one_line(rules.title)}, {rules.min_players}-{rules.max_players} "
              f"players, {len(rules.deck)} cards", file=out)
        if rules.description:
            print(f"  {one_line(rules.description)}", file=out)
        for option, spec in rules.option_specs.items():
            setting = f"{option}={json.dumps(spec['default'])}"
            print(f"  --option {setting:<26} {one_line(spec.get('help', ''))}", file=out)
        for overlay in rules.overlays:
            setting = f"{overlay}=false"
            print(f"  --option {setting:<26} house rule {overlay} is part of this game; "
                  "this leaves it out", file=out)
    if overlays:
        print("\nhouse rules (switch one on with --option NAME=true, or combine: "
              "classic+house/stacking+house/seven_o, or extends: [classic, house/stacking] in "
              "a file):", file=out)
        for name, data in overlays:
            setting = f"{name.rsplit('/', 1)[-1]}=true"
            print(f"  --option {setting:<26} {one_line(data.get('description', ''))}", file=out)
            for option, spec in (data.get("options") or {}).items():
                if isinstance(spec, dict) and "type" in spec:
                    extra = f"{option}={json.dumps(spec.get('default'))}"
                    print(f"    --option {extra:<24} {one_line(spec.get('help', ''))}", file=out)
    return 0


def changed_options(rules, options) -> dict:
    """The options not at their defaults: declared ones changed, house rules switched on."""
    specs = rules.option_specs
    return {name: value for name, value in options.items()
            if (value != specs[name]["default"] if name in specs else value is True)}


def one_line(text) -> str:
    """Text from a file on one line of output: its newlines become spaces, and control
    characters show as escapes (`\\x1b`) instead of acting on the terminal."""
    text = "" if text is None else str(text)
    return shown(text.strip(" \n").replace("\n", " "), one_line=True)


def cmd_validate(args, out) -> int:
    failed = 0
    for ref in args.files:
        # An overlay is no game by itself: it is checked on every bundled game instead.
        refs = [f"{base}+{ref}" for base in bundled_bases()] if is_overlay_file(ref) else [ref]
        try:
            games = [load_ruleset(one, parse_option_pairs(args.option)) for one in refs]
        except HouserulesError as err:
            failed += 1
            print(f"error: {err}", file=sys.stderr)
            continue
        rules = games[0]
        if len(refs) > 1 or refs[0] != ref:
            print(f"ok: {one_line(ref)} (a house rule: plays on "
                  f"{', '.join(one_line(game.title.split(' + ')[0]) for game in games)})",
                  file=out)
            continue
        print(f"ok: {one_line(ref)} ({one_line(rules.title)}: {len(rules.deck)} cards, "
              f"{len(rules.kinds)} kinds, {len(rules.option_specs)} options"
              f"{', house rules: ' + ', '.join(rules.overlays) if rules.overlays else ''})",
              file=out)
    return 2 if failed else 0


def bundled_bases() -> list:
    """The bundled rulesets that are whole games (not house-rule overlays)."""
    return [name for name in bundled_rulesets()
            if not read_yaml(bundled_dir("rulesets") / f"{name}.yaml").data.get("overlay")]


def is_overlay_file(ref: str) -> bool:
    """Whether `ref` names one ruleset file (or bundled name) that is an overlay."""
    if "+" in ref and not exists(Path(ref)):
        return False
    try:
        return bool(read_yaml(resolve(ref)).data.get("overlay"))
    except (HouserulesError, OSError, ValueError, RuntimeError):
        return False  # the load itself then says what is wrong


def cmd_check(args, out) -> int:
    debug_mode(args.check_invariants)
    malformed = failed = passed = 0
    files, skipped = scenario_files(args.paths)
    bar = progress_bar(args, "scenarios")
    for path in each_with_progress(bar, files):
        try:
            outcome = Scenario(path).run()
        except HouserulesError as err:
            malformed += 1
            above(bar)
            print(f"error: {err}", file=sys.stderr)
            continue
        if outcome.passed:
            passed += 1
            if not args.quiet:
                above(bar)
                print(f"pass  {one_line(outcome.file)}: {one_line(outcome.name)}", file=out)
            continue
        failed += 1
        above(bar)
        print(f"FAIL  {one_line(outcome.file)}: {one_line(outcome.name)}", file=out)
        for failure in outcome.failures:
            print(f"  step {failure.step} (line {failure.line}): {shown(failure.message)}",
                  file=out)
            print(shown(failure.table), file=out)
    print(f"{passed} passed, {failed} failed" + (f", {malformed} malformed" if malformed else "")
          + skipped_text(skipped), file=out)
    return 2 if malformed else 1 if failed else 0


def each_with_progress(bar, items: list):
    """Each of `items`, the progress bar (if any) moved on before each and closed after all."""
    start = time.perf_counter()
    try:
        for done, item in enumerate(items):
            if bar:
                bar(done, len(items), time.perf_counter() - start)
            yield item
    finally:
        if bar:
            bar.close()


def above(bar) -> None:
    """Make room for a line of output above the progress bar, which redraws below it."""
    if bar is not None:
        sys.stdout.flush()
        bar.clear()


def skipped_text(skipped: list) -> str:
    """`, 1 skipped (not a scenario: my_rules.yaml)`: the YAML files `check` passed over."""
    if not skipped:
        return ""
    names = ", ".join(one_line(display_name(path)) for path in skipped[:3])
    more = f" and {len(skipped) - 3} more" if len(skipped) > 3 else ""
    what = "not a scenario" if len(skipped) == 1 else "not scenarios"
    return f", {len(skipped)} skipped ({what}: {names}{more})"


def cmd_replay(args, out) -> int:
    differ = 0
    logs = log_files(args.paths)
    bar = progress_bar(args, "logs")
    for path in each_with_progress(bar, logs):
        result = replay(path)
        if not result.same:
            differ += 1
            above(bar)
            print(f"DIFFERS  {one_line(result.file)}: {shown(result.difference)}", file=out)
        elif not args.quiet:
            above(bar)
            print(f"same     {one_line(result.file)}: {result.steps} decisions", file=out)
    print(f"{len(logs) - differ} replayed the same, {differ} differ", file=out)
    return 1 if differ else 0


def debug_mode(on: bool) -> None:
    """--check-invariants: every game checks its invariants after every step."""
    if on:
        engine.DEBUG_CHECK = check_invariants


def cmd_play(args, out) -> int:
    debug_mode(args.check_invariants)
    if args.save:
        writable_file(args.save, "--save", replaced=True)
    if args.log:
        writable_file(args.log, "--log")
    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    session = Session(portable_reference(args.ruleset), parse_option_pairs(args.option),
                      args.players, args.seat, args.bots, seed)
    if args.log:
        try:
            session.start_log(args.log)
        except OSError as exc:  # checked above; this is whatever changed since
            raise HouserulesError(f"--log {args.log}: {exc.strerror or exc}") from None
    return TerminalGame(session, save_path=args.save, out=out).run()


def cmd_resume(args, out) -> int:
    session = Session.load(args.file)
    writable_file(args.file, "resume", replaced=True)  # it is saved again after every action
    return TerminalGame(session, save_path=args.file, out=out).run()


def cmd_explain(args, out) -> int:
    out.write(explain(load_ruleset(args.ruleset, parse_option_pairs(args.option))))
    return 0


def cmd_compare(args, out) -> int:
    if args.plot:
        writable_file(args.plot, "--plot")
        plot_kind(args.plot)
    both = parse_option_pairs(args.option)
    sides = [(ref, {**both, **parse_option_pairs(extra)})
             for ref, extra in ((args.a, args.option_a), (args.b, args.option_b))]
    a, b = (load_ruleset(ref, options) for ref, options in sides)
    players = args.players or a.default_players
    b.check_players(players)
    bar = progress_bar(args)
    start = time.perf_counter()
    summaries = []
    try:
        for side, (ref, options) in enumerate(sides):
            # One bar for both sides: A's games, then B's.
            shown_so_far = side * args.games
            progress = (lambda done, total, _, before=shown_so_far:
                        bar(before + done, 2 * args.games, time.perf_counter() - start)) \
                if bar else None
            summaries.append(run(portable_reference(ref), options, games=args.games,
                                 players=players, seed=args.seed, bots=args.bots,
                                 jobs=args.jobs or default_jobs(), hands=1, progress=progress,
                                 notify=Notice(bar)))
    finally:
        if bar:
            bar.close()
    report = comparison(summaries, a, b, args.bots)
    if args.plot:
        plot_comparison(summaries, (f"A: {a.name}", f"B: {b.name}"), args.plot)
        # Told on stderr beside --json, whose output is the JSON object alone.
        print(f"wrote the plot to {one_line(args.plot)}", file=sys.stderr if args.json else out)
    if args.json:
        print(json.dumps(report), file=out)
        return 0
    hands = f"{args.games:,} hand{'s' if args.games != 1 else ''} each"
    print(f"{hands}, {players} players, seed {args.seed}, bots {args.bots}", file=out)
    for side, rules in (("A", a), ("B", b)):
        changed = changed_options(rules, rules.options)
        extra = f" with {', '.join(f'{k}={json.dumps(v)}' for k, v in changed.items())}" if changed else ""
        print(f"  {side}: {one_line(rules.name)}{extra}", file=out)
    print(f"{'':<22}{'A':>22}{'B':>22}{'B - A':>24}", file=out)
    for label, _, key, fmt in MEASURES:
        row = report["measures"][key]
        cells = [interval_text(row[side], fmt) for side in ("a", "b")]
        cells.append(interval_text(row["difference"], fmt.replace("{:", "{:+")))
        print(f"{label:<22}{cells[0]:>22}{cells[1]:>22}{cells[2]:>24}", file=out)
    print("(mean ± half-width of the 95% confidence interval, or mean [low, high] where the "
          "interval is uneven: a rate's, Wilson's)", file=out)
    return 0


def interval_text(cell: dict, fmt: str) -> str:
    """`43.10 ± 0.84` from a mean and its interval; `2.0% [0.4%, 10.5%]` when the interval
    is not even about the mean (a rate's Wilson interval)."""
    low, high = cell["ci95"]
    mean = cell["mean"]
    if abs((high - mean) - (mean - low)) <= 1e-9 * max(1.0, abs(mean)):
        return f"{fmt.format(mean)} ± {fmt.replace('+', '').format((high - low) / 2)}"
    return f"{fmt.format(mean)} [{fmt.format(low)}, {fmt.format(high)}]"


def cmd_simulate(args, out) -> int:
    if args.records:
        writable_file(args.records, "--records", replaced=True)
    if args.log:
        writable_folder(args.log, "--log")
    options = parse_option_pairs(args.option)
    rules = load_ruleset(args.ruleset, options)
    bar = progress_bar(args)
    try:
        summary = run(portable_reference(args.ruleset), options, games=args.games,
                      players=args.players, seed=args.seed, bots=args.bots,
                      jobs=args.jobs or default_jobs(), scheduler=args.scheduler,
                      records=args.records, progress=bar, log_dir=args.log,
                      check=args.check_invariants, worker_timeout=args.worker_timeout,
                      notify=Notice(bar)).as_dict()
    finally:
        if bar:
            bar.close()
    if args.json:
        print(json.dumps(summary), file=out)
        return 0
    print(f"{one_line(rules.title)}: {summary['games']} matches, {summary['players']} players, "
          f"seed {summary['seed']}, bots {args.bots}", file=out)
    changed = changed_options(rules, summary["options"])
    if changed:
        print("options: " + ", ".join(f"{k}={json.dumps(v)}" for k, v in changed.items()), file=out)
    print("wins per seat:", file=out)
    for seat, wins in enumerate(summary["wins"]):
        share = wins / summary["games"]
        print(f"  seat {seat}: {wins:>7}  {share:6.1%}", file=out)
    print(f"mean turns per hand:   {summary['mean_turns_per_hand']:.1f}", file=out)
    print(f"mean hands per match:  {summary['mean_hands_per_match']:.2f}", file=out)
    if summary["blocked_hands"]:
        print(f"hands ended blocked:   {summary['blocked_hands']} (RULES.md section 1: the hand "
              f"could no longer end)", file=out)
    if summary["matches_cut_short"]:
        print(f"matches cut short:     {summary['matches_cut_short']} (their turns used up a "
              f"game's budget of work; the leader won)", file=out)
    print(f"games per second:      {summary['games_per_second']:.1f}", file=out)
    return 0


def cmd_schema(args, out) -> int:
    path = (bundled_dir("schema") / f"{args.name}.schema.json").resolve()
    if args.path:
        print(path, file=out)
    elif args.uri:
        print(path.as_uri(), file=out)
    else:
        out.write(path.read_text())
    return 0


def cmd_serve(args, out) -> int:
    from .web import default_tables, serve
    if not 0 < args.port < 65536 or args.bot_delay < 0:
        raise HouserulesError("expected --port from 1 to 65535 and --bot-delay of 0 or more")
    serve(args.host, args.port, args.tables or default_tables(), args.bot_delay,
          say=lambda text: print(text, file=out, flush=True))
    return 0


COMMANDS = {"serve": cmd_serve, "list": cmd_list, "schema": cmd_schema, "validate": cmd_validate, "check": cmd_check,
            "play": cmd_play, "resume": cmd_resume, "explain": cmd_explain,
            "simulate": cmd_simulate, "compare": cmd_compare, "replay": cmd_replay}


def main(argv=None, out=None) -> int:
    """Run the command line; bad input prints one clear message and exits 2."""
    out = Output(out or sys.stdout)
    parser = build_parser()
    if not (sys.argv[1:] if argv is None else argv):
        parser.print_help(out)  # a bare `houserules` is someone asking what it does
        return 0
    args = parser.parse_args(argv)
    if args.rules_path:
        # Through the environment, so that worker processes load rulesets the same way.
        known = os.environ.get("HOUSERULES_RULES_PATH", "")
        os.environ["HOUSERULES_RULES_PATH"] = os.pathsep.join(
            [str(Path(d).resolve()) for d in args.rules_path] + ([known] if known else []))
    try:
        code = COMMANDS[args.command](args, out)
        out.flush()
        return code
    except HouserulesError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader (say, `head`) has gone; stop quietly, as command-line tools do.
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - interpreter exit flushes it
        return 0
    except OutputError as err:
        out.discard()
        print(f"error: {err}", file=sys.stderr)
        return 2


class OutputError(Exception):
    """The command's output could not be written (a full disk, say)."""


class Output:
    """The command's output stream, whose write errors are reported, not thrown: a reader
    that has gone stays a BrokenPipeError, anything else becomes an OutputError."""

    def __init__(self, stream):
        self.stream = stream

    def write(self, text: str):
        try:
            return self.stream.write(text)
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OutputError(f"cannot write the output: {exc.strerror or exc}") from None

    def flush(self) -> None:
        try:
            self.stream.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OutputError(f"cannot write the output: {exc.strerror or exc}") from None

    def discard(self) -> None:
        """Let what could not be written go, so that leaving the interpreter does not try
        again (and print a second error)."""
        try:
            fd = self.stream.fileno()
        except (AttributeError, OSError, ValueError):
            return
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, fd)
        os.close(devnull)

    def __getattr__(self, name):
        return getattr(self.stream, name)


if __name__ == "__main__":
    sys.exit(main())
