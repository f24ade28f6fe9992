"""A hand's end: its score, the match totals, and whether the match is over."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from interpreter.engine import order
from interpreter.engine import triggers as rule_events
from interpreter.engine.decisions import HandResult

NEW_TUPLE: Final = tuple.__new__
from interpreter.engine.budget import RULES_RESERVE
from interpreter.engine.frame import Frame
from interpreter.engine.rules import TIE_FEWEST_CARDS, TIE_PLAY_ON
from interpreter.errors import RuleRuntimeError

if TYPE_CHECKING:
    from interpreter.engine.rules import Rules
    from interpreter.engine.state import State


def end_hand(game: State, winner: int, blocked: bool = False) -> None:
    """Score the hand for `winner` and decide whether the match is over."""
    rules = game.rules
    points = 0 if rules.scoring is None \
        else whole(rules, "winner_scores", rules.scoring(game, Frame(winner)))
    if len(game.hand_results) >= rules.hands_per_match:
        raise RuleRuntimeError(f"this ruleset made no progress: the match lasted more than "
                               f"{rules.hands_per_match} hands (limits.hands_per_match)",
                               file=rules.file)
    game.scores[winner] += points
    seats: tuple[Any, ...] = ()
    if rules.seat_scoring is not None:  # every seat scores its own points, the winner too
        own = [whole(rules, "seat_scores", rules.seat_scoring(game, Frame(seat)))
               for seat in range(game.players)]
        for seat in range(game.players):
            game.scores[seat] += own[seat]
        own[winner] += points
        seats, points = tuple(own), own[winner]
    # Made as a tuple of its class: HandResult(...) runs the named tuple's __new__ as Python
    # bytecode (callgrind: about 2,000 instructions a hand).
    game.hand_results.append(NEW_TUPLE(HandResult, (winner, points, game.turns,
                                                    game.first_player, blocked, seats)))
    if game.events is not None:
        game.log("hand_over", winner=winner, points=points, scores=list(game.scores),
                 hands=[[c.name for c in hand] for hand in game.hands], blocked=blocked,
                 **({"seat_points": list(seats)} if seats else {}))
    game.clear_queue()
    if rules.hand_ended and game.seated > 1:
        rule_events.between_hands(game, rules.hand_ended, Frame(winner))
    if game.seated <= 1:
        finished = True  # the last seat standing
    elif rules.hands:
        finished = len(game.hand_results) >= rules.hands
    elif rules.ends_when is not None:
        finished = bool(rules.ends_when(game, Frame(winner)))
    else:
        finished = max(totals(game)) >= rules.target_score
    if finished and rules.tie == TIE_PLAY_ON and game.seated > 1 and len(leaders(game)) > 1:
        finished = False  # another hand, until the tie is broken
    if not finished and game.work_left < RULES_RESERVE:  # the turns used up the budget
        finished = game.cut_short = True
    if finished:
        game.over = True
        game.match_winner = leader(game) if game.seated > 1 else order.in_play(game.out)[0]
        if game.events is not None:
            game.log("match_over", winner=game.match_winner, scores=list(game.scores),
                     **({"lowest": True} if rules.lowest_wins else {}))


def whole(rules: Rules, setting: str, points: Any) -> int:
    """`points`, which scoring.`setting` gave, if it is a whole number."""
    if isinstance(points, bool) or not isinstance(points, int):
        raise RuleRuntimeError(f"scoring.{setting} gave {points!r}, not a whole number",
                               file=rules.file)
    return points


def totals(game: State) -> list[Any]:
    """Each seat's match total: its team's, when the ruleset plays in teams."""
    team_size = game.rules.team_size
    if not team_size:
        return game.scores
    teams = game.players // team_size
    team = [sum(game.scores[t::teams]) for t in range(teams)]
    return [team[seat % teams] for seat in range(game.players)]


def end_blocked(game: State, why: str) -> None:
    """End a hand that can no longer end: the seat holding the fewest points wins it (a
    tie: the tied seat that played last), and scores the other hands as usual."""
    held = [sum(card.points for card in hand) for hand in game.hands]
    fewest = min(held[seat] for seat in order.in_play(game.out))
    tied = [seat for seat in order.in_play(game.out) if held[seat] == fewest]
    winner = max(tied, key=lambda seat: (game.played_at[seat], -seat))
    if game.events is not None:
        game.log("hand_blocked", reason=why, winner=winner)
    end_hand(game, winner, blocked=True)


def leaders(game: State) -> list[int]:
    """The seats with the winning total (their team's, in teams): the highest, or with
    match.winner lowest the lowest among the seats still in; in seat order."""
    scores: list[Any] = totals(game)
    tied: list[int] = []
    if game.rules.lowest_wins:
        seats = order.in_play(game.out)
        fewest = min(scores[seat] for seat in seats)
        for seat in seats:
            if scores[seat] == fewest:
                tied.append(seat)
        return tied
    # The seats by number, natively (callgrind: about 1,500 instructions a match less than
    # the seats in a list, as lowest_wins reads them).
    best = max(scores)
    for seat in range(len(scores)):
        if scores[seat] == best:
            tied.append(seat)
    return tied


def leader(game: State) -> int:
    """The seat with the winning total (leaders); a tie goes, as match.tie says, to the tied
    seat holding the fewest cards, and otherwise to the tied seat that won a hand last."""
    tied = leaders(game)
    if len(tied) > 1 and game.rules.tie == TIE_FEWEST_CARDS:
        fewest = min(len(game.hands[seat]) for seat in tied)
        tied = [seat for seat in tied if len(game.hands[seat]) == fewest]
    if len(tied) == 1:
        return tied[0]
    results: list[Any] = game.hand_results
    for at in range(len(results) - 1, -1, -1):
        winner: int = results[at][0]  # its winner
        if winner in tied:
            return winner
    return tied[0]
