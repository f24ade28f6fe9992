"""One game's independent copy (GameState.clone; the OpenSpiel game's clones too).

Field by field, over every field of State (a class compiled by mypyc cannot be made without its
__init__, nor copied by copy.copy): what never changes is shared, lists and dictionaries are
copied, flat where they hold only values that never change, the generator by its state, and
anything else deep-copied, keeping one memo so that two references to one object stay one.
What is shared is decided by each value's type, the same for every field: immutable values
(numbers, text, cards, tuples, frozensets, bytes), the game's Rules, and functions (the ops and
handlers, which compiled ones could not be copied anyway); the Ruleset deep-copies to itself.
A State field holding a tuple, frozenset or bytes holds nothing that changes (faces, deck,
guards, side_colors): state.py says so.
"""

from __future__ import annotations

import copy
import operator
import random
import types
from typing import Any, Final

from interpreter.engine.cards import Card
from interpreter.engine.rules import Rules
from interpreter.engine.state import State

# Values a clone shares as they are.
ATOMIC: Final = frozenset({Card, int, float, str, bool, type(None), bytes, frozenset, Rules,
                           types.FunctionType, types.BuiltinFunctionType})
# What a game state holds: its slots, or the fields mypyc compiled them into.
STATE_FIELDS: Final[tuple[Any, ...]] = tuple(getattr(State, "__mypyc_attrs__", None)
                                   or getattr(State, "__slots__"))


def clone_state(game: State, twin: State) -> None:
    """Make `twin`, a State, an independent copy of `game`, field by field."""
    # Ops and handlers are shared: they never change, and compiled ones cannot be copied.
    memo: dict[Any, Any] = {id(game): twin}
    for fn in game.stack:
        memo[id(fn)] = fn
    memo[id(game._handler)] = game._handler
    for name in STATE_FIELDS:
        if name == "__dict__" or name == "__weakref__":
            continue
        try:
            value = getattr(game, name)
        except AttributeError:  # a field not set (a game made by counting or stateless)
            continue
        if value.__class__ is tuple:
            pass  # a State field's tuple holds nothing that changes (state.py): shared
        elif value.__class__ is random.Random:
            rng = random.Random.__new__(random.Random)
            rng.setstate(value.getstate())
            value = rng
        else:
            value = cheap_copy(value, memo)
        setattr(twin, name, value)


def cheap_copy(value: Any, memo: dict[Any, Any]) -> Any:
    """A deep copy that shares what cannot change and copies lists, tuples and dicts itself
    (keeping `memo` as deepcopy does, so two references to one list stay one list)."""
    cls = value.__class__
    if cls in ATOMIC:
        return value
    found = memo.get(id(value))
    if found is not None:
        return found
    if cls is tuple:  # in a list or a dictionary of the state it may (a pending choice)
        copied = [cheap_copy(item, memo) for item in value]
        if all(map(operator.is_, copied, value)):
            return value  # immutable all through (a named tuple too)
        return tuple(copied)
    if cls is list:
        items: list[Any] = value
        for item in items:
            if item.__class__ not in ATOMIC:
                break
        else:  # cards or numbers: a flat copy, in C
            flat = items[:]
            memo[id(value)] = flat
            return flat
        twin: list[Any] = []
        memo[id(value)] = twin
        for item in items:
            twin.append(item if item.__class__ in ATOMIC else cheap_copy(item, memo))
        return twin
    if cls is dict:
        twin_dict: dict[Any, Any] = {}
        memo[id(value)] = twin_dict
        for key, item in value.items():
            twin_dict[key] = item if item.__class__ in ATOMIC else cheap_copy(item, memo)
        return twin_dict
    return copy.deepcopy(value, memo)

