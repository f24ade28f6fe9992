"""Any ruleset as an OpenSpiel Python game, so OpenSpiel's algorithms play house rules.

    from interpreter.rl.openspiel_game import register
    import pyspiel
    name = register(ruleset, players=2, options={"stacking": True})  # houserules_NAME_stacking
    game = pyspiel.load_game(name)           # or f"{name}(luck=0)": the stock's order kept
    state = game.new_initial_state()         # a chance node: the deal

(`ruleset`: a bundled ruleset's name, a path, or a loaded Ruleset; examples/openspiel_ismcts.py
plays OpenSpiel's IS-MCTS on a house rule, examples/openspiel_mcts.py its MCTS; the game's
parameters and a baseline: docs/learning.md.)

The game is one hand (`reward="hand"`) or one match (`reward="match"`), paid as
rl/rewards.py pays it; the game type says ZERO_SUM only where those rewards always sum to
zero (rewards.zero_sum), GENERAL_SUM elsewhere.

- Chance is explicit, as draws. The deal is `draws` chance nodes (a game parameter, 3 unless
  loaded otherwise) of `seeds` outcomes each (1,000), uniform: the digits of the deal seed,
  the first the lowest (so `seeds**draws` deals: a billion), which makes the GameState.
  Then, before the game hears any seat's answer, a luck node (`luck` outcomes, 100;
  `luck=0`: none) reseeds the game's generator from the outcome and shuffles the stock
  afresh from a fixed order (a two-sided stock's top keeps showing its side): so the
  stock's order, and whatever the generator draws next (a reshuffle, a rule's shuffle), is
  not fixed until after the seat has chosen, and a search on the true state (OpenSpiel's
  MCTS) cannot see what it will draw (it still sees the other hands: IS-MCTS does not). (A chance node per card drawn would need the engine to stop in the middle of
  an effect at every draw; a luck node before each answer hides the same, at the cost of a
  shuffle a move.) A rule's random outcome (random(), outcome(): a die, a launcher) is a
  chance node of its own: the GameState of a ruleset that draws one is made with chance
  nodes on, so it asks the outcome as a "chance" decision instead of drawing it; its
  outcomes are the decision's options in order (action i: the i-th), with their
  probabilities, and every seat sees the one applied.
- Actions are rl/encoding.py's action ids (`Encoding.size` of them). A window open to
  several seats (catching a missed UNO, jumping in) is a turn of each seat in the order the
  engine lists them, as in the PettingZoo environment (playing/match.py): "yes" takes it, "none"
  lets it go to the next seat. Windows are public (games.py): a jump-in window is a turn of
  every other seat, "none" its only action for a seat that cannot take it, so whose turn
  it is tells nobody who could.
- The observation tensor is `Encoding.observe` (named pieces: `Encoding.fields`), the
  observation string `Encoding.readable` in one line. The information state tensor is the
  observation, then what the seat remembers that it no longer sees: the discard pile's faces
  (counts) and, per other seat (counted from the observer), the cards it knows that hand
  holds (engine/seeing.py's known_cards: cards it passed or gave there).
- The information state string of a seat is its history: every observation it was shown
  that differed from the one before, and each action it took, one a line; its latest
  HISTORY_LINES lines, after a line giving the number of earlier lines and a BLAKE2b digest
  of them. So two histories the seat can tell apart give two strings (but for a digest's
  collision), the same history the same string, and the string's length and the cost of a
  move do not grow with the hand's length.
- `resample_from_infostate(seat, sampler)` deals the game again as the seat sees it
  (engine/seeing.py's as_seen, seeded from the sampler): the other hands and the stock at
  random, keeping everything the seat saw and the cards it knows another hand holds, and
  the seat's own information state; the other seats' histories start afresh from what the
  seat knows. OpenSpiel's ISMCTSBot runs on it.
- A hand nobody is asked anything in is dealt past (games.py): the state after the deal is
  the first decision of the match's first hand that has one, or terminal if the match ends
  before any.
- A hand that runs past `moves` moves after the deal (a game parameter; unless given, a
  bound the ruleset's runaway guards keep any hand well inside) ends with every return 0.
- The game and its states pickle (a state as its moves, replayed), in this process or
  another (which registers the game again).
"""

from __future__ import annotations

import hashlib
import random
import re
from collections import deque
from operator import attrgetter

import numpy as np
import pyspiel

from interpreter.engine.chance import CHANCE, MAX_OUTCOMES, seeded, shuffle
from interpreter.engine.seeing import as_seen, remember
from interpreter.playing.match import Match
from interpreter.rl.encoding import Encoding
from interpreter.rl.games import deal_on, new_game
from interpreter.rl.openspiel_views import HouserulesObserver, observations
from interpreter.rl.rewards import REWARDS, paid, rules_of, zero_sum

HISTORY_LINES = 8  # an information state's latest lines, at most (History)
SEEDS = 1000  # outcomes of each of the deal's chance nodes, unless registered otherwise
DRAWS = 3  # the deal's chance nodes: the deal seed's digits
LUCK = 100  # outcomes of a luck node (the stock shuffled afresh before an answer is heard)
DECISIONS_PER_TURN = 4  # a bound on the decisions of one turn, besides the windows' offers
INT_MAX = 2 ** 31 - 1  # max_game_length is a C++ int
SEEN = "seen"  # a path's mark: the game dealt again as one seat sees it
CARD_ID = attrgetter("id")

_registered: dict = {}  # short name -> (what it plays, its GameType, its Spec)


class Spec:
    """What one registered game plays: the ruleset, the seats, the reward, the action and
    observation encoding, and the bounds OpenSpiel is told (shared by all its states); and
    how to register it again (`source`, `options`: in another process, for pickle)."""

    def __init__(self, rules, players: int, reward: str, name: str, source=None,
                 options=None, seeds: int = SEEDS):
        self.name = name
        self.rules = rules
        self.players = players
        self.reward = reward
        self.source = rules if source is None else source
        self.options = dict(options or {})
        self.seeds = seeds
        self.zero_sum = zero_sum(rules, reward)
        self.encoding = Encoding(rules, players)
        self.chancy = rules.has_chance  # a rule may draw a random outcome: chance nodes
        per_turn = DECISIONS_PER_TURN + 2 * players  # a window offers itself to every seat
        hands = rules.hands_per_match if reward == "match" else 1
        self.max_length = min(INT_MAX, (rules.turns_per_hand + 2) * per_turn * hands + 1)
        if reward == "match":
            self.min_utility, self.max_utility = -1.0, 1.0
        else:  # the winner takes at most every card's points, a loser loses its own
            cards = list(rules.deck) * rules.decks[players]
            if rules.random_pairs:  # faces are paired afresh each match
                most = max(abs(face.points) for face in rules.faces)
                bound = most * len(cards)
            else:
                bound = sum(max(abs(card.points), abs(card.back.points) if card.back else 0)
                            for card in cards)
            self.min_utility, self.max_utility = -float(bound), float(bound)

    def rewards(self, game) -> list:
        return paid(game, self.reward)


def register(ruleset, players: int = 2, options=None, reward: str = "hand",
             name: str | None = None, seeds: int = SEEDS) -> str:
    """Register `ruleset` (a name, a path or a loaded Ruleset, with `options`) at `players`
    seats as an OpenSpiel game, and return its short name for `pyspiel.load_game`.

    The name is "houserules_" and the ruleset's name, then the options (a switched-on house
    rule by its name, one switched off as no_NAME, others as NAME_VALUE), then "_Np" unless
    two seats play and "_match" for the match reward; or `name`. Registering the same game
    under the same name again returns the name; a name taken by another game is refused.
    `seeds`: the outcomes of each of the deal's chance nodes (a game parameter too).
    """
    if reward not in REWARDS:
        raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
    seeds = int(seeds)
    if seeds < 1:
        raise ValueError(f"seeds must be at least 1, not {seeds}")
    rules = rules_of(ruleset, options, reward)
    rules.check_players(players)
    name = name or default_name(rules.name, options, players, reward)
    if not re.fullmatch(r"[a-z][a-z0-9_]*", name):
        raise ValueError(f"an OpenSpiel short name is lower-case letters, digits and _, "
                         f"not {name!r}")
    key = (rules.digest, players, reward, seeds)
    if name in _registered:
        if _registered[name][0] == key:
            return name
        raise ValueError(f"{name!r} is registered already, for another game; give a name")
    if name in pyspiel.registered_names():
        raise ValueError(f"{name!r} is the name of an OpenSpiel game; give another name")
    spec = Spec(rules, players, reward, name, ruleset, options, seeds)
    title = rules.name + "".join(f" +{k}={v}" for k, v in sorted((options or {}).items()))
    utility = pyspiel.GameType.Utility
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"houserules {title} ({players} players, {reward} reward)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility.ZERO_SUM if spec.zero_sum else utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players,
        min_num_players=players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"seeds": seeds, "draws": DRAWS, "luck": LUCK, "moves": 0})

    # A class of its own, made as OpenSpiel's Python games are: pyspiel keeps the factory
    # until after Python has shut down, which a class outlives and a closure does not.
    made = type(f"HouserulesGame_{name}", (HouserulesGame,),
                {"game_type": game_type, "spec": spec, "__module__": __name__})
    pyspiel.register_game(game_type, made)
    _registered[name] = (key, game_type, spec)
    return name


def load(source, options, players: int, reward: str, name: str, seeds: int, params: dict):
    """The game `register(source, ...)` names, loaded with `params` (how a game unpickles:
    registered again first in a process that has not registered it)."""
    return pyspiel.load_game(register(source, players, options or None, reward, name, seeds),
                             params)


def restore(game, deal: list, path: list | None):
    """A state of `game`: the deal's outcomes `deal`, then the moves of `path` (an
    Episode's, after its deal seed; a SEEN mark dealt again as that seat saw it)."""
    state = game.new_initial_state()
    for digit in deal:
        state.apply_action(digit)
    for move in path or ():
        if isinstance(move, tuple):
            state = state.seen_as(move[1], move[2])
        else:
            state.apply_action(move)
    return state


def replay(spec, path: list, track: bool = False, luck: int = LUCK, limit: int = 0) -> Episode:
    """The table that the deal seed and moves `path` make (`spec`: one, or a registered
    name), with `luck` outcomes a luck node and `limit` moves at most (Episode), keeping
    each seat's history if `track`."""
    if isinstance(spec, str):
        if spec not in _registered:
            raise ValueError(f"{spec!r} is not registered in this process: register it first")
        spec = _registered[spec][2]
    table = Episode(spec, path[0], luck, limit)
    if track:
        table.track()
    for move in path[1:]:
        if isinstance(move, tuple):
            table = table.seen_by(move[1], move[2])
        else:
            table.act(move)
    return table


def default_name(ruleset_name: str, options, players: int, reward: str) -> str:
    parts = ["houserules", ruleset_name]
    for key, value in sorted((options or {}).items()):
        parts.append(key if value is True else f"no_{key}" if value is False
                     else f"{key}_{value}")
    if players != 2:
        parts.append(f"{players}p")
    if reward != "hand":
        parts.append(reward)
    return re.sub(r"[^a-z0-9]+", "_", "_".join(parts).lower()).strip("_")


class HouserulesGame(pyspiel.Game):
    """One registered ruleset, seats and reward (made by `pyspiel.load_game`; `register`
    makes a subclass for each registered game, whose `game_type` and `spec` say which)."""

    game_type: pyspiel.GameType
    spec: Spec

    def __init__(self, params=None):
        game_type, spec = self.game_type, self.spec
        given = dict(params or {})
        defaults = game_type.parameter_specification
        self.seeds, self.draws, self.luck, self.moves = (
            int(given.get(key, defaults[key])) for key in ("seeds", "draws", "luck", "moves"))
        for key, least in (("seeds", 1), ("draws", 1), ("luck", 0), ("moves", 0)):
            if getattr(self, key) < least:
                raise ValueError(f"{key} must be at least {least}, not {getattr(self, key)}")
        self.params = {"seeds": self.seeds, "draws": self.draws, "luck": self.luck,
                       "moves": self.moves}
        self.deals = [(digit, 1.0 / self.seeds) for digit in range(self.seeds)]
        self.lucks = [(outcome, 1.0 / self.luck) for outcome in range(self.luck)]
        # A rule's random outcome has at most MAX_OUTCOMES.
        outcomes = max(self.seeds, self.luck, MAX_OUTCOMES if spec.chancy else 1)
        # A luck node before each answer; `moves` cuts a hand short (every return 0).
        moves = self.moves or spec.max_length * (2 if self.luck else 1)
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.encoding.size,
            max_chance_outcomes=outcomes,
            num_players=spec.players,
            min_utility=spec.min_utility,
            max_utility=spec.max_utility,
            utility_sum=0.0 if spec.zero_sum else None,
            max_game_length=min(INT_MAX, self.draws + moves + 1))  # + an answer's luck
        super().__init__(game_type, info, self.params)

    def __reduce__(self):
        spec = self.spec
        return load, (spec.source, spec.options, spec.players, spec.reward, spec.name,
                      spec.seeds, self.params)

    def new_initial_state(self):
        return HouserulesState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"observation parameters are not supported; given {params}")
        return HouserulesObserver(self.spec.encoding, iig_obs_type
                                  or pyspiel.IIGObservationType(perfect_recall=False))


class Episode:
    """An episode: everything a state holds, in one object (OpenSpiel clones a Python state by
    copying each of its attributes; this one copies itself cheaply): the game, the seat asked,
    an answer waiting for its luck node, what each seat knows of the others' hands, and each
    seat's history once an information state was asked for."""

    __slots__ = ("spec", "game", "match", "seat", "decision", "window", "path", "won",
                 "seen", "chance", "luck", "limit", "pending", "known")

    def __init__(self, spec: Spec, seed: int, luck: int = LUCK, limit: int = 0):
        self.spec = spec
        self.luck = luck
        # Moves after the deal at most (then every return is 0): the game's `moves`, else a
        # bound the ruleset's runaway guards keep any hand well inside.
        self.limit = limit or spec.max_length * (2 if luck else 1)
        self.game = new_game(spec.rules, spec.players, seed, chance_nodes=spec.chancy)
        # Its events from here (read, then let go, after each move: learn): what a seat
        # learns of another's hand (before anyone has moved, nothing).
        self.game.events = []
        self.match = Match(self.game, [None] * spec.players)  # OpenSpiel answers for every seat
        self.path: list = [seed]  # the deal seed, then every move (a pickled table replays them)
        self.won: list[float] | None = None
        self.seen: list[History] | None = None  # per seat: its History, once tracked
        self.pending: tuple | None = None  # (seat, answer) heard after the luck node
        self.known: list[dict] = [{} for _ in range(spec.players)]  # engine/seeing.py's
        self.settle()

    def __deepcopy__(self, memo) -> Episode:
        twin = Episode.__new__(Episode)
        twin.spec, twin.luck, twin.limit = self.spec, self.luck, self.limit
        twin.game = self.game.clone()  # the engine's one clone (engine/clone.py)
        twin.match = self.match.moved_to(twin.game)
        twin.seat, twin.decision, twin.window = self.seat, self.decision, self.window
        twin.chance, twin.pending = self.chance, self.pending
        twin.path, twin.won = list(self.path), self.won
        twin.known = [{other: list(cards) for other, cards in known.items()}
                      for known in self.known]
        twin.seen = None if self.seen is None else [history.copy() for history in self.seen]
        return twin

    def __reduce__(self):
        return replay, (self.spec.name, self.path, self.seen is not None, self.luck,
                        self.limit)

    def settle(self) -> None:
        """After the deal or a move: what each seat now knows of the others' hands, the next
        hand of a match (or, before anyone was asked anything, of the match the hand is in),
        the seat asked now, the end."""
        game = self.game
        self.learn()
        self.chance = None
        if self.spec.reward == "match" or len(self.path) == 1:
            deal_on(game)
            self.learn()
        if game.decision is None:
            self.seat, self.decision, self.window = None, None, False
            self.won = self.spec.rewards(game)
        elif len(self.path) > self.limit:
            self.seat, self.decision, self.window = None, None, False  # a runaway: no winner
            self.won = [0.0] * self.spec.players
        elif game.decision.kind == CHANCE and game.decision.seat is None:  # a random outcome
            self.seat, self.decision, self.window = None, game.decision, False
            self.chance = list(enumerate(game.chance_odds))
        else:
            self.seat, self.decision, self.window = self.match.asked()

    def learn(self) -> None:
        """Read the game's new events into what each seat knows, and let them go (a game's
        events would otherwise grow with it, and each clone copy them)."""
        events = self.game.events
        if events:
            for seat, known in enumerate(self.known):
                remember(known, self.game, seat, events)
            events.clear()

    def legal(self) -> list:
        assert self.decision is not None, "a terminal state has no legal action"
        return sorted(set(self.spec.encoding.actions(self.decision, self.window)))

    def act(self, action: int) -> None:
        if self.pending is not None:
            self.stir(action)
            return
        if self.chance is not None:
            self.happen(action)
            return
        seat = self.seat
        assert seat is not None and self.decision is not None, "a terminal state takes no action"
        answer = self.spec.encoding.answer(self.decision, action, self.window)
        self.path.append(action)
        if self.seen is not None:
            self.seen[seat].add(f"> {self.spec.encoding.action_names[action]}\n")
        if self.luck and self.heard(answer):
            self.pending = (seat, answer)  # a luck node first
            return
        self.match.answer(seat, answer)
        self.settle()
        self.look()

    def heard(self, answer) -> bool:
        """Whether the game hears `answer` now (a window's "none" waits for the next seat)."""
        decision = self.game.decision
        if answer is not None or decision is None or decision.seat is not None:
            return True
        return self.match.position(decision) + 1 >= len(decision.open_to)

    def stir(self, outcome: int) -> None:
        """The luck node's `outcome`: the game's generator reseeded from it, the stock shuffled
        afresh (a two-sided stock's top still showing the side it showed), then the answer
        waiting heard."""
        if not 0 <= outcome < self.luck:
            raise ValueError(f"luck outcome {outcome} is not one of 0 to {self.luck - 1}")
        game = self.game
        game.rng = seeded(game.rng.getrandbits(64) * self.luck + outcome)
        stock = game.stock
        if len(stock) > 1:
            shows = stock[-1].back if self.spec.encoding.two_sided else None
            # From a fixed order: how the stock lay before cannot show through.
            stock.sort(key=CARD_ID)
            shuffle(game.rng, stock)
            if shows is not None:  # the topmost card of that side: a uniform one of them
                top = max(at for at, card in enumerate(stock) if card.back is shows)
                stock[top], stock[-1] = stock[-1], stock[top]
        assert self.pending is not None  # a luck node's answer
        seat, answer = self.pending
        self.pending = None
        self.path.append(outcome)
        self.match.answer(seat, answer)
        self.settle()
        self.look()

    def happen(self, action: int) -> None:
        """The pending random outcome is the `action`-th of its options; every seat sees it."""
        assert self.decision is not None  # a chance node's decision
        outcomes = self.decision.options
        if not 0 <= action < len(outcomes):
            raise ValueError(f"chance outcome {action} is not one of 0 to {len(outcomes) - 1}")
        outcome = outcomes[action]
        self.match.give(outcome)
        self.path.append(action)
        self.settle()
        if self.seen is not None:
            for history in self.seen:
                history.add(f"> chance: {outcome}\n")
            self.look()

    def seen_by(self, seat: int, seed: int) -> Episode:
        """A twin whose game is dealt again from `seed` as `seat` sees it (engine/seeing.py):
        the seat's own history kept, the others' begun afresh from what it knows."""
        if self.pending is not None or self.chance is not None or self.seat is None:
            raise ValueError("a game is dealt again as a seat sees it at a seat's decision, "
                             "not at a chance node or the end")
        twin = Episode.__new__(Episode)  # made here: the game is cloned once, by as_seen
        twin.spec, twin.luck, twin.limit = self.spec, self.luck, self.limit
        twin.game = as_seen(self.game, seat, random.Random(seed), self.known[seat])
        twin.match = self.match.moved_to(twin.game)
        twin.seat, twin.decision, twin.window = twin.match.asked()
        twin.chance, twin.pending, twin.won = None, None, None
        twin.path = self.path + [(SEEN, seat, seed)]
        twin.known = [{other: list(cards) for other, cards in self.known[seat].items()}
                      if each == seat else {} for each in range(self.spec.players)]
        twin.seen = None
        if self.seen is not None:
            mine = self.seen[seat]
            start = f"(dealt again as seat {seat} saw it: {mine.fingerprint()})\n"
            twin.seen = [History() for _ in self.seen]
            for other, history in enumerate(twin.seen):
                if other == seat:
                    twin.seen[other] = mine.copy()
                else:
                    history.add(start)
            twin.look()
        return twin

    @property
    def asked(self) -> int | None:
        """The seat whose decision is open now (None at a chance node, a luck node too: the
        seat has answered)."""
        return None if self.pending is not None else self.seat

    def observation(self, seat: int) -> str:
        return observations(self.spec.encoding, self.game, self.asked, self.decision, (seat,))[0]

    def track(self) -> None:
        """Start keeping each seat's history (called on the new table of a replay)."""
        self.seen = [History() for _ in range(self.spec.players)]
        self.look()

    def look(self) -> None:
        """Each seat's observation, added to its history when it changed."""
        if self.seen is None:
            return
        now = observations(self.spec.encoding, self.game, self.asked, self.decision,
                           range(self.spec.players))
        for history, line in zip(self.seen, now):
            if line != history.last:
                history.add(line + "\n")
                history.last = line


class History:
    """One seat's information state: its history (what it was shown, when that changed, and
    each action it took), a line each; the latest HISTORY_LINES lines, after a line giving the
    number of earlier ones and their digest."""

    __slots__ = ("lines", "dropped", "digest", "last")

    def __init__(self):
        self.lines: deque = deque()
        self.dropped = 0
        self.digest = hashlib.blake2b(digest_size=16)  # of the lines dropped, in order
        self.last = None  # the observation last shown

    def add(self, line: str) -> None:
        lines = self.lines
        lines.append(line)
        if len(lines) > HISTORY_LINES:
            self.dropped += 1
            self.digest.update(lines.popleft().encode("utf-8", "surrogatepass"))

    def copy(self) -> History:
        twin = History.__new__(History)
        twin.lines, twin.dropped = deque(self.lines), self.dropped
        twin.digest, twin.last = self.digest.copy(), self.last
        return twin

    def text(self) -> str:
        recent = "".join(self.lines)
        if not self.dropped:
            return recent
        return f"({self.dropped} earlier lines, digest {self.digest.hexdigest()})\n{recent}"

    def fingerprint(self) -> str:
        """The whole history's digest, in a few characters."""
        return hashlib.blake2b(self.text().encode("utf-8", "surrogatepass"),
                               digest_size=16).hexdigest()


class HouserulesState(pyspiel.State):
    """A state of a houserules game: the deal's chance nodes, then a GameState."""

    def __init__(self, game: HouserulesGame):
        super().__init__(game)
        # OpenSpiel's clone copies these (Episode.__deepcopy__).
        self._deal: list = []  # the deal's outcomes so far
        self._episode: Episode | None = None

    def __reduce__(self):
        table = self._episode
        return restore, (self.get_game(), list(self._deal),
                         None if table is None else table.path[1:])

    @property
    def game(self):
        """The whole table (a GameState, hidden cards included; None before the deal): for
        analysis and evaluators, never a seat's observation."""
        return None if self._episode is None else self._episode.game

    def current_player(self):
        table = self._episode
        if table is None or table.chance is not None or table.pending is not None:
            return pyspiel.PlayerId.CHANCE
        if table.seat is None:
            return pyspiel.PlayerId.TERMINAL
        return table.seat

    def _legal_actions(self, player):
        if player == pyspiel.PlayerId.CHANCE:
            return [action for action, _ in self.chance_outcomes()] \
                if self.current_player() == pyspiel.PlayerId.CHANCE else []
        table = self._episode
        if table is None or table.seat is None or player != table.seat \
                or table.pending is not None or table.chance is not None:
            return []
        return table.legal()

    def chance_outcomes(self):
        table = self._episode
        if table is None:
            return self.get_game().deals
        if table.pending is not None:
            return self.get_game().lucks
        assert table.chance is not None, "not a chance node"
        return table.chance

    def _apply_action(self, action):
        if self._episode is not None:
            self._episode.act(action)
            return
        game = self.get_game()
        if not 0 <= action < game.seeds:
            raise ValueError(f"deal outcome {action} is not one of 0 to {game.seeds - 1}")
        self._deal.append(int(action))
        if len(self._deal) == game.draws:
            seed = sum(digit * game.seeds ** place for place, digit in enumerate(self._deal))
            self._episode = Episode(game.spec, seed, game.luck, game.moves)

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            table = self._episode
            if table is None:
                return f"deal {action}"
            if table.pending is not None:
                return f"luck {action}"
            if table.chance is not None and table.decision is not None \
                    and 0 <= action < len(table.decision.options):
                return f"chance: {table.decision.options[action]}"
            return f"chance outcome {action}"
        return self.get_game().spec.encoding.action_names[action]

    def is_terminal(self):
        table = self._episode
        return table is not None and table.seat is None and table.chance is None \
            and table.pending is None

    def returns(self):
        table = self._episode
        if table is None or table.won is None:
            return [0.0] * self.get_game().spec.players
        return list(table.won)

    def resample_from_infostate(self, player_id: int, probability_sampler):
        """A state `player_id` cannot tell from this one: the game dealt again as it sees it
        (engine/seeing.py's as_seen), from a generator seeded by `probability_sampler` (a
        callable giving a number in [0, 1), as OpenSpiel passes); the same information
        state for `player_id`. Asked at a seat's decision."""
        return self.seen_as(player_id, int(probability_sampler() * 2 ** 53))

    def seen_as(self, seat: int, seed: int):
        """resample_from_infostate with its generator's seed."""
        table = self._episode
        if table is None:
            raise ValueError("a game is dealt again as a seat sees it after the deal")
        twin_table = table.seen_by(seat, seed)
        self._episode = None  # so the clone copies no game of its own (it takes the twin's)
        try:
            twin = self.clone()
        finally:
            self._episode = table
        twin._episode = twin_table
        return twin

    def information_state(self, player: int) -> str:
        """`player`'s history: what it was shown, when it changed, and what it did."""
        table = self._episode
        if table is None:
            return ""
        if table.seen is None:  # replay the moves, keeping each seat's history this time
            table.seen = replay(table.spec, table.path, True, table.luck, table.limit).seen
        assert table.seen is not None  # a replay that keeps the histories has them
        return table.seen[player].text()

    def memory(self, player: int) -> tuple:
        """What `player` remembers and no longer sees, as per-face counts: the discard pile's
        faces, and the cards it knows each other hand holds (seats from its own)."""
        encoding = self.get_game().spec.encoding
        faces, players = encoding.face_count, encoding.players
        discard = np.zeros(faces, np.float32)
        known = np.zeros((players - 1, faces), np.float32)
        table = self._episode
        if table is not None:
            for card in table.game.discard:
                discard[encoding.face(card)] += 1.0
            for other, cards in table.known[player].items():
                if other == player:  # (known_cards leaves the seat's own hand out too)
                    continue
                for card in cards:
                    known[(other - player) % players - 1, encoding.face(card)] += 1.0
        return discard, known

    def __str__(self):
        table = self._episode
        if table is None:
            return f"before the deal (outcomes {self._deal})"
        game = table.game
        names = table.spec.encoding.face_names
        face = table.spec.encoding.face
        lines = [f"deal {game.seed}, move {len(table.path)}"]
        for seat, hand in enumerate(game.hands):
            lines.append(f"seat {seat} ({game.scores[seat]} points): "
                         + ", ".join(sorted(names[face(card)] for card in hand)))
        top = names[face(game.discard[-1])] if game.discard else None
        lines.append(f"top: {top}, colour: {game.color}, direction: {game.direction}, "
                     f"penalty: {game.penalty}, stock: {len(game.stock)}")
        if table.pending is not None:
            lines.append(f"luck: the stock shuffled, then seat {table.pending[0]}'s answer")
        elif table.chance is not None:
            assert table.decision is not None  # a chance node's decision
            lines.append("chance decides: " + ", ".join(
                f"{outcome} ({probability:.3g})" for outcome, (_, probability)
                in zip(table.decision.options, table.chance)))
        elif table.seat is None:
            lines.append(f"over: returns {table.won}")
        else:
            assert table.decision is not None  # a seat is asked
            kind = table.decision.kind + (" (window)" if table.window else "")
            lines.append(f"seat {table.seat} decides: {kind}")
        return "\n".join(lines)
