"""The standings of a match, for any front end: each seat, or each team, with its total, best
first as the ruleset ranks them.

A total is the match total the ruleset keeps (a team's, in teams: engine.scoring.totals). The
ruleset's own ranking decides the order: the highest total first, or with `match: winner:
lowest` the lowest; a seat out of the match (put out by a rule's `eliminate`)
comes after every seat still in, whatever its total; the match's winner first of
all once it is over. Seats tied in both share a place.
"""

from __future__ import annotations

from typing import NamedTuple

from interpreter.engine.scoring import totals
from interpreter.presenting.translation import _, ngettext


class Standing(NamedTuple):
    """One line of the standings: a seat, or a team's seats."""

    place: int  # from 1; seats tied share one
    seats: tuple  # the seat, or the team's seats in seat order
    total: int  # its match total (the team's, in teams)
    out: bool  # out of the match (every seat of a team)
    winner: bool  # the match is over and this seat (or team) won it


def standings(game) -> list[Standing]:
    """The match's standings, best first (see the module's docstring)."""
    scores = totals(game)
    team_size = game.rules.team_size
    teams = game.players // team_size if team_size else game.players
    groups = [tuple(range(first, game.players, teams)) for first in range(teams)]
    winner = game.match_winner if game.over else None
    sign = 1 if game.rules.lowest_wins else -1

    def rank(group: tuple) -> tuple:
        out = all(game.out[seat] for seat in group)
        return (winner not in group, out, sign * scores[group[0]])

    ordered = sorted(groups, key=lambda group: (rank(group), group))
    lines: list[Standing] = []
    for index, group in enumerate(ordered):
        tied = index and rank(ordered[index - 1]) == rank(group)
        lines.append(Standing(lines[-1].place if tied else index + 1, group, scores[group[0]],
                              all(game.out[seat] for seat in group), winner in group))
    return lines


def standings_text(game, names: list) -> list[str]:
    """The standings as lines of words, `names` per seat ("1. Ann: 120 points")."""
    lines = []
    for line in standings(game):
        who = _(" and ").join(names[seat] for seat in line.seats)
        said = f"{line.place}. " + ngettext("{players}: {count} point", "{players}: {count} points",
                                            line.total).format(players=who, count=line.total)
        lines.append(said + (_(" (out)") if line.out else "") + (_(" (wins)") if line.winner else ""))
    return lines
