"""What many test files set up alike: an exact table (GameState.from_table), a small ruleset
file, a variant of a bundled game, an example script as a module, the command line run in a
child process.

A test file with a usual table of its own names its defaults once, e.g.
`table = partial(helpers.table, rules=CLASSIC, stock=YELLOWS)`, and each test then says only
the hands and what else differs.
"""

from __future__ import annotations

import importlib.util
import io
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

from checkout import ROOT
from interpreter import GameState, Ruleset, load_ruleset

# Cards no test means to draw, as a stock: green numbers (none is red 5, the usual top).
GREENS = ("green 1", "green 2", "green 3", "green 4", "green 5", "green 6")


def table(hands, rules="classic", *, top="red 5", under=(), discard=None, stock=GREENS,
          options=None, **state) -> GameState:
    """A game at an exact table: `hands` (card names, or cards, per seat), seat 0 to play.

    `rules` is a Ruleset, or a bundled name or a path loaded with `options`. The discard pile is
    `discard` (bottom to top) when given, else `under` with `top` on it; the stock is `stock`
    (top first). Everything else (turn, penalty, scores, uncalled, just_played, record, seed,
    ...) goes to GameState.from_table as it is (see dealing.set_table).
    """
    if not isinstance(rules, Ruleset):
        rules = load_ruleset(rules, options)
    elif options is not None:
        raise TypeError("options are for a ruleset loaded here, not a Ruleset given")
    pile = list(discard) if discard is not None else [*under, top]
    return GameState.from_table(rules, hands=[list(hand) for hand in hands], discard=pile,
                                stock=list(stock), **state)


def deck_turning(rules: Ruleset, players: int, *first: str, draws: tuple = ()) -> list:
    """The top of a stacked deck (GameState's `stacked`, top first) whose deal turns `first`
    up: the cards of a ruleset's dealer draw (`draws`, seat 0 first, round after round), then a
    hand for every seat (number cards, taken in the deck's order from those not named), then
    the cards of `first` (names). The deck below is shuffled by the game's seed."""
    named = [rules.card(name) for name in (*draws, *first)]
    left = list(rules.deck)
    for card in named:
        left.remove(card)
    dealt = [card for card in left if card.kind == "number"][:players * rules.hand_sizes[players]]
    return [*named[:len(draws)], *dealt, *named[len(draws):]]


def write(folder: Path, name: str, text: str) -> Path:
    """`text` as the file `name` in `folder` (its own folders made too); its path."""
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def names(cards) -> list:
    """The cards' names, in order."""
    return [card.name for card in cards]


def variant(folder: Path, body: str, extends: str = "classic", name: str = "mine") -> Ruleset:
    """`extends` with the YAML `body` (dedented) added, as folder/NAME.yaml, loaded; the body
    starts on the file's line 3."""
    return load_ruleset(write(folder, f"{name}.yaml", f"extends: {extends}\nname: {name}\n"
                              + textwrap.dedent(body)))


# Seat 0 holds an 8 to play; the tables of the loop and control tests.
EIGHT_HANDS = [["red 8", "red 1", "blue 2"], ["green 1", "green 2", "green 3"],
               ["yellow 1", "yellow 2"], ["blue 1", "blue 3"]]


def eight_rule(folder: Path, do: str, extra: str = "") -> Ruleset:
    """Classic in which an 8 played runs `do` (its text starts on the file's line 8), with the
    YAML `extra` after the rule."""
    return variant(folder, "rules:\n  eights:\n    when: card_played\n    if: card.rank == 8\n"
                           "    do: |\n" + textwrap.indent(do, " " * 6) + "\n" + extra)


def example(name: str):
    """examples/NAME.py as a module (the examples are scripts, not a package)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "examples" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def cli_environment() -> dict:
    """This environment with the checkout first on PYTHONPATH, for the command line and the
    worker processes it starts."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return env


def cli(*argv, cwd=ROOT, timeout=120, **run) -> subprocess.CompletedProcess:
    """`python -m interpreter.cli.main ARGV` in a child process started in `cwd`: stdin empty
    (unless `input` is given), stdout and stderr captured as text, unless `run` says otherwise."""
    options = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, "text": True, **run}
    if options.get("input") is None:
        options.setdefault("stdin", subprocess.DEVNULL)
    return subprocess.run([sys.executable, "-m", "interpreter.cli.main", *map(str, argv)],
                          cwd=cwd, env=cli_environment(), timeout=timeout, **options)


def cli_here(argv) -> tuple:
    """(exit code, stdout) of `houserules ARGV` run in this process (no start-up to pay);
    argparse's own refusals count as exit codes."""
    from interpreter.cli.main import main
    out = io.StringIO()
    try:
        code = main(argv, out=out)
    except SystemExit as exc:
        code = exc.code
    return code, out.getvalue()


# A message's placeholders: named, or a builtin's {0}.
PLACEHOLDER = re.compile(r"\{[a-z_0-9]*\}")


def assert_translated(shipped, marked: dict, lang: str, domain: str) -> None:
    """Every message `marked` in the code ({key: (message, where)}) has a translation in the
    catalog `shipped` (one language's .po, read by Babel), complete, not fuzzy, and keeping
    the placeholders of its English in every form."""
    for key, (message, where) in marked.items():
        entry = shipped.get(key)
        assert entry is not None and entry.string and all(entry.string), \
            f"{where}: {key!r} has no {lang} translation in {domain}.po (pybabel update, then translate it)"
        sources = [message] if isinstance(message, str) else list(message)
        forms = [entry.string] if isinstance(entry.string, str) else list(entry.string)
        for form in forms:
            assert set(PLACEHOLDER.findall(form)) == set(PLACEHOLDER.findall(sources[-1])), \
                f"{where}: the {lang} translation {form!r} of {key!r} changes its placeholders"
        assert "fuzzy" not in entry.flags, f"{where}: the {lang} translation of {key!r} is fuzzy"
