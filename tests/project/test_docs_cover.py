"""The docs keep up with what ships: docs/game-rules.md has a section for every bundled game and
house rule (each ruleset's opening comment names it), and docs/rules.md mentions every key
the ruleset schema allows."""

import json
import re

import pytest

from checkout import ROOT

GAME_RULES = ROOT / "docs" / "game-rules.md"
WRITERS_GUIDE = ROOT / "docs" / "rules.md"
SCHEMA = ROOT / "schema" / "ruleset.schema.json"
BUNDLED = sorted((ROOT / "rulesets").glob("*.yaml")) + sorted((ROOT / "rulesets" / "house").glob("*.yaml"))
ITS_SECTION = re.compile(r"docs/game-rules\.md section (\d+)(?:, ([A-Z][^.;:),]*))?")


def opening_comment(path) -> str:
    """The comment a ruleset file starts with, before its first key, as one line of words."""
    lines = []
    for line in path.read_text().splitlines():
        if line and not line.startswith("#"):
            break
        lines.append(line.lstrip("#").strip())
    return " ".join(lines)


def sections() -> dict:
    """docs/game-rules.md's numbered sections: number -> (title, the titles of its subsections)."""
    found: dict = {}
    for line in GAME_RULES.read_text().splitlines():
        numbered = re.match(r"## (\d+)\. (.+)", line)
        if numbered:
            number = numbered.group(1)
            found[number] = (numbered.group(2), [])
        elif line.startswith("## "):
            number = None
        elif line.startswith("### ") and found and number:
            found[number][1].append(line[4:].strip())
    return found


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: str(p.relative_to(ROOT / "rulesets")))
def test_every_bundled_game_and_house_rule_has_its_section_in_the_game_rules(path):
    """A bundled ruleset's opening comment cites its section of docs/game-rules.md (`section N`,
    and for a house rule in a section of several, `, Its heading`), and that section is there:
    the rules as houserules plays them, with what it decided."""
    cited = ITS_SECTION.search(opening_comment(path))
    assert cited, (f"{path.name}: its opening comment says where docs/game-rules.md describes it "
                   f"('docs/game-rules.md section N' or 'section N, Heading'); write that section")
    number, heading = cited.groups()
    assert number in sections(), f"{path.name} cites docs/game-rules.md section {number}: there is none"
    title, subsections = sections()[number]
    assert heading is None or heading in subsections, \
        f"{path.name} cites section {number} ({title}), '{heading}': it has {subsections}"


def test_each_house_rule_has_a_section_of_its_own():
    """No two house rules share one heading of section 3."""
    cited = [ITS_SECTION.search(opening_comment(path)).groups() for path in BUNDLED
             if path.parent.name == "house"]
    headed = [c for c in cited if c[1]]
    assert len(headed) == len(set(headed)), headed


def schema_keys() -> dict:
    """Each top-level key of the ruleset schema -> every key that may be written under it, at
    any depth (through $refs, lists and mappings of named entries)."""
    schema = json.loads(SCHEMA.read_text())
    definitions = schema["$defs"]

    def under(node, seen: frozenset) -> set:
        if isinstance(node, list):
            return set().union(*(under(item, seen) for item in node))
        if not isinstance(node, dict):
            return set()
        found = set()
        reference = node.get("$ref", "").rpartition("/")[2]
        if reference and reference not in seen:
            found |= under(definitions[reference], seen | {reference})
        for key, value in node.get("properties", {}).items():
            found |= {key} | under(value, seen)
        for key in ("items", "additionalProperties", "anyOf", "oneOf", "allOf"):
            found |= under(node.get(key), seen)
        return found

    return {key: under(value, frozenset()) for key, value in schema["properties"].items()}


def key_table() -> dict:
    """docs/rules.md's table of every key: the key of each row -> the row's text."""
    text = WRITERS_GUIDE.read_text().partition("\n## Every key of a ruleset\n")[2]
    return {row.group(1): row.group(0) for row in re.finditer(r"^\| `(\w+):` \|.*$", text, re.M)}


@pytest.mark.parametrize("key", sorted(schema_keys()))
def test_every_key_the_schema_allows_is_in_the_writers_guide(key):
    """docs/rules.md's 'Every key of a ruleset' has a row for each key of a ruleset, naming
    every key that may be written under it, so that nothing a writer may say goes unsaid."""
    rows = key_table()
    assert key in rows, f"docs/rules.md, 'Every key of a ruleset': add a row for `{key}:`"
    missing = sorted(name for name in schema_keys()[key] if f"`{name}`" not in rows[key])
    assert not missing, f"docs/rules.md, the row of `{key}:` does not name {missing}"
