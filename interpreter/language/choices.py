"""The effect language's choices at run time: a player names a colour, picks a seat, chooses
cards one at a time, or answers a yes/no question; or chance decides (a random number, a
named chance's outcome). Each is `fn(game, frame, *args)` and gives what is asked (the
decision's kind, the seat and the options; for cards, a CardPicks; for chance, what it is
called and its slots); its types, doc and words are its row in builtins.py. Compiled
(setup.py's COMPILED): a turn calls them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from interpreter.engine.budget import MAX_NUMBER, charge
from interpreter.engine.chance import MAX_OUTCOMES
from interpreter.engine.cards import Card
from interpreter.engine.decisions import DONE
from interpreter.engine.frame import Frame
from interpreter.language.arguments import card_count, seat_of, seats_of

if TYPE_CHECKING:
    from interpreter.engine.game import GameState


def settle_color(game: GameState, frame: Frame, answer: Any) -> None:
    """Apply a named colour."""
    game.set_color(answer)


def choose_color(game: GameState, frame: Any, who: Any, colors: Any = None) -> Any:
    if colors is None:
        return "color", seat_of(game, who), game.side_colors
    if isinstance(colors, (list, tuple)):
        charge(game, len(colors))
    if not isinstance(colors, (list, tuple)) or not colors \
            or any(c not in game.ruleset.colors for c in colors):
        raise ValueError(f"choose_color takes a list of the ruleset's colours "
                         f"({', '.join(game.ruleset.colors)}), not {colors!r}")
    return "color", seat_of(game, who), tuple(dict.fromkeys(colors))


def choose_player(game: GameState, frame: Any, who: Any, seats: Any) -> Any:
    chosen = seats_of(game, seats)
    charge(game, len(chosen))
    return "target", seat_of(game, who), chosen


# The answer to a card choice that takes no more cards, once it has its fewest (a word, like
# the engine's "draw": a card answer is never a word).
class CardPicks:
    """A card choice in progress: who chooses, the cards left to choose from, how many may and
    must be chosen, and those chosen so far (kept in the effect's frame, so a clone copies it)."""

    __slots__ = ("seat", "pool", "fewest", "most", "chosen")

    def __init__(self, seat: int, pool: list[Any], fewest: int, most: int) -> None:
        self.seat = seat
        self.pool = pool
        self.fewest = fewest
        self.most = most
        self.chosen: list[Any] = []

    def __deepcopy__(self, memo: dict[Any, Any]) -> CardPicks:
        twin = CardPicks(self.seat, list(self.pool), self.fewest, self.most)
        twin.chosen = list(self.chosen)
        return twin

    def options(self) -> tuple[Any, ...]:
        """The answers to the next pick, or () when the choice is complete. A pick with one
        possible answer is taken without asking: it decides nothing."""
        while len(self.chosen) < self.most and self.pool:
            if len(self.chosen) + len(self.pool) <= self.fewest:
                self.chosen.extend(self.pool)  # all that are left must be taken
                self.pool = []
                break
            faces = tuple(dict.fromkeys(self.pool))
            if len(self.chosen) >= self.fewest:
                faces += (DONE,)
            if len(faces) > 1:
                return faces
            # One card, copies of it alone, and fewer than the fewest chosen: the copies
            # still wanted are taken at once (one by one, each took the whole pool again).
            wanted = self.fewest - len(self.chosen)
            self.chosen.extend(self.pool[:wanted])
            del self.pool[:wanted]
        return ()

    def take(self, answer: Any) -> None:
        """Apply one pick: a card is chosen; DONE ends the choice."""
        if answer == DONE:
            self.pool = []
        else:
            self.pool.remove(answer)
            self.chosen.append(answer)


# One card at a time, not one option per set of cards: a decision's options stay the distinct
# cards on offer (at most a hand's worth, like a play's), where the sets of 5 cards of a hand
# of 25 would be some 50,000, and a cap on them would leave some sets impossible to choose.
def choose_cards(game: GameState, frame: Any, who: Any, cards: Any, fewest: Any,
                 most: Any = None) -> Any:
    seat = seat_of(game, who)
    pool = list(cards) if isinstance(cards, (list, tuple)) else [cards]
    charge(game, len(pool))  # and the cards left, at each pick (compiler.picks_op)
    for card in pool:
        if not isinstance(card, Card):
            raise TypeError(f"choose_cards chooses among cards, not {card!r}")
    fewest = card_count(fewest)
    most = fewest if most is None else card_count(most)
    if most < fewest:
        raise ValueError(f"choose_cards: at most {most} is fewer than at least {fewest}")
    return CardPicks(seat, pool, fewest, most)


def ask(game: GameState, frame: Any, who: Any, question: Any) -> Any:
    return str(question), seat_of(game, who), (False, True)


def random_(game: GameState, frame: Any, low: Any, high: Any) -> Any:
    for bound in (low, high):
        if type(bound) is not int or not -MAX_NUMBER <= bound <= MAX_NUMBER:
            raise TypeError(f"random() takes whole numbers, not {bound!r}")
    if not low <= high < low + MAX_OUTCOMES:
        raise ValueError(f"random({low}, {high}): the highest number is from the lowest to "
                         f"{MAX_OUTCOMES - 1} more")
    return f"random {low} to {high}", range(low, high + 1)


def outcome(game: GameState, frame: Any, name: Any) -> Any:
    chances: dict[Any, Any] = game.rules.chances
    slots = chances.get(name)
    if slots is None:
        raise ValueError(f"the ruleset has no chance named {name!r} under chances:")
    return name, slots
