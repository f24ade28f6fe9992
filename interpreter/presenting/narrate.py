"""What happened, in plain words: engine events -> sentences, for any front end or log.

Names come from the ruleset file, so every sentence is safe to print: control characters
and bidi controls in them are shown as escapes (see safe_text).
"""

from __future__ import annotations

import re

from interpreter.presenting.naming import said_name, translated
from interpreter.presenting.translation import N_, _, ngettext
from interpreter.safe_text import shown


def card_text(name: str) -> str:
    """A card name as a person reads it: `blue 7` stays, `big_card` -> `big card` (in the
    language spoken where the ruleset names them: naming.py)."""
    return shown(said_name(name), one_line=True)


def effect_text(name: str) -> str:
    """A named effect as a title: `big_bang` -> `Big Bang`."""
    return shown(name.replace("_", " ").title(), one_line=True)


def words(name) -> str:
    """An identifier in words: `big_card` -> `big card` (in the language spoken where the
    ruleset names it: naming.py)."""
    return shown(said_name(str(name)), one_line=True)


# The engine's reason for a hand blocked by passes (turn_draws.py).
PASSES = re.compile(r"(\d+) passes in a row with nothing left to draw")
# Where cards put away go (cards_moved's `to`), said by the seat putting them: (you, they).
PUT = {
    "discard": (N_("You put {cards} under the top card."),
                N_("{player} puts {cards} under the top card.")),
    "bottom": (N_("You put {cards} at the bottom of the discard pile."),
               N_("{player} puts {cards} at the bottom of the discard pile.")),
    "stock": (N_("You put {cards} at the bottom of the stock."),
              N_("{player} puts {cards} at the bottom of the stock.")),
    "away": (N_("You put {cards} away."), N_("{player} puts {cards} away.")),
}


class Narrator:
    """Turns events into sentences; `viewer` is the seat whose drawn cards may be named."""

    # A front end passes its own `say_card` and `say_effect`, say to keep a card's words
    # together when it wraps lines.

    def __init__(self, names: list[str], viewer: int | None = None, say_card=card_text,
                 say_effect=effect_text, call_word: str = "UNO"):
        self.names = names
        self.call_word = call_word  # the ruleset's uno.name
        self.viewer = viewer
        self.card = say_card
        self.effect = say_effect
        self.previous: tuple | None = None  # the event told before this one: (name, data)

    def who(self, seat) -> str:
        return self.names[seat] if seat is not None else _("nobody")

    def whom(self, seat) -> str:
        """A seat as the object of a sentence: `caught you`, not `caught You`."""
        return _("you") if seat is not None and seat == self.viewer else self.who(seat)

    def says(self, seat, mine: str, theirs: str, **values) -> str:
        """The sentence `mine` when `seat` is the viewer, else `theirs` (both translated), with
        the seat's name as {player}: the languages conjugate "you" and "they" differently."""
        said = mine if seat is not None and seat == self.viewer else theirs
        return said.format(player=self.who(seat), **values)

    def cards(self, cards) -> str:
        """Cards named in a list: `red 5, blue 7`."""
        return _(", ").join(self.card(c) for c in cards)

    def sentences(self, events) -> list[str]:
        """One sentence per event worth telling."""
        told: list[str] = []
        for event, data in events:
            method = getattr(self, "on_" + event, None)
            text = method(**data) if method else None
            self.previous = (event, data)
            if text:
                told.append(shown(text, one_line=True))
        return told

    def on_eliminated(self, seat, cards=0):
        return self.says(seat, _("You are out of the match; your cards go under the discard pile."),
                         _("{player} is out of the match; their cards go under the discard pile."))

    def on_dealer_draw(self, cards):
        drawn = _(", ").join(_("{player} {card}").format(player=self.who(s), card=self.card(c))
                             for s, c in cards.items())
        if self.previous and self.previous[0] == "dealer_draw":  # the highest cards tied
            tied = [self.who(s) for s in cards]
            return _("A tie: {first} and {last} draw again: {cards}.").format(
                first=_(", ").join(tied[:-1]), last=tied[-1], cards=drawn)
        return _("Drawing for dealer: {cards}.").format(cards=drawn)

    def on_redeal(self, card):
        return _("The first card was {card}: the deck is shuffled and dealt again.").format(
            card=self.card(card))

    def on_first_card_returned(self, card):
        return _("The first card was {card}: it goes back into the deck.").format(
            card=self.card(card))

    def on_first_card(self, card, dealer):
        said = _("You dealt. The first card is {card}.") if dealer == self.viewer else \
            _("{player} dealt. The first card is {card}.")
        return said.format(player=self.who(dealer), card=self.card(card))

    def on_play(self, seat, card, pile=None):
        if pile:
            return self.says(seat, _("You played {card} on {pile}."),
                             _("{player} played {card} on {pile}."), card=self.card(card),
                             pile=self.pile(pile))
        said = _("You played {card}.") if seat == self.viewer else _("{player} played {card}.")
        return said.format(player=self.who(seat), card=self.card(card))

    def pile(self, pile) -> str:
        """A pile of a row in words: `center 2` -> `center pile 2`."""
        row, _space, number = str(pile).rpartition(" ")
        return _("{row} pile {number}").format(row=words(row), number=number)

    def on_row_refilled(self, row, cards):
        return _("Turned {cards} face up into the {row} row.").format(cards=self.cards(cards),
                                                                     row=words(row))

    def on_piles_cleared(self, row, count):
        return ngettext("{count} pile of the {row} row goes to the discard pile.",
                        "{count} piles of the {row} row go to the discard pile.", count).format(
            count=count, row=words(row))

    def on_added_to_row(self, seat, row, cards):
        return self.says(seat, _("You add {cards} to the {row} row."),
                         _("{player} adds {cards} to the {row} row."), cards=self.cards(cards),
                         row=words(row))

    def on_draw(self, seat, count, cards=()):
        if count == 0 and self.previous and self.previous[0] == "chance" \
                and self.previous[1]["outcome"] == 0:
            # a chance said no cards (a launcher's 0)
            return self.says(seat, _("You drew nothing."), _("{player} drew nothing."))
        if count == 0:
            return self.says(seat, _("You could not draw: no cards are left."),
                             _("{player} could not draw: no cards are left."))
        total = None
        if self.previous and self.previous[0] == "penalty_taken":  # a pending penalty drawn
            total = self.previous[1]["count"]
        mine = seat == self.viewer
        if mine and cards:
            listed = self.cards(cards)
            if total is None:
                return _("You drew {cards}.").format(cards=listed)
            return (ngettext("You drew the {count} card owed: {cards}.",
                             "You drew the {count} cards owed: {cards}.", count)
                    if count == total else
                    ngettext("You drew {count} of the {total} card owed: {cards}.",
                             "You drew {count} of the {total} cards owed: {cards}.", total)
                    ).format(count=count, total=total, cards=listed)
        if total is not None:
            return (ngettext("{player} drew the {count} card owed.",
                             "{player} drew the {count} cards owed.", count)
                    if count == total else
                    ngettext("{player} drew {count} of the {total} card owed.",
                             "{player} drew {count} of the {total} cards owed.", total)
                    ).format(player=self.who(seat), count=count, total=total)
        said = ngettext("You drew {count} card.", "You drew {count} cards.", count) \
            if seat == self.viewer else \
            ngettext("{player} drew {count} card.", "{player} drew {count} cards.", count)
        return said.format(player=self.who(seat), count=count)

    def on_penalty(self, total):
        return ngettext("{count} card is owed now.", "{count} cards are owed now.", total).format(
            count=total) if total else None

    def on_pass(self, seat):
        said = _("You pass.") if seat == self.viewer else _("{player} passes.")
        return said.format(player=self.who(seat))

    def on_chance(self, seat, of, outcome):
        # Not "for" the seat: the effect's player is not always whom the outcome hits (a
        # Hit 2's presses are the next player's); the draw that follows names that seat.
        return _("{chance}: {outcome}.").format(chance=words(of).capitalize(),
                                                 outcome=words(outcome))

    def on_turn_over(self, card):
        return _("Turned over {card}.").format(card=self.card(card))

    def on_sides(self, side, top=None):
        side = shown(side, one_line=True)
        return (_("Every card turns over: the {side} side is up. The top card is now {card}.")
                if top else _("Every card turns over: the {side} side is up.")).format(
            side=side, card=self.card(top) if top else "")

    def on_effect(self, name, seat):
        return f"{self.effect(name)}!"

    def on_extra_turn(self, seat):
        said = _("You go again.") if seat == self.viewer else _("{player} goes again.")
        return said.format(player=self.who(seat))

    def on_turn_lost(self, seat):
        said = _("You lose a turn.") if seat == self.viewer else _("{player} loses a turn.")
        return said.format(player=self.who(seat))

    def on_direction(self, direction):
        return _("Play now goes clockwise.") if direction == 1 else \
            _("Play now goes counter-clockwise.")

    def on_color(self, color):
        colour = shown(translated(color) or color, one_line=True)
        return _("The colour to follow is {colour}.").format(colour=colour)

    def on_cards_moved(self, seat, to, count, cards=()):
        # Which cards went to a hand is told to their giver and their receiver alone.
        cards = self.cards(cards) if cards and self.viewer in (seat, to) \
            else ngettext("{count} card", "{count} cards", count).format(count=count)
        if isinstance(to, int):
            if to == self.viewer:  # "you" as the object is its own word in these languages
                return _("{player} gives {cards} to you.").format(player=self.who(seat),
                                                                  cards=cards)
            return self.says(seat, _("You give {cards} to {receiver}."),
                             _("{player} gives {cards} to {receiver}."), cards=cards,
                             receiver=self.whom(to))
        mine, theirs = PUT.get(to, PUT["away"])
        return self.says(seat, _(mine), _(theirs), cards=cards)

    def on_cards_passed(self, passes):
        # Which cards moved is told to their giver and their receiver alone.
        told = []
        for giver, receiver, cards in passes:
            what = self.cards(cards) if self.viewer in (giver, receiver) \
                else ngettext("{count} card", "{count} cards", len(cards)).format(count=len(cards))
            told.append(_("{player} gives {cards} to you").format(
                player=self.who(giver), cards=what) if receiver == self.viewer else
                self.says(giver, _("You give {cards} to {receiver}"),
                          _("{player} gives {cards} to {receiver}"), cards=what,
                          receiver=self.whom(receiver)))
        return _("Cards are passed at once: {passes}.").format(passes=_("; ").join(told)) \
            if told else None

    def on_hand_revealed(self, seat, cards):
        if not cards:
            return self.says(seat, _("You show your hand to the table: no cards."),
                             _("{player} shows their hand to the table: no cards."))
        return self.says(seat, _("You show your hand to the table: {cards}."),
                         _("{player} shows their hand to the table: {cards}."),
                         cards=self.cards(cards))

    def on_swap_hands(self, seats):
        a, b = seats
        return _("{player} and {other} swap hands.").format(player=self.who(a), other=self.whom(b))

    def on_pass_hands(self, direction):
        return _("Every hand moves one seat on.")

    def on_shuffle_hands(self, seat, sizes):
        return _("Every hand is collected, shuffled and dealt again from {player}: {sizes} "
                 "cards.").format(player=self.whom(seat), sizes=_(", ").join(
                     _("{player} {count}").format(player=self.who(s), count=n)
                     for s, n in enumerate(sizes)))

    def on_reshuffle(self, size):
        return ngettext("The discard pile is shuffled into a new stock ({count} card).",
                        "The discard pile is shuffled into a new stock ({count} cards).",
                        size).format(count=size)

    def on_decided(self, kind, seat, answer):
        if seat is None:  # a window nobody took: nothing happened
            return None
        if kind == "uno":
            return _("{player}: \"{call}!\"").format(player=self.who(seat), call=self.call_word) \
                if answer == "yes" else None
        if kind == "catch":
            return None
        if kind == "target":
            if int(answer) == self.viewer:
                return self.says(seat, _("You chose yourself."), _("{player} chose you."))
            return self.says(seat, _("You chose {target}."), _("{player} chose {target}."),
                             target=self.whom(int(answer)))
        if kind == "card":  # the chosen card is named only to its chooser
            if seat != self.viewer:
                return None
            return _("You chose no more cards.") if answer == "done" else \
                _("You chose {card}.").format(card=self.card(answer))
        if kind in ("color", "play_drawn", "jump_in", "jump_in_card", "pile"):
            return None  # the play or jump-in that follows tells it
        question = words(kind)  # the ruleset's ask() text
        if answer == "yes":
            return self.says(seat, _("You chose to {question}."),
                             _("{player} chose to {question}."), question=question)
        if answer == "no":
            return self.says(seat, _("You chose not to {question}."),
                             _("{player} chose not to {question}."), question=question)
        return self.says(seat, _("You answered {question}: {answer}."),
                         _("{player} answered {question}: {answer}."), question=question,
                         answer=shown(answer, one_line=True))

    def on_caught(self, seat, by):
        if seat == self.viewer:
            return _("{player} caught you not calling {call}!").format(player=self.who(by),
                                                                      call=self.call_word)
        return self.says(by, _("You caught {other} not calling {call}!"),
                         _("{player} caught {other} not calling {call}!"), other=self.whom(seat),
                         call=self.call_word)

    def on_jump_in(self, seat):
        return self.says(seat, _("You jump in!"), _("{player} jumps in!"))

    def on_hand_blocked(self, reason, winner):
        # The engine gives its reason in English (it may not import this layer); the usual
        # one, passes with nothing to draw, is said in the language spoken, a runaway
        # guard's (docs/game-rules.md 1) as the engine words it.
        passes = PASSES.fullmatch(reason)
        if passes:
            count = int(passes.group(1))
            reason = ngettext("{count} pass in a row with nothing left to draw",
                              "{count} passes in a row with nothing left to draw",
                              count).format(count=count)
        return self.says(winner, _("The hand is blocked ({reason}): You had the fewest points."),
                         _("The hand is blocked ({reason}): {player} had the fewest points."),
                         reason=reason)

    def on_hand_over(self, winner, points, scores, hands=(), blocked=False, seat_points=None):
        if seat_points is not None:  # every seat scored its own (scoring.seat_scores)
            each = _(", ").join(_("{player} {count}").format(player=self.who(s), count=own)
                                for s, own in enumerate(seat_points))
            if blocked:
                return self.says(winner, _("You held the fewest points in the blocked hand; "
                                           "points this hand: {scores}."),
                                 _("{player} held the fewest points in the blocked hand; points "
                                   "this hand: {scores}."), scores=each)
            if hands and hands[winner]:
                return self.says(winner, _("You are the last player left; points this hand: "
                                           "{scores}."),
                                 _("{player} is the last player left; points this hand: "
                                   "{scores}."), scores=each)
            return self.says(winner, _("You went out; points this hand: {scores}."),
                             _("{player} went out; points this hand: {scores}."), scores=each)
        if blocked:
            return self.says(winner, ngettext("You win the blocked hand: {count} point.",
                                              "You win the blocked hand: {count} points.", points),
                             ngettext("{player} wins the blocked hand: {count} point.",
                                      "{player} wins the blocked hand: {count} points.", points),
                             count=points)
        if hands and hands[winner]:  # the others were put out: it wins holding cards
            return self.says(winner, ngettext("You are the last player left: {count} point.",
                                              "You are the last player left: {count} points.",
                                              points),
                             ngettext("{player} is the last player left: {count} point.",
                                      "{player} is the last player left: {count} points.", points),
                             count=points)
        return self.says(winner, ngettext("You went out: {count} point.",
                                          "You went out: {count} points.", points),
                         ngettext("{player} went out: {count} point.",
                                  "{player} went out: {count} points.", points), count=points)

    def on_match_over(self, winner, scores, lowest=False):
        total = scores[winner]
        if lowest:  # match.winner: lowest
            return self.says(winner, ngettext("You win the match with the lowest total, {count} "
                                              "point.", "You win the match with the lowest total, "
                                              "{count} points.", total),
                             ngettext("{player} wins the match with the lowest total, {count} "
                                      "point.", "{player} wins the match with the lowest total, "
                                      "{count} points.", total), count=total)
        return self.says(winner, ngettext("You win the match with {count} point.",
                                          "You win the match with {count} points.", total),
                         ngettext("{player} wins the match with {count} point.",
                                  "{player} wins the match with {count} points.", total),
                         count=total)
