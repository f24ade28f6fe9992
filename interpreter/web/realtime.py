"""Real-time play at a table: the turn timer, who is at the table, seats a bot plays for a
person, and the call button (UNO, or the ruleset's `uno: name:`) with its Catch button.

A table (tables.py) keeps no clock of its own: `next_due` says when it next acts by itself
(a bot answers, a window's time is up, a person's: `time_limit`), and the front end calls
`act` then (app.py Hall.drive). What
a seat is shown of all this (`countdown`, `call_json`, `mark_seats`) is the same for every
seat but its own buttons: who is timed, how long is left, who is away, whose call is
missing; never anything of a hand.

The engine's decisions stay what is answered: the call button answers the `uno` decision
(pressed on the caller's turn before it is asked, it is kept and answers it when it comes),
the Catch button the `catch` window (pressed while the `uno` decision is still unanswered, it
answers that `no` first: the call came too late). A person who has not pressed the button
when the `uno` decision comes has CALL_SECONDS to press it, while the others may catch them.
"""

from __future__ import annotations

from typing import Any

from interpreter.playing.seating import bot
from interpreter.playing.match import decide
from interpreter.presenting.narrate import Narrator
from interpreter.presenting.translation import language
from interpreter.web.table_files import (
    MAX_TIMER,
    NotYours,
    Stale,
    TableError,
    write_private,
)
from interpreter.web.words import page_word, said_here

MAX_LOG = 150  # sentences a state carries
TIMERS = (0, 15, 30, 60)  # the turn timers a host may choose, in seconds (0: none)
CALL_SECONDS = 3.0  # seconds a person has to press the call button once the call is owed
STAND_IN = "heuristic"  # the bot that moves for a person: time up, or the host handed it over
# What the host may do with a person's seat, and what the log says of it (to that person, to
# the others).
HANDS = {
    "bot": (page_word("The host handed your seat to a bot."),
            page_word("The host handed {name}'s seat to a bot.")),
    "back": (page_word("The host gave your seat back to you."),
             page_word("{name} plays their own seat again.")),
    "remove": (page_word("The host removed you from the table: a bot plays the seat."),
               page_word("The host removed {name} from the table: a bot plays the seat.")),
}


def timer_of(value, chosen: bool) -> int:
    """The turn timer a table was asked for (seconds, 0: none): one of TIMERS; any whole
    number up to MAX_TIMER where the server allows chosen seeds (tests, demos)."""
    if value is None:
        return 0
    if isinstance(value, int) and not isinstance(value, bool) and (
            value in TIMERS or chosen and 0 <= value <= MAX_TIMER):
        return value
    raise TableError(said_here("expected a turn timer in seconds, one of {timers} (0: none)")
                     .format(timers=", ".join(map(str, TIMERS))))


def catch_suspect(game) -> int | None:
    """The seat a catch window is about (the first that did not call), if one is open."""
    decision = game.decision
    if decision is None or decision.kind != "catch" or not game.uncalled:
        return None
    suspect: int = game.uncalled[0]
    return suspect


class RealTime:
    """The real-time part of a Table (mixed into it): timers, presence, stand-in bots, calls,
    and the log that tells them."""

    session: Any
    match: Any
    seats: list
    notes: list
    meta: dict
    folder: Any
    version: int
    asked_at: float
    bot_delay: float
    window_seconds: float
    broken: str | None
    clock: Any  # the rest is the Table's own
    asking: Any
    bot_to_move: Any
    bot_step: Any
    names_for: Any
    look: Any
    told: dict

    def start_real_time(self) -> None:
        """A table's real time as it opens: nobody here yet, no button pressed."""
        self.call_seconds = CALL_SECONDS
        self.present: set = set()  # the person's seats with a page open on them now
        self.calls: set = set()  # seats that pressed the call button early, for this turn
        self.catches: dict = {}  # suspect -> the seat that pressed Catch before the window
        self.stand_ins: dict = {}  # seat -> the bot that moves for it, made when first needed

    # --- who plays a seat -----------------------------------------------------------------

    def handed(self, seat: int) -> bool:
        """Whether a bot plays this person's seat (the host handed it over, or removed them)."""
        return bool(self.seats[seat].get("auto"))

    def check_plays(self, seat: int) -> None:
        """Refuse a press or an answer from a person whose seat a bot plays now."""
        if self.handed(seat):
            raise NotYours(said_here("a bot plays this seat now: the table's host handed it over"))

    def stand_in(self, seat: int):
        """The bot that moves for a person's seat."""
        if seat not in self.stand_ins:
            self.stand_ins[seat] = bot(STAND_IN, f"{self.session.seed}/stand-in/{seat}")
        return self.stand_ins[seat]

    def stand_in_to_move(self) -> bool:
        """Whether a seat handed to a bot is yet to answer what is asked now."""
        return any(self.handed(seat) for seat in self.asking())

    def stand_in_step(self) -> None:
        """The handed seats asked now answer, as their bot decides (at a window, together)."""
        game = self.session.game
        decision = game.decision
        if decision.seat is not None:
            self.match.answer(decision.seat, decide(self.stand_in(decision.seat), game, decision))
            return
        for seat, offer in self.asking().items():
            if self.handed(seat) and self.match.answer(
                    seat, decide(self.stand_in(seat), game, offer)):
                return
        self.version += 1  # they let the window go; others are still to answer

    def hand_over(self, seat, how: str) -> None:
        """The host hands a person's seat to a bot (`bot`), or takes it back (`back`); or
        removes the person (`remove`): a bot plays their seat from now on, and their link and
        key open it no more."""
        remove = how == "remove"
        if not isinstance(seat, int) or isinstance(seat, bool) \
                or not 0 <= seat < len(self.seats) or self.seats[seat]["kind"] != "person":
            raise TableError(said_here("expected a person's seat, from 0 to {last}")
                             .format(last=len(self.seats) - 1))
        spec = self.seats[seat]
        if spec.get("removed"):
            raise Stale(said_here("this person was removed from the table; a bot plays their seat"))
        if spec.get("you") and remove:
            raise TableError(said_here("the host's own seat may be handed to a bot, not removed"))
        if remove:
            spec.update(auto=True, removed=True, token=None, key=None)
        else:
            spec["auto"] = how == "bot"
        write_private(self.folder / "table.json", self.meta)
        to_them, to_others = HANDS[how]
        self.note(lambda viewer: said_here(to_them) if viewer == seat
                  else said_here(to_others).format(name=spec["name"]))
        self.version += 1

    # --- time -------------------------------------------------------------------------------

    def next_due(self) -> float | None:
        """When (on `clock`) the table next acts by itself: a bot answers (or a bot a seat
        was handed to), a window's time is up, or a person's (the call's seconds,
        the turn timer); None while it waits for people, or for nobody."""
        decision = None if self.broken else self.session.game.decision
        if decision is None:
            return None
        if self.bot_to_move() or self.stand_in_to_move():
            return self.asked_at + self.bot_delay
        if decision.seat is not None:
            return self.time_limit(decision)
        if not self.match.waiting():
            return self.asked_at  # nobody is asked (a person alone who cannot take it): now
        return self.asked_at + max(self.window_seconds, self.bot_delay)

    def act(self, decided: dict | None = None) -> bool:
        """Do what is due now (next_due): the bots answer (`decided`: the searching bots'
        answers, thought of off the loop: Table.bot_step), a window's time is up, or a
        person's."""
        due = self.next_due()
        decision = self.session.game.decision
        if due is None or decision is None or self.clock() < due:
            return False
        if self.bot_to_move():
            self.bot_step(decided)
        elif self.stand_in_to_move():
            self.stand_in_step()
        elif decision.seat is None:
            self.match.time_up()  # those who have not answered let the window go
        else:
            self.time_is_up(decision)
        self.follow_up()
        return True

    def time_limit(self, decision) -> float | None:
        """When a person's time to answer `decision` (their own) is up: the call's few
        seconds, else the table's turn timer; None when the table waits for them."""
        if decision.kind == "uno" and decision.seat not in self.calls:
            return self.asked_at + self.call_seconds
        timer = self.meta.get("timer", 0)
        return self.asked_at + timer if timer else None

    def time_is_up(self, decision) -> None:
        """A person's time is up: an owed call was not made; or a bot moves for them."""
        seat = decision.seat
        if decision.kind == "uno":
            self.match.answer(seat, False)
            return
        name = self.seats[seat]["name"]
        self.note(lambda viewer: said_here("Your time is up: a bot moves for you.")
                  if viewer == seat
                  else said_here("{name}'s time is up: a bot moves for them.").format(name=name))
        self.match.answer(seat, decide(self.stand_in(seat), self.session.game, decision))

    def countdown(self) -> dict | None:
        """What the table waits for against a clock, the same for every seat: whose turn is
        timed (a seat, or None at a window), how many seconds are left, of how many."""
        game = self.session.game
        decision = game.decision
        if decision is None or self.broken or self.bot_to_move() or self.stand_in_to_move():
            return None
        if decision.seat is None:
            total = max(self.window_seconds, self.bot_delay)
            kind = "window"
        else:
            due = self.time_limit(decision)
            if due is None:
                return None
            total = due - self.asked_at
            kind = "call" if decision.kind == "uno" else "turn"
        left = max(0.0, self.asked_at + total - self.clock())
        return {"kind": kind, "seat": decision.seat, "left": round(left, 1),
                "total": round(total, 1)}

    # --- the call button and the Catch button ---------------------------------------------

    def has_call(self) -> bool:
        return self.session.ruleset.uno_penalty is not None

    def call(self, seat: int) -> None:
        """`seat` presses the call button: it answers the call owed now, or is kept for the
        rest of the seat's turn (pressed as the second-to-last card is played)."""
        self.check_plays(seat)
        game = self.session.game
        decision = game.decision
        if not self.has_call() or decision is None or self.broken:
            raise Stale(said_here("there is nothing to call now"))
        if decision.kind == "uno" and decision.seat == seat:
            self.match.answer(seat, True)
        elif decision.seat == seat and game.turn == seat:
            self.calls.add(seat)
            self.version += 1
        else:
            raise Stale(said_here("there is nothing to call now: a call is made on your own turn"))
        self.follow_up()

    def catch(self, seat: int) -> None:
        """`seat` presses Catch: while another seat's call is missing, it catches them (the
        call not yet made is answered `no`: too late), as the catch window opens."""
        self.check_plays(seat)
        game = self.session.game
        decision = game.decision
        if decision is not None and not self.broken and decision.kind == "uno" \
                and decision.seat not in (None, seat) and decision.seat not in self.calls \
                and not game.out[seat]:
            self.catches[decision.seat] = seat
            self.match.answer(decision.seat, False)
            self.follow_up()
            return
        if decision is not None and not self.broken and decision.kind == "catch" \
                and seat in decision.options:
            self.match.answer(seat, seat)
            self.follow_up()
            return
        raise Stale(said_here("there is nobody to catch now: the call was made, or the window "
                              "has closed"))

    def follow_up(self) -> None:
        """Answer what the buttons already answered: a call pressed early, the catch window
        of a seat caught before it opened; and forget the presses whose turn is over."""
        game = self.session.game
        for _ in range(2 * len(self.seats) + 2):  # each answers a decision a press decided
            decision = None if self.broken else game.decision
            if decision is None:
                break
            if decision.kind == "uno" and decision.seat in self.calls:
                self.calls.discard(decision.seat)
                self.match.answer(decision.seat, True)
                continue
            catcher = self.catches.pop(catch_suspect(game), None)
            if catcher is not None and catcher in decision.options:
                self.match.answer(catcher, catcher)
                continue
            break
        decision = None if self.broken else game.decision
        self.calls = {s for s in self.calls if decision is not None and game.turn == s}
        self.catches = {s: c for s, c in self.catches.items() if decision is not None and (
            s in game.uncalled or decision.kind == "uno" and decision.seat == s)}

    def button_for(self, decision) -> str | None:
        """The button the page answers a decision with instead of asking it: `call` (the
        call owed now), `catch` (a catch window); None for any other decision."""
        if not self.has_call():
            return None
        return {"uno": "call", "catch": "catch"}.get(decision.kind)

    def call_json(self, seat: int | None) -> dict | None:
        """The call button and the Catch button as `seat` sees them (None: the spectator, who
        may neither call nor catch); None in a game without the call. `missing`: the seat
        whose call is missing now (the others may catch it)."""
        if not self.has_call():
            return None
        game = self.session.game
        decision = None if self.broken else game.decision
        missing = None
        if decision is not None and decision.kind == "uno" and decision.seat not in self.calls:
            missing = decision.seat
        elif decision is not None:
            missing = catch_suspect(game)
        rules = self.session.ruleset
        return {"word": rules.call_word, "cards_left": rules.uno_cards_left,
                "owed": decision is not None and decision.kind == "uno" and decision.seat == seat,
                "called": seat in self.calls, "missing": missing,
                "may_catch": seat is not None and missing is not None and missing != seat
                and not game.out[seat]}

    # --- who is here ------------------------------------------------------------------------

    def seen(self, seat: int, here: bool) -> bool:
        """A page on a person's seat opened or closed; True when that changed who is here."""
        if (seat in self.present) == here:
            return False
        (self.present.add if here else self.present.discard)(seat)
        self.version += 1
        return True

    def mark_seats(self, seats: list) -> None:
        """Add to each seat of a state who plays it: for a person's, whether a page is open
        on it (`here`), whether a bot plays it for them (`bot_plays`) and whether the host
        removed them (`removed`)."""
        for entry in seats:
            spec = self.seats[entry["seat"]]
            if spec["kind"] == "person":
                entry["here"] = entry["seat"] in self.present
                entry["bot_plays"] = bool(spec.get("auto"))
                entry["removed"] = bool(spec.get("removed"))

    # --- the log ------------------------------------------------------------------------------

    def log_for(self, seat: int | None) -> list:
        """What happened, in words as `seat` is told it (its own draws named, no one else's),
        in the language spoken now; the table's notes among them where they were made."""
        events = self.session.game.events
        assert events is not None  # a session's game records its events
        told = self.told.setdefault((seat, language()), [0, 0, []])
        notes = self.notes if seat is not None else []  # a spectator is told no notes
        narrator = None
        while told[0] < len(events) or told[1] < len(notes):
            upto = min(notes[told[1]][0], len(events)) if told[1] < len(notes) else len(events)
            if told[0] < upto:
                narrator = narrator or Narrator(self.names_for(seat), viewer=seat,
                                                say_effect=self.look.said,
                                                call_word=self.session.ruleset.call_word)
                told[2].extend(narrator.sentences(events[told[0]:upto]))
                told[0] = upto
            if told[1] < len(notes):
                told[2].append(notes[told[1]][1](seat))
                told[1] += 1
        del told[2][:-MAX_LOG]
        return told[2]

    def note(self, said) -> None:
        """Add a sentence of the table's own to every seat's log, after what happened so far
        (`said(viewer)`: the sentence as that seat is told it)."""
        self.notes.append((len(self.session.game.events or ()), said))

