"""The package's shape: layers imported only downward (import-linter's contracts in
pyproject.toml), no import cycle (TYPE_CHECKING imports counted) and no module over 500
lines."""

import ast
import shutil
import subprocess

import pytest

from checkout import ROOT

PACKAGE = ROOT / "interpreter"
MOST_LINES = 500


def module_name(path) -> str:
    """interpreter/engine/turns.py -> interpreter.engine.turns (a package: its folder's name)."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path, modules: set) -> set:
    """The package's modules `path` imports, wherever the import is (TYPE_CHECKING too)."""
    here = module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            names = [base] + [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        found.update(name for name in names if name in modules and name != here)
    return found


def cycles(graph: dict) -> list:
    """The graph's strongly connected components of more than one module (Tarjan's)."""
    index, low, stack, on_stack, found, counter = {}, {}, [], set(), [], [0]

    def visit(node):
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        for other in graph[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = set()
            while True:
                other = stack.pop()
                on_stack.discard(other)
                component.add(other)
                if other == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_import_cycle():
    paths = sorted(PACKAGE.rglob("*.py"))
    modules = {module_name(path) for path in paths}
    # A package's __init__ runs when any of its modules is imported, but importing a module
    # does not make the package import it back: only explicit imports are edges.
    graph = {module_name(path): imports_of(path, modules) for path in paths}
    assert cycles(graph) == []


def test_no_module_over_500_lines():
    long = {str(path.relative_to(ROOT)): count for path in sorted(PACKAGE.rglob("*.py"))
            if (count := len(path.read_text().splitlines())) > MOST_LINES}
    assert long == {}


@pytest.mark.skipif(shutil.which("lint-imports") is None, reason="import-linter is not installed")
def test_layers_are_imported_only_downward():
    result = subprocess.run(["lint-imports"], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout[-3000:]


# Engine modules that stay pure Python: what no turn runs. The invariants are a debug
# check; a deck is built at load and paired afresh once a match at most; a seat is put out
# of a match at most once; a game is seen as a seat sees it (seeing) by a search between
# turns, once per world it samples, never by a turn.
NOT_COMPILED = {"__init__", "invariants", "decks", "seats", "seeing"}


def test_every_engine_module_a_turn_runs_is_compiled():
    """A module a turn runs through left out of setup.py's COMPILED costs every game (a
    Frame made in pure Python cost classic 21% of its instructions, callgrind)."""
    tree = ast.parse((ROOT / "setup.py").read_text())
    listed = next(ast.literal_eval(node.value) for node in tree.body if isinstance(node, ast.Assign)
                  and getattr(node.targets[0], "id", None) == "COMPILED")
    engine = {path.stem for path in (PACKAGE / "engine").glob("*.py")}
    compiled = {path.rpartition("/")[2].removesuffix(".py") for path in listed
                if path.startswith("interpreter/engine/")}
    assert engine - NOT_COMPILED == compiled
