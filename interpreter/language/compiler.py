"""Compile effect-language ASTs, once, into Python closures over (game, frame).

An effect becomes a tuple of ops, `op(game, frame) -> Decision | None`; the engine runs ops
one by one and stops at the first that needs a player's decision. An expression becomes
`fn(game, frame) -> value` (expressions.py). No user text is ever eval'd.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from interpreter.engine import chance
from interpreter.engine.budget import WORK_MESSAGE
from interpreter.engine.frame import Frame
from interpreter.language import dsl, typecheck
from interpreter.language.arguments import seats_of
from interpreter.language.builtins import FUNCTIONS, Builtin
from interpreter.language.comprehensions import MAX_NESTING, Fn
from interpreter.language.expressions import RULE_ERRORS, ExpressionCompiler, invoke
from interpreter.language.symbols import Symbols

if TYPE_CHECKING:
    from interpreter.engine.game import GameState


# An op: op(game, frame) -> a Decision the engine stops at, or None to go on.
Op = Callable[[Any, Any], object]
# A loop past limits.loop_turns: the rule's mistake, told where it is, never a game that hangs.
REPEAT_MESSAGE = "repeat {:,} goes round more times than a loop may: {:,} (limits.loop_turns)"
WHILE_MESSAGE = ("the while loop went round {:,} times and its condition still holds: a loop "
                 "goes round at most that many (limits.loop_turns); does its body ever make "
                 "the condition false?")


class Compiler(ExpressionCompiler):
    """Compiles one piece of effect text, statements and expressions; errors point into it."""

    # --- effects ---------------------------------------------------------------------

    def effect(self, block: Any) -> tuple[Op, ...]:
        """A dsl.Block of statements as a tuple of ops."""
        return tuple(op for s in block.statements for op in self.statement(s))

    def statement(self, node: Any) -> tuple[Op, ...]:
        """One statement as ops: usually one; an `if` settled at load gives its branch's."""
        if isinstance(node, dsl.If):
            return self.if_ops(node)
        if isinstance(node, dsl.Let):
            return (self.let_op(node),)
        if isinstance(node, dsl.For):
            return (self.for_op(node),)
        if isinstance(node, dsl.Repeat):
            return (self.repeat_op(node),)
        if isinstance(node, dsl.While):
            return self.while_ops(node)
        return (self.call_op(node.call, None),)

    def loop_body(self, node: dsl.Repeat | dsl.While) -> tuple[Op, ...]:
        """A repeat's or while's body, nested as a `for`'s is (each level multiplies the work)."""
        if self.nesting >= MAX_NESTING:
            raise self.fail(node, f"loops and comprehensions (for, repeat, while, any, all, "
                                  f"count, sum) nest at most {MAX_NESTING} deep: each level "
                                  "multiplies the work")
        self.nesting += 1
        try:
            return self.effect(node.body)
        finally:
            self.nesting -= 1

    def repeat_op(self, node: dsl.Repeat) -> Op:
        """`repeat N do BODY end`: N worked out once; each turn is charged and pushes the
        body, with the next turn queued after it, so that a choice in the body suspends the
        loop and it goes on once answered (as a `for` does)."""
        count = self.expr(node.count)
        body = self.loop_body(node)
        # The turns left live in the frame (a clone copies it); the key has a `#`, which no
        # name has, and the loop's place, which no other loop of the text has.
        state, runtime = f"#repeat{node.line}:{node.column}", self.runtime

        def step(game: GameState, frame: Frame) -> object:
            scope = frame.vars
            left: int = scope[state]
            if left <= 0:
                del scope[state]
                return None
            game.work_left -= 1  # each turn is charged, like each seat a `for` goes through
            if game.work_left < 0:
                raise runtime(node, ValueError(WORK_MESSAGE))
            scope[state] = left - 1
            game.queue(step, frame)
            game.push(body, frame)
            return None

        def start(game: GameState, frame: Frame) -> object:
            turns = count(game, frame)
            if type(turns) is not int:
                raise runtime(node, TypeError(f"repeat goes round a whole number of times, "
                                              f"not {turns!r}"))
            limit: int = game.rules.loop_turns
            if turns > limit:
                raise runtime(node, ValueError(REPEAT_MESSAGE.format(turns, limit)))
            frame.vars[state] = turns
            return step(game, frame)
        return start

    def while_ops(self, node: dsl.While) -> tuple[Op, ...]:
        """`while COND do BODY end`: COND asked before each turn; each turn is charged and
        counted, past limits.loop_turns the rule fails, and the body is pushed with the next
        turn queued after it, as repeat's is. A condition false whatever the game does
        leaves nothing to run."""
        cond = self.expr(node.cond)
        body = self.loop_body(node)
        known, value = self.static(node.cond)
        if known and not value:
            return ()
        state, runtime = f"#while{node.line}:{node.column}", self.runtime

        def step(game: GameState, frame: Frame) -> object:
            scope = frame.vars
            if not cond(game, frame):
                del scope[state]
                return None
            turn: int = scope[state] + 1
            limit: int = game.rules.loop_turns
            if turn > limit:
                raise runtime(node, ValueError(WHILE_MESSAGE.format(limit)))
            game.work_left -= 1
            if game.work_left < 0:
                raise runtime(node, ValueError(WORK_MESSAGE))
            scope[state] = turn
            game.queue(step, frame)
            game.push(body, frame)
            return None

        def start(game: GameState, frame: Frame) -> object:
            frame.vars[state] = 0
            return step(game, frame)
        return (start,)

    def for_op(self, node: dsl.For) -> Op:
        """`for s in SEATS do BODY end`: the seats are worked out once, when the loop starts;
        each seat is bound in turn and the body's ops pushed, so a choice in the body
        suspends the loop and the next seat's turn comes once it is answered."""
        if self.nesting >= MAX_NESTING:
            raise self.fail(node, f"loops and comprehensions (for, any, all, count, sum) nest "
                                  f"at most {MAX_NESTING} deep: each level multiplies the work "
                                  "by the number of seats or cards")
        source = self.expr(node.source)
        self.nesting += 1
        outer = self.scope.get(node.var)
        key = f"{node.var}#{len(self.scope)}"
        self.scope[node.var] = key
        try:
            body = self.effect(node.body)
        finally:
            self.nesting -= 1
            if outer is None:
                del self.scope[node.var]
            else:
                self.scope[node.var] = outer
        # The loop's place between iterations lives in the frame (a clone copies it); the key
        # has a `#`, which no name has.
        state, runtime = key + "#loop", self.runtime

        def step(game: GameState, frame: Frame) -> object:
            scope = frame.vars
            place: tuple[Any, ...] = scope[state]  # indexed, not unpacked through an iterator
            seats, index = place[0], place[1]
            while index < len(seats) and game.out[seats[index]]:
                index += 1  # put out of the match since the loop started: passed by
            if index == len(seats):
                del scope[state]
                return None
            game.work_left -= 1  # each iteration is charged, like each item a comprehension sees
            if game.work_left < 0:
                raise runtime(node, ValueError(WORK_MESSAGE))
            scope[state] = (seats, index + 1)
            scope[key] = seats[index]
            game.queue(step, frame)
            game.push(body, frame)
            return None

        def start(game: GameState, frame: Frame) -> object:
            try:
                seats = seats_of(game, source(game, frame))
            except (TypeError, ValueError) as exc:
                raise runtime(node, exc) from None
            frame.vars[state] = (seats, 0)
            return step(game, frame)
        return start

    def if_ops(self, node: dsl.If) -> tuple[Op, ...]:
        found: list[Any] = []
        orelse = None
        for cond, block in node.branches:
            compiled = self.expr(cond)  # once, even when settled: unknown names are errors
            known, value = self.static(cond)
            if not known:
                found.append((compiled, self.effect(block)))
            elif value:
                orelse = self.effect(block)  # always taken: nothing after it matters
                break
        if orelse is None:
            orelse = self.effect(node.orelse) if node.orelse else ()
        if not found:
            return orelse
        branches = tuple(found)

        def op(game: GameState, frame: Frame) -> object:
            # Indexed, each branch typed: unpacking it in the loop went through Python's
            # iterator protocol (callgrind: about 230 instructions an `if`).
            for at in range(len(branches)):
                branch: tuple[Any, ...] = branches[at]
                if branch[0](game, frame):
                    game.push(branch[1], frame)
                    return None
            if orelse:
                game.push(orelse, frame)
            return None
        return (op,)
    def let_op(self, node: dsl.Let) -> Op:
        if isinstance(node.value, dsl.Call) and node.value.function in FUNCTIONS \
                and FUNCTIONS[node.value.function].role != "query":
            op = self.call_op(node.value, node.var)
            self.scope[node.var] = node.var
            return op
        value = self.expr(node.value)
        self.scope[node.var] = node.var
        name = node.var

        def store(game: GameState, frame: Frame) -> None:
            # A value, not a view: a hand (a live list) is copied as it is now, so that a
            # later draw or play does not change what the name holds.
            result = value(game, frame)
            frame.vars[name] = tuple(result) if type(result) is list else result
        return store

    def call_op(self, node: dsl.Call, target: str | None) -> Op:
        """An action or choice call as a statement, its result stored in `target` if given."""
        prim = self.builtin(node)
        if prim.role == "query":
            raise self.fail(node, f"{node.function}() only reads the game; use it inside a condition")
        args = tuple(self.expr(a) for a in node.args)
        if prim.picks:
            return self.picks_op(node, prim.fn, args, target, prim.settle)
        if prim.chance:
            return self.chance_op(node, prim.fn, args, target)
        if prim.role == "choice":
            return self.choice_op(node, prim, args, target)
        runtime = self.runtime
        if target is None and len(args) == 1:
            # The common statements, `lose_turn(next)` and `draw(next, 2)`: the primitive
            # called here at once.
            fn, (one,) = prim.fn, args

            def op_one(game: GameState, frame: Frame) -> None:
                try:
                    fn(game, frame, one(game, frame))
                except RULE_ERRORS as exc:
                    raise runtime(node, exc) from None
            return op_one
        if target is None and len(args) == 2:
            fn, (first, second) = prim.fn, args

            def op_two(game: GameState, frame: Frame) -> None:
                try:
                    fn(game, frame, first(game, frame), second(game, frame))
                except RULE_ERRORS as exc:
                    raise runtime(node, exc) from None
            return op_two

        fn = prim.fn

        def op(game: GameState, frame: Frame) -> None:
            try:
                result = invoke(fn, args, game, frame)
            except RULE_ERRORS as exc:
                raise runtime(node, exc) from None
            if target is not None:
                frame.vars[target] = result
        return op

    def choice_op(self, node: dsl.Call, prim: Builtin, args: tuple[Fn, ...],
                  target: str | None) -> Op:
        fn, settle, runtime = prim.fn, prim.settle, self.runtime

        def answer(game: GameState, frame: Frame, value: Any) -> None:
            if settle is not None:
                settle(game, frame, value)
            if target is not None:
                frame.vars[target] = value

        def op(game: GameState, frame: Frame) -> object:
            try:
                asked: tuple[Any, ...] = invoke(fn, args, game, frame)  # indexed, not unpacked through
            except (TypeError, ValueError) as exc:            # Python's iterator protocol
                raise runtime(node, exc) from None
            kind, seat, options = asked[0], asked[1], asked[2]
            if not options:
                answer(game, frame, None)
                return None
            return game.request(kind, seat, options, answer, frame)
        return op

    def chance_op(self, node: dsl.Call, fn: Callable[..., Any], args: tuple[Fn, ...],
                  target: str | None) -> Op:
        """A random outcome (random(), outcome()): drawn at once from the game's chance, or,
        with chance nodes on, asked as a chance decision; either way a `chance` event names
        it, and it is stored in `target`."""
        runtime = self.runtime
        # What the chance is called, kept in the frame while its decision is pending.
        key = f"#chance{node.line}:{node.column}"

        def answer(game: GameState, frame: Frame, outcome: Any) -> None:
            called = frame.vars.pop(key, None)
            if game.events is not None:
                game.log("chance", seat=frame.player, of=called, outcome=outcome)
            if target is not None:
                frame.vars[target] = outcome

        def op(game: GameState, frame: Frame) -> object:
            try:
                asked: tuple[Any, ...] = invoke(fn, args, game, frame)
                frame.vars[key] = asked[0]
                if game.chance_nodes:
                    return chance.ask(game, asked[1], answer, frame)
                outcome = chance.draw(game, asked[1])
            except RULE_ERRORS as exc:
                raise runtime(node, exc) from None
            answer(game, frame, outcome)
            return None
        return op

    def picks_op(self, node: dsl.Call, fn: Callable[..., Any], args: tuple[Fn, ...],
                 target: str | None, settle: Callable[..., Any] | None = None) -> Op:
        """A choice asked one pick at a time: a decision per pick (of the picks' `kind`,
        a card or a seat) until the CardPicks (or CardPasses) is complete; then `settle`
        applies it, or its chosen cards, as a tuple, are stored in `target`."""
        runtime = self.runtime
        # The choice's state between picks lives in the frame (a clone copies it); the key
        # cannot clash with a name, which has no `#`.
        key = f"#picks{node.line}:{node.column}"

        def ask(game: GameState, frame: Frame) -> object:
            picks = frame.vars[key]
            game.work_left -= len(picks.pool)  # each pick goes through the cards left
            if game.work_left < 0:
                raise runtime(node, ValueError(WORK_MESSAGE))
            options = picks.options()
            if options:
                return game.request(picks.kind, picks.seat, options, answer, frame)
            del frame.vars[key]
            if settle is not None:
                try:
                    settle(game, frame, picks)
                except (TypeError, ValueError) as exc:
                    raise runtime(node, exc) from None
            elif target is not None:
                frame.vars[target] = tuple(picks.chosen)
            return None

        def answer(game: GameState, frame: Frame, value: Any) -> None:
            frame.vars[key].take(value)
            game.queue(ask, frame)

        def op(game: GameState, frame: Frame) -> object:
            try:
                frame.vars[key] = invoke(fn, args, game, frame)
            except (TypeError, ValueError) as exc:
                raise runtime(node, exc) from None
            return ask(game, frame)
        return op
def compile_effect(text: str, symbols: Symbols) -> tuple[Op, ...]:
    """Effect text -> tuple of ops."""
    symbols.text = text
    tree, compiler = dsl.parse(text, "effect", symbols.where), Compiler(symbols)
    ops = compiler.effect(tree)
    typecheck.check(compiler, tree)  # after compiling: names, arities and roles are sound
    return ops


def compile_expression(text: str, symbols: Symbols) -> Fn:
    """Condition or expression text -> fn(game, frame)."""
    symbols.text = text
    tree, compiler = dsl.parse(text, "condition", symbols.where), Compiler(symbols)
    fn = compiler.expr(tree)
    typecheck.check(compiler, tree)
    return fn
