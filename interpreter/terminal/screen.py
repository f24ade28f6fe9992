"""What the terminal shows: the table, the news in plain words, the end of a hand.

Every text the ruleset provides (its title, card and colour names) is shown through
safe_text, so control characters in it are escaped; the colours painted here are the
terminal's own and stay. Text is wrapped to the terminal's width, and never inside a card's
name: the words of a card are joined by GLUE (a no-break space) until the line is laid out.
"""

from __future__ import annotations

import shutil
import sys

from interpreter.engine.decisions import DRAW, PASS, describe
from interpreter.playing.session import Session
from interpreter.presenting.look import Look
from interpreter.presenting.narrate import Narrator, words
from interpreter.presenting.prompts import owed
from interpreter.presenting.view import seat_view
from interpreter.safe_text import shown
from interpreter.terminal.layout import (
    ANSI,
    DEFAULT_WIDTH,
    GLUE,
    menu,
    plural,
    wants_color,
    wrap,
)


RECAP = 8  # the sentences of the hand so far a resumed game shows


class Screen:
    """A person's view of a Session at the terminal: its seat's table, written to `out`."""

    def __init__(self, session: Session, save_path=None, read=input, out=sys.stdout, color=None,
                 width=None, sort=True):
        self.session = session
        self.save_path = save_path
        self.read = read
        self.out = out
        self.color = wants_color(out) if color is None else color
        self.fixed_width = width
        self.sort = sort  # the hand by colour then rank; False: in the order it was dealt
        seat = session.seat
        names = ["You" if s == seat else f"Bot {s}" for s in range(session.players)]
        self.names = names
        rules = session.ruleset
        self.look = Look(rules)
        self.attributes = {name: (table or {}).get("words", {}) for name, table in
                           (rules.source.data.get("attributes") or {}).items()}
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

    # --- output -------------------------------------------------------------------

    def width(self) -> int:
        if self.fixed_width:
            return self.fixed_width
        return max(20, shutil.get_terminal_size((DEFAULT_WIDTH, 24)).columns)

    def say(self, text: str = "", indent: str = "") -> None:
        """`text`, wrapped to the terminal's width (a newline in it starts a line)."""
        for part in text.split("\n"):
            for line in wrap(part, self.width(), indent):
                print(line, file=self.out, flush=True)

    def paint(self, text: str, color) -> str:
        """`text` (from the ruleset, so made safe) in the terminal colour of `color`."""
        text = shown(text, one_line=True).replace(" ", GLUE)
        code = ANSI.get(color or "")
        return f"\033[{code}m{text}\033[0m" if self.color and code else text

    def value_words(self, value) -> str:
        """An attribute's value (or an effect named like one) as people say it."""
        for table in self.attributes.values():
            if value in table:
                return shown(table[value], one_line=True)
        return words(value)

    def card_words(self, card) -> str:
        """A card in words, with its word-valued attributes: `red 5 (big bang)`."""
        extra = [self.value_words(value) for name, value in card.attrs.items()
                 if name in self.attributes and isinstance(value, str)]
        return words(card.name) + (f" ({', '.join(extra)})" if extra else "")

    def card(self, card) -> str:
        return self.paint(self.card_words(card), card.color)

    def named_card(self, name: str) -> str:
        """A card named in an event, kept whole on a line."""
        return words(name).replace(" ", GLUE)

    def tell_news(self) -> None:
        """What happened since the last look, in plain words."""
        game = self.session.game
        if self.headed != len(game.hand_results) + 1 and game.decision is not None:
            self.headed = len(game.hand_results) + 1
            self.say(f"== Hand {self.headed} ==")
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
        start = max((i + 1 for i, (event, _) in enumerate(events) if event == "hand_over"),
                    default=0)
        self.headed = len(game.hand_results) + 1
        self.say(f"== Hand {self.headed} (resumed) ==")
        told = self.narrator.sentences(events[start:])
        if told:
            cut = "... " if len(told) > RECAP else ""
            self.say(f"The hand so far: {cut}{' '.join(told[-RECAP:])}")

    def hand(self) -> list:
        """The person's cards in the order shown (and numbered)."""
        return self.ordered(self.session.game.hands[self.session.seat])

    def ordered(self, cards) -> list:
        """`cards` by colour then rank (unless the person keeps the order they were dealt)."""
        return self.look.ordered(cards, keep=not self.sort)

    def show_table(self) -> None:
        game = self.session.game
        seat = self.session.seat
        self.hand_shown = len(game.hand_results)
        arrow = "clockwise" if game.direction == 1 else "counter-clockwise"
        top = self.card(game.top) if game.top else "(none)"
        self.say("")
        view = seat_view(game, seat)
        # Each "label: value" is kept whole on a line: the line breaks between them.
        heading = f"direction:{GLUE}{arrow.replace(' ', GLUE)}"
        count, _ = owed(game)
        if count:  # a stacked penalty: the next to draw instead of playing takes it all
            heading += f"   owed:{GLUE}{plural(count, 'card').replace(' ', GLUE)}"
        if view.rows:  # a game of rows matches its piles, not the discard pile's top card
            pile = plural(view.discard_size, 'card').replace(' ', GLUE)
            self.say(f"Discard{GLUE}pile:{GLUE}{pile}   {heading}")
        else:
            follow = self.paint(game.color or 'any', game.color)
            self.say(f"Top:{GLUE}{top}   colour{GLUE}to{GLUE}follow:{GLUE}{follow}   {heading}")
        if count and self.facing():
            self.say(self.owed_line(count))
        for name, piles in view.rows:  # rows of piles (rows:): every top card, numbered
            tops = "   ".join(f"{number}:{GLUE}{self.card(pile[-1])}"
                              + (f"{GLUE}(+{len(pile) - 1})" if len(pile) > 1 else "")
                              for number, pile in enumerate(piles, 1)) or "(empty)"
            self.say(f"{name.replace('_', ' ').capitalize()} row: {tops}", indent="    ")
        others = [f"{self.names[s]}:{GLUE}out" if game.out[s] else
                  f"{self.names[s]}:{GLUE}{plural(len(h), 'card')}".replace(" ", GLUE)
                  for s, h in enumerate(game.hands) if s != seat]
        self.say("   ".join(others))
        if view.side is not None:  # two-sided cards: the other side of their hands shows
            self.say(f"Side up: {view.side}   stock shows: "
                     f"{self.card(view.stock_top) if view.stock_top else '(empty)'}")
            for other, faces in enumerate(view.shown):
                if other != seat and faces:
                    self.say(f"  {self.names[other]} shows: "
                             + ", ".join(self.card(c) for c in faces), indent="    ")
        for other, faces in enumerate(view.revealed):
            if faces and other != seat:  # a hand shown to the table (reveal_hand)
                self.say(f"  {self.names[other]}'s hand, face up: "
                         + ", ".join(self.card(c) for c in faces), indent="    ")
        self.say("Scores: " + "   ".join(f"{self.names[s]}{GLUE}{p}".replace(" ", GLUE)
                                         for s, p in enumerate(game.scores)))
        for label, values in view.values:  # the per-seat values the ruleset shows
            self.say(f"{shown(label, one_line=True)}: " + "   ".join(
                f"{self.names[s]}{GLUE}{describe(v)}".replace(" ", GLUE)
                for s, v in enumerate(values) if not game.out[s]))
        if view.revealed and view.revealed[seat]:
            self.say("Your hand is face up: every player sees it.")
        decision = game.decision
        playable = decision.options if decision and decision.seat == seat \
            and decision.kind in ("play", "card") else ()
        # A card choice marks the very cards on offer (choose_cards picks among some).
        marked = (lambda c: any(c is o for o in playable)) if decision and \
            decision.kind == "card" else (lambda c: c in playable)
        cards = [(i, f"{self.card(c)}{'*' if marked(c) else ''}")
                 for i, c in enumerate(self.hand(), 1)]
        self.say("Your hand: " + menu(cards), indent=" " * len("Your hand: "))

    def facing(self) -> bool:
        """Whether the person is asked their turn's play now."""
        decision = self.session.game.decision
        return bool(decision and decision.seat == self.session.seat and decision.kind == "play")

    def owed_line(self, count: int) -> str:
        """How the person answers the penalty they face."""
        decision = self.session.game.decision
        answer = "answer with a card marked *, or" if decision and any(
            o not in (DRAW, PASS) for o in decision.options) else "type"
        return f"You face {plural(count, 'card')} owed: {answer} d to draw {count}."

    def end_of_hand(self) -> None:
        game = self.session.game
        result = game.hand_results[-1]
        who = self.narrator
        self.say("")
        how = "had the fewest points (the hand was blocked)" if result.blocked else \
            "is the last player left" if game.hands[result.winner] else "went out"
        self.say(f"== Hand {len(game.hand_results)} is over: {self.names[result.winner]} {how}. ==")
        for seat, hand in enumerate(game.hands):
            if game.out[seat] and not hand:  # put out (by a rule): its cards went away
                self.say(f"  {self.names[seat]}: out of the match")
            elif hand:
                points = sum(c.points for c in hand)
                cards = ", ".join(self.card(c) for c in self.ordered(hand))
                self.say(f"  {self.names[seat]}: {cards}  = {points} points", indent="    ")
        if result.seats:  # every seat scored its own (scoring.seat_scores)
            self.say("  Points this hand: " + ", ".join(
                f"{self.names[s]} {p}" for s, p in enumerate(result.seats)), indent="    ")
        else:
            self.say(f"  {who.does(result.winner, 'scores', 'score')} {result.points}.")
        lowest = " (the lowest wins)" if game.rules.lowest_wins else ""
        self.say(f"Totals{lowest}: " + "   ".join(f"{self.names[s]}{GLUE}{p}".replace(" ", GLUE)
                                         for s, p in enumerate(game.scores)))
