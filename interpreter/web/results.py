"""How a hand ended, and once the match is over its final standings, as every seat's state
says it (docs/web-api.md: `hand_over`). Only what the table shows everyone: card counts and
points, never faces."""

from __future__ import annotations

from interpreter.presenting.standings import standings


def hand_over_json(game) -> dict | None:
    """The last hand's result and each seat's total; once the match is over, its standings
    (each seat or team, best first, standings.py). None before any hand has ended."""
    if not game.hand_results:
        return None
    result = game.hand_results[-1]
    # The cards each seat held as the hand ended: a rule may since have put a seat out,
    # its cards going under the discard pile (elimination).
    events = game.events or []
    ended = next((data for event, data in reversed(events) if event == "hand_over"), None)
    counts = [len(h) for h in ended["hands"]] if ended else [len(h) for h in game.hands]
    # Where every seat scored its own hand (scoring.seat_scores), its points are those.
    own = result.seats or [sum(c.points for c in h) for h in game.hands]
    return {"winner": result.winner, "points": result.points, "blocked": result.blocked,
            "each_scored": bool(result.seats),
            "match_over": game.over,
            "match_winner": game.match_winner if game.over else None,
            "lowest_wins": game.rules.lowest_wins,  # match.winner: lowest
            # `out`: a rule put the seat out, so an empty hand is no win.
            "seats": [{"seat": s, "cards": counts[s], "points": own[s],
                       "total": game.scores[s], "out": game.out[s]}
                      for s in range(game.players)],
            "standings": [{"place": line.place, "seats": list(line.seats),
                           "total": line.total, "out": line.out, "winner": line.winner}
                          for line in standings(game)] if game.over else None}
