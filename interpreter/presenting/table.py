"""A seat's table as text: the top card and colour to follow, the rows of piles, the others'
hand sizes, the faces they show, the scores and the seat's own hand. The terminal game
shows it (terminal/screen.py) and the learning environments render it (`render_mode`).

Every text the ruleset provides (card and colour names) is shown through safe_text, so
control characters in it are escaped; the colours painted are the terminal's own. Text is
wrapped to a width, and never inside a card's name: the words of a card are joined by GLUE
(a no-break space) until the line is laid out.
"""

from __future__ import annotations

import shutil
import sys

from interpreter.engine.decisions import DRAW, PASS, describe
from interpreter.engine.game import GameState
from interpreter.presenting.layout import ANSI, DEFAULT_WIDTH, GLUE, menu, wrap
from interpreter.presenting.look import Look
from interpreter.presenting.naming import translated, use, word_of
from interpreter.presenting.narrate import words
from interpreter.presenting.prompts import owed
from interpreter.presenting.translation import _, ngettext
from interpreter.presenting.view import seat_view
from interpreter.safe_text import shown


class Table:
    """Draws a seat's table (and says other lines) to `out`, in `names` for the seats."""

    def __init__(self, rules, names: list[str], out=sys.stdout, color: bool = False,
                 width=None, sort: bool = True):
        self.out = out
        self.color = color
        self.fixed_width = width
        self.sort = sort  # the hand by colour then rank; False: in the order it was dealt
        self.names = names
        self.look = Look(rules)
        # The terminal draws one game a process: its ruleset's names are said from now on.
        use(rules)
        self.attributes = {name: (table or {}).get("words", {}) for name, table in
                           (rules.source.data.get("attributes") or {}).items()}

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
        said = word_of(self.attributes, value)
        return shown(said, one_line=True) if said else words(value)

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

    def ordered(self, cards) -> list:
        """`cards` by colour then rank (unless the person keeps the order they were dealt)."""
        return self.look.ordered(cards, keep=not self.sort)

    def show(self, game: GameState, seat: int) -> None:
        """The table as `seat` sees it."""
        arrow = _("clockwise") if game.direction == 1 else _("counter-clockwise")
        top = self.card(game.top) if game.top else _("(none)")
        self.say("")
        view = seat_view(game, seat)
        # Each "label: value" is kept whole on a line: the line breaks between them.
        heading = whole(_("direction: {direction}"), direction=arrow)
        count = owed(game)[0]
        if count:  # a stacked penalty: the next to draw instead of playing takes it all
            heading += "   " + whole(ngettext("owed: {count} card", "owed: {count} cards", count),
                                     count=count)
        if view.rows:  # a game of rows matches its piles, not the discard pile's top card
            self.say(whole(ngettext("Discard pile: {count} card", "Discard pile: {count} cards",
                                    view.discard_size), count=view.discard_size)
                     + f"   {heading}")
        else:
            follow = self.paint(translated(game.color) or game.color if game.color else _("any"),
                                game.color)
            self.say(whole(_("Top: {card}"), card=top) + "   "
                     + whole(_("colour to follow: {colour}"), colour=follow) + f"   {heading}")
        if count and facing(game, seat):
            self.say(owed_line(game, count))
        for name, piles in view.rows:  # rows of piles (rows:): every top card, numbered
            tops = "   ".join(f"{number}:{GLUE}{self.card(pile[-1])}"
                              + (f"{GLUE}(+{len(pile) - 1})" if len(pile) > 1 else "")
                              for number, pile in enumerate(piles, 1)) or _("(empty)")
            self.say(_("{row} row: {piles}").format(row=name.replace("_", " ").capitalize(),
                                                   piles=tops), indent="    ")
        others = [whole(_("{player}: out"), player=self.names[s]) if game.out[s] else
                  whole(ngettext("{player}: {count} card", "{player}: {count} cards", len(h)),
                        player=self.names[s], count=len(h))
                  for s, h in enumerate(game.hands) if s != seat]
        self.say("   ".join(others))
        if view.side is not None:  # two-sided cards: the other side of their hands shows
            self.say(_("Side up: {side}   stock shows: {card}").format(
                side=view.side, card=self.card(view.stock_top) if view.stock_top
                else _("(empty)")))
            for other, faces in enumerate(view.shown):
                if other != seat and faces:
                    self.say("  " + _("{player} shows: {cards}").format(
                        player=self.names[other], cards=_(", ").join(self.card(c) for c in faces)),
                        indent="    ")
        for other, faces in enumerate(view.revealed):
            if faces and other != seat:  # a hand shown to the table (reveal_hand)
                self.say("  " + _("{player}'s hand, face up: {cards}").format(
                    player=self.names[other], cards=_(", ").join(self.card(c) for c in faces)),
                    indent="    ")
        self.say(_("Scores:") + " " + "   ".join(f"{self.names[s]}{GLUE}{p}".replace(" ", GLUE)
                                         for s, p in enumerate(game.scores)))
        for label, values in view.values:  # the per-seat values the ruleset shows
            self.say(f"{shown(label, one_line=True)}: " + "   ".join(
                f"{self.names[s]}{GLUE}{describe(v)}".replace(" ", GLUE)
                for s, v in enumerate(values) if not game.out[s]))
        if view.revealed and view.revealed[seat]:
            self.say(_("Your hand is face up: every player sees it."))
        decision = game.decision
        playable = decision.options if decision and decision.seat == seat \
            and decision.kind in ("play", "card") else ()
        # A card choice marks the very cards on offer (choose_cards picks among some).
        marked = (lambda c: any(c is o for o in playable)) if decision and \
            decision.kind == "card" else (lambda c: c in playable)
        cards = [(i, f"{self.card(c)}{'*' if marked(c) else ''}")
                 for i, c in enumerate(self.ordered(game.hands[seat]), 1)]
        label = _("Your hand:") + " "
        self.say(label + menu(cards), indent=" " * len(label))


def whole(message: str, **values) -> str:
    """A translated `label: value`, its words glued so that a line breaks around it, not in it."""
    return message.replace(" ", GLUE).format(**{key: str(value).replace(" ", GLUE)
                                                for key, value in values.items()})


def facing(game: GameState, seat: int) -> bool:
    """Whether `seat` is asked its turn's play now."""
    decision = game.decision
    return bool(decision and decision.seat == seat and decision.kind == "play")


def owed_line(game: GameState, count: int) -> str:
    """How the seat facing a penalty of `count` cards answers it."""
    decision = game.decision
    if decision and any(o not in (DRAW, PASS) for o in decision.options):
        said = ngettext("You face {count} card owed: answer with a card marked *, or d to draw "
                        "{count}.", "You face {count} cards owed: answer with a card marked *, or "
                        "d to draw {count}.", count)
    else:
        said = ngettext("You face {count} card owed: type d to draw {count}.",
                        "You face {count} cards owed: type d to draw {count}.", count)
    return said.format(count=count)
