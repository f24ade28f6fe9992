"""`houserules play` in a pseudo-terminal of 80 columns and 24 rows, as a new user played it:
what they tripped on, each a test. A stacked penalty is shown, refused with its reason and
narrated; prompts use the rule's own words; a card choice says to whom and takes the hand's
numbers and card names; the help fits and `t` shows the table again; a resumed game says
which hand it is and what happened; a person put out is told so, and a dealer-draw tie is
said. Every line each test sees fits the 80 columns.

The seeds pin games that reach each situation (same seed, same game); the assertions name
what each seed was meant to reach.
"""

from __future__ import annotations

import re

import pytest

pexpect = pytest.importorskip("pexpect")

from terminal_player import (  # noqa: E402
    COLUMNS,
    KINDS,
    Player,
    hand_items,
    plain,
    save_reaching,
    spawn,
)

ROWS = 24


@pytest.fixture
def game(tmp_path):
    """start(*args) -> a Player at a new `houserules` in an 80x24 pty, in a folder of its own."""
    children = []

    def start(*args: str) -> Player:
        child = spawn(*args, cwd=tmp_path, rows=ROWS)
        children.append(child)
        return Player(child)

    yield start
    for child in children:
        child.close(force=True)


def fits(text: str) -> None:
    """Every line of `text` fits the terminal's width."""
    for line in text.replace("\r", "").split("\n"):
        assert len(line) <= COLUMNS, f"{len(line)} columns: {line!r}"


def play_to(player: Player, wanted: str, move=None) -> str:
    """Answer the plain way (a move by `move(player)` when given) until a `wanted` prompt."""
    while True:
        kind = player.wait()
        if kind in (wanted, "over"):
            return kind
        if kind == "move" and move is not None:
            player.send(move(player))
        else:
            player.answer(kind)


# --- 1. a stacked penalty --------------------------------------------------------------------

def test_a_stacked_penalty_is_shown_refused_with_its_reason_and_narrated(game):
    # No Mercy, three players, seed 2: two Draw Fours are stacked on the person before their
    # first turn.
    player = game("play", "no_mercy", "--players", "3", "--seed", "2")
    assert player.wait() == "move"
    said = plain(player.text)
    assert "8 cards are owed now." in said
    status = re.search(r"Top: green draw four .*? owed: 8 cards", said)
    assert status and "Scores" not in status.group(0), said
    assert "You face 8 cards owed: answer with a card marked *, or d to draw 8." in said
    items = hand_items(player.hand_line)
    answers = [number for number, _, marked in items if marked]
    other = next(number for number, _, marked in items if not marked)
    player.send(other)
    assert player.wait() == "move"
    assert (f"You can't play that: 8 cards are owed (stacking): answer with a card marked * "
            f"({', '.join(answers)}), or d to draw 8.") in plain(player.text)
    player.send("d")
    player.wait()
    assert re.search(r"You drew the 8 cards owed: (\w[\w ]*, ){7}\w[\w ]*\.", plain(player.text))
    fits(player.transcript)


# --- 2. prompts in the rule's own words ------------------------------------------------------

def test_the_challenge_is_asked_in_the_rulesets_words(game):
    # Mario Kart, seed 23, three players: a bot's Wild Draw Four on the person.
    player = game("play", "mario_kart", "--players", "3", "--seed", "23", "--option", "hands=1",
                  "--bots", "forgetful")
    assert play_to(player, "challenge") == "challenge"
    asked = plain(player.text)
    assert "y: Challenge (draw 6 if it was honest); n: Accept (draw 4) [y/n]:" in asked
    assert "count" not in asked and "#" not in asked
    fits(player.transcript)


PAY = """\
extends: classic
name: pay_eights
rules:
  pay:
    when: card_played
    if: card.rank == 8 and count(c in hand(next)) > 1
    text: The next player may pay for an eight with one card from the stock.
    do: |
      for s in others do
        if s == next then
          let pays = ask(s, "pay")
          if pays then
            draw(s, 1)
          end
        end
      end
"""


def test_a_rulesets_own_question_names_no_internal_value(game, tmp_path):
    ruleset = tmp_path / "pay_eights.yaml"
    ruleset.write_text(PAY)
    save = save_reaching(tmp_path / "pay.json", str(ruleset), {"hands": 1}, 2,
                         lambda g: g.decision.kind == "pay" and g.decision.seat == 0)
    player = game("resume", str(save))
    assert player.wait() == "yes_no"
    asked = plain(player.text)
    assert re.search(r"Pay Bot 1's \w+ 8\? The rule: The next player may pay for an eight "
                     r"with one card from the stock\. \[y/n\]:$", asked), asked
    player.send("y")
    player.wait()
    told = plain(player.text)
    assert re.search(r"You chose to pay\. You drew \w+ \w+\.", told), told
    assert "The pay" not in told and "#" not in told
    fits(player.transcript)


# --- 3. card choices ---------------------------------------------------------------------------

def test_a_card_to_pass_says_to_whom_takes_a_name_and_the_receiver_is_told(game, tmp_path):
    save = save_reaching(tmp_path / "pass.json", "classic+house/pass_cards", {"hands": 1}, 3,
                         lambda g: g.decision.kind == "card" and g.decision.seat == 0)
    player = game("resume", str(save))
    assert player.wait() == "card"
    asked = re.search(r"Choose a card of your hand to pass to (Bot \d) \(its number or name\):$",
                      plain(player.text))
    assert asked, player.text
    receiver = asked.group(1)
    player.send("banana")
    assert player.wait() == "card"
    assert "'banana' is not an answer here. Type the number of a card" in plain(player.text)
    _, name, _ = hand_items(player.hand_line)[-1]
    player.send(name.upper())  # a card's name, in capitals or not
    player.wait()
    told = plain(player.text)
    assert f"You chose {name}." in told
    # The other bot passes to the person: the person is told which card came.
    assert f"You give {name} to {receiver};" in told
    assert re.search(r"Bot \d gives \d+ cards? to Bot \d", told), "between bots: how many"
    assert re.search(r"Bot \d gives [a-z][a-z ]*[a-z0-9] to you\.", told), told
    fits(player.transcript)


# --- 4. 80x24: the help, the status line, the table again --------------------------------------

def test_the_help_fits_and_t_shows_the_table_again(game):
    player = game("play", "mario_kart", "--players", "3", "--seed", "23")
    assert player.wait() == "move"
    player.send("h")
    assert player.wait() == "move"
    helped = player.text
    assert "How to play" in helped and "t        show the table and your hand again" in helped
    assert len(helped.replace("\r", "").split("\n")) < ROWS, "the help and the prompt fit a screen"
    assert "Your hand:" not in helped
    player.send("t")
    assert player.wait() == "move"
    assert "Your hand:" in player.text and "Top:" in player.text
    # A label and its value are never split over two lines.
    assert re.search(r"direction: (clockwise|counter-clockwise)", player.text)
    assert not re.search(r"(direction|follow):\s*\r?\n", player.transcript)
    fits(player.transcript)


# --- 5. resuming mid-hand ------------------------------------------------------------------------

def test_resume_mid_hand_says_which_hand_and_recaps_it(game, tmp_path):
    save = tmp_path / "game.json"
    player = game("play", "classic", "--players", "3", "--seed", "4", "--save", str(save))
    for _ in range(3):
        play_to(player, "move")
        player.answer("move")
    player.wait()
    player.send("q")
    player.child.expect(pexpect.EOF)
    again = game("resume", str(save))
    again.wait()
    said = plain(again.text)
    assert "== Hand 1 (resumed) == The hand so far: " in said
    assert re.search(r"The hand so far: .*You played \w", said), said
    fits(again.transcript)


# --- 6. put out, and a tie for dealer -----------------------------------------------------------

def test_a_person_put_out_is_told_in_the_second_person_and_listed_in_the_summary(game):
    # No Mercy with a mercy limit of 9: the person, always drawing, goes past it.
    player = game("play", "no_mercy", "--players", "3", "--seed", "3", "--option",
                  "mercy_limit=9")
    assert play_to(player, "over", move=lambda p: "d") == "over"
    said = plain(player.transcript)
    assert "You are out of the match; your cards go under the discard pile." in said
    assert "You is out" not in said
    assert re.search(r"== Hand 1 is over: .* == You: out of the match", said), said
    fits(player.transcript)


def test_a_tie_in_the_dealer_draw_is_said(game):
    # Mario Kart, seed 10, three players: the person and Bot 2 both draw an 8.
    player = game("play", "mario_kart", "--players", "3", "--seed", "10")
    assert player.wait() in KINDS
    assert re.search(r"Drawing for dealer: You \w+ 8, Bot 1 [\w ]+, Bot 2 \w+ 8\. "
                     r"A tie: You and Bot 2 draw again: ", plain(player.text)), player.text
    fits(player.transcript)
