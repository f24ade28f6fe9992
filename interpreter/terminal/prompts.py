"""The person's answers at the terminal's prompt: every prompt takes a documented set of
answers (HELP), case-insensitive; anything else is explained and asked again, so nothing a
person types is dropped or taken as a no. What the ruleset names (its questions, cards and
colours) is shown through safe_text."""

from __future__ import annotations

import re
from pathlib import Path

from interpreter.engine.decisions import DONE, DRAW, PASS
from interpreter.errors import HouserulesError, IllegalMove
from interpreter.presenting.narrate import words
from interpreter.presenting.prompts import (
    answer_labels,
    asking_values,
    call_words,
    offer_text,
    owed,
    passed_to,
    purpose,
    question_words,
    rule_context,
    worded,
)
from interpreter.presenting.translation import _, ngettext
from interpreter.presenting.translation import said as said_text  # `said` names call words here
from interpreter.safe_text import shown
from interpreter.presenting.layout import GLUE, menu, width_of, wrap
from interpreter.terminal.screen import Screen
from interpreter.terminal.texts import (
    CHOOSE_CARD,
    HELP_KEYS,
    HELP_OTHERS,
    INVALID,
    NO,
    UNO_WORDS,
    YES,
    is_number,
    numbered,
)

KEY_WIDTH = 11  # the column the help's texts start at
ANSWER_ROOM = 6  # columns kept free after a prompt for the answer typed there (`bot 1`)

class Quit(Exception):
    """The person asked to stop."""


def free_name(stem: str, folder: Path) -> Path:
    """`stem.json` in `folder`, or `stem-2.json` and so on: never a file that exists."""
    stem = re.sub(r"[^A-Za-z0-9_.-]+", "_", stem) or "game"
    for number in range(1, 10_000):
        path = folder / (f"{stem}.json" if number == 1 else f"{stem}-{number}.json")
        if not path.exists():
            return path
    raise HouserulesError(f"no free file name like {stem}.json in {folder}")


class Prompts(Screen):
    """The person's side of the terminal: asking a line, and each kind of decision asked at
    the prompt until its answer is a legal one."""

    # --- input --------------------------------------------------------------------

    def ask(self, prompt: str) -> str:
        """One line from the person, lower case; q or Ctrl-D quits (see confirm_quit), h helps."""
        while True:
            lines = self.prompt_lines(prompt)
            for line in lines[:-1]:
                print(line, file=self.out, flush=True)
            try:
                line = self.read(lines[-1] + " ").strip().lower()
            except EOFError:
                self.say()
                line = "q"
            if line in ("q", "quit"):
                self.confirm_quit()
                continue
            if line in ("h", "help", "?"):
                self.help()
                continue
            if line in ("t", "table"):
                self.show_table()
                continue
            return line

    def prompt_lines(self, prompt: str) -> list[str]:
        """`prompt` wrapped to the terminal's width, its last line leaving room for the
        answer typed after it."""
        lines = wrap(prompt.rstrip(" "), self.width())
        if width_of(lines[-1]) > self.width() - ANSWER_ROOM:
            lines = wrap(prompt.rstrip(" "), max(20, self.width() - ANSWER_ROOM))
        return lines

    def help(self) -> None:
        """The keys and answers, each row wrapped to the terminal's width under its text."""
        said = call_words(self.session.ruleset)
        self.say(_("How to play (answers may be typed in capitals or not):"))
        for key, text in HELP_KEYS:
            self.say(f"  {key:<{KEY_WIDTH - 2}}{_(text).format(**said)}", indent=" " * KEY_WIDTH)
        self.say(_("Other questions say what they take:"))
        for text in HELP_OTHERS:
            self.say(f"  {_(text)}", indent="    ")

    def calls(self) -> tuple:
        """What a person may type to call: u, uno, and the ruleset's own word (uno.name)."""
        word = self.session.ruleset.call_word.lower()
        return UNO_WORDS + (word, word + "!")

    def confirm_quit(self) -> None:
        """Quit (Quit), once the person has said what becomes of an unsaved game."""
        if self.save_path:
            raise Quit()
        keep = self.spare_file()
        while True:
            prompt = _("Quit? This game is not saved. y: quit and lose it; s: save it to "
                       "{path} and quit; n: keep playing [y/s/n]: ").format(path=keep)
            lines = self.prompt_lines(prompt)
            for line in lines[:-1]:
                print(line, file=self.out, flush=True)
            try:
                answer = self.read(lines[-1] + " ").strip().lower()
            except EOFError:  # no one left to answer: keep the game rather than lose it
                self.say()
                answer = "s"
            if answer in YES:
                raise Quit()
            if answer in ("s", "save"):
                self.save_path = keep
                raise Quit()
            if answer in NO:
                return
            self.say(_("Type y to quit without saving, s to save and quit, or n to keep playing."))

    def spare_file(self) -> Path:
        """Where an unsaved game is kept when the person asks (or a rule error stops it)."""
        session = self.session
        return free_name(f"{session.ruleset.name}-seed{session.seed}", Path("."))

    def until_valid(self, prompt: str, parse, hint: str):
        """Ask until `parse` (line -> answer, or INVALID) accepts the line; `hint` says why not."""
        while True:
            line = self.ask(prompt)
            answer = parse(line)
            if answer is not INVALID:
                return answer
            self.say(_("'{answer}' is not an answer here. {hint}").format(
                answer=shown(line, one_line=True), hint=hint) if line else hint)

    def context(self) -> tuple:
        """What the pending decision is for: (the effect or rule's name, else the card just
        played, in words; its text)."""
        return purpose(self.session.game, self.value_words)

    def before_asking(self) -> None:
        """Show the table before a new hand's first question (a dealer naming the colour)."""
        if self.hand_shown != len(self.session.game.hand_results):
            self.show_table()

    def choose(self, decision):
        """The person's answer to `decision`, asked until it is a legal one."""
        if decision.kind not in ("play", "card"):  # those show the table themselves
            self.before_asking()
        method = getattr(self, "choose_" + decision.kind, None)
        if method:
            return method(decision)
        return self.choose_question(decision)

    def choose_question(self, decision):
        """A question the ruleset asks (ask), with the card, the colour before it and the rule."""
        game = self.session.game
        played = [data for event, data in game.events or () if event == "play"]
        question = words(decision.kind)
        about = ""
        if played and game.rows:  # the card just played went on a pile, not the discard pile
            last = played[-1]
            mine = last["seat"] == self.session.seat
            card = self.named_card(last["card"])
            about = (_("your {card} on {pile}") if mine else _("{player}'s {card} on {pile}")) \
                if last.get("pile") else (_("your {card}") if mine else _("{player}'s {card}"))
            about = about.format(player=self.names[last["seat"]], card=card,
                                 pile=self.narrator.pile(last.get("pile")))
        elif played and game.top is not None:
            mine = played[-1]["seat"] == self.session.seat
            about = (_("your {card}") if mine else _("{player}'s {card}")).format(
                player=self.names[played[-1]["seat"]], card=self.card(game.top))
            frame = game.frames[-1] if game.frames else None
            before = getattr(frame, "color_before", None)
            if before and before != game.color:
                about = _("{card} (the colour to follow was {colour})").format(
                    card=about, colour=self.paint(before, before))
        _unused, text, _unused = rule_context(game)
        # The rule's text the first time its question is asked: then the answers' labels
        # say what is at stake, and a long rule does not push the table off the screen.
        stakes = " " + _("The rule: {text}").format(text=shown(text, one_line=True)) \
            if text and decision.kind not in self.explained else ""
        self.explained.add(decision.kind)
        title = question[:1].upper() + question[1:]
        asked = worded(question_words(game, decision.kind).get("text"), asking_values(game))
        if asked:  # the ruleset's own words; the card it is about after them
            title = asked.rstrip("?")
            asking = _("{question} (on {card})?") if about else _("{question}?")
        else:
            asking = _("{question} {card}?") if about else _("{question}?")
        asking = asking.format(question=title, card=about)
        if set(decision.options) != {True, False}:
            options = decision.options
            listed = menu((i, shown(str(o), one_line=True)) for i, o in enumerate(options, 1))
            return self.until_valid(f"{asking}{stakes} {listed}: ",
                                    lambda line: numbered(line, options), self.type_number(options))
        word = decision.kind.lower()
        wording = question_words(game, decision.kind)
        if wording.get("yes_label") or wording.get("no_label"):  # what each answer does
            yes, no = answer_labels(game, decision)
            stakes += f" y: {yes}; n: {no}"

        def parse(line):
            if line in YES or line in (word, question):
                return True
            return False if line in NO else INVALID
        return self.until_valid(f"{asking}{stakes} [y/n]: ", parse,
                                _("Type y (or {question}) to {question}, n not to.").format(
                                    question=question))

    @staticmethod
    def type_number(options) -> str:
        """The hint of a numbered list of `options`."""
        return _("Type a number from 1 to {count}.").format(count=len(options))

    def choose_play(self, decision):
        self.show_table()
        hand = self.hand()
        can_pass, can_draw = PASS in decision.options, DRAW in decision.options
        # Neither, when the ruleset leaves both out beside a playable card (turn.may_draw).
        ask = (_("Your move (number to play, p to pass, h for help): ") if can_pass and not can_draw
               else _("Your move (number to play, d to draw, h for help): ") if can_draw
               else _("Your move (number to play, h for help): "))
        call = self.session.ruleset.call_word
        hint = (_("Type a card number from 1 to {count} (add uno to call {call}), p to pass, d to "
                  "draw, s to sort, h for help or q to quit.") if can_pass and can_draw else
                _("Type a card number from 1 to {count} (add uno to call {call}), p to pass, s to "
                  "sort, h for help or q to quit.") if can_pass else
                _("Type a card number from 1 to {count} (add uno to call {call}), d to draw, s to "
                  "sort, h for help or q to quit.") if can_draw else
                _("Type a card number from 1 to {count} (add uno to call {call}), s to sort, h for "
                  "help or q to quit.")).format(count=len(hand), call=call)
        while True:
            line = self.ask(ask)
            parts = line.split()
            if not parts:
                continue
            first = parts[0]
            if first in ("d", "draw", "p", "pass") and len(parts) == 1:
                if first in ("p", "pass") and can_pass:
                    return PASS
                if first in ("d", "draw") and can_draw:
                    return DRAW
                cannot = (_("You can't pass now. {hint}") if first[0] == "p" else
                          _("You can't draw now. {hint}")) if can_pass or can_draw else \
                    (_("You can't pass now (you hold a card you may play: play one). {hint}")
                     if first[0] == "p" else
                     _("You can't draw now (you hold a card you may play: play one). {hint}"))
                self.say(cannot.format(hint=hint))
                continue
            if first in ("s", "sort") and len(parts) == 1:
                self.sort = not self.sort
                self.say(_("Your hand is sorted by colour and rank.") if self.sort else
                         _("Your hand is in the order it was dealt."))
                self.show_table()
                hand = self.hand()
                continue
            if first in self.calls():
                self.say(_("Type the number of the card to play before uno, as in 3 uno."))
                continue
            if not is_number(first) or not 1 <= int(first) <= len(hand):
                self.say(_("'{answer}' is not a move. {hint}").format(
                    answer=shown(line, one_line=True), hint=hint))
                continue
            if len(parts) > 2 or (len(parts) == 2 and parts[1] not in self.calls()):
                self.say(_("'{answer}' is not understood after a card number: type {number} to "
                           "play it, or {number} uno to play it and call {call}. Nothing was "
                           "played.").format(answer=shown(" ".join(parts[1:]), one_line=True),
                                             number=first, call=call))
                continue
            card = hand[int(first) - 1]
            reason = self.refusal(decision, card)
            if reason:
                self.say(_("You can't play that: {reason}.").format(reason=reason))
                continue
            self.call_uno = len(parts) == 2
            return card

    def refusal(self, decision, card):
        """Why `card` is not a legal play now, or None."""
        if card in decision.options:
            return None
        count, rule = owed(self.session.game)
        if count:  # the penalty is the reason: only some cards answer it
            answers = [str(i) for i, c in enumerate(self.hand(), 1) if c in decision.options]
            owing = (ngettext("{count} card is owed ({rule})", "{count} cards are owed ({rule})",
                              count) if rule else
                     ngettext("{count} card is owed", "{count} cards are owed", count)).format(
                count=count, rule=rule)
            answer = _("{owing}: answer with a card marked * ({numbers}), or d to draw {count}") \
                if answers else _("{owing}: no card of yours answers them: d to draw {count}")
            return answer.format(owing=owing, numbers=", ".join(answers), count=count)
        game = self.session.game
        try:
            game.clone().apply(card)
        except IllegalMove as err:
            # The engine's reason in the player's words: no match, or the kind's `legal:` refuses
            said = self.named_card(card.name)
            if game.rules.rows:
                return _("{card} may not go on any pile not played on this turn").format(card=said)
            if " cannot be played on " in str(err) and game.top is not None:
                return _("{card} cannot be played on {top} (colour to follow: {colour})").format(
                    card=said, top=self.named_card(game.top.name), colour=game.color or _("any"))
            written = (game.ruleset.source.data.get("kinds") or {}).get(card.kind) or {}
            why = said_text(written.get("text"), card.rules.text or card.rules.legal_text)
            return _("{card} may not be played now: {rule}").format(card=said, rule=why)
        return _("it is not among the legal plays")

    def choose_uno(self, decision):
        called, self.call_uno = self.call_uno, None
        if called is not None:
            return called
        # Left at the call's count by someone else's move (a swap, a pass of hands): ask.
        self.show_table()
        said = call_words(self.session.ruleset)

        def parse(line):
            return True if line in YES + self.calls() else False if line in NO else INVALID
        return self.until_valid(
            _("You are left holding {left}. Call {call}? [y/n]: ").format(**said), parse,
            _("Type y (or uno) to call {call}, n not to.").format(**said))

    def choose_jump_in_card(self, decision):
        cards = decision.options
        listed = menu((i, self.card(c)) for i, c in enumerate(cards, 1))
        return self.until_valid(_("Jump in with which card? {cards}: ").format(cards=listed),
                                lambda line: numbered(line, cards), self.type_number(cards))

    def choose_card(self, decision):
        """One pick of a card choice (choose_cards, pass_cards): a card on offer, by its
        number in the hand shown (or, when the cards are not the hand's, in the list) or its
        name, or `done` when allowed."""
        self.show_table()
        cards = tuple(o for o in decision.options if o != DONE)
        stop = DONE in decision.options
        hand = self.hand()
        from_hand = all(any(c is card for card in hand) for c in cards)
        numbers = [(i, c) for i, c in enumerate(hand, 1) if any(c is card for card in cards)] \
            if from_hand else list(enumerate(cards, 1))
        receiver = passed_to(self.session.game)
        what = self.context()[0]
        chosen = {number: card for number, card in numbers}

        def parse(line):
            if stop and line in ("done", "0"):
                return DONE
            if is_number(line):
                return chosen.get(int(line), INVALID)
            return self.named(line, cards)
        # One whole sentence per case: what the card is for, whether it comes from the hand
        # (all of it, or the cards marked *), and whether `done` may end the choice.
        key = ("pass" if receiver is not None else "for" if what else "",
               "" if not from_hand else "marked" if len(numbers) < len(hand) else "hand",
               stop)
        prompt = CHOOSE_CARD[key]
        hint = (_("Type the number of a card marked * ({numbers}) or its name, or done to stop.")
                if stop else _("Type the number of a card marked * ({numbers}) or its name.")) \
            if from_hand else \
            (_("Type the number of a card ({numbers}) or its name, or done to stop.") if stop
             else _("Type the number of a card ({numbers}) or its name."))
        return self.until_valid(
            _(prompt).format(player=self.narrator.whom(receiver) if receiver is not None else "",
                             purpose=what, cards=menu((i, self.card(c)) for i, c in numbers)),
            parse, hint.format(numbers=", ".join(str(n) for n, _card in numbers)))

    def named(self, line: str, cards):
        """The card of `cards` that `line` names (`red 5`, or the first letters of only one
        name), else INVALID."""
        said = " ".join(line.replace("_", " ").split())
        if not said:
            return INVALID
        names = [(self.card_words(c).lower(), c) for c in cards]
        # A card is named as shown (in the language spoken) or as the ruleset names it.
        exact = [c for name, c in names
                 if said in (name, words(c.name).lower(), c.name.replace("_", " ").lower())]
        if exact:
            return exact[0]  # cards of one name are alike: any of them
        starting = {name: c for name, c in names if name.startswith(said)}
        return next(iter(starting.values())) if len(starting) == 1 else INVALID

    def choose_pile(self, decision):
        """The pile of a row the card just played goes on, of those that may take it."""
        game = self.session.game
        card = getattr(game.asking_frame, "card", None)
        piles = decision.options

        def pile_words(name: str) -> str:
            row, _space, number = name.rpartition(" ")
            held = game.rows.get(row) or []
            top = held[int(number) - 1][-1] if number.isdigit() and int(number) <= len(held) \
                and held[int(number) - 1] else None
            pile = _("{row} pile {number}").replace(" ", GLUE).format(row=words(row),
                                                                       number=number)
            return pile + (f" ({self.card(top)})" if top is not None else "")
        listed = menu((i, pile_words(p)) for i, p in enumerate(piles, 1))
        asked = _("Which pile does {card} go on? {piles}: ") if card is not None else \
            _("Which pile does your card go on? {piles}: ")
        return self.until_valid(asked.format(card=self.card(card) if card is not None else "",
                                             piles=listed),
                                lambda line: numbered(line, piles), self.type_number(piles))

    def choose_play_drawn(self, decision):
        drawn = self.session.game.hands[self.session.seat][-1]
        call = self.session.ruleset.call_word
        while True:
            line = self.ask(_("Play {card}? [y/n, y uno to call {call}]: ").format(
                card=self.card(drawn), call=call))
            parts = line.split()
            if len(parts) == 1 and parts[0] in NO:
                return False
            if parts and parts[0] in YES and (len(parts) == 1 or (
                    len(parts) == 2 and parts[1] in self.calls())):
                self.call_uno = len(parts) == 2
                return True
            if len(parts) == 1 and parts[0] in self.calls():
                self.call_uno = True
                return True
            hint = _("Type y to play it, y uno to play it and call {call}, or n to keep it.").format(
                call=call)
            self.say(_("'{answer}' is not an answer here. {hint}").format(
                answer=shown(line, one_line=True), hint=hint) if line else hint)

    def choose_color(self, decision):
        colors = decision.options
        listed = menu((i, self.paint(c, c)) for i, c in enumerate(colors, 1))

        def parse(line):
            found = numbered(line, colors)
            if found is not INVALID or not line:
                return found
            named = [c for c in colors if c.lower() == line]
            starts = [c for c in colors if c.lower().startswith(line)]
            return named[0] if named else starts[0] if len(starts) == 1 else INVALID
        return self.until_valid(_("Name a colour: {colours}: ").format(colours=listed), parse,
                                _("Type a number from 1 to {count}, a colour's name or its first "
                                  "letters.").format(count=len(colors)))

    def choose_target(self, decision):
        what = self.context()[0]
        game, me = self.session.game, self.session.seat
        if len(decision.options) == 1:
            (only,) = decision.options
            chose = _("You choose {player} for {purpose}, the only one you can.") if what else \
                _("You choose {player}, the only one you can.")
            self.say(chose.format(player=self.narrator.whom(only), purpose=what))
            return only
        # In turn order from the chooser, as the players sit.
        order = sorted(decision.options, key=lambda s: ((s - me) * game.direction) % game.players)
        hands = game.hands
        listed = menu((s, ngettext("{player} ({count} card)", "{player} ({count} cards)",
                                   len(hands[s])).format(player=self.names[s], count=len(hands[s]))
                       .replace(" ", GLUE)) for s in order)

        def parse(line):
            if is_number(line) and int(line) in decision.options:
                return int(line)
            named = [s for s in decision.options if self.names[s].lower() == " ".join(line.split())
                     or (s == me and line in ("me", "you"))]
            return named[0] if named else INVALID
        asked = _("Choose a player for {purpose}: {players}: ") if what else \
            _("Choose a player: {players}: ")
        return self.until_valid(asked.format(purpose=what, players=listed), parse,
                                _("Type the number (or the name) of one of the players listed."))

    def offer(self, decision) -> bool:
        """A window open to the person: take it or let it pass (Enter or n)."""
        game = self.session.game
        if decision.kind == "catch":
            title = offer_text(game, decision, self.names)[0]
            prompt = _("{question} (c: catch; Enter or n: let it go): ").format(question=title)
            take: tuple[str, ...] = ("c", "catch") + YES
            hint = _("Type c (or y) to catch them, n or Enter to let it go.")
        elif decision.kind == "jump_in":
            prompt = _("You hold a card identical to {card}. Jump in with it? (j: jump in; Enter "
                       "or n: let it go): ").format(card=self.card(game.top))
            take, hint = ("j", "jump", "jump in") + YES, \
                _("Type j (or y) to jump in, n or Enter to let it go.")
        else:
            kind = words(decision.kind)
            prompt = _("You may {window} now. Take it? (y: take it; Enter or n: let it go): ") \
                .format(window=kind)
            take, hint = YES + (kind,), _("Type y to {window}, n or Enter to let it go.").format(
                window=kind)
        return self.until_valid(prompt, lambda line: True if line in take else False
                                if line in NO + ("",) else INVALID, hint)
