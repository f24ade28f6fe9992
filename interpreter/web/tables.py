"""A table: one game for several people and bots, each person at a seat with a secret token.

The table plays its match through the match driver (playing/match.py): the bots answer as it
asks them, and a window (a decision open to several seats) is asked of all of them at once
(docs/game-rules.md 3, Decided: windows). The table keeps what each seat may see apart (view.py,
narrate.py) and saves the game after every change, as `houserules play --save` does, so a
server restart resumes it. It keeps no clock of its own: its front end calls `act` when
`next_due` says a bot must answer or a window's, or a person's, time is up (realtime.py,
with the rest of the table's real time). A front end (the web server) is a thin layer over
this.

On disk, a table is a folder: `table.json` (its seats, names and tokens, mode 0600),
`save.json` (a saved game, session.py) and, for a pasted ruleset, the ruleset file.
"""

from __future__ import annotations

import hmac
import secrets
import time
from pathlib import Path

from interpreter.engine.budget import MOVE_MESSAGE, MOVE_WORK, WORK_MESSAGE
from interpreter.engine.decisions import DRAW, PASS, Decision, describe
from interpreter.errors import HouserulesError, RuleRuntimeError
from interpreter.playing.gamelog import error_text
from interpreter.playing.match import Match
from interpreter.playing.seating import searches
from interpreter.playing.session import Session
from interpreter.presenting.look import Look
from interpreter.presenting.naming import naming, text_of
from interpreter.presenting.narrate import words
from interpreter.presenting.prompts import answer_labels, offer_text, question_text
from interpreter.presenting.translation import _
from interpreter.presenting.view import seat_view
from interpreter.safe_text import shown
from interpreter.web.lobby import error_json, load_choice, one_line
from interpreter.web.realtime import RealTime, timer_of
from interpreter.web.results import hand_over_json
from interpreter.web.seats import match_seed, new_token, seat_specs
from interpreter.web.words import page_word, said_here
from interpreter.web.table_files import (
    NotYours,
    Stale,
    TableError,
    Taken,
    damaged,
    is_token,
    matching,
    own_file,
    read_meta,
    remove_folder,
    seats_fit,
    write_private,
)
from interpreter.web.thinking import Thought

# The engine's own answers (not a ruleset's words), as the page's buttons say them.
ENGINE_WORDS = {DRAW: lambda: said_here("Draw"), PASS: lambda: said_here("Pass")}
MAX_CARDS = 1_000  # cards in a table's deck: a state holds a hand, at most every card
BOT_DELAY = 0.8  # seconds a bot waits before it answers, so that people can follow
WINDOW_SECONDS = 8.0  # seconds a window waits for the people who have not answered it
UNSAVED = page_word("the table could not be saved (is the server's disk full?); it stopped as "
                    "it was last saved, and resumes from there when the server restarts")
BROKEN = page_word("a rule failed as the game ran; the table was saved as it was before this "
                   "move. What the rule met is not shown here, as it may name cards a seat may "
                   "not see: `houserules resume` on the table's save.json shows it whole")


class Table(RealTime):
    """A game at a table: its seats, the session that plays it, and what each seat was told."""

    def __init__(self, table_id: str, folder: Path, session: Session, meta: dict):
        self.id = table_id
        self.folder = folder
        self.session = session
        self.meta = meta
        self.seats = meta["seats"]
        self.look = Look(session.ruleset)
        # `version` grows with every change while this server holds the table; `epoch` is new
        # each time a server opens it (a restart counts versions afresh), so that a page
        # compares versions of one epoch only and takes any state of a new one.
        self.version = 0
        self.epoch = secrets.token_hex(4)
        self.clock = time.monotonic
        self.bot_delay = BOT_DELAY
        self.window_seconds = WINDOW_SECONDS
        self.asked_at = self.clock()  # when the decision pending now was first asked
        self.match = self.driver()
        self.broken: str | None = None
        self.told: dict = {}  # (seat, language) -> [events narrated, notes told, sentences]
        self.notes: list = []  # the table's own sentences: (events before it, said(viewer))
        self.by_bots = False  # the answers given now are bots' own, saved later (bot_step)
        self.unsaved = False  # answers given since the last save (bots' only: see bot_step)
        self.thought: Thought | None = None  # its searching bots' last thought (thinking.py)
        self.start_real_time()

    def driver(self) -> Match:
        """The match driver of the table's session. Who answers next: the bots as the table
        asks them, a window every seat at once (a person who cannot take it too, unless
        alone at the table with nobody to watch how long it stays open); each answer given,
        recorded and saved by give()."""
        session = self.session
        return Match(session.game, session.bots, apply=self.give, deal=session.next_hand,
                     together=True, ask_unable=len(self.people()) > 1)

    # --- making and opening -----------------------------------------------------------

    @classmethod
    def create(cls, root: Path, choice: dict, chosen_seeds: bool = False,
               client: str | None = None) -> "Table":
        """A new table in a new folder under `root`, from a front end's choice (see
        docs/web-api.md: ruleset or text, options, house_rules, seats, seed). A seed may be
        chosen at a table of one person, or of several when `chosen_seeds` (the server's
        operator allows it, for demonstrations and tests). `client`: who asked for it, kept
        so that a front end can count a client's tables (tables_of). A table refused, for
        any reason, leaves no folder behind."""
        table_id = secrets.token_urlsafe(9)
        folder = root / table_id
        folder.mkdir(parents=True)
        try:
            ref, rules, options = load_choice(choice.get("ruleset"), choice.get("text"),
                                              choice.get("options") or {},
                                              choice.get("house_rules"), folder,
                                              choice.get("house_rules_off"))
            specs = seat_specs(choice.get("seats"), (rules.min_players, rules.max_players))
            humans = tuple(i for i, s in enumerate(specs) if s["kind"] == "person")
            seed = match_seed(choice.get("seed"), len(humans), chosen_seeds)
            bots = ",".join(s["bot"] or "random" for s in specs)
            if len(rules.deck) > MAX_CARDS:
                raise TableError(said_here("a table plays with at most {most} cards (what each seat is "
                                           "sent stays small); this deck has {count}")
                                 .format(most=f"{MAX_CARDS:,}", count=f"{len(rules.deck):,}"))
            session = Session(ref, options, len(specs), humans[0], bots, seed, humans,
                              public_windows=True, move_work=MOVE_WORK, folder=folder)
            meta = {"format": 1, "id": table_id, "host": new_token(), "spectator": new_token(),
                    "seats": specs,
                    "title": one_line(rules.title),
                    "timer": timer_of(choice.get("timer"), chosen_seeds),
                    **({"client": client} if client is not None else {})}
            table = cls(table_id, folder, session, meta)
            write_private(folder / "table.json", meta)
            table.save()
        except BaseException as err:
            remove_folder(folder)
            if isinstance(err, HouserulesError):
                err.json = getattr(err, "json", None) or error_json(err, folder)
            raise
        return table

    @classmethod
    def open(cls, folder: Path) -> "Table":
        """A table saved in `folder`, its game replayed from its save. Its files are read as
        untrusted (a file of another's, or one left half-written): a file that is not what
        it should be, or is anywhere but in the folder, is refused (NoTable, saying which and
        why, naming no folder of the server's)."""
        try:
            meta = read_meta(folder)
            session = Session.load(own_file(folder, "save.json"), folder=folder)
            seats_fit(meta["seats"], session)
        except HouserulesError as err:
            raise damaged(err, folder) from None
        if Path(session.ruleset_ref).is_absolute():  # an older save's: kept relative from now on
            session.ruleset_ref = Path(session.ruleset_ref).name
        return cls(folder.name, folder, session, meta)

    def save(self, broken: str | None = None) -> None:
        """Write the game to the table's folder; not once the table has ended (its folder
        is gone). A failure says why without naming the folder."""
        if not self.folder.is_dir():
            return
        try:
            self.session.save(self.folder / "save.json", broken=broken)
        except HouserulesError as err:
            err.json = error_json(err, self.folder)
            raise
        self.unsaved = False

    def save_unsaved(self) -> None:
        """Save the bots' answers not saved yet (as the server stops, or a hand ends on them)."""
        if self.unsaved:
            try:
                self.save()
            except HouserulesError:
                self.broken = UNSAVED

    # --- who is asked -----------------------------------------------------------------

    def seat_of(self, key) -> int | None:
        """The seat this key was given for when it was taken (claim), else None; compared in
        constant time."""
        return matching(self.seats, "key", key)

    def claim(self, token) -> tuple:
        """(seat, a new key): the browser that first opens a seat's link takes the seat, and
        from then on only its key opens it, so that nobody else who saw the link (the host
        who sent it, too) can sit there and see its hand."""
        seat = matching(self.seats, "token", token)
        if seat is None:
            raise NotYours(said_here("this link's seat token is not one of this table's"))
        if self.seats[seat].get("key"):
            raise Taken(said_here("this seat has been taken by another browser (if that was "
                                  "not you, tell the table's host, who may free it)"))
        self.seats[seat]["key"] = key = new_token()
        write_private(self.folder / "table.json", self.meta)
        return seat, key

    def free(self, seat) -> None:
        """Free a taken seat (the host may): its key opens it no more, its link takes it again."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(self.seats) \
                or self.seats[seat]["kind"] != "person":
            raise TableError(said_here("expected a person's seat, from 0 to {last}")
                             .format(last=len(self.seats) - 1))
        self.seats[seat]["key"] = None
        write_private(self.folder / "table.json", self.meta)

    def spectator_token(self) -> str:
        """The token of the table's spectator link (made the first time it is asked for, for
        a table made before spectators could watch)."""
        if not is_token(self.meta.get("spectator")):
            self.meta["spectator"] = new_token()
            write_private(self.folder / "table.json", self.meta)
        return self.meta["spectator"]

    def is_spectator(self, token) -> bool:
        """Whether `token` is the spectator link's (compared in constant time)."""
        spectator = self.meta.get("spectator")
        return is_token(token) and is_token(spectator) and hmac.compare_digest(spectator, token)

    def is_host(self, token) -> bool:
        return is_token(token) and hmac.compare_digest(self.meta["host"], token)

    def people(self) -> tuple:
        """The seats people play."""
        return tuple(s for s, spec in enumerate(self.seats) if spec["kind"] == "person")

    def asking(self) -> dict:
        """Seat -> the decision as that seat is asked it now: one seat's, or at a window every
        seat still to answer it (each its own offer); empty when nobody must answer."""
        return {} if self.broken else self.match.asking()

    def decision_id(self) -> int:
        """Changes whenever the decision asked does (every answer the game hears)."""
        return len(self.session.answers)

    def bot_to_move(self) -> bool:
        """Whether a bot is yet to answer what is asked now."""
        return any(self.seats[seat]["kind"] == "bot" for seat in self.asking())

    def thinking_key(self) -> tuple | None:
        """What the searching bots (seating.SEARCHING) are asked now, as a thought of it is
        known by (thinking.py): the match, the decision, their seats; None when none is."""
        seats = tuple(seat for seat in self.asking() if self.seats[seat]["kind"] == "bot"
                      and searches(self.seats[seat]["bot"]))
        return (self.session, self.decision_id(), seats) if seats else None

    # --- changing the game --------------------------------------------------------------

    def bot_step(self, decided: dict | None = None) -> None:
        """The bot asked now answers; at a window, every bot asked, together. `decided`: the
        searching bots' answers, thought of off the loop (thinking.py); without them they
        think here, as a test does.

        A bot's answer is saved with the next answer that is not a bot's (or as the hand ends
        on it, or the server stops): the bots play from the generators saved with the game,
        so a table resumed from the save before them plays the same answers again. It spares
        the server's loop a save (an fsync and a rename, 3 ms each here) for each bot's move:
        examples/BENCHMARK.md. A searching bot's answer is saved at once: its search stops
        on the clock, so the same generator may not answer the same again."""
        if decided is None and self.thinking_key() is not None:
            thought = Thought(self)
            thought.think()
            decided = thought.answers(self)
        self.by_bots = not decided
        try:
            if not self.match.bots_answer(decided):
                self.version += 1  # the bots let the window go; people are still to answer
        finally:
            self.by_bots = False
        if self.session.game.decision is None:
            self.save_unsaved()  # the hand or the match is over: nobody answers next

    def answer(self, seat: int, decision_id, option) -> None:
        """`seat` answers the pending decision with its option number `option`."""
        asked = self.asking()
        if not asked:
            raise Stale(said_here("nothing is being asked now"))
        if decision_id != self.decision_id():
            raise Stale(said_here("that decision has already been answered; the table has moved on"))
        if seat not in asked:
            raise NotYours(said_here("it is not this seat's decision"))
        self.check_plays(seat)
        # A window's offer is shown as (take it, let it go): the seat, or None; or, to a seat
        # that cannot take it, only (let it go).
        pending = self.session.game.decision
        assert pending is not None  # a seat is asked
        window = pending.seat is None
        choices = asked[seat].options[::-1] if window else asked[seat].options
        if not isinstance(option, int) or isinstance(option, bool) \
                or not 0 <= option < len(choices):
            raise TableError(said_here("expected an option number from 0 to {last}")
                             .format(last=len(choices) - 1))
        if not self.match.answer(seat, choices[option]):
            self.version += 1  # it let the window go: others are still to answer
        self.follow_up()

    def give(self, answer) -> None:
        """Give the game an answer (a window's: the seat that took it, or None), and save it.

        A rule that fails stops the table, saved as it was before the answer; so does a save
        that fails (a full disk): the save on disk is still the game before this answer, and
        a restart resumes from it."""
        self.session.checkpoint()
        failure = None
        try:
            self.session.apply(answer)
        except RuleRuntimeError as err:
            self.broken, failure = public_failure(err), error_text(err)
        if self.by_bots and failure is None:
            self.unsaved = True
        else:
            try:
                self.save(broken=failure)
            except HouserulesError:
                self.broken = UNSAVED
        self.changed()

    def next_hand(self, seat: int) -> None:
        """Deal the next hand (any person at the table may, once a hand is over)."""
        game = self.session.game
        if game.over or game.decision is not None:
            raise Stale(said_here("the hand is not over") if not game.over
                        else said_here("the match is over"))
        self.match.next_hand()
        self.save()
        self.changed()
        self.follow_up()

    def again(self, seed=None, chosen_seeds: bool = False) -> None:
        """Play a new match at this table once this one is over (its host may): the same
        ruleset, options, seats, names and bots, and the same links and keys, dealt afresh
        from `seed` (match_seed). The last match's save is replaced."""
        old = self.session
        if not old.game.over:
            raise Stale(said_here("the match is not over yet"))
        seed = match_seed(seed, len(self.people()), chosen_seeds)
        self.session = Session(old.ruleset_ref, old.options, old.players, old.seat,
                               old.bot_kind, seed, old.humans, public_windows=True,
                               move_work=old.move_work, folder=self.folder)
        self.match = self.driver()
        self.broken = None
        self.told = {}
        self.notes = []
        self.save()
        self.changed()

    def changed(self) -> None:
        """A new decision is asked (or none): its time starts now."""
        self.version += 1
        self.asked_at = self.clock()

    # --- what a seat sees ---------------------------------------------------------------

    def names_for(self, seat: int | None) -> list:
        return [_("You") if s == seat else spec["name"] for s, spec in enumerate(self.seats)]

    def links(self) -> list:
        """The seats, with each person's join link and whether a browser has taken the seat
        (for the host only)."""
        return [{"seat": s, "kind": spec["kind"], "you": spec.get("you", False),
                 "name": spec["name"], "bot": spec["bot"],
                 "link": f"/#t={self.id}&k={spec['token']}" if spec["token"] else None,
                 "taken": bool(spec.get("key")), "bot_plays": bool(spec.get("auto")),
                 "removed": bool(spec.get("removed"))}
                for s, spec in enumerate(self.seats)]

    def spectator_link(self) -> str:
        """The link that watches the table as a seat holding no cards sees it (for the host)."""
        return f"/#t={self.id}&s={self.spectator_token()}"

    def state(self, seat: int | None) -> dict:
        """What `seat` may see now (seen_by), the ruleset's names said in the language spoken."""
        with naming(self.session.ruleset):
            return self.seen_by(seat)

    def seen_by(self, seat: int | None) -> dict:
        """Everything `seat` may see now, as the page draws it (docs/web-api.md); seat None:
        a spectator's, what a seat holding no cards sees (no hand, no decision)."""
        game = self.session.game
        view = seat_view(game, seat)
        face = self.look.face
        names = self.names_for(seat)
        asked = self.asking()
        hand = self.look.ordered(game.hands[seat]) if seat is not None else []
        colors = game.side_colors
        seats = [{"seat": s, "name": names[s], "kind": spec["kind"],
                  "hand_size": view.hand_sizes[s], "score": view.scores[s], "out": view.out[s],
                  "shows": [face(c) for c in view.shown[s]] if view.shown else [],
                  "deciding": s in asked}
                 for s, spec in enumerate(self.seats)]
        self.mark_seats(seats)
        for s, entry in enumerate(seats):  # sent only by the rulesets that use them
            if view.revealed[s]:
                entry["revealed"] = [face(c) for c in view.revealed[s]]
            if view.values:
                entry["values"] = [{"label": label, "value": describe(values[s])}
                                   for label, values in view.values]
        return {
            "table": self.id, "seat": seat, "version": self.version, "epoch": self.epoch,
            "title": one_line(text_of(self.session.ruleset, ("title",), self.meta["title"])),
            "seats": seats, "hand": [face(c) for c in hand],
            "top": face(view.top), "color": view.color,
            "color_name": words(view.color) if view.color else None,
            "color_css": self.look.css(view.color), "palette": self.look.palette(colors),
            "direction": view.direction, "penalty": view.penalty, "side": view.side,
            "stock": {"size": view.stock_size, "shows": face(view.stock_top)},
            "discard_size": view.discard_size, "dealer": view.dealer, "turn": view.turn,
            "rows": [{"name": name, "piles": [[face(c) for c in pile] for pile in piles]}
                     for name, piles in view.rows],
            "hand_number": len(game.hand_results) + (0 if game.decision is None else 1),
            "decision": self.decision_json(seat, asked[seat], hand)
            if seat is not None and seat in asked else None,
            "waiting_for": ", ".join(names[s] for s in asked if s != seat) or None,
            "log": list(self.log_for(seat)),
            "timer": self.meta.get("timer", 0), "countdown": self.countdown(),
            "call": self.call_json(seat),
            "hand_over": hand_over_json(game) if game.decision is None else None,
            "broken": said_stop(self.broken) if self.broken else None,
            # Shown for a replay once nobody can learn a hand from it any more.
            "seed": self.session.seed if game.over else None,
        }

    def decision_json(self, seat: int, decision: Decision, hand: list) -> dict:
        """The decision `seat` must answer, with its options typed for the page."""
        game = self.session.game
        names = self.names_for(seat)
        assert game.decision is not None  # `decision` is (an offer of) it
        window = game.decision.seat is None
        if window:
            closes = self.asked_at + max(self.window_seconds, self.bot_delay) - self.clock()
            able = seat in decision.options
            title, take = offer_text(game, game.decision, names, able)  # the window, not the offer
            if able:
                options = [{"type": "yes", "label": take},
                           {"type": "none", "label": said_here("Let it go")}]
            else:
                options = [{"type": "none", "label": said_here("Go on")}]
            return {"id": self.decision_id(), "kind": decision.kind, "title": title,
                    "detail": "", "options": options, "closes_in": round(max(closes, 0.0), 1),
                    "button": self.button_for(decision)}
        title, detail = question_text(game, decision, names, seat, self.look.said)
        labels = answer_labels(game, decision)
        return {"id": self.decision_id(), "kind": decision.kind, "title": title,
                "detail": detail, "options": [self.option_json(o, hand, names, labels)
                                              for o in decision.options],
                "button": self.button_for(decision)}

    def option_json(self, option, hand: list, names: list, labels: tuple = ("Yes", "No")) -> dict:
        """One answer as the page offers it: a card (in the hand or not), a colour, a seat,
        yes or no (labelled `labels`, prompts.answer_labels), a word, or none."""
        if option is None:
            return {"type": "none", "label": said_here("None")}
        if isinstance(option, bool):
            return {"type": "yes" if option else "no", "label": labels[0] if option else labels[1]}
        if isinstance(option, int):
            return {"type": "seat", "seat": option, "label": names[option]}
        if isinstance(option, str):
            if option in self.session.ruleset.colors:
                return {"type": "color", "value": option, "label": words(option).capitalize(),
                        "css": self.look.css(option), "mark": self.look.mark(option)}
            said = {"type": "word", "value": option,
                    "label": ENGINE_WORDS[option]() if option in ENGINE_WORDS
                    else words(option).capitalize()}
            if option == DRAW and self.session.ruleset.triggers.turn_draw:
                said["help"] = self.instead_of_drawing()
            return said
        place = next((i for i, card in enumerate(hand) if card is option), None)
        return {"type": "card", "hand": place, "card": self.look.face(option)}

    def instead_of_drawing(self) -> str:
        """What the rules a ruleset has instead of a turn's draw say (a launcher pressed)."""
        ruleset = self.session.ruleset
        names = {rule.name for rule in ruleset.triggers.turn_draw}
        return shown(" ".join(text_of(ruleset, ("rules", rule.name, "text"), rule.text) for rule
                              in ruleset.triggers.every if rule.name in names and rule.text), one_line=True)


def public_failure(err: HouserulesError) -> str:
    """A rule's failure as every seat at the table is told it: where the rule is, never what
    it met (a message may name a card in a hand the seat may not see)."""
    place = [Path(err.file).name if err.file else "<input>"]  # never the server's folders
    place += [str(n) for n in (err.line, err.column) if n is not None]
    said = err.message if err.message in (MOVE_MESSAGE, WORK_MESSAGE) else BROKEN  # fixed words
    return ": ".join([":".join(place)] + ([err.path] if err.path else []) + [said])


def said_stop(broken: str) -> str:
    """Why a table stopped (`broken`), its fixed words said in the language spoken."""
    words = next((fixed for fixed in (UNSAVED, BROKEN) if broken.endswith(fixed)), "")
    return broken[:len(broken) - len(words)] + said_here(words) if words else broken
