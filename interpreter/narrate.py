"""What happened, in plain words: engine events -> sentences, for any front end or log.

Names come from the ruleset file, so every sentence is safe to print: control characters
and bidi controls in them are shown as escapes (see safe_text).
"""

from __future__ import annotations

from .safe_text import shown


def card_text(name: str) -> str:
    """A card name as a person reads it: `blue 7` stays, `big_card` -> `big card`."""
    return shown(name.replace("_", " "), one_line=True)


def effect_text(name: str) -> str:
    """A named effect as a title: `big_bang` -> `Big Bang`."""
    return shown(name.replace("_", " ").title(), one_line=True)


class Narrator:
    """Turns events into sentences; `viewer` is the seat whose drawn cards may be named."""

    def __init__(self, names: list[str], viewer: int | None = None):
        self.names = names
        self.viewer = viewer

    def who(self, seat) -> str:
        return self.names[seat] if seat is not None else "nobody"

    def does(self, seat, verb: str, plain: str) -> str:
        """`Bot 2 loses` but `You lose`: the verb agrees with the seat's name."""
        return f"{self.who(seat)} {plain if seat == self.viewer else verb}"

    def sentences(self, events) -> list[str]:
        """One sentence per event worth telling, in order."""
        told = []
        for event, data in events:
            method = getattr(self, "on_" + event, None)
            text = method(**data) if method else None
            if text:
                told.append(shown(text, one_line=True))
        return told

    def on_eliminated(self, seat, cards=0):
        return f"{self.who(seat)} is out of the match; their cards go under the discard pile."

    def on_dealer_draw(self, cards):
        shown = ", ".join(f"{self.who(s)} {card_text(c)}" for s, c in cards.items())
        return f"Drawing for dealer: {shown}."

    def on_redeal(self, card):
        return f"The first card was {card_text(card)}: the deck is shuffled and dealt again."

    def on_first_card_returned(self, card):
        return f"The first card was {card_text(card)}: it goes back into the deck."

    def on_first_card(self, card, dealer):
        return f"{self.who(dealer)} dealt. The first card is {card_text(card)}."

    def on_play(self, seat, card):
        return f"{self.who(seat)} played {card_text(card)}."

    def on_draw(self, seat, count, cards=()):
        if count == 0:
            return f"{self.who(seat)} could not draw: no cards are left."
        if seat == self.viewer and cards:
            return f"{self.who(seat)} drew {', '.join(card_text(c) for c in cards)}."
        return f"{self.who(seat)} drew {count} card{'s' if count != 1 else ''}."

    def on_turn_over(self, card):
        return f"Turned over {card_text(card)}."

    def on_sides(self, side, top=None):
        now = f" The top card is now {card_text(top)}." if top else ""
        return f"Every card turns over: the {shown(side, one_line=True)} side is up.{now}"

    def on_effect(self, name, seat):
        return f"{effect_text(name)}!"

    def on_extra_turn(self, seat):
        return f"{self.does(seat, 'goes', 'go')} again."

    def on_turn_lost(self, seat):
        return f"{self.does(seat, 'loses', 'lose')} a turn."

    def on_direction(self, direction):
        return "Play now goes " + ("clockwise." if direction == 1 else "counter-clockwise.")

    def on_color(self, color):
        return f"The colour to follow is {shown(color, one_line=True)}."

    def on_cards_moved(self, seat, to, count):
        cards = f"{count} card{'s' if count != 1 else ''}"
        if isinstance(to, int):
            return f"{self.does(seat, 'gives', 'give')} {cards} to {self.who(to)}."
        where = {"discard": "under the top card", "bottom": "at the bottom of the discard pile",
                 "stock": "at the bottom of the stock"}.get(to, "away")
        return f"{self.does(seat, 'puts', 'put')} {cards} {where}."

    def on_swap_hands(self, seats):
        a, b = seats
        return f"{self.who(a)} and {self.who(b)} swap hands."

    def on_pass_hands(self, direction):
        return "Every hand moves one seat on."

    def on_reshuffle(self, size):
        return f"The discard pile is shuffled into a new stock ({size} cards)."

    def on_decided(self, kind, seat, answer):
        if kind == "uno":
            return f"{self.who(seat)}: \"UNO!\"" if answer == "yes" else None
        if kind == "catch":
            return None
        if kind == "target":
            return f"{self.who(seat)} chose {self.who(int(answer))}."
        if kind == "card":  # the chosen card is named only to its chooser
            if seat != self.viewer:
                return None
            return "You chose no more cards." if answer == "done" else \
                f"You chose {card_text(answer)}."
        if kind in ("color", "play_drawn", "jump_in", "jump_in_card"):
            return None  # the play or jump-in that follows tells it
        question = shown(kind.replace("_", " "), one_line=True)  # the ruleset's ask() text
        if answer in ("yes", "no"):
            return f"{self.who(seat)} chose {'' if answer == 'yes' else 'not '}to {question}."
        return f"{self.who(seat)} answered {question}: {shown(answer, one_line=True)}."

    def on_caught(self, seat, by):
        return f"{self.who(by)} caught {self.who(seat)} not calling UNO!"

    def on_jump_in(self, seat):
        return f"{self.does(seat, 'jumps', 'jump')} in!"

    def on_hand_blocked(self, reason, winner):
        return f"The hand is blocked ({reason}): {self.who(winner)} had the fewest points."

    def on_hand_over(self, winner, points, scores, hands=(), blocked=False):
        if blocked:
            return f"{self.does(winner, 'wins', 'win')} the blocked hand: {points} points."
        return f"{self.who(winner)} went out: {points} points."

    def on_match_over(self, winner, scores):
        return f"{self.does(winner, 'wins', 'win')} the match with {scores[winner]} points."
