"""What a seat of a houserules OpenSpiel game (openspiel_game.py) is shown: its observation
string in one line, and the observer OpenSpiel asks for tensors and strings."""

from __future__ import annotations

import numpy as np
import pyspiel

from interpreter.engine.game import GameState
from interpreter.rl.encoding import Encoding


def observations(encoding: Encoding, game: GameState, asked, decision, seats) -> list:
    """Each of `seats`' observation string (the decision's kind for the seat `asked`):
    Encoding.readable on one line, "key: value" parts joined by " | " (a list's items by
    ", ", an empty dictionary left out), with what every seat sees made into text once (at
    100 seats, a hundred times fewer numbers made into text than seat by seat)."""
    names, face, players = encoding.face_names, encoding.face, encoding.players
    top = game.discard[-1] if game.discard else None
    shared = (f" | top: {names[face(top)] if top is not None else None} | color: {game.color}"
              f" | direction: {game.direction} | penalty: {game.penalty}")
    sizes = [str(len(hand)) for hand in game.hands]
    scores = [str(score) for score in game.scores]
    out = [str(bool(gone)) for gone in game.out]
    variables = ", ".join(f"{name}={game.variables.get(name)}" for name, _ in encoding.variables)
    if variables:
        variables = f" | variables: {variables}"
    sides = encoding.ruleset.sides
    if sides:
        shows = [str(sorted(names[face(card.back)] for card in hand)) for hand in game.hands]
        stock = names[face(game.stock[-1].back)] if game.stock else None
    lines = []
    for seat in seats:
        hand = ", ".join(sorted(names[face(card)] for card in game.hands[seat]))
        kind = decision.kind if seat == asked and decision is not None else None
        line = (f"hand: {hand}{shared} | hand_sizes: {turned(sizes, seat)}"
                f" | scores: {turned(scores, seat)} | out: {turned(out, seat)}{variables}"
                f" | decision: {kind}")
        if sides:
            others = ", ".join(f"{other}={shows[other]}"
                               for other in ((seat + k) % players for k in range(1, players)))
            line += (f" | side: {sides[game.side]} | others_show: {others}"
                     f" | stock_shows: {stock}")
        lines.append(line)
    return lines


def turned(texts: list, seat: int) -> str:
    """Per-seat texts joined from `seat`'s own, as an observation counts seats."""
    return ", ".join(texts[seat:] + texts[:seat])


class HouserulesObserver:
    """Observations for OpenSpiel (the PyObserver interface, open_spiel/python/observation.py):
    without perfect recall, the seat's observation now, as numbers and words; with it, its
    information state: as numbers, the observation and what it remembers (the discard pile's
    faces, the cards it knows each other hand holds: openspiel_game's `memory`), as words
    its history."""

    def __init__(self, encoding: Encoding, iig_obs_type):
        if (not iig_obs_type.public_info
                or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER):
            raise ValueError("houserules games observe as one seat: public information and "
                             "the seat's own private information")
        self.encoding = encoding
        self.recall = iig_obs_type.perfect_recall
        faces, players = encoding.face_count, encoding.players
        fields = list(encoding.fields)
        if self.recall:
            fields += [("discard", encoding.length, faces),
                       ("known", encoding.length + faces, (players - 1) * faces)]
        size = fields[-1][1] + fields[-1][2]
        self.tensor = np.zeros(size, np.float32)
        self.dict = {name: self.tensor[start:start + length] for name, start, length in fields}
        if self.recall:
            self.dict["known"] = self.dict["known"].reshape(players - 1, faces)

    def set_from(self, state, player):
        table = state._episode
        if table is None:
            self.tensor.fill(0.0)
            return
        decision = table.decision if player == table.asked else None
        length = self.encoding.length
        self.tensor[:length] = self.encoding.observe(table.game, player, decision)
        if self.recall:
            discard, known = state.memory(player)
            self.dict["discard"][:] = discard
            self.dict["known"][:] = known

    def string_from(self, state, player):
        if self.recall:
            return state.information_state(player)
        table = state._episode
        return "before the deal" if table is None else table.observation(player)
