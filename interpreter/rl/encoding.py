"""A ruleset as fixed-size numbers, for learning agents: one action space for every answer
the ruleset can produce, and one observation layout, both derived from the ruleset.

Actions (`Encoding.size` in all, in this order):

    one per distinct card face (every face of every side)   play, choose or jump in with it
    draw, pass, done                                          the engine's words
    one per colour                                            name it
    one per seat                                              choose that player
    yes, no                                                   a question; a window: yes takes it
    none                                                      let a window go, or answer none
    one per pile of each row (rows:), up to a pile per card   play on that pile

Identical cards are one action (playing either is the same play). The observation of a seat
(`Encoding.observe`, float32) is laid out as `Encoding.fields` says: its own hand as counts
per face, the top face, the faces it sees of the others' hands and of the stock's top
(two-sided cards), the colour to follow, direction, penalty, each seat's hand size, score
and whether it is out (seats counted from the observer), the declared game variables that
are numbers, the kind of decision asked, the side up, and which seat it is (`seat`, one-hot:
the observation counts seats from the observer, while a seat action names a seat by its
number, so `seat` tells which seat "seat 2" is from here). It holds nothing the seat may not
see (view.py's rules).
"""

from __future__ import annotations

from typing import Any

import numpy as np  # type: ignore[import-not-found,unused-ignore]

from interpreter.engine.cards import Card
from interpreter.engine.decisions import DONE, DRAW, PASS, RESERVED_QUESTIONS, Decision
from interpreter.engine.game import GameState
from interpreter.errors import IllegalMove

WORDS = (DRAW, PASS, DONE)
KINDS = tuple(sorted(RESERVED_QUESTIONS)) + ("question",)  # "question": a ruleset's own ask()
KIND_AT = {kind: i for i, kind in enumerate(KINDS[:-1])}
NUMBER_VARIABLES = ("value", "number", "boolean", "seat")  # the variables observed, as numbers
# dtype objects made once: np.frombuffer(buffer, F32) takes 0.8 us, with dtype=np.float32 as a
# keyword 1.7 us (measured on this machine), and it runs at every step.
F32 = np.dtype(np.float32)
I8 = np.dtype(np.int8)


class IllegalAction(IllegalMove):
    """An action that is not legal now; nothing changed."""


class Encoding:
    """The action space and observation layout of one ruleset at one number of seats."""

    # Typed here, not in __init__: match.py and this module are compiled by mypyc (setup.py),
    # whose native attributes make observe() and mask() several times faster.
    ruleset: Any
    players: int
    face_names: list[str]
    face_index: dict[tuple[int, str], int]  # (side, name) -> its face index
    by_option: dict[str, int]  # a word or a colour -> its action
    colors: tuple[str, ...]
    color_at: dict[str, int]  # colour -> its place among the colours
    two_sided: bool
    card_base: int
    word_base: int
    color_base: int
    seat_base: int
    yes: int
    no: int
    none: int
    size: int
    action_names: list[str]
    variables: list[tuple[str, bool]]  # (name, per seat) of the number variables
    fields: list[tuple[str, int, int]]  # (name, start, length)
    length: int
    at: dict[str, int]
    at_hand: int
    at_top: int
    at_shows: int
    at_stock: int
    at_color: int
    at_direction: int
    at_penalty: int
    at_sizes: int
    at_scores: int
    at_out: int
    at_decision: int
    at_side: int
    at_seat: int
    variable_at: list[tuple[str, bool, int]]  # (name, per seat, start)
    blank: Any  # the observation of nothing: float32 zeros, copied for each observation
    face_count: int
    id_faces: tuple[Card, ...]  # the faces `of_id` was made for (a game's `faces`)
    of_id: list[int]  # card.id -> face index, for the cards of `id_faces`

    def __init__(self, ruleset: Any, players: int) -> None:
        self.ruleset = ruleset
        self.players = players
        faces = sorted({(face.side, face.name): face for face in ruleset.faces}.items(),
                       key=lambda item: item[0][0])
        self.face_names = [name if not ruleset.sides else f"{name} ({ruleset.sides[side]})"
                           for (side, name), _ in faces]
        self.face_index = {key: i for i, (key, _) in enumerate(faces)}
        self.colors = tuple(ruleset.colors)
        self.color_at = {color: i for i, color in enumerate(self.colors)}
        self.two_sided = bool(ruleset.sides)
        count = len(faces)
        self.card_base = 0
        self.word_base = count
        self.color_base = count + len(WORDS)
        self.seat_base = self.color_base + len(self.colors)
        self.yes = self.seat_base + players
        self.no = self.yes + 1
        self.none = self.yes + 2
        # A row's piles, each named as the pile decision names it ("center 2"): a row never
        # holds more piles than the cards of its deck copies.
        most = len(ruleset.deck) * max(ruleset.decks.values(), default=1)
        piles = [f"{row.name} {number}" for row in ruleset.rows for number in range(1, most + 1)]
        self.pile_base = self.none + 1
        self.size = self.pile_base + len(piles)
        self.action_names = (
            [f"play {n}" for n in self.face_names] + list(WORDS)
            + [f"color {c}" for c in self.colors] + [f"seat {s}" for s in range(players)]
            + ["yes", "no", "none"] + [f"pile {name}" for name in piles])
        # Only numbers (a seat is one, true and false too): a variable holding cards may
        # hold cards from a hand, which no other seat may see (docs/rules.md).
        self.variables = [(name, per_seat) for name, (_, per_seat, initial)
                          in ruleset.variables.items()
                          if ruleset.variable_types[name] in NUMBER_VARIABLES
                          and (initial is None or isinstance(initial, (bool, int, float)))]
        self.layout()
        # Option -> action for the words and the colours; a card's is its face's (`ids`).
        self.by_option = {word: self.word_base + i for i, word in enumerate(WORDS)}
        self.by_option.update({c: self.color_base + i for i, c in enumerate(self.colors)})
        self.by_option.update({name: self.pile_base + i for i, name in enumerate(piles)})
        self.face_count = count
        self.id_faces = ()
        self.of_id = []

    def layout(self) -> None:
        """Where each part of the observation lies: (name, start, length)."""
        faces, players = len(self.face_names), self.players
        parts = [("hand", faces), ("top", faces), ("others_show", faces), ("stock_shows", faces),
                 ("color", len(self.colors) + 1), ("direction", 1), ("penalty", 1),
                 ("hand_sizes", players), ("scores", players), ("out", players)]
        parts += [(f"variable {name}", players if per_seat else 1)
                  for name, per_seat in self.variables]
        parts += [("decision", len(KINDS)), ("side", 2), ("seat", players)]
        self.fields = []
        start = 0
        for name, length in parts:
            self.fields.append((name, start, length))
            start += length
        self.length = start
        at = self.at = {name: begin for name, begin, _ in self.fields}
        self.at_hand, self.at_top = at["hand"], at["top"]
        self.at_shows, self.at_stock = at["others_show"], at["stock_shows"]
        self.at_color, self.at_direction, self.at_penalty = at["color"], at["direction"], at["penalty"]
        self.at_sizes, self.at_scores, self.at_out = at["hand_sizes"], at["scores"], at["out"]
        self.at_decision, self.at_side, self.at_seat = at["decision"], at["side"], at["seat"]
        self.variable_at = [(name, per_seat, at[f"variable {name}"])
                            for name, per_seat in self.variables]
        self.blank = np.zeros(self.length, F32)

    # --- actions ------------------------------------------------------------------------

    def face(self, card: Card) -> int:
        """The face index of a card (a face: its side and name)."""
        return self.face_index[(card.side, card.name)]

    def ids(self, game: GameState) -> list[int]:
        """card.id -> face index for the cards of `game` (made again only when its faces
        change: a two-sided deck paired afresh is new card objects every match)."""
        faces = game.faces
        if faces is not self.id_faces:
            of_id = [0] * (1 + max((card.id for card in faces), default=0))
            for card in faces:
                of_id[card.id] = self.face(card)
            self.of_id, self.id_faces = of_id, faces
        return self.of_id

    def action(self, option: Any, window: bool = False) -> int:
        """The action that gives `option` (in a window's offer, a seat is "yes": take it)."""
        if option is None:
            return self.none
        if option is True:
            return self.yes
        if option is False:
            return self.no
        if isinstance(option, Card):
            return self.face(option)
        found = self.by_option.get(option)  # never a bool or a seat: they are not kept there
        if found is not None:
            return found
        if isinstance(option, int):
            return self.yes if window else self.seat_base + option
        raise ValueError(f"an answer this encoding does not know: {option!r}")

    def actions(self, decision: Decision, window: bool = False) -> list[int]:
        """The action of each of the decision's options, in order."""
        return [self.action(option, window) for option in decision.options]

    def mask(self, decision: Decision | None, window: bool = False) -> Any:
        """1 for each legal action (a new array each time)."""
        return self.legal(decision, window)[0]

    def legal(self, decision: Decision | None, window: bool = False,
              game: GameState | None = None) -> tuple[Any, list[int], dict[int, Any]]:
        """(the mask, the legal actions in the order the options give them, each once, and
        action -> the option it stands for); `game`, the decision's, looks cards up faster."""
        legal = bytearray(self.size)
        listed: list[int] = []
        chosen: dict[int, Any] = {}
        if decision is not None:
            of_id = self.ids(game) if game is not None else None
            for option in decision.options:
                if of_id is not None and isinstance(option, Card):
                    action = of_id[option.id]
                else:
                    action = self.action(option, window)
                if action not in chosen:
                    chosen[action] = option
                    listed.append(action)
                    legal[action] = 1
        return np.frombuffer(legal, I8), listed, chosen

    def answer(self, decision: Decision, action: Any, window: bool = False) -> Any:
        """The option that `action` stands for; IllegalAction (and nothing changes) if none."""
        try:
            wanted = int(action)
        except (TypeError, ValueError):
            raise IllegalAction(f"expected an action number from 0 to {self.size - 1}, "
                                f"got {action!r}") from None
        if wanted != action:
            raise IllegalAction(f"expected a whole action number, got {action!r}")
        for option in decision.options:
            if self.action(option, window) == wanted:
                return option
        legal = ", ".join(f"{a} ({self.action_names[a]})"
                          for a in sorted(set(self.actions(decision, window))))
        name = self.action_names[wanted] if 0 <= wanted < self.size else "not an action"
        raise IllegalAction(f"action {wanted} ({name}) is not legal now; legal: {legal}")

    # --- observations -------------------------------------------------------------------

    def observe(self, game: GameState, seat: int, decision: Decision | None = None) -> Any:
        """What `seat` may see now, as numbers (a new array each time)."""
        # Stores into a numpy array's memoryview, as floats, once per face held: an
        # array("f") parses each number it is given (about 270 instructions a store), an
        # int takes longer than a float, and np.frombuffer costs more than a copy does.
        # Callgrind, four seats of random play: 23,100 instructions an observation before
        # these three, 13,600 after.
        observation = self.blank.copy()
        out: Any = memoryview(observation)
        of_id = self.ids(game)
        tally: list[int] = [0] * self.face_count
        held = game.hands[seat]
        for card in held:
            face: Card = card
            index = of_id[face.id]
            tally[index] = tally[index] + 1
        hand = self.at_hand
        for card in held:
            face = card
            index = of_id[face.id]
            count = tally[index]
            if count:  # the face's first copy in the hand: store its count, once
                out[hand + index] = float(count)
                tally[index] = 0
        discard = game.discard
        if discard:
            top: Card = discard[-1]
            out[self.at_top + of_id[top.id]] = 1.0
        players = self.players
        if self.two_sided:
            shows = self.at_shows
            for offset in range(1, players):
                for card in game.hands[(seat + offset) % players]:
                    out[shows + self.face(card.back)] += 1.0
            if game.stock:
                out[self.at_stock + self.face(game.stock[-1].back)] = 1.0
            out[self.at_side + game.side] = 1.0
        color = game.color
        colors = self.colors
        out[self.at_color + self.color_at.get(color, len(colors))] = 1.0
        direction: int = game.direction
        out[self.at_direction] = float(direction)
        penalty: int = game.penalty
        if penalty:
            out[self.at_penalty] = float(penalty)
        sizes, scores, outs = self.at_sizes, self.at_scores, self.at_out
        hands, points, gone = game.hands, game.scores, game.out
        for offset in range(players):
            other = (seat + offset) % players
            size: int = len(hands[other])
            out[sizes + offset] = float(size)
            score = points[other]
            if score:
                out[scores + offset] = float(score)
            if gone[other]:
                out[outs + offset] = 1.0
        for name, per_seat, start in self.variable_at:
            value = game.variables.get(name)
            if per_seat:
                for offset in range(players):
                    out[start + offset] = number(value[(seat + offset) % players]) \
                        if value else 0.0
            else:
                out[start] = number(value)
        if decision is not None:
            kind = decision.kind
            out[self.at_decision + KIND_AT.get(kind, len(KINDS) - 1)] = 1.0
        out[self.at_seat + seat] = 1.0
        return observation

    def readable(self, game: GameState, seat: int,
                 decision: Decision | None = None) -> dict[str, Any]:
        """The same observation as words and numbers, for people and logs."""
        top = game.discard[-1] if game.discard else None
        players = self.players
        order = [(seat + offset) % players for offset in range(players)]
        seen = {"hand": sorted(self.face_names[self.face(c)] for c in game.hands[seat]),
                "top": self.face_names[self.face(top)] if top is not None else None,
                "color": game.color, "direction": game.direction, "penalty": game.penalty,
                "hand_sizes": [len(game.hands[s]) for s in order],
                "scores": [game.scores[s] for s in order],
                "out": [bool(game.out[s]) for s in order],
                "variables": {name: game.variables.get(name) for name, _ in self.variables},
                "decision": decision.kind if decision is not None else None}
        if self.ruleset.sides:
            seen["side"] = self.ruleset.sides[game.side]
            seen["others_show"] = {s: sorted(self.face_names[self.face(c.back)]
                                             for c in game.hands[s]) for s in order[1:]}
            seen["stock_shows"] = self.face_names[self.face(game.stock[-1].back)] \
                if game.stock else None
        return seen


def number(value: object) -> float:
    """A variable's value as a number (anything else: 0)."""
    if isinstance(value, (bool, int, float)):
        return float(value)
    return 0.0
