"""The names the effect language knows (player, next, color, ...) at run time, each a
function of the game and the frame; its type, doc and words are its row in builtins.py.
Compiled (setup.py's COMPILED): a turn reads them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from interpreter.engine.frame import DRAWN, Frame

if TYPE_CHECKING:
    from interpreter.engine.game import GameState


# Each name the effect language knows, as a function of the game and the frame. The game is
# typed, so that the compiled build reads its fields natively (untyped, each read went
# through the attribute protocol: about 170 instructions). The frame is not: an expression
# of the player count (hand_size, decks) runs on GameState.counting with no frame, and a
# name it may not read must fail as an AttributeError in both builds.


def player_of(f: Any) -> Any:
    """f.player: read natively from a Frame, through the attribute protocol from anything
    else (so that it fails as it would)."""
    if isinstance(f, Frame):
        return f.player
    return f.player


def name_player(g: GameState, f: Any) -> Any:
    return player_of(f)


def name_card(g: GameState, f: Any) -> Any:
    if isinstance(f, Frame):
        return f.card
    return f.card


def name_next(g: GameState, f: Any) -> Any:
    return g.seat_after(player_of(f))


def name_previous(g: GameState, f: Any) -> Any:
    return g.seat_after(player_of(f), -1)


# The lists of seats are made afresh each time: a seat each is charged to the game's budget
# (budget.py). Taken off only: the next charge that checks the budget (the
# comprehension or loop around the name, the call it is given to, the next turn) stops the
# game there, naming the rule, where a name cannot.
def name_others(g: GameState, f: Any) -> Any:
    seats = g.others_of(player_of(f))
    g.work_left -= len(seats)
    return seats


def name_everyone(g: GameState, f: Any) -> Any:
    seats = (player_of(f),) + g.others_of(player_of(f))
    g.work_left -= len(seats)
    return seats


def name_teammates(g: GameState, f: Any) -> Any:
    seats = g.teammates(player_of(f))
    g.work_left -= len(seats)
    return seats


def name_opponents(g: GameState, f: Any) -> Any:
    seats = g.opponents(player_of(f))
    g.work_left -= len(seats)
    return seats


def name_top(g: GameState, f: Any) -> Any:
    return g.discard[-1] if g.discard else None


def name_color(g: GameState, f: Any) -> Any:
    return g.color


def name_color_before(g: GameState, f: Any) -> Any:
    return f.color_before


def name_direction(g: GameState, f: Any) -> Any:
    return g.direction


def name_players(g: GameState, f: Any) -> Any:
    return g.seated


def name_dealer(g: GameState, f: Any) -> Any:
    return g.dealer


def name_turn(g: GameState, f: Any) -> Any:
    return g.turn


def name_stock_size(g: GameState, f: Any) -> Any:
    return len(g.stock)


def name_penalty(g: GameState, f: Any) -> Any:
    return g.penalty


def name_fair(g: GameState, f: Any) -> Any:
    if isinstance(f, Frame):
        return f.fair
    return f.fair


def name_drawn(g: GameState, f: Any) -> Any:
    found = f.vars.get(DRAWN)
    return () if found is None else found


def name_side(g: GameState, f: Any) -> Any:
    return g.ruleset.sides[g.side] if g.ruleset.sides else None



def name_pile(g: GameState, f: Any) -> Any:
    """The pile a row's playable condition is asked about, else the one last played on."""
    if isinstance(f, Frame) and "pile" in f.vars:
        return f.vars["pile"]
    return g.played_pile[1]


def name_row(g: GameState, f: Any) -> Any:
    """The row a row's playable condition is asked about, else the one last played on."""
    if isinstance(f, Frame) and "row" in f.vars:
        return f.vars["row"]
    return g.played_pile[0] or None


def name_pile_top(g: GameState, f: Any) -> Any:
    """The top card of the pile `pile` and `row` name (none before any pile was)."""
    row = g.rows.get(name_row(g, f))
    number = name_pile(g, f)
    return row[number - 1][-1] if row and 1 <= number <= len(row) and row[number - 1] else None


def name_piles_played(g: GameState, f: Any) -> Any:
    return len(g.played_piles)
