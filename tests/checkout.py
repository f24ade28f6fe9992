"""Where the checkout's folders are, for tests in any subfolder of tests/."""

from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
