"""Reading ruleset files: safe YAML that remembers where every value came from, and where a
file named in a ruleset is found (`extends` itself is read through in extends.py)."""

from __future__ import annotations

import difflib
import json
import os
import stat
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml

from interpreter.errors import RulesetError

# YAML is parsed in pure Python (it keeps every value's line): about 40 KB a second of dense
# tokens, so a file is at most 64 KB (the bundled rulesets are under 10 KB) and the files
# of your own one load reads at most 128 KB in all.
MAX_FILE_BYTES = 64_000
MAX_LOAD_BYTES = 128_000
MAX_NODES = 100_000  # YAML nodes, counting every use of an alias: stops "billion laughs"
MAX_DEPTH = 100  # nested [ and { in a YAML file


@dataclass(frozen=True)
class Location:
    """Where a value was written: file, 1-based line and column.

    For a scalar spread over several lines, `raw` is its text exactly as written from
    there on, so that effect text can be parsed with positions that match the file.
    """

    file: str
    line: int
    column: int
    raw: str | None = None


@dataclass
class Source:
    """Plain data read from YAML, plus the location of every key path in it."""

    data: dict
    locations: dict[tuple, Location]
    file: str
    overlays: tuple = ()  # the names of the overlays merged in, in order

    def locate(self, path: tuple) -> Location:
        """The location of `path`, or of its nearest written ancestor."""
        path = tuple(path)
        while path and path not in self.locations:
            path = path[:-1]
        return self.locations.get(path, Location(self.file, 1, 1))

    def error(self, path: tuple, message: str, cls=RulesetError, detail: str | None = None):
        """A ruleset error pointing at `path`."""
        where = self.locate(path)
        return cls(message, file=where.file, line=where.line, column=where.column,
                   path=dollar_path(path) if path else None, detail=detail)


def dollar_path(path) -> str:
    """`('kinds', 'number', 'points')` as `$.kinds.number.points`; list indexes as `[0]`."""
    text = "$"
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else f".{part}"
    return text


def english(said):
    """The English of a text for people, which a ruleset may give per language ({en: ...})."""
    return said["en"] if isinstance(said, dict) else said


# Where a ruleset holds words for people, which it may give per language: (table, key) of
# the texts inside a table's entries (a kind's text, an option's help, a question's wording,
# a named rule's text, an attribute's or a variable's help).
SAID_IN_TABLES = (("kinds", "text"), ("options", "help"), ("questions", "text"),
                  ("questions", "yes_label"), ("questions", "no_label"), ("rules", "text"),
                  ("attributes", "help"), ("variables", "help"))
NAMES = "names"  # how people say the ruleset's names: words only, never rules


def is_said(path: tuple) -> bool:
    """Whether the key at `path` of a ruleset holds words for people, which the file may give
    per language: its title and description, a kind's text, an option's help, a question's
    wording, a named rule's text, an attribute's or a variable's help, an attribute value's
    words, a name's."""
    return path in (("title",), ("description",)) or (
        len(path) == 3 and (path[0], path[2]) in SAID_IN_TABLES) or (
        len(path) == 4 and path[0] == "attributes" and path[2] == "words") or (
        len(path) == 2 and path[0] == NAMES)


def in_english(data: dict) -> dict:
    """Ruleset data with each text it gives per language (is_said) reduced to its English,
    and without its `names` (how people say them changes no rule)."""
    data = {key: english(value) if is_said((key,)) else value for key, value in data.items()
            if key != NAMES}
    for table, key in SAID_IN_TABLES:
        if isinstance(data.get(table), dict):
            data[table] = {name: {**spec, key: english(spec[key])}
                           if isinstance(spec, dict) and key in spec else spec
                           for name, spec in data[table].items()}
    if isinstance(data.get("attributes"), dict):
        data["attributes"] = {name: english_words(spec) for name, spec in data["attributes"].items()}
    return data


def english_words(attribute):
    """An attribute's settings with its `words:` in English: a value a translations file
    alone says (no English given) is left out, and `words:` with it when nothing is left."""
    if not isinstance(attribute, dict) or not isinstance(attribute.get("words"), dict):
        return attribute
    said = attribute["words"]
    kept = {value: english(words) for value, words in said.items()
            if not isinstance(words, dict) or "en" in words}
    if said and not kept:
        return {key: value for key, value in attribute.items() if key != "words"}
    return {**attribute, "words": kept}


def exists(path: Path) -> bool:
    """Whether `path` exists; False for a name the system refuses (too long, a NUL byte)."""
    try:
        return path.exists()
    except (OSError, ValueError):
        return False


def missing(path: Path) -> bool:
    """Whether there is no file at `path` (False when the system cannot say: too long a name)."""
    try:
        path.stat()
    except FileNotFoundError:
        return True
    except (OSError, ValueError):
        return False
    return False


def bundled_dir(name: str) -> Path:
    """A data folder that ships inside the package (installed) or sits beside it (checkout)."""
    package = Path(__file__).resolve().parent.parent  # interpreter/, above loading/
    packaged = package / name
    return packaged if packaged.is_dir() else package.parent / name


@lru_cache(maxsize=1)
def bundled_rulesets() -> list[str]:
    """Names of the bundled rulesets, such as `NAME` or `house/NAME`."""
    root = bundled_dir("rulesets")
    return sorted(p.relative_to(root).with_suffix("").as_posix() for p in root.rglob("*.yaml"))


@lru_cache(maxsize=1)
def first_bundled_game() -> str:
    """The bundled game whose title comes first, as the game lists show them (an example to
    name where any game would do)."""
    root = bundled_dir("rulesets")
    games = []
    for name in bundled_rulesets():
        data = read_yaml(root / f"{name}.yaml").data
        if not data.get("overlay"):
            games.append((str(english(data.get("title", name))).casefold(), name))
    return min(games)[1]


def is_bundled(ref: str) -> bool:
    """Whether `ref` names a bundled ruleset (exactly: `../x` never climbs out of the folder)."""
    return ref in bundled_rulesets()


@lru_cache(maxsize=4)
def schema(name: str) -> dict:
    """The JSON Schema `schema/<name>.schema.json`."""
    return json.loads((bundled_dir("schema") / f"{name}.schema.json").read_text())


def check_is_a(source: "Source", name: str, cls=RulesetError) -> None:
    """Refuse a YAML file none of whose keys is one a `name` (ruleset, scenario) has, and
    say nothing of what it holds, not even its keys: a stranger's ruleset, save or scenario
    may name some other file of yours."""
    keys = schema(name).get("properties", {})
    known = sum(key in keys for key in source.data)
    # Mostly unknown keys (the unknown ones unlike any known key) is some other file too.
    strange = sum(key not in keys and not difflib.get_close_matches(str(key), keys, n=1)
                  for key in source.data)
    if source.data and (not known or strange >= known):
        raise source.error((), f"this file is not a {name}: most of its keys are none a {name} "
                               f"has ({', '.join(sorted(keys))})", cls)


def resolve(ref: str, relative_to: Path | None = None) -> Path:
    """A ruleset reference: a path to a .yaml file (relative to the referring file) or a bundled name."""
    if is_bundled(ref):  # first: a file or folder named house/stacking nearby is not it
        return bundled_dir("rulesets") / f"{ref}.yaml"
    if ref.endswith((".yaml", ".yml")) or "/" in ref and exists(Path(ref)):
        base = relative_to.parent if relative_to else Path.cwd()
        return (base / ref).resolve()
    plain = Path(ref)
    if exists(plain) and plain.is_file():
        return plain.resolve()
    known = ", ".join(bundled_rulesets())
    shown = ref if len(ref) <= 80 else ref[:77] + "..."
    hint = did_you_mean(ref, nearby_rulesets(Path.cwd() / ref, Path.cwd())
                        if relative_to is None and ".." not in Path(ref).parts
                        else list(bundled_rulesets()))
    raise RulesetError(f"no ruleset named '{shown}'{hint}; bundled: {known}; or give a path to "
                       "a .yaml file", file=str(relative_to) if relative_to else None)


def did_you_mean(wanted: str, candidates: list) -> str:
    """` (did you mean 'x'?)` for the closest of `candidates`, or nothing."""
    # The name without its .yaml is what a person most often leaves off.
    close = [c for c in candidates if c.rsplit(".", 1)[0] == wanted] or \
        difflib.get_close_matches(wanted, candidates, n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


MAX_NEARBY = 200  # files looked at for a did-you-mean: a huge folder is not worth reading


def nearby_rulesets(target: Path, base: Path) -> list:
    """What a mistyped ruleset name may have meant: the bundled names, and the .yaml files
    in the folder `target` would be in, written relative to `base` as `extends` writes them."""
    names = list(bundled_rulesets())
    try:
        folder = target.parent
        files = [p for _, p in zip(range(MAX_NEARBY), folder.iterdir())
                 if p.suffix in (".yaml", ".yml")] if folder.is_dir() else []
        names += [Path(os.path.relpath(p, base)).as_posix() for p in files]
    except (OSError, ValueError):
        pass  # a folder that cannot be listed offers no suggestion
    return names


def portable_reference(ref: str) -> str:
    """A ruleset reference that works from any directory or process: bundled names stay,
    paths become absolute (each part of `base+overlay` alike)."""
    parts = []
    # A file whose own name holds a + (my+rules.yaml, c++/x.yaml) is one part.
    for part in [str(ref)] if exists(Path(ref)) else str(ref).split("+"):
        path = resolve(part.strip())
        bundled = bundled_dir("rulesets").resolve()
        parts.append(part.strip() if path.is_relative_to(bundled) and
                     not part.strip().endswith((".yaml", ".yml")) else str(path))
    return "+".join(parts)


def read_yaml(path: Path) -> Source:
    """Parse one YAML file with the safe loader, keeping the location of every key."""
    shown = display_name(path)
    # Checked before reading: a device, a FIFO or a huge file must not block or fill memory.
    try:
        if not stat.S_ISREG(path.stat().st_mode):
            raise RulesetError("not a regular file; a ruleset or scenario is a .yaml file",
                               file=shown)
        with path.open("rb") as stream:
            raw = stream.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise RulesetError(f"cannot read the file: {exc.strerror}", file=shown) from None
    if len(raw) > MAX_FILE_BYTES:
        raise RulesetError(f"the file is more than {MAX_FILE_BYTES:,} bytes; a ruleset or "
                           f"scenario file may be at most {MAX_FILE_BYTES:,}", file=shown)
    return parse_yaml(raw.decode("utf-8", errors="replace"), shown)


def parse_yaml(text: str, shown: str) -> Source:
    """Parse YAML text (named `shown` in errors) into a Source."""
    # YAML breaks lines at CR, NEL and the Unicode separators too; the effect text taken from
    # the file splits at \n only, so every break becomes \n (the same lines, read the same).
    text = text.replace("\r\n", "\n").translate(LINE_BREAKS)
    if bracket_depth(text) > MAX_DEPTH:
        raise RulesetError(f"the document nests too deeply (more than {MAX_DEPTH} brackets)",
                           file=shown)
    loader = None
    try:
        loader = loader_class(text)(text)
        node = loader.get_single_node()
        if node is not None:
            check_node_count(node, shown)
        data = loader.construct_document(node) if node is not None else None
    except yaml.YAMLError as exc:
        raise yaml_error(exc, shown) from None
    except RecursionError:
        raise RulesetError("the document nests too deeply", file=shown) from None
    except (ValueError, TypeError, OverflowError, AttributeError, KeyError, IndexError) as exc:
        # A value YAML recognises but cannot build: the date 2001-13-45, an empty `!!int`.
        raise RulesetError(f"malformed YAML value: {exc}", file=shown) from None
    finally:
        if loader is not None:
            loader.dispose()
    if not isinstance(data, dict):
        raise RulesetError("expected a mapping of keys (name:, kinds:, deck: ...) at the top",
                           file=shown, line=1, column=1)
    locations: dict[tuple, Location] = {}
    record_locations(node, (), shown, locations, text)
    return Source(data, locations, shown)


def loader_class(text: str):
    """libyaml's safe loader when the text is ASCII (about ten times faster on big files; its
    marks count bytes, which are then the text's own positions), else PyYAML's own."""
    fast = getattr(yaml, "CSafeLoader", None)
    return fast if fast is not None and text.isascii() else yaml.SafeLoader


LINE_BREAKS = str.maketrans({"\r": "\n", "\x85": "\n", "\u2028": "\n", "\u2029": "\n"})


def bracket_depth(text: str) -> int:
    """How deep [ and { nest, roughly (quotes ignored): the YAML scanner is slow on deep nests."""
    depth = deepest = 0
    for char in text:
        if char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def check_node_count(root, shown: str) -> None:
    """Refuse a document that aliases expand into too many nodes, before anything walks it."""
    count, stack = 0, [root]
    while stack:
        node = stack.pop()
        count += 1
        if count > MAX_NODES:
            raise RulesetError(f"the document expands to more than {MAX_NODES} values "
                               "(anchors and aliases used over and over?); refused", file=shown)
        if isinstance(node, yaml.MappingNode):
            check_unique_keys(node, shown)
            for key, value in node.value:
                stack.extend((key, value))
        elif isinstance(node, yaml.SequenceNode):
            stack.extend(node.value)


def check_unique_keys(node, shown: str) -> None:
    """Refuse a mapping that gives one key twice (YAML would silently keep the later one)."""
    seen: dict[str, yaml.Mark] = {}
    for key, _ in node.value:
        if not isinstance(key, yaml.ScalarNode) or key.value == "<<":
            continue
        first = seen.setdefault(key.value, key.start_mark)
        if first is not key.start_mark:
            raise RulesetError(f"the key '{key.value}' is given twice, on line {first.line + 1} "
                               f"and here; give it once", file=shown, line=key.start_mark.line + 1,
                               column=key.start_mark.column + 1)


def yaml_error(exc: yaml.YAMLError, shown: str) -> RulesetError:
    """A YAML parser error as a ruleset error at the parser's mark."""
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    problem = getattr(exc, "problem", None) or str(exc)
    if "could not determine a constructor" in str(exc):
        problem = "tags such as !!python/object are not allowed; rulesets are plain data"
    line = mark.line + 1 if mark else None
    column = mark.column + 1 if mark else None
    return RulesetError(f"malformed YAML: {problem}", file=shown, line=line, column=column)


def record_locations(node, path: tuple, shown: str, out: dict, text: str) -> None:
    """Walk the YAML node tree and note where each key path's text starts."""
    out[path] = text_start(node, shown, text)
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            if isinstance(key, yaml.ScalarNode) and key.value != "<<":
                record_locations(value, path + (key.value,), shown, out, text)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            record_locations(item, path + (index,), shown, out, text)


def text_start(node, shown: str, text: str) -> Location:
    """Where the first character of a value is: past a quote, or on the line after `|`/`>`."""
    start, end = node.start_mark, node.end_mark
    line, column = start.line + 1, start.column + 1
    style = getattr(node, "style", None)
    if style in ("|", ">"):
        # The text starts on the line after the indicator; keep it whole, indentation too.
        first = text.index("\n", start.index) + 1 if "\n" in text[start.index:end.index] else end.index
        return Location(shown, line + 1, 1, text[first:end.index])
    if style in ('"', "'"):
        return Location(shown, line, column + 1)
    if isinstance(node, yaml.ScalarNode) and end.line > start.line:
        return Location(shown, line, column, text[start.index:end.index])
    return Location(shown, line, column)


def display_name(path: Path) -> str:
    """A path as the user would like to read it: relative to here when that is shorter."""
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)
