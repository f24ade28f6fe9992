"""A ruleset as fixed-size numbers, for learning agents: one action space for every answer
the ruleset can produce, and one observation layout, both derived from the ruleset.

Actions (`Encoding.size` in all, in this order):

    one per distinct card face (every face of every side)   play, choose or jump in with it
    draw, pass, done                                          the engine's words
    one per colour                                            name it
    one per seat                                              choose that player
    yes, no                                                   a question; a window: yes takes it
    none                                                      let a window go, or answer none

Identical cards are one action (playing either is the same play). The observation of a seat
(`Encoding.observe`, float32) is laid out as `Encoding.fields` says: its own hand as counts
per face, the top face, the faces it sees of the others' hands and of the stock's top
(two-sided cards), the colour to follow, direction, penalty, each seat's hand size, score
and whether it is out (seats counted from the observer), the declared game variables that
are numbers, the kind of decision asked, and the side up. It holds nothing the seat may not
see (view.py's rules).
"""

from __future__ import annotations

from array import array

import numpy as np

from ..decisions import DRAW, PASS
from ..errors import IllegalMove
from ..primitives import DONE, RESERVED_QUESTIONS

WORDS = (DRAW, PASS, DONE)
KINDS = tuple(sorted(RESERVED_QUESTIONS)) + ("question",)  # "question": a ruleset's own ask()


class IllegalAction(IllegalMove):
    """An action that is not legal now; nothing changed."""


class Encoding:
    """The action space and observation layout of one ruleset at one number of seats."""

    def __init__(self, ruleset, players: int):
        self.ruleset = ruleset
        self.players = players
        faces = sorted({(face.side, face.name): face for face in ruleset.faces}.items(),
                       key=lambda item: item[0][0])
        self.face_names = [name if not ruleset.sides else f"{name} ({ruleset.sides[side]})"
                           for (side, name), _ in faces]
        self.face_index = {key: i for i, (key, _) in enumerate(faces)}
        self.colors = tuple(ruleset.colors)
        count = len(faces)
        self.card_base = 0
        self.word_base = count
        self.color_base = count + len(WORDS)
        self.seat_base = self.color_base + len(self.colors)
        self.yes = self.seat_base + players
        self.no = self.yes + 1
        self.none = self.yes + 2
        self.size = self.none + 1
        self.action_names = (
            [f"play {n}" for n in self.face_names] + list(WORDS)
            + [f"color {c}" for c in self.colors] + [f"seat {s}" for s in range(players)]
            + ["yes", "no", "none"])
        self.variables = [(name, per_seat) for name, (_, per_seat, initial)
                          in ruleset.variables.items()
                          if initial is None or isinstance(initial, (bool, int, float))]
        self.layout()
        self.by_card: dict = {}  # card object -> face index (card objects are per face)

    def layout(self) -> None:
        """Where each part of the observation lies: (name, start, length)."""
        faces, players = len(self.face_names), self.players
        parts = [("hand", faces), ("top", faces), ("others_show", faces), ("stock_shows", faces),
                 ("color", len(self.colors) + 1), ("direction", 1), ("penalty", 1),
                 ("hand_sizes", players), ("scores", players), ("out", players)]
        parts += [(f"variable {name}", players if per_seat else 1)
                  for name, per_seat in self.variables]
        parts += [("decision", len(KINDS)), ("side", 2)]
        self.fields = []
        start = 0
        for name, length in parts:
            self.fields.append((name, start, length))
            start += length
        self.length = start
        self.at = {name: start for name, start, _ in self.fields}
        self.blank = array("f", bytes(4 * self.length))

    # --- actions ------------------------------------------------------------------------

    def face(self, card) -> int:
        """The face index of a card (a face: its side and name)."""
        found = self.by_card.get(card)
        if found is None:
            found = self.by_card[card] = self.face_index[(card.side, card.name)]
        return found

    def action(self, option, window: bool = False) -> int:
        """The action that gives `option` (in a window's offer, a seat is "yes": take it)."""
        if option is None:
            return self.none
        if option is True:
            return self.yes
        if option is False:
            return self.no
        if isinstance(option, int):
            return self.yes if window else self.seat_base + option
        if isinstance(option, str):
            if option in WORDS:
                return self.word_base + WORDS.index(option)
            return self.color_base + self.colors.index(option)
        return self.face(option)

    def actions(self, decision, window: bool = False) -> list:
        """The action of each of the decision's options, in order."""
        return [self.action(option, window) for option in decision.options]

    def mask(self, decision, window: bool = False) -> np.ndarray:
        """1 for each legal action."""
        mask = np.zeros(self.size, dtype=np.int8)
        if decision is not None:
            mask[self.actions(decision, window)] = 1
        return mask

    def answer(self, decision, action, window: bool = False):
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

    def observe(self, game, seat: int, decision=None) -> np.ndarray:
        """What `seat` may see now, as numbers (a new array each time)."""
        out = array("f", self.blank)
        at = self.at
        face = self.face
        hand = at["hand"]
        for card in game.hands[seat]:
            out[hand + face(card)] += 1.0
        top = game.discard[-1] if game.discard else None
        if top is not None:
            out[at["top"] + face(top)] = 1.0
        if self.ruleset.sides:
            shows = at["others_show"]
            for other, cards in enumerate(game.hands):
                if other != seat:
                    for card in cards:
                        out[shows + face(card.back)] += 1.0
            if game.stock:
                out[at["stock_shows"] + face(game.stock[-1].back)] = 1.0
            out[at["side"] + game.side] = 1.0
        color = game.color
        out[at["color"] + (self.colors.index(color) if color in self.colors
                           else len(self.colors))] = 1.0
        out[at["direction"]] = game.direction
        out[at["penalty"]] = game.penalty
        players = self.players
        sizes, scores, outs = at["hand_sizes"], at["scores"], at["out"]
        for offset in range(players):
            other = (seat + offset) % players
            out[sizes + offset] = len(game.hands[other])
            out[scores + offset] = game.scores[other]
            out[outs + offset] = 1.0 if game.out[other] else 0.0
        for name, per_seat in self.variables:
            value = game.variables.get(name)
            start = at[f"variable {name}"]
            if per_seat:
                for offset in range(players):
                    out[start + offset] = number(value[(seat + offset) % players]) \
                        if value else 0.0
            else:
                out[start] = number(value)
        if decision is not None:
            kind = decision.kind
            out[at["decision"] + (KINDS.index(kind) if kind in RESERVED_QUESTIONS
                                  else len(KINDS) - 1)] = 1.0
        return np.frombuffer(out, dtype=np.float32)

    def readable(self, game, seat: int, decision=None) -> dict:
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


def number(value) -> float:
    """A variable's value as a number (anything else: 0)."""
    if isinstance(value, (bool, int, float)):
        return float(value)
    return 0.0
