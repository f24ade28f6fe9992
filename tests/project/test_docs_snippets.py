"""The Python the README and the docs show runs, and prints what its comments say: a
`print(...)  # OUTPUT` line's comment is the line it prints (`...` standing for any text)."""

import contextlib
import io
import re

import pytest

from checkout import ROOT

DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
PRINTED = re.compile(r"^\s*print\(.*?\)(?:\s+# (.+))?$")


def snippets() -> list:
    """(where, code) of every ```python block of the README and the docs."""
    found = []
    for path in DOCS:
        text = path.read_text()
        for block in re.finditer(r"```python\n(.*?)```", text, re.S):
            line = text[:block.start()].count("\n") + 2
            found.append((f"{path.relative_to(ROOT)}:{line}", block.group(1)))
    return found


def expected_lines(code: str) -> list:
    """What each of the snippet's print lines says it prints, as a pattern (None where it says
    nothing), in order: each prints one line."""
    return [match.group(1) and ".*?".join(re.escape(part) for part in match.group(1).split("..."))
            for match in map(PRINTED.match, code.splitlines()) if match]


def test_the_readme_shows_python_that_prints():
    assert any(any(expected_lines(code)) for _, code in snippets())


@pytest.mark.parametrize("where, code", snippets(), ids=[where for where, _ in snippets()])
def test_a_snippet_runs_and_prints_what_it_says(where, code):
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code, where, "exec"), {"__name__": "snippet"})
    lines = printed.getvalue().splitlines()
    expected = expected_lines(code)
    assert len(lines) >= len(expected), (where, lines)
    for pattern, line in zip(expected, lines):
        assert pattern is None or re.fullmatch(pattern, line), f"{where}: printed {line!r}, its comment says {pattern!r}"
