"""A person at `houserules play` in a real pseudo-terminal (pexpect): spawn() starts the
command, a Player answers every prompt the plain way unless a test takes over
(tests/frontends/terminal/test_terminal.py, tests/presenting/test_safe_text.py)."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

from checkout import ROOT
from child_process import interruptible

pexpect = pytest.importorskip("pexpect")

TIMEOUT = 20


COLUMNS = 80  # the pty's width: every screen is laid out for it
ROWS = 50  # the pty's height (the 80x24 tests use 24: test_terminal_80x24.py)


def flex(pattern: str) -> str:
    """`pattern` with each literal space matching any run of spaces and line breaks: a
    prompt wrapped to the terminal's width still matches."""
    return pattern.replace(" ", r"\s+")


# Every prompt the terminal game shows, as (kind, pattern). A prompt is the last thing
# written before the game waits for a line, so each pattern is anchored at the end ($).
PROMPTS = [
    ("move", flex(r"Your move \((?:number to play), (d to draw|p to pass), h for help\): $")),
    ("drawn", flex(r"Play ([^\r\n?]*)\? \[y/n, y uno to call UNO\]: $")),
    ("colour", r"Name a colour: ([^\r\n]*): $"),
    ("target", flex(r"Choose a player(?: for ([^:\r\n]*))?: ([^\r\n]*): $")),
    # "Challenge Bot 1's wild draw four (the colour to follow was red)? The rule: ... [y/n]: "
    ("challenge", r"\bChallenge\s+((?:your|Bot\s+\d's)\s[^?]*)\?([^\[]*)\[y/n\]: $"),
    ("catch", flex(r"(Bot \d) has one card left and did not call UNO\. Catch them\? "
                   r"\(c: catch; Enter or n: let it go\): $")),
    ("jump", flex(r"Jump in with it\? \(j: jump in; Enter or n: let it go\): $")),
    ("uno", flex(r"Call UNO\? \[y/n\]: $")),
    ("pile", r"Which pile does [^?]* go on\?[\s\S]*?: $"),  # a game of rows
    ("quit", flex(r"Quit\? This game is not saved\. y: quit and lose it; s: save it to (\S+) "
                  r"and quit; n: keep playing \[y/s/n\]: $")),
    ("next_hand", r"Press Enter for the next hand: $"),
    ("card", flex(r"Choose a card[^\r\n]*?(?:\r?\n[^\r\n]*?)?\(its number or name(?:; done: "
                  r"no more)?\): $")),
    # any other yes/no question a ruleset asks (after the rule's text, when it has one)
    ("yes_no", r"[?.)]\s+\[y/n\]: $"),
    ("over", r"The match is over: [^\r\n]*\r?\n"),
    ("broken", r"error: a rule failed while the game ran: "),
]


KINDS = [kind for kind, _ in PROMPTS]


def spawn(*args: str, cwd=ROOT, rows: int = ROWS):
    """The real `houserules ARGS` in a pseudo-terminal of `rows` x COLUMNS, started in `cwd`."""
    env = dict(os.environ, NO_COLOR="1", PYTHONPATH=str(ROOT))
    env.pop("PYTHONHASHSEED", None)
    child = pexpect.spawn(sys.executable, ["-m", "interpreter.cli.main", *args], cwd=str(cwd),
                         env=env, encoding="utf-8", timeout=TIMEOUT,
                          dimensions=(rows, COLUMNS), preexec_fn=interruptible)
    child.delaybeforesend = None  # no 50 ms pause before each line: the game waits anyway
    return child


HAND = re.compile(r"Your hand: ?([^\r\n]*(?:\r?\n {11}[^\r\n]*)*)")


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
        self.pending = None     # the prompt waiting for a line, if any
        self.seen = []          # the kinds of every prompt so far

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
        hands = HAND.findall(self.child.before)
        if hands:
            self.hand_line = " ".join(hands[-1].split("\n")).replace("\r", "")
            self.hand_line = re.sub(r" {11,}", "  ", self.hand_line)
        if "Traceback" in self.text:
            self.fail("a traceback was printed")
        self.pending = KINDS[index]
        self.seen.append(self.pending)
        return self.pending

    def send(self, line: str) -> None:
        self.pending = None
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
            self.send(re.search(r"(\d+)\) ", self.match.group(2)).group(1))
        elif kind in ("jump", "uno"):
            self.send("y")
        elif kind in ("drawn", "challenge", "yes_no"):
            self.send("y")
        elif kind == "catch":
            self.send("c")
        elif kind == "next_hand":
            self.send("")
        elif kind == "pile":
            self.send("1")
        elif kind == "card":
            marked = self.playable()
            self.send(marked[0][0] if marked else "1")
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
        """Play to the end of the match (answering the pending prompt first); the exit status."""
        if self.pending not in (None, "over"):
            self.answer(self.pending)
        if self.pending != "over" and self.play_until("over") != "over":
            self.fail("the match did not end")
        self.child.expect(pexpect.EOF)
        self.transcript += self.child.before
        self.child.close()
        assert "Traceback" not in self.transcript, self.transcript[-3000:]
        return self.child.exitstatus


def play_args(ruleset: str, seed: int, players: int = 2, *options: str) -> list[str]:
    """A one-hand game against forgetful bots: they forget UNO now and then, so that the
    seeds meet a catch (the heuristic bot always calls it)."""
    args = ["play", ruleset, "--players", str(players), "--seed", str(seed),
            "--option", "hands=1", "--bots", "forgetful"]
    for option in options:
        args += ["--option", option]
    return args


def plain(text: str) -> str:
    """`text` with every run of spaces and line breaks as one space (as wrapped or not)."""
    return " ".join(text.split())


def save_reaching(path: Path, ruleset: str, options: dict, players: int, wanted) -> Path:
    """A save of a game played (the person's seat by the heuristic bot, windows let pass)
    until `wanted(game)` holds, tried over seeds: resuming it shows that prompt at once."""
    from interpreter.playing.agents import HeuristicAgent
    from interpreter.playing.session import Session
    for seed in range(400):
        session = Session(ruleset, options, players, 0, "heuristic", seed)
        person = HeuristicAgent(seed)
        game = session.game
        for _ in range(3000):
            if game.over:
                break
            if game.decision is None:
                session.next_hand()
                continue
            if wanted(game):
                session.save(path)
                return path
            decision = game.decision
            if decision.seat is None:
                session.apply(None)
            else:
                bot = session.bots[decision.seat] or person
                session.apply(bot.decide(game, decision))
    raise AssertionError("no seed reached the situation")
