"""The seats and the seed a table is set up with, checked as a front end asks for them."""

from __future__ import annotations

import secrets

from interpreter.playing.seating import AGENTS, known_bot
from interpreter.web.lobby import one_line
from interpreter.web.table_files import TableError
from interpreter.web.words import said_here

MAX_NAME = 30  # characters of a seat's name
SEAT_KINDS = ("you", "person", "bot")


def new_token() -> str:
    """An unguessable seat token (128 bits)."""
    return secrets.token_urlsafe(16)


def default_name(kind: str, index: int) -> str:
    """The name of a seat given none, in the language of whoever sets the table up: a name,
    the same at every seat."""
    if kind == "you":
        return said_here("Host")
    if kind == "person":
        return said_here("Guest {number}").format(number=index)
    return said_here("Bot {number}").format(number=index)


def seat_specs(seats, players_range: tuple) -> list:
    """The seats asked for, checked: each a person ("you", "person") or a bot of a known kind."""
    low, high = players_range
    if not isinstance(seats, list) or not low <= len(seats) <= high:
        raise TableError(said_here("expected a list of {least} to {most} seats")
                         .format(least=low, most=high))
    specs = []
    for index, seat in enumerate(seats):
        if not isinstance(seat, dict) or not isinstance(seat.get("kind"), str) \
                or seat["kind"] not in SEAT_KINDS:
            raise TableError(said_here("seat {index}: expected a kind, one of {kinds}")
                             .format(index=index, kinds=", ".join(SEAT_KINDS)))
        bot = seat.get("bot") or "heuristic"
        if seat["kind"] == "bot" and not known_bot(bot):
            raise TableError(said_here("seat {index}: no bot named {name}; bots: {bots}")
                             .format(index=index, name=repr(one_line(bot)[:30]),
                                     bots=", ".join(AGENTS)))
        if not isinstance(seat.get("name") or "", str):
            raise TableError(said_here("seat {index}: expected its name as text")
                             .format(index=index))
        name = one_line(seat.get("name") or "")[:MAX_NAME].strip()
        specs.append({"kind": "bot" if seat["kind"] == "bot" else "person",
                      "you": seat["kind"] == "you", "bot": bot if seat["kind"] == "bot" else None,
                      "name": name or default_name(seat["kind"], index),
                      "token": None if seat["kind"] == "bot" else new_token()})
    if not any(spec["kind"] == "person" for spec in specs):
        raise TableError(said_here("a table needs at least one person's seat"))
    return specs


def match_seed(seed, people: int, chosen_seeds: bool) -> int:
    """The seed a match is dealt from: `seed` when it may be chosen (a table of one person,
    or `chosen_seeds`), else refused; None: one nobody chooses."""
    if seed is not None and people > 1 and not chosen_seeds:
        raise TableError(said_here("a table of several people is dealt from a seed nobody "
                                   "chooses (whoever knew it would know every hand): leave "
                                   "the seed out; it is shown once the match is over"))
    if seed is None:
        seed = secrets.randbelow(2 ** 31)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2 ** 53:
        raise TableError(said_here("expected the seed as a whole number from 0 to 2**53"))
    return seed
