"""Playing in the terminal: a person at one seat of a Session, bots at the others.

The match is played through the match driver (playing/match.py): it says who answers next,
the person at the prompt (prompts.py) or a bot, and gives the game each answer through the
session, which records it; the table and the news are shown as the game goes (screen.py).
After every answer the game is saved (with --save), and a rule that fails saves it as it was
before that answer.
"""

from __future__ import annotations

import sys

from interpreter.errors import HouserulesError, RuleRuntimeError
from interpreter.playing.match import Match
from interpreter.playing.session import Session
from interpreter.presenting.standings import standings_text
from interpreter.presenting.translation import _, said
from interpreter.safe_text import shown
from interpreter.terminal.prompts import Prompts, Quit


class TerminalGame(Prompts):
    """Runs a Session with a person at one seat, reading lines and writing the table."""

    def __init__(self, session: Session, save_path=None, read=input, out=sys.stdout, color=None,
                 width=None, sort=True):
        super().__init__(session, save_path, read, out, color, width, sort)
        # Who answers next, and the game hearing it (recorded by the session, for its save).
        self.match = Match(session.game, session.bots, apply=session.apply,
                           deal=session.next_hand)

    # --- the loop -----------------------------------------------------------------

    def step(self) -> None:
        """Answer the pending decision, whoever makes it: at a window, each seat it is open to
        in turn (the person at the prompt), until the game hears an answer."""
        session, match = self.session, self.match
        game = session.game
        while True:
            seat, decision, window = match.asked()
            if seat is None:  # nothing is asked (the hand is over)
                return
            if session.bots[seat] is not None:
                heard = match.bots_answer()
            elif window:
                heard = match.answer(seat, seat if self.offer(game.decision) else None)
            else:
                heard = match.answer(seat, self.choose(decision))
            if heard:
                break
        if not (game.decision and game.decision.kind == "uno" and game.decision.seat == session.seat):
            self.call_uno = None  # the play's UNO word counts for that play's call only
        self.save()

    def save(self) -> None:
        if self.save_path:
            self.session.save(self.save_path)

    def next_hand_prompt(self) -> None:
        while True:
            line = self.ask(_("Press Enter for the next hand: "))
            if not line:
                return
            self.say(_("'{answer}' is not an answer here. Press Enter to deal the next hand (or "
                       "q to quit, h for help).").format(answer=shown(line, one_line=True)))

    def run(self) -> int:
        """Play until the match ends or the person quits."""
        game = self.session.game
        rules = self.session.ruleset
        title = shown(said(rules.source.data.get("title"), rules.title), one_line=True)
        self.say(_("{title}: you are seat {seat} of {players}. Type h for help.").format(
            title=title, seat=self.session.seat, players=self.session.players))
        decision = game.decision
        if self.told:
            self.recap()
        if self.told and decision and decision.seat == self.session.seat and decision.kind != "play":
            self.show_table()  # a resumed game: show where things stand before asking
        try:
            while not game.over:
                self.tell_news()
                if game.decision is None:
                    self.end_of_hand()
                    self.next_hand_prompt()
                    self.match.next_hand()
                    self.save()
                    continue
                self.session.checkpoint()
                self.step()
        except (Quit, KeyboardInterrupt) as stop:
            interrupted = isinstance(stop, KeyboardInterrupt)
            if interrupted and not self.save_path:
                self.save_path = self.spare_file()  # Ctrl-C: keep the game, say where
            saved = self.keep()
            self.session.close_log()
            if interrupted:
                self.say("\n" + _("Game interrupted.") + saved)
                return 130
            self.say(_("Bye.") + saved)
            return 0
        except RuleRuntimeError as err:
            return self.broken(err)
        self.tell_news()
        self.end_of_hand()
        winner = game.match_winner
        assert winner is not None  # the match is over
        over = _("The match is over: {player} won with the lowest total, {points} points.") \
            if game.rules.lowest_wins else _("The match is over: {player} won.")
        self.say(over.format(player=self.names[winner], points=game.scores[winner]))
        self.say(_("Final standings:") + "\n" + "\n".join(f"  {line}" for line in
                                                        standings_text(game, self.names)))
        return 0

    def keep(self) -> str:
        """Save (when there is a file to save to) and say how to go on."""
        if not self.save_path:
            return ""
        try:
            self.save()
        except HouserulesError as err:
            return " " + _("The game could not be saved: {error}").format(error=err)
        return " " + _("Saved: continue with `houserules resume {path}`.").format(
            path=self.save_path)

    def broken(self, err: RuleRuntimeError) -> int:
        """A rule failed: save the game as it was before that action and say how to go on."""
        try:
            self.tell_news()  # what led to it (the play whose rule failed)
        except Exception:  # noqa: BLE001 - a broken game may not narrate; the error matters
            pass
        self.session.close_log()
        path = self.save_path or self.spare_file()
        try:
            self.session.save(path, broken=err.message)
            kept = _("The game is saved as it was before that action: {path}. Fix the ruleset "
                     "file, then continue with `houserules resume {path}`.").format(path=path)
        except (HouserulesError, OSError) as exc:
            kept = _("The game could not be saved: {error}").format(error=exc)
        self.say("")
        self.say(_("error: a rule failed while the game ran: {error}").format(error=err))
        self.say(kept)
        return 2
