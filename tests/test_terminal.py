"""`houserules play` and `resume` driven through a real pseudo-terminal, as a person would.

Each test spawns the real command (`python -m interpreter.cli ...`) under pexpect and answers
its prompts. A small `Player` answers every prompt the plain way (the first playable card,
else draw; yes to playing a drawn card; the first colour; the first player listed; always
challenge; always catch), so a test only takes over at the prompt it is about.

The seeds below were found by trying seeds while these tests were written; they pin games
whose deal and bot play reach the situation a test needs (a playable wild at once, a bot's
wild draw four on the person). Same seed, same game: if the shuffle or the bots change,
these seeds may need finding again (the assertions name what the seed was meant to reach).
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT = 20

# Every prompt the terminal game shows, as (kind, pattern). A prompt is the last thing
# written before the game waits for a line, so each pattern is anchored at the end ($).
PROMPTS = [
    ("move", r"Your move \(number to play, d to draw, h for help\): $"),
    ("drawn", r"You drew ([^\r\n]*)\. Play it\? \[y/n, y uno to call UNO\]: $"),
    ("colour", r"Name a colour: ([^\r\n]*): $"),
    ("target", r"Choose a player: ([^\r\n]*): $"),
    ("challenge", r"([^\r\n]*) played a wild draw four\. Challenge it\? \[y/n\]: $"),
    ("catch", r"([^\r\n]*) has one card left\. Type c to catch, or press Enter to go on: $"),
    ("next_hand", r"Press Enter for the next hand: $"),
    ("yes_no", r"[^\r\n]*\? \[y/n\]: $"),  # any other yes/no question a ruleset asks
    ("over", r"The match is over: [^\r\n]*\r?\n"),
]
KINDS = [kind for kind, _ in PROMPTS]


def spawn(*args: str):
    """The real `houserules ARGS` in a pseudo-terminal."""
    env = dict(os.environ, NO_COLOR="1", PYTHONPATH=str(ROOT))
    env.pop("PYTHONHASHSEED", None)
    return pexpect.spawn(sys.executable, ["-m", "interpreter.cli", *args], cwd=str(ROOT),
                         env=env, encoding="utf-8", timeout=TIMEOUT, dimensions=(50, 250))


def hand_items(line: str) -> list[tuple[str, str, bool]]:
    """`1) red 7*  2) blue 3` -> [("1", "red 7", True), ("2", "blue 3", False)]."""
    items = []
    for item in re.split(r"\s{2,}", line.strip()):
        number, _, name = item.partition(") ")
        items.append((number, name.rstrip("*"), name.endswith("*")))
    return items


class Player:
    """Reads the game's screens and answers its prompts; `transcript` is everything seen."""

    def __init__(self, child):
        self.child = child
        self.transcript = ""
        self.hand_line = None   # the latest "Your hand:" line, as shown
        self.match = None       # the regex match of the latest prompt
        self.text = ""          # what was written since the previous prompt, prompt included

    def fail(self, why: str):
        tail = self.transcript[-3000:]
        raise AssertionError(f"{why}\n--- the last screens ---\n{tail}")

    def wait(self) -> str:
        """The kind of the next prompt (or "over" at the end of the match)."""
        try:
            index = self.child.expect([pattern for _, pattern in PROMPTS])
        except pexpect.EOF:
            self.transcript += self.child.before
            self.fail("the game ended without saying the match is over")
        except pexpect.TIMEOUT:
            self.transcript += self.child.before
            self.fail("no prompt came: the game is stuck or asks something unknown")
        self.text = self.child.before + self.child.after
        self.transcript += self.text
        self.match = self.child.match
        hands = re.findall(r"Your hand: ([^\r\n]*)", self.child.before)
        if hands:
            self.hand_line = hands[-1]
        if "Traceback" in self.text:
            self.fail("a traceback was printed")
        return KINDS[index]

    def send(self, line: str) -> None:
        self.child.sendline(line)

    def playable(self) -> list[tuple[str, str]]:
        return [(n, name) for n, name, ok in hand_items(self.hand_line) if ok]

    def answer(self, kind: str) -> None:
        """The plain answer to a prompt."""
        if kind == "move":
            playable = self.playable()
            self.send(playable[0][0] if playable else "d")
        elif kind == "colour":
            self.send("1")
        elif kind == "target":
            self.send(re.search(r"(\d+)\) ", self.match.group(1)).group(1))
        elif kind in ("drawn", "challenge", "yes_no"):
            self.send("y")
        elif kind == "catch":
            self.send("c")
        elif kind == "next_hand":
            self.send("")
        else:
            raise AssertionError(f"no plain answer to {kind}")

    def play_until(self, *kinds: str) -> str:
        """Answer prompts the plain way until one of `kinds` (or the match's end) comes."""
        while True:
            kind = self.wait()
            if kind in kinds or kind == "over":
                return kind
            self.answer(kind)

    def finish(self) -> int:
        """Play to the end of the match; the exit status."""
        if self.play_until("over") != "over":
            self.fail("the match did not end")
        self.child.expect(pexpect.EOF)
        self.transcript += self.child.before
        self.child.close()
        assert "Traceback" not in self.transcript, self.transcript[-3000:]
        return self.child.exitstatus


@pytest.fixture
def game():
    """start(*args) -> a Player at a new `houserules` process; every process is closed after."""
    children = []

    def start(*args: str) -> Player:
        child = spawn(*args)
        children.append(child)
        return Player(child)

    yield start
    for child in children:
        if child.isalive():
            child.terminate(force=True)
        child.close(force=True)


def play_args(ruleset: str, seed: int, players: int = 2, *options: str) -> list[str]:
    args = ["play", ruleset, "--players", str(players), "--seed", str(seed),
            "--option", "hands=1"]
    for option in options:
        args += ["--option", option]
    return args


def quit_at_prompt(player: Player) -> str:
    """Type q and return what the game says before it exits (status 0)."""
    player.send("q")
    player.child.expect(pexpect.EOF)
    said = player.child.before
    player.child.close()
    assert player.child.exitstatus == 0, said
    assert "Traceback" not in said, said
    return said
