"""What a ruleset lets its effect text name (its options, card attributes, effects, variables,
colours, sides, kinds): the compiler's symbol table, filled by the ruleset (building/) for
each text it compiles. Read at load only."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Symbols:
    """What a ruleset lets its effect text name."""

    options: dict
    attributes: frozenset
    # The named effects: name -> its parameters, ((name, type), ...) (none for a plain text).
    effects: dict = field(default_factory=dict)
    # (attribute, arguments given) of each `run(card.ATTR, ...)`: the values name effects
    # taking that many arguments.
    dispatched: set = field(default_factory=set)
    chances: dict = field(default_factory=dict)  # named random outcomes (`chances:`): name -> their type
    drawn: set = field(default_factory=set)  # what the ruleset's texts draw at random (shared)
    where: dict = field(default_factory=dict)
    text: str = ""
    bound: tuple = ()  # variables an event binds for a rule's text (`seat`, `count`)
    types: dict = field(default_factory=dict)  # bound variables' types, where not BOUND_TYPES'

    variables: dict = field(default_factory=dict)  # declared game variables: name -> per seat?
    variable_types: dict = field(default_factory=dict)  # name -> the type it holds (VALUE if absent)
    replacing: str = ""  # the event an instead_of rule's text replaces: proceed() may be called
    colors: tuple = ()  # the ruleset's colours: a literal colour is checked against them
    sides: tuple = ()  # the names of the sides of two-sided cards (`sides:`)
    rows: tuple | None = None  # the names of the rows of piles (`rows:`); None: not known
    # Each kind's type of rank (a kind without ranks has its name as its rank), and the kinds
    # the deck deals; empty when not known (text compiled outside a ruleset).
    ranks: dict = field(default_factory=dict)
    dealt: frozenset = frozenset()
    card_kinds: frozenset | None = None  # the kinds `card` can only be here (a kind's own text)

    def __post_init__(self) -> None:
        if not isinstance(self.effects, dict):  # the effects' names alone: none takes arguments
            self.effects = dict.fromkeys(self.effects, ())
