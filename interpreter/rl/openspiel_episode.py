"""One episode of a houserules OpenSpiel game (openspiel_game.py): the GameState and the
match driver, the luck node before an answer is heard, what each seat knows of the others'
hands, the game dealt again as one seat sees it, and each seat's bounded history (its
information state string)."""

from __future__ import annotations

import hashlib
import random
from collections import deque
from operator import attrgetter

from interpreter.engine.chance import CHANCE, seeded, shuffle
from interpreter.engine.seeing import as_seen, remember
from interpreter.playing.match import Match
from interpreter.rl.encoding import Encoding
from interpreter.rl.games import deal_on, new_game
from interpreter.rl.openspiel_views import observations
from interpreter.rl.rewards import outcome_bounds, paid

HISTORY_LINES = 8  # an information state's latest lines, at most (History)
LUCK = 100  # outcomes of a luck node (the stock shuffled afresh before an answer is heard)
SEEN = "seen"  # a path's mark: the game dealt again as one seat sees it
CARD_ID = attrgetter("id")
SPECS: dict[str, Spec] = {}  # what each game registered in this process plays, by its short name
INT_MAX = 2 ** 31 - 1  # max_game_length is a C++ int
DECISIONS_PER_TURN = 4  # a bound on the decisions of one turn, besides the windows' offers
SEEDS = 1000  # outcomes of each of the deal's chance nodes, unless registered otherwise


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


def replay(spec: Spec | str, path: list, track: bool = False, luck: int = LUCK,
           limit: int = 0) -> Episode:
    """The table that the deal seed and moves `path` make (`spec`: what the game plays, or a
    registered game's name), with `luck` outcomes a luck node and `limit` moves at most
    (Episode), keeping each seat's history if `track`."""
    if isinstance(spec, str) and spec not in SPECS:
        raise ValueError(f"{spec!r} is not registered in this process: register it first")
    plays: Spec = SPECS[spec] if isinstance(spec, str) else spec
    table = Episode(plays, path[0], luck, limit)
    if track:
        table.track()
    for move in path[1:]:
        if isinstance(move, tuple):
            table = table.seen_by(move[1], move[2])
        else:
            table.act(move)
    return table


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

    def __reduce__(self):  # pyspiel serializes a Python state by pickling its attributes
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
