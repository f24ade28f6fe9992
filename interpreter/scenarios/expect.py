"""A scenario step's `expect:`: what must hold now, each key compared with the game.

Any expected value may also be written `{not: VALUE}` or `{one_of: [VALUE, ...]}`. Cards
are compared by name (case and spacing do not matter); `hands`, `options` and `uncalled`
ignore order; `events` must appear, in that order, among the events since the last step.
"""

from __future__ import annotations

from interpreter.engine.cards import card_key
from interpreter.engine.decisions import describe

MATCHERS = ("not", "one_of")
CARD_LISTS = ("discard", "stock", "stock_top")  # keys whose value is a list of cards
DIFFERENT = object()  # the actual value of a list of another length: equal to nothing


class StepFailed(Exception):
    """A step did not do what the scenario says."""


def expect_equal(what: str, expected, actual) -> None:
    """Fail the step unless `expected == actual`."""
    if expected != actual:
        raise StepFailed(f"{what}: expected {expected!r}, got {actual!r}")


def is_matcher(value) -> bool:
    """Whether `value` is `{not: X}` or `{one_of: [...]}` rather than a plain value."""
    return isinstance(value, dict) and len(value) == 1 and next(iter(value)) in MATCHERS


def plain_values(value, path: tuple = ()):
    """The plain values inside a (possibly matcher) value, each with its key path."""
    if not is_matcher(value):
        yield path, value
    elif "not" in value:
        yield from plain_values(value["not"], path + ("not",))
    else:
        for index, item in enumerate(value["one_of"] or ()):
            yield from plain_values(item, path + ("one_of", index))


def expected_cards(expect: dict):
    """Every list of card names an `expect:` holds, with its key path (for checks at load)."""
    for key, value in expect.items():
        if key == "top":
            for path, name in plain_values(value, (key,)):
                if isinstance(name, str):
                    yield path, [name]
        elif key in CARD_LISTS:
            for path, names in plain_values(value, (key,)):
                if isinstance(names, list):
                    yield path, names
        elif key == "rows" and isinstance(value, dict):
            for row, piles in value.items():
                for index, names in enumerate(piles if isinstance(piles, list) else ()):
                    yield (key, row, index), names
        elif key == "hands" and isinstance(value, dict) and not is_matcher(value):
            for seat, cards in value.items():
                for path, names in plain_values(cards, (key, seat)):
                    if isinstance(names, list):
                        yield path, names


def option_name(value) -> str:
    """An option of a decision as a person reads it: a card's name, a seat, yes/no, none."""
    return card_key(describe(value))


def check_expectations(scenario, game, expect: dict, path: tuple, seen: int = 0) -> None:
    """Compare every expected value with the game; the first difference fails the step.
    `seen`: how many events the game had recorded before this step."""
    last = game.hand_results[-1] if game.hand_results and game.decision is None else None

    def card(name, *where):
        return card_key(scenario.card(name, path + where).name)

    def cards(names, *where):
        return [card(n, *where) for n in names]

    # key -> (the actual value, how an expected plain value is put in the same terms)
    keys = {
        "turn": (lambda: game.turn, None),
        "pending": (lambda: game.decision.kind if game.decision else None, None),
        "by": (lambda: game.current_seat, None),
        "open_to": (lambda: list(game.decision.open_to) if game.decision else [], None),
        "direction": (lambda: game.direction, None),
        "side": (lambda: game.ruleset.sides[game.side] if game.ruleset.sides else None, None),
        "color": (lambda: game.color, None),
        "top": (lambda: card_key(game.top.name) if game.top else None,
                lambda v: card(v, "top") if v is not None else None),
        "hand_sizes": (game.hand_sizes, None),
        "stock_size": (lambda: len(game.stock), None),
        "discard_size": (lambda: len(game.discard), None),
        "scores": (lambda: list(game.scores), None),
        "hand_over": (lambda: game.decision is None, None),
        "hand_winner": (lambda: last.winner if last else None, None),
        "hand_winners": (lambda: [r.winner for r in game.hand_results], None),
        "match_winner": (lambda: game.match_winner, None),
        "dealer": (lambda: game.dealer, None),
        "penalty": (lambda: game.penalty, None),
        "lost_turns": (lambda: list(game.lost_turns), None),
        "extra_turn": (lambda: game.next_turn, None),
        "uncalled": (lambda: sorted(game.uncalled), lambda v: sorted(v) if v else []),
    }
    # Lists the game may hold many of, each read only as far as the expected list needs: a
    # long stock read in full at every step made a long scenario slow.
    lists = {
        "options": (game.legal_options(), option_name, sorted,
                    lambda v: sorted(option_name(x) for x in v)),
        "discard": (game.discard, card_name, None, lambda v: cards(v, "discard")),
        "stock": (game.stock, card_name, reversed, lambda v: cards(v, "stock")),
    }
    for key, expected in expect.items():
        if key == "hands":
            check_hands(game, expected, cards)
        elif key == "rows":
            for row, piles in expected.items():
                check(f"row {row}", piles,
                      lambda v, r=row: [cards(pile, "rows", r) for pile in v],
                      lambda v, r=row: [[card_name(c) for c in pile]
                                        for pile in game.rows.get(r, [])])
        elif key == "stock_top":
            stock = game.stock
            check(key, expected, lambda v: cards(v, key),
                  lambda v: [card_name(c) for c in reversed(stock[max(len(stock) - len(v), 0):])])
        elif key in lists:
            items, name, order, norm = lists[key]
            check(key, expected, norm, *same_length(items, name, order))
        elif key == "events":
            check_events(game.events[seen:] if game.events else [], expected)
        else:
            actual, reading = keys[key]
            check(key, expected, reading or (lambda v: v), lambda v, got=actual(): got)


def check(what: str, expected, norm, actual_for, shown=None) -> None:
    """Fail unless the actual value (`actual_for(normed expected)`) meets `expected`;
    `shown()`, if given, is the actual value the message shows."""
    if not meets(expected, norm, actual_for):
        shown = shown() if shown else actual_for(plain(expected, norm))
        raise StepFailed(f"{what}: expected {wording(expected, norm)}, got {shown!r}")


def meets(expected, norm, actual_for) -> bool:
    """Whether the game meets an expected value, a `not` or a `one_of`."""
    if is_matcher(expected):
        if "not" in expected:
            return not meets(expected["not"], norm, actual_for)
        return any(meets(item, norm, actual_for) for item in expected["one_of"])
    wanted = norm(expected)
    return wanted == actual_for(wanted)


def plain(expected, norm):
    """A plain expected value, normed (the first one, inside a matcher)."""
    for _, value in plain_values(expected):
        return norm(value)
    return None


def wording(expected, norm) -> str:
    """An expected value in words: `'red'`, `not 'red'`, `one of ['red', 'blue']`."""
    if not is_matcher(expected):
        return repr(norm(expected))
    if "not" in expected:
        return "not " + wording(expected["not"], norm)
    return "one of [" + ", ".join(wording(item, norm) for item in expected["one_of"]) + "]"


def check_hands(game, expected, cards) -> None:
    """`hands: {seat: [cards]}`: each seat's exact cards, order ignored."""
    for seat, wanted in expected.items():
        check(f"hand of seat {seat}", wanted, lambda v, s=seat: sorted(cards(v, "hands", s)),
              *same_length(game.hands[int(seat)], card_name, sorted))


def card_name(card) -> str:
    return card_key(card.name)


def same_length(items, name, order=None) -> tuple:
    """For `check`: the actual list for an expected one, `items` named (and put in `order`),
    read only when the expected list is as long; and the whole actual list, for the message."""
    def shown() -> list:
        named = [name(item) for item in items]
        return list(order(named)) if order else named

    return (lambda wanted: shown() if isinstance(wanted, list) and len(wanted) == len(items)
            else DIFFERENT), shown


def check_events(events: list, expected) -> None:
    """The expected events must appear in this order among `events` (others may come between)."""
    if is_matcher(expected) and "not" in expected:
        if subsequence(events, expected["not"]):
            raise StepFailed(f"events: expected none of {expected['not']!r} in that order, "
                             f"got {shown_events(events)}")
        return
    options = expected["one_of"] if is_matcher(expected) else [expected]
    if not any(subsequence(events, wanted) for wanted in options):
        raise StepFailed(f"events: expected {expected!r} in that order, got "
                         f"{shown_events(events)}")


def subsequence(events: list, wanted: list) -> bool:
    """Whether every wanted event matches one of `events`, in order."""
    found = iter(events)
    return all(any(event_matches(event, item) for event in found) for item in wanted)


def event_matches(event: tuple, item) -> bool:
    """An event `(name, data)` against `name` or `{name: {field: value, ...}}`."""
    name, data = event
    if isinstance(item, str):
        return name == item
    ((wanted, fields),) = item.items()
    return name == wanted and all(same(data.get(key), value) for key, value in
                                  (fields or {}).items())


def same(actual, expected) -> bool:
    """An event's field against an expected value (card names in any case or spacing)."""
    if isinstance(actual, (list, tuple)) and isinstance(expected, list):
        return len(actual) == len(expected) and all(map(same, actual, expected))
    if isinstance(actual, str) and isinstance(expected, str):
        return card_key(actual) == card_key(expected)
    if isinstance(actual, bool) or isinstance(expected, bool):
        return actual is expected  # yes/no is not seat 1
    return actual == expected


def shown_events(events: list) -> str:
    """Events as a short list: `play(seat=0, card=red 5), draw(seat=1, count=2)`."""
    if not events:
        return "no events"
    return ", ".join(f"{name}(" + ", ".join(f"{k}={v}" for k, v in data.items()) + ")"
                     for name, data in events)
