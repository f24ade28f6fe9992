"""A frame: the context an op or an effect runs in (who played which card, and the effect's
variables)."""

from __future__ import annotations

import copy
from typing import Any, Final

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # installed without mypy: the decorator only guides the compiler
    def mypyc_attr(*_args: Any, **_attrs: Any) -> Any:  # type: ignore[misc]
        return lambda cls: cls


# A frame variable no effect text can name: the cards the last draw gave (the name `drawn`).
DRAWN: Final = "#drawn"


# One freed instance kept for the next (mypyc's free list): frames are made and dropped
# several times a turn.
@mypyc_attr(free_list_len=1)
class Frame:
    """The context an effect runs in: who played which card, and the effect's variables."""

    __slots__ = ("player", "card", "color_before", "fair", "_vars")

    def __init__(self, player: Any, card: Any = None, color_before: Any = None,
                 fair: Any = True) -> None:
        self.player = player
        self.card = card
        self.color_before = color_before
        self.fair = fair  # whether the card's `fair` condition held when it was played
        # Made on first use: most frames (a play's, a probe's) never hold a variable, and a
        # game makes dozens (callgrind: about 150 instructions a frame for the dictionary).
        self._vars: dict[str, Any] | None = None

    @property
    def vars(self) -> dict[str, Any]:
        """The effect's variables (`let`, loop variables, an event's bound names)."""
        found = self._vars
        if found is None:
            found = self._vars = {}
        return found

    def __deepcopy__(self, memo: dict[Any, Any]) -> Frame:
        twin = Frame(self.player, self.card, self.color_before, self.fair)
        if self._vars is not None:
            twin._vars = copy.deepcopy(self._vars, memo)
        return twin
