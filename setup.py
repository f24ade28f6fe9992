"""Build hook: compile the modules a turn runs through to C with mypyc, when it can.

The metadata is in pyproject.toml. mypyc turns the typed engine, effect compiler, agents and
cards into a C extension (about 1.5x the games per second); the .py files ship too and play
the same games. interpreter/_chance.c, the shuffle, is a small C extension of its own.
Set HOUSERULES_PURE_PYTHON=1 to skip compiling; where there is no C compiler the build
falls back to pure Python by itself.
"""

import os
import platform
import sys

from setuptools import Extension, setup

# Only what every turn runs through (the engine, the closures effects run as, the bots and
# the match loop): the rest (YAML, schema, parser, simulation's process pools, front ends)
# stays pure Python, where tracebacks and monkeypatching work as usual.
COMPILED = ["interpreter/cards.py", "interpreter/dice.py", "interpreter/primitives.py", "interpreter/names.py",
            "interpreter/expressions.py",
            "interpreter/compiler.py",
            "interpreter/decisions.py", "interpreter/turns.py", "interpreter/answers.py",
            "interpreter/engine.py",
            "interpreter/replacing.py", "interpreter/dealing.py", "interpreter/scoring.py",
            "interpreter/playable.py", "interpreter/moves.py", "interpreter/drawing.py",
            "interpreter/settings.py",
            "interpreter/agents.py", "interpreter/asking.py", "interpreter/rl/encoding.py",
            "interpreter/stats.py", "interpreter/tally.py"]


# The shuffle in C (it reads CPython's generator in place; dealing.py checks it at import).
CHANCE = Extension("interpreter._chance", ["interpreter/_chance.c"], optional=True)


def extensions() -> list:
    """The C extensions, each optional so that a failed compile leaves pure Python."""
    if os.environ.get("HOUSERULES_PURE_PYTHON"):
        return []
    chance = [CHANCE] if platform.python_implementation() == "CPython" else []
    try:
        from mypyc.build import mypycify
    except ImportError:
        return chance
    # The other modules are type-checked only as far as the compiled ones use them.
    try:
        built = mypycify(["--follow-imports=silent", *COMPILED], opt_level="3")
    except SystemExit as failure:  # mypyc found a type error: still install, uncompiled
        print(f"houserules: not compiled ({failure}); installing pure Python", file=sys.stderr)
        return chance
    for extension in built:
        extension.optional = True
    return chance + built


setup(ext_modules=extensions())
