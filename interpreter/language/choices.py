"""The effect language's choices at run time: a player names a colour, picks a seat, chooses
cards one at a time, seats pass cards at once, or a player answers a yes/no question; or
chance decides (a random number, a named chance's outcome). Each is `fn(game, frame, *args)`
and gives what is asked (the decision's kind, the seat and the options; for cards, a
CardPicks or CardPasses; for chance, what it is called and its slots); its types, doc and
words are its row in builtins.py. Compiled (setup.py's COMPILED): a turn calls them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from interpreter.engine import moves, order
from interpreter.engine.budget import MAX_NUMBER
from interpreter.engine.chance import MAX_OUTCOMES
from interpreter.engine.cards import Card
from interpreter.engine.decisions import DONE
from interpreter.engine.frame import Frame
from interpreter.language.arguments import card_count, charge, seat_of, seats_of

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

    __slots__ = ("seat", "pool", "fewest", "most", "chosen", "kind")

    def __init__(self, seat: int, pool: list[Any], fewest: int, most: int) -> None:
        self.kind = "card"  # the decision each pick asks
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


# The word that makes each giver of pass_cards choose its receiver.
CHOSEN = "chosen"


class CardPasses:
    """Cards passed at once, being chosen: each giver in turn picks its receiver (when `to` is
    "chosen") and then its cards, one at a time as choose_cards does; the choices so far are
    kept here (in the effect's frame, so a clone copies them) and nothing moves until the last
    giver has chosen (settle_passes). `kind`, `seat` and `pool` are the pending pick's."""

    __slots__ = ("givers", "count", "direction", "pools", "targets", "at", "picks",
                 "receiver", "passes", "kind", "seat", "pool")

    def __init__(self, givers: tuple[Any, ...], count: int, direction: int,
                 pools: list[Any], targets: list[Any]) -> None:
        self.givers = givers
        self.count = count
        self.direction = direction  # 1 or -1; 0: each giver chooses its receiver
        self.pools = pools  # per giver, the hand it chooses from
        self.targets = targets  # per giver, the seats it may choose to pass to (chosen)
        self.at = 0  # the giver choosing now
        self.picks: CardPicks | None = None  # its cards, being chosen
        self.receiver: int | None = None  # its receiver, once chosen
        self.passes: list[Any] = []  # (giver, receiver or None, cards) of those done
        self.kind = "card"
        self.seat = givers[0] if givers else 0
        self.pool: list[Any] = []

    def __deepcopy__(self, memo: dict[Any, Any]) -> CardPasses:
        twin = CardPasses(self.givers, self.count, self.direction, self.pools, self.targets)
        twin.at, twin.receiver, twin.passes = self.at, self.receiver, list(self.passes)
        twin.picks = None if self.picks is None else self.picks.__deepcopy__(memo)
        twin.kind, twin.seat, twin.pool = self.kind, self.seat, list(self.pool)
        return twin

    def options(self) -> tuple[Any, ...]:
        """The answers to the next pick, or () once every giver has chosen."""
        while self.at < len(self.givers):
            seat = self.seat = self.givers[self.at]
            if self.direction == 0 and self.receiver is None:
                targets: tuple[Any, ...] = self.targets[self.at]
                if len(targets) > 1:
                    self.kind, self.pool = "target", []
                    return targets
                self.receiver = targets[0] if targets else -1  # -1: nobody to pass to
            picks = self.picks
            if picks is None:
                pool = self.pools[self.at] if self.receiver != -1 else []
                wanted = min(self.count, len(pool))  # a short hand passes what it holds
                picks = self.picks = CardPicks(seat, list(pool), wanted, wanted)
            found = picks.options()
            if found:
                self.kind, self.pool = "card", picks.pool
                return found
            self.passes.append((seat, self.receiver, tuple(picks.chosen)))
            self.at += 1
            self.picks = self.receiver = None
        self.pool = []
        return ()

    def take(self, answer: Any) -> None:
        """Apply one pick: the receiver chosen, or a card."""
        if self.kind == "target":
            self.receiver = answer
        elif self.picks is not None:
            self.picks.take(answer)


def pass_cards(game: GameState, frame: Any, who: Any, count: Any, to: Any = None) -> Any:
    givers = tuple(s for s in seats_of(game, who) if not game.out[s])
    count = card_count(count)
    if to is None:
        direction = game.direction
    elif to == CHOSEN:
        direction = 0
    elif type(to) is int and to in (1, -1):
        direction = to
    else:
        raise ValueError(f'pass_cards passes to 1 or -1 (a direction) or "{CHOSEN}" (each '
                         f"giver chooses), not {to!r}")
    pools = [list(game.hands[seat]) for seat in givers]
    # Each giver's hand copied, and the seats it may pass to (each pick is charged its cards
    # left, as choose_cards' are: compiler.picks_op).
    charge(game, len(givers) * game.players + sum(map(len, pools)))
    targets = [game.others_of(seat) if direction == 0 else () for seat in givers]
    return CardPasses(givers, count, direction, pools, targets)


def settle_passes(game: GameState, frame: Any, passes: Any) -> None:
    """Every giver's chosen cards move to its receiver, together (moves.pass_cards)."""
    moved = []
    for giver, receiver, cards in passes.passes:
        if passes.direction:  # the next seat still in, now
            receiver = order.walk(game.out, game.seated, giver, 1, passes.direction)
        if cards and receiver is not None and receiver >= 0 and receiver != giver \
                and not game.out[giver] and not game.out[receiver]:
            moved.append((giver, receiver, list(cards)))
    charge(game, sum(len(game.hands[giver]) + len(cards) for giver, _, cards in moved))
    moves.pass_cards(game, moved)


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
