"""How the browser tests' two people answer: a fixed choice from a decision's option types, so
that a seeded table plays the same game each run (tests/test_browser.py, tests/test_web_api.py).

`person` 0 calls UNO and challenges; person 1 forgets UNO (so that someone catches them).
Both play their first playable card, else draw; take a catch; let a jump-in go.
"""

from __future__ import annotations


def choose(kind: str, types: dict, person: int) -> int:
    """The option number to answer, from {option number: type} and the decision's kind."""
    def first(kind_of):
        found = sorted(i for i, t in types.items() if t == kind_of)
        return found[0] if found else None
    if kind == "uno":
        return first("yes" if person == 0 else "no")
    if kind == "jump_in":
        return first("none") if first("none") is not None else min(types)
    for preferred in ("card", "yes"):
        if first(preferred) is not None:
            return first(preferred)
    return min(types)
