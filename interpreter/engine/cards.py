"""Cards: one immutable object per distinct face, shared by every copy in the deck."""

from __future__ import annotations

from typing import Any

# Attributes every card has; a ruleset may add its own (for example an item per colour).
BUILTIN_ATTRIBUTES = ("name", "kind", "color", "rank", "points", "value", "back")


class Kind:
    """A card kind's compiled rules. A class of this module, so that the compiled build reads
    its fields natively: a play reads two or three of them (a frozen dataclass cost about 200
    instructions a read, through its instance dictionary)."""

    name: str
    text: str
    legal: Any  # fn(game, frame) -> bool, or None when always legal
    legal_text: Any  # the legal condition as written
    fair: Any  # fn(game, frame) -> bool: the honest-play condition a challenge checks, or None
    on_play: tuple[Any, ...]
    on_first: tuple[Any, ...]
    on_going_out: tuple[Any, ...]

    def __init__(self, name: str, text: str, legal: Any, legal_text: Any, fair: Any,
                 on_play: tuple[Any, ...], on_first: tuple[Any, ...], on_going_out: tuple[Any, ...]) -> None:
        self.name = name
        self.text = text
        self.legal = legal
        self.legal_text = legal_text
        self.fair = fair
        self.on_play = on_play
        self.on_first = on_first
        self.on_going_out = on_going_out

    def __repr__(self) -> str:
        return f"Kind({self.name!r})"


class Card:
    """A card face. Copies in a deck are the same object, so `is` compares faces."""

    __slots__ = ("id", "name", "kind", "color", "rank", "points", "value", "attrs", "rules", "back",
                 "side")
    # Typed here, not in the untyped __init__ (mypyc refuses annotations there).
    id: int  # the face's place in its deck's faces (rl/encoding.py indexes by it)
    rules: Kind  # what its kind does
    back: Card | None  # the other face of the same physical card (a deck with `sides:`)
    side: int  # which of the two sides this face is on (0 for one-sided cards)

    def __init__(self, id_: int, kind: Any, color: Any, rank: Any, points: Any, value: Any,
                 attrs: Any, rules: Kind) -> None:
        self.id = id_
        self.kind = kind
        self.color = color
        self.rank = rank
        self.points = points
        self.value = value
        self.attrs = attrs
        self.rules = rules
        self.name = f"{color} {rank}" if color else str(rank)
        self.back = None
        self.side = 0

    def __repr__(self) -> str:
        return f"Card({self.name!r})"

    def __str__(self) -> str:
        return self.name

    def __deepcopy__(self, memo: dict[Any, Any]) -> Card:
        return self

    def __copy__(self) -> Card:
        return self


def card_values(items: Any, attr: str) -> list[Any] | None:
    """Each item's attribute `attr` (one of BUILTIN_ATTRIBUTES), read natively; None when
    `items` is not a list or tuple of cards.

    "Does the hand hold a card of this colour?" and "the points of these cards" read one
    attribute of each card: through operator.attrgetter, each read costs about 200
    instructions, in this loop of the compiled build a few.
    """
    if not isinstance(items, (list, tuple)):
        return None
    values: list[Any] = []
    for item in items:
        if not isinstance(item, Card):
            return None
        values.append(own_attribute(item, attr))
    return values


def values_total(items: Any, attr: str) -> int | None:
    """The sum of each item's attribute `attr` (one of BUILTIN_ATTRIBUTES), read and added
    natively; None when `items` is not a list or tuple of cards or a value is not a whole
    number (then sum() says what it makes of them). A hand's score, at every hand's end."""
    if not isinstance(items, (list, tuple)):
        return None
    total = 0
    for item in items:
        if not isinstance(item, Card):
            return None
        # A hand's points read directly: own_attribute finds `points` third (callgrind: about
        # 1,600 instructions a game less).
        value = item.points if attr == "points" else own_attribute(item, attr)
        if type(value) is not int:
            return None
        total += value
    return total


def holds_value(items: Any, attr: str, wanted: Any) -> int:
    """1 when an item's attribute `attr` is `wanted`, 0 when none's is, -1 when `items` is
    not a list or tuple of cards (card_values' answer, without making the list of values:
    about 1,500 instructions a scan of a hand, callgrind)."""
    if not isinstance(items, (list, tuple)):
        return -1
    if attr == "color" and isinstance(wanted, str):
        return holds_color(items, wanted)
    for item in items:
        if not isinstance(item, Card):
            return -1
        value = own_attribute(item, attr)
        if value is wanted or value == wanted:  # as `in` compares
            return 1
    return 0


def holds_color(items: Any, wanted: str) -> int:
    """holds_value for a colour named by a string: compared as strings (their lengths
    first), not through Python's `==` (about half the instructions of a hand's scan)."""
    for item in items:
        if not isinstance(item, Card):
            return -1
        color = item.color
        if isinstance(color, str) and color == wanted:
            return 1
    return 0


def own_attribute(card: Card, attr: str) -> Any:
    """The card's attribute `attr`, one of BUILTIN_ATTRIBUTES (a field of its own)."""
    # The names compare by identity first: the attribute's name is the interned one.
    if attr == "color":
        return card.color
    if attr == "kind":
        return card.kind
    if attr == "points":
        return card.points
    if attr == "name":
        return card.name
    if attr == "rank":
        return card.rank
    if attr == "value":
        return card.value
    return card.back


def id_flags(faces: tuple[Any, ...], chosen: frozenset[Any]) -> bytes:
    """A flag per card.id of `faces`: 1 for those in `chosen`."""
    flags = bytearray(1 + max((face.id for face in faces), default=0))
    for face in chosen:
        flags[face.id] = 1
    return bytes(flags)


def card_key(text: str) -> str:
    """How a card is looked up by name: case, spacing and underscores do not matter
    ('Red Big_Five' is 'red big five'); a two-sided card may be named 'face / back'."""
    return " ".join(str(text).lower().replace("_", " ").replace("/", " / ").split())


def showing(cards: Any, wanted: Any) -> Card | None:
    """The first of `cards` showing the face `wanted`: a card (itself, else one of the same
    showing face whatever its back), or a name as card_key reads it ('red 5', or 'red 5 /
    pink 2' for one back); None when none does. A two-sided card is named by the face that
    shows (docs/game-rules.md 4), and two copies of that face may have different backs."""
    if isinstance(wanted, Card):
        for card in cards:
            if card is wanted:
                return card
        for card in cards:
            if isinstance(card, Card) and card.name == wanted.name and card.kind == wanted.kind:
                return card
        return None
    key = card_key(wanted)
    for card in cards:
        if not isinstance(card, Card):
            continue
        if card_key(card.name) == key or (
                card.back is not None and card_key(f"{card.name} / {card.back.name}") == key):
            return card
    return None


def holds(hand: list[Any], card: Any) -> bool:
    """Whether `hand` holds `card`: `card in hand` (cards are equal only to themselves)
    without comparing it with each other card held, from the end (most often just drawn)."""
    at = len(hand)
    while at:
        at -= 1
        if hand[at] is card:
            return True
    return False
