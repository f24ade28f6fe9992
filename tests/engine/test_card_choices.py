"""Moving cards (issue 16 point 4): choose_cards, one card at a time; play_cards, each card
a play of its own; cards_under_discard; the bots, the terminal, saves and logs with them."""

from __future__ import annotations

import io
import json
from functools import partial

import helpers
import pytest
from helpers import names, write

from interpreter import GameState, load_ruleset
from interpreter.engine.decisions import DONE, Decision
from interpreter.errors import DslError, HouserulesError, IllegalMove
from interpreter.playing.agents import HeuristicAgent, RandomAgent
from interpreter.playing.checked import play_checked
from interpreter.playing.gamelog import LogWriter, replay
from interpreter.playing.match import play_match
from interpreter.playing.session import Session
from interpreter.presenting.explain import explain
from interpreter.scenarios.scenario import check_files
from interpreter.terminal.game import TerminalGame


def skip_does(tmp_path, effect: str, extra: str = ""):
    """Classic where a Skip does `effect` (and nothing else), plus `extra` YAML."""
    text = "extends: classic\nname: m\nkinds:\n  skip:\n    on_play: |\n" + "".join(
        f"      {line}\n" for line in effect.splitlines()) + extra
    return load_ruleset(write(tmp_path, "m.yaml", text))


# Seat 0 plays on a red 3; seat 1 holds OTHER; the stock is green ones.
OTHER = ["blue 2", "blue 3", "blue 4"]
table = partial(helpers.table, top="red 3", stock=["green 1"] * 8)


GIVE = """\
let chosen = choose_cards(player, select(c in hand(player) if c.color == card.color), {count})
give_cards(player, next, chosen)"""


@pytest.mark.parametrize("count, hand, answers, options, given", [
    # Two of three red cards, one pick at a time: the options are the distinct cards left.
    ("2", ["red 9", "red 5", "red 5", "blue 7"], ["red 5", "red 9"],
     [["red 9", "red 5"], ["red 9", "red 5"]], ["red 5", "red 9"]),
    ("2", ["red 9", "red 5", "red 5", "blue 7"], ["red 5", "red 5"],
     [["red 9", "red 5"], ["red 9", "red 5"]], ["red 5", "red 5"]),
    # Fewer qualify than asked for: all of them, without asking.
    ("2", ["red 9", "blue 7", "blue 8"], [], [], ["red 9"]),
    ("3", ["red 9", "red 5", "blue 7"], [], [], ["red 9", "red 5"]),
    # Copies of one card only: nothing to decide.
    ("2", ["red 5", "red 5", "red 5", "blue 7"], [], [], ["red 5", "red 5"]),
    # None: nothing is chosen, nothing given.
    ("1", ["blue 7", "blue 8"], [], [], []),
    ("0", ["red 9", "red 5", "blue 7"], [], [], []),
    # At least 0, at most 2: `done` is offered from the first pick on.
    ("0, 2", ["red 9", "red 5", "blue 7"], ["done"], [["red 9", "red 5", "done"]], []),
    ("0, 2", ["red 9", "red 5", "blue 7"], ["red 5", "red 9"],
     [["red 9", "red 5", "done"], ["red 9", "done"]], ["red 5", "red 9"]),
    ("1, 3", ["red 9", "red 5", "red 1", "blue 7"], ["red 1", "done"],
     [["red 9", "red 5", "red 1"], ["red 9", "red 5", "done"]], ["red 1"]),
])
def test_choose_cards_asks_one_card_at_a_time(tmp_path, count, hand, answers, options, given):
    rules = skip_does(tmp_path, GIVE.format(count=count))
    hand = hand + ["yellow 8", "yellow 9"]  # more than the UNO count is left
    game = table([["red skip"] + hand, OTHER], rules)
    game.apply(rules.card("red skip"))
    seen = []
    for answer in answers:
        assert game.decision.kind == "card" and game.decision.seat == 0
        seen.append([getattr(o, "name", o) for o in game.decision.options])
        game.apply(DONE if answer == DONE else rules.card(answer))
    assert seen == options
    assert game.decision.kind == "play" and game.decision.seat == 1
    assert names(game.hands[1]) == ["blue 2", "blue 3", "blue 4"] + given
    kept = list(hand)
    for name in given:
        kept.remove(name)
    assert names(game.hands[0]) == kept


@pytest.mark.parametrize("answer, refusal", [
    ("blue 7", "blue 7 is not one of the cards seat 0 may choose now: red 9, red 5, red 1"),
    ("done", "done is not one of the cards seat 0 may choose now"),
    (1, "1 is not one of the cards"),
])
def test_a_wrong_card_answer_is_explained_and_changes_nothing(tmp_path, answer, refusal):
    rules = skip_does(tmp_path, GIVE.format(count="2"))
    game = table([["red skip", "red 9", "red 5", "red 1", "blue 7"], OTHER], rules)
    game.apply(rules.card("red skip"))
    before = (names(game.hands[0]), game.decision)
    with pytest.raises(IllegalMove, match=refusal):
        game.apply(rules.card(answer) if answer in ("blue 7",) else answer)
    assert (names(game.hands[0]), game.decision) == before


@pytest.mark.parametrize("effect, problem", [
    ("let x = choose_cards(player, others, 1)", "choose_cards's second argument is a card or "
                                                "cards, not seats"),
    ('let x = choose_cards(player, hand(player), "two")', "choose_cards's third argument is a "
                                                          "number of cards"),
    ("let x = choose_cards(player, hand(player))", "takes 3 to 4 argument"),
    ("if choose_cards(player, hand(player), 1) then draw(next, 1) end", "changes the game"),
    ("play_cards(player, 3)", "play_cards's second argument is a card or cards, not a number"),
    ("cards_under_discard(next)", "takes 2 argument"),
    ("let x = choose_cards(player, hand(player), 1)\ndraw(x, 1)",
     "draw's first argument is a seat or seats, not cards"),
])
def test_card_moves_are_checked_at_load(tmp_path, effect, problem):
    with pytest.raises(DslError, match=problem):
        skip_does(tmp_path, effect)


@pytest.mark.parametrize("effect, problem", [
    ("let x = choose_cards(player, hand(player), 2, 1)", "at most 1 is fewer than at least 2"),
    ("let x = choose_cards(player, hand(player), 0 - 1)", "a number of cards is a whole number"),
    ("play_cards(player, top)", "does not hold"),
    ("cards_under_discard(player, top)", "does not hold"),
])
def test_card_moves_fail_clearly_in_play(tmp_path, effect, problem):
    rules = skip_does(tmp_path, effect)
    game = table([["red skip", "red 9", "red 5"], OTHER], rules)
    with pytest.raises(HouserulesError, match=problem) as err:
        game.apply(rules.card("red skip"))
    assert err.value.line is not None


PLAY_DRAW_TWOS = "play_cards(player, select(c in hand(player) if c.kind == \"draw_two\"))"


@pytest.mark.parametrize("hand, check", [
    # Each card a play of its own, in order: both draw twos' effects, the last one's colour.
    (["blue draw_two", "green draw_two", "red 1", "red 2"],
     lambda g: (names(g.discard[-3:]), g.color, len(g.hands[1]), g.lost_turns[1], g.turn)
     == (["red skip", "blue draw_two", "green draw_two"], "green", 7, 2, 0)),
    # Leaving one card: the UNO call is owed, as for any play.
    (["blue draw_two", "green draw_two", "red 1"],
     lambda g: (g.decision.kind, g.decision.seat, len(g.hands[0])) == ("uno", 0, 1)),
    # The last card goes out: its on_going_out happens and the hand is over.
    (["blue draw_two", "green draw_two"],
     lambda g: g.hand_results[-1].winner == 0 and g.hand_sizes()[1] == 7),
    # Nothing to play: the turn ends as the Skip's does.
    (["red 1", "red 2"], lambda g: names(g.discard) == ["red 3", "red skip"] and g.turn == 0),
])
def test_play_cards_plays_each_card_with_its_effect(tmp_path, hand, check):
    rules = skip_does(tmp_path, "lose_turn(next)\n" + PLAY_DRAW_TWOS)
    game = table([["red skip"] + hand, OTHER], rules)
    game.apply(rules.card("red skip"))
    if len(hand) == 2 and game.decision.kind == "uno":
        game.apply(True)  # the first draw two leaves one card: the call, then the last card
    assert check(game), (names(game.discard), game.hand_sizes(), game.decision)


def test_a_card_played_by_an_effect_fires_card_played_rules_in_order(tmp_path):
    """The first card's effect and rules are over before the next card is played."""
    extra = ("variables: {order: {initial: 0}}\nrules:\n  note:\n    when: card_played\n"
             "    if: card.kind == \"number\"\n"
             "    do: set_var(\"order\", var.order * 10 + card.rank)\n")
    rules = skip_does(tmp_path, "play_cards(player, select(c in hand(player) if c.kind == "
                                "\"number\" and c.color == \"red\"))", extra)
    game = table([["red skip", "red 1", "red 2", "blue 7", "blue 8"], OTHER], rules)
    game.apply(rules.card("red skip"))
    assert names(game.discard) == ["red 3", "red skip", "red 1", "red 2"]
    assert game.variables["order"] == 12 and game.color == "red"


@pytest.mark.parametrize("effect, pile", [
    ("cards_under_discard(player, select(c in hand(player) if c.rank == 9))",
     ["red 9", "red 3", "red skip"]),
    ("discard_cards(player, select(c in hand(player) if c.rank == 9))",
     ["red 3", "red 9", "red skip"]),
])
def test_cards_go_under_the_discard_pile_or_under_its_top(tmp_path, effect, pile):
    rules = skip_does(tmp_path, effect)
    game = table([["red skip", "red 9", "blue 7", "blue 8"], OTHER], rules)
    game.apply(rules.card("red skip"))
    assert names(game.discard) == pile and game.top.name == "red skip"


def test_play_cards_is_refused_once_the_hand_is_over(tmp_path):
    extra = "rules:\n  late:\n    when: hand_ended\n    do: play_cards(player, hand(player))\n"
    rules = skip_does(tmp_path, "lose_turn(next)", extra)
    game = GameState.from_table(rules, hands=[["red 5"], ["red 9", "blue 2"]],
                                discard=["red 3"], stock=["green 1"] * 3)
    with pytest.raises(HouserulesError, match="hand_ended rule: the hand is over"):
        game.apply(rules.card("red 5"))


@pytest.mark.parametrize("hint, options, chosen", [
    ("", ("red 1", "red skip", "done"), "red skip"),            # the most points
    ("card.rank == 1", ("red 1", "red skip", "done"), "red 1"),  # as the ruleset says
    ("card.rank == 7", ("red 1", "red skip", "done"), "done"),   # none rated: it stops
    ("card.rank == 7", ("red 1", "red skip"), "red 1"),          # unless it may not
])
def test_the_heuristic_bot_chooses_cards_as_its_ruleset_says(tmp_path, hint, options, chosen):
    extra = f"bots:\n  answers:\n    card: \"{hint}\"\n" if hint else ""
    rules = skip_does(tmp_path, "lose_turn(next)", extra)
    game = table([["red 1", "red skip"], OTHER], rules)
    offered = tuple(o if o == DONE else rules.card(o) for o in options)
    answer = HeuristicAgent(1).decide(game, Decision("card", 0, offered))
    assert getattr(answer, "name", answer) == chosen


GIVEAWAY = """\
extends: {base}
name: giveaway
rules:
  giveaway:
    when: card_played
    if: card.kind == "number"
    do: |
      let chosen = choose_cards(player, select(c in hand(player) if c.color == card.color), 0, 2)
      cards_under_discard(player, chosen)
  twice:
    when: card_played
    if: card.kind != "number" and count(c in hand(player) if c == card) > 0
    do: play_cards(player, card)
"""


@pytest.mark.parametrize("base", ["classic", "mario_kart"])
@pytest.mark.parametrize("bots", ["random", "heuristic"])
def test_bots_play_card_choices_with_invariants_holding(tmp_path, base, bots):
    rules = load_ruleset(write(tmp_path, "g.yaml", GIVEAWAY.format(base=base)))
    picks = []
    for seed in range(3):
        agents = [(RandomAgent if bots == "random" else HeuristicAgent)(seed * 10 + seat)
                  for seat in range(3)]
        play_checked(GameState(rules, players=3, seed=seed), agents,
                     on_step=lambda g, d, a: picks.append(a) if d.kind == "card" else None)
    assert picks and (bots == "heuristic" or DONE in picks)


def test_a_log_of_card_choices_replays(tmp_path):
    rules_path = write(tmp_path, "g.yaml", GIVEAWAY.format(base="classic"))
    rules = load_ruleset(rules_path)
    log_path = tmp_path / "game.jsonl"
    log = LogWriter(log_path, str(rules_path), rules, 3, 5)
    play_match(GameState(rules, players=3, seed=5), [RandomAgent(s) for s in range(3)], log)
    rows = [json.loads(line) for line in log_path.read_text().splitlines()]
    assert any(row.get("kind") == "card" for row in rows)
    assert replay(log_path).same


def test_a_saved_game_with_card_choices_resumes(tmp_path):
    rules_path = write(tmp_path, "g.yaml", GIVEAWAY.format(base="classic"))
    session = Session(str(rules_path), {}, 3, 0, "random", 4)
    person, picks = RandomAgent(9), 0
    for _ in range(400):
        game = session.game
        if game.over:
            break
        if game.decision is None:
            session.next_hand()
            continue
        decision = game.decision
        if decision.seat is None:
            answer = None
        else:
            agent = person if decision.seat == 0 else session.bots[decision.seat]
            answer = agent.decide(game, decision)
        picks += decision.kind == "card"
        session.apply(answer)
    assert picks
    session.save(tmp_path / "save.json")
    again = Session.load(tmp_path / "save.json")
    assert [names(h) for h in again.game.hands] == [names(h) for h in session.game.hands]
    assert names(again.game.discard) == names(session.game.discard)
    assert getattr(again.game.decision, "kind", None) == getattr(session.game.decision, "kind", None)


@pytest.mark.parametrize("lines, chosen", [
    (["2"], "red 9"),  # numbered as the hand shows it: red 5, red 9, blue 7
    (["9", "x", "1"], "red 5"),
    (["red 9"], "red 9"),  # or named, as a colour is
    (["RED 5"], "red 5"),
    (["red", "done"], "done"),  # the first letters of two cards' names: which one?
    (["done"], "done"),
])
def test_the_terminal_asks_for_a_card(tmp_path, lines, chosen):
    rules_path = write(tmp_path, "g.yaml", GIVEAWAY.format(base="classic"))
    session = Session(str(rules_path), {}, 2, 0, "random", 1)
    rules = session.ruleset
    session.game = GameState.from_table(rules, hands=[["red 4", "red 9", "red 5", "blue 7"],
                                                      ["blue 2", "blue 3"]],
                                        discard=["red 3"], stock=["green 1"] * 4, record=True)
    session.game.apply(rules.card("red 4"))
    out, feed = io.StringIO(), iter(lines)
    terminal = TerminalGame(session, read=lambda prompt: (out.write(prompt), next(feed))[1],
                            out=out, color=False)
    answer = terminal.choose(session.game.decision)
    assert getattr(answer, "name", answer) == chosen
    # The prompt names the rule it is for; the cards on offer are marked in the hand.
    assert "Your hand: 1) red 5*  2) red 9*  3) blue 7\n" in out.getvalue()
    assert "Choose a card marked * for giveaway (its number or name; done: no more): " \
        in out.getvalue()
    if lines[0] in ("9", "red"):
        assert f"'{lines[0]}' is not an answer here. Type the number of a card marked * (1, 2) or its " \
            "name, or done to stop." in " ".join(out.getvalue().split())


SCENARIO = """\
name: Choose two red cards to put under the discard pile
ruleset: g.yaml
table:
  hands: [[red 4, red 9, red 5, blue 7, blue 8], [blue 2, blue 3]]
  discard: [red 3]
  stock: [green 1, green 2]
steps:
  - play: red 4
    expect: {pending: card, options: [red 9, red 5, done]}
  - answer: red 5
    expect: {pending: card, options: [red 9, done]}
  - answer: blue 7
    refused: not one of the cards
  - answer: red 9
    expect: {discard: [red 5, red 9, red 3, red 4], hands: {0: [blue 7, blue 8]}, turn: 1}
"""


def test_a_scenario_answers_card_choices_by_name(tmp_path):
    write(tmp_path, "g.yaml", GIVEAWAY.format(base="classic"))
    (outcome,) = check_files([write(tmp_path, "s.yaml", SCENARIO)])
    assert outcome.passed, outcome.failures


@pytest.mark.parametrize("effect, said", [
    ("let x = choose_cards(player, select(c in hand(player) if c.rank == 9), 0, 2)",
     "The player chooses 0 to 2 of the cards in the hand of the player where its rank is 9."),
    ("let x = choose_cards(player, hand(player), 1)", "The player chooses 1 of the hand of"),
    ("play_cards(player, top)", "The player plays the top card, each card's effect applied"),
    ("cards_under_discard(player, top)", "puts the top card at the bottom of the discard pile"),
])
def test_explain_tells_card_moves_in_words(tmp_path, effect, said):
    assert said in explain(skip_does(tmp_path, effect))
