"""Every game the tests play checks its invariants after every step (the debug mode)."""

import os

from interpreter.engine import game as engine
from interpreter.engine.invariants import check_invariants

engine.DEBUG_CHECK = check_invariants

# tests/test_compiled.py runs some of these modules again on the installed, compiled build,
# from outside the checkout; this makes sure they did not import the checkout's source.
if os.environ.get("HOUSERULES_EXPECT_COMPILED") and not engine.COMPILED:
    raise RuntimeError(f"expected the compiled build, imported {engine.__file__}")
