"""The `houserules` command's words: its parser, help texts and argument types (each a
one-line error, exit 2, for a value it refuses)."""

from __future__ import annotations

import argparse
from importlib import metadata
from pathlib import Path

from interpreter.errors import HouserulesError
from interpreter.loading.source import bundled_dir
from interpreter.presenting.translation import N_, _
from interpreter.playing.seating import bot_names
from interpreter.safe_text import shown
from interpreter.simulate.cluster import WORKER_SECONDS, scheduler_address
from interpreter.simulate.runs import default_jobs
from interpreter.web import TABLE_IDLE_HOURS

EXAMPLES = """\
  houserules list
  houserules validate my_rules.yaml
  houserules check examples/scenarios
  houserules play classic --players 3 --save game.json
  houserules resume game.json
  houserules simulate classic --games 1000 --seed 1
  houserules simulate classic --option draw_until_playable=true --option max_draws=3
  houserules simulate my_rules.yaml --players 3 --bots heuristic,random,random --json
  houserules schema --path
  houserules serve                 # {browser}
"""

BOTS_HELP = N_("random, heuristic, forgetful, eager or strong (a search: slower), or one per "
               "seat as a comma list (strong,heuristic,heuristic)")


class Formatter(argparse.HelpFormatter):
    """argparse's help, with the words argparse says itself in the language spoken: the
    usage line's prefix (argparse takes its words from gettext's global domain, which
    houserules does not install: docs/translating.md)."""

    def add_usage(self, usage, actions, groups, prefix=None):
        super().add_usage(usage, actions, groups, _("usage: ") if prefix is None else prefix)


class RawFormatter(Formatter, argparse.RawDescriptionHelpFormatter):
    """argparse's help with the description laid out as written, its own words translated."""


class Parser(argparse.ArgumentParser):
    """argparse, whose mistakes read as the tool's others do: one line, `error: ...`, exit 2
    (subcommands' parsers are made of the same class); its help in the language spoken, with
    argparse's own headings and -h translated too."""

    def __init__(self, **kwargs):
        raw = kwargs.get("formatter_class") is argparse.RawDescriptionHelpFormatter
        kwargs.update(formatter_class=RawFormatter if raw else Formatter, add_help=False)
        super().__init__(**kwargs)
        self._positionals.title = _("positional arguments")
        self._optionals.title = _("options")
        self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                          help=_("show this help message and exit"))

    def error(self, message: str):
        self.exit(2, f"error: {self.prog}: {shown(message)} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="houserules",
        description=_("Play, check and simulate UNO-family card games whose rules are YAML files."),
        epilog=_("examples:") + "\n" + EXAMPLES.format(
            browser=_("a table in your browser (pip install 'houserules[web]')")),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"houserules {package_version()}",
                        help=_("show program's version number and exit"))
    parser.add_argument("--rules-path", action="append", default=[], metavar="DIR",
                        help=_("a folder whose .yaml files a ruleset's `extends` may name, besides "
                             "the ruleset's own folder (repeatable; also HOUSERULES_RULES_PATH)"))
    parser.add_argument("--lang", metavar="LANG",
                        help=_("the language to speak: en, ur, gu, pa or bn (default: as LANGUAGE, "
                             "LC_ALL, LC_MESSAGES or LANG say; English where none is shipped); "
                             "--json output stays English, and the browser table follows each "
                             "browser's languages (each seat may pick its own)"))
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    commands.add_parser("list", help=_("the bundled rulesets and their options"),
                        description=_("List the bundled rulesets, their players and their options."))

    validate = commands.add_parser("validate", help=_("check ruleset files without playing"),
                                   description=_("Load, schema-check and compile ruleset files; "
                                               "print one line per file."))
    validate.add_argument("files", nargs="+", metavar="FILE", help=_("ruleset files or bundled names"))
    validate.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                          help=_("set an option while checking (repeatable)"))

    check = commands.add_parser("check", help=_("run scenario files (stacked-deck rule tests)"),
                                description=_("Run scenario files: each fixes a table, answers "
                                            "decisions and checks the state. Exit 1 if any "
                                            "fails, 2 if a file is malformed."))
    check.add_argument("paths", nargs="+", metavar="FILE_OR_DIR",
                       help=_("scenario files, or folders to search: there *.scenario.yaml files "
                            "and YAML files with scenario keys run, rulesets are skipped"))
    check.add_argument("-q", "--quiet", action="store_true", help=_("print failures only"))
    check.add_argument("--check-invariants", action="store_true",
                       help=_("debug mode: check the game's invariants after every step"))
    add_progress(check)

    play = commands.add_parser("play", help=_("play a match against bots in the terminal"),
                               description=_("Play a match of RULESET against bots. Type h during "
                                           "the game for help."))
    play.add_argument("ruleset", metavar="RULESET", help=_("a bundled name (classic) or a .yaml path"))
    play.add_argument("--players", type=positive, help=_("seats at the table (default: the ruleset's)"))
    play.add_argument("--seat", type=whole, default=0, help=_("your seat (default 0)"))
    play.add_argument("--bots", type=bot_list, default="heuristic", metavar="BOTS",
                      help=_("how the bots play: {bots}, yours ignored; or one per bot, in seat "
                             "order (default heuristic)").format(bots=_(BOTS_HELP)))
    play.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                      help=_("set a ruleset option (repeatable)"))
    play.add_argument("--seed", type=seed_number, help=_("seed for the shuffle (default: a new game each time)"))
    play.add_argument("--save", metavar="FILE", help=_("save the game after every action; "
                                                     "continue it later with `houserules resume FILE`"))
    play.add_argument("--log", metavar="FILE", help=_("write every decision as a game log "
                                                    "(`houserules replay FILE` checks it)"))
    play.add_argument("--check-invariants", action="store_true",
                      help=_("debug mode: check the game's invariants after every step"))

    replay = commands.add_parser("replay", help=_("replay game logs and confirm their end state"),
                                 description=_("Replay game logs written by simulate --log or "
                                             "play --log: each must reach the same end state. "
                                             "Exit 1 if one differs (the first differing step "
                                             "is named), 2 if a log is unreadable or its "
                                             "ruleset has changed."))
    replay.add_argument("paths", nargs="+", metavar="FILE_OR_DIR", help=_("logs, or folders of them"))
    replay.add_argument("-q", "--quiet", action="store_true", help=_("print differences only"))
    add_progress(replay)

    resume = commands.add_parser("resume", help=_("continue a game saved with play --save"),
                                 description=_("Continue a saved game exactly where it stopped."))
    resume.add_argument("file", metavar="FILE", help=_("the file given to play --save"))

    explain = commands.add_parser("explain", help=_("the rules of a ruleset, in words"),
                                  description=_("Print the rules as readable text generated from "
                                              "the YAML: the deck, what each card does, the turn, "
                                              "scoring, the match and the options in force."))
    explain.add_argument("ruleset", metavar="RULESET",
                         help=_("a bundled name, a .yaml path, or base+overlay (classic+house/stacking)"))
    explain.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                         help=_("explain with this option set (repeatable)"))

    cmp = commands.add_parser(
        "compare", help=_("simulate two rulesets (or option sets) and compare them"),
        description=_("Play N single hands of A and of B between bots and report mean turns per "
                    "hand, first-seat win rate (the player who plays first wins the hand) and "
                    "mean points per hand, each with its {level} confidence interval (Wilson's for the "
                    "win rate), and B - A.").format(level="95%"),
        epilog=_("A and B are rulesets: bundled names, paths, or a base with overlays "
               "(classic+house/stacking). To compare options of one ruleset, name it twice and "
               "give each side its options:\n"
               "  houserules compare classic classic --option-b stacking=true\n"
               "  houserules compare classic classic+house/stacking --games 5000 --json"),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    cmp.add_argument("a", metavar="A", help=_("the first ruleset"))
    cmp.add_argument("b", metavar="B", help=_("the second ruleset"))
    cmp.add_argument("--games", type=game_count, default=2000, help=_("hands per side (default 2000)"))
    cmp.add_argument("--players", type=positive, help=_("seats at the table (default: A's default)"))
    cmp.add_argument("--seed", type=seed_number, default=0, help=_("master seed (default 0)"))
    cmp.add_argument("--bots", type=bot_list, default="heuristic", metavar="BOTS",
                     help=_("{bots} (default heuristic)").format(bots=_(BOTS_HELP)))
    cmp.add_argument("--jobs", type=job_count, default=None, help=_("processes (default: all cores)"))
    cmp.add_argument("--plot", metavar="FILE.png",
                     help=_("draw the distributions of turns and points per hand (needs matplotlib: "
                          "pip install '.[plot]')"))
    cmp.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                     help=_("an option for both sides (repeatable)"))
    cmp.add_argument("--option-a", action="append", default=[], metavar="NAME=VALUE",
                     help=_("an option for A only (repeatable)"))
    cmp.add_argument("--option-b", action="append", default=[], metavar="NAME=VALUE",
                     help=_("an option for B only (repeatable)"))
    cmp.add_argument("--json", action="store_true", help=_("print one JSON object instead of a table"))
    add_progress(cmp)

    sim = commands.add_parser("simulate", help=_("play many matches between bots and summarise them"),
                              description=_("Play matches between bots and report wins per seat, "
                                          "mean turns per hand, mean hands per match and speed."))
    sim.add_argument("ruleset", metavar="RULESET", help=_("a bundled name (classic) or a .yaml path"))
    sim.add_argument("--games", type=game_count, default=1000, help=_("matches to play (default 1000)"))
    sim.add_argument("--players", type=positive, help=_("seats at the table (default: the ruleset's)"))
    sim.add_argument("--seed", type=seed_number, default=0, help=_("master seed; same seed, same games (default 0)"))
    sim.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                     help=_("set a ruleset option, e.g. hands=1 (repeatable; see `houserules list`)"))
    sim.add_argument("--jobs", type=job_count, default=None,
                     help=_("processes to use (default: all cores); results do not depend on it"))
    sim.add_argument("--scheduler", metavar="tcp://HOST:PORT", type=scheduler,
                     help=_("run on a Dask cluster instead (pip install '.[cluster]')"))
    sim.add_argument("--worker-timeout", metavar="SECONDS", type=seconds, default=WORKER_SECONDS,
                     help=_("with --scheduler: give up when the cluster has had no worker for "
                            "this long (default {seconds})").format(seconds=f"{WORKER_SECONDS:g}"))
    sim.add_argument("--records", metavar="FILE",
                     help=_("also write one row per game to FILE (.csv or .jsonl)"))
    sim.add_argument("--log", metavar="DIR",
                     help=_("write each game's decisions to DIR/game-NNNNNNN.jsonl "
                          "(`houserules replay DIR` checks them)"))
    sim.add_argument("--check-invariants", action="store_true",
                     help=_("debug mode: after every step check that cards are conserved, hands "
                          "are sound and the pending decision has a legal option"))
    sim.add_argument("--bots", type=bot_list, default="heuristic", metavar="BOTS",
                     help=_("{bots} (default heuristic)").format(bots=_(BOTS_HELP)))
    sim.add_argument("--json", action="store_true", help=_("print one JSON object instead of a table"))
    add_progress(sim)

    serve = commands.add_parser(
        "serve", help=_("play at a table in the browser, with friends and bots"),
        description=_("Serve a card table to play in the browser: set up a game (any ruleset, "
                    "house rules, your own YAML), invite people with a link per seat, add bots. "
                    "Needs the web extra: pip install 'houserules[web]'."))
    serve.add_argument("--host", default="127.0.0.1",
                       help=_("the address to listen on (default 127.0.0.1: this machine only; "
                            "0.0.0.0 lets other devices on your network join)"))
    serve.add_argument("--port", type=int, default=8000, help=_("the port (default 8000)"))
    serve.add_argument("--tables", type=Path, default=None, metavar="DIR",
                       help=_("where tables are saved, so a restart resumes them (default "
                            "~/.local/share/houserules/tables)"))
    serve.add_argument("--bot-delay", type=float, default=0.8, metavar="SECONDS",
                       help=_("pause before each bot's move, so people can follow (default 0.8); "
                            "a strong bot thinks for at most three quarters of it"))
    serve.add_argument("--chosen-seeds", action="store_true",
                       help=_("let the host of a table of several people choose its seed (whoever "
                            "knows the seed knows every hand: for demonstrations and tests; a "
                            "table of one person may always choose it)"))
    serve.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                       help=_("a name the server is reached by besides its address and localhost "
                            "(this machine's name on your network, say); repeat for several. "
                            "Requests naming any other are refused, so that no web page can "
                            "point a name of its own at the server"))
    serve.add_argument("--table-idle-hours", type=float, default=TABLE_IDLE_HOURS, metavar="H",
                       help=_("remove a table nobody has read or answered for H hours (default "
                              "{hours}; 0: keep every table until its host ends it)").format(
                           hours=f"{TABLE_IDLE_HOURS:g}"))

    names = schema_names()
    schemas = commands.add_parser(
        "schema", help=_("the installed JSON Schemas, for editors"),
        description=_("Print an installed JSON Schema, or with --path where it is, for an "
                    "editor's `# yaml-language-server: $schema=...` line."))
    schemas.add_argument("name", nargs="?", default="ruleset", choices=names, metavar="NAME",
                         help=_("{names} (default ruleset)").format(names=", ".join(names)))
    where = schemas.add_mutually_exclusive_group()
    where.add_argument("--path", action="store_true", help=_("print the file's path"))
    where.add_argument("--uri", action="store_true", help=_("print the file's file:// address"))
    return parser


def add_progress(command) -> None:
    """--progress on a long command."""
    command.add_argument("--progress", action="store_true",
                         help="show a progress bar on stderr even when it is not a terminal "
                              "(on a terminal it shows by itself)")


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
    try:
        bot_names(text)
    except HouserulesError as err:
        raise argparse.ArgumentTypeError(err.message) from None
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
