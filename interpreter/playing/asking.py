"""Who answers next: a decision's own seat, or, for a window open to several seats, each of
them in turn (the order `open_to` gives), as the terminal and the learning environments ask
them (the browser table asks a window's seats all at once: gathering.py).

A window offered to one seat is a yes/no of its own (`Decision.offer`: take it, the seat;
let it go, None). The game hears one answer for the whole window: the first seat that took
it, or None once every seat has let it go.
"""

from __future__ import annotations


class Asking:
    """The seat asked now in `game`, and the answer a window comes to."""

    def __init__(self, game):
        self.game = game
        self.offered = 0  # a window: the position in its open_to of the seat asked now

    def asked(self) -> tuple:
        """(seat, decision) for the seat that must answer now, a window's offer as that seat
        sees it; (None, None) when nobody must (the hand or the match is over)."""
        seat, decision, _ = self.asked_now()
        return seat, decision

    def asked_now(self) -> tuple:
        """(seat, decision, whether it is a window's offer): asked() and in_window() at once."""
        decision = self.game.decision
        if decision is None:
            return None, None, False
        if decision.seat is not None:
            return decision.seat, decision, False
        seat = decision.open_to[self.offered]
        return seat, decision.offer(seat), True

    def in_window(self) -> bool:
        decision = self.game.decision
        return decision is not None and decision.seat is None

    def settle(self, answer):
        """The answer to give the game for the seat asked now, or `Asking.WAIT` while a window
        goes on to its next seat (this one let it go)."""
        if not self.in_window():
            return answer
        if answer is None:
            self.offered += 1
            if self.offered < len(self.game.decision.open_to):
                return WAIT
        self.offered = 0
        return answer


WAIT = object()  # settle(): the window is offered to the next seat; the game hears nothing yet
