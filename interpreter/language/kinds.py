"""What a ruleset's text makes sure of a card's kind: the kinds each kind's own text is
about, and the kinds a condition (`card.kind == "number"`, joined by and, or and not) leaves
a card, so that the type checker knows where `card.rank` is surely a number.
"""

from __future__ import annotations

from interpreter.language import dsl


def rank_types(data: dict) -> tuple:
    """Each kind's type of rank (a kind without ranks has its name, text, as its rank), and
    the kinds the deck deals, from a ruleset's data."""
    kinds = data.get("kinds") or {}
    ranks = {}
    for name, spec in kinds.items():
        values = (spec or {}).get("ranks") or [name]
        ranks[name] = frozenset("number" if isinstance(v, int) and not isinstance(v, bool)
                                else "text" for v in values)
    dealt = frozenset(entry.get("kind") for entry in data.get("deck") or ()
                      if isinstance(entry, dict) and entry.get("kind") in kinds)
    return ranks, dealt


def card_kinds(data: dict, path: tuple, where: dict) -> frozenset | None:
    """The kinds `card` can only be in the text at `path`: a kind's own (`kinds.K.on_play`,
    `legal`...), or those a rule's `if` makes sure of for its `do`; None when any."""
    if len(path) > 2 and path[0] == "kinds":
        return frozenset({path[1]})
    if len(path) != 3 or path[0] != "rules" or path[2] != "do":
        return None
    rule = (data.get("rules") or {}).get(path[1])
    condition = rule.get("if") if isinstance(rule, dict) else None
    if not isinstance(condition, str):
        return None
    try:
        tree = dsl.parse(condition, "condition", where)
    except Exception:  # the `if` is compiled on its own, and its mistakes reported there
        return None
    return kinds_known(tree, frozenset(data.get("kinds") or ())).get("card")


def kinds_known(node, every: frozenset, holds: bool = True) -> dict:
    """What a condition makes sure of when it holds (or, `holds` false, when it does not):
    name -> the kinds its card can be (`card.kind == "number"`, `c.kind != "action"`, joined
    by and, or and not)."""
    if isinstance(node, dsl.Unary) and node.op == "not":
        return kinds_known(node.operand, every, not holds)
    if isinstance(node, dsl.Binary) and node.op in ("and", "or"):
        left = kinds_known(node.left, every, holds)
        right = kinds_known(node.right, every, holds)
        # Both hold (`a and b` holds, `a or b` does not), or either may (the others).
        return both(left, right, every) if (node.op == "and") == holds else either(left, right)
    if not isinstance(node, dsl.Binary) or node.op not in ("==", "!="):
        return {}
    for subject, other in ((node.left, node.right), (node.right, node.left)):
        if isinstance(subject, dsl.Attribute) and subject.attr == "kind" \
                and isinstance(subject.subject, dsl.Name) and isinstance(other, dsl.Text):
            named = frozenset({other.value})
            return {subject.subject.ident: named if (node.op == "==") == holds
                    else every - named}
    return {}


def both(left: dict, right: dict, every: frozenset) -> dict:
    """What two conditions that both hold make sure of."""
    return {name: left.get(name, every) & right.get(name, every)
            for name in left.keys() | right.keys()}


def either(left: dict, right: dict) -> dict:
    """What one of two conditions, not known which, makes sure of."""
    return {name: left[name] | right[name] for name in left.keys() & right.keys()}
