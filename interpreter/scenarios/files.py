"""Which files are scenarios: a file named on its own is one; in a folder, a `*.scenario.yaml`
file or one whose top level has a key only scenarios have (a ruleset kept beside its
scenarios is skipped)."""

from __future__ import annotations

from pathlib import Path

from interpreter.errors import HouserulesError
from interpreter.loading.kinds import SCENARIO_ONLY
from interpreter.loading.source import read_yaml


class ScenarioError(HouserulesError):
    """A scenario file that is malformed or names something the ruleset does not have."""


def find_scenarios(paths: list) -> list[Path]:
    """Scenario files under the given files and folders, in a stable order."""
    return scenario_files(paths)[0]


SCENARIO_SUFFIXES = (".scenario.yaml", ".scenario.yml")


def scenario_files(paths: list) -> tuple[list[Path], list[Path]]:
    """(scenario files, other YAML files skipped) under the given files and folders.

    A file named on its own is a scenario. In a folder, a scenario is a `*.scenario.yaml`
    file or one whose top level has a key only scenarios have; the rest (a ruleset kept
    next to its scenarios) is skipped. A file that cannot be read is kept, so that it is
    reported rather than silently passed over.
    """
    found: list[Path] = []
    skipped: list[Path] = []
    for path in map(Path, paths):
        if path.is_dir():
            inside = sorted(p for p in [*path.rglob("*.yaml"), *path.rglob("*.yml")]
                            if p.is_file())
            if not inside:
                raise ScenarioError("no scenario files (*.yaml) in this folder", file=str(path))
            for file in inside:
                (found if is_scenario_file(file) else skipped).append(file)
            if not any(found_file.is_relative_to(path) for found_file in found):
                raise ScenarioError(f"no scenario files in this folder ({len(inside)} YAML "
                                    "files, none of them a scenario: a scenario has `ruleset:` "
                                    "and `steps:`, or is named NAME.scenario.yaml)",
                                    file=str(path))
        elif path.is_file():
            found.append(path)
        else:
            raise ScenarioError(f"no such file or folder: {path}")
    return found, skipped


def is_scenario_file(path: Path) -> bool:
    """Whether a YAML file found in a folder is meant as a scenario (see scenario_files)."""
    if path.name.endswith(SCENARIO_SUFFIXES):
        return True
    try:
        keys = read_yaml(path).data
    except HouserulesError:
        return True  # unreadable: running it says what is wrong with it
    return any(key in SCENARIO_ONLY for key in keys)

