"""docs/effect-language.md, the effect language's reference, is generated from the tables of
the language's builtins and the events."""

from checkout import ROOT


def test_the_effect_language_reference_is_generated_from_the_tables():
    """docs/effect-language.md is `python -m interpreter.presenting.reference`: regenerate it when a
    primitive, a name or an event is added."""
    from interpreter.language.builtins import BUILTINS
    from interpreter.presenting.reference import reference_markdown
    text = reference_markdown()
    assert (ROOT / "docs" / "effect-language.md").read_text() == text
    for name in [*BUILTINS, "add_penalty", "take_penalty", "penalty", "fair"]:
        assert f"`{name}" in text


def test_the_reference_reads_no_docstring(monkeypatch):
    """The compiled build keeps no docstrings (mypyc), so the reference says nothing that only
    a docstring holds: without any of its functions' docstrings, it is the same."""
    import interpreter.language.builtins as builtins
    from interpreter.presenting.reference import reference_markdown
    before = reference_markdown()
    for row in builtins.BUILTINS.values():
        for fn in (row.fn, row.check, row.settle, row.typed):
            if callable(fn) and hasattr(fn, "__code__"):
                monkeypatch.setattr(fn, "__doc__", None)
    assert reference_markdown() == before
