"""Playing in the terminal: the table after each action, the person's choices at a prompt.

Every text the ruleset provides (its title, card and colour names, the questions of its
`ask`) is shown through safe_text, so control characters in it are escaped; the colours
painted here are the terminal's own and stay.
"""

from __future__ import annotations

import os
import sys

from .decisions import DRAW, PASS
from .errors import IllegalMove
from .primitives import DONE
from .narrate import Narrator, card_text
from .safe_text import shown
from .session import Session
from .view import seat_view

HELP = """\
How to play:
  3        play card number 3 of your hand (cards marked * can be played now)
  3 uno    play card 3 and call UNO (do it when that leaves you one card!)
  d        draw instead of playing
  c        catch a player who did not call UNO (when you are asked)
  h        this help
  q        quit (the game is saved first when you started it with --save)
"""

# Terminal colours for the colour names rulesets commonly use (a display matter only).
ANSI = {"red": "31", "yellow": "33", "green": "32", "blue": "34", "purple": "35",
        "magenta": "35", "cyan": "36", "white": "37", "orange": "38;5;208", "pink": "38;5;205"}


INVALID = object()  # what a prompt's parser gives for a line it cannot take
YES_NO = {"y": True, "yes": True, "n": False, "no": False}


def numbered(line: str, options):
    """The option numbered `line` (from 1), or INVALID."""
    return options[int(line) - 1] if is_number(line) and 1 <= int(line) <= len(options) else INVALID


def is_number(text: str) -> bool:
    """Plain digits 0-9 (`²` and `①` pass str.isdigit() but not int())."""
    return text.isascii() and text.isdigit()


class Quit(Exception):
    """The person asked to stop."""


def wants_color(stream) -> bool:
    """Colour only on a real terminal, and never with NO_COLOR set or TERM=dumb."""
    return (hasattr(stream, "isatty") and stream.isatty() and "NO_COLOR" not in os.environ
            and os.environ.get("TERM") != "dumb")


class TerminalGame:
    """Runs a Session with a person at one seat, reading lines and writing the table."""

    def __init__(self, session: Session, save_path=None, read=input, out=sys.stdout, color=None):
        self.session = session
        self.save_path = save_path
        self.read = read
        self.out = out
        self.color = wants_color(out) if color is None else color
        seat = session.seat
        names = ["You" if s == seat else f"Bot {s}" for s in range(session.players)]
        self.names = names
        self.narrator = Narrator(names, viewer=seat)
        # How many events have been shown: a resumed game starts from where it stopped.
        self.told = len(session.game.events) if session.answers else 0
        # "3 uno" calls UNO with the play; None when no play of the person's says either way.
        self.call_uno: bool | None = None

    # --- output -------------------------------------------------------------------

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def paint(self, text: str, color) -> str:
        """`text` (from the ruleset, so made safe) in the terminal colour of `color`."""
        text = shown(text, one_line=True)
        code = ANSI.get(color or "")
        return f"\033[{code}m{text}\033[0m" if self.color and code else text

    def card(self, card) -> str:
        return self.paint(card_text(card.name), card.color)

    def tell_news(self) -> None:
        """What happened since the last look, in plain words."""
        events = self.session.game.events
        news = self.narrator.sentences(events[self.told:])
        self.told = len(events)
        if news:
            self.say(" ".join(news))

    def show_table(self) -> None:
        game = self.session.game
        seat = self.session.seat
        arrow = "clockwise" if game.direction == 1 else "counter-clockwise"
        top = self.card(game.top) if game.top else "(none)"
        self.say("")
        self.say(f"Top: {top}   colour to follow: {self.paint(game.color or 'any', game.color)}"
                 f"   direction: {arrow}")
        view = seat_view(game, seat)
        others = [f"{self.names[s]}: out" if game.out[s] else
                  f"{self.names[s]}: {len(h)} card{'s' if len(h) != 1 else ''}"
                  for s, h in enumerate(game.hands) if s != seat]
        self.say("   ".join(others))
        if view.side is not None:  # two-sided cards: the other side of their hands shows
            self.say(f"Side up: {view.side}   stock shows: "
                     f"{self.card(view.stock_top) if view.stock_top else '(empty)'}")
            for other, faces in enumerate(view.shown):
                if other != seat and faces:
                    self.say(f"  {self.names[other]} shows: "
                             + ", ".join(self.card(c) for c in faces))
        self.say("Scores: " + "   ".join(f"{self.names[s]} {p}" for s, p in enumerate(game.scores)))
        playable = set(game.decision.options) if game.decision and game.decision.seat == seat \
            and game.decision.kind == "play" else set()
        cards = [f"{i}) {self.card(c)}{'*' if c in playable else ''}"
                 for i, c in enumerate(game.hands[seat], 1)]
        self.say("Your hand: " + "  ".join(cards))

    def end_of_hand(self) -> None:
        game = self.session.game
        result = game.hand_results[-1]
        self.say("")
        how = "had the fewest points (the hand was blocked)" if result.blocked else "went out"
        self.say(f"== Hand {len(game.hand_results)} is over: {self.names[result.winner]} {how}. ==")
        for seat, hand in enumerate(game.hands):
            if hand:
                points = sum(c.points for c in hand)
                self.say(f"  {self.names[seat]}: {', '.join(self.card(c) for c in hand)}"
                         f"  = {points} points")
        self.say(f"  {self.names[result.winner]} scores {result.points}.")
        self.say("Totals: " + "   ".join(f"{self.names[s]} {p}" for s, p in enumerate(game.scores)))

    # --- input --------------------------------------------------------------------

    def ask(self, prompt: str) -> str:
        """One line from the person; q quits, h shows the help and asks again."""
        while True:
            try:
                line = self.read(prompt).strip().lower()
            except EOFError:
                self.say()
                raise Quit() from None
            if line in ("q", "quit"):
                raise Quit()
            if line in ("h", "help", "?"):
                self.say(HELP)
                continue
            return line

    def choose(self, decision):
        """The person's answer to `decision`, asked until it is a legal one."""
        method = getattr(self, "choose_" + decision.kind, None)
        if method:
            return method(decision)
        # A question the ruleset asks (such as "challenge"), about the card just played.
        game = self.session.game
        played = [data for event, data in game.events if event == "play"]
        who = self.names[played[-1]["seat"]] if played else "Someone"
        question = shown(decision.kind.replace("_", " ").capitalize(), one_line=True)
        return self.choose_yes_no(decision, f"{who} played {self.card(game.top)}. {question}?")

    def choose_play(self, decision):
        self.show_table()
        hand = self.session.game.hands[self.session.seat]
        while True:
            draw = "p to pass" if PASS in decision.options else "d to draw"
            words = self.ask(f"Your move (number to play, {draw}, h for help): ").split()
            if not words:
                continue
            if words[0] in ("d", "draw", "p", "pass"):
                return PASS if PASS in decision.options else DRAW
            if not is_number(words[0]) or not 1 <= int(words[0]) <= len(hand):
                self.say(f"Type a card number from 1 to {len(hand)}, or d to draw.")
                continue
            card = hand[int(words[0]) - 1]
            reason = self.refusal(decision, card)
            if reason:
                self.say(f"You can't play that: {reason}.")
                continue
            self.call_uno = "uno" in words[1:]
            return card

    def refusal(self, decision, card):
        """Why `card` is not a legal play now, or None."""
        if card in decision.options:
            return None
        try:
            self.session.game.clone().apply(card)
        except IllegalMove as err:
            return str(err)
        return "it is not among the legal plays"

    def choose_uno(self, decision):
        called, self.call_uno = self.call_uno, None
        if called is not None:
            return called
        # Left with one card by someone else's move (a swap, a pass of hands): ask.
        self.show_table()
        return self.choose_yes_no(decision, "You are left holding one card. Call UNO?")

    def choose_jump_in_card(self, decision):
        cards = decision.options
        menu = "  ".join(f"{i}) {self.card(c)}" for i, c in enumerate(cards, 1))
        return self.until_valid(f"Jump in with which card? {menu}: ",
                                lambda line: numbered(line, cards),
                                f"Type a number from 1 to {len(cards)}.")

    def choose_card(self, decision):
        """One pick of a card choice (choose_cards): a card on offer, or `done` when allowed."""
        self.show_table()
        cards = tuple(o for o in decision.options if o != DONE)
        menu = "  ".join(f"{i}) {self.card(c)}" for i, c in enumerate(cards, 1))
        stop = DONE in decision.options
        return self.until_valid(
            f"Choose a card: {menu}{'  (done: no more)' if stop else ''}: ",
            lambda line: DONE if stop and line in ("done", "0") else numbered(line, cards),
            f"Type a number from 1 to {len(cards)}{' or done' if stop else ''}.")

    def choose_play_drawn(self, decision):
        drawn = self.session.game.hands[self.session.seat][-1]
        while True:
            words = self.ask(f"Play {self.card(drawn)}? [y/n, y uno to call UNO]: ").split()
            if words and words[0] in ("y", "yes"):
                self.call_uno = "uno" in words[1:]
                return True
            if words and words[0] in ("n", "no"):
                return False
            self.say("Type y or n.")

    def until_valid(self, prompt: str, parse, hint: str):
        """Ask until `parse` (line -> answer, or INVALID) accepts the line; `hint` says why not."""
        while True:
            answer = parse(self.ask(prompt))
            if answer is not INVALID:
                return answer
            self.say(hint)

    def choose_color(self, decision):
        colors = decision.options
        menu = "  ".join(f"{i}) {self.paint(c, c)}" for i, c in enumerate(colors, 1))
        return self.until_valid(f"Name a colour: {menu}: ",
                                lambda line: line if line in colors else numbered(line, colors),
                                f"Type a number from 1 to {len(colors)} or a colour name.")

    def choose_target(self, decision):
        if len(decision.options) == 1:
            (only,) = decision.options
            self.say(f"You choose {self.names[only]}, the only one you can.")
            return only
        hands = self.session.game.hands
        menu = "  ".join(f"{s}) {self.names[s]} ({len(hands[s])} card{'s' if len(hands[s]) != 1 else ''})"
                         for s in decision.options)
        return self.until_valid(
            f"Choose a player: {menu}: ",
            lambda line: int(line) if is_number(line) and int(line) in decision.options else INVALID,
            "Type the number of one of the players listed.")

    def choose_yes_no(self, decision, question: str):
        if set(decision.options) != {True, False}:
            menu = "  ".join(f"{i}) {shown(o, one_line=True)}"
                             for i, o in enumerate(decision.options, 1))
            return self.until_valid(f"{question} {menu}: ",
                                    lambda line: numbered(line, decision.options),
                                    f"Type a number from 1 to {len(decision.options)}.")
        return self.until_valid(f"{question} [y/n]: ", lambda line: YES_NO.get(line, INVALID),
                                "Type y or n.")

    def offer(self, decision) -> bool:
        """A window open to the person: take it or let it pass."""
        game = self.session.game
        if decision.kind == "catch":
            suspect = next(s for s in range(game.players) if s not in decision.open_to)
            line = self.ask(f"{self.names[suspect]} has one card left. Type c to catch, "
                            "or press Enter to go on: ")
            return line in ("c", "catch")
        if decision.kind == "jump_in":
            line = self.ask(f"You hold a card identical to {self.card(game.top)}. Type j to jump "
                            "in with it, or press Enter to go on: ")
            return line in ("j", "jump", "y", "yes")
        kind = shown(decision.kind, one_line=True)
        return self.ask(f"{kind}? Type y to take it, or press Enter: ") in ("y", "yes")

    # --- the loop -----------------------------------------------------------------

    def window(self, decision):
        """A window open to several seats: ask each in turn, the person at the prompt."""
        for seat in decision.open_to:
            if seat == self.session.seat:
                if self.offer(decision):
                    return seat
                continue
            answer = self.session.bots[seat].decide(self.session.game, decision.offer(seat))
            if answer is not None:
                return answer
        return None

    def step(self) -> None:
        """Answer the pending decision, whoever makes it."""
        session, game = self.session, self.session.game
        decision = game.decision
        if decision.seat is None:
            answer = self.window(decision)
        elif decision.seat == session.seat:
            answer = self.choose(decision)
        else:
            answer = session.bots[decision.seat].decide(game, decision)
        session.apply(answer)
        if not (game.decision and game.decision.kind == "uno" and game.decision.seat == session.seat):
            self.call_uno = None  # the play's UNO word counts for that play's call only
        self.save()

    def save(self) -> None:
        if self.save_path:
            self.session.save(self.save_path)

    def run(self) -> int:
        """Play until the match ends or the person quits."""
        game = self.session.game
        title = shown(self.session.ruleset.title, one_line=True)
        self.say(f"{title}: you are seat {self.session.seat} of "
                 f"{self.session.players}. Type h for help.")
        decision = game.decision
        if self.told and decision and decision.seat == self.session.seat and decision.kind != "play":
            self.show_table()  # a resumed game: show where things stand before asking
        try:
            while not game.over:
                self.tell_news()
                if game.decision is None:
                    self.end_of_hand()
                    self.ask("Press Enter for the next hand: ")
                    self.session.next_hand()
                    self.save()
                    continue
                self.step()
        except (Quit, KeyboardInterrupt) as stop:
            self.save()
            self.session.close_log()
            where = f" Saved: continue with `houserules resume {self.save_path}`." \
                if self.save_path else ""
            if isinstance(stop, KeyboardInterrupt):
                self.say(f"\nGame interrupted.{where}")
                return 130
            self.say(f"Bye.{where}")
            return 0
        self.tell_news()
        self.end_of_hand()
        self.say(f"The match is over: {self.names[game.match_winner]} won.")
        return 0
