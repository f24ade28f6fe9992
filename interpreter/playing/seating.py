"""Who sits where: the bundled bots by name (AGENTS), the one reading of a `--bots` list (the
command line, the learning environments, a saved game, the browser table's seats), and the
bots of a table, each made by bot() from its name and its seat's seed."""

from __future__ import annotations

from typing import Any

from interpreter.errors import HouserulesError
from interpreter.playing.agents import EagerAgent, ForgetfulAgent, HeuristicAgent, RandomAgent
from interpreter.playing.dice import Dice
from interpreter.playing.search import StrongAgent

DEFAULT = "random"  # the bots of an empty list

# The bundled bots by name: every front end makes them through bot() (the browser's seat
# menu lists them, with BOT_HELP).
AGENTS = {"random": RandomAgent, "heuristic": HeuristicAgent, "eager": EagerAgent,
          "forgetful": ForgetfulAgent, "strong": StrongAgent}
# What each plays like, in a line, wherever the bots are listed: as data, since the compiled
# build keeps no docstrings.
BOT_HELP = {"random": "Uniform over the legal options.",
            "heuristic": "Plays sensibly: coloured cards before colourless ones, its strongest "
                         "colour, calls UNO.",
            "eager": "Plays like RLCard's random loop: a random playable card if any, else draws.",
            "forgetful": "The heuristic bot, but it forgets to call UNO one time in five, so "
                         "people can catch it.",
            "strong": "Searches: plays each option out in games dealt as its seat sees them, and "
                      "takes the one that wins most (slower)."}


# The bots that search: tenths of a second a decision where the others take microseconds. A
# front end with other work to do lets them think elsewhere, within a time limit (their
# `seconds`, StrongAgent's): the browser table (web/thinking.py).
SEARCHING = frozenset({"strong"})


def bot(name: str, rng: Any) -> Any:
    """The bundled bot `name` (one of AGENTS), drawing from `rng` (or a generator seeded
    with it): the one place every front end makes its bots (seat_bots seats them)."""
    agent = AGENTS.get(name)
    if agent is None:
        raise HouserulesError(unknown_bot(name))
    return agent(rng)


def unknown_bot(name: str) -> str:
    """What is said of a bot name that names none of AGENTS (quoted, escaped, and cut short
    when it is long, as the command line quotes an argument)."""
    quoted = repr(name) if len(name) <= 40 else f"{name[:30]!r}... ({len(name):,} characters)"
    return f"unknown bot {quoted}; bots: {', '.join(AGENTS)}"


def known_bot(name: object) -> bool:
    """Whether `name` names one of the bundled bots."""
    return isinstance(name, str) and name in AGENTS


def searches(name: object) -> bool:
    """Whether `name` names a bot that searches (SEARCHING)."""
    return isinstance(name, str) and name in SEARCHING


def bot_names(bots: str | list[str] | tuple[str, ...], players: int | None = None,
              person: int | None = None) -> list[str | None]:
    """The bot name of each seat from a `--bots` list: a comma list, or a list of names.

    One name seats that bot everywhere; otherwise one name per seat. With `person`, a
    person's seat (None there), the list may also name one bot per other seat, in seat
    order (the person's entry of a list of one per seat must name a bot too, and is not
    used). Without `players` only the names are checked (the command line's first look:
    how many is checked at the table). An unknown name, or a count that fits no way of
    listing them, is refused (HouserulesError)."""
    given = bots.split(",") if isinstance(bots, str) else list(bots)
    names: list[str | None] = [name.strip() for name in given] if bots else [DEFAULT]
    if players is not None:
        if len(names) == 1:
            names = names * players
        elif person is not None and len(names) == players - 1:
            names.insert(person, names[0])
        elif len(names) != players:
            raise HouserulesError(f"--bots lists {len(names)} bots for {players} players" + (
                "" if person is None else f": give one name, one per seat ({players}) or one "
                                          f"per bot ({players - 1})"))
    unknown = [name for name in names if not known_bot(name)]
    if unknown:
        raise HouserulesError(unknown_bot(str(unknown[0])))
    if person is not None and players is not None:
        names[person] = None
    return names


def seat_bots(names: list[str | None], seed: object) -> list[Any]:
    """A bot for every seat that names one (None stays None: a person's, a learner's), each
    drawing from its own generator seeded `SEED/SEAT` (what a saved game keeps the state
    of); or, when `seed` is a Dice, all from it (a simulation's table, reseeded for every
    game: the small generator, as seeding a Mersenne Twister costs as much as three turns)."""
    shared = isinstance(seed, Dice)
    return [None if name is None else bot(name, seed if shared else f"{seed}/{seat}")
            for seat, name in enumerate(names)]


def make_agents(bots: str, players: int, seed: object) -> list[Any]:
    """A simulation's table of bots from `--bots`, sharing one Dice seeded with `seed`."""
    return seat_bots(bot_names(bots, players), Dice(seed))
