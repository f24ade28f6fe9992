"""The match driver: who answers next, giving the game an answer, the next hand, the end.

Every front end that drives a match drives it through a Match: simulate (`play_match`, the
whole match between bots), the terminal game, the browser table, the PettingZoo and
Gymnasium environments and the OpenSpiel game. A front end keeps only what is its own: who
sits where (a seat without a bot is a person's, or a learner's, and the front end answers
for it), timing, and what a seat is shown.

Who answers: a decision's own seat; or, at a window (a jump-in, catching a missed UNO: a
decision of no seat, open to the seats `open_to`), each seat it is open to, offered as a
yes/no of its own (`Decision.offer`: take it, the seat; let it go, None). The game hears one
answer for the whole window: the first seat that took it, or None once every seat it was
asked of has let it go. A window is asked
- one seat at a time, in the order `open_to` gives (simulate, the terminal, the learning
  environments, OpenSpiel), or
- of every seat at once (`together`, the browser table; docs/game-rules.md 3, Decided:
  windows): the bots answer together (the first of them in `open_to` order that takes it
  has it), the people in any order, and the window closes when a seat takes it, when every
  seat asked has let it go, or when the front end says its time is up (`time_up`), never
  because of who could have taken it. A person who cannot take it is asked too (only to
  let it go) unless `ask_unable` is off (a person alone at a table, with nobody to watch
  how long the window stays open).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from interpreter.engine.decisions import Decision
from interpreter.engine.game import GameState
from interpreter.playing.agents import EagerAgent, RandomAgent

Apply = Callable[[object], None]  # how a front end gives the game an answer (and records it)
Deal = Callable[[], None]  # how a front end deals the next hand


class Match:
    """A match being played: its game, the bot at each seat (None where the front end answers:
    a person, a learner), and the window open now, as far as it has been asked.

    `apply` and `deal`, when given, are how the game hears an answer and deals the next hand
    (a Session records both, for its save); otherwise `game.apply` and `game.next_hand`, each
    noted in `log` (a gamelog.LogWriter) when there is one.
    """

    game: GameState
    bots: list[Any]
    log: Any
    applying: Apply | None
    dealing: Deal | None
    together: bool
    ask_unable: bool
    open_window: Decision | None  # the window whose asking is kept below (None: none yet)
    offered: int  # one seat at a time: the position in its open_to of the seat asked now
    people_left: list[int]  # together: the seats without a bot yet to answer
    bots_left: list[int]  # together: the bots yet to answer (they answer at once)

    def __init__(self, game: GameState, bots: list[Any], log: Any = None,
                 apply: Apply | None = None, deal: Deal | None = None,
                 together: bool = False, ask_unable: bool = True) -> None:
        self.game = game
        self.bots = bots
        self.log = log
        self.applying = apply
        self.dealing = deal
        self.together = together
        self.ask_unable = ask_unable
        self.open_window = None
        self.offered = 0
        self.people_left = []
        self.bots_left = []

    def moved_to(self, game: GameState) -> Match:
        """This driver for a copy of its game (OpenSpiel's clone of a state): the same bots,
        and the window asked as far as here."""
        twin = Match(game, self.bots, self.log, self.applying, self.dealing, self.together,
                     self.ask_unable)
        if self.open_window is not None and self.open_window is self.game.decision:
            twin.open_window = game.decision
            twin.offered = self.offered
            twin.people_left = list(self.people_left)
            twin.bots_left = list(self.bots_left)
        return twin

    # --- who is asked -----------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.game.over

    def asked(self) -> tuple[int | None, Decision | None, bool]:
        """(seat, decision, window) asked one seat at a time: the seat that must answer now,
        its decision (a window's offer as that seat sees it) and whether it is a window's
        offer; (None, None, False) when nobody must (the hand or the match is over)."""
        decision = self.game.decision
        if decision is None:
            return None, None, False
        seat = decision.seat
        if seat is not None:
            return seat, decision, False
        asked: int = decision.open_to[self.position(decision)]
        return asked, decision.offer(asked), True

    def asking(self) -> dict[int, Decision]:
        """Seat -> the decision as that seat is asked it now: the decision's own seat; at a
        window, the seat asked now (one at a time) or every seat yet to answer (together),
        each its own offer; empty when nobody must answer."""
        decision = self.game.decision
        if decision is None:
            return {}
        if decision.seat is not None:
            return {decision.seat: decision}
        if not self.together:
            seat: int = decision.open_to[self.position(decision)]
            return {seat: decision.offer(seat)}
        return {seat: decision.offer(seat) for seat in self.waiting()}

    def waiting(self) -> list[int]:
        """At a window: the seats yet to answer it, in the order it lists them (one at a
        time: the seat asked now; together: the people, and the bots until they answer)."""
        decision = self.game.decision
        if decision is None or decision.seat is not None:
            return []
        self.open(decision)
        if not self.together:
            return [decision.open_to[self.offered]]
        return [seat for seat in decision.open_to
                if seat in self.people_left or seat in self.bots_left]

    def bot_asked(self) -> bool:
        """Whether a bot is yet to answer what is asked now."""
        bots = self.bots
        return any(bots[seat] is not None for seat in self.asking())

    def position(self, decision: Decision) -> int:
        """One seat at a time: the position in `decision.open_to` of the seat asked now."""
        self.open(decision)
        return self.offered

    def open(self, decision: Decision) -> None:
        """Keep the asking of the window `decision` from now on, unless it is kept already."""
        if self.open_window is decision:
            return
        self.open_window = decision
        self.offered = 0
        if self.together:
            bots = self.bots
            able = decision.options
            self.people_left = [seat for seat in decision.open_to if bots[seat] is None
                                and (self.ask_unable or seat in able)]
            self.bots_left = [seat for seat in decision.open_to if bots[seat] is not None]

    # --- answers ----------------------------------------------------------------------

    def answer(self, seat: int, answer: object) -> bool:
        """`seat` answers what it is asked now (`asked`, `asking`); at a window, its offer:
        its own seat to take it, None to let it go. True when the game heard an answer;
        False while the window waits for other seats."""
        decision = self.game.decision
        if decision is None or decision.seat is not None or answer is not None:
            self.give(answer)
            return True
        self.open(decision)
        if self.together:
            if seat in self.people_left:
                self.people_left.remove(seat)
            elif seat in self.bots_left:
                self.bots_left.remove(seat)
            if self.people_left or self.bots_left:
                return False
        else:
            self.offered += 1
            if self.offered < len(decision.open_to):
                return False
        self.give(None)
        return True

    def bots_answer(self, decided: dict[int, object] | None = None) -> bool:
        """The bots asked now answer: the decision's bot; at a window, the bot asked now (one
        at a time), or every bot yet to answer (together: the first in `open_to` order that
        takes it has it). True when the game heard an answer. `decided`: by seat, answers
        some of them have already given to what they are asked now (a bot that thought it
        over elsewhere: the browser table's searching bots, web/thinking.py)."""
        game = self.game
        decision = game.decision
        if decision is None:
            return False
        seat = decision.seat
        if seat is not None:
            self.give(self.bot_answer(seat, decision, decided))
            return True
        if not self.together:
            asked: int = decision.open_to[self.position(decision)]
            return self.answer(asked, self.bot_answer(asked, decision.offer(asked), decided))
        self.open(decision)
        for seat in self.bots_left:
            if self.bot_answer(seat, decision.offer(seat), decided) is not None:
                self.give(seat)
                return True
        return self.bots_let_go()

    def bot_answer(self, seat: int, asked: Decision, decided: dict[int, object] | None) -> object:
        """The answer of `seat`'s bot to `asked`: the one it decided already, else its own now."""
        if decided is not None and seat in decided:
            return decided[seat]
        return decide(self.bots[seat], self.game, asked)

    def bots_let_go(self) -> bool:
        """A window asked together: every bot yet to answer it lets it go. True when that
        closes it (nobody else is to answer, and the game heard None)."""
        decision = self.game.decision
        if decision is None or decision.seat is not None:
            return False
        self.open(decision)
        self.bots_left = []
        if self.people_left:
            return False
        self.give(None)
        return True

    def play_bots(self) -> None:
        """Let the bots answer until a seat without one must (a person, a learner), or nobody
        must (the hand or the match is over)."""
        while self.bot_asked():
            self.bots_answer()

    def time_up(self) -> None:
        """A window asked together: its time is up, so whoever has not answered lets it go
        (and the game hears None)."""
        decision = self.game.decision
        if decision is not None and decision.seat is None:
            self.give(None)

    def give(self, answer: object) -> None:
        """Give the game the answer to its pending decision (a window's: the seat that took
        it, or None)."""
        self.open_window = None  # a refused answer asks the window again from its start
        if self.applying is not None:
            self.applying(answer)
            return
        game = self.game
        log = self.log
        decision = game.decision
        game.apply(answer)
        if log is not None:
            log.decided(decision, answer)

    def next_hand(self) -> None:
        """Deal the next hand (once the hand is over and the match is not)."""
        self.open_window = None
        if self.dealing is not None:
            self.dealing()
            return
        self.game.next_hand()
        if self.log is not None:
            self.log.next_hand()

    # --- a whole match between bots ---------------------------------------------------

    def run(self) -> GameState:
        """Let the bots answer every decision and deal every hand until the match is over
        (every seat a bot's, windows one seat at a time), writing the log and finishing it:
        play_match, simulate's loop (the front ends' hooks are not called)."""
        return play_match(self.game, self.bots, self.log)


def play_match(game: GameState, agents: list[Any], log: Any = None) -> GameState:
    """Let the agents answer every decision until the match is over (written to `log`): a
    Match's run, as simulate plays it, with nothing made or looked up per decision that the
    game does not need (not even the Match: a window is asked by ask_window)."""
    while not game.over:
        if game.asking and log is None:
            # A turn's play, asked without its Decision object: the bundled bots that pick
            # from the options alone answer it by index (callgrind: some 6% of a game).
            # Their own classes only: a subclass may decide otherwise.
            agent = agents[game.turn]
            if type(agent) is EagerAgent:
                eager: EagerAgent = agent
                game.play_option(eager.play_at(game.play_cards))
                continue
            if type(agent) is RandomAgent:
                uniform_bot: RandomAgent = agent
                game.play_option(uniform_bot.play_at(game.play_count))
                continue
        decision = game.decision
        if decision is None:
            game.next_hand()
            if log is not None:
                log.next_hand()
            continue
        seat = decision.seat
        if seat is None:
            answer = ask_window(game, decision, agents)
        else:
            answer = decide(agents[seat], game, decision)
        game.apply(answer)
        if log is not None:
            log.decided(decision, answer)
    if log is not None:
        log.finish(game)
    return game


def decide(agent: Any, game: GameState, decision: Decision) -> object:
    """The agent's answer; the bundled bots are called as compiled methods (a call through
    Python's protocol, with its argument parsing, costs about 1,200 instructions)."""
    if isinstance(agent, EagerAgent):
        return agent.decide(game, decision)
    if isinstance(agent, RandomAgent):
        return agent.decide(game, decision)
    return agent.decide(game, decision)


def ask_window(game: GameState, decision: Decision, agents: list[Any]) -> object:
    """Offer an out-of-turn window to each seat in order; the first to take it has it."""
    for seat in decision.open_to:
        answer = decide(agents[seat], game, decision.offer(seat))
        if answer is not None:
            return answer
    return None
