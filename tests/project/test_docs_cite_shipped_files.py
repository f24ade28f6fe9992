"""What the project ships cites only what it ships: every file, folder, section and anchor
that the README, the docs, the examples, the rulesets, the schemas and the package's own text
name exists in the checkout, and no developer's path (/work/..., ../shared/...) is named."""

import functools
import io
import re
from pathlib import Path

import pytest

from checkout import ROOT
from interpreter.cli.main import main

# What a user gets: the files of these folders (and the README) are read for citations.
SHIPPED = ("README.md", "docs", "examples", "rulesets", "schema", "interpreter", "setup.py",
           "pyproject.toml")
TEXT_SUFFIXES = {".md", ".py", ".yaml", ".yml", ".json", ".js", ".css", ".html", ".toml"}
TOP_FOLDERS = ("docs", "examples", "rulesets", "schema", "interpreter", "tests")
EXTENSIONS = ("md", "yaml", "yml", "json", "py", "js", "css", "html", "toml", "png")
# Files of other projects, cited as theirs (OpenSpiel's sources), and a scratch folder a
# benchmark's instructions make.
OTHER_PROJECTS = ("open_spiel/", "/tmp/")
# A developer's machine: never in a shipped file.
PRIVATE = re.compile(r"(?<![\w.])/work/|\.\./shared\b|\bshared/RULES\b")

MARKDOWN_LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
PATH = re.compile(r"(?<![\w./+-])((?:\.\.?/)*[\w.-]+(?:/[\w.*{},<>-]+)+/?|[\w-]+\.md\b)")
SECTION = re.compile(r"([\w./-]*[\w-]+\.md),? (?:(?:section|sections) )?(\d+|Appendix [A-Z])\b")
FILE_NAME = re.compile(r"[\w<>*-][\w.<>*-]*\.(?:" + "|".join(EXTENSIONS) + ")")
GLOB = re.compile(r"[*{<]")
MODULE_RUN = re.compile(r"python -m (interpreter(?:\.\w+)+)")


@functools.lru_cache(maxsize=None)
def shipped_files(root: Path = ROOT) -> list:
    """The shipped text files, README first."""
    found = []
    for name in SHIPPED:
        path = root / name
        if path.is_file():
            found.append(path)
        elif path.is_dir():
            found.extend(sorted(p for p in path.rglob("*")
                                if p.suffix in TEXT_SUFFIXES and "__pycache__" not in p.parts))
    return found


def slug(heading: str) -> str:
    """A markdown heading's anchor, as GitHub makes it."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


@functools.lru_cache(maxsize=None)
def headings(path: Path) -> tuple:
    """A markdown file's headings, without their #s, outside code blocks."""
    found, fenced = [], False
    for line in path.read_text().splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and re.match(r"#{1,6} ", line):
            found.append(line.lstrip("#").strip())
    return tuple(found)


def anchors(path: Path) -> set:
    """Every anchor a link may name in a markdown file (a repeated heading's gets -1, -2...)."""
    found, seen = set(), {}
    for heading in headings(path):
        base = slug(heading)
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(f"{base}-{count}" if count else base)
    return found


def resolve(cited: str, citing: Path, root: Path):
    """The file or folder a citation names, looked for beside the citing file, at the root, in
    the package (a module's `engine/rules.py`) and among the rulesets (`house/x.yaml`); a bare
    file name may be any shipped file of that name, and a path that climbs (`../x`) may start
    from any shipped folder (a doc generated into docs/, a scenario's ruleset). None when there
    is none."""
    bases = [citing.parent, root, root / "interpreter", root / "rulesets"]
    if cited.startswith("../"):
        bases += shipped_folders(root)
    for base in bases:
        if (base / cited).exists():
            return base / cited
    if "/" not in cited:
        return shipped_names(root).get(cited)
    return None


@functools.lru_cache(maxsize=None)
def shipped_folders(root: Path) -> list:
    """The folders that hold shipped files."""
    return sorted({path.parent for path in shipped_files(root)})


@functools.lru_cache(maxsize=None)
def shipped_names(root: Path) -> dict:
    """Each shipped file's name, and one file of that name."""
    return {path.name: path for path in shipped_files(root)}


def cited_part(cited: str) -> str:
    """What of a path can be checked: up to its first wildcard or placeholder
    (`examples/scenarios/<name>/` names examples/scenarios/)."""
    match = GLOB.search(cited)
    if match:
        cited = cited[:match.start()].rpartition("/")[0]
    return cited


def names_a_file(cited: str) -> bool:
    """Whether a token is a path the check reads: a file with a known extension, or a path
    under one of the project's folders."""
    cited = cited.rstrip(".,;:")
    if any(cited.startswith(other) or f"/{other}" in cited for other in OTHER_PROJECTS):
        return False
    first = cited.lstrip("./").split("/")[0]
    last = cited.rstrip("/").rsplit("/", 1)[-1]
    return bool(FILE_NAME.fullmatch(last)) or (first in TOP_FOLDERS and "/" in cited)


def section_exists(doc: Path, section: str) -> bool:
    """Whether a numbered section (`3`) or an appendix (`Appendix A`) is a heading of doc."""
    prefix = f"{section}." if section[0].isdigit() else f"{section}:"
    return any(h.startswith(prefix) for h in headings(doc))


def broken_citations(path: Path, root: Path = ROOT, text: str | None = None) -> list:
    """Each citation in a file (or in `text`, read as if it were that file) of what does not
    exist: (line number, what is cited, why)."""
    problems = []
    lines = (path.read_text() if text is None else text).splitlines()
    for number, line in enumerate(lines, 1):
        if PRIVATE.search(line):
            problems.append((number, PRIVATE.search(line).group(0), "a developer's path"))
        for link in MARKDOWN_LINK.findall(line):
            if re.match(r"[a-z]+:", link) or (path.suffix != ".md" and ".md" not in link):
                continue  # an address, or code that looks like a link (`done[key](v)`)
            file_part, _, anchor = link.partition("#")
            if not file_part:
                target = path
            elif path.suffix == ".md":  # as the page renders it: from its own folder
                target = path.parent / file_part
            else:  # a page the module writes, wherever it is written
                target = resolve(file_part, path, root) or path.parent / file_part
            if not target.exists():
                problems.append((number, link, "no such file"))
            elif anchor and target.suffix == ".md" and anchor not in anchors(target):
                problems.append((number, link, "no such heading"))
        for cited in PATH.findall(MARKDOWN_LINK.sub("", line)):
            cited = cited.rstrip(".,;:")
            if not names_a_file(cited):
                continue
            checked = cited_part(cited)
            if checked and resolve(checked, path, root) is None:
                problems.append((number, cited, "no such file"))
        for module in MODULE_RUN.findall(line):
            if not (root / (module.replace(".", "/") + ".py")).is_file():
                problems.append((number, module, "no such module"))
        for cited, section in SECTION.findall(line):
            doc = resolve(cited, path, root)
            if doc is not None and doc.is_file() and not section_exists(doc, section):
                problems.append((number, f"{cited} {section}", "no such section"))
    return problems


def test_shipped_files_cite_only_shipped_files():
    """Every file, folder, section and anchor a shipped file cites is in the checkout."""
    problems = [f"{path.relative_to(ROOT)}:{number}: {cited}: {why}"
                for path in shipped_files() for number, cited, why in broken_citations(path)]
    assert not problems, "\n".join(problems)


COMMANDS = [["--help"], ["list"], ["simulate", "crazy_eights", "--games", "3"],
            ["explain", "classic"], ["explain", "uno_flip+house/pass_cards"], ["schema"]]


@pytest.mark.parametrize("argv", COMMANDS, ids=" ".join)
def test_the_commands_cite_only_shipped_files(argv, capsys):
    """What the command line prints cites only what the checkout has (read from its root)."""
    out = io.StringIO()
    try:
        main(argv, out=out)
    except SystemExit:  # --help
        pass
    printed = out.getvalue() + capsys.readouterr().out
    assert printed
    assert broken_citations(ROOT / "output", text=printed) == []


PLANTED = [
    ("a file the project does not ship", "docs/x.md", "See RULES.md Appendix A.", "RULES.md"),
    ("a section of a file not shipped", "README.md", "as RULES.md section 1 says", "RULES.md"),
    ("a link to a missing file", "docs/x.md", "[the rules](RULES.md)", "RULES.md"),
    ("a path under a project folder", "interpreter/x.py", '"""See docs/missing.md."""',
     "docs/missing.md"),
    ("a shared file", "rulesets/x.yaml", "# from ../shared/RULES.md", "../shared"),
    ("a developer's venv", "examples/x.py", "    . /work/venv/bin/activate", "/work/"),
    ("a missing anchor", "docs/x.md", "[rules](rules.md#no-such-heading)",
     "rules.md#no-such-heading"),
    ("a missing section", "rulesets/x.yaml", "# docs/game-rules.md section 99",
     "docs/game-rules.md 99"),
    ("a module moved", "docs/x.md", "`python -m interpreter.reference` prints it",
     "interpreter.reference"),
]


@pytest.mark.parametrize("what,where,text,cited", PLANTED, ids=[p[0] for p in PLANTED])
def test_a_planted_citation_is_found(tmp_path, what, where, text, cited):
    """A citation of what the checkout does not have is named with its file and line."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "rules.md").write_text("# Rules\n\n## Turns\n")
    (tmp_path / "docs" / "game-rules.md").write_text("# Game rules\n\n## 1. Classic\n")
    citing = tmp_path / where
    citing.parent.mkdir(parents=True, exist_ok=True)
    citing.write_text(f"first line\n{text}\n")
    problems = broken_citations(citing, tmp_path)
    assert [(number, found) for number, found, _ in problems][:1] == [(2, cited)], problems


FINE = [
    ("a shipped doc", "README.md", "see docs/game-rules.md section 1 and docs/rules.md"),
    ("a link with an anchor", "docs/x.md", "[turns](rules.md#turns)"),
    ("a pattern of paths", "README.md", "`docs/*.md` and examples/scenarios/<name>/"),
    ("a user's file", "README.md", "houserules validate my_rules.yaml --save game.json"),
    ("another project's file", "examples/x.py", "open_spiel/python/examples/example.py"),
]


@pytest.mark.parametrize("what,where,text", FINE, ids=[f[0] for f in FINE])
def test_a_real_citation_passes(tmp_path, what, where, text):
    """What the checkout has, a pattern and a user's own file name are not reported."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "rules.md").write_text("# Rules\n\n## Turns\n")
    (tmp_path / "docs" / "game-rules.md").write_text("# Game rules\n\n## 1. Classic\n")
    (tmp_path / "README.md").write_text("# readme\n")
    (tmp_path / "examples" / "scenarios").mkdir(parents=True)
    citing = tmp_path / where
    citing.parent.mkdir(parents=True, exist_ok=True)
    citing.write_text(f"{text}\n")
    assert broken_citations(citing, tmp_path) == []
