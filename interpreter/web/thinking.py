"""A searching bot's thinking at a browser table: off the server's loop, within its table's
pace, never seen.

A bot that searches (seating.SEARCHING: the strong bot) thinks for tenths of a second a
decision where the others answer in microseconds; on the server's one event loop it would
hold every other table that long. So what the searching bots of a table are asked is taken
from it as a Thought: a copy of its game (taken on the loop, between two changes, so never
half-changed; the table's one copy, brought up to date, once its last thought has ended, so
that the bots' memory of the hand, kept by the game they saw, holds from one decision to
the next as it does in `play`) and the question as that copy asks it. A worker thread
thinks it over (`think`) without touching the table: the table's game, its save and its
other bots stay the loop's alone, and a thought the table has moved on from (a person took
the window, the host ended the table) is dropped. The table gives the answers at its own pace, its bot
delay from when it was asked, as it gives every bot's (Hall.drive, app.py), however long
the bot thought: a search takes longer with more options, and its hand must not show in
when it moves. Nothing says a bot is thinking: a seat shows only that it is asked (`deciding`).
What a thought still leaves to be noticed is the server's load while it runs (requests a few
milliseconds slower, as while any table works), shared by every table's bots.

What a thought costs is its table's own:
- time: it ends THINKING of the table's bot delay after the question was asked (the search's
  `seconds`, shared among the searching bots asked at once, at a window), so its answer is
  ready when the table's pace shows it; a thought that waited for the worker has less left,
  and plays out a single dealt game when it has none (the search's least);
- work: each game it plays out may do what the table lends one move (budget.MOVE_WORK, and
  the turns' reserve, as within_move lends it), however much the game has left;
- place: one thought of a table's at a time, and one worker for every table (Hall.think):
  tables of strong bots wait their turn and each think less, rather than take more of the
  server.
A thread, not a process: a game's compiled rules do not pickle, so a process would replay
the match for every decision; and with the worker made to give the loop the interpreter's
lock soon (SWITCH_INTERVAL, set by `houserules serve`), the loop answers other tables
within 100 ms while tables of strong bots think (tests/frontends/web/test_table_work.py;
docs/web-api.md has the figures).
"""

from __future__ import annotations

from typing import Any

from interpreter.engine.budget import MOVE_WORK, RULES_RESERVE
from interpreter.engine.clone import clone_state
from interpreter.engine.decisions import Decision
from interpreter.playing.match import decide

THINKING = 0.75  # of a table's bot delay a thought may take; the rest is a margin for the load
# Seconds the worker may hold the interpreter's lock once the loop asks for it (Python's own:
# 5 ms). The loop gives it up at every wait for its sockets, and waited up to that long to
# take it back each time: three tables of strong bots at a 0.3 s pace took another table's
# state from 8 ms to 104 ms at the 99th percentile, 31 ms at this (pure-Python build, load 5).
SWITCH_INTERVAL = 0.001


class Thought:
    """What a table's searching bots are asked now, apart from the table: thought over in a
    worker (`think`), answered at the table (`answers`). `key`: what the table asks, so that
    a thought it has moved on from is known (Table.thinking_key)."""

    def __init__(self, table: Any) -> None:
        self.key = table.thinking_key()
        assert self.key is not None  # a searching bot is asked
        game = table.session.game
        last = table.thought
        if last is not None and last.done:
            twin = last.game  # the worker is done with it
            clone_state(game, twin)
        else:
            twin = game.clone()  # the last is still thinking on its own
        twin.work_left = min(twin.work_left, MOVE_WORK + RULES_RESERVE)
        self.game = twin
        self.bots = [(seat, table.session.bots[seat]) for seat in self.key[-1]]
        self.ends = table.asked_at + table.bot_delay * THINKING  # on the table's clock
        self.clock = table.clock
        self.chosen: dict[int, int] = {}  # seat -> the index of its answer among its options
        self.done = False  # set as the worker lets go of `game`
        self.future: Any = None  # the worker's run of `think` (Hall.think)
        table.thought = self

    def think(self) -> dict[int, int]:
        """Each searching bot's answer, as the index of its option, by seat: the search runs
        here (in a worker), each bot within its share of the time left."""
        game = self.game
        try:
            for done, (seat, agent) in enumerate(self.bots):
                agent.seconds = max(0.0, self.ends - self.clock()) / (len(self.bots) - done)
                asked = asked_of(game, seat)
                self.chosen[seat] = index_of(asked.options, decide(agent, game, asked))
        finally:
            self.done = True
        return self.chosen

    def answers(self, table: Any) -> dict[int, object]:
        """The answers thought of, each as the table's own question offers it, by seat."""
        asking = table.asking()
        return {seat: asking[seat].options[index] for seat, index in self.chosen.items()}


def asked_of(game: Any, seat: int) -> Decision:
    """What `game` asks `seat` now: its own decision, or a window's offer to it."""
    decision = game.decision
    assert decision is not None
    return decision if decision.seat is not None else decision.offer(seat)


def index_of(options: tuple, choice: object) -> int:
    """Where `choice` is among `options`: the very object (a card), else an equal one."""
    for index, option in enumerate(options):
        if option is choice:
            return index
    return options.index(choice)
