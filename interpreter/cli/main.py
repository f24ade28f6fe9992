"""The `houserules` command: a thin layer over the library."""

from __future__ import annotations

import json
import os
import random
import sys
import time
from pathlib import Path

from interpreter.building.options import parse_option_pairs
from interpreter.building.ruleset import load_ruleset
from interpreter.cli.arguments import build_parser
from interpreter.cli.output import Output, OutputError
from interpreter.cli.output_paths import writable_file, writable_folder
from interpreter.cli.progress import ProgressBar
from interpreter.engine import game as engine
from interpreter.engine.invariants import check_invariants
from interpreter.errors import HouserulesError
from interpreter.loading.source import (
    bundled_dir,
    bundled_rulesets,
    display_name,
    exists,
    portable_reference,
    read_yaml,
    resolve,
)
from interpreter.playing.gamelog import log_files, replay
from interpreter.playing.session import Session
from interpreter.presenting import translation
from interpreter.presenting.translation import _, ngettext, said
from interpreter.presenting.explain import explain
from interpreter.safe_text import shown
from interpreter.scenarios.files import scenario_files
from interpreter.scenarios.scenario import Scenario
from interpreter.simulate.plot import plot_comparison, plot_kind
from interpreter.simulate.runs import MEASURES, comparison, default_jobs, run
from interpreter.terminal.game import TerminalGame


def progress_bar(args, unit: str = "games"):
    """A progress bar on stderr when it is a terminal or --progress asks for one, else None."""
    return ProgressBar(unit=unit) if args.progress or sys.stderr.isatty() else None


class Notice:
    """`note: ...` on stderr, for what went wrong in a run and was mended; on a line of its
    own when the progress bar is showing."""

    def __init__(self, bar=None):
        self.bar = bar

    def __call__(self, text: str) -> None:
        if self.bar is not None and self.bar.shown:
            sys.stderr.write("\n")
        print(f"note: {text}", file=sys.stderr)



def cmd_list(args, out) -> int:
    overlays = []
    for name in bundled_rulesets():
        data = read_yaml(bundled_dir("rulesets") / f"{name}.yaml").data
        if data.get("overlay"):
            overlays.append((name, data))
            continue
        rules = load_ruleset(name)
        # The ruleset's texts, safe to print and one line each (see safe_text).
        written = rules.source.data
        print(_("{name}: {title}, {low}-{high} players, {count} cards").format(
            name=name, title=one_line(said(written.get("title"), rules.title)),
            low=rules.min_players, high=rules.max_players, count=len(rules.deck)), file=out)
        if rules.description:
            print(f"  {one_line(said(written.get('description'), rules.description))}", file=out)
        for option, spec in rules.option_specs.items():
            setting = f"{option}={json.dumps(spec['default'])}"
            helps = said(((written.get("options") or {}).get(option) or {}).get("help"),
                         spec.get("help", ""))
            print(f"  --option {setting:<26} {one_line(helps)}", file=out)
        for overlay in rules.overlays:
            setting = f"{overlay}=false"
            print(f"  --option {setting:<26} " + _("house rule {name} is part of this game; this "
                                                   "leaves it out").format(name=overlay), file=out)
    if overlays:
        print("\n" + _("house rules (switch one on with --option NAME=true, or combine: "
                       "classic+house/stacking+house/seven_o, or extends: [classic, "
                       "house/stacking] in a file):"), file=out)
        for name, data in overlays:
            setting = f"{name.rsplit('/', 1)[-1]}=true"
            print(f"  --option {setting:<26} "
                  f"{one_line(written_words(data.get('description')))}",
                  file=out)
            for option, spec in (data.get("options") or {}).items():
                if isinstance(spec, dict) and "type" in spec:
                    extra = f"{option}={json.dumps(spec.get('default'))}"
                    helps = written_words(spec.get("help"))
                    print(f"    --option {extra:<24} {one_line(helps)}", file=out)
    return 0


def written_words(text) -> str:
    """Words as a file not yet compiled gives them (a text, or one per language), in the
    language spoken (said): an overlay's description and option help in `list`."""
    return said(text, text.get("en", "") if isinstance(text, dict) else text or "")


def options_text(rules) -> str:
    """`challenge=false, hands=1`: the options not as the ruleset is written, as --option
    gives them ("" when there are none)."""
    return ", ".join(f"{name}={one_line(json.dumps(value))}"
                     for name, value in rules.changed_options().items())


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
        games, refused = [], []
        for one in refs:
            try:
                games.append(load_ruleset(one, parse_option_pairs(args.option)))
            except HouserulesError as err:
                refused.append((one.split("+")[0], err))
        if not games or refused and len(refs) == 1:
            failed += 1
            print(f"error: {refused[0][1]}", file=sys.stderr)
            continue
        rules = games[0]
        if len(refs) > 1 or refs[0] != ref:
            # A house rule that cannot be said on some game (a rule about numbers on a game
            # of numberless cards) is told so, and still plays on the others.
            nowhere = "".join("; " + _("not on {game}: {error}").format(
                game=base, error=one_line(str(err).splitlines()[0])) for base, err in refused)
            print("ok: " + _("{file} (a house rule: plays on {games}{refused})").format(
                file=one_line(ref), refused=nowhere, games=", ".join(
                    one_line(game.title.split(" + ")[0]) for game in games)), file=out)
            continue
        said_of = _("{title}: {cards} cards, {kinds} kinds, {options} options, house rules: "
                    "{overlays}") if rules.overlays else \
            _("{title}: {cards} cards, {kinds} kinds, {options} options")
        print(f"ok: {one_line(ref)} (" + said_of.format(
            title=one_line(rules.title), cards=len(rules.deck), kinds=len(rules.kinds),
            options=len(rules.option_specs), overlays=", ".join(rules.overlays)) + ")", file=out)
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
            print("  " + _("step {step} (line {line}): {message}").format(
                step=failure.step, line=failure.line, message=shown(failure.message)), file=out)
            print(shown(failure.table), file=out)
    print((_("{passed} passed, {failed} failed, {malformed} malformed") if malformed else
           _("{passed} passed, {failed} failed")).format(
        passed=passed, failed=failed, malformed=malformed) + skipped_text(skipped), file=out)
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
    if len(skipped) > 3:
        return ", " + _("{count} skipped (not scenarios: {names} and {more} more)").format(
            count=len(skipped), names=names, more=len(skipped) - 3)
    return ", " + ngettext("{count} skipped (not a scenario: {names})",
                           "{count} skipped (not scenarios: {names})", len(skipped)).format(
        count=len(skipped), names=names)


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
            print(f"same     {one_line(result.file)}: " + ngettext(
                "{count} decision", "{count} decisions", result.steps).format(count=result.steps),
                file=out)
    print(_("{same} replayed the same, {differ} differ").format(same=len(logs) - differ,
                                                                differ=differ), file=out)
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
        print(_("wrote the plot to {file}").format(file=one_line(args.plot)),
              file=sys.stderr if args.json else out)
    if args.json:
        print(json.dumps(report), file=out)
        return 0
    print(ngettext("{games} hand each, {players} players, seed {seed}, bots {bots}",
                   "{games} hands each, {players} players, seed {seed}, bots {bots}",
                   args.games).format(games=f"{args.games:,}", players=players, seed=args.seed,
                                      bots=args.bots), file=out)
    for letter, rules in (("A", a), ("B", b)):
        changed = options_text(rules)
        print(f"  {letter}: " + (_("{ruleset} with {options}") if changed else "{ruleset}").format(
            ruleset=one_line(rules.name), options=changed), file=out)
    print(f"{'':<22}{'A':>22}{'B':>22}{'B - A':>24}", file=out)
    for label, _unused, key, fmt in MEASURES:
        row = report["measures"][key]
        cells = [interval_text(row[side], fmt) for side in ("a", "b")]
        cells.append(interval_text(row["difference"], fmt.replace("{:", "{:+")))
        print(f"{_(label):<22}{cells[0]:>22}{cells[1]:>22}{cells[2]:>24}", file=out)
    print(_("(mean ± half-width of the {level} confidence interval, or mean [low, high] where "
            "the interval is uneven: a rate's, Wilson's)").format(level="95%"), file=out)
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
    print(ngettext("{title}: {games} match, {players} players, seed {seed}, bots {bots}",
                   "{title}: {games} matches, {players} players, seed {seed}, bots {bots}",
                   summary["games"]).format(
        title=one_line(said(rules.source.data.get("title"), rules.title)),
        games=summary["games"], players=summary["players"], seed=summary["seed"],
        bots=args.bots), file=out)
    changed = options_text(rules)
    if changed:
        print(_("options: {options}").format(options=changed), file=out)
    print(_("wins per seat:"), file=out)
    for seat, wins in enumerate(summary["wins"]):
        share = wins / summary["games"]
        print("  " + _("seat {seat}: {wins}  {share}").format(
            seat=seat, wins=f"{wins:>7}", share=f"{share:6.1%}"), file=out)
    # Each label padded to one column in the language spoken, its value after it.
    rows = [(_("mean turns per hand:"), f"{summary['mean_turns_per_hand']:.1f}")]
    rows.append((_("mean hands per match:"), f"{summary['mean_hands_per_match']:.2f}"))
    if summary["blocked_hands"]:
        rows.append((_("hands ended blocked:"), _(
            "{count} (docs/game-rules.md section 1: the hand could no longer end)").format(
            count=summary["blocked_hands"])))
    if summary["matches_cut_short"]:
        rows.append((_("matches cut short:"), _(
            "{count} (their turns used up a game's budget of work; the leader won)").format(
            count=summary["matches_cut_short"])))
    rows.append((_("games per second:"), f"{summary['games_per_second']:.1f}"))
    width = max(23, *(len(label) + 1 for label, _value in rows))
    for label, value in rows:
        print(f"{label:<{width}}{value}", file=out)
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
    from interpreter.web import default_tables, serve
    if not 0 < args.port < 65536 or args.bot_delay < 0 or not args.table_idle_hours >= 0:
        raise HouserulesError("expected --port from 1 to 65535, and --bot-delay and "
                              "--table-idle-hours of 0 or more")
    serve(args.host, args.port, args.tables or default_tables(), args.bot_delay,
          say=lambda text: print(text, file=out, flush=True), chosen_seeds=args.chosen_seeds,
          allow_hosts=args.allow_host, idle_hours=args.table_idle_hours)
    return 0


COMMANDS = {"serve": cmd_serve, "list": cmd_list, "schema": cmd_schema, "validate": cmd_validate, "check": cmd_check,
            "play": cmd_play, "resume": cmd_resume, "explain": cmd_explain,
            "simulate": cmd_simulate, "compare": cmd_compare, "replay": cmd_replay}


def main(argv=None, out=None) -> int:
    """Run the command line; bad input prints one clear message and exits 2."""
    out = Output(out or sys.stdout)
    argv = sys.argv[1:] if argv is None else list(argv)
    translation.choose(asked_language(argv))  # the help speaks it too
    parser = build_parser()
    if not argv:
        parser.print_help(out)  # a bare `houserules` is someone asking what it does
        return 0
    args = parser.parse_args(argv)
    # The browser table speaks English until each seat can choose its own language there.
    translation.choose(args.lang if args.command != "serve" else translation.SOURCE)
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


def asked_language(argv: list) -> str | None:
    """The language `--lang` asks for on the command line (before the command), or None: read
    before the parser is built, so that its help is in that language."""
    given = False  # the argument is the value of the option before it (--rules-path DIR)
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--lang="):
            return arg.removeprefix("--lang=")
        if not given and not arg.startswith("-"):
            return None  # the command: what follows is its own
        given = arg == "--rules-path"
    return None


if __name__ == "__main__":
    sys.exit(main())
