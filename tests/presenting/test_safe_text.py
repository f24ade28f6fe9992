"""Text from files is printed safely: control sequences in a ruleset, scenario, save or log are
shown as escapes (`\\x1b`, `\\u202e`), never sent raw to the terminal.

The command-line cases run the real `python -m interpreter.cli.main ...` in a child process (and
`play` under a pseudo-terminal, as in test_terminal.py) on a ruleset whose every free text
holds every kind of sequence, and check stdout and stderr: no raw control character, and the
escaped form where that text is shown.
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from interpreter.building.ruleset import load_ruleset
from interpreter.cli import main as cli
from interpreter.errors import DslError, HouserulesError, IllegalMove, RulesetError
from interpreter.loading.source import bundled_dir
from interpreter.playing.gamelog import LOG_FORMAT
from interpreter.playing.session import SAVE_FORMAT
from interpreter.presenting.narrate import Narrator, card_text, effect_text
from interpreter.safe_text import shown, shown_picture, width
from interpreter.terminal.game import TerminalGame

from checkout import ROOT

# (what it is, the raw text, how it must be shown). None of these is whitespace to Python's
# str.split, so a ruleset's description (whose runs of whitespace become one space) keeps them.
SEQUENCES = [
    ("CSI colour", "\x1b[31m", r"\x1b[31m"),
    ("CSI reset", "\x1b[0m", r"\x1b[0m"),
    ("clear screen", "\x1b[2J", r"\x1b[2J"),
    ("cursor home", "\x1b[H", r"\x1b[H"),
    ("OSC title, BEL-ended", "\x1b]0;pwned\x07", r"\x1b]0;pwned\x07"),
    ("OSC title, ST-ended", "\x1b]2;pwned\x1b\\", "\\x1b]2;pwned\\x1b\\"),
    ("bell", "\x07", r"\x07"),
    ("backspace", "\x08", r"\x08"),
    ("NUL", "\x00", r"\x00"),
    ("DEL", "\x7f", r"\x7f"),
    ("C1 CSI", "\x9b31m", r"\x9b31m"),
    ("C1 OSC", "\x9d0;pwned\x9c", r"\x9d0;pwned\x9c"),
    ("right-to-left override", "\u202e", r"\u202e"),
    ("left-to-right override", "\u202d", r"\u202d"),
    ("right-to-left embedding", "\u202b", r"\u202b"),
    ("pop directional formatting", "\u202c", r"\u202c"),
    ("left-to-right isolate", "\u2066", r"\u2066"),
    ("right-to-left isolate", "\u2067", r"\u2067"),
    ("first strong isolate", "\u2068", r"\u2068"),
    ("pop directional isolate", "\u2069", r"\u2069"),
    ("right-to-left mark", "\u200f", r"\u200f"),
    ("zero-width space", "\u200b", r"\u200b"),
    ("byte order mark", "\ufeff", r"\ufeff"),
]
# Every sequence at once, between bars: the text put in every free-text place of a ruleset.
MARK = "|".join(raw for _, raw, _ in SEQUENCES)
MARK_SHOWN = "|".join(escaped for _, _, escaped in SEQUENCES)

# A character a terminal would obey rather than show (newline and tab aside).
RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200b\u200e\u200f\u202a-\u202e"
                 "\u2060\u2066-\u2069\ufeff\u2028\u2029]")


def assert_no_raw(text: str, allowed: str = "") -> None:
    found = sorted({c for c in RAW.findall(text) if c not in allowed})
    assert not found, f"raw control characters {found!r} in:\n{text!r}"


def q(text: str) -> str:
    """A YAML double-quoted scalar (JSON's escapes are YAML's)."""
    return json.dumps(text)


# --- the function ----------------------------------------------------------------------------

@pytest.mark.parametrize("raw, escaped", [(r, e) for _, r, e in SEQUENCES],
                         ids=[name for name, _, _ in SEQUENCES])
def test_each_sequence_is_shown_escaped(raw, escaped):
    for one_line in (False, True):
        assert shown(f"a{raw}b", one_line=one_line) == f"a{escaped}b"
        assert_no_raw(shown(raw, one_line=one_line))


@pytest.mark.parametrize("text", [
    "Classic UNO", "Café crème, naïve", "Ærø", "日本語のルール", "한국어", "Ελληνικά", "עברית",
    "emoji 🎴🃏 👍🏽 👨‍👩‍👧", "flags 🇫🇷", "a\\x1b is a backslash, not an escape", "~!@#$%^&*()",
])
def test_printable_unicode_is_kept_as_it_is(text):
    assert shown(text) == text
    assert shown(text, one_line=True) == text


def test_prose_keeps_newlines_and_tabs_a_line_escapes_them():
    text = "one\n\ttwo\n"
    assert shown(text) == text
    assert shown(text, one_line=True) == r"one\n\ttwo\n"
    assert shown("a\rb") == shown("a\rb", one_line=True) == r"a\rb"  # a CR overwrites: never kept


@pytest.mark.parametrize("raw, escaped", [
    ("\x85", r"\x85"), ("\u2028", r"\u2028"), ("\u2029", r"\u2029"), ("\u2060", r"\u2060"),
    ("\u061c", r"\u061c"), ("\u200e", r"\u200e"), ("\ud800", r"\ud800"), ("\x1f", r"\x1f"),
])
def test_other_invisible_or_unprintable_characters_are_escaped(raw, escaped):
    assert shown(raw) == escaped
    shown(raw).encode("utf-8")  # a lone surrogate raw would stop print() with an error


def test_shown_twice_is_shown_once_and_non_text_is_made_text():
    once = shown(MARK + "\n\t")
    assert shown(once) == once
    assert shown(shown(MARK, one_line=True), one_line=True) == MARK_SHOWN
    assert shown(12) == "12" and shown(None) == "None"


# --- errors ----------------------------------------------------------------------------------

def test_an_error_escapes_its_message_place_and_detail_once():
    err = RulesetError(f"'{MARK}' is not a colour", file=f"evil{MARK}.yaml", line=3,
                       column=4, path=f"$.colors.{MARK}", detail=f"  {MARK}")
    text = str(err)
    assert_no_raw(text)
    assert text == (f"evil{MARK_SHOWN}.yaml:3:4: $.colors.{MARK_SHOWN}: '{MARK_SHOWN}' is not "
                    f"a colour\n  {MARK_SHOWN}")
    assert err.message == f"'{MARK}' is not a colour"  # the data itself is left as it was
    assert str(IllegalMove(f"no {MARK} here")) == f"no {MARK_SHOWN} here"
    assert str(HouserulesError("multi\nline\tmessage")) == "multi\nline\tmessage"


def caret_column(picture: str) -> tuple[str, int]:
    """(the quoted line, the terminal column of the caret under it) of a two-line picture."""
    text, caret = picture.split("\n")
    column = 0
    for char in caret[:caret.index("^")]:
        column = (column // 8 + 1) * 8 if char == "\t" else column + 1
    return text, column


def columns(text: str) -> int:
    """The terminal column after `text`, tabs every 8."""
    column = 0
    for char in text:
        column = (column // 8 + 1) * 8 if char == "\t" else column + width(char)
    return column


@pytest.mark.parametrize("before", [
    "x\x1b[31m", "x\u202e\u2066", "中文", "é\u0301", "\t", "a\tb\x07\t", "🎴",
], ids=["escape", "bidi", "wide", "combining", "tab", "tab-and-bell", "emoji"])
def test_a_caret_still_points_at_its_character_after_escapes(before):
    line = f"let x = '{before}' + bogus(1)"
    picture = shown_picture(f"    {line}\n    {' ' * line.index('bogus')}^")
    text, column = caret_column(picture)
    assert_no_raw(text, allowed="\t")
    assert columns(text[:text.index("bogus")]) == column, picture


def test_the_caret_of_a_real_dsl_error_lines_up(tmp_path):
    path = tmp_path / "dsl.yaml"
    effect = "let x = 'x\x1b[31m\u202e中\ty' + bogus(1)"
    path.write_text(f"extends: classic\nname: dsl\nkinds:\n  skip:\n    on_play: {q(effect)}\n")
    with pytest.raises(DslError) as caught:
        load_ruleset(str(path))
    message, picture = str(caught.value).split("\n", 1)
    assert "unknown function bogus()" in message
    text, column = caret_column(picture)
    assert r"'x\x1b[31m\u202e中" in text
    assert_no_raw(picture, allowed="\t")
    assert columns(text[:text.index("bogus")]) == column, picture


# --- what the front ends print ---------------------------------------------------------------

def test_narrated_names_are_escaped():
    assert card_text(f"red_{MARK}") == f"red {MARK_SHOWN}"
    assert effect_text("big_bang\x1b[2J\u202e") == r"Big Bang\x1b[2J\u202e"
    assert card_text("red\n7") == r"red\n7"  # a name stays on its line
    told = Narrator(["You", "Bot 1"], viewer=0).sentences([
        ("effect", {"name": f"boom{MARK}", "seat": 0}),
        ("color", {"color": f"red{MARK}"}),
        ("play", {"seat": 1, "card": f"blue {MARK}"}),
        ("decided", {"kind": f"dare{MARK}", "seat": 1, "answer": "yes"}),
        ("decided", {"kind": f"pick{MARK}", "seat": 1, "answer": f"it{MARK}"}),
    ])
    assert len(told) == 5
    assert told[0] == effect_text(f"boom{MARK}") + "!"  # a title: `[0m` becomes `[0M`
    for sentence in told:
        assert_no_raw(sentence)
    for sentence in told[1:]:
        assert MARK_SHOWN in sentence


def test_the_terminal_keeps_its_own_colours_and_escapes_the_rulesets():
    painter = SimpleNamespace(color=True)
    assert TerminalGame.paint(painter, f"red{MARK}", "red") == f"\x1b[31mred{MARK_SHOWN}\x1b[0m"
    assert TerminalGame.paint(SimpleNamespace(color=False), f"red{MARK}", "red") \
        == f"red{MARK_SHOWN}"


def hostile_ruleset(folder: Path) -> Path:
    """A ruleset whose every free text holds MARK, each after a label naming the place."""
    text = f"""\
extends: classic
name: hostile
title: {q("title:" + MARK)}
description: {q("description:" + MARK)}
options:
  evil:
    type: boolean
    default: false
    help: {q("help:" + MARK)}
attributes:
  tag:
    help: {q("attribute help:" + MARK)}
    default: {q("value:" + MARK)}
kinds:
  skip:
    text: {q("text:" + MARK)}
  number:
    on_play: {q("let d = ask(next, 'dare:" + MARK + "')")}
"""
    path = folder / "hostile.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def hostile_overlay(folder: Path) -> Path:
    path = folder / "hostile_overlay.yaml"
    path.write_text(f"overlay: true\nname: hostile_overlay\ntitle: x\n"
                    f"description: {q('overlay:' + MARK)}\noptions:\n  hands: {{default: 1}}\n")
    return path


def run_cli(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT), NO_COLOR="1")
    return subprocess.run([sys.executable, "-m", "interpreter.cli.main", *args], cwd=str(cwd),
                          env=env, capture_output=True, timeout=120, encoding="utf-8",
                          errors="surrogateescape")


# The labels each command shows: (command, extra arguments, labels that must appear escaped).
COMMANDS = [
    ("validate", [], ["title"]),
    ("explain", [], ["title", "description", "help", "attribute help", "value", "text", "dare"]),
    ("simulate", ["--games", "2", "--jobs", "1", "--option", "hands=1"], ["title"]),
]


@pytest.mark.parametrize("command, extra, labels", COMMANDS, ids=[c for c, _, _ in COMMANDS])
def test_a_command_shows_the_rulesets_texts_escaped(tmp_path, command, extra, labels):
    path = hostile_ruleset(tmp_path)
    result = run_cli(command, str(path), *extra)
    assert result.returncode == 0, result.stderr
    assert_no_raw(result.stdout)
    assert_no_raw(result.stderr)
    for label in labels:
        assert f"{label}:{MARK_SHOWN}" in result.stdout, (label, result.stdout)


def test_explain_underlines_the_escaped_title(tmp_path):
    text = cli_output(["explain", str(hostile_ruleset(tmp_path))])
    title, underline = text.split("\n")[:2]
    assert title == f"title:{MARK_SHOWN}" and underline == "=" * len(title)


def cli_output(argv) -> str:
    out = io.StringIO()
    assert cli.main(argv, out=out) == 0
    return out.getvalue()


def test_list_shows_the_rulesets_texts_escaped(tmp_path, monkeypatch):
    # `list` shows bundled rulesets only: make these two the bundled ones.
    hostile_ruleset(tmp_path)
    hostile_overlay(tmp_path)
    real_dir, real_load = bundled_dir, load_ruleset
    monkeypatch.setattr(cli, "bundled_rulesets", lambda: ["hostile", "hostile_overlay"])
    monkeypatch.setattr(cli, "bundled_dir",
                        lambda name: tmp_path if name == "rulesets" else real_dir(name))
    monkeypatch.setattr(cli, "load_ruleset", lambda name: real_load(str(tmp_path / f"{name}.yaml")))
    text = cli_output(["list"])
    assert_no_raw(text)
    for label in ("title", "description", "help", "overlay"):
        assert f"{label}:{MARK_SHOWN}" in text, (label, text)


# Names the schema refuses (it takes identifiers only): the refusal quotes them escaped.
REFUSED_NAMES = [
    ("colour", "name: bad\ncolors: [{name}, yellow, green, blue]"),
    ("kind", "name: bad\nkinds:\n  {name}: {{points: 1, on_play: lose_turn(next)}}"),
    ("effect", "name: bad\neffects:\n  {name}: draw(next, 1)"),
    ("option", "name: bad\noptions:\n  {name}: {{type: boolean, default: false}}"),
    ("attribute", "name: bad\nattributes:\n  {name}: {{default: 1}}"),
    ("ruleset name", "name: {name}"),
]


@pytest.mark.parametrize("lines", [lines for _, lines in REFUSED_NAMES],
                         ids=[place for place, _ in REFUSED_NAMES])
def test_a_refused_name_is_quoted_escaped(tmp_path, lines):
    path = tmp_path / "bad.yaml"
    body = lines.format(name=q("evil" + MARK))
    path.write_text(f"extends: classic\n{body}\n")
    result = run_cli("validate", str(path))
    assert result.returncode == 2, result.stdout + result.stderr
    assert result.stderr.startswith("error: ") and "Traceback" not in result.stderr
    assert_no_raw(result.stdout + result.stderr)
    assert "evil" in result.stderr and r"\x1b[31m" in result.stderr, result.stderr


def test_a_scenario_quoting_a_bad_colour_is_refused_escaped(tmp_path):
    path = tmp_path / "scenario.yaml"
    path.write_text(f"""\
name: {q("scenario:" + MARK)}
ruleset: classic
table:
  hands:
    - [wild, blue 1]
    - [green 1, green 2]
  discard: [red 5]
  stock: [yellow 1]
  turn: 0
  color: {q("red" + MARK)}
steps:
  - play: blue 1
""")
    result = run_cli("check", str(path))
    assert result.returncode == 2, result.stdout + result.stderr
    assert_no_raw(result.stdout + result.stderr)
    assert f"red{MARK_SHOWN}" in result.stderr, result.stderr


def test_a_passing_scenarios_name_is_shown_escaped(tmp_path):
    path = tmp_path / "scenario.yaml"
    path.write_text(f"""\
name: {q("scenario:" + MARK)}
ruleset: classic
table:
  hands:
    - [blue 2, blue 1]
    - [green 1, green 2]
  discard: [blue 5]
  stock: [yellow 1]
  turn: 0
steps:
  - play: blue 1
    expect: {{turn: 1}}
""")
    result = run_cli("check", str(path))
    assert result.returncode == 0, result.stdout + result.stderr
    assert_no_raw(result.stdout + result.stderr)
    assert f"scenario:{MARK_SHOWN}" in result.stdout, result.stdout


@pytest.mark.parametrize("command, name, text", [
    ("resume", "game.json", json.dumps({
        "format": SAVE_FORMAT, "ruleset": "evil" + MARK, "options": {}, "players": 2,
        "seat": 0, "bots": "heuristic", "seed": 1, "digest": "x", "answers": []})),
    ("replay", "game.jsonl", json.dumps({
        "format": LOG_FORMAT, "ruleset": "evil" + MARK, "options": {}, "players": 2,
        "seed": 1, "digest": "x"}) + "\n"),
], ids=["save", "log"])
def test_a_save_or_log_naming_a_hostile_ruleset_is_refused_escaped(tmp_path, command, name, text):
    path = tmp_path / name
    path.write_text(text)
    result = run_cli(command, str(path))
    assert result.returncode == 2, result.stdout + result.stderr
    assert_no_raw(result.stdout + result.stderr)
    assert "Traceback" not in result.stderr, result.stderr
    assert r"\x1b[31m" in result.stderr, result.stderr


def test_play_shows_the_rulesets_texts_escaped(tmp_path):
    pytest.importorskip("pexpect")
    from terminal_player import Player, plain, play_args, spawn

    path = hostile_ruleset(tmp_path)
    child = spawn(*play_args(str(path), 3))
    try:
        player = Player(child)
        player.play_until("yes_no")  # a bot played a number: the ruleset's question
        question = player.text
        assert player.finish() == 0
    finally:
        if child.isalive():
            child.terminate(force=True)
        child.close(force=True)
    assert_no_raw(player.transcript, allowed="\r")  # the pseudo-terminal ends lines with \r\n
    transcript = plain(player.transcript)  # its lines wrapped to the terminal's width, joined
    question = plain(question)
    assert transcript.startswith(plain(f"title:{MARK_SHOWN}: you are seat 0 of 2."))
    # The question is escaped, then its first letter capitalised; the prompt goes on to say
    # what it is about and ends with the answers it takes.
    asked = shown(f"Dare:{MARK}", one_line=True)
    assert asked.startswith(r"Dare:\x1b[31m|") and asked in question, question
    assert question.endswith("[y/n]:"), question
    assert plain(f"chose to dare:{MARK_SHOWN}.") in transcript
