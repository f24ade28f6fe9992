"""Scenario files: an exact table, the answer to each decision in turn, and what must then hold.

A step answers the decision pending now (and the UNO calls and colour it leads to), or
checks the state. A move the rules do not allow now (a seat acting out of turn, a catch
after its window closed, a jump-in the rule does not allow) is refused with a reason,
and the game is left as it was; `refused: true` expects that. The expectations live in
scenario_expect.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from interpreter.building.ruleset import load_ruleset
from interpreter.engine.cards import card_key, showing
from interpreter.engine.decisions import DONE, DRAW, PASS
from interpreter.engine.game import GameState
from interpreter.engine.playable import tables_held
from interpreter.engine.turns import jump_in_cards
from interpreter.errors import HouserulesError, IllegalMove, OptionError
from interpreter.loading.source import (
    Source,
    bundled_rulesets,
    display_name,
    is_bundled,
    read_yaml,
)
from interpreter.loading.validation import check_schema
from interpreter.scenarios.expect import (
    StepFailed,
    check_expectations,
    expect_equal,
    expected_cards,
    plain_values,
)

# Step keys that answer a decision, and the decision kind each answers (None: any kind).
# `color` and `uno` also follow up another answer: the colour and UNO calls it leads to.
ANSWERS = {"play": "play", "draw": "play", "play_drawn": "play_drawn", "target": "target",
           "challenge": "challenge", "catch": "catch", "pass": None, "answer": None,
           "color": "color", "uno": "uno"}
WINDOWS = ("catch", "jump_in")  # decisions open to several seats out of turn
WORDS = {"draw": {"draw": True}, "pass": {"pass": True}}  # steps written as one word
# A step that may be refused after it changed the game (it closes a window first, or names a
# colour) is made after copying the game. A copy costs COPY_BASE plus one per card (some 0.7
# microseconds each); a scenario may copy COPY_ALLOWANCE in all, some 0.3 s: hundreds of such
# steps on a full deck (the longest example has 11 steps).
COPY_ALLOWANCE, COPY_BASE = 300_000, 750  # the base: the random state, mostly


class ScenarioError(HouserulesError):
    """A scenario file that is malformed or names something the ruleset does not have."""


@dataclass
class Failure:
    """Why a scenario failed: the step (1-based), what was expected and what was found."""

    step: int
    line: int
    message: str
    table: str


@dataclass
class Outcome:
    """The result of running one scenario."""

    file: str
    name: str
    failures: list = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.failures


def find_scenarios(paths: list) -> list[Path]:
    """Scenario files under the given files and folders, in a stable order."""
    return scenario_files(paths)[0]


SCENARIO_SUFFIXES = (".scenario.yaml", ".scenario.yml")
# Keys a scenario has and a ruleset never does: a file with one is meant as a scenario.
SCENARIO_ONLY = {"ruleset", "steps", "table", "deal", "seed"}


def scenario_files(paths: list) -> tuple[list[Path], list[Path]]:
    """(scenario files, other YAML files skipped) under the given files and folders.

    A file named on its own is a scenario. In a folder, a scenario is a `*.scenario.yaml`
    file or one whose top level has a key only scenarios have; the rest (a ruleset kept
    next to its scenarios) is skipped. A file that cannot be read is kept, so that it is
    reported rather than silently passed over.
    """
    found: list[Path] = []
    skipped: list[Path] = []
    for path in map(Path, paths):
        if path.is_dir():
            inside = sorted(p for p in [*path.rglob("*.yaml"), *path.rglob("*.yml")]
                            if p.is_file())
            if not inside:
                raise ScenarioError("no scenario files (*.yaml) in this folder", file=str(path))
            for file in inside:
                (found if is_scenario_file(file) else skipped).append(file)
            if not any(found_file.is_relative_to(path) for found_file in found):
                raise ScenarioError(f"no scenario files in this folder ({len(inside)} YAML "
                                    "files, none of them a scenario: a scenario has `ruleset:` "
                                    "and `steps:`, or is named NAME.scenario.yaml)",
                                    file=str(path))
        elif path.is_file():
            found.append(path)
        else:
            raise ScenarioError(f"no such file or folder: {path}")
    return found, skipped


def is_scenario_file(path: Path) -> bool:
    """Whether a YAML file found in a folder is meant as a scenario (see scenario_files)."""
    if path.name.endswith(SCENARIO_SUFFIXES):
        return True
    try:
        keys = read_yaml(path).data
    except HouserulesError:
        return True  # unreadable: running it says what is wrong with it
    return any(key in SCENARIO_ONLY for key in keys)


def looks_like_a_ruleset(data: dict) -> bool:
    """Whether a file's top level has a ruleset's keys and none that only scenarios have."""
    return (not any(key in SCENARIO_ONLY for key in data)
            and any(key in RULESET_ONLY for key in data))


RULESET_ONLY = {"extends", "kinds", "deck", "colors", "playable", "rules", "effects", "overlay",
                "turn", "scoring", "match"}


class Scenario:
    """A loaded scenario: its ruleset compiled, its cards and colours checked."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self.source: Source = read_yaml(self.path)
        if looks_like_a_ruleset(self.source.data):
            raise ScenarioError("this is a ruleset, not a scenario (`houserules validate` "
                                "checks a ruleset; a scenario has `ruleset:` and `steps:`)",
                                file=self.source.file)
        check_schema(self.source, "scenario", ScenarioError)
        data = self.source.data
        self.name = data["name"]
        ref = data["ruleset"]
        for key in data.get("options", {}):
            if not isinstance(key, str):
                raise self.error(("options",), f"option names are words, not {key!r}")
        ref = self.ruleset_reference(ref)
        try:
            self.ruleset = load_ruleset(ref, data.get("options", {}))
        except HouserulesError as err:
            if err.file is None:
                where = self.source.locate(("options",) if "option" in err.message else ("ruleset",))
                err.file, err.line, err.column = where.file, where.line, where.column
            raise
        self.check_setup()
        self.check_steps()

    def ruleset_reference(self, ref: str) -> str:
        """`ruleset:` with each path made relative to this file; only bundled names and .yaml
        files, so that a stranger's scenario cannot make the tool open any other file."""
        parts = []
        for part in (part.strip() for part in ref.split("+")):
            if is_bundled(part):
                parts.append(part)
                continue
            if not part.endswith((".yaml", ".yml")):
                raise self.error(("ruleset",), f"no ruleset named {part[:60]!r} (bundled: "
                                 f"{', '.join(bundled_rulesets())}; or give a path to a .yaml "
                                 "file)")
            try:
                parts.append(str((self.path.parent / part).resolve()))
            except (OSError, ValueError, RuntimeError):  # a NUL byte, a symlink loop
                raise self.error(("ruleset",), f"cannot follow the ruleset path {part[:60]!r}") \
                    from None
        return "+".join(parts)

    def error(self, path: tuple, message: str) -> ScenarioError:
        return self.source.error(path, message, ScenarioError)

    def card(self, text: str, path: tuple):
        """The ruleset's card called `text`, or an error at `path`."""
        try:
            return self.ruleset.card(text, self.side())
        except HouserulesError as err:
            raise self.error(path, err.message) from None

    def side(self) -> int:
        """The side of two-sided cards the table starts on (`table: side:`), by number."""
        name = (self.source.data.get("table") or {}).get("side")
        sides = self.ruleset.sides
        if name is None:
            return 0
        if name not in sides:
            raise self.error(("table", "side"), f"'{name}' is not a side of {self.ruleset.name}; "
                                                f"sides: {', '.join(sides) or 'none'}")
        return sides.index(name)

    def option_card(self, text: str, options: tuple, path: tuple, held: list | tuple = ()):
        """The card named `text` among `options`, else among the `held` cards (so that a
        refusal says why the card held may not be played), else the ruleset's: a two-sided
        card is found by the face that shows, whatever its back, and told apart from another
        with that face up only by its back ('blue 2 / orange 8')."""
        card = self.card(text, path)
        return showing(options, text) or showing(held, text) or card

    def cards(self, names: list, path: tuple) -> list:
        return [self.card(name, path + (i,)) for i, name in enumerate(names)]

    def color(self, value, path: tuple) -> None:
        """A colour the scenario names must be one of the ruleset's."""
        if value is not None and value not in self.ruleset.colors:
            raise self.error(path, f"'{value}' is not a colour of {self.ruleset.name}; colours: "
                                   f"{', '.join(self.ruleset.colors)}")

    def check_setup(self) -> None:
        """Every card and colour of `table:` and `deal:` must exist in the ruleset."""
        data = self.source.data
        table, deal = data.get("table", {}), data.get("deal", {})
        for seat, cards in enumerate(table.get("hands", ())):
            self.cards(cards, ("table", "hands", seat))
        for key in ("discard", "stock"):
            self.cards(table.get(key, ()), ("table", key))
        self.color(table.get("color"), ("table", "color"))
        listed = self.deck_list()
        for index, deck in enumerate(self.decks()):
            self.cards(deck, ("deal", "deck") + ((index,) if listed else ()))
        if table and ("dealer" in deal or (deal and not self.deck_list())):
            key = "dealer" if "dealer" in deal else "deck"
            raise self.error(("deal", key), "with a table, deal: only stacks the decks of the "
                                            "hands that follow: give deck as a list of decks")
        players = self.players()
        for key in ("uncalled", "hand_winners", "extra_turn", "turn", "dealer"):
            value = table.get(key)
            for seat in value if isinstance(value, list) else () if value is None else (value,):
                if seat >= players:
                    raise self.error(("table", key), f"seat {seat} is not at this table of "
                                                     f"{players}")
        for key, what in (("lost_turns", "count"), ("scores", "score")):
            if len(table.get(key, [0] * players)) != players:
                raise self.error(("table", key), f"{key} needs one {what} per seat ({players})")
        if deal.get("dealer", 0) >= players:
            raise self.error(("deal", "dealer"), f"seat {deal['dealer']} is not at this table of "
                                                 f"{players}")

    def players(self) -> int:
        """How many seats the scenario's table has."""
        data = self.source.data
        if "table" in data:
            return len(data["table"]["hands"])
        return data.get("players", self.ruleset.default_players)

    def deck_list(self) -> bool:
        """Whether `deal.deck` is a list of decks (one per hand) rather than one deck."""
        deck = self.source.data.get("deal", {}).get("deck", [])
        return bool(deck) and all(isinstance(d, list) for d in deck)

    def decks(self) -> list:
        """The stacked decks, one per hand dealt, as lists of card names."""
        deck = self.source.data.get("deal", {}).get("deck", [])
        return list(deck) if self.deck_list() else [deck] if "deal" in self.source.data else []

    def check_steps(self) -> None:
        """Every card a step names, and every colour it expects, must exist: a typo is an
        error, not a failure. (A colour answered may be any: a wrong one is refused.)"""
        for index, step in enumerate(self.source.data["steps"]):
            if not isinstance(step, dict):
                continue
            path = ("steps", index)
            if "play" in step:
                self.card(step["play"], path + ("play",))
            for key, cards in expected_cards(step.get("expect", {})):
                self.cards(cards, path + ("expect",) + key)
            hands = step.get("expect", {}).get("hands", {})
            for seat in hands if isinstance(hands, dict) else ():
                number = seat if seat.__class__ is int else int(seat) \
                    if isinstance(seat, str) and seat.isascii() and seat.isdigit() else -1
                if not 0 <= number < self.players():
                    raise self.error(path + ("expect", "hands"),
                                     f"{seat!r} is not a seat at this table of {self.players()}")
            for where, color in plain_values(step.get("expect", {}).get("color"), ("color",)):
                if isinstance(color, str):
                    self.color(color, path + ("expect",) + where)

    def new_game(self) -> GameState:
        """The game at the scenario's starting point (a seat count the ruleset refuses is an
        error at the scenario's own table or players)."""
        try:
            return self.setup_game()
        except OptionError as err:
            if err.file is not None:
                raise
            key = ("table", "hands") if "table" in self.source.data else ("players",)
            raise self.error(key, err.message) from None

    def setup_game(self) -> GameState:
        """The game at the scenario's starting point, as the file sets it up."""
        data = self.source.data
        seed = data.get("seed", 0)
        decks = [self.cards(d, ("deal", "deck")) for d in self.decks()]
        if "table" in data:
            table = data["table"]
            players = len(table["hands"])
            if data.get("players", players) != players:
                raise self.error(("players",), f"players is {data['players']} but table.hands "
                                               f"has {players} hands")
            uncalled = table.get("uncalled", [])
            try:
                return GameState.from_table(
                    self.ruleset, hands=[self.cards(h, ("table", "hands", s))
                                         for s, h in enumerate(table["hands"])],
                    discard=self.cards(table["discard"], ("table", "discard")),
                    stock=self.cards(table["stock"], ("table", "stock")),
                    turn=table.get("turn", 0), direction=table.get("direction", 1),
                    color=table.get("color"), dealer=table.get("dealer"),
                    scores=table.get("scores"), seed=seed, record=True,
                    penalty=table.get("penalty", 0),
                    uncalled=uncalled if isinstance(uncalled, list) else [uncalled],
                    lost_turns=table.get("lost_turns"), extra_turn=table.get("extra_turn"),
                    just_played=table.get("just_played", False),
                    winners=table.get("hand_winners", ()), later=decks, side=self.side())
            except IllegalMove as err:
                raise self.error(("deal", "deck"), err.message) from None
        deal = data["deal"]
        try:
            return GameState(self.ruleset, players=data.get("players"), seed=seed,
                             dealer=deal.get("dealer"), record=True,
                             stacked=decks[0] if decks else None, later=decks[1:])
        except IllegalMove as err:
            raise self.error(("deal", "deck"), err.message) from None

    def run(self) -> Outcome:
        """Play the steps; stop at the first that fails."""
        outcome = Outcome(display_name(self.path), self.name)
        self.game = self.new_game()
        self.copies_left = COPY_ALLOWANCE
        # The stacked decks of the hands after the first are copied with the game until dealt.
        decks = self.decks() if "table" in self.source.data else self.decks()[1:]
        self.later_cards = sum(len(deck) + 1 for deck in decks)
        for index, step in enumerate(self.source.data["steps"]):
            try:
                self.run_step(self.game, WORDS[step] if isinstance(step, str) else step,
                              ("steps", index))
            except (StepFailed, HouserulesError) as failed:
                line = self.source.locate(("steps", index)).line
                outcome.failures.append(Failure(index + 1, line, str(failed), picture(self.game)))
                break
        return outcome

    def run_step(self, game: GameState, step: dict, path: tuple) -> None:
        """One step, on `self.game` (a refused move leaves the game as it was)."""
        seen = len(game.events or ())
        refused = step.get("refused")
        if any(key in step for key in ANSWERS):
            if game.decision is None and not game.over:
                game.next_hand()
            # A refused move must leave the game untouched. The engine refuses an answer
            # before changing anything, so only a move of several answers needs a copy to go
            # back to: copying the game at every step made a long scenario quadratic.
            before = self.copy(game) if self.answers_several(game, step) else None
            recorded = len(game.events or ())
            try:
                self.move(game, step, path)
            except (StepFailed, HouserulesError) as err:
                if before is not None:  # back to the table before the step, as reported
                    if game.events is not None:
                        del game.events[recorded:]
                    before.events = game.events
                    self.game = game = before
                if not isinstance(err, IllegalMove):
                    raise
                if not refused:
                    raise StepFailed(f"the step was refused: {err}") from None
                if isinstance(refused, str) and refused.lower() not in str(err).lower():
                    raise StepFailed(f"the step was refused, but for another reason: {err} "
                                     f"(expected it to say {refused!r})") from None
            else:
                if refused:
                    raise StepFailed("expected the step to be refused, but it was accepted")
        elif refused:
            raise StepFailed("refused: needs a move to refuse (play, draw, catch, ...)")
        elif "by" in step:
            expect_equal("deciding seat", step["by"], game.current_seat)
        if "expect" in step:
            check_expectations(self, game, step["expect"], path + ("expect",), seen)

    def copy(self, game: GameState) -> GameState:
        """A copy of the game, charged to the scenario's COPY_ALLOWANCE."""
        self.copies_left -= (COPY_BASE + self.later_cards + len(game.stock) + len(game.discard)
                             + sum(map(len, game.hands)) + tables_held(game) * len(game.guards)
                             + len(game.hand_results))
        if self.copies_left < 0:
            raise StepFailed(f"the scenario copies the game too often: over {COPY_ALLOWANCE:,} "
                             "cards in all, for steps that may be refused after closing a window "
                             "or naming a colour (hundreds of steps on a huge table?)")
        return copy_game(game)

    @staticmethod
    def answers_several(game: GameState, step: dict) -> bool:
        """Whether the step's move may answer more than one decision before it is refused:
        it closes an open window (or jumps in) first, or names a colour for what it leads to.
        (UNO calls it leads to are yes or no, which is never refused.)"""
        decision = game.decision
        if decision is not None and decision.kind in WINDOWS:
            return True
        return "color" in step and any(key in step for key in ANSWERS if key not in
                                       ("color", "uno"))

    # --- making a move ---------------------------------------------------------------------

    def move(self, game: GameState, step: dict, path: tuple) -> None:
        """Make the step's move, its UNO calls and colour; IllegalMove when it may not be made."""
        primary = next((k for k in ANSWERS if k in step and k not in ("color", "uno")), None)
        primary = primary or ("color" if "color" in step else "uno")
        self.close_windows(game, step, primary)
        decision = game.decision
        if decision is not None and decision.kind == "jump_in":
            if self.jump_in(game, step, path):
                self.follow_up(game, step, primary, step["by"])
                return
            decision = game.decision
        if decision is None:
            raise IllegalMove(f"no decision is pending: the {'match' if game.over else 'hand'} "
                              "is over")
        by = step.get("by")
        if primary == "catch" and decision.kind != "catch":
            raise IllegalMove("no UNO catch is open now: the window closes when the next player "
                              "begins a turn")
        if primary == "pass":
            if decision.seat is not None:
                raise IllegalMove(f"there is no window to pass: a {decision.kind} decision is "
                                  f"pending for seat {decision.seat}")
            game.apply(None)
            self.follow_up(game, step, primary, None)
            return
        if by is not None and decision.seat is not None and by != decision.seat:
            raise IllegalMove(f"seat {by} may not act now: the {decision.kind} decision is seat "
                              f"{decision.seat}'s")
        kind = ANSWERS[primary]
        if primary == "play" and decision.kind == "jump_in_card":
            kind = decision.kind  # the jumper names which of its allowed cards it plays
        if kind is not None and decision.kind != kind:
            raise StepFailed(f"this step answers a {kind} decision, but a {decision.kind} "
                             f"decision is pending (for seat {decision.seat})")
        game.apply(self.answer_value(game, step, primary, path, decision))
        self.follow_up(game, step, primary, decision.seat if primary == "play" else None)

    def answer_value(self, game: GameState, step: dict, key: str, path: tuple, decision):
        """The answer a step's key gives, as the engine takes it."""
        value = step[key]
        if key == "play":
            return self.option_card(value, decision.options, path + ("play",),
                                    held_by(game, decision.seat))
        if key == "draw":
            return DRAW
        if key == "catch":
            if value in ("none", None):
                return None
            if value not in decision.open_to:
                raise IllegalMove(f"seat {value} may not catch: the window is open to seats "
                                  f"{', '.join(map(str, decision.open_to))}")
        if key == "uno":
            return uno_answer(value, decision.seat)
        if key == "answer" and isinstance(value, str) and value not in (DRAW, PASS, DONE) \
                and decision.kind in ("play", "jump_in_card", "card"):
            return self.option_card(value, decision.options, path + ("answer",),  # a card, named
                                    held_by(game, decision.seat))
        return value

    def close_windows(self, game: GameState, step: dict, primary: str) -> None:
        """A window the step does not answer closes: the next player begins a turn."""
        while game.decision is not None and game.decision.kind in WINDOWS:
            kind = game.decision.kind
            if kind == "catch" and primary in ("catch", "pass", "answer"):
                return
            if kind == "jump_in" and (primary in ("pass", "answer") or "by" in step):
                return
            game.apply(None)

    def jump_in(self, game: GameState, step: dict, path: tuple) -> bool:
        """A play `by` a seat the jump-in window is open to jumps in (True when it did).

        A play by the seat whose turn comes next passes the window; any other seat's play
        is refused, with the reason.
        """
        decision = game.decision
        assert decision is not None  # move() calls this at a jump-in window only
        if "play" not in step:
            if step.get("answer") is not None or "pass" in step:
                return False
            game.apply(None)
            return False
        by, named = step.get("by"), self.card(step["play"], path + ("play",))
        allowed = jump_in_cards(game)
        card = showing(allowed.get(by, ()), step["play"]) or named  # by the face that shows
        if by in decision.open_to and card in allowed.get(by, ()):
            game.apply(by)
            if game.decision is not None and game.decision.kind == "jump_in_card":
                game.apply(card)
            expect_equal("card jumped in with", card_key(card.name), card_key(game.top.name))
            return True
        passed = self.copy(game)
        passed.apply(None)
        while passed.decision is not None and passed.decision.kind in WINDOWS:
            passed.apply(None)
        if passed.decision is not None and passed.decision.seat == by:
            game.apply(None)  # the next player's own play: the window passes
            self.close_windows(game, {}, "play")
            return False
        if by in allowed:
            raise IllegalMove(f"seat {by} may jump in only with "
                              f"{', '.join(c.name for c in allowed[by])}, not {card}")
        raise IllegalMove(f"seat {by} may not jump in with {card}: the jump-in rule does not "
                          f"allow it on {game.top}")

    def follow_up(self, game: GameState, step: dict, primary: str, player) -> None:
        """The UNO calls the move leads to and the colour it asks for (`color:`, with another
        answer). A play's own UNO call is made unless `uno: false`; the calls of seats left
        with one card by a swap or pass are answered only when the step says `uno:`."""
        color_left = "color" in step and primary != "color"
        told = "uno" in step and primary != "uno"
        while game.decision is not None:
            decision = game.decision
            if decision.kind == "uno" and (told or decision.seat == player):
                game.apply(uno_answer(step.get("uno", True), decision.seat))
                player = None  # the play's own call is made once
            elif decision.kind == "color" and color_left:
                color_left = False
                game.apply(step["color"])
            else:
                break
        if color_left:
            pending = game.decision.kind if game.decision else "nothing"
            raise StepFailed(f"the step names a colour, but no colour was asked for ({pending} "
                             "is pending)")


def held_by(game: GameState, seat) -> list:
    """The cards `seat` holds (none for a window's decision, which no one seat makes)."""
    return game.hands[seat] if isinstance(seat, int) else []


def copy_game(game: GameState) -> GameState:
    """An independent copy of the game that records its own events from now on: the events
    so far are not copied (the engine only ever appends to them)."""
    events = game.events
    game.events = None if events is None else []
    try:
        return game.clone()
    finally:
        game.events = events


def uno_answer(value, seat) -> bool:
    """A step's `uno:` for one seat's call: a yes/no for every call, or seat -> yes/no."""
    if isinstance(value, dict):
        return bool(value.get(seat, value.get(str(seat), True)))
    return bool(value)


def picture(game: GameState) -> str:
    """A compact picture of the table, for failure reports."""
    lines = []
    for seat, hand in enumerate(game.hands):
        mark = "*" if seat == game.current_seat else " "
        lines.append(f"  {mark}seat {seat}: {', '.join(c.name for c in hand) or '(empty)'}")
    pending = f"{game.decision.kind} by {game.decision.seat}" if game.decision else "none"
    lines.append(f"   top {game.top} (colour {game.color}), direction {game.direction:+d}, "
                 f"stock {len(game.stock)}, discard {len(game.discard)}, scores {game.scores}, "
                 f"pending: {pending}")
    extras = [f"penalty {game.penalty}" if game.penalty else "",
              f"uncalled UNO: {game.uncalled}" if game.uncalled else "",
              f"lost turns {game.lost_turns}" if any(game.lost_turns) else "",
              f"extra turn: seat {game.next_turn}" if game.next_turn is not None else ""]
    if any(extras):
        lines.append("   " + ", ".join(e for e in extras if e))
    return "\n".join(lines)


def check_files(paths: list) -> list[Outcome]:
    """Load and run every scenario under `paths` (a malformed one raises ScenarioError)."""
    return [Scenario(path).run() for path in find_scenarios(paths)]
