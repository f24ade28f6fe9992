"""Any ruleset as an OpenSpiel Python game, so OpenSpiel's algorithms play house rules.

    from interpreter.rl.openspiel_game import register
    import pyspiel
    name = register(ruleset, players=2, options={"stacking": True})  # houserules_NAME_stacking
    game = pyspiel.load_game(name)           # or f"{name}(seeds=100)": fewer deals
    state = game.new_initial_state()         # a chance node: which deal

(`ruleset`: a bundled ruleset's name, a path, or a loaded Ruleset; examples/openspiel_mcts.py
plays OpenSpiel's MCTS on two.)

The game is one hand (`reward="hand"`: the hand's points, rl/rewards.py) or one match
(`reward="match"`: 1 for the winner, -1/(seats - 1) for the others), zero-sum either way.

- Chance is explicit. The first node's outcomes are `seeds` deal seeds (a game parameter,
  1,000 unless registered otherwise), uniform. The seed chosen makes the GameState, whose own
  seeded generator then decides every later shuffle, so one list of chance outcomes and
  actions always gives the same game. A rule's random outcome (random(), outcome(): a die,
  a launcher) is a chance node of its own: the GameState of a ruleset that draws one is made
  with chance nodes on, so it asks the outcome as a "chance" decision instead of drawing it; its outcomes are the
  decision's options in order (action i: the i-th), with their probabilities, and every seat
  sees the one applied.
- Actions are rl/encoding.py's action ids (`Encoding.size` of them). A window open to
  several seats (catching a missed UNO, jumping in) is a turn of each seat in the order the
  engine lists them, as in the PettingZoo environment (playing/match.py): "yes" takes it, "none"
  lets it go to the next seat. Windows are public (games.py): a jump-in window is a turn of
  every other seat, "none" its only action for a seat that cannot take it, so whose turn
  it is tells nobody who could.
- The observation tensor is `Encoding.observe` (named pieces: `Encoding.fields`), the
  observation string `Encoding.readable` in one line. The information state string of a seat
  is its history: every observation it was shown that differed from the one before, and
  each action it took, one a line; its latest lines up to HISTORY_CHARS characters, after a
  line giving the number of earlier lines and a digest of them (so two different histories
  still give two different strings, and the string stays bounded however long the hand
  runs). Nothing in either shows another seat's cards.
- A hand nobody is asked anything in is dealt past (games.py): the state after the deal is
  the first decision of the match's first hand that has one, or terminal if the match ends
  before any.
- A hand that runs past `max_game_length` moves (a bound the ruleset's runaway guards keep
  any hand well inside) ends with every return 0.
"""

from __future__ import annotations

import hashlib
import re
from collections import deque

import pyspiel

from interpreter.engine.chance import CHANCE, MAX_OUTCOMES
from interpreter.playing.match import Match
from interpreter.rl.encoding import Encoding
from interpreter.rl.games import deal_on, new_game
from interpreter.rl.openspiel_views import HouserulesObserver, observations
from interpreter.rl.rewards import REWARDS, outcome_bounds, paid, rules_of

HISTORY_CHARS = 65_536  # an information state's latest lines, at most (History)
SEEDS = 1000  # deal seeds: the outcomes of the chance node, unless registered otherwise
DECISIONS_PER_TURN = 4  # a bound on the decisions of one turn, besides the windows' offers
INT_MAX = 2 ** 31 - 1  # max_game_length is a C++ int

_registered: dict = {}  # short name -> (what it plays, its GameType, its Spec)


class Spec:
    """What one registered game plays: the ruleset, the seats, the reward, the action and
    observation encoding, and the bounds OpenSpiel is told (shared by all its states)."""

    def __init__(self, rules, players: int, reward: str, name: str):
        self.name = name
        self.rules = rules
        self.players = players
        self.reward = reward
        self.encoding = Encoding(rules, players)
        self.chancy = rules.has_chance  # a rule may draw a random outcome: chance nodes
        per_turn = DECISIONS_PER_TURN + 2 * players  # a window offers itself to every seat
        hands = rules.hands_per_match if reward == "match" else 1
        self.max_length = min(INT_MAX, (rules.turns_per_hand + 2) * per_turn * hands + 1)
        if reward != "hand":  # win or lose, as a team
            self.min_utility, self.max_utility = outcome_bounds(rules, players)
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
    spec = Spec(rules, players, reward, name)
    title = rules.name + "".join(f" +{k}={v}" for k, v in sorted((options or {}).items()))
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"houserules {title} ({players} players, {reward} reward)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players,
        min_num_players=players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"seeds": seeds})

    # A class of its own, made as OpenSpiel's Python games are: pyspiel keeps the factory
    # until after Python has shut down, which a class outlives and a closure does not.
    made = type(f"HouserulesGame_{name}", (HouserulesGame,),
                {"game_type": game_type, "spec": spec, "__module__": __name__})
    pyspiel.register_game(game_type, made)
    _registered[name] = (key, game_type, spec)
    return name


def replay(spec, path: list, track: bool = False) -> Episode:
    """The table that the deal and actions `path` make (`spec`: one, or a registered name),
    keeping each seat's history if `track`."""
    if isinstance(spec, str):
        if spec not in _registered:
            raise ValueError(f"{spec!r} is not registered in this process: register it first")
        spec = _registered[spec][2]
    table = Episode(spec, path[0])
    if track:
        table.track()
    for action in path[1:]:
        table.act(action)
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
        params = dict(params or {})
        seeds = int(params.get("seeds", game_type.parameter_specification["seeds"]))
        if seeds < 1:
            raise ValueError(f"seeds must be at least 1, not {seeds}")
        self.seeds = seeds
        self.deals = [(seed, 1.0 / seeds) for seed in range(seeds)]
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.encoding.size,
            # A rule's random outcome has at most MAX_OUTCOMES.
            max_chance_outcomes=max(seeds, MAX_OUTCOMES) if spec.chancy else seeds,
            num_players=spec.players,
            min_utility=spec.min_utility,
            max_utility=spec.max_utility,
            utility_sum=0.0,
            max_game_length=spec.max_length)
        super().__init__(game_type, info, {"seeds": seeds})

    def new_initial_state(self):
        return HouserulesState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"observation parameters are not supported; given {params}")
        return HouserulesObserver(self.spec.encoding, iig_obs_type
                                  or pyspiel.IIGObservationType(perfect_recall=False))


class Episode:
    """An episode: everything a state holds, in one object (OpenSpiel clones a Python state by copying
    each of its attributes; this one copies itself cheaply): the game, the seat asked, and
    each seat's history once an information state was asked for."""

    __slots__ = ("spec", "game", "match", "seat", "decision", "window", "path", "won",
                 "seen", "chance")

    def __init__(self, spec: Spec, seed: int):
        self.spec = spec
        self.game = new_game(spec.rules, spec.players, seed, chance_nodes=spec.chancy)
        self.match = Match(self.game, [None] * spec.players)  # OpenSpiel answers for every seat
        self.path = [seed]  # the deal, then every action (a pickled table replays them)
        self.won: list[float] | None = None
        self.seen: list[History] | None = None  # per seat: its History, once tracked
        self.settle()

    def __deepcopy__(self, memo) -> Episode:
        twin = Episode.__new__(Episode)
        twin.spec = self.spec
        twin.game = self.game.clone()  # the engine's one clone (engine/clone.py)
        twin.match = self.match.moved_to(twin.game)
        twin.seat, twin.decision, twin.window = self.seat, self.decision, self.window
        twin.chance = self.chance
        twin.path, twin.won = list(self.path), self.won
        twin.seen = None if self.seen is None else [history.copy() for history in self.seen]
        return twin

    def __reduce__(self):
        return replay, (self.spec.name, self.path, self.seen is not None)

    def settle(self) -> None:
        """After the deal or a move: the next hand of a match (or, before anyone was asked
        anything, of the match the hand is in), the seat asked now, the end."""
        game = self.game
        self.chance = None
        if self.spec.reward == "match" or len(self.path) == 1:
            deal_on(game)
        if game.decision is None:
            self.seat, self.decision, self.window = None, None, False
            self.won = self.spec.rewards(game)
        elif len(self.path) >= self.spec.max_length:  # a runaway: ends with no winner
            self.seat, self.decision, self.window = None, None, False
            self.won = [0.0] * self.spec.players
        elif game.decision.kind == CHANCE and game.decision.seat is None:  # a random outcome
            self.seat, self.decision, self.window = None, game.decision, False
            self.chance = list(enumerate(game.chance_odds))
        else:
            self.seat, self.decision, self.window = self.match.asked()

    def legal(self) -> list:
        assert self.decision is not None, "a terminal state has no legal action"
        return sorted(set(self.spec.encoding.actions(self.decision, self.window)))

    def act(self, action: int) -> None:
        if self.chance is not None:
            self.happen(action)
            return
        seat = self.seat
        assert seat is not None and self.decision is not None, "a terminal state takes no action"
        answer = self.spec.encoding.answer(self.decision, action, self.window)
        self.match.answer(seat, answer)
        self.path.append(action)
        self.settle()
        if self.seen is not None:
            self.seen[seat].add(f"> {self.spec.encoding.action_names[action]}\n")
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

    def observation(self, seat: int) -> str:
        return observations(self.spec.encoding, self.game, self.seat, self.decision, (seat,))[0]

    def track(self) -> None:
        """Start keeping each seat's history (called on the new table of a replay)."""
        self.seen = [History() for _ in range(self.spec.players)]
        self.look()

    def look(self) -> None:
        assert self.seen is not None  # called once the histories are kept
        now = observations(self.spec.encoding, self.game, self.seat, self.decision,
                           range(self.spec.players))
        for history, line in zip(self.seen, now):
            if line != history.last:
                history.add(line + "\n")
                history.last = line


class History:
    """One seat's information state: its history (what it was shown, when that changed, and
    each action it took), a line each; the latest lines up to HISTORY_CHARS characters (the
    last one at least), after a line giving the number of earlier ones and their digest."""

    __slots__ = ("lines", "chars", "dropped", "digest", "last")

    def __init__(self):
        self.lines: deque = deque()
        self.chars = 0  # of the lines kept
        self.dropped = 0
        self.digest = hashlib.blake2b(digest_size=16)  # of the lines dropped, in order
        self.last = None  # the observation last shown

    def add(self, line: str) -> None:
        lines = self.lines
        lines.append(line)
        self.chars += len(line)
        while self.chars > HISTORY_CHARS and len(lines) > 1:
            old = lines.popleft()
            self.chars -= len(old)
            self.dropped += 1
            self.digest.update(old.encode("utf-8", "surrogatepass"))

    def copy(self) -> History:
        twin = History.__new__(History)
        twin.lines, twin.chars, twin.dropped = deque(self.lines), self.chars, self.dropped
        twin.digest, twin.last = self.digest.copy(), self.last
        return twin

    def text(self) -> str:
        recent = "".join(self.lines)
        if not self.dropped:
            return recent
        return f"({self.dropped} earlier lines, digest {self.digest.hexdigest()})\n{recent}"


class HouserulesState(pyspiel.State):
    """A state of a houserules game: before the deal (a chance node), then a GameState."""

    def __init__(self, game: HouserulesGame):
        super().__init__(game)
        # The one attribute: OpenSpiel's clone copies it (Episode.__deepcopy__).
        self._episode: Episode | None = None

    @property
    def game(self):
        """The whole table (a GameState, hidden cards included; None before the deal): for
        analysis and evaluators, never a seat's observation."""
        return None if self._episode is None else self._episode.game

    def current_player(self):
        table = self._episode
        if table is None or table.chance is not None:
            return pyspiel.PlayerId.CHANCE
        if table.seat is None:
            return pyspiel.PlayerId.TERMINAL
        return table.seat

    def _legal_actions(self, player):
        table = self._episode
        if table is not None and table.chance is not None:
            return [action for action, _ in table.chance] \
                if player == pyspiel.PlayerId.CHANCE else []
        if table is None or table.seat is None or player != table.seat:
            return []
        return table.legal()

    def chance_outcomes(self):
        table = self._episode
        if table is None:
            return self.get_game().deals
        assert table.chance is not None, "not a chance node"
        return table.chance

    def _apply_action(self, action):
        if self._episode is None:
            game = self.get_game()
            if not 0 <= action < game.seeds:
                raise ValueError(f"deal {action} is not one of 0 to {game.seeds - 1}")
            self._episode = Episode(game.spec, int(action))
        else:
            self._episode.act(action)

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            table = self._episode
            if table is None:
                return f"deal {action}"
            if table.chance is not None and table.decision is not None \
                    and 0 <= action < len(table.decision.options):
                return f"chance: {table.decision.options[action]}"
            return f"chance outcome {action}"
        return self.get_game().spec.encoding.action_names[action]

    def is_terminal(self):
        table = self._episode
        return table is not None and table.seat is None and table.chance is None

    def returns(self):
        table = self._episode
        if table is None or table.won is None:
            return [0.0] * self.get_game().spec.players
        return list(table.won)

    def information_state(self, player: int) -> str:
        """`player`'s history: what it was shown, when it changed, and what it did."""
        table = self._episode
        if table is None:
            return ""
        if table.seen is None:  # replay the moves, keeping each seat's history this time
            table.seen = replay(table.spec, table.path, True).seen
        assert table.seen is not None  # a replay that keeps the histories has them
        return table.seen[player].text()

    def __str__(self):
        table = self._episode
        if table is None:
            return "before the deal"
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
        if table.chance is not None:
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
