"""The deck: every card face a ruleset's `deck:` makes, and its copies; with `sides:`, the two
faces of each physical card (`pairs:`), or faces paired at random for each match."""

from __future__ import annotations

import random
import re
from collections import Counter
from types import MappingProxyType
from typing import Final

from interpreter.engine.budget import MAX_NUMBER
from interpreter.engine.cards import Card, card_key

# Cards: a bigger deck is a mistake or an attack, not a game. It bounds every count that
# multiplies cards (copies, ranks, colours, a pair's (xN), the decks shuffled together),
# checked before any card is made.
MAX_DECK: Final = 20_000
# One line of `pairs:`: "FACE -> BACK, BACK (x2), ..."; a back's "(xN)" is N cards. Any
# sign and any digits are read, so that a bad count is refused as one, not as a card name.
COPIES = re.compile(r"^(.*?)\s*\(x\s*([-+]?\d+)\)\s*$")


def build_deck(builder, colors: tuple) -> tuple:
    """Every distinct face and the full deck (copies included), in a fixed order. With
    sides, a face is one side of a physical card and knows the other (`back`)."""
    sides = builder.data.get("sides")
    check_size(builder, colors)
    if not sides:
        faces, deck = side_faces(builder, colors, None)
        return tuple(faces.values()), tuple(deck)
    names = list(sides)
    per_side = [side_faces(builder, colors, name) for name in names]
    lines = builder.data.get("pairs")
    if lines is None:  # no pairing written: the copies in the order written, until shuffled
        pairs = list(zip(per_side[0][1], per_side[1][1]))
        if len(per_side[0][1]) != len(per_side[1][1]):
            raise builder.source.error(("deck",), f"the {names[0]} side has {len(per_side[0][1])} "
                                                  f"cards and the {names[1]} side "
                                                  f"{len(per_side[1][1])}: every card has two")
    else:
        pairs = read_pairs(builder, names, per_side)
    return pair_faces(pairs)


def check_size(builder, colors: tuple) -> None:
    """Refuse a deck past MAX_DECK before making any of it (with sides, the faces of both
    sides count)."""
    data = builder.data
    sides = data.get("sides") or {}
    first = next(iter(sides), None)
    total = 0
    for entry in data["deck"]:
        side = sides.get(entry.get("side", first)) or {}
        allowed = side.get("colors") or colors
        spec = data["kinds"].get(entry["kind"]) or {}
        total += entry.get("copies", 1) \
            * len(allowed if entry.get("colors") == "all" else entry.get("colors") or (None,)) \
            * len(entry.get("ranks") or spec.get("ranks") or [None])
    if total > MAX_DECK:
        raise builder.source.error(("deck",), f"the deck would have {total:,} cards; "
                                              f"at most {MAX_DECK:,} are allowed")


def check_copies(builder, size: int, decks: dict) -> None:
    """Refuse `decks` (players -> copies of the deck shuffled together) that would make a
    match's deck of `size` cards larger than MAX_DECK."""
    for players, copies in decks.items():
        if size * copies > MAX_DECK:
            raise builder.source.error(("decks",), f"{copies} decks of {size:,} cards for "
                                                   f"{players} players would be "
                                                   f"{size * copies:,} cards; at most "
                                                   f"{MAX_DECK:,} are allowed")


def side_faces(builder, colors: tuple, side) -> tuple:
    """The faces of the deck entries of one side (all entries when there are no sides), by
    (kind, colour, rank), and the list of their copies."""
    data, error = builder.data, builder.source.error
    sides = data.get("sides") or {}
    first = next(iter(sides), None)
    allowed = tuple((sides.get(side) or {}).get("colors") or colors) if side else colors
    faces: dict[tuple, Card] = {}
    named: dict[str, tuple] = {}  # a face's name -> its (kind, colour, rank) and deck entry
    deck = []
    for index, entry in enumerate(data["deck"]):
        path = ("deck", index)
        if "side" in entry and entry["side"] not in sides:
            raise error(path + ("side",), f"unknown side '{entry['side']}'; sides: "
                                          + (", ".join(sides) or "none declared (sides:)"))
        if side is not None and entry.get("side", first) != side:
            continue
        kind = entry["kind"]
        if kind not in data["kinds"]:
            raise error(path + ("kind",), f"unknown kind '{kind}'; kinds: " + ", ".join(data["kinds"]))
        spec = data["kinds"][kind]
        ranks = entry.get("ranks") or spec.get("ranks") or [kind]
        unknown = [r for r in ranks if r not in (spec.get("ranks") or [kind])]
        if unknown:
            raise error(path + ("ranks",), f"kind '{kind}' has no rank {unknown[0]!r}")
        entry_colors = entry.get("colors")
        entry_colors = allowed if entry_colors == "all" else tuple(entry_colors or (None,))
        for color in entry_colors:
            if color is not None and color not in allowed:
                where = f"the {side} side's colours" if side else "colours"
                raise error(path + ("colors",), f"unknown colour '{color}'; {where}: "
                                                f"{', '.join(allowed)}")
            for rank in ranks:
                key = (kind, color, rank)
                if key not in faces:
                    faces[key] = make_face(builder, len(faces), kind, color, rank)
                    unique_name(builder, named, faces[key], key, path)
                deck.extend([faces[key]] * entry.get("copies", 1))
    return faces, deck


def unique_name(builder, named: dict, face: Card, key: tuple, path: tuple) -> None:
    """Refuse a face whose name another kind's face already has: the two would print alike,
    and a scenario or a player naming the card could mean only one of them."""
    name = card_key(face.name)
    if name not in named:
        named[name] = (key, path)
        return
    (kind, _, _), first = named[name]
    where = builder.source.locate(first)
    raise builder.source.error(path + ("kind",), f"kind '{key[0]}' makes a card named "
                               f"'{face.name}', as kind '{kind}' does (deck entry at "
                               f"{where.file}:{where.line}:{where.column}): two cards may not "
                               "share a name; give one of the kinds other ranks or colours")


def read_pairs(builder, names: list, per_side: list) -> list:
    """The physical cards `pairs:` lists, as (face, back) pairs: each face of each side used
    exactly as often as the deck has it."""
    error = builder.source.error
    index = [{card_key(face.name): face for face in faces.values()} for faces, _ in per_side]
    pairs: list = []
    for number, line in enumerate(builder.data["pairs"]):
        path = ("pairs", number)
        if "->" not in line:
            raise error(path, f"expected 'FACE -> BACK, BACK, ...', got {line!r}")
        front, backs = line.split("->", 1)
        face = find_face(builder, path, front, index[0], names[0])
        for back in backs.split(","):
            copies = 1
            match = COPIES.match(back)
            if match:
                back, copies = match.group(1), pair_copies(builder, path, match.group(2))
            if len(pairs) + copies > MAX_DECK:
                raise error(path, f"the pairs would make more than {MAX_DECK:,} cards; at "
                                  f"most {MAX_DECK:,} are allowed")
            pairs.extend([(face, find_face(builder, path, back, index[1], names[1]))] * copies)
    for side in (0, 1):
        have = Counter(pair[side] for pair in pairs)
        want = Counter(per_side[side][1])
        for face in list(want) + list(have):
            if have[face] != want[face]:
                raise error(("pairs",), f"the pairs give the {names[side]} face '{face.name}' "
                                        f"{have[face]} times; the deck has {want[face]}")
    return pairs


def pair_copies(builder, path: tuple, digits: str) -> int:
    """A back's count `(xN)`: a whole number from 1 to MAX_DECK."""
    # Told by its length past that: a number of hundreds of digits is never made.
    short = len(digits.lstrip("+-").lstrip("0")) <= len(str(MAX_DECK))
    count = int(digits) if short else MAX_DECK + 1
    if not 1 <= count <= MAX_DECK:
        shown = digits if len(digits) <= 12 else f"{digits[:6]}... ({len(digits):,} digits)"
        raise builder.source.error(path, f"(x{shown}): a back's count is a whole number "
                                         f"from 1 to {MAX_DECK:,}")
    return count


def find_face(builder, path: tuple, text: str, index: dict, side: str) -> Card:
    """The face of `side` written `text`."""
    face = index.get(card_key(text))
    if face is None:
        raise builder.source.error(path, f"the {side} side has no card '{text.strip()}'")
    return face


def pair_faces(pairs: list) -> tuple:
    """Cards with two faces from (face, back) pairs: one object per distinct pair and side
    up (copies share them), the first side's first; the deck holds the first side up."""
    fronts: dict[tuple, Card] = {}
    for face, back in pairs:
        if (face, back) not in fronts:
            fronts[(face, back)] = copy_face(face, 0)
    behind = {}
    for (face, back), front in fronts.items():
        behind[(face, back)] = copy_face(back, 0)
        behind[(face, back)].side = 1
        front.back, behind[(face, back)].back = behind[(face, back)], front
    faces = list(fronts.values()) + list(behind.values())
    for number, card in enumerate(faces):
        card.id = number
    return tuple(faces), tuple(fronts[pair] for pair in pairs)


def copy_face(face: Card, id_: int) -> Card:
    """A new card object with `face`'s attributes and rules."""
    card = Card(id_, face.kind, face.color, face.rank, face.points, face.value, face.attrs,
                face.rules)
    card.side = face.side
    return card


def pair_at_random(deck: tuple, rng: random.Random) -> tuple:
    """The same faces paired afresh: the backs shuffled among the fronts (a match's own deck)."""
    backs = [card.back for card in deck]
    rng.shuffle(backs)
    return pair_faces(list(zip(deck, backs)))


def make_face(builder, id_: int, kind: str, color, rank) -> Card:
    """One face: its kind's points and value, and the ruleset's attributes for its colour."""
    data = builder.data
    spec = data["kinds"][kind]
    path = ("kinds", kind)
    points = face_number(builder, spec.get("points", 0), rank, path + ("points",))
    value = face_number(builder, spec.get("value", 0), rank, path + ("value",))
    attrs = {}
    for attr, table in data.get("attributes", {}).items():
        by_color = table.get("by_color", {})
        if color is None:
            attrs[attr] = table.get("colorless", table.get("default"))
        else:
            attrs[attr] = by_color.get(color, table.get("default"))
    for attr, val in spec.get("attributes", {}).items():
        if attr not in data.get("attributes", {}):
            raise builder.source.error(path + ("attributes", attr),
                                       f"unknown attribute '{attr}'; declare it under attributes:")
        attrs[attr] = val
    return Card(id_, kind, color, rank, points, value, MappingProxyType(attrs), builder.kinds[kind])


def face_number(builder, spec, rank, path) -> int:
    """A kind's points or value: a number, or `face` (the rank)."""
    if spec != "face":
        return spec
    if isinstance(rank, bool) or not isinstance(rank, int):
        raise builder.source.error(path, f"'face' needs number ranks, but a rank is {rank!r}")
    if not -MAX_NUMBER <= rank <= MAX_NUMBER:
        raise builder.source.error(path, f"'face' gives the rank {rank}, past {MAX_NUMBER:,}")
    return rank
