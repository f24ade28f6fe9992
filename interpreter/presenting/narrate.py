"""What happened, in plain words: engine events -> sentences, for any front end or log.

Names come from the ruleset file, so every sentence is safe to print: control characters
and bidi controls in them are shown as escapes (see safe_text).
"""

from __future__ import annotations

from interpreter.presenting.naming import said_name, translated
from interpreter.presenting.translation import _, ngettext
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
        return self.names[seat] if seat is not None else "nobody"

    def whom(self, seat) -> str:
        """A seat as the object of a sentence: `caught you`, not `caught You`."""
        return "you" if seat is not None and seat == self.viewer else self.who(seat)

    def does(self, seat, verb: str, plain: str) -> str:
        """`Bot 2 loses` but `You lose`: the verb agrees with the seat's name."""
        return f"{self.who(seat)} {plain if seat == self.viewer else verb}"

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
        whose = "your" if seat == self.viewer else "their"
        return (f"{self.does(seat, 'is', 'are')} out of the match; {whose} cards go under the "
                "discard pile.")

    def on_dealer_draw(self, cards):
        drawn = ", ".join(f"{self.who(s)} {self.card(c)}" for s, c in cards.items())
        if self.previous and self.previous[0] == "dealer_draw":  # the highest cards tied
            tied = [self.who(s) for s in cards]
            return f"A tie: {' and '.join([', '.join(tied[:-1]), tied[-1]])} draw again: {drawn}."
        return f"Drawing for dealer: {drawn}."

    def on_redeal(self, card):
        return f"The first card was {self.card(card)}: the deck is shuffled and dealt again."

    def on_first_card_returned(self, card):
        return f"The first card was {self.card(card)}: it goes back into the deck."

    def on_first_card(self, card, dealer):
        said = _("You dealt. The first card is {card}.") if dealer == self.viewer else \
            _("{player} dealt. The first card is {card}.")
        return said.format(player=self.who(dealer), card=self.card(card))

    def on_play(self, seat, card, pile=None):
        if pile:
            return f"{self.who(seat)} played {self.card(card)} on {self.pile(pile)}."
        said = _("You played {card}.") if seat == self.viewer else _("{player} played {card}.")
        return said.format(player=self.who(seat), card=self.card(card))

    def pile(self, pile) -> str:
        """A pile of a row in words: `center 2` -> `center pile 2`."""
        row, _space, number = str(pile).rpartition(" ")
        return f"{words(row)} pile {number}"

    def on_row_refilled(self, row, cards):
        return f"Turned {', '.join(self.card(c) for c in cards)} face up into the {words(row)} row."

    def on_piles_cleared(self, row, count):
        return f"{count} pile{'s' if count != 1 else ''} of the {words(row)} row " \
               f"{'go' if count != 1 else 'goes'} to the discard pile."

    def on_added_to_row(self, seat, row, cards):
        return f"{self.does(seat, 'adds', 'add')} {', '.join(self.card(c) for c in cards)} " \
               f"to the {words(row)} row."

    def on_draw(self, seat, count, cards=()):
        if count == 0 and self.previous and self.previous[0] == "chance" \
                and self.previous[1]["outcome"] == 0:
            return f"{self.who(seat)} drew nothing."  # a chance said no cards (a launcher's 0)
        if count == 0:
            return f"{self.who(seat)} could not draw: no cards are left."
        owed = ""
        if self.previous and self.previous[0] == "penalty_taken":  # a pending penalty drawn
            total = self.previous[1]["count"]
            owed = f" the {count} cards owed" if count == total else \
                f" {count} of the {total} cards owed"
        if seat == self.viewer and cards:
            listed = ", ".join(self.card(c) for c in cards)
            return f"{self.who(seat)} drew{owed}: {listed}." if owed else \
                _("You drew {cards}.").format(cards=listed)
        if owed:
            return f"{self.who(seat)} drew{owed}."
        said = ngettext("You drew {count} card.", "You drew {count} cards.", count) \
            if seat == self.viewer else \
            ngettext("{player} drew {count} card.", "{player} drew {count} cards.", count)
        return said.format(player=self.who(seat), count=count)

    def on_penalty(self, total):
        return f"{total} card{'s are' if total != 1 else ' is'} owed now." if total else None

    def on_pass(self, seat):
        said = _("You pass.") if seat == self.viewer else _("{player} passes.")
        return said.format(player=self.who(seat))

    def on_chance(self, seat, of, outcome):
        # Not "for" the seat: the effect's player is not always whom the outcome hits (a
        # Hit 2's presses are the next player's); the draw that follows names that seat.
        return f"{words(of).capitalize()}: {words(outcome)}."

    def on_turn_over(self, card):
        return f"Turned over {self.card(card)}."

    def on_sides(self, side, top=None):
        now = f" The top card is now {self.card(top)}." if top else ""
        return f"Every card turns over: the {shown(side, one_line=True)} side is up.{now}"

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
        cards = ", ".join(self.card(c) for c in cards) if cards and self.viewer in (seat, to) \
            else f"{count} card{'s' if count != 1 else ''}"
        if isinstance(to, int):
            return f"{self.does(seat, 'gives', 'give')} {cards} to {self.whom(to)}."
        where = {"discard": "under the top card", "bottom": "at the bottom of the discard pile",
                 "stock": "at the bottom of the stock"}.get(to, "away")
        return f"{self.does(seat, 'puts', 'put')} {cards} {where}."

    def on_cards_passed(self, passes):
        # Which cards moved is told to their giver and their receiver alone.
        told = []
        for giver, receiver, cards in passes:
            what = ", ".join(self.card(c) for c in cards) if self.viewer in (giver, receiver) \
                else f"{len(cards)} card{'s' if len(cards) != 1 else ''}"
            told.append(f"{self.does(giver, 'gives', 'give')} {what} to {self.whom(receiver)}")
        return "Cards are passed at once: " + "; ".join(told) + "." if told else None

    def on_hand_revealed(self, seat, cards):
        shown_cards = ", ".join(self.card(c) for c in cards) or "no cards"
        whose = "your" if seat == self.viewer else "their"
        return f"{self.does(seat, 'shows', 'show')} {whose} hand to the table: {shown_cards}."

    def on_swap_hands(self, seats):
        a, b = seats
        return f"{self.who(a)} and {self.whom(b)} swap hands."

    def on_pass_hands(self, direction):
        return "Every hand moves one seat on."

    def on_shuffle_hands(self, seat, sizes):
        return (f"Every hand is collected, shuffled and dealt again from {self.whom(seat)}: "
                f"{', '.join(f'{self.who(s)} {n}' for s, n in enumerate(sizes))} cards.")

    def on_reshuffle(self, size):
        return f"The discard pile is shuffled into a new stock ({size} cards)."

    def on_decided(self, kind, seat, answer):
        if seat is None:  # a window nobody took: nothing happened
            return None
        if kind == "uno":
            return _("{player}: \"{call}!\"").format(player=self.who(seat), call=self.call_word) \
                if answer == "yes" else None
        if kind == "catch":
            return None
        if kind == "target":
            return f"{self.who(seat)} chose {self.whom(int(answer))}."
        if kind == "card":  # the chosen card is named only to its chooser
            if seat != self.viewer:
                return None
            return "You chose no more cards." if answer == "done" else \
                f"You chose {self.card(answer)}."
        if kind in ("color", "play_drawn", "jump_in", "jump_in_card", "pile"):
            return None  # the play or jump-in that follows tells it
        question = words(kind)  # the ruleset's ask() text
        if answer in ("yes", "no"):
            return f"{self.who(seat)} chose {'' if answer == 'yes' else 'not '}to {question}."
        return f"{self.who(seat)} answered {question}: {shown(answer, one_line=True)}."

    def on_caught(self, seat, by):
        return f"{self.who(by)} caught {self.whom(seat)} not calling {self.call_word}!"

    def on_jump_in(self, seat):
        return f"{self.does(seat, 'jumps', 'jump')} in!"

    def on_hand_blocked(self, reason, winner):
        return f"The hand is blocked ({reason}): {self.who(winner)} had the fewest points."

    def on_hand_over(self, winner, points, scores, hands=(), blocked=False, seat_points=None):
        if seat_points is not None:  # every seat scored its own (scoring.seat_scores)
            each = ", ".join(f"{self.who(seat)} {own}" for seat, own in enumerate(seat_points))
            how = "held the fewest points in the blocked hand" if blocked else \
                "is the last player left" if hands and hands[winner] else "went out"
            return f"{self.who(winner)} {how}; points this hand: {each}."
        if blocked:
            return f"{self.does(winner, 'wins', 'win')} the blocked hand: {points} points."
        if hands and hands[winner]:  # the others were put out: it wins holding cards
            return f"{self.who(winner)} {'is' if winner != self.viewer else 'are'} the last " \
                f"player left: {points} points."
        return f"{self.who(winner)} went out: {points} points."

    def on_match_over(self, winner, scores, lowest=False):
        if lowest:  # match.winner: lowest
            return (f"{self.does(winner, 'wins', 'win')} the match with the lowest total, "
                    f"{scores[winner]} points.")
        return f"{self.does(winner, 'wins', 'win')} the match with {scores[winner]} points."
