"""mypy checks strictly exactly the modules mypyc compiles: pyproject.toml's strict override
names the modules of setup.py's COMPILED list, no more and no fewer."""

import ast

import pytest

from checkout import ROOT

tomllib = pytest.importorskip("tomllib")  # Python 3.11 and later


def compiled_modules() -> set:
    """The modules of setup.py's COMPILED list, as dotted names."""
    tree = ast.parse((ROOT / "setup.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "COMPILED"
                                                for t in node.targets):
            paths = ast.literal_eval(node.value)
            return {path.removesuffix(".py").replace("/", ".") for path in paths}
    raise AssertionError("setup.py has no COMPILED list")


def strict_modules() -> set:
    """The modules pyproject.toml's mypy section checks strictly."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    strict = [o for o in config["overrides"] if o.get("disallow_untyped_defs")]
    assert len(strict) == 1, "one override holds the strict flags"
    return set(strict[0]["module"])


def test_the_compiled_modules_are_the_strictly_checked_ones():
    compiled, strict = compiled_modules(), strict_modules()
    assert not compiled - strict, f"compiled but not checked strictly: {sorted(compiled - strict)}"
    assert not strict - compiled, f"checked strictly but not compiled: {sorted(strict - compiled)}"


def test_every_compiled_module_exists():
    for module in compiled_modules():
        assert (ROOT / (module.replace(".", "/") + ".py")).is_file(), module
