"""The strong bot: a search over games dealt as its seat sees them (determinized, flat Monte
Carlo: "perfect-information Monte Carlo"), each option played out by heuristic bots.

At a decision of more than one option it deals the game again where its seat has not looked
(engine/seeing.py's as_seen: the other hands, the stock's order, chance to come), from a
generator drawn from its own; in each such world it tries every option still in the running,
lets heuristic bots play on from there for a few rounds of the table, and takes the option
whose playouts did best. The options are narrowed by halving (sequential halving: each
round's playouts shared among the options left, the worse half dropped), so that most of
the budget goes to the options that are close; the heuristic bot's own answer stays in, and
is left only for an option that beat it clearly. It never reads the real game's hidden
cards: everything it searches is as_seen's, what it knows of another hand is what its seat
saw given there (known_cards), and the rest of each hand is one of its guesses, followed
through the hand from what its seat saw happen (playing/guesses.py: a seat seen to draw
instead of playing held nothing it could play; one seen to play a card held it, and would
have played it were it the heuristic bot).

Its budget per decision is `playouts` (every option tried in one world is one playout each):
deterministic, so the same seed plays the same games; `seconds`, when given, stops a search
sooner on a slow machine or ruleset (and makes it depend on the clock). A decision of one
option costs nothing. Each playout is bounded: at most `depth` decisions per seat (a dozen
rounds of the table), then scored by the hand sizes, and always within the game's own budget
of work.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, Final

from interpreter.engine.decisions import Decision
from interpreter.engine.game import GameState
from interpreter.engine.seeing import as_seen, known_cards
from interpreter.errors import RuleRuntimeError
from interpreter.playing.agents import HeuristicAgent, generator
from interpreter.playing.inference import Inference
from interpreter.playing.match import ask_window

PLAYOUTS: Final = 400  # the default budget: playouts per decision (README: The strong bot)
# How clearly an option must beat the heuristic's answer, in standard errors, to be taken
# instead: playouts are noisy, and a noisy difference is no reason to leave a sound answer.
MARGIN: Final = 1.0
# Decisions a playout may take per seat, before it is scored by the hand sizes: a dozen rounds
# of the table judge an option better than a whole hand's luck does, and better than 4 or 16
# rounds (measured: examples/BENCHMARK.md).
DEPTH: Final = 12
# A colourless card (a wild) can be played on anything: a hand that holds one is nearer out
# than its size says. Counting one as FLEX of a card less keeps a search whose playouts stop
# after a few rounds from spending wilds early for nothing (measured: examples/BENCHMARK.md).
FLEX: Final = 0.5
# The playouts' bots: the heuristic bot, which never draws (it always calls UNO), so one serves
# every seat of every playout.
PLAYOUT_BOT: Final = HeuristicAgent(0)


class StrongAgent:
    """Searches: plays each option out in games dealt as its seat sees them, and takes the
    one that wins most (slower: a budget of playouts per decision)."""

    def __init__(self, seed: Any = None, playouts: int = PLAYOUTS, seconds: float | None = None,
                 depth: int = DEPTH, margin: float = MARGIN) -> None:
        self.rng = generator(seed)
        self.playouts = playouts
        self.seconds = seconds
        self.depth = depth
        self.margin = margin
        self.spent = 0  # playouts run by the last decision
        # What it has seen the others do this hand. Not saved with a game: a resumed game's
        # bot has forgotten it (and searches on).
        self.beliefs = Inference(PLAYOUT_BOT)
        # What its guesses at the other hands draw from: a generator of their own, so that
        # a decision of one option (which searches nothing) draws nothing from its own.
        self.guessing = random.Random(self.rng.getrandbits(64))

    def decide(self, game: GameState, decision: Decision) -> Any:
        """The option whose playouts did best, if it beat the heuristic bot's answer clearly;
        otherwise the heuristic bot's answer."""
        options = decision.options
        self.spent = 0
        seat = decision.seat
        assert seat is not None  # a window is asked of each seat as its own offer
        known = known_cards(game, seat)
        self.beliefs.update(game, seat, known, self.guessing)
        if len(options) == 1:  # nothing to search: a world of its own only follows the table
            self.beliefs.expect(game, self.world(game, seat, random.Random(0), known), seat,
                                lambda world: answer(world, decision, options[0]))
            return options[0]
        worlds = random.Random(self.rng.getrandbits(64))
        first = self.world(game, seat, worlds, known)
        # The heuristic's answer first: a tie goes to it (seen in a world: it reads no more).
        favourite = PLAYOUT_BOT.decide(first, decision)
        at = next((index for index, option in enumerate(options) if option is favourite),
                  options.index(favourite))
        left = [options[at]] + [option for index, option in enumerate(options) if index != at]
        results: list[list[float]] = [[] for _ in left]  # per option, a reward per world
        running = list(range(len(left)))
        rounds = max(1, (len(left) - 1).bit_length())
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        world: GameState | None = first
        for round_ in range(rounds):
            share = max(1, (self.playouts - self.spent) // ((rounds - round_) * len(running)))
            for _ in range(share):
                if self.spent + len(running) > self.playouts and self.spent:
                    break
                if deadline is not None and self.spent and time.perf_counter() > deadline:
                    break
                if world is None:
                    world = self.world(game, seat, worlds, known)
                for index in running:
                    trial = world.clone()
                    results[index].append(self.playout(trial, decision, left[index], seat))
                    self.spent += 1
                world = None
            if len(running) > 2:  # the heuristic's answer stays in, and the better half
                rivals = sorted(running[1:], key=lambda index: -mean(results[index]))
                running = [0] + rivals[:max(1, len(rivals) // 2)]
        chosen = left[self.chosen(results, running)]
        self.beliefs.expect(game, first, seat,
                            lambda world: answer(world, decision, chosen))
        return chosen

    def chosen(self, results: list[list[float]], running: list[int]) -> int:
        """Of the options still running, the best if it beat the heuristic's answer (index 0)
        clearly: by more than `margin` standard errors of their difference, world by world
        (the same worlds: its own luck cancels out); otherwise the heuristic's answer."""
        best = max(running[1:], key=lambda index: mean(results[index]), default=0)
        if best == 0:
            return 0
        gains = [mine - theirs for mine, theirs in zip(results[best], results[0])]
        count = len(gains)
        gain = mean(gains)
        spread = sum((each - gain) ** 2 for each in gains) / max(1, count - 1)
        return best if gain > 0 and gain > self.margin * math.sqrt(spread / count) else 0

    def world(self, game: GameState, seat: int, worlds: random.Random,
              known: dict[int, list[Any]]) -> GameState:
        """The game as `seat` sees it, dealt again from `worlds` as its beliefs have it, made
        quiet: no events kept, no checks run, no chance asked (a world is the bot's own
        thought)."""
        world = as_seen(game, seat, worlds, known)
        self.beliefs.guesses.deal(world, known, worlds)
        world.events = None
        world.check = None
        world.chance_nodes = False  # its chance drawn from its own generator, never asked
        return world

    def playout(self, game: GameState, decision: Decision, option: Any, seat: int) -> float:
        """`option` given in `game`, then the hand played out by heuristic bots: how good its
        end is for `seat` (reward)."""
        try:
            answer(game, decision, option)
            steps = self.depth * game.players
            while steps and not game.hand_over:
                asked = game.decision
                assert asked is not None
                if asked.seat is None:
                    game.apply(ask_window(game, asked, [PLAYOUT_BOT] * game.players))
                else:
                    game.apply(PLAYOUT_BOT.decide(game, asked))
                steps -= 1
        except RuleRuntimeError:
            return hand_sizes(game, seat)  # the rules broke in this world: judged as it stood
        return reward(game, seat)


def mean(values: list[float]) -> float:
    """The mean (0 of none)."""
    return sum(values) / len(values) if values else 0.0


def answer(game: GameState, decision: Decision, option: Any) -> None:
    """Give `option` to `game`'s pending decision: `decision` itself, or at a window its
    offer to one seat (letting it go asks the seats after it, as the match would)."""
    pending = game.decision
    if pending is None or pending.seat is not None:
        game.apply(option)
        return
    if option is not None:
        game.apply(option)
        return
    after = list(pending.open_to)
    after = after[after.index(decision.seat) + 1:] if decision.seat in after else []
    taken = None
    for seat in after:
        taken = PLAYOUT_BOT.decide(game, pending.offer(seat))
        if taken is not None:
            break
    game.apply(taken)


def reward(game: GameState, seat: int) -> float:
    """How good the game's state is for `seat` (its team, with partners), from 0 to 1: the
    match's winner once it is over; the hand's, once the hand is (with every seat scoring its
    own points, the share of rivals it beat this hand); otherwise hand_sizes."""
    mates = (seat,) + game.teammates(seat)
    if game.over and game.match_winner is not None:
        return 1.0 if game.match_winner in mates else 0.0
    if not game.hand_over or not game.hand_results:
        return hand_sizes(game, seat)
    result = game.hand_results[-1]
    if not result.seats:
        return 1.0 if result.winner in mates else 0.0
    rivals = [other for other in range(game.players) if other not in mates]
    if not rivals:
        return 1.0
    mine = result.seats[seat]
    lowest = game.rules.lowest_wins
    beaten = sum(1.0 if (mine < result.seats[r] if lowest else mine > result.seats[r]) else
                 0.5 if mine == result.seats[r] else 0.0 for r in rivals)
    return beaten / len(rivals)


def hand_sizes(game: GameState, seat: int) -> float:
    """A hand not played out, judged by the cards left: each seat still in is as likely to
    win as it holds few cards (1 / cards), and `seat`'s team has its members' share."""
    mates = (seat,) + game.teammates(seat)
    chances = [0.0 if game.out[other] else 1.0 / (1 + len(hand) - FLEX * colourless(hand))
               for other, hand in enumerate(game.hands)]
    total = sum(chances)
    return sum(chances[other] for other in mates) / total if total else 0.0


def colourless(hand: list[Any]) -> int:
    """How many cards of `hand` have no colour."""
    return sum(1 for card in hand if card.color is None)
