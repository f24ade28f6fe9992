"""Agents answer decisions: `decide(game, decision) -> one of decision.options`. The bundled
bots are made by name, by seating.bot(); match.py lets them answer a match's decisions."""

from __future__ import annotations

import random
from typing import Any, Final

from interpreter.engine.decisions import DONE, DRAW, PASS, Decision
from interpreter.engine.frame import Frame
from interpreter.engine.game import GameState
from interpreter.errors import HouserulesError
from interpreter.playing.dice import Dice


class RandomAgent:
    """Uniform over the legal options."""

    def __init__(self, seed: Any = None) -> None:
        self.rng = generator(seed)

    def decide(self, game: GameState, decision: Decision) -> Any:
        """Any legal option, each as likely."""
        options = decision.options
        return options[below(self.rng, len(options))]

    def play_at(self, count: int) -> int:
        """Which of a turn's `count` play options (the last draws) it picks: any, as decide."""
        return below(self.rng, count)


class EagerAgent:
    """Plays like RLCard's random loop: a random playable card if any, else draws; plays a
    playable drawn card, names a random colour, always calls UNO, never challenges."""

    def __init__(self, seed: Any = None) -> None:
        self.rng = generator(seed)

    def decide(self, game: GameState, decision: Decision) -> Any:
        """The eager answer."""
        options = decision.options
        kind = decision.kind
        if kind == "play":
            # The cards, then DRAW or PASS unless turn.may_draw or may_pass left it out.
            cards = len(options) - 1 if isinstance(options[-1], str) else len(options)
            return options[self.play_at(cards)]
        if kind in ("play_drawn", "uno"):
            return True
        if kind in ("color", "target"):
            pick: float = uniform(self.rng)
            return options[int(pick * len(options))]
        if decision.seat is not None and None not in options:
            return False if False in options else options[0]
        return decision.options[-1]  # a window: take it (its own seat), if it may

    def play_at(self, cards: int) -> int:
        """Which of a turn's play options, `cards` cards first, it picks: a random card, else
        the first option after them (the draw, or the pass)."""
        if not cards:
            return 0
        # Typed, the product and its int() are native (not calls into Python's protocol).
        chance: float = uniform(self.rng)
        return int(chance * cards)


class HeuristicAgent:
    """Plays sensibly: coloured cards before colourless ones, its strongest colour, calls UNO.

    With `forget_uno` above 0 it forgets to call UNO that often (the `forgetful` bot).
    """

    def __init__(self, seed: Any = None, forget_uno: float = 0.0) -> None:
        self.rng = generator(seed)
        self.forget_uno = forget_uno

    def decide(self, game: GameState, decision: Decision) -> Any:
        """A sensible answer to any kind of decision."""
        method = getattr(self, "on_" + decision.kind, None)
        return method(game, decision) if method else self.on_question(game, decision)

    def colours(self, game: GameState, seat: Any) -> list[Any]:
        """The colour of every card in the seat's hand (counted with list.count, in C)."""
        return [card.color for card in game.hands[seat]]

    def on_play(self, game: GameState, decision: Decision) -> Any:
        cards = [o for o in decision.options if o != DRAW and o != PASS]
        if not cards:
            return decision.options[-1]  # draw, or pass when drawing is over
        colours = self.colours(game, decision.seat)
        coloured = [c for c in cards if c.color is not None]
        if coloured:
            # Shed points early and stay in the colour we hold most of.
            return max(coloured, key=lambda c: (colours.count(c.color), c.points))
        # Only colourless cards are playable: keep the most valuable for later.
        return min(cards, key=lambda c: c.points)

    def on_color(self, game: GameState, decision: Decision) -> Any:
        colours = self.colours(game, decision.seat)
        return max(decision.options, key=colours.count)

    def on_target(self, game: GameState, decision: Decision) -> Any:
        """The rival nearest to going out; a partner only when no one else may be chosen."""
        mates = game.teammates(decision.seat) if decision.seat is not None else ()
        rivals = [seat for seat in decision.options if seat not in mates] or decision.options
        return min(rivals, key=lambda seat: (len(game.hands[seat]), seat))

    def on_catch(self, game: GameState, decision: Decision) -> Any:
        return decision.options[-1]  # its own seat, if the offer lets it take the window

    def on_jump_in(self, game: GameState, decision: Decision) -> Any:
        return decision.options[-1]

    def on_jump_in_card(self, game: GameState, decision: Decision) -> Any:
        return self.on_play(game, decision)  # which allowed card: chosen as a play is

    def on_card(self, game: GameState, decision: Decision) -> Any:
        """A card choice (choose_cards): the card its ruleset's `bots: answers: card:` rates
        highest (`card`: the card on offer), stopping once it rates none; without one, the
        card of most points (chosen cards usually leave the hand), never stopping early."""
        cards = [o for o in decision.options if o != DONE]
        hint = game.ruleset.bot_answers.get("card")
        if hint is None or decision.seat is None:
            return max(cards, key=lambda c: c.points)
        frame = Frame(decision.seat)
        rated = []
        for card in cards:
            frame.card = card
            value = hint(game, frame)
            rated.append((int(value) if isinstance(value, (bool, int)) else 0, card))
        best = max(rated, key=lambda pair: pair[0])  # the first of the best, in hand order
        return DONE if not best[0] and DONE in decision.options else best[1]

    def on_uno(self, game: GameState, decision: Decision) -> Any:
        return not (self.forget_uno and self.rng.random() < self.forget_uno)

    def on_question(self, game: GameState, decision: Decision) -> Any:
        """Yes to offers that help (play the drawn card, call UNO); a ruleset's own question
        as its `bots: answers:` say; no to other risky questions."""
        if decision.kind == "play_drawn":
            return True
        hint = game.ruleset.bot_answers.get(decision.kind)
        if hint is not None and decision.seat is not None:
            answer = bool(hint(game, Frame(decision.seat, game.top)))
            if answer in decision.options:
                return answer
        return False if False in decision.options else decision.options[0]


class ScriptedAgent:
    """Gives prepared answers in order; for tests. Card names and colours may be strings."""

    def __init__(self, answers: Any) -> None:
        self.answers = list(answers)

    def decide(self, game: GameState, decision: Decision) -> Any:
        """The next prepared answer."""
        if not self.answers:
            raise HouserulesError(f"the script has no answer left for a {decision.kind} decision")
        answer = self.answers.pop(0)
        if decision.kind == "play" and isinstance(answer, str) and answer not in (DRAW, PASS):
            return game.ruleset.card(answer)
        return answer


FORGET_UNO: Final = 0.2  # how often the forgetful bot forgets to call UNO


class ForgetfulAgent(HeuristicAgent):
    """The heuristic bot, but it forgets to call UNO one time in five, so people can catch it."""

    def __init__(self, seed: Any = None) -> None:
        super().__init__(seed, FORGET_UNO)


# The generator's own C methods. Called on a plain random.Random they skip the method
# lookup, about 180 instructions a call (callgrind), and a bot draws once or twice a turn; a
# subclass (SystemRandom, say) may override them, so it is asked by name.
PLAIN: Final = random.Random  # read from the random module, it would cost a lookup too
RANDOM: Final = random.Random.random
GETRANDBITS: Final = random.Random.getrandbits


def uniform(rng: Any) -> float:
    """rng.random()."""
    if isinstance(rng, Dice):
        return rng.random()  # a native call in the compiled build
    if type(rng) is PLAIN:
        return RANDOM(rng)
    drawn: float = rng.random()  # another generator
    return drawn


def below(rng: Any, count: int) -> int:
    """rng.randrange(count), drawn as random.py draws it (getrandbits of count's bit length,
    again while too large), without its Python-level argument checks: the same numbers."""
    width = count.bit_length()
    if isinstance(rng, Dice):
        dice: Dice = rng
        drawn_bits: int = dice.getrandbits(width)
        while drawn_bits >= count:
            drawn_bits = dice.getrandbits(width)
        return drawn_bits
    getrandbits = GETRANDBITS if type(rng) is PLAIN else type(rng).getrandbits
    drawn: int = getrandbits(rng, width)
    while drawn >= count:
        drawn = getrandbits(rng, width)
    return drawn


def generator(seed: Any) -> Any:
    """A random generator from a seed, or `seed` itself when it is one (bots may share one):
    a `random.Random`, or the simulations' `Dice`."""
    return seed if isinstance(seed, (random.Random, Dice)) else random.Random(seed)
