"""Build hook: compile the modules a turn runs through to C with mypyc, when it can.

The metadata is in pyproject.toml. mypyc turns the typed engine, effect compiler, agents and
cards into a C extension (about 1.5x the games per second); the .py files ship too and play
the same games. interpreter/engine/_chance.c, the shuffle, is a small C extension of its own.
Set HOUSERULES_PURE_PYTHON=1 to skip compiling; where there is no C compiler the build
falls back to pure Python by itself.
"""

import os
import platform
import sys
import tempfile
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

# Only what every turn runs through (the engine, the closures effects run as, the bots and
# the match loop): the rest (YAML, schema, parser, simulation's process pools, front ends)
# stays pure Python, where tracebacks and monkeypatching work as usual.
COMPILED = ["interpreter/engine/budget.py", "interpreter/engine/cards.py", "interpreter/playing/dice.py",
            # The effect language's run-time functions (builtins.py, the table of them, and
            # checks.py, their load-time checks, are read at load only: not compiled).
            "interpreter/language/arguments.py", "interpreter/language/names.py",
            "interpreter/language/queries.py", "interpreter/language/moving.py",
            "interpreter/language/turn_order.py", "interpreter/language/variables.py",
            "interpreter/language/choices.py",
            "interpreter/language/comprehensions.py", "interpreter/language/expressions.py",
            "interpreter/language/compiler.py",
            "interpreter/engine/decisions.py", "interpreter/engine/turns.py", "interpreter/engine/answers.py",
            "interpreter/engine/rules.py", "interpreter/engine/state.py", "interpreter/engine/game.py",
            "interpreter/engine/turn_draws.py", "interpreter/engine/chance.py", "interpreter/engine/order.py",
            "interpreter/engine/clone.py", "interpreter/engine/frame.py", "interpreter/engine/triggers.py",
            "interpreter/engine/replacing.py", "interpreter/engine/runaway.py", "interpreter/engine/dealing.py", "interpreter/engine/scoring.py",
            "interpreter/engine/playable.py", "interpreter/engine/moves.py", "interpreter/engine/drawing.py",
            "interpreter/engine/piles.py",
            "interpreter/playing/agents.py", "interpreter/playing/match.py", "interpreter/rl/encoding.py",
            "interpreter/simulate/stats.py", "interpreter/simulate/tally.py"]


# The shuffle in C (it reads CPython's generator in place; dealing.py checks it at import).
CHANCE = Extension("interpreter.engine._chance", ["interpreter/engine/_chance.c"], optional=True)


# Calls from the compiled modules into Python's C API go through the GOT directly, not a PLT
# stub (-fno-plt), and calls between the compiled functions, all in one shared library, may be
# direct and inlined, as no other library will interpose them (-fno-semantic-interposition).
# Callgrind: 299,400 -> 284,900 instructions a classic game; wall time about 5% less
# (examples/BENCHMARK.md, thirteenth session). Each is used only where the compiler takes it.
LINKING_FLAGS = ["-fno-plt", "-fno-semantic-interposition"]


class BuildExt(build_ext):
    """build_ext, adding each of LINKING_FLAGS that this C compiler accepts."""

    def build_extensions(self) -> None:
        flags = [flag for flag in LINKING_FLAGS if self.accepts(flag)]
        for extension in self.extensions:
            extension.extra_compile_args = [*(extension.extra_compile_args or []), *flags]
        super().build_extensions()

    def accepts(self, flag: str) -> bool:
        """Whether a tiny C file compiles with `flag`, warnings counted as refusals."""
        if self.compiler.compiler_type != "unix":
            return False
        with tempfile.TemporaryDirectory() as folder:
            source = Path(folder, "flag.c")
            source.write_text("int main(void) { return 0; }\n")
            try:
                self.compiler.compile([str(source)], output_dir=folder,
                                      extra_postargs=["-Werror", flag])
            except Exception:  # CompileError, or a compiler that cannot run at all
                return False
        return True


class BuildPy(build_py):
    """build_py, compiling the message catalogs first (interpreter/locale/*/LC_MESSAGES/
    houserules.po and web.po to .mo, beside them) so that the wheel and an editable install
    ship them."""

    def run(self) -> None:
        compile_catalogs()
        super().run()


def compile_catalogs() -> None:
    """Babel's `pybabel compile` over the shipped catalogs (docs/translating.md): the
    command line's (houserules) and the browser page's (web)."""
    from babel.messages.frontend import CommandLineInterface
    for domain in ("houserules", "web"):
        CommandLineInterface().run(["pybabel", "-q", "compile", "-D", domain, "-d",
                                    str(Path(__file__).resolve().parent / "interpreter" / "locale")])


def extensions() -> list:
    """The C extensions, each optional so that a failed compile leaves pure Python."""
    if os.environ.get("HOUSERULES_PURE_PYTHON"):
        return []
    chance = [CHANCE] if platform.python_implementation() == "CPython" else []
    try:
        from mypyc.build import mypycify
    except ImportError:
        return chance
    # The other modules are type-checked only as far as the compiled ones use them, with
    # mypy's defaults, not pyproject's [tool.mypy] (`--config-file=`): CI's strict check of
    # these modules must not turn a build uncompiled.
    try:
        built = mypycify(["--config-file=", "--follow-imports=silent", *COMPILED], opt_level="3")
    except SystemExit as failure:  # mypyc found a type error: still install, uncompiled
        print(f"houserules: not compiled ({failure}); installing pure Python", file=sys.stderr)
        return chance
    for extension in built:
        extension.optional = True
    return chance + built


setup(ext_modules=extensions(), cmdclass={"build_ext": BuildExt, "build_py": BuildPy})
