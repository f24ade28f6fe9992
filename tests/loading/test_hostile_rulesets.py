"""Hostile ruleset files through the real command line: each is refused cleanly, quickly, in bounded memory.

Every case writes its files to a temporary folder and runs `python -m interpreter.cli.main ...` in a
child process (cwd = the repository, PYTHONPATH = the repository), as a user would. For each:

* exit status 2 (a scenario run by `check` may also report a failure with exit status 1);
* one clear `error:` line on stderr naming the file (and the line where that makes sense) and
  the problem; no Python traceback anywhere;
* at most ~2 s of its own work: the CPU time of the whole child must stay under
  `TIME_LIMIT` = 3.5 s, which allows ~1.5 s for the interpreter to start and import on top
  (CPU time, not wall time, so that a busy machine does not fail a child that did little);
* bounded memory: the child runs under RLIMIT_AS = 1 GiB, so an explosion fails (MemoryError)
  instead of eating the machine, and the test still expects the clean exit 2.

A child that is still running after `HANG_TIMEOUT` seconds is killed and the case fails as a hang.
"""

from __future__ import annotations

import json
import os
import re
import resource
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from child_process import child_seconds

from interpreter import load_ruleset
from interpreter.errors import HouserulesError

from checkout import ROOT as REPO
MEMORY_LIMIT = 1 << 30  # 1 GiB of address space for the child
# ~2 s of the case's own work plus ~1.5 s of interpreter start-up and imports.
TIME_LIMIT = 3.5
# A case that spends a game's whole work budget (2,000,000 steps) in the pure build: 2.5 to
# 3.6 s on this 2-core machine while the suite runs in two processes, so it gets more.
WHOLE_BUDGET_LIMIT = 5.0
HANG_TIMEOUT = 15  # a child still running after this is killed: the case hangs

SIMULATE = ["simulate", "{main}", "--games", "2", "--jobs", "1"]
VALIDATE = ["validate", "{main}"]


@dataclass
class Case:
    """One hostile input: its files, the command, and what the error must say."""

    id: str
    files: dict  # file name -> text (or bytes); `@TMP@` is replaced by the temporary folder
    problem: str  # regex the error message must match (case-insensitive)
    command: list = field(default_factory=lambda: list(VALIDATE))
    main: str = "main.yaml"  # the file given on the command line
    named: str | None = None  # the file the error must name (default: `main`)
    line_marker: str | None = None  # the error must give the line of `named` holding this text
    codes: tuple = (2,)
    stdout_forbids: str | None = None  # text that must not appear on stdout


def ruleset(*lines: str) -> str:
    """A small ruleset on top of classic."""
    return "\n".join(["extends: classic", "name: hostile", *lines]) + "\n"


def alias_bomb(levels: int = 9, width: int = 9) -> str:
    """Billion laughs: each level is a list of `width` aliases to the level below."""
    names = [chr(ord("a") + i) for i in range(levels)]
    rows = [f"{names[0]}: &{names[0]} [{', '.join(['lol'] * width)}]"]
    for below, name in zip(names, names[1:]):
        rows.append(f"{name}: &{name} [{', '.join([f'*{below}'] * width)}]")
    return "\n".join(rows) + "\nname: bomb\n"


def nested_ifs(depth: int) -> str:
    """`depth` if/then/end blocks nested in one effect, as short as the grammar allows."""
    # `if 1then ` is 9 characters and `end ` 4: 300 levels make 3900, under MAX_TEXT_LENGTH.
    return "if 1then " * depth + "end " * depth


def paired(*pairs: str) -> str:
    """The bundled two-sided ruleset, its `pairs:` these lines."""
    return "\n".join(["extends: uno_flip", "name: hostile", "pairs:", *pairs]) + "\n"


SMALL_DECK = [
    "players: {min: 2, max: 2, default: 2}",
    "hand_size: 3",
    "deck:",
    "  - {kind: number, colors: all, ranks: [1], copies: 5}",
]

LOOPING = ruleset(
    "effects:",
    '  a: run("a")',
    "kinds:",
    "  number:",
    '    on_play: run("a")',
)

LOOP_SCENARIO = """\
name: A card whose effect runs a named effect that runs itself
ruleset: loop.yaml
table:
  hands:
    - [red 5, blue 7]
    - [green 1, blue 3]
  discard: [red 2]
  stock: [yellow 2, yellow 3, yellow 4]
  turn: 0
steps:
  - play: red 5
    expect: {turn: 1}
"""

CASES = [
    # --- YAML itself -----------------------------------------------------------------------
    Case("python-object-tag",
         {"main.yaml": 'name: !!python/object/apply:os.system ["echo hi"]\ncolors: [red]\n'},
         problem=r"tags .*not allowed", line_marker="!!python", stdout_forbids="hi"),
    Case("billion-laughs", {"main.yaml": alias_bomb()},
         problem=r"expands to more than \d+ values"),
    Case("ten-megabyte-file",
         {"main.yaml": ruleset() + ("# " + "x" * 98 + "\n") * 100_000},
         problem=r"the file is more than [\d,]+ bytes; a ruleset or scenario file may be at most 64,000"),
    Case("yaml-lists-10000-deep",
         {"main.yaml": ruleset("description: " + "[" * 10_000 + "]" * 10_000)},
         problem=r"nests too deeply"),

    # --- extends ---------------------------------------------------------------------------
    Case("extends-cycle",
         {"a.yaml": "extends: b.yaml\nname: a\n", "b.yaml": "extends: a.yaml\nname: b\n"},
         main="a.yaml", problem=r"cycle: .*a\.yaml -> .*b\.yaml -> .*a\.yaml"),
    Case("extends-etc-passwd", {"main.yaml": "extends: /etc/passwd\nname: x\n"},
         problem=r"`extends: /etc/passwd` is not allowed"),
    Case("extends-relative-to-etc-passwd",
         {"main.yaml": "extends: ../../../../../../../../etc/passwd\nname: x\n"},
         problem=r"etc/passwd` is not allowed"),
    Case("extends-absolute-yaml-path",
         {"main.yaml": "extends: @TMP@/other.yaml\nname: x\n",
          "other.yaml": ruleset()},
         problem=r"other\.yaml` is not allowed"),

    # --- the effect language ---------------------------------------------------------------
    Case("unknown-primitive",
         {"main.yaml": ruleset("kinds:", "  number:", "    on_play: explode(next)")},
         problem=r"unknown function explode\(\)", line_marker="explode"),
    Case("dunder-class-attribute",
         {"main.yaml": ruleset('playable: "card.__class__ != none"')},
         problem=r"unknown card attribute '__class__'", line_marker="__class__"),
    Case("dunder-import-call",
         {"main.yaml": ruleset("kinds:", "  number:", "    on_play: '__import__(\"os\")'")},
         problem=r"unknown function __import__\(\)", line_marker="__import__"),
    Case("card-rules-on-play",
         {"main.yaml": ruleset("kinds:", "  skip:", "    on_play: |",
                               "      let x = card.rules.on_play", "      lose_turn(next)")},
         problem=r"unknown card attribute 'rules'", line_marker="card.rules"),
    Case("brackets-400-deep",
         {"main.yaml": ruleset('playable: "' + "(" * 400 + "true" + ")" * 400 + '"')},
         problem=r"brackets nest deeper than \d+", line_marker="playable"),
    Case("if-blocks-300-deep",
         {"main.yaml": ruleset("kinds:", "  number:", f'    on_play: "{nested_ifs(300)}"')},
         problem=r"nest", line_marker="on_play"),
    Case("effect-text-too-long",
         {"main.yaml": ruleset("kinds:", "  number:",
                               '    on_play: "' + "draw(player, 1) " * 300 + '"')},
         problem=r"the text is \d+ characters; at most \d+ are allowed", line_marker="on_play"),

    # --- rules that never let a hand end ---------------------------------------------------
    Case("named-effect-runs-itself",
         {"main.yaml": LOOPING},
         command=list(SIMULATE), problem=r"made no progress.*steps_per_action"),
    Case("scenario-with-looping-ruleset",
         {"loop.yaml": LOOPING, "scenario.yaml": LOOP_SCENARIO},
         command=["check", "{main}"], main="scenario.yaml", named="loop.yaml",
         problem=r"made no progress.*steps_per_action", codes=(1, 2)),

    # --- beyond the brief: sizes and limits a ruleset can set itself ------------------------
    Case("deck-smaller-than-the-deal",
         # Classic deals 4 x 7 = 28 cards from a 20-card deck: no first card to turn.
         {"main.yaml": ruleset("deck:", "  - {kind: number, colors: all, ranks: [1], copies: 5}")},
         command=list(SIMULATE), problem=r"deck|cards"),
    Case("billion-copies-of-a-card",
         {"main.yaml": ruleset("deck:",
                               "  - {kind: number, colors: all, ranks: [1], copies: 1000000000}")},
         problem=r"copies|deck|cards"),
    Case("billion-card-hands",
         {"main.yaml": ruleset("hand_size: 1000000000")},
         command=list(SIMULATE), problem=r"hand_size|deck|cards"),
    Case("number-squared-over-and-over",
         # 2, 4, 16, ... 2**(2**40): 40 short lines make a number of 2**40 bits.
         {"main.yaml": ruleset("kinds:", "  number:", "    on_play: |", "      let x = 2",
                               *["      let x = x * x"] * 40)},
         command=list(SIMULATE), problem=r"number|too large|limit"),
    Case("ruleset-raises-its-own-step-limit",
         {"main.yaml": LOOPING + "limits: {steps_per_action: 1000000000000}\n"},
         command=list(SIMULATE), problem=r"steps_per_action|limit"),

    # --- round two, second pass: what a black-box run still found ---------------------------
    Case("a-base-with-a-file-that-is-not-a-ruleset",
         {"main.yaml": "extends: [classic, secret.yaml]\n", "secret.yaml": "SEKRIT_KEY: 1\n"},
         named="secret.yaml", problem=r"^(?!.*SEKRIT).*not a ruleset"),
    Case("a-base-with-a-file-that-is-mostly-not-a-ruleset",
         {"main.yaml": "extends: [classic, secret.yaml]\n",
          "secret.yaml": "SEKRIT_KEY: SEKRIT\ncolors: SEKRIT\n"},
         named="secret.yaml", problem=r"^(?!.*SEKRIT).*not a ruleset"),
    Case("an-unknown-key-unlike-any-known-one-is-not-quoted",
         {"main.yaml": ruleset("SEKRIT_KEY: 1", "colours: [red]", "hand_size: 7")},
         problem=r"^(?!.*SEKRIT).*an unknown key"),

    # --- counts that multiply cards are bounded before a card is made (decks.MAX_DECK) --------
    Case("pairs-count-past-the-deck-limit",
         {"main.yaml": paired("  - wild draw two -> orange 4 (x100000000000)")},
         problem=r"\(x100000000000\): a back's count is a whole number from 1 to 20,000",
         line_marker="(x"),
    Case("pairs-count-of-401-digits",
         {"main.yaml": paired(f"  - wild draw two -> orange 4 (x{10 ** 400})")},
         problem=r"\(x100000\.\.\. \(401 digits\)\): .* from 1 to 20,000", line_marker="(x"),
    Case("pairs-count-negative", {"main.yaml": paired("  - wild draw two -> orange 4 (x-3)")},
         problem=r"\(x-3\): a back's count is a whole number from 1 to 20,000", line_marker="(x"),
    Case("pairs-count-zero", {"main.yaml": paired("  - wild draw two -> orange 4 (x0)")},
         problem=r"\(x0\): a back's count", line_marker="(x"),
    Case("pairs-counts-adding-up-past-the-deck-limit",
         {"main.yaml": paired("  - wild draw two -> orange 4 (x15000)",
                              "  - wild -> pink 5 (x6000)")},
         problem=r"the pairs would make more than 20,000 cards; at most 20,000 are allowed",
         line_marker="pink 5"),
    Case("copies-times-ranks-times-colours",
         {"main.yaml": ruleset("kinds:", "  number: {ranks: [" + ", ".join(map(str, range(1000)))
                               + "]}", "deck:", "  - {kind: number, colors: all, copies: 1000}")},
         problem=r"the deck would have 4,000,000 cards; at most 20,000 are allowed",
         line_marker="copies: 1000"),
    Case("decks-times-the-deck",
         {"main.yaml": ruleset("decks: 100", "deck:",
                               "  - {kind: number, colors: all, ranks: [1, 2, 3, 4, 5], copies: 500}")},
         problem=r"100 decks of 10,000 cards for 2 players would be 1,000,000 cards; at most "
                 r"20,000 are allowed", line_marker="decks:"),
    Case("decks-by-players-times-the-deck",
         {"main.yaml": ruleset("decks: players * 10", "deck:",
                               "  - {kind: number, colors: all, ranks: [1, 2, 3, 4, 5], copies: 50}")},
         problem=r"30 decks of 1,000 cards for 3 players would be 30,000 cards; at most "
                 r"20,000 are allowed",
         line_marker="decks:"),
    Case("a-scenario-naming-a-file-that-is-not-yaml",
         {"main.yaml": LOOP_SCENARIO.replace("loop.yaml", "secret.txt"), "secret.txt": "SEKRIT: 1\n"},
         command=["check", "{main}"], problem=r"^(?!.*SEKRIT).*no ruleset named 'secret.txt'"),
]


def limit_memory() -> None:
    """In the child, before exec: at most MEMORY_LIMIT bytes of address space."""
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def run_cli(args: list) -> tuple:
    """(exit status, stdout, stderr, CPU seconds) of the real command line in a child process."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    start = child_seconds()
    try:
        done = subprocess.run([sys.executable, "-m", "interpreter.cli.main", *args], cwd=REPO, env=env,
                              capture_output=True, text=True, errors="replace",
                              timeout=HANG_TIMEOUT, preexec_fn=limit_memory)
    except subprocess.TimeoutExpired:
        done = None  # killed; fail outside the handler, without the chained exception
    if done is None:
        pytest.fail(f"hangs: `{' '.join(args)}` was still running after {HANG_TIMEOUT} s",
                    pytrace=False)
    return done.returncode, done.stdout, done.stderr, child_seconds() - start


def line_of(text: str, marker: str) -> int:
    """The 1-based line of `text` where `marker` first appears."""
    for number, line in enumerate(text.splitlines(), 1):
        if marker in line:
            return number
    raise AssertionError(f"{marker!r} is not in the file")


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_hostile_file_is_refused_cleanly(case: Case, tmp_path: Path):
    for name, text in case.files.items():
        if isinstance(text, str):
            text = text.replace("@TMP@", str(tmp_path)).encode()
        (tmp_path / name).write_bytes(text)
    main = tmp_path / case.main
    args = [str(main) if part == "{main}" else part for part in case.command]

    code, out, err, seconds = run_cli(args)

    def check(ok: bool, why: str) -> None:
        if not ok:
            tail = lambda text: "\n".join(text.rstrip().splitlines()[-12:])  # noqa: E731
            pytest.fail(f"{why}\nexit {code} after {seconds:.2f} s\n--- stdout (end) ---\n"
                        f"{tail(out)}\n--- stderr (end) ---\n{tail(err)}", pytrace=False)

    check("Traceback" not in err and "Traceback" not in out, "crashed with a traceback")
    check(code in case.codes, f"exit status {code}, expected {' or '.join(map(str, case.codes))}")
    check(seconds < TIME_LIMIT, f"too slow: {seconds:.2f} s (limit {TIME_LIMIT} s)")
    if case.stdout_forbids is not None:
        check(case.stdout_forbids not in out.split(), f"{case.stdout_forbids!r} on stdout")

    named = case.named or case.main
    if code == 2:
        # One clear message, first on stderr; a caret picture may follow it.
        errors = [line for line in err.splitlines() if line.startswith("error:")]
        check(len(errors) == 1, f"{len(errors)} `error:` lines on stderr, expected 1")
        check(err.splitlines()[0] == errors[0], "stderr does not start with the error")
        message = errors[0]
    else:
        # `check` reports a failing scenario on stdout: FAIL line, then the step and why.
        check(re.search(rf"^FAIL\s+\S*{re.escape(case.main)}", out, re.M) is not None,
              "no FAIL line naming the scenario")
        message = next((line for line in out.splitlines() if re.match(r"\s+step \d+", line)), "")
    check(named in message, f"the message does not name {named}")
    check(re.search(case.problem, message, re.I | re.S) is not None,
          f"the message does not say {case.problem!r}")
    if case.line_marker is not None:
        line = line_of(case.files[named], case.line_marker)
        check(re.search(rf"{re.escape(named)}:{line}\b", message) is not None,
              f"the message does not give line {line} of {named}")


MULTIPLIED = [case for case in CASES if case.id.startswith(("pairs-", "copies-", "decks-"))]


@pytest.mark.parametrize("case", MULTIPLIED, ids=[c.id for c in MULTIPLIED])
def test_a_count_that_multiplies_cards_is_refused_in_well_under_a_second(case, tmp_path):
    path = tmp_path / "main.yaml"
    path.write_text(case.files["main.yaml"])
    start = time.process_time()
    with pytest.raises(HouserulesError, match="20,000"):
        load_ruleset(str(path))
    assert time.process_time() - start < 0.5


# docs/game-rules.md 1, blocked hands: a hand the rules never let end is over, not an error;
# the seat holding the fewest points wins it.
RUNAWAY_HANDS = {
    "infinite-extra-turns": ruleset("kinds:", "  number:",
                                    '    on_play: "draw(player, 1)\\nextra_turn(player)"',
                                    *SMALL_DECK),
    "nobody-can-play-stock-runs-dry": ruleset('playable: "false"'),
}


@pytest.mark.parametrize("name", sorted(RUNAWAY_HANDS))
def test_a_hand_that_can_never_end_ends_blocked(name, tmp_path):
    path = tmp_path / "main.yaml"
    path.write_text(RUNAWAY_HANDS[name])
    code, out, err, seconds = run_cli([*SIMULATE[:1], str(path), *SIMULATE[2:], "--option",
                                       "hands=1", "--json"])
    assert code == 0 and "Traceback" not in err, err
    assert json.loads(out)["games"] == 2
    assert seconds < TIME_LIMIT



# Not the rules' fault, so not an error: the turns use up the game's budget of work, the hand
# ends blocked and the match with it (budget.WORK_PER_GAME, docs/game-rules.md 1).
HEAVY_TURNS = {
    "huge-hands-make-each-turn-heavy": ruleset(
        "hand_size: 500", "players: {min: 2, max: 2, default: 2}", "deck:",
        "  - {kind: number, colors: all, ranks: [1,2,3,4,5,6,7,8,9], copies: 30}"),
    "an-untabled-playable-rule-over-a-wide-deck": ruleset(
        "colors: [" + ", ".join(f"c{i}" for i in range(20)) + "]", "kinds:",
        "  number: {ranks: [" + ", ".join(map(str, range(1000))) + "]}", "deck:",
        "  - {kind: number, colors: all, copies: 1}",
        "playable: card.color == color or card.rank == top.rank or stock_size < 0"),
}


@pytest.mark.parametrize("name", sorted(HEAVY_TURNS))
def test_heavy_turns_end_the_match_in_time(name, tmp_path):
    path = tmp_path / "main.yaml"
    path.write_text(HEAVY_TURNS[name])
    code, out, err, seconds = run_cli(["simulate", str(path), "--games", "1", "--jobs", "1",
                                       "--json"])
    assert code == 0 and "Traceback" not in err, err
    assert json.loads(out)["blocked_hands"] >= 1
    assert seconds < TIME_LIMIT


# Every primitive's work is charged to the game's budget (budget.WORK_PER_GAME), as a
# comprehension's is: a rule that touches every card every turn ends the match in time, with
# the work-budget error or, when its turns leave too little of the budget, a hand blocked.
# Deals of 20,000 cards, the most a deck may hold: 100 seats holding 100 cards each, a stock
# of 10,000 they draw from as nobody can play (a rule over every hand meets 10,000 to 20,000
# cards, while each turn's own hand is small); two seats (a rule draws and moves every card);
# 100 seats of two-sided cards.
WIDE = ["players: {min: 100, max: 100, default: 100}", "hand_size: 100", 'playable: "false"',
        "deck:", "  - {kind: number, colors: all, ranks: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], "
                 "copies: 500}"]
TWO = ["players: {min: 2, max: 2, default: 2}", "hand_size: 7", "deck:",
       "  - {kind: number, colors: all, ranks: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], copies: 500}"]
FLIP = ["pairs: null", "players: {min: 100, max: 100, default: 100}", "hand_size: 45",
        'playable: "false"', "deck:"] + [
    f"  - {{kind: number, side: {side}, colors: all, ranks: [1, 2, 3, 4, 5, 6, 7, 8, 9], "
    "copies: 250}" for side in ("light", "dark")]
# What a rule does to the cards left in a hand: puts those not of rank 0 back, keeping the hand.
BACK = "(next, select(c in hand(next) if c.rank > 0))"


def every_turn(table: list, do: str, condition: str = "", base: str = "classic",
               extra: tuple = ()) -> str:
    """A ruleset whose rule does `do` (when `condition` holds) as every turn starts."""
    rule = ["rules:", "  hostile:", "    when: turn_started",
            *([f"    if: {condition}"] if condition else []), "    do: |",
            *(f"      {line}" for line in do.split("\n"))]
    return "\n".join([f"extends: {base}", "name: hostile", *table, *extra, *rule]) + "\n"


HOSTILE_WORK = {
    "hands-of-everyone": every_turn(WIDE, "lose_turn(next)", "size(hands(everyone)) > 0"),
    "colours-in-every-hand": every_turn(WIDE, "lose_turn(next)",
                                        "size(colors_in(hands(everyone))) > 9"),
    "a-card-in-every-hand": every_turn(WIDE, "lose_turn(next)", "top in hands(everyone)"),
    "every-hand-compared": every_turn(WIDE, "lose_turn(next)",
                                      "hands(everyone) == hands(everyone)"),
    "seats-every-way": every_turn(WIDE, "lose_turn(next)",
                                  "lowest_scorer(seats_in()) == score(partner(player)) or "
                                  "size(others) > 0", extra=("teams: {size: 2}",)),
    "hands-swapped-and-passed": every_turn(WIDE, "swap_hands(player, next)\npass_hands()\n"
                                                 "lose_turn(everyone)"),
    "every-card-turned-over": every_turn(FLIP, "switch_sides()", base="uno_flip"),
    "draws-given-back": every_turn(TWO, "draw(player, 1000000000)\n"
                                        "give_cards(player, next, hand(player))"),
    "draws-put-under-the-stock": every_turn(TWO, f"draw(next, 1000000000)\n"
                                                 f"cards_under_stock{BACK}"),
    "draws-discarded": every_turn(TWO, f"draw(next, 1000000000)\ndiscard_cards{BACK}"),
    "penalties-put-under-the-discard": every_turn(TWO, "add_penalty(1000000000)\n"
                                                       f"take_penalty(next)\n"
                                                       f"cards_under_discard{BACK}"),
    "owed-draws": every_turn(TWO, f"owe_draw(next, 1000000000)\ncards_under_stock{BACK}"),
    "draws-until-a-colour": every_turn(TWO, 'draw_until_color(next, "red")\n'
                                            f"cards_under_stock{BACK}"),
    "every-card-played": every_turn(TWO, "draw(player, 1000000000)\n"
                                         "play_cards(player, hand(player))"),
    "every-card-a-choice": every_turn(TWO, "draw(player, 1000000000)\n"
                                           "let x = choose_cards(player, hand(player), 0, "
                                           "1000000)"),
    "a-billion-seats-on": every_turn(WIDE, "eliminate(next)\n"
                                           "let s = seat_after(player, 1000000000)"),
    # Conditions that read the game (a card's alone are judged at load, and refused).
    "the-first-card-always-returned": every_turn(
        TWO, "lose_turn(next)", extra=('first_card: {return_if: "players > 0"}',)),
    "the-hand-always-dealt-again": every_turn(
        TWO, "lose_turn(next)", extra=('first_card: {redeal_if: "players > 0"}',)),
}


@pytest.mark.parametrize("name", sorted(HOSTILE_WORK))
def test_a_rule_that_works_through_every_card_every_turn_ends_in_time(name, tmp_path):
    path = tmp_path / "main.yaml"
    path.write_text(HOSTILE_WORK[name])
    code, out, err, seconds = run_cli(["simulate", str(path), "--games", "1", "--jobs", "1"])
    assert "Traceback" not in out + err and seconds < WHOLE_BUDGET_LIMIT, (seconds, err)
    assert code in (0, 2), err
    if code == 2:
        assert err.startswith("error: ") and len(err.splitlines()) <= 3, err
        assert "more work than one game may: over 2,000,000 steps" in err, err


@pytest.mark.parametrize("joiner", [" and ", " or "])
def test_long_boolean_chains_compile_in_linear_time(joiner, tmp_path):
    chain = joiner.join(["turn == 1"] * 150)  # within the limits on text length and nesting
    path = tmp_path / "main.yaml"
    path.write_text(ruleset(f"playable: {chain}", "kinds:", "  skip:",
                            f'    on_play: "if {chain} then lose_turn(next) end"'))
    code, out, err, seconds = run_cli(["validate", str(path)])
    assert code == 0 and "Traceback" not in err, err
    assert seconds < TIME_LIMIT


@pytest.mark.parametrize("text, problem", [
    ("extends: classic\nname: a\nname: b\n", r"dup.yaml:3:1: the key 'name' is given twice, on line 2"),
    ("extends: '../../../../../../../../../../../@TMP@/secret'\nname: x\n", r"is not allowed"),
])
def test_duplicate_keys_and_climbing_bundled_names_are_refused(text, problem, tmp_path):
    (tmp_path / "secret.yaml").write_text("secret: do not show\n")
    path = tmp_path / "dup.yaml"
    path.write_text(text.replace("@TMP@", str(tmp_path).lstrip("/")))
    code, out, err, seconds = run_cli(["validate", str(path)])
    assert code == 2 and re.search(problem, err), err
    assert "do not show" not in out + err


@pytest.mark.parametrize("target", ["/dev/zero", "fifo"])
def test_devices_and_fifos_are_not_read(target, tmp_path):
    if target == "fifo":
        target = str(tmp_path / "fifo.yaml")
        os.mkfifo(target)
    code, out, err, seconds = run_cli(["validate", target])
    assert code == 2 and "not a regular file" in err and seconds < TIME_LIMIT



# --- values the README and schema bound are checked however they are written -----------------

@pytest.mark.parametrize("lines, problem", [
    (["deck:", "  - {kind: number, colors: all, ranks: [1], copies: 2.0}"], r"2.0 is not of type 'integer'"),
    (["kinds:", "  skip: {points: 100000000000000000000000000}"], r"greater than the maximum"),
    (["uno: {penalty: '0 - 5'}"], r"uno.penalty: expected a whole number from 0"),
    (["turn: {max_draws: '0-3'}"], r"turn.max_draws: expected a whole number from 0"),
    (["attributes:", "  color: {default: 1}"], r"'color' is a card's own attribute"),
    (["attributes:", "  item: {by_color: {purple: 1}}"], r"unknown colour 'purple'"),
    (["limits: {turns_per_hand: 10000000}"], r"limits.turns_per_hand: 10000000 is greater than the maximum of 100000"),
    (["limits: {hands_per_match: 1000000}"], r"limits.hands_per_match: 1000000 is greater than the maximum of 1000"),
])
def test_bounded_values_are_refused_at_load(lines, problem, tmp_path):
    path = tmp_path / "main.yaml"
    path.write_text(ruleset(*lines))
    code, out, err, seconds = run_cli(["validate", str(path)])
    assert code == 2 and "Traceback" not in err and re.search(problem, err), err


def test_a_sum_past_a_billion_stops_with_a_clear_error(tmp_path):
    path = tmp_path / "main.yaml"
    path.write_text(ruleset("kinds:", "  skip: {points: 1000000000}", "scoring:",
                            "  winner_scores: sum(c.points for c in hands(everyone))"))
    code, out, err, seconds = run_cli([*SIMULATE[:1], str(path), *SIMULATE[2:], "--option",
                                       "hands=1", "--seed", "3"])
    assert "Traceback" not in err
    assert code == 0 or (code == 2 and "grew past" in err), err


@pytest.mark.parametrize("args, problem", [
    (["validate", "classic+" + "a" * 300], r"no ruleset named 'a+\.\.\.'"),
    (["check", "@TMP@"], r"no scenario files"),
    (["play", "classic", "--bots", "\x1b[31m"], r"^error: houserules play: argument --bots: .*\\x1b"),
    (["simulate", "classic", "--seed", "9" * 31], r"^error: .*at most 30 digits"),
    (["nope"], r"^error: houserules: argument COMMAND"),
    (["simulate", "classic", "--games", "2", "--option", "hands=1", "--players", "2",
      "--bots", "random", "--seed", "1"], None),
])
def test_odd_command_lines_end_cleanly(args, problem, tmp_path):
    code, out, err, seconds = run_cli([a.replace("@TMP@", str(tmp_path)) for a in args])
    assert "Traceback" not in err
    if problem:
        assert code == 2 and re.search(problem, err) and len(err.splitlines()) == 1, err


def test_comprehensions_nest_at_most_two_deep(tmp_path):
    path = tmp_path / "main.yaml"
    path.write_text(ruleset("playable: count(c in hands(everyone) if count(d in hands(everyone) "
                            "if count(e in hands(everyone) if e.rank == d.rank and d.rank == "
                            "c.rank) > 2) > 0) > 0 or card.color == none"))
    code, out, err, seconds = run_cli(["validate", str(path)])
    assert code == 2 and "nest at most 2 deep" in err and f"{path.name}:3:" in err, err


def test_a_game_that_goes_through_too_many_cards_stops_within_seconds(tmp_path):
    path = tmp_path / "main.yaml"
    path.write_text(ruleset(
        "hand_size: 120", "players: {min: 10, max: 10, default: 10}",
        "deck:", "  - {kind: number, colors: all, ranks: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], copies: 40}",
        "playable: card.rank == top.rank or count(c in hands(everyone) if "
        "count(d in hands(everyone) if d.rank == c.rank and d.color == c.color) > 50) > 0"))
    code, out, err, seconds = run_cli([*SIMULATE[:1], str(path), *SIMULATE[2:], "--option", "hands=1"])
    assert code == 2 and "more work than one game may: over 2,000,000 steps" in err, err
    assert seconds < WHOLE_BUDGET_LIMIT and "Traceback" not in err


def test_extends_chains_read_a_bounded_number_of_files(tmp_path):
    for name, parent in (("a", "b.yaml"), ("b", "c.yaml"), ("c", "classic")):
        (tmp_path / f"{name}.yaml").write_text(f"name: {name}\nextends: [{', '.join([parent] * 16)}]\n")
    code, out, err, seconds = run_cli(["validate", str(tmp_path / "a.yaml")])
    assert code == 2 and "reads more than 32 ruleset files" in err and seconds < TIME_LIMIT, err
    (tmp_path / "d.yaml").write_text(f"name: d\nextends: [{', '.join(['classic'] * 17)}]\n")
    code, out, err, seconds = run_cli(["validate", str(tmp_path / "d.yaml")])
    assert code == 2 and "d.yaml:2:10" in err and "at most 16" in err, err


def test_extends_may_not_follow_a_symlink_out_of_the_folder(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.yaml").write_text("name: secret\ndescription: do not show\n")
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "link.yaml").symlink_to(outside / "secret.yaml")
    (mine / "main.yaml").write_text("extends: [classic, link.yaml]\nname: mine\n")
    code, out, err, seconds = run_cli(["validate", str(mine / "main.yaml")])
    assert code == 2 and "leaves the folder" in err and "main.yaml:1:20" in err, err
    assert "do not show" not in out + err


@pytest.mark.parametrize("effect, problem", [
    # true is no number: the type checker refuses it at load
    ("draw(next, true)", "draw's second argument is a number of cards, not true or false"),
    ("add_penalty(true)", "add_penalty's argument is a number of cards, not true or false"),
    ("set_direction(true)", "set_direction's argument is a direction (1 or -1), not true or false"),
    # well typed, but a bad number: refused in play
    ("draw(next, 0 - 2)", "this rule failed while playing"),
    ("add_penalty(0 - 1)", "this rule failed while playing"),
    ("set_direction(direction * 2)", "this rule failed while playing"),
])
def test_both_builds_refuse_the_same_bad_values(effect, problem, tmp_path):
    path = tmp_path / "main.yaml"
    path.write_text(ruleset("kinds:", "  number:", f"    on_play: '{effect}'"))
    code, out, err, seconds = run_cli([*SIMULATE[:1], str(path), *SIMULATE[2:], "--option", "hands=1"])
    assert code == 2 and problem in err and "Traceback" not in err, err


def test_rules_path_lets_extends_reach_a_folder_the_user_names(tmp_path):
    (tmp_path / "base").mkdir()
    (tmp_path / "rules").mkdir()
    (tmp_path / "base" / "parent.yaml").write_text("extends: classic\ntitle: Parent\n")
    child = tmp_path / "rules" / "child.yaml"
    child.write_text("extends: ../base/parent.yaml\nname: child\n")
    code, out, err, seconds = run_cli(["validate", str(child)])
    assert code == 2 and "child.yaml:1:10" in err and "--rules-path" in err, err
    code, out, err, seconds = run_cli(["--rules-path", str(tmp_path / "base"), "simulate",
                                       str(child), "--games", "2", "--jobs", "2", "--option",
                                       "hands=1"])
    assert code == 0, err


def test_a_ruleset_path_that_is_a_symlink_loop_is_refused(tmp_path):
    (tmp_path / "a.yaml").symlink_to(tmp_path / "b.yaml")
    (tmp_path / "b.yaml").symlink_to(tmp_path / "a.yaml")
    code, out, err, seconds = run_cli(["validate", str(tmp_path / "a.yaml")])
    assert code == 2 and "loop" in err and "Traceback" not in err, err


@pytest.mark.parametrize("newline", ["\r", "\r\n", "\u0085", "\u2028"])
def test_every_yaml_line_break_reads_the_effect_the_game_plays(newline, tmp_path):
    path = tmp_path / "main.yaml"
    path.write_text(newline.join(["extends: classic", "name: x", "kinds:", "  skip:",
                                  "    on_play: |", "      explode(next)", ""]), encoding="utf-8")
    code, out, err, seconds = run_cli(["validate", str(path)])
    assert code == 2 and "unknown function explode()" in err and "main.yaml:6:7" in err, err


def test_a_ruleset_file_whose_name_holds_a_plus_is_one_ruleset(tmp_path):
    path = tmp_path / "my+rules.yaml"
    path.write_text("extends: classic\nname: mine\n")
    code, out, err, seconds = run_cli(["simulate", str(path), "--games", "2", "--option", "hands=1"])
    assert code == 0, err


def test_a_long_bad_value_is_told_by_its_size_and_a_big_file_parses_fast(tmp_path):
    path = tmp_path / "main.yaml"
    path.write_text("extends: classic\nname: x\ndescription: [" + ",".join(["1"] * 30000) + "]\n")
    code, out, err, seconds = run_cli(["validate", str(path)])
    assert code == 2 and "a list of 30,000 items is not of type 'string'" in err, err
    assert len(err) < 400 and seconds < TIME_LIMIT


def test_a_wide_tabled_deck_keeps_the_shared_table_list_bounded(tmp_path):
    """20 colours x 1,000 ranks, the playable rule tabled: keys past FLAT_SLOTS go by
    dictionary, so neither the ruleset's list of tables nor a game's flags grow with them."""
    from interpreter import GameState, load_ruleset
    from interpreter.engine.playable import FLAT_SLOTS
    from interpreter.playing.match import play_match
    from interpreter.playing.seating import make_agents
    path = tmp_path / "main.yaml"
    path.write_text(ruleset(
        "colors: [" + ", ".join(f"c{i}" for i in range(20)) + "]", "kinds:",
        "  number: {ranks: [" + ", ".join(map(str, range(1000))) + "]}", "deck:",
        "  - {kind: number, colors: all, copies: 1}"))
    rules = load_ruleset(str(path), {"hands": 1})
    assert rules.playable_tables is not None  # the default playable rule is tabled
    game = play_match(GameState(rules, 2, 1), make_agents("eager", 2, 1))
    assert game.over
    assert len(rules.playable_tables.flat) <= FLAT_SLOTS
    assert len(game.seen_tables) <= FLAT_SLOTS
