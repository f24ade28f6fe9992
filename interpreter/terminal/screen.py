"""What the terminal shows: the table (presenting/table.py), the news in plain words, the end
of a hand.

Every text the ruleset provides (its title, card and colour names) is shown through
safe_text, so control characters in it are escaped; the colours painted here are the
terminal's own and stay. Text is wrapped to the terminal's width, and never inside a card's
name: the words of a card are joined by GLUE (a no-break space) until the line is laid out.
"""

from __future__ import annotations

import sys

from interpreter.playing.session import Session
from interpreter.presenting.layout import GLUE, wants_color
from interpreter.presenting.narrate import Narrator
from interpreter.presenting.table import Table
from interpreter.presenting.translation import _, ngettext

RECAP = 8  # the sentences of the hand so far a resumed game shows


class Screen(Table):
    """A person's view of a Session at the terminal: its seat's table, written to `out`."""

    def __init__(self, session: Session, save_path=None, read=input, out=sys.stdout, color=None,
                 width=None, sort=True):
        seat = session.seat
        names = [_("You") if s == seat else _("Bot {number}").format(number=s)
                 for s in range(session.players)]
        rules = session.ruleset
        super().__init__(rules, names, out=out, color=wants_color(out) if color is None else color,
                         width=width, sort=sort)
        self.session = session
        self.save_path = save_path
        self.read = read
        # A seat's name is kept whole on a line, as a card's is.
        self.narrator = Narrator([n.replace(" ", GLUE) for n in names], viewer=seat,
                                 say_card=self.named_card,
                                 say_effect=lambda name: self.value_words(name).capitalize(),
                                 call_word=rules.call_word)
        # How many events have been shown: a resumed game starts from where it stopped.
        self.told = len(session.game.events or ()) if session.answers else 0
        self.hand_shown: int | None = None  # the hand whose table was shown (its number)
        self.headed = len(session.game.hand_results) + 1 if session.answers else 0
        self.explained: set[str] = set()  # the questions whose rule has been said
        # "3 uno" calls UNO with the play; None when no play of the person's says either way.
        self.call_uno: bool | None = None

    def tell_news(self) -> None:
        """What happened since the last look, in plain words."""
        game = self.session.game
        if self.headed != len(game.hand_results) + 1 and game.decision is not None:
            self.headed = len(game.hand_results) + 1
            self.say(_("== Hand {number} ==").format(number=self.headed))
        events = game.events or []  # a session's game records them
        news = self.narrator.sentences(events[self.told:])
        self.told = len(events)
        if news:
            self.say(" ".join(news))

    def recap(self) -> None:
        """A resumed game: the hand's heading and its last moves, as they were told."""
        game = self.session.game
        events = (game.events or [])[:self.told]
        if game.decision is None or not events:
            return
        start = max((i + 1 for i, (event, _data) in enumerate(events) if event == "hand_over"),
                    default=0)
        self.headed = len(game.hand_results) + 1
        self.say(_("== Hand {number} (resumed) ==").format(number=self.headed))
        told = self.narrator.sentences(events[start:])
        if told:
            cut = "... " if len(told) > RECAP else ""
            self.say(_("The hand so far: {moves}").format(moves=cut + " ".join(told[-RECAP:])))

    def hand(self) -> list:
        """The person's cards in the order shown (and numbered)."""
        return self.ordered(self.session.game.hands[self.session.seat])

    def show_table(self) -> None:
        game = self.session.game
        self.hand_shown = len(game.hand_results)
        self.show(game, self.session.seat)

    def end_of_hand(self) -> None:
        game = self.session.game
        result = game.hand_results[-1]
        who = self.narrator
        self.say("")
        mine = result.winner == self.session.seat  # "you" is its own word in these languages
        if result.blocked:
            over = _("== Hand {number} is over: You had the fewest points (the hand was "
                     "blocked). ==") if mine else \
                _("== Hand {number} is over: {player} had the fewest points (the hand was "
                  "blocked). ==")
        elif game.hands[result.winner]:
            over = _("== Hand {number} is over: You are the last player left. ==") if mine else \
                _("== Hand {number} is over: {player} is the last player left. ==")
        else:
            over = _("== Hand {number} is over: You went out. ==") if mine else \
                _("== Hand {number} is over: {player} went out. ==")
        self.say(over.format(number=len(game.hand_results), player=self.names[result.winner]))
        for seat, hand in enumerate(game.hands):
            if game.out[seat] and not hand:  # put out (by a rule): its cards went away
                self.say("  " + _("{player}: out of the match").format(player=self.names[seat]))
            elif hand:
                points = sum(c.points for c in hand)
                cards = ", ".join(self.card(c) for c in self.ordered(hand))
                self.say("  " + ngettext("{player}: {cards}  = {count} point",
                                         "{player}: {cards}  = {count} points", points).format(
                    player=self.names[seat], cards=cards, count=points), indent="    ")
        if result.seats:  # every seat scored its own (scoring.seat_scores)
            self.say("  " + _("Points this hand: {scores}").format(scores=", ".join(
                f"{self.names[s]} {p}" for s, p in enumerate(result.seats))), indent="    ")
        else:
            scores = _("You score {points}.") if result.winner == who.viewer else \
                _("{player} scores {points}.")
            self.say("  " + scores.format(player=who.who(result.winner), points=result.points))
        totals = "   ".join(f"{self.names[s]}{GLUE}{p}".replace(" ", GLUE)
                            for s, p in enumerate(game.scores))
        self.say((_("Totals (the lowest wins): {totals}") if game.rules.lowest_wins
                  else _("Totals: {totals}")).format(totals=totals))
