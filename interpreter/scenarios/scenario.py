"""Scenario files: an exact table, the answer to each decision in turn, and what must then hold.

A step answers the decision pending now (and the UNO calls and colour it leads to), or
checks the state. A move the rules do not allow now (a seat acting out of turn, a catch
after its window closed, a jump-in the rule does not allow) is refused with a reason,
and the game is left as it was; `refused: true` expects that. Which files are scenarios is
in files.py, a step's moves in steps.py, the expectations in expect.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from interpreter.building.ruleset import load_ruleset
from interpreter.engine.cards import showing
from interpreter.engine.game import GameState
from interpreter.engine.playable import tables_held
from interpreter.errors import HouserulesError, IllegalMove, OptionError
from interpreter.loading.kinds import SCENARIO, data_kind, mistaken, wrong_kind
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
from interpreter.scenarios.files import ScenarioError, find_scenarios
from interpreter.scenarios.steps import ANSWERS, WORDS, answers_several, move

# A step that may be refused after it changed the game (it closes a window first, or names a
# colour) is made after copying the game. A copy costs COPY_BASE plus one per card (some 0.7
# microseconds each); a scenario may copy COPY_ALLOWANCE in all, some 0.3 s: hundreds of such
# steps on a full deck (the longest example has 11 steps).
COPY_ALLOWANCE, COPY_BASE = 300_000, 750  # the base: the random state, mostly


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


class Scenario:
    """A loaded scenario: its ruleset compiled, its cards and colours checked."""

    def __init__(self, path: Path):
        self.path = Path(path)
        try:
            self.source: Source = read_yaml(self.path)
        except HouserulesError as err:
            raise mistaken(err, self.path, SCENARIO) from None
        found = data_kind(self.source.data)
        if found not in (None, SCENARIO):
            raise ScenarioError(wrong_kind(found, SCENARIO, self.source.file),
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
        for row, piles in (table.get("rows") or {}).items():
            if row not in {each.name for each in self.ruleset.rows}:
                raise self.error(("table", "rows", row), f"'{row}' is not a row of "
                                                         f"{self.ruleset.name}")
            for index, pile in enumerate(piles):
                self.cards(pile, ("table", "rows", row, index))
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
                    winners=table.get("hand_winners", ()), later=decks, side=self.side(),
                    outcomes=data.get("chance"),
                    rows={row: [self.cards(pile, ("table", "rows", row, index))
                                for index, pile in enumerate(piles)]
                          for row, piles in (table.get("rows") or {}).items()})
            except IllegalMove as err:
                raise self.error(("deal", "deck"), err.message) from None
        deal = data["deal"]
        try:
            return GameState(self.ruleset, players=data.get("players"), seed=seed,
                             dealer=deal.get("dealer"), record=True,
                             stacked=decks[0] if decks else None, later=decks[1:],
                             outcomes=data.get("chance"))
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
        game.fixed_chance.extend(step.get("chance", ()))
        if any(key in step for key in ANSWERS):
            if game.decision is None and not game.over:
                game.next_hand()
            # A refused move must leave the game untouched. The engine refuses an answer
            # before changing anything, so only a move of several answers needs a copy to go
            # back to: copying the game at every step made a long scenario quadratic.
            before = self.copy(game) if answers_several(game, step) else None
            recorded = len(game.events or ())
            try:
                move(self, game, step, path)
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


def copy_game(game: GameState) -> GameState:
    """An independent copy of the game that records its own events from now on: the events
    so far are not copied (the engine only ever appends to them)."""
    events = game.events
    game.events = None if events is None else []
    try:
        return game.clone()
    finally:
        game.events = events


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
