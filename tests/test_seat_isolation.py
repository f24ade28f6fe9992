"""Nobody learns another seat's cards from what the game asks: public windows, the table's
seeds and its rule errors (RULES.md 3, Decided: windows)."""

from __future__ import annotations

import pytest

from interpreter.engine import GameState
from interpreter.ruleset import load_ruleset

JUMP_IN = {"jump_in": True}


def first_window(game: GameState):
    """Play the first playable option (or draw) until a window opens; that window."""
    for _ in range(500):
        decision = game.decision
        if decision is None:
            return None
        if decision.seat is None:
            return decision
        game.apply(decision.options[0])
    return None


def table_game(holder_has_twin: bool, public: bool) -> GameState:
    """Seat 0 plays red 5 on red 3; seat 2 holds another red 5 or not."""
    rules = load_ruleset("classic", JUMP_IN)
    twin = "red 5" if holder_has_twin else "blue 9"
    return GameState.from_table(
        rules, [["red 5", "green 1", "green 2"], ["blue 1", "blue 2", "yellow 3"],
                [twin, "yellow 7", "yellow 8"], ["green 4", "green 6", "yellow 9"]],
        ["red 3"], ["blue 4", "blue 5", "blue 6", "blue 7", "blue 8"], public_windows=public)


@pytest.mark.parametrize("holder_has_twin", [False, True])
def test_a_public_window_asks_every_other_seat_whoever_holds_a_twin(holder_has_twin):
    game = table_game(holder_has_twin, public=True)
    game.apply(game.decision.options[0])  # red 5
    window = game.decision
    assert window.kind == "jump_in" and window.seat is None
    assert window.open_to == (1, 2, 3)  # the same either way
    offers = {seat: window.offer(seat).options for seat in window.open_to}
    assert offers[1] == offers[3] == (None,)  # nothing to take: pass only
    assert offers[2] == ((None, 2) if holder_has_twin else (None,))


def test_without_public_windows_only_a_seat_that_can_take_it_is_asked():
    game = table_game(True, public=False)
    game.apply(game.decision.options[0])
    assert game.decision.open_to == (2,)
    game = table_game(False, public=False)
    game.apply(game.decision.options[0])
    assert game.decision.kind == "play" and game.decision.seat == 1  # no window at all


def test_a_seat_that_cannot_take_a_public_window_may_only_pass():
    from interpreter.errors import IllegalMove
    game = table_game(False, public=True)
    game.apply(game.decision.options[0])
    with pytest.raises(IllegalMove):
        game.apply(1)
    game.apply(None)
    assert game.decision.kind == "play" and game.decision.seat == 1
