"""The effect language's builtins table (interpreter/language/builtins.py): one row per name or
function, each complete (its function, types, doc and English), and nothing the language runs
registered anywhere else; the run-time functions compiled, the load-time checks not."""

from __future__ import annotations

import ast
import inspect
import re
import string

import pytest
from checkout import ROOT

from interpreter.language import choices, moving, names, queries, turn_order, variables
from interpreter.language.builtins import BUILTINS, FUNCTIONS, NAMES, ROLES, Builtin
from interpreter.language.vocabulary import BASE, Param

RUN_TIME = (names, queries, moving, turn_order, variables, choices)
ROWS = sorted(BUILTINS)


def placeholders(text: str) -> set:
    return {int(field) for _, field, _, _ in string.Formatter().parse(text) if field}


@pytest.mark.parametrize("name", ROWS)
def test_every_row_is_complete(name):
    row = BUILTINS[name]
    assert isinstance(row, Builtin) and row.name == name and row.role in ROLES
    assert callable(row.fn), f"{name}: no run-time function"
    assert row.result and row.result <= set(BASE), f"{name}: its result's type is not a type"
    assert row.doc.strip(), f"{name}: no doc (the reference's line)"
    assert row.says.strip(), f"{name}: no English (explain's words)"
    for param in row.params:
        assert isinstance(param, Param) and param.type and param.type <= set(BASE)
        assert param.what, f"{name}: a parameter without words"
    assert placeholders(row.says) <= set(range(row.max_args)), \
        f"{name}: its English names an argument it does not take"


@pytest.mark.parametrize("name", sorted(NAMES))
def test_a_name_takes_no_arguments(name):
    row = NAMES[name]
    assert not row.params and row.check is None and row.settle is None and not row.picks


@pytest.mark.parametrize("name", sorted(FUNCTIONS))
def test_a_function_has_a_type_for_every_parameter_it_takes(name):
    row = FUNCTIONS[name]
    assert 0 <= row.min_args <= row.max_args
    try:
        params = list(inspect.signature(row.fn).parameters.values())[2:]
    except (TypeError, ValueError):  # a compiled build keeps no signature
        pytest.skip("no signature on the compiled build")
    if params and params[-1].kind is inspect.Parameter.VAR_POSITIONAL:
        params.pop()  # `*args`, run()'s: the row types the most it takes, all optional
        assert len(params) == row.min_args < row.max_args, f"{name}(): *args typed optional"
    else:
        assert len(params) == row.max_args, \
            f"{name}() takes {len(params)} arguments, its row types {row.max_args}"
    required = sum(p.default is inspect.Parameter.empty for p in params)
    assert required == row.min_args, f"{name}(): {required} required, its row says {row.min_args}"


def test_a_choice_is_settled_or_picked_one_card_at_a_time_or_answers_itself():
    for row in FUNCTIONS.values():
        assert (row.settle is not None or row.picks) <= (row.role == "choice")


def test_nothing_the_language_runs_is_registered_outside_the_table():
    """Every run-time function of the language's modules is a row's (or a choice's settle),
    and every row's function is in one of them."""
    registered = {row.fn for row in BUILTINS.values()} | \
                 {row.settle for row in BUILTINS.values() if row.settle is not None}
    for module in RUN_TIME:
        for fn_name, fn in vars(module).items():
            if not inspect.isfunction(fn) and type(fn).__name__ != "builtin_function_or_method":
                continue
            if getattr(fn, "__module__", None) != module.__name__ or fn_name.startswith("_"):
                continue
            try:
                first = list(inspect.signature(fn).parameters)[:2]
            except (TypeError, ValueError):
                continue
            if first in (["game", "frame"], ["g", "f"]):
                assert fn in registered, f"{module.__name__}.{fn_name} is in no row of builtins.BUILTINS"
    modules = {module.__name__ for module in RUN_TIME}
    for row in BUILTINS.values():
        assert row.fn.__module__ in modules, f"{row.name}: its function is not a run-time module's"


def test_no_parallel_table_of_the_language_is_left():
    """The facts of a builtin are in its row: no table of them by name elsewhere."""
    pattern = re.compile(r"^(PRIMITIVES|SIGNATURES|NAME_TYPES|SUBJECTS)\b.*=", re.M)
    for path in (ROOT / "interpreter").rglob("*.py"):
        found = pattern.search(path.read_text())
        assert found is None, f"{path.relative_to(ROOT)}: {found.group(0)}"


def compiled_modules() -> set:
    tree = ast.parse((ROOT / "setup.py").read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "COMPILED":
            return {path.removesuffix(".py").replace("/", ".") for path in ast.literal_eval(node.value)}
    raise AssertionError("setup.py has no COMPILED list")


def test_the_run_time_functions_are_compiled_and_the_load_time_checks_not():
    compiled = compiled_modules()
    for row in BUILTINS.values():
        assert row.fn.__module__ in compiled, f"{row.name}: {row.fn.__module__} is not in COMPILED"
        if row.settle is not None:
            assert row.settle.__module__ in compiled
        if row.check is not None:
            assert row.check.__module__ not in compiled, \
                f"{row.name}: its load-time check is in a compiled module"
    assert "interpreter.language.builtins" not in compiled
