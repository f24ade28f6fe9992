"""Static types of the effect language, checked once at load (a pass over the dsl AST)."""

from __future__ import annotations


def check(compiler, tree) -> None:
    """Check the types in `tree` (a dsl.Block or an expression); errors via compiler.fail."""
