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
from collections import Counter
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
        self.pending = None     # the prompt waiting for a line, if any

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
        self.pending = KINDS[index]
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


# --- whole hands ------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset, seed, players", [("classic", 3, 2), ("classic", 5, 3),
                                                    ("mario_kart", 3, 2)])
def test_a_whole_hand_is_played_to_the_end(game, ruleset, seed, players):
    player = game(*play_args(ruleset, seed, players))
    assert player.finish() == 0
    text = player.transcript
    assert re.search(r"== Hand 1 is over: (You|Bot \d) went out\. ==", text)
    assert re.search(r"(You|Bot \d) went out: \d+ points\.", text)
    assert re.search(r"The match is over: (You|Bot \d) won\.", text)
    assert "Your move" in text and "You played" in text


def test_the_screen_shows_the_table_before_each_move(game):
    player = game(*play_args("classic", 5, 3))
    assert player.wait() == "move"
    assert player.text.startswith("Classic UNO: you are seat 0 of 3. Type h for help.")
    assert re.search(r"Top: [a-z0-9 ]+   colour to follow: (red|yellow|green|blue)   "
                     r"direction: (clockwise|counter-clockwise)", player.text)
    assert re.search(r"Bot 1: \d+ cards?   Bot 2: \d+ cards?", player.text)
    assert "Scores: You 0   Bot 1 0   Bot 2 0" in player.text
    numbers = [number for number, _, _ in hand_items(player.hand_line)]
    assert numbers == [str(n) for n in range(1, len(numbers) + 1)]
    quit_at_prompt(player)


# --- bad input --------------------------------------------------------------------------------

def test_bad_input_is_refused_with_a_reason_and_the_prompt_comes_back(game):
    player = game(*play_args("classic", 3))
    assert player.wait() == "move"
    # Seed 3: "1) blue 9*  2) red 7  3) red skip ..." under a blue 9.
    hand = hand_items(player.hand_line)
    size = len(hand)
    unplayable, refused = next((number, card) for number, card, ok in hand if not ok)
    playable, name = player.playable()[0]

    refusals = [("99", f"Type a card number from 1 to {size}, or d to draw."),
                ("x", f"Type a card number from 1 to {size}, or d to draw."),
                ("0", f"Type a card number from 1 to {size}, or d to draw."),
                (unplayable, f"You can't play that: {refused} cannot be played on "),
                (f"{unplayable} uno", f"You can't play that: {refused} cannot be played on ")]
    for line, reason in refusals:
        player.send(line)
        assert player.wait() == "move", line
        assert reason in player.text, (line, player.text)
        assert "You played" not in player.text and "You drew" not in player.text
    # An empty line just asks again.
    player.send("")
    assert player.wait() == "move"
    assert "You played" not in player.text

    # Nothing was lost: the card asked for is played, and the hand is one card smaller.
    player.send(playable)
    assert player.wait() in ("move", "catch")
    assert f"You played {name}." in player.text
    before = Counter(card for _, card, _ in hand)
    before[name] -= 1
    after = Counter(card for _, card, _ in hand_items(player.hand_line))
    if "You drew" not in player.text:
        assert after == before, player.hand_line
    assert not before - after, player.hand_line  # every other card is still in the hand
    player.answer("move")
    assert player.finish() == 0


def test_bad_answers_at_the_other_prompts_are_refused_and_asked_again(game):
    # Seed 21: the person holds a playable wild draw four at once.
    player = game(*play_args("classic", 21))
    assert player.wait() == "move"
    wild = next(number for number, name in player.playable() if name == "wild draw four")
    player.send(wild)
    assert player.wait() == "colour"
    for line in ("9", "purple", "x"):
        player.send(line)
        assert player.wait() == "colour"
        assert "Type a number from 1 to 4 or a colour name." in player.text
    player.send("blue")  # a colour may be named as well as numbered
    assert player.wait() == "move"
    assert "The colour to follow is blue." in player.text
    assert player.finish() == 0


# --- choices ----------------------------------------------------------------------------------

def test_the_person_names_the_colour_and_the_next_screen_shows_it(game):
    # Seed 21: red 9 on top and a playable wild draw four in the person's hand; with two
    # players the bot draws four and loses its turn, so the person sees the colour named.
    player = game(*play_args("classic", 21))
    assert player.wait() == "move"
    assert "colour to follow: red" in player.text
    wild = [number for number, name in player.playable() if name == "wild draw four"]
    assert wild, f"seed 21 should deal a playable wild draw four: {player.hand_line}"
    player.send(wild[0])

    assert player.wait() == "colour"
    menu = dict((name, number) for number, name in
                re.findall(r"(\d+)\) (\w+)", player.match.group(1)))
    assert list(menu) == ["red", "yellow", "green", "blue"]
    player.send(menu["green"])

    assert player.wait() == "move"
    assert "The colour to follow is green." in player.text
    assert "Bot 1 drew 4 cards. Bot 1 loses a turn." in player.text
    assert "Top: wild draw four   colour to follow: green" in player.text
    assert "wild draw four" not in player.hand_line
    assert player.finish() == 0


@pytest.mark.parametrize("ruleset, seed, options, answer, outcome", [
    # The bot bluffed (it held a card of the colour to follow): the challenge wins.
    ("mario_kart", 11, (), "y", r"You answered challenge: yes\. Bot 1 drew 4 cards\.\s"),
    # The bot's wild draw four was legal: the challenger draws six and loses the turn.
    ("classic", 11, ("challenge=true",), "y",
     r"You answered challenge: yes\. You drew (\w+ ?\w* ?\w*, ){5}\w+ ?\w* ?\w*\. "
     r"You lose a turn\."),
    # No challenge: draw four, lose the turn.
    ("classic", 11, ("challenge=true",), "n",
     r"You answered challenge: no\. You drew (\w+ ?\w* ?\w*, ){3}\w+ ?\w* ?\w*\. "
     r"You lose a turn\."),
])
def test_a_bots_wild_draw_four_may_be_challenged(game, ruleset, seed, options, answer, outcome):
    player = game(*play_args(ruleset, seed, 2, *options))
    assert player.play_until("challenge") == "challenge", "this seed should reach a challenge"
    assert player.match.group(1) == "Bot 1"
    assert "Bot 1 played wild draw four." in player.text
    player.send(answer)
    kind = player.wait()
    assert re.search(outcome, player.text), player.text
    if "Bot 1 drew 4 cards" in outcome:
        # A won challenge costs the challenger nothing: the person moves next.
        assert kind == "move"
        assert player.text.split("Bot 1 drew 4 cards.")[1].lstrip().startswith("Top: wild draw four")
    player.answer(kind)
    assert player.finish() == 0


def test_the_person_may_catch_a_bot_that_forgot_uno(game):
    # Seed 3 of mario_kart: Bot 1 goes down to one card without calling UNO.
    player = game(*play_args("mario_kart", 3))
    assert player.play_until("catch") == "catch"
    assert player.match.group(1) == "Bot 1"
    player.send("c")
    player.wait()
    assert "You caught Bot 1 not calling UNO! Bot 1 drew 2 cards." in player.text
    player.answer("move")
    assert player.finish() == 0
