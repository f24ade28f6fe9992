"""Which cards may be played now: a table of the playable faces per top card, colour and
penalty (filled once per ruleset, read by card.id), and each kind's own `legal` rule."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from interpreter.engine import piles
from interpreter.engine.budget import RULES_RESERVE, UNTABLED_WORK
from interpreter.engine.cards import Card
from interpreter.engine.frame import Frame
from interpreter.engine.rules import PlayableTables

if TYPE_CHECKING:
    from mypy_extensions import i64

    from interpreter.engine.state import State

# The playable tables hold at most about this many face references (some 30 MB) per ruleset:
# 20 colours x 1,000 ranks once grew them to gigabytes.
TABLE_CELLS: Final = 4_000_000
# The shared list of tables holds at most this many slots (512 kB of references), a game's
# flags as many: past it (a deck of thousands of faces in many colours), keys go by dictionary.
FLAT_SLOTS: Final = 1 << 16
NO_CARD: Any = object()  # a top card no key holds: the last table is unset
# Colours as small numbers for the tables' keys: each colour gets the next one when it is
# first seen (any ruleset's, so the numbers never say which ruleset).
COLOR_IDS: Final[dict[Any, int]] = {}
COLOR_SPAN: Final = 1 << 20  # colour numbers below this fit a key


def is_playable(game: State, seat: int, card: Any) -> bool:
    """Whether `seat` may play `card` now (by the playable rule and the kind's legal rule;
    in a ruleset with rows, whether some open pile may take it)."""
    if game.rules.has_rows:
        return bool(piles.open_piles(game, seat, card))
    faces = playable_faces(game)
    face: Card = card
    if faces is not None:
        if not faces[face.id]:
            return False
    else:
        probe = game._probe
        probe.player, probe.card = seat, card
        if not game.rules.playable(game, probe):
            return False
    return not game.guards[face.id] or is_legal(game, seat, card)


def is_legal(game: State, seat: int, card: Any) -> bool:
    """Whether the kind's `legal` condition lets `seat` play `card` now."""
    probe = game._probe
    probe.player, probe.card = seat, card
    face: Card = card
    rules = face.rules  # typed, a native field read
    probe.fair = rules.fair is None or bool(rules.fair(game, probe))
    return bool(rules.legal(game, probe))


def playable_in_hand(game: State, seat: int) -> list[Any]:
    """The distinct cards `seat` may play now, in hand order (a new list each time)."""
    cards: list[Any] = []
    fill_playable(game, seat, cards)
    return cards


def fill_playable(game: State, seat: int, into: list[Any]) -> int:
    """Put the distinct cards `seat` may play now, in hand order, at the start of `into`
    (over what it held there, growing it as needed); how many there are.

    A turn's play fills the game's own list (op_ask_play): a new list each turn, grown from
    empty and freed the turn after, cost some 300 instructions a turn (callgrind)."""
    if game.rules.has_rows:
        return fill_row_playable(game, seat, into)
    return fill_from_hand(game, seat, into)


def fill_from_hand(game: State, seat: int, into: list[Any]) -> int:
    """fill_playable in a ruleset without rows (op_ask_play calls it itself when the turn
    offers nothing but the draw beside the cards: no test of rows)."""
    # The hot path of every turn: a table of the faces playable now, read by card.id,
    # and the legal rule only for guarded faces.
    hand: list[Any] = game.hands[seat]  # typed: the compiled build walks it natively
    faces = playable_faces(game)
    # The seat and its bot go through the hand; without a table the playable rule runs on
    # every card too. This is the turns' work (budget.py).
    game.work_left -= (len(hand) >> 1) + (0 if faces is not None else UNTABLED_WORK * len(hand))
    if game.work_left < RULES_RESERVE:
        game.next_check = 0  # the next turn ends the hand blocked, and the match with it
    count = 0
    if faces is None:
        for card in dict.fromkeys(hand):
            if is_playable(game, seat, card):
                put(into, count, card)
                count += 1
        return count
    guards = game.guards
    table: bytes = faces  # not None from here: no test of it for each card
    guarded = False
    # Machine integers (i64) in the compiled build: no tagged-integer checks in the loops.
    listed: i64 = 0
    room: i64 = len(into)
    for card in hand:
        face: Card = card
        at = face.id
        if not table[at]:
            continue
        seen = False  # listed already? (faces are few: `in` would compare each by ==)
        k: i64 = 0
        while k < listed:
            if into[k] is face:
                seen = True
                break
            k += 1
        if seen:
            continue
        if listed < room:
            into[listed] = face
        else:
            into.append(face)
            room += 1
        listed += 1
        if guards[at]:
            guarded = True
    count = int(listed)
    if not guarded:
        return count
    legal = 0  # the legal ones moved to the front, in order
    for at in range(count):
        face = into[at]  # typed Card above: its id is read natively
        if not guards[face.id] or is_legal(game, seat, face):
            into[legal] = face
            legal += 1
    return legal


def fill_row_playable(game: State, seat: int, into: list[Any]) -> int:
    """Put the distinct cards `seat` may play on some open pile, in hand order, at the start
    of `into`; how many there are (fill_playable for a ruleset with rows)."""
    hand: list[Any] = game.hands[seat]
    # Each distinct card is tried on each pile: the rows' playable conditions run that often.
    on_offer = sum(len(game.rows[row.name]) for row in game.rules.rows)
    game.spend(len(hand) * (1 + on_offer))
    count = 0
    for card in dict.fromkeys(hand):
        if piles.open_piles(game, seat, card):
            put(into, count, card)
            count += 1
    return count


def put(items: list[Any], at: int, item: Any) -> None:
    """items[at] = item, or appended when `at` is its length."""
    if at < len(items):
        items[at] = item
    else:
        items.append(item)


# The tables of the rulesets loaded lately, by digest: the same rules loaded again (the next
# run of a simulation in one process, a reloaded game) find them filled. Filling them costs
# about a millisecond a ruleset, its first few dozen games (callgrind: 10 M instructions).
TABLES_BY_DIGEST: Final[dict[Any, Any]] = {}
KEPT_DIGESTS: Final = 4


def tables_for(digest: str) -> PlayableTables:
    """The playable tables of the ruleset with this digest, shared by each load of it."""
    found = TABLES_BY_DIGEST.get(digest)
    if found is None:
        if len(TABLES_BY_DIGEST) >= KEPT_DIGESTS:
            TABLES_BY_DIGEST.clear()
        found = TABLES_BY_DIGEST[digest] = PlayableTables()
    return found


def playable_faces(game: State) -> bytes | None:
    """A flag per card.id: 1 where the playable rule allows that face now (None when the
    rule is not tabled)."""
    top = game.discard[-1] if game.discard else None
    color, penalty = game.color, game.penalty
    if top is game.last_top and color is game.last_color and penalty == game.last_penalty:
        return game.last_faces
    if game.rules.playable_tables is None:
        return None
    faces: bytes
    width: int = game.key_width
    if not penalty and width and top is not None:
        # The common key, worked out here natively (table_key's number for penalty 0), the
        # colour's number kept on the game while the colour stays (callgrind: about 150
        # instructions a turn less than table_key).
        if color is not game.numbered_color:
            game.color_number = color_number(color)
            game.numbered_color = color
        number: int = game.color_number
        face: Card = top
        index = number * width + face.id
        if number < COLOR_SPAN and index < FLAT_SLOTS:
            faces = flat_table(game, index)
            game.last_top = top
            game.last_color = color
            game.last_penalty = penalty
            game.last_faces = faces
            return faces
    key = table_key(game, top, color, penalty)
    if not penalty and isinstance(key, int) and key < FLAT_SLOTS:
        faces = flat_table(game, key)
    else:
        found = game.tables.get(key)
        faces = table(game, key) if found is None else found
    game.last_top = top
    game.last_color = color
    game.last_penalty = penalty
    game.last_faces = faces
    return faces


def flat_table(game: State, index: int) -> bytes:
    """The table at a numeric key of penalty 0: read from the shared list by number, and
    the game's own use of it marked in a flag per number (no dictionary: about 500
    instructions a turn's lookup, callgrind; the flags a list, which the compiled build
    indexes natively, unlike a bytearray). Charged as table() charges."""
    shared = game.rules.playable_tables
    assert shared is not None  # playable_faces asks only for a tabled rule; typed, native
    flat = shared.flat
    found = flat[index] if index < len(flat) else None
    seen = game.seen_tables
    if index < len(seen) and seen[index]:  # the game has used it (its charge is paid)
        return shared_table(game, index) if found is None else found
    faces: bytes = shared_table(game, index) if found is None else found
    charge_table(game)
    seen = game.seen_tables  # (charging may have forgotten the game's tables)
    if index >= len(seen):  # grown to the shared list's length: once or twice a game
        seen.extend([False] * (max(index + 1, len(flat)) - len(seen)))
    seen[index] = True
    game.seen_count += 1
    return faces


def table_key(game: State, top: Any, color: Any, penalty: int) -> Any:
    """The key of the table for (top, colour, penalty): one number when the game's faces are
    the ruleset's own and the colour and penalty fit, else the tuple itself.

    The number is one to one with the tuple, and hashing and comparing it is cheaper than the
    tuple's three items (and nothing is allocated): a turn after a play looks its table up.
    """
    width: int = game.key_width
    if not width or penalty < 0:
        return (top, color, penalty)
    # Typed, the key's arithmetic is native (on the dictionary's untyped value it went through
    # Python's number protocol: about 300 instructions a key, callgrind).
    number: int = color_number(color)
    if number >= COLOR_SPAN:
        return (top, color, penalty)
    if top is None:
        return (penalty * COLOR_SPAN + number) * width + width - 1
    face: Card = top
    return (penalty * COLOR_SPAN + number) * width + face.id


def color_number(color: Any) -> int:
    """The colour's number in the tables' keys: each colour gets the next one when it is first
    seen (any ruleset's, so the numbers never say which ruleset)."""
    found = COLOR_IDS.get(color)
    if found is None:
        found = COLOR_IDS.setdefault(color, len(COLOR_IDS))
    return found


def table(game: State, key: Any) -> bytes:
    """The faces playable on `key` (top, colour, penalty), as a flag per card.id, filled
    once for every game; each game is charged for each table it uses, filled or not, so
    its budget is deterministic."""
    faces = shared_table(game, key)
    charge_table(game)
    game.tables[key] = faces
    return faces


def shared_table(game: State, key: Any) -> bytes:
    """The ruleset's table for `key`, filled now if it is not yet."""
    shared = game.rules.playable_tables
    assert shared is not None  # playable_faces asks only for a tabled rule; typed, native
    found = shared.by_key.get(key)
    every = game.faces
    if found is None:
        if len(shared.by_key) * len(every) > TABLE_CELLS:
            shared.by_key.clear()  # a huge deck: keep memory bounded, at the price of refilling
            shared.flat.clear()
        probe = Frame(game.turn)
        playable = game.rules.playable
        flags = bytearray(len(game.guards))
        for probe.card in every:
            if playable(game, probe):
                flags[probe.card.id] = 1
        found = shared.by_key[key] = bytes(flags)
    faces: bytes = found
    if isinstance(key, int) and 0 <= key < FLAT_SLOTS and key < COLOR_SPAN * game.key_width:
        flat = shared.flat  # (a key below COLOR_SPAN * key_width has penalty 0)
        if key >= len(flat):
            flat.extend([None] * (key + 1 - len(flat)))
        flat[key] = faces
    return faces


def charge_table(game: State) -> None:
    """Charge the game for one more table it uses; past TABLE_CELLS of them, it forgets the
    ones it held (and is charged again for any it uses again)."""
    every = game.faces
    if (len(game.tables) + game.seen_count) * len(every) > TABLE_CELLS:
        game.tables.clear()
        game.seen_tables = []
        game.seen_count = 0
        forget_table(game)
    game.spend(len(every))


def tables_held(game: State) -> int:
    """How many playable tables the game holds as its own (a copy's cost, scenario.py)."""
    return len(game.tables) + game.seen_count


def forget_table(game: State) -> None:
    """Make the next playable_faces look its table up (the last one is no longer held)."""
    game.last_top, game.last_color, game.last_penalty, game.last_faces = \
        NO_CARD, NO_CARD, -1, b""
