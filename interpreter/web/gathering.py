"""A window offered at once to every seat it is open to, as the browser table asks it: who
still may answer, and when it closes.

docs/game-rules.md 3 (Decided: windows): what any seat can observe of an open jump-in or
catch window is the same whether or not the other seats hold a card they could use. So the
table asks every seat the window is open to together (the game's public windows make that
every other seat); the bots answer together, after the same delay, whatever they hold; and
the window closes when a seat takes it, when every seat has let it go, or when its time is
up, never because of who could have taken it. A person who cannot take it is asked too
(only to let it go), unless no other person sits at the table to watch how long the window
stays open.
"""

from __future__ import annotations


class Gathering:
    """One open window at a table: the seats yet to answer it."""

    def __init__(self, decision_id: int, decision, people: tuple, solo: bool):
        self.id = decision_id
        self.open_to = decision.open_to
        able = set(decision.options[1:])
        self.people = [seat for seat in self.open_to if seat in people
                       and not (solo and seat not in able)]
        self.bots = [seat for seat in self.open_to if seat not in people]

    def waiting(self) -> list:
        """The seats still to answer, in the order the window lists them (people, and the bots
        until they answer together)."""
        return [seat for seat in self.open_to if seat in self.people or seat in self.bots]

    def let_go(self, seat: int) -> None:
        """A person lets the window go."""
        self.people.remove(seat)

    def bots_answered(self) -> None:
        """The bots have answered, none of them taking it."""
        self.bots = []

    def time_up(self) -> None:
        """The window's time is up: the people who have not answered let it go."""
        self.people = []

    def settled(self) -> bool:
        """Every seat has let the window go: nobody takes it."""
        return not self.people and not self.bots
