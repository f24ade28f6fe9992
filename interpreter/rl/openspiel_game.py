"""Any ruleset as an OpenSpiel Python game, so OpenSpiel's algorithms play house rules.

    from interpreter.rl.openspiel_game import register
    import pyspiel
    name = register(ruleset, players=2, options={"stacking": True})  # houserules_NAME_stacking
    game = pyspiel.load_game(name)           # or f"{name}(luck=0)": the stock's order kept
    state = game.new_initial_state()         # a chance node: the deal

(`ruleset`: a bundled ruleset's name, a path, or a loaded Ruleset; examples/openspiel_ismcts.py
plays OpenSpiel's IS-MCTS on a house rule, examples/openspiel_mcts.py its MCTS; the game's
parameters and a baseline: docs/learning.md.)

The game is one hand (`reward="hand"` or `"win"`) or one match (`reward="match"`), paid as
rl/rewards.py pays it: every reward pays teams against each other, so the game is ZERO_SUM.

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

import re

import numpy as np
import pyspiel

from interpreter.engine.chance import MAX_OUTCOMES
from interpreter.rl.openspiel_episode import (INT_MAX, LUCK, SEEDS, SPECS, Episode, Spec,
                                               replay)
from interpreter.rl.openspiel_views import HouserulesObserver
from interpreter.rl.rewards import REWARDS, rules_of

DRAWS = 3  # the deal's chance nodes: the deal seed's digits

_registered: dict = {}  # short name -> (what it plays, its GameType, its Spec)


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
        utility=utility.ZERO_SUM,
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
    SPECS[name] = spec
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
            utility_sum=0.0,
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
