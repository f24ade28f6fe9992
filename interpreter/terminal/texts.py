"""The terminal's fixed texts: the answers a person types (the same in every language), its
help, and the prompts of a card choice (prompts.py picks them and translates them where they
are shown)."""

from __future__ import annotations

from interpreter.presenting.translation import N_

# The help, as (key, what it does) rows: laid out to the terminal's width (Prompts.help).
HELP_KEYS = (
    ("3", N_("play card number 3 of your hand (cards marked * can be played now)")),
    ("3 uno", N_("play card 3 and call {call} (also 3 u, 3 uno!): do it when that leaves you "
                 "{left}")),
    ("d", N_("draw instead of playing (p to pass, when the game offers a pass)")),
    ("s", N_("sort your hand by colour and rank, or keep the order it was dealt (a switch)")),
    ("t", N_("show the table and your hand again")),
    ("h", N_("this help")),
    ("q", N_("quit (with --save the game is kept; else you are asked first)")),
)
HELP_OTHERS = (
    N_("a colour: its number, its name or first letters (r, blue)"),
    N_("a player: the number shown or the name (1, bot 1)"),
    N_("yes/no: y, yes, n, no (or the question's word: challenge)"),
    N_("a catch: c, catch or y; Enter or n lets it go"),
    N_("a jump-in: j, jump or y; Enter or n lets it go"),
    N_("a card to choose: its number in your hand, its name (red 5), or done when you may stop"),
)
# The prompt of a card choice, by (what for: "pass" to a player, "for" a purpose, or "";
# whence: "marked" cards of the hand, the whole "hand", or "" a list shown; done allowed).
CHOOSE_CARD = {
    ("pass", "marked", False): N_("Choose a card marked * to pass to {player} (its number or name): "),
    ("pass", "marked", True): N_("Choose a card marked * to pass to {player} (its number or name; "
                                 "done: no more): "),
    ("pass", "hand", False): N_("Choose a card of your hand to pass to {player} (its number or "
                                "name): "),
    ("pass", "hand", True): N_("Choose a card of your hand to pass to {player} (its number or "
                               "name; done: no more): "),
    ("pass", "", False): N_("Choose a card to pass to {player}: {cards} (its number or name): "),
    ("pass", "", True): N_("Choose a card to pass to {player}: {cards} (its number or name; done: "
                           "no more): "),
    ("for", "marked", False): N_("Choose a card marked * for {purpose} (its number or name): "),
    ("for", "marked", True): N_("Choose a card marked * for {purpose} (its number or name; done: "
                                "no more): "),
    ("for", "hand", False): N_("Choose a card of your hand for {purpose} (its number or name): "),
    ("for", "hand", True): N_("Choose a card of your hand for {purpose} (its number or name; "
                              "done: no more): "),
    ("for", "", False): N_("Choose a card for {purpose}: {cards} (its number or name): "),
    ("for", "", True): N_("Choose a card for {purpose}: {cards} (its number or name; done: no "
                          "more): "),
    ("", "marked", False): N_("Choose a card marked * (its number or name): "),
    ("", "marked", True): N_("Choose a card marked * (its number or name; done: no more): "),
    ("", "hand", False): N_("Choose a card of your hand (its number or name): "),
    ("", "hand", True): N_("Choose a card of your hand (its number or name; done: no more): "),
    ("", "", False): N_("Choose a card: {cards} (its number or name): "),
    ("", "", True): N_("Choose a card: {cards} (its number or name; done: no more): "),
}

INVALID = object()  # what a prompt's parser gives for a line it cannot take
YES = ("y", "yes")
NO = ("n", "no")
UNO_WORDS = ("u", "uno", "uno!")


def numbered(line: str, options):
    """The option numbered `line` (from 1), or INVALID."""
    return options[int(line) - 1] if is_number(line) and 1 <= int(line) <= len(options) else INVALID


def is_number(text: str) -> bool:
    """Plain digits 0-9 (`²` and `①` pass str.isdigit() but not int())."""
    return text.isascii() and text.isdigit()
