"""Every game the tests play checks its invariants after every step (the debug mode)."""

from interpreter import engine
from interpreter.invariants import check_invariants

engine.DEBUG_CHECK = check_invariants
