"""Scenario files: an exact table, the answer to each decision in turn, and what must then hold."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .cards import card_key
from .engine import DRAW, GameState
from .errors import HouserulesError, IllegalMove
from .ruleset import load_ruleset
from .source import Source, display_name, read_yaml
from .validation import check_schema

# Step keys that answer a decision, and the decision kind each answers.
ANSWERS = {"play": "play", "draw": "play", "play_drawn": "play_drawn", "color": "color",
           "target": "target", "challenge": "challenge", "catch": "catch", "answer": None}


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


class StepFailed(Exception):
    """Internal: a step did not do what the scenario says."""


def find_scenarios(paths: list) -> list[Path]:
    """Scenario files under the given files and folders, in a stable order."""
    found = []
    for path in map(Path, paths):
        if path.is_dir():
            found.extend(sorted(p for p in path.rglob("*.yaml") if p.is_file()))
        elif path.is_file():
            found.append(path)
        else:
            raise ScenarioError(f"no such file or folder: {path}")
    return found


class Scenario:
    """A loaded scenario: its ruleset compiled, its cards checked."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self.source: Source = read_yaml(self.path)
        check_schema(self.source, "scenario", ScenarioError)
        data = self.source.data
        self.name = data["name"]
        ref = data["ruleset"]
        if ref.endswith((".yaml", ".yml")):
            ref = str((self.path.parent / ref).resolve())
        try:
            self.ruleset = load_ruleset(ref, data.get("options", {}))
        except HouserulesError as err:
            if err.file is None:
                where = self.source.locate(("options",) if "option" in err.message else ("ruleset",))
                err.file, err.line, err.column = where.file, where.line, where.column
            raise
        self.check_cards()

    def error(self, path: tuple, message: str) -> ScenarioError:
        return self.source.error(path, message, ScenarioError)

    def card(self, text: str, path: tuple):
        """The ruleset's card called `text`, or an error at `path`."""
        try:
            return self.ruleset.card(text)
        except HouserulesError as err:
            raise self.error(path, err.message) from None

    def check_cards(self) -> None:
        """Every card the scenario names must exist in the ruleset's deck."""
        data = self.source.data
        for section in ("table", "deal"):
            for key, value in data.get(section, {}).items():
                if key == "hands":
                    for seat, cards in enumerate(value):
                        self.cards(cards, (section, key, seat))
                elif key in ("discard", "stock", "deck"):
                    self.cards(value, (section, key))
        for index, step in enumerate(data["steps"]):
            if isinstance(step, dict) and "play" in step:
                self.card(step["play"], ("steps", index, "play"))

    def cards(self, names: list, path: tuple) -> list:
        return [self.card(name, path + (i,)) for i, name in enumerate(names)]

    def new_game(self) -> GameState:
        """The game at the scenario's starting point."""
        data = self.source.data
        seed = data.get("seed", 0)
        if "table" in data:
            table = data["table"]
            players = len(table["hands"])
            if data.get("players", players) != players:
                raise self.error(("players",), f"players is {data['players']} but table.hands "
                                               f"has {players} hands")
            return GameState.from_table(
                self.ruleset, hands=[self.cards(h, ("table", "hands", s))
                                     for s, h in enumerate(table["hands"])],
                discard=self.cards(table["discard"], ("table", "discard")),
                stock=self.cards(table["stock"], ("table", "stock")),
                turn=table.get("turn", 0), direction=table.get("direction", 1),
                color=table.get("color"), dealer=table.get("dealer"),
                scores=table.get("scores"), seed=seed, record=True)
        deal = data["deal"]
        try:
            return GameState(self.ruleset, players=data.get("players"), seed=seed,
                             dealer=deal.get("dealer"), record=True,
                             stacked=self.cards(deal["deck"], ("deal", "deck")))
        except IllegalMove as err:
            raise self.error(("deal", "deck"), err.message) from None

    def run(self) -> Outcome:
        """Play the steps; stop at the first that fails."""
        outcome = Outcome(display_name(self.path), self.name)
        game = self.new_game()
        for index, step in enumerate(self.source.data["steps"]):
            try:
                self.run_step(game, step, ("steps", index))
            except (StepFailed, HouserulesError) as failed:
                line = self.source.locate(("steps", index)).line
                outcome.failures.append(Failure(index + 1, line, str(failed), picture(game)))
                break
        return outcome

    def run_step(self, game: GameState, step, path: tuple) -> None:
        if step == DRAW:
            step = {"draw": True}
        if any(key in step for key in ANSWERS) and game.decision is None and not game.over:
            game.next_hand()
        decision = game.decision
        if decision is not None and decision.kind == "jump_in" and any(k in step for k in ANSWERS):
            # A play `by` a seat the window is open to jumps in; any other answer passes it by.
            jumper = step.get("by") if "play" in step else None
            game.apply(jumper if jumper in decision.open_to else None)
            if jumper in decision.open_to:
                expect_equal("card jumped in with", card_key(step["play"]), card_key(game.top.name))
                self.after_play(game, step)
                if "expect" in step:
                    check_expectations(self, game, step["expect"], path + ("expect",))
                return
        if "by" in step:
            expect_equal("deciding seat", step["by"], game.current_seat)
        if step.get("refused"):
            self.expect_refused(game, step, path)
        elif any(key in step for key in ANSWERS):
            self.answer(game, step, path)
        if "expect" in step:
            check_expectations(self, game, step["expect"], path + ("expect",))

    def answer(self, game: GameState, step: dict, path: tuple) -> None:
        """Answer the pending decision (and, with `play`, its UNO call and colour)."""
        if "play" in step:
            self.apply(game, "play", self.card(step["play"], path + ("play",)))
            self.after_play(game, step)
            return
        for key, kind in ANSWERS.items():
            if key in step:
                value = step[key]
                if key == "draw":
                    value = DRAW
                elif key == "catch" and value == "none":
                    value = None
                self.apply(game, kind, value)
                return

    def after_play(self, game: GameState, step: dict) -> None:
        """A play's own follow-ups: its UNO call (called unless `uno: false`) and its colour."""
        if game.decision is not None and game.decision.kind == "uno":
            game.apply(step.get("uno", True))
        if "color" in step:
            self.apply(game, "color", step["color"])

    def apply(self, game: GameState, kind, value) -> None:
        decision = game.decision
        if decision is None:
            raise StepFailed(f"no decision is pending (the {'match' if game.over else 'hand'} "
                             "is over)")
        if kind is not None and decision.kind != kind:
            raise StepFailed(f"this step answers a {kind} decision, but a {decision.kind} "
                             f"decision is pending (for seat {decision.seat})")
        game.apply(value)

    def expect_refused(self, game: GameState, step: dict, path: tuple) -> None:
        """The step must raise IllegalMove and leave the state as it was."""
        before = snapshot(game)
        try:
            self.answer(game, step, path)
        except IllegalMove:
            if snapshot(game) != before:
                raise StepFailed("the step was refused but the state changed") from None
            return
        raise StepFailed("expected the step to be refused, but it was accepted")


def expect_equal(what: str, expected, actual) -> None:
    if expected != actual:
        raise StepFailed(f"{what}: expected {expected!r}, got {actual!r}")


def snapshot(game: GameState) -> tuple:
    """Enough of the state to tell whether anything changed."""
    return (tuple(tuple(h) for h in game.hands), tuple(game.stock), tuple(game.discard),
            game.color, game.direction, game.turn, tuple(game.scores), game.decision)


def names(cards) -> list:
    return sorted(card_key(c.name) for c in cards)


def check_expectations(scenario: Scenario, game: GameState, expect: dict, path: tuple) -> None:
    """Compare every expected value with the game; the first difference fails the step."""
    last = game.hand_results[-1] if game.hand_results and game.decision is None else None
    actual = {
        "turn": lambda: game.turn,
        "pending": lambda: game.decision.kind if game.decision else None,
        "by": lambda: game.current_seat,
        "direction": lambda: game.direction,
        "color": lambda: game.color,
        "top": lambda: card_key(game.top.name) if game.top else None,
        "hand_sizes": game.hand_sizes,
        "stock_size": lambda: len(game.stock),
        "discard_size": lambda: len(game.discard),
        "scores": lambda: list(game.scores),
        "hand_over": lambda: game.decision is None,
        "hand_winner": lambda: last.winner if last else None,
        "match_winner": lambda: game.match_winner,
        "dealer": lambda: game.dealer,
    }
    for key, expected in expect.items():
        if key == "hands":
            for seat, cards in expected.items():
                wanted = names(scenario.cards(cards, path + ("hands", seat)))
                expect_equal(f"hand of seat {seat}", wanted, names(game.hands[int(seat)]))
        elif key == "top":
            expect_equal("top", card_key(scenario.card(expected, path + ("top",)).name),
                         actual["top"]())
        else:
            expect_equal(key, expected, actual[key]())


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
    return "\n".join(lines)


def check_files(paths: list) -> list[Outcome]:
    """Load and run every scenario under `paths` (a malformed one raises ScenarioError)."""
    return [Scenario(path).run() for path in find_scenarios(paths)]
