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
