"""Every game the tests play checks its invariants after every step (the debug mode).

The tests live in folders by concept (tests/engine, tests/language, tests/frontends/web, ...)
without __init__.py, so each test file is imported by its own name and the helper modules here
(checkout, serving, child_process, browser_policy) are found from any folder: this folder is put
on sys.path first. Test file names must therefore stay unique across the folders.
"""

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))


from interpreter.engine import game as engine
from interpreter.presenting.translation import CATALOGS, DOMAIN
from interpreter.engine.invariants import check_invariants

engine.DEBUG_CHECK = check_invariants

# tests/project/test_compiled.py runs some of these modules again on the installed, compiled build,
# from outside the checkout; this makes sure they did not import the checkout's source.
if os.environ.get("HOUSERULES_EXPECT_COMPILED") and not engine.COMPILED:
    raise RuntimeError(f"expected the compiled build, imported {engine.__file__}")


def compile_catalogs() -> None:
    """The checkout's message catalogs compiled, as the build does (setup.py), when a .po is
    newer than its .mo: the suite runs on the source, not on an installed wheel."""
    for domain in (DOMAIN, "web"):  # the command line's words, and the browser page's
        stale = [po for po in CATALOGS.glob(f"*/LC_MESSAGES/{domain}.po")
                 if not po.with_suffix(".mo").exists()
                 or po.with_suffix(".mo").stat().st_mtime < po.stat().st_mtime]
        if stale:
            from babel.messages.frontend import CommandLineInterface
            CommandLineInterface().run(["pybabel", "-q", "compile", "-D", domain, "-d", str(CATALOGS)])


compile_catalogs()
