"""`houserules play` and `resume` driven through a real pseudo-terminal, as a person would.

Each test spawns the real command (`python -m interpreter.cli.main ...`) under pexpect and answers
its prompts. A small `Player` answers every prompt the plain way (the first playable card,
else draw; yes to playing a drawn card; the first colour; the first player listed; always
challenge; always catch), so a test only takes over at the prompt it is about.

The seeds below were found by trying seeds while these tests were written; they pin games
whose deal and bot play reach the situation a test needs (a playable wild at once, a bot's
wild draw four on the person). Same seed, same game: if the shuffle or the bots change,
these seeds may need finding again (the assertions name what the seed was meant to reach).
"""

from __future__ import annotations

import io
import json
import re
from collections import Counter
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

from checkout import ROOT  # noqa: E402
from terminal_player import (  # noqa: E402
    COLUMNS,
    KINDS,
    PROMPTS,
    Player,
    flex,
    hand_items,
    plain,
    play_args,
    save_reaching,
    spawn,
)


@pytest.fixture
def game(tmp_path):
    """start(*args) -> a Player at a new `houserules` process, started in a folder of its own
    (where a game it keeps on quitting would go); every process is closed after."""
    children = []

    def start(*args: str) -> Player:
        child = spawn(*args, cwd=tmp_path)
        children.append(child)
        return Player(child)

    yield start
    for child in children:
        if child.isalive():
            child.terminate(force=True)
        child.close(force=True)


def quit_at_prompt(player: Player) -> str:
    """Type q (and y when asked whether to quit an unsaved game) and return what the game
    says before it exits (status 0), its lines joined."""
    player.send("q")
    if player.child.expect([PROMPTS[KINDS.index("quit")][1], pexpect.EOF]) == 0:
        player.send("y")
        player.child.expect(pexpect.EOF)
    said = plain(player.child.before)
    player.child.close()
    assert player.child.exitstatus == 0, said
    assert "Traceback" not in said, said
    return said


# --- whole hands ------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset, seed, players, prompts", [
    pytest.param("classic", 3, 2, {"move"}, id="classic-2"),
    pytest.param("classic", 5, 3, {"move", "drawn"}, id="classic-3"),
    # Seed 23 with three players meets every kind of prompt Mario Kart has: a Green Shell's
    # target, a Bob-omb's colour, a drawn card, a bot's wild draw four, a forgotten UNO.
    pytest.param("mario_kart", 23, 3, {"move", "drawn", "colour", "target", "challenge", "catch"},
                 id="mario_kart-3"),
    # Two-sided cards: the other side of every opponent's hand is shown, wrapped.
    pytest.param("uno_flip", 2, 3, {"move"}, id="uno_flip-3"),
    pytest.param("no_mercy", 2, 3, {"move"}, id="no_mercy-3"),
    # Chance: each press of the launcher is told ("Launcher: 2."), then who drew.
    pytest.param("uno_attack", 2, 3, {"move"}, id="uno_attack-3"),
    # Rows of piles: a card that fits two piles asks which; a ruleset's question, once with
    # its rule's text.
    pytest.param("dos", 3, 2, {"move", "pile", "yes_no"}, id="dos-2"),
])
def test_a_whole_hand_is_played_to_the_end(game, ruleset, seed, players, prompts):
    player = game(*play_args(ruleset, seed, players))
    assert player.finish() == 0
    assert prompts <= set(player.seen), f"this seed should meet these prompts: {prompts}"
    text = player.transcript
    # (or, the others put out by No Mercy's mercy rule, is the last player left)
    ended = r"(?:went out|is the last player left)"
    assert re.search(rf"== Hand 1 is over: (You|Bot \d) {ended}\. ==", text)
    assert re.search(rf"(You|Bot \d) {ended}: \d+ points\.", text)
    assert re.search(r"Totals: You \d+   Bot 1 \d+", text)
    assert re.search(r"The match is over: (You|Bot \d) won\.", text)
    assert "You played" in text
    assert_laid_out(text, ruleset)
    if ruleset == "uno_flip":
        assert re.search(r"Bot 1 shows: \w", text) and "Side up: light" in text
    if ruleset == "uno_attack":
        assert re.search(r"Launcher: \d\.", text)


def test_a_low_score_match_says_each_seats_points_and_the_lowest_total(game):
    player = game(*play_args("classic+house/low_score", 3, 2))
    assert player.finish() == 0
    text = plain(player.transcript)
    assert re.search(r"Points this hand: You \d+, Bot 1 \d+", text)
    assert re.search(r"Totals \(the lowest wins\): You \d+ Bot 1 \d+", text)
    assert re.search(r"The match is over: (You|Bot 1) won with the lowest total, \d+ points\.",
                     text)


def card_names(ruleset: str) -> set[str]:
    """Every card of `ruleset` as the terminal names it (each face, in words)."""
    from interpreter.building.ruleset import load_ruleset
    rules = load_ruleset(ruleset, {})
    return {" ".join(face.name.replace("_", " ").split()) for face in rules.faces} | \
        {" ".join(card.name.replace("_", " ").split()) for card in rules.deck}


def assert_laid_out(transcript: str, ruleset: str) -> None:
    """Every line fits the terminal, and no line breaks inside a card's name."""
    lines = screen_lines(transcript)
    assert all(len(line) <= COLUMNS for line in lines), max(lines, key=len)
    text = "\n".join(lines)
    for name in card_names(ruleset):
        if " " not in name:
            continue
        pattern = r"(?<![\w-])" + r"\s+".join(map(re.escape, name.split())) + r"(?![\w-])"
        for found in re.finditer(pattern, text):
            assert "\n" not in found.group(0), f"a line breaks inside {name!r}: " \
                f"{text[max(0, found.start() - 80):found.end() + 80]!r}"


# --- bad input --------------------------------------------------------------------------------

def test_bad_input_is_refused_with_a_reason_and_the_prompt_comes_back(game):
    player = game(*play_args("classic", 3))
    assert player.wait() == "move"
    # The table first: seed 3 shows "Your hand: 1) red 3  2) red 7  3) red skip ... 7) blue 9*"
    # (sorted by colour, then rank in the deck's order) under a blue 9.
    assert player.text.startswith("Classic UNO: you are seat 0 of 2. Type h for help.")
    assert "Top: blue 9   colour to follow: blue   direction: clockwise" in player.text
    assert re.search(r"\nBot 1: \d+ cards\r?\nScores: You 0   Bot 1 0\r?\n", player.text)
    hand = hand_items(player.hand_line)
    size = len(hand)
    unplayable, refused = next((number, card) for number, card, ok in hand if not ok)
    playable, name = player.playable()[0]

    hint = f"Type a card number from 1 to {size} (add uno to call UNO), d to draw,"
    refusals = [("99", f"'99' is not a move. {hint}"),
                ("x", f"'x' is not a move. {hint}"),
                ("0", f"'0' is not a move. {hint}"),
                ("uno", "Type the number of the card to play before uno, as in 3 uno."),
                ("p", "You can't pass now."),
                (unplayable, f"You can't play that: {refused} cannot be played on "),
                (f"{unplayable} uno", f"You can't play that: {refused} cannot be played on "),
                # A mistyped UNO call, or a word after the number: nothing is played.
                (f"{playable} uon", f"'uon' is not understood after a card number: type "
                                    f"{playable} to play it, or {playable} uno to play it and "
                                    "call UNO. Nothing was played."),
                (f"{playable} banana", "'banana' is not understood after a card number"),
                (f"{playable} UNO!!", "'uno!!' is not understood after a card number"),
                (f"{playable} uno please", "'uno please' is not understood")]
    for line, reason in refusals:
        player.send(line)
        assert player.wait() == "move", line
        assert reason in plain(player.text), (line, player.text)
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
    for line in ("9", "purple", "x", "0", "red blue"):
        player.send(line)
        assert player.wait() == "colour"
        assert f"'{line}' is not an answer here. Type a number from 1 to 4, a colour's name or " \
               "its first letters." in plain(player.text)
    player.send("BLUE")  # a colour may be named (in capitals too) as well as numbered
    assert player.wait() == "move"
    assert "The colour to follow is blue." in player.text
    assert player.finish() == 0


# --- choices ----------------------------------------------------------------------------------

NOT_AN_ANSWER = "'{}' is not an answer here. "


@pytest.mark.parametrize("args, kind, bad, good, after", [
    # A colour: by number, name or first letters, in capitals or not.
    pytest.param(play_args("mario_kart", 49), "colour",
                 [("purple", "Type a number from 1 to 4, a colour's name or its first letters."),
                  ("x", "Type a number from 1 to 4"), ("5", "Type a number from 1 to 4")],
                 "G", r"The colour to follow is green\.", id="colour-initial"),
    pytest.param(play_args("mario_kart", 49), "colour", [], "Bl",
                 r"The colour to follow is blue\.", id="colour-first-letters"),
    # A player: the number shown or the name; the prompt says what the choice is for.
    pytest.param(play_args("mario_kart", 23, 3), "target",
                 [("9", "Type the number (or the name) of one of the players listed."),
                  ("bot 9", "Type the number (or the name)"), ("banana", "Type the number")],
                 "NAME", r"You chose Bot \d\.", id="target-by-name"),
    # The catch: c or y catches, n or Enter lets it go; a typo is asked again, not a no.
    pytest.param(play_args("mario_kart", 6), "catch",
                 [("ctach", "Type c (or y) to catch them, n or Enter to let it go."),
                  ("yes please", "Type c (or y) to catch them")],
                 "Y", r"You caught Bot 1 not calling UNO! Bot 1 drew 2 cards\.", id="catch-y"),
    pytest.param(play_args("mario_kart", 6), "catch", [], "n", r"\A(?!.*You caught)",
                 id="catch-let-go"),
    # Jumping in: j or y jumps, n or Enter lets it go.
    pytest.param(play_args("classic", 1, 3, "jump_in=true"), "jump",
                 [("jmp", "Type j (or y) to jump in, n or Enter to let it go."),
                  ("y please", "Type j (or y) to jump in")],
                 "J", r"You jump in! You played", id="jump-in"),
    # The drawn card: y, y uno, n; anything else (an empty line too) is asked again.
    pytest.param(play_args("classic", 5, 3), "drawn",
                 [("yes please", "Type y to play it, y uno to play it and call UNO, or n to keep it."),
                  ("uon", "Type y to play it"), ("", "Type y to play it")],
                 "YES", r"You played ", id="drawn-yes"),
    # A move where the game offers a pass (Crazy Eights, having drawn): p, not d.
    pytest.param(play_args("crazy_eights", 3), "move",
                 [("d", "You can't draw now. Type a card number from 1 to"),
                  ("pas", "'pas' is not a move.")],
                 "P", r"\AP You pass\. Bot 1 (drew|played)", id="move-pass"),
    # Between hands: Enter deals; anything else is explained.
    pytest.param(play_args("classic", 3, 2, "hands=2"), "next_hand",
                 [("x", "Press Enter to deal the next hand (or q to quit, h for help)."),
                  ("y", "Press Enter to deal the next hand")],
                 "", r"== Hand 2 ==", id="next-hand"),
])
def test_every_prompt_takes_its_answers_and_explains_the_rest(game, args, kind, bad, good, after):
    player = game(*args)
    assert player.play_until(kind) == kind, f"this seed should reach a {kind} prompt"
    while kind == "move" and good == "P" and player.match.group(1) != "p to pass":
        player.answer(kind)
        assert player.play_until(kind) == kind, "this seed should offer a pass"
    for line, hint in bad:
        player.send(line)
        assert player.wait() == kind, (line, player.text)
        said = plain(player.text)
        assert hint in said, (line, said)
        if line and kind != "move":  # a move says "'x' is not a move" or why it is refused
            assert NOT_AN_ANSWER.format(line) in said, (line, said)
        # Nothing happened: the same question again, no move made.
        assert "You played" not in said and "You drew" not in said and "caught" not in said
    if good == "NAME":
        good = re.findall(r"\d+\) (Bot \d)", plain(player.match.group(2)))[0].upper()
    player.send(good)
    player.wait()
    assert re.search(after, plain(player.text)), player.text
    assert player.finish() == 0


def test_a_dealer_asked_for_a_colour_first_sees_their_hand(game):
    # Seed 49 of Mario Kart for two: the person deals and turns up a Wild Item Box.
    player = game(*play_args("mario_kart", 49))
    assert player.wait() == "colour", "the first question is the first card's colour"
    before = plain(player.text)
    assert "You dealt." in before and "Your hand: 1) " in before
    assert before.index("Your hand:") < before.index("Name a colour:")
    player.send("1")
    assert player.finish() == 0


def test_the_target_prompt_says_what_for_and_lists_players_in_turn_order(game):
    player = game(*play_args("mario_kart", 23, 3))
    assert player.play_until("target") == "target"
    assert player.match.group(1) == "green shell"
    listed = [int(n) for n in re.findall(r"(\d+)\) Bot", plain(player.match.group(2)))]
    clockwise = "direction: clockwise" in player.text.split("Top:")[-1]
    assert listed == ([1, 2] if clockwise else [2, 1])
    player.answer("target")
    assert player.finish() == 0


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


CARD = r"[a-z0-9]+(?: [a-z0-9]+)*"


@pytest.mark.parametrize("ruleset, seed, options, answer, outcome", [
    # Mario Kart challenges by default. Seed 1: the bot bluffed (it held a card of the
    # colour to follow), so the challenge wins: the bot draws four, the person loses nothing.
    pytest.param("mario_kart", 1, (), "y",
                 r"You chose to challenge\. Bot 1 drew 4 cards\.",
                 id="bluff-caught"),
    # Classic with challenge=true, seed 11 (before the person's first move): the bot's wild
    # draw four was legal, so the challenger draws six and loses the turn.
    pytest.param("classic", 11, ("challenge=true",), "y",
                 rf"You chose to challenge\. You drew (?:{CARD}, ){{5}}{CARD}\."
                 r"[^\r\n]* You lose a turn\.", id="challenge-lost"),
    # Not challenging: draw four and lose the turn.
    pytest.param("classic", 11, ("challenge=true",), "n",
                 rf"You chose not to challenge\. You drew (?:{CARD}, ){{3}}{CARD}\. "
                 r"You lose a turn\.", id="no-challenge"),
])
def test_a_bots_wild_draw_four_may_be_challenged(game, ruleset, seed, options, answer, outcome):
    player = game(*play_args(ruleset, seed, 2, *options))
    assert player.play_until("challenge") == "challenge", "this seed should reach a challenge"
    assert "Bot 1's wild draw four" in plain(player.match.group(1))
    assert "Bot 1 played wild draw four." in player.text
    # The prompt says what is at stake: the colour that was to be followed and the rule.
    assert re.search(r"\(the colour to follow was \w+\)", plain(player.match.group(1)))
    assert plain(player.match.group(2)).startswith("The rule: ")
    # And each answer's label, with what it costs (house/challenge's `questions:`), never
    # a name of the rule's own such as `count`.
    assert "y: Challenge (draw 6 if it was honest); n: Accept (draw 4)" in \
        plain(player.match.group(2))
    assert "count" not in plain(player.match.group(2))
    # A bad answer is explained and asked again; the question's own word is a yes.
    player.send("maybe")
    assert player.wait() == "challenge"
    assert "'maybe' is not an answer here. Type y (or challenge) to challenge, n not to." \
        in plain(player.text)
    player.send({"y": "Challenge", "n": "NO"}[answer])
    kind = player.wait()
    assert re.search(outcome, plain(player.text)), player.text
    if "Bot 1 drew 4 cards" in outcome:
        # A won challenge costs the challenger nothing: the person moves next.
        assert kind == "move"
        after = player.text.split("Bot 1 drew 4 cards.")[1]
        assert after.lstrip().startswith("Top: wild draw four")
    player.answer(kind)
    assert player.finish() == 0


def test_a_lost_challenge_does_not_say_the_stock_is_empty(game):
    # Classic with challenge=true, seed 11: the stock is nearly full when the challenge is lost.
    player = game(*play_args("classic", 11, 2, "challenge=true"))
    assert player.play_until("challenge") == "challenge"
    player.send("y")
    player.wait()
    assert "You drew" in player.text
    assert "no cards are left" not in player.text, player.text
    quit_at_prompt(player)


def test_the_person_calls_uno_with_the_card_that_leaves_one(game):
    # Seed 3 of classic: after five moves the person holds two playable cards.
    player = game(*play_args("classic", 3))
    while True:
        assert player.play_until("move") == "move", "this seed should come down to two cards"
        if len(hand_items(player.hand_line)) == 2 and player.playable():
            break
        player.answer("move")
    number, name = player.playable()[0]
    player.send(f"{number} uno")
    player.wait()
    assert f'You played {name}.' in player.text and 'You: "UNO!"' in player.text
    assert "caught You" not in player.text
    assert player.finish() == 0


def test_the_person_may_catch_a_bot_that_forgot_uno(game):
    # Seed 6 of mario_kart: Bot 1 goes down to one card without calling UNO.
    player = game(*play_args("mario_kart", 6))
    assert player.play_until("catch") == "catch"
    assert player.match.group(1) == "Bot 1"
    player.send("c")
    player.wait()
    assert "You caught Bot 1 not calling UNO! Bot 1 drew 2 cards." in player.text
    player.answer("move")
    assert player.finish() == 0


# --- quitting, saving, resuming ---------------------------------------------------------------

def screens_after(transcript: str, prompts: int) -> str:
    """The transcript after its first `prompts` "Your move" prompts, with plain newlines."""
    parts = transcript.replace("\r\n", "\n").split("Your move (number to play")
    return "Your move (number to play".join(parts[prompts:])


def test_quit_saves_and_resume_continues_the_same_game(game, tmp_path):
    save = tmp_path / "game.json"
    args = play_args("classic", 3)
    player = game(*args, "--save", str(save))
    for _ in range(3):
        assert player.play_until("move") == "move"
        player.answer("move")
    assert save.exists(), "the game is saved after every action"
    assert player.play_until("move") == "move"
    hand, top = player.hand_line, re.findall(r"Top: [^\r\n]*", player.text)[-1]

    said = quit_at_prompt(player)
    assert f"Bye. Saved: continue with `houserules resume {save}`." in said
    data = json.loads(save.read_text())
    assert data["format"] == 2 and data["seed"] == 3 and data["players"] == 2
    assert str(data["options"].get("hands")) == "1"
    assert len(data["answers"]) >= 3
    assert not [p for p in tmp_path.iterdir() if p != save], "no temporary file is left behind"

    resumed = game("resume", str(save))
    assert resumed.wait() == "move"
    assert resumed.text.startswith("Classic UNO: you are seat 0 of 2.")
    assert resumed.hand_line == hand
    assert re.findall(r"Top: [^\r\n]*", resumed.text)[-1] == top
    assert resumed.finish() == 0
    assert "The match is over" in resumed.transcript

    # Exactly where it stopped: the rest is what the same game played straight through shows.
    straight = game(*args)
    assert straight.finish() == 0
    assert screens_after(resumed.transcript, 1) == screens_after(straight.transcript, 4)


def test_quit_without_save_asks_first_and_y_quits(game):
    player = game(*play_args("classic", 3))
    assert player.wait() == "move"
    said = quit_at_prompt(player)
    assert "Bye." in said and "Saved" not in said


@pytest.mark.parametrize("answers, kept", [
    pytest.param(["n"], None, id="n-keeps-playing"),
    pytest.param(["maybe", "n"], None, id="a-bad-answer-is-asked-again"),
    pytest.param(["s"], "s", id="s-saves"),
    pytest.param(["SAVE"], "s", id="save-in-capitals"),
    pytest.param([None], "s", id="ctrl-d-at-the-question-saves"),
])
def test_quit_without_save_asks_what_becomes_of_the_game(game, tmp_path, answers, kept):
    child = spawn(*play_args("classic", 3), cwd=tmp_path)
    player = Player(child)
    try:
        assert player.wait() == "move"
        player.send("q")
        for answer in answers:
            assert player.wait() == "quit"
            spare = player.match.group(1)
            if answer is None:
                player.child.sendeof()
            else:
                player.send(answer)
        if kept is None:
            assert player.wait() == "move"  # back at the same prompt, nothing played
            assert "You played" not in player.text and "You drew" not in player.text
            said = quit_at_prompt(player)
            assert "Saved" not in said
        else:
            player.child.expect(pexpect.EOF)
            said = plain(player.child.before)
            player.child.close()
            assert player.child.exitstatus == 0
            assert f"Bye. Saved: continue with `houserules resume {spare}`." in said
            assert json.loads((tmp_path / spare).read_text())["seed"] == 3
    finally:
        child.close(force=True)


def test_resume_of_a_file_that_is_not_a_saved_game_is_refused(game, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    child = spawn("resume", str(bad))
    try:
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == 2
        assert child.before.startswith("error: ") and "cannot read the saved game" in child.before
        assert "Traceback" not in child.before
    finally:
        child.close(force=True)


# --- the same seed, help, end of input --------------------------------------------------------

def test_the_same_seed_deals_the_same_game(game):
    openings = []
    for seed in (7, 7):
        player = game(*play_args("classic", seed, 3))
        assert player.wait() == "move"
        openings.append(player.text)
        quit_at_prompt(player)
    assert "Your hand: 1) " in openings[0]
    assert openings[0] == openings[1]


def test_h_shows_the_help_and_asks_again(game):
    player = game(*play_args("classic", 21))
    assert player.wait() == "move"
    for line in ("h", "help", "?"):
        player.send(line)
        assert player.wait() == "move"
        assert "How to play" in player.text
        assert "3 uno" in player.text and "d        draw" in player.text
        assert "You played" not in player.text and "You drew" not in player.text
    # Help at another prompt asks that same question again.
    wild = next(number for number, name in player.playable() if name == "wild draw four")
    player.send(wild)
    assert player.wait() == "colour"
    player.send("h")
    assert player.wait() == "colour"
    assert "How to play" in player.text
    player.send("2")
    assert player.wait() == "move"
    assert "The colour to follow is yellow." in player.text
    quit_at_prompt(player)


@pytest.mark.parametrize("where", ["move", "colour"])
def test_end_of_input_quits_cleanly(game, tmp_path, where):
    save = tmp_path / "game.json"
    player = game(*play_args("classic", 21), "--save", str(save))
    assert player.wait() == "move"
    if where == "colour":
        player.send(next(n for n, name in player.playable() if name == "wild draw four"))
        assert player.wait() == "colour"
    player.child.sendeof()  # Ctrl-D
    player.child.expect(pexpect.EOF)
    said = plain(player.child.before)
    player.child.close()
    assert player.child.exitstatus == 0, said
    assert "Traceback" not in said and "Error" not in said
    assert f"Bye. Saved: continue with `houserules resume {save}`." in said
    json.loads(save.read_text())


def test_ctrl_c_stops_without_a_traceback_and_keeps_the_game(tmp_path):
    child = spawn(*play_args("classic", 3), cwd=tmp_path)
    try:
        player = Player(child)
        assert player.wait() == "move"
        child.sendintr()
        child.expect(pexpect.EOF)
        said = plain(child.before)
        child.close()
        assert "Traceback" not in said and "interrupted" in said
        assert child.exitstatus == 130
        assert "Saved: continue with `houserules resume classic-seed3.json`." in said
        assert json.loads((tmp_path / "classic-seed3.json").read_text())["seed"] == 3
    finally:
        child.close(force=True)


# --- the README's transcript is a real run ------------------------------------------------------

def readme_transcript() -> tuple[list[str], list[list[str]]]:
    """The README's `houserules play` transcript: its command and its parts between `...`."""
    text = (ROOT / "README.md").read_text()
    block = re.search(r"```\n\$ (houserules play [^\n]*)\n(.*?)```", text, re.DOTALL)
    assert block, "the README shows a transcript of houserules play"
    parts: list[list[str]] = [[]]
    for line in block.group(2).splitlines():
        if line == "...":
            parts.append([])
        else:
            parts[-1].append(line)
    return block.group(1).split()[1:], parts


def screen_lines(transcript: str) -> list[str]:
    return [line.rstrip() for line in transcript.replace("\r\n", "\n").split("\n")]


def test_the_readme_transcript_is_what_a_real_run_shows():
    args, parts = readme_transcript()
    typed = [m.group(1) for line in parts[0] for m in [re.search(r"[)\]]: (\S+)$", line)] if m]
    assert typed, "the transcript's first part shows what was typed"
    child = spawn(*args)
    try:
        player = Player(child)
        for answer in typed:
            player.wait()
            player.send(answer)
        assert player.finish() == 0
    finally:
        child.close(force=True)
    shown = screen_lines(player.transcript)
    assert shown[:len(parts[0])] == parts[0]
    assert all(len(line) <= COLUMNS for line in shown), "every line fits 80 columns"
    for part in parts[1:-1]:
        assert "\n".join(part) in "\n".join(shown), part
    last = [line for line in parts[-1] if line]
    assert [line for line in shown if line][-len(last):] == last


# --- a rule that fails while the game runs --------------------------------------------------------

BROKEN = """\
extends: classic
name: broken
title: Broken skip
kinds:
  skip:
{on_play}"""


@pytest.mark.parametrize("save", [False, True], ids=["unsaved", "with-save"])
def test_a_rule_error_saves_the_game_and_resume_goes_on_once_it_is_fixed(tmp_path, save):
    rules = tmp_path / "broken.yaml"
    rules.write_text(BROKEN.format(on_play="    on_play: set_direction(2 * direction)\n"))
    kept = tmp_path / ("mine.json" if save else "broken-seed1.json")
    args = ["play", str(rules), "--players", "2", "--seed", "1", "--option", "hands=1"]
    child = spawn(*args, *(["--save", str(kept)] if save else []), cwd=tmp_path)
    try:
        player = Player(child)
        assert player.play_until("broken") == "broken", "seed 1 plays a skip"
        child.expect(pexpect.EOF)
        said = plain(child.before)
        child.close()
        assert child.exitstatus == 2 and "Traceback" not in said
        assert said.startswith("broken.yaml:6:14: $.kinds.skip.on_play:"), said
        shown_as = kept.name if not save else str(kept)
        assert f"The game is saved as it was before that action: {shown_as}. Fix the ruleset " \
               f"file, then continue with `houserules resume {shown_as}`." in said
    finally:
        child.close(force=True)
    assert json.loads(kept.read_text())["broken"]

    rules.write_text(BROKEN.format(on_play="    on_play: lose_turn(next)\n"))  # fixed
    resumed = Player(spawn("resume", str(kept), cwd=tmp_path))
    try:
        assert resumed.wait() in ("move", "drawn", "colour", "catch")
        assert resumed.finish() == 0
        assert "The match is over" in resumed.transcript
    finally:
        resumed.child.close(force=True)


# --- prompts a seed rarely reaches, asked directly --------------------------------------------

def asked(lines: list[str], ask, ruleset: str = "classic"):
    """What `ask(terminal)` answers when the person types `lines` in turn, and the screen."""
    from interpreter.playing.session import Session
    from interpreter.terminal.game import TerminalGame

    session = Session(ruleset, {"hands": 1}, 2, 0, "heuristic", 3)
    out, feed = io.StringIO(), iter(lines)
    terminal = TerminalGame(session, read=lambda prompt: (out.write(prompt), next(feed))[1],
                            out=out, color=False, width=COLUMNS)
    return ask(terminal), out.getvalue()


def uno_decision():
    from interpreter.engine.decisions import Decision
    return Decision("uno", 0, (False, True))


@pytest.mark.parametrize("lines, answer, said", [
    (["u"], True, ""),
    (["UNO!"], True, ""),
    (["yes"], True, ""),
    (["n"], False, ""),
    (["uon", "Uno"], True, "'uon' is not an answer here. Type y (or uno) to call UNO, n not to."),
    (["", "no"], False, "Type y (or uno) to call UNO, n not to."),
])
def test_the_uno_call_when_left_with_one_card_by_someone_else(lines, answer, said):
    got, screen = asked(lines, lambda t: t.choose_uno(uno_decision()))
    assert got is answer
    assert "You are left holding one card. Call UNO? [y/n]: " in screen
    assert said in plain(screen)


@pytest.mark.parametrize("lines, answer, said", [
    (["dos"], True, ""),
    (["u"], True, ""),
    (["uno"], True, ""),
    (["x", "n"], False, "'x' is not an answer here. Type y (or uno) to call DOS, n not to."),
])
def test_a_game_with_its_own_call_word_asks_and_takes_it(lines, answer, said):
    # DOS calls "DOS" at two cards (uno: {name: DOS, cards_left: 2}); uno and u still call.
    got, screen = asked(lines, lambda t: t.choose_uno(uno_decision()), "dos")
    assert got is answer
    assert "You are left holding two cards. Call DOS? [y/n]: " in screen
    assert said in plain(screen)


@pytest.mark.parametrize("lines, answer", [
    (["1"], "fold"), (["2"], "raise"), (["3", "x", "2"], "raise"),
])
def test_a_question_with_named_answers_is_a_numbered_menu(lines, answer):
    from interpreter.engine.decisions import Decision
    decision = Decision("bet", 0, ("fold", "raise"))
    got, screen = asked(lines, lambda t: t.choose(decision))
    assert got == answer
    assert "1) fold  2) raise: " in screen
    if "x" in lines:
        assert "'x' is not an answer here. Type a number from 1 to 2." in screen


def test_s_switches_the_hand_between_sorted_and_dealt_order(game):
    player = game(*play_args("classic", 3))
    assert player.wait() == "move"
    sorted_hand = player.hand_line
    player.send("s")
    assert player.wait() == "move"
    assert "Your hand is in the order it was dealt." in player.text
    dealt = player.hand_line
    names = [name for _, name, _ in hand_items(sorted_hand)]
    assert sorted(names) == sorted(name for _, name, _ in hand_items(dealt)) and dealt != sorted_hand
    player.send("S")
    assert player.wait() == "move"
    assert "Your hand is sorted by colour and rank." in player.text
    assert player.hand_line == sorted_hand
    quit_at_prompt(player)


# --- prompts no seed reaches by plain play: a save made to stop right there ----------------

def jumps_with_a_choice(game) -> bool:
    """The jump-in window is open to seat 0, and taking it asks which card."""
    decision = game.decision
    if decision.kind != "jump_in" or 0 not in decision.open_to:
        return False
    twin = game.clone()
    twin.apply(0)
    return twin.decision is not None and twin.decision.kind == "jump_in_card"


def uno_after_a_swap(game) -> bool:
    """Seat 0 is asked to call UNO with one card, not having just played."""
    decision = game.decision
    return decision.kind == "uno" and decision.seat == 0 and game.turn != 0


def test_jump_in_with_a_choice_of_cards(game, tmp_path):
    ruleset = tmp_path / "any_colour_jump.yaml"
    ruleset.write_text("extends: [classic, house/jump_in]\nname: any_colour_jump\n"
                       "jump_in:\n  allowed: card.rank == top.rank\n")
    save = save_reaching(tmp_path / "jump.json", str(ruleset), {"hands": 1}, 3,
                         jumps_with_a_choice)
    player = game("resume", str(save))
    assert player.wait() == "jump"
    player.send("jmp")  # a typo is explained and asked again, never taken as no
    assert player.wait() == "jump" and "is not an answer here" in player.text
    player.send("J")
    player.child.expect(flex(r"Jump in with which card\? ([^\r\n]*): $"))
    options = player.child.match.group(1)
    assert re.match(r"1\) \S", options) and "2) " in options
    player.send("9")
    player.child.expect(flex(r"Type a number from 1 to \d+\."))
    player.send("1")
    first = re.match(r"1\) (.*?)\s{2,}2\) ", options).group(1)
    assert player.wait() in KINDS and f"You played {first}." in plain(player.text)
    player.child.terminate(force=True)


def test_uno_call_after_someone_else_s_move(game, tmp_path):
    save = save_reaching(tmp_path / "uno.json", "classic+house/seven_o", {"hands": 1}, 3,
                         uno_after_a_swap)
    player = game("resume", str(save))
    assert player.wait() == "uno" and "left holding one card" in plain(player.text)
    player.send("maybe")
    assert player.wait() == "uno" and "Type y (or uno) to call UNO, n not to." in player.text
    player.send("UNO!")
    kind = player.wait()
    assert kind != "uno" and '"UNO!"' in player.text
    player.child.terminate(force=True)


def test_a_card_choice_takes_a_number_and_explains_the_rest(game, tmp_path):
    ruleset = tmp_path / "fives_give.yaml"
    ruleset.write_text(
        "extends: classic\nname: fives_give\nrules:\n  fives_give:\n    when: card_played\n"
        "    if: card.rank == 5\n    text: The player gives a card of their choice to the next.\n"
        "    do: |\n      let given = choose_cards(player, hand(player), 1)\n"
        "      give_cards(player, next, given)\n")
    save = save_reaching(tmp_path / "card.json", str(ruleset), {"hands": 1}, 2,
                         lambda g: g.decision.kind == "card" and g.decision.seat == 0)
    player = game("resume", str(save))
    assert player.wait() == "card"
    assert "Choose a card of your hand for fives give (its number or name):" in plain(player.text)
    player.send("banana")
    assert player.wait() == "card" and "'banana' is not an answer here." in plain(player.text)
    number, given, _ = hand_items(player.hand_line)[0]
    player.send(number)  # numbered as the hand above is
    assert player.wait() in KINDS
    assert f"You chose {given}. You give {given} to Bot 1." in plain(player.text)
    player.child.terminate(force=True)
