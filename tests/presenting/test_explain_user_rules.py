"""`explain` on rules a person wrote (issue 46, point 9): every event in words, the names an
event binds in words (`count` too), seats called seats, two loops' items told apart, and a
pending penalty's choice said wherever the rules make one."""

from __future__ import annotations

import textwrap

import pytest
from helpers import write

from interpreter import load_ruleset
from interpreter.engine.triggers import EVENTS, REPLACEABLE
from interpreter.presenting.explain import explain


def explained(tmp_path, body: str) -> str:
    """`explain` of classic with `body` (YAML) added, on one line per paragraph."""
    path = write(tmp_path, "mine.yaml", "extends: classic\nname: mine\n" + textwrap.dedent(body))
    return explain(load_ruleset(path))


def rule(event: str, text: str, condition: str = "") -> str:
    """A `rules:` table of one rule on `event` (`when:`, or `instead_of:` for one it replaces)."""
    key = "instead_of" if event in REPLACEABLE else "when"
    test = f"\n    if: {condition!r}" if condition else ""
    return f"rules:\n  mine:\n    {key}: {event}{test}\n    do: {text!r}\n"


# Each event, a rule on it, and how its line reads.
EVENT_RULES = {
    "card_played": (rule("card_played", "draw(next, 1)", 'card.kind == "skip"'),
                    "- mine: When a card is played and this card's kind is skip: The next player "
                    "draws 1 card."),
    "card_turned": (rule("card_turned", "lose_turn(player)"),
                    "- mine: When a card is turned over: The player loses their next turn."),
    "turn_started": (rule("turn_started", "draw(player, 1)", "size(hand(player)) > 10"),
                     "- mine: When a turn starts and the number of cards in the hand of the "
                     "player is more than 10: The player draws 1 card."),
    "turn_ended": (rule("turn_ended", "draw(player, 1)"),
                   "- mine: When a turn ends: The player draws 1 card."),
    "hand_started": (rule("hand_started", "draw(player, 1)"),
                     "- mine: When a hand starts: The dealer draws 1 card."),
    "cards_drawn": (rule("cards_drawn", "draw(next, 1)", "size(drawn) >= 3"),
                    "- mine: When a player has drawn cards and the number of cards just drawn "
                    "is at least 3: The next player draws 1 card."),
    "hand_ended": (rule("hand_ended", "eliminate(player)"),
                   "- mine: When a hand has been won and scored: The hand's winner is out of "
                   "the match."),
    "hand_size_changed": (rule("hand_size_changed", "eliminate(seat)", "count >= 20"),
                          "- mine: When a hand's size changes and the number of cards the seat "
                          "now holds is at least 20: The seat is out of the match."),
    "decided": (rule("decided", "draw(seat, 1)", 'decision == "color" and answer == "red"'),
                "- mine: When a player has decided and the decision is color and the answer is "
                "red: The seat draws 1 card."),
    "draw_owed": (rule("draw_owed", "draw(seat, count - 1)", "count > 2"),
                  "- mine: Instead of an owed draw, when the number of cards owed is more than 2: "
                  "The seat draws the number of cards owed minus 1."),
    "turn_lost": (rule("turn_lost", "draw(seat, 1)"),
                  "- mine: Instead of a lost turn: The seat draws 1 card."),
    "turn_draw": (rule("turn_draw", "draw(seat, 2)"),
                  "- mine: Instead of drawing for the turn: The seat draws 2 cards."),
    "uno_penalty": (rule("uno_penalty", "draw(seat, count + 2)"),
                    "- mine: Instead of the UNO penalty: The seat draws the number of penalty "
                    "cards plus 2."),
}


def test_every_event_has_its_words():
    assert set(EVENT_RULES) == set(EVENTS) | set(REPLACEABLE)


@pytest.mark.parametrize("event", list(EVENT_RULES))
def test_a_rule_on_each_event_reads_as_plain_english(tmp_path, event):
    body, said = EVENT_RULES[event]
    text = explained(tmp_path, body)
    line = next(line for line in text.splitlines() if line.startswith("- mine:"))
    assert line == said
    assert "_" not in line and "count" not in line  # no internal name


# The text of a card's on_play, and what it says: seats as seats, the items of two loops of
# one kind told apart by their names, a variable's seats and a let's list known for what
# they hold.
VARIABLES = """\
variables:
  targets: {scope: hand, type: seats}
  leader: {scope: match, type: seat}
  hoard: {scope: hand, type: cards}
"""
LOOPS = [
    ("for s in others do\n  for t in everyone do\n    if s != t and size(hand(s)) > size(hand(t))"
     " then draw(s, 1) end\n  end\nend",
     "For each seat s of every other player, in turn: For each seat t of everyone, in turn: If "
     "seat s is not seat t and the number of cards in the hand of seat s is more than the number "
     "of cards in the hand of seat t: Seat s draws 1 card."),
    ("draw(next, count(c in hand(player) if any(d in hand(next) if d.color == c.color)))",
     "The next player draws the number of cards c in the hand of the player where there is a "
     "card d in the hand of the next player where card d's color is card c's color."),
    ("if any(s in others if any(c in hand(s) if c.kind == \"skip\")) then draw(player, 1) end",
     "If there is a seat in every other player where there is a card in the hand of that seat "
     "where its kind is skip: The player draws 1 card."),
    ("for s in others do draw(s, 1) end", "For each seat of every other player, in turn: That "
                                          "seat draws 1 card."),
    ("draw(next, sum(size(hand(s)) for s in others if s != next))",
     "The next player draws the sum of the number of cards in the hand of that seat over every "
     "other player where that seat is not the next player cards."),
    ("draw(next, count(s in var.targets if s != next))",
     "The next player draws the number of seats in targets where that seat is not the next "
     "player cards."),
    ("let rivals = select(s in others if score(s) > score(player))\n"
     "draw(next, count(r in rivals if r != next))",
     "the number of seats in rivals where that seat is not the next player"),
    ("if any(s in var.leader if s == player) then draw(next, 2) end",
     "If there is a seat in leader where that seat is the player: The next player draws 2 "
     "cards."),
    ("if any(c in var.hoard if c.kind == \"wild\") then draw(player, 1) end",
     "If there is a card in hoard where its kind is wild: The player draws 1 card."),
    ("if any(x in colors_in(hand(player)) if x == color) then draw(next, 1) end",
     "If there is a colour in the colours among the hand of the player where it is the colour to "
     "follow: The next player draws 1 card."),
    ("if all(c in hand(player) if c.kind == \"skip\") then draw(next, 1) end",
     "If every card in the hand of the player is such that its kind is skip: The next player "
     "draws 1 card."),
    ("set_var(\"leader\", lowest_scorer(seats_in()))\nfor s in var.targets do draw(s, 1) end",
     "For each seat of targets, in turn: That seat draws 1 card."),
]


@pytest.mark.parametrize("effect, said", LOOPS)
def test_seats_are_seats_and_two_loops_items_are_told_apart(tmp_path, effect, said):
    body = VARIABLES + "kinds:\n  skip:\n    on_play: |\n" + textwrap.indent(effect, "      ")
    text = " ".join(explained(tmp_path, body + "\n").split())
    assert said in text


STACKED = ("While a penalty is pending, the player whose turn it is either answers it with a "
           "card the rules allow, or draws the whole penalty, and their turn is over.")


@pytest.mark.parametrize("ruleset, options, told", [
    ("classic+house/stacking", {}, True),
    ("classic", {"stacking": True}, True),
    ("no_mercy", {}, True),
    ("mario_kart+house/stacking", {}, True),
    ("crazy_eights", {"use_special_cards": True}, True),
    ("crazy_eights", {}, False),  # its penalty comes only with an option that is off
    ("classic", {}, False),  # `penalty` is read, but nothing adds to it
    ("uno_flip", {}, False),  # take_penalty only
])
def test_a_pending_penalty_s_choice_is_said_where_the_rules_make_one(ruleset, options, told):
    text = " ".join(explain(load_ruleset(ruleset, options)).split())
    assert (STACKED in text) is told
    assert ("With no penalty pending, a player " in text) is told


def test_a_penalty_a_user_rule_adds_is_said_too(tmp_path):
    text = " ".join(explained(tmp_path, rule("card_played", "add_penalty(1)",
                                             'card.kind == "skip"')).split())
    assert "The pending penalty grows by 1 card." in text
    assert STACKED + " With no penalty pending, a player who does not play draws one card." in text
