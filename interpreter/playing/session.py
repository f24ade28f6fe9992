"""A person's game against bots: every answer recorded, saved atomically, resumed exactly."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from interpreter.building.ruleset import load_ruleset
from interpreter.engine.budget import within_move
from interpreter.engine.game import GameState
from interpreter.engine.invariants import check_invariants
from interpreter.errors import HouserulesError, IllegalMove, RuleRuntimeError
from interpreter.loading.kinds import SAVE, mistaken
from interpreter.loading.source import is_bundled
from interpreter.loading.untrusted import (
    check,
    check_but_items,
    check_reference,
    parse_json,
    read_text,
)
from interpreter.playing.gamelog import (
    NEXT_HAND,
    LogWriter,
    decode,
    encode,
    error_text,
    options_text,
)
from interpreter.playing.seating import bot_names, seat_bots

# Saves hold answers as gamelog.encode writes them (a card as {"card": NAME}), which the
# reader tells apart from format 1's bare card names by their shape; the schema accepts
# formats 1 and 2, so that writing 2 is the only change needed to bump it.
SAVE_FORMAT = 2  # 2: a card answer is {"card": NAME}; 1 wrote its bare name
MAX_SAVE_BYTES = 10_000_000
# Lists and objects in a save: its answers that are cards (about one a turn) and a few more;
# twice the turns a game's budget of work allows (budget.WORK_PER_GAME, 2,000,000, charges
# TURN_WORK, 8, or more a turn, and ends the match before it is spent). Past this many a save is refused before it is parsed: 3
# million `{}` would take seconds and over 300 MB, this many under 200 MB.
MAX_SAVE_CONTAINERS = 500_000
MT_POSITIONS = 624  # a Mersenne Twister state: 624 words and a position from 0 to 624


class SaveError(HouserulesError):
    """A saved game that cannot be read or no longer fits its ruleset."""


def make_bots(kind: str, players: int, human: int, seed, humans: tuple = ()) -> list:
    """A bot for every seat but the people's (None there: `human`'s and `humans`'); `kind` as
    `play --bots` takes it."""
    names = bot_names(kind, players, human)
    return seat_bots([None if seat in humans else name for seat, name in enumerate(names)], seed)


class Session:
    """The ruleset, the game, the bots, and the list of every answer given so far."""

    def __init__(self, ruleset_ref: str, options: dict, players: int | None, seat: int,
                 bots: str, seed: int, humans: tuple = (), public_windows: bool = False,
                 move_work: int = 0, folder: Path | None = None):
        self.ruleset_ref = ruleset_ref
        self.options = dict(options)
        self.ruleset = load_ruleset(ruleset_in(ruleset_ref, folder), self.options)
        self.players = players or self.ruleset.default_players
        self.ruleset.check_players(self.players)
        if not 0 <= seat < self.players:
            raise HouserulesError(f"--seat must be a seat from 0 to {self.players - 1}")
        self.seat = seat
        # Every seat a person plays (a browser table may have several); `seat` is the first.
        self.humans = tuple(sorted({seat, *humans}))
        if any(not 0 <= s < self.players for s in self.humans):
            raise HouserulesError(f"a person's seat must be from 0 to {self.players - 1}")
        self.bot_kind = bots
        self.seed = seed
        self.public_windows = public_windows  # GameState.public_windows: a table of several people
        self.move_work = move_work  # the most work one move may do (0: the game's whole budget)
        self.game = GameState(self.ruleset, players=self.players, seed=seed, record=True,
                              public_windows=public_windows, deal=False)
        within_move(self.game, move_work, self.game.deal_first)
        self.bots = make_bots(bots, self.players, seat, seed, self.humans)
        self.answers: list = []
        self.log: LogWriter | None = None
        self.kept: tuple | None = None  # (answers, bot random states) at the last checkpoint()
        # Set when this game was saved as a rule failed: resuming it on the fixed ruleset is
        # allowed (its answers are still checked one by one as they are replayed).
        self.broken: str | None = None

    def start_log(self, path) -> None:
        """Also write every decision, from now on, as a game log (`houserules replay` reads it)."""
        self.log = LogWriter(path, self.ruleset_ref, self.ruleset, self.players, self.seed, "person")

    def apply(self, answer) -> None:
        """Answer the pending decision and remember the answer."""
        decision = self.game.decision
        within_move(self.game, self.move_work, self.game.apply, answer)
        assert decision is not None  # the game refuses an answer when nothing is asked
        self.answers.append(encode(answer, decision.options))
        if self.log:
            self.log.decided(decision, answer)
            if self.game.over:
                self.log.finish(self.game)

    def close_log(self) -> None:
        """End the game log where the game now stands."""
        if self.log:
            self.log.finish(self.game)

    def next_hand(self) -> None:
        """Deal the next hand, and remember that it was dealt."""
        within_move(self.game, self.move_work, self.game.next_hand)
        self.answers.append(NEXT_HAND)
        if self.log:
            self.log.next_hand()

    def checkpoint(self) -> None:
        """Remember the game as it stands, to save if the next action breaks a rule."""
        self.kept = (len(self.answers), [rng_state(bot) for bot in self.bots])

    def to_json(self) -> dict:
        return {
            "format": SAVE_FORMAT,
            "ruleset": self.ruleset_ref,
            "digest": self.ruleset.digest,
            "options": self.options,
            "players": self.players,
            "seat": self.seat,
            "bots": self.bot_kind,
            "seed": self.seed,
            "answers": self.answers,
            "bot_random_states": [rng_state(bot) for bot in self.bots],
            **({"humans": list(self.humans)} if len(self.humans) > 1 else {}),
            **({"public_windows": True} if self.public_windows else {}),
            **({"move_work": self.move_work} if self.move_work else {}),
        }

    def save(self, path: Path, broken: str | None = None) -> None:
        """Write the whole game: a temporary file first, flushed to the disk, then renamed over
        the old one. A write that fails (a full disk) removes the temporary file, leaves the
        old save as it was, and says so. `broken`: a rule failed (this message): the game is
        written as checkpoint() last took it, before the action that broke, and may be resumed
        once the ruleset is fixed."""
        path = Path(path)
        data = self.to_json()
        if broken is not None and self.kept is not None:
            data["answers"] = self.answers[:self.kept[0]]
            data["bot_random_states"] = self.kept[1]
        failure = broken if broken is not None else self.broken
        if failure is not None:
            data["broken"] = failure[:1000]
        try:
            atomic_json(path, data)
        except OSError as exc:
            kept = (f"{path.name} still holds the game as it was before this action "
                    f"(houserules resume {path} continues from there)" if path.exists()
                    else "nothing was saved")
            raise HouserulesError(f"cannot save the game: {exc.strerror or exc}; {kept}",
                                  file=str(path)) from None

    @classmethod
    def load(cls, path: Path, folder: Path | None = None) -> "Session":
        """Rebuild a saved game by replaying its answers; the bots pick up where they were.

        A save is untrusted: it is read as untrusted.py reads any file (a regular file of at
        most MAX_SAVE_BYTES) and checked against schema/save.schema.json, each answer just
        before it is replayed from the seed; a save whose answers do not fit the game (one
        not legal when it is given) is refused (SaveError), never resumed. The game's
        invariants are checked at the end of each hand and after the last answer (see
        replay_answer)."""
        shown = str(path)
        data, answer_schema = read_save(path)
        version = data["format"]
        check_reference(data["ruleset"], file=shown, cls=SaveError)
        if data["seat"] >= data["players"]:
            raise SaveError(f"expected a seat at the table, from 0 to {data['players'] - 1}, got "
                            f"{data['seat']}", file=shown, path="$.seat")
        try:
            session = cls(data["ruleset"], data["options"], data["players"], data["seat"],
                          data["bots"], data["seed"], tuple(data.get("humans", ())),
                          data.get("public_windows", False), data.get("move_work", 0),
                          folder=folder)
        except HouserulesError as err:
            raise SaveError(f"this saved game cannot be set up again: {error_text(err)}",
                            file=shown, detail=err.detail) from None
        if session.ruleset.digest != data["digest"] and "broken" not in data:
            raise SaveError(f"the ruleset {data['ruleset']} has changed since this game was saved",
                            file=shown, path="$.digest")
        if "broken" in data and session.ruleset.digest == data["digest"]:
            session.broken = data["broken"]  # not fixed yet: replaying shows the failure again
        states = data.get("bot_random_states")
        if states is not None:
            check_random_states(states, session, shown)
        for index, saved in enumerate(data["answers"]):
            check(saved, "save", answer_schema, file=shown, cls=SaveError, at=("answers", index))
            replay_answer(session, saved, version, shown, index)
        check_replayed(session, shown, len(data["answers"]) - 1)
        for seat, (agent, state) in enumerate(zip(session.bots, states or ())):
            if agent is not None:
                try:
                    agent.rng.setstate((state[0], tuple(state[1]), state[2]))
                except (ValueError, TypeError, OverflowError) as exc:
                    raise SaveError(f"not a random state: {exc}", file=shown,
                                    path=f"$.bot_random_states[{seat}]") from None
        return session


def ruleset_in(ref: str, folder: Path | None) -> str:
    """What to load for the ruleset reference `ref`. A browser table's game (`folder`: the
    table's folder) names its files relative to that folder, so that the folder may move:
    each must be in it (an absolute path, from an older save, is looked for in it again by
    its name once the folder has moved); a file anywhere else is refused."""
    if folder is None:
        return ref
    parts = []
    for part in ref.split("+"):
        part = part.strip()
        if is_bundled(part):
            parts.append(part)
            continue
        path = Path(part)
        if path.is_absolute() and path.parent.name == folder.name:
            path = Path(path.name)
        try:
            inside = (folder / path).resolve().parent == folder.resolve()
        except (OSError, RuntimeError, ValueError):  # a link loop, a NUL
            inside = False
        if not inside:
            raise SaveError("this table's saved game names a ruleset outside the table's folder",
                            path="$.ruleset")
        parts.append(str(folder / path))
    return "+".join(parts)


def atomic_json(path: Path, data, mode: int | None = None) -> None:
    """Write `data` as JSON: a temporary file first, flushed to the disk, then renamed over the
    old one, so a reader finds the old file or the new one, never half of one. A write that
    fails removes the temporary file and raises OSError. `mode`: the file's permissions."""
    temp = None
    try:
        handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
        if mode is not None:
            os.fchmod(handle, mode)
        with os.fdopen(handle, "w") as out:
            # dumps, not dump: dump encodes in Python, dumps in C (a save of 594 answers and
            # two bots' generator states, 24 KB: 1.95 ms -> 0.43 ms; examples/BENCHMARK.md).
            out.write(json.dumps(data))
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        if temp is not None:
            try:
                os.unlink(temp)
            except OSError:
                pass  # it was never made, or cannot be removed either: nothing more to do
        raise


def read_save(path) -> tuple:
    """A saved game's data, read safely and checked against schema/save.schema.json, all but
    its answers; and the definition of that schema each answer must fit (checked one by one
    as they are replayed, so that the first wrong one stops the work)."""
    shown = str(path)
    try:
        text = read_text(path, cap=MAX_SAVE_BYTES, what="saved game", cls=SaveError)
        data = parse_json(text, what="saved game", file=shown, cls=SaveError,
                          containers=MAX_SAVE_CONTAINERS)
        if not isinstance(data, dict) or "format" not in data:
            raise SaveError('this is not a houserules saved game: expected a JSON object '
                            '{"format": ..., "ruleset": ..., "answers": [...], ...}', file=shown)
        return data, check_but_items(data, "save", "answers", file=shown, cls=SaveError)
    except SaveError as err:
        raise mistaken(err, path, SAVE) from None  # a game log, say: which command reads it


def check_random_states(states: list, session: "Session", shown: str) -> None:
    """One random state per seat: null for a person's, a state for each bot's."""
    if len(states) != session.players:
        raise SaveError(f"expected {session.players} random states, one per seat, got "
                        f"{len(states)}", file=shown, path="$.bot_random_states")
    for seat, state in enumerate(states):
        where = f"$.bot_random_states[{seat}]"
        if seat in session.humans and state is not None:
            raise SaveError("expected null: this is the person's seat", file=shown, path=where)
        if seat not in session.humans and state is None:
            raise SaveError("expected the random state of this seat's bot, got null",
                            file=shown, path=where)
        if state is not None and state[1][-1] > MT_POSITIONS:
            raise SaveError(f"not a random state: its position {state[1][-1]} is past "
                            f"{MT_POSITIONS}", file=shown, path=where)


def replay_answer(session: "Session", saved, version: int, shown: str, index: int) -> None:
    """Give saved answer `index` again (or deal the next hand); refuse it if it does not fit.

    What a tampered save can break is the legality of an answer, and that is checked here at
    every one (decode finds it among the options, the engine refuses it if it is not legal).
    The invariants (cards conserved, sound hands, a pending decision with legal options) are
    kept by the engine itself and cost time in proportion to the cards on the table, so they
    are checked when a hand ends or is dealt, and after the last answer (check_replayed), not
    after every answer: a save of thousands of answers with a 20,000-card deck loads at once."""
    game = session.game
    try:
        if saved == NEXT_HAND:
            if game.over or game.decision is not None:
                raise refusal(index, shown, "the next hand is dealt, but " + (
                    "the match is over" if game.over else "the hand is still being played"))
            session.next_hand()
            check_invariants(game)
        elif game.decision is None:
            raise refusal(index, shown, "an answer, but the game asks nothing here ("
                          + ("the match is over)" if game.over else "the hand is over)"))
        else:
            decision = game.decision
            answer = decode(saved, decision.options, version)
            if answer is None and saved is not None:
                raise refusal(index, shown, f"{json.dumps(saved)} is not a legal answer to this "
                              f"{decision.kind} decision (options: "
                              f"{options_text(decision.options)})")
            session.apply(answer)
            if game.decision is None:  # the hand (or the match) is over
                check_invariants(game)
    except IllegalMove as err:
        raise refusal(index, shown, f"refused: {err.message}") from None
    except RuleRuntimeError as err:
        raise refusal(index, shown, f"the game broke: {err.message}") from None


def check_replayed(session: "Session", shown: str, last: int) -> None:
    """The invariants of the game the saved answers led to; `last`: the index of the last
    answer (-1: there is none)."""
    try:
        check_invariants(session.game)
    except RuleRuntimeError as err:
        if last < 0:
            raise SaveError(f"the game broke: {err.message}", file=shown) from None
        raise refusal(last, shown, f"the game broke: {err.message}") from None


def refusal(index: int, shown: str, problem: str) -> SaveError:
    """Saved answer `index` does not fit the game."""
    return SaveError(f"answer {index + 1}: {problem}; the saved answers do not fit the game",
                     file=shown, path=f"$.answers[{index}]")


def rng_state(bot):
    """A bot's random state as JSON (None for the person's seat)."""
    return None if bot is None else bot.rng.getstate()
