"""Every rule is said in YAML: the library names no bundled game, card kind or item."""

import re

from checkout import ROOT
from interpreter import load_ruleset
from interpreter.loading.source import bundled_rulesets


def test_the_library_names_no_bundled_game_card_or_item():
    """Every rule is said in YAML: no module (nor the browser table's page) but the command
    line's help (examples for people) names a bundled ruleset, a card kind of more than one word, or an attribute's
    value such as an item."""
    names = set()
    for ruleset_name in bundled_rulesets():
        if "/" in ruleset_name:
            continue
        rules = load_ruleset(ruleset_name)
        names.add(rules.name)
        names.update(kind for kind in rules.kinds if "_" in kind)
        names.update(v for face in rules.faces for v in face.attrs.values() if isinstance(v, str))
    pattern = re.compile(r"\b(" + "|".join(re.escape(n).replace("_", "[_ ]") for n in names)
                         + r")\b", re.IGNORECASE)
    package = ROOT / "interpreter"
    page = [p for p in (package / "web" / "static").iterdir() if p.suffix in (".js", ".html", ".css")]
    assert page, "the browser table's page is checked too"
    for path in sorted(package.rglob("*.py")) + sorted(page):
        if path.parent.name == "cli":  # the command's help gives examples
            continue
        found = sorted(set(pattern.findall(path.read_text())))
        assert not found, f"{path.name} names {found}"
