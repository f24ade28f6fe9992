"""Reading ruleset files: safe YAML that remembers where every value came from, and `extends`."""

from __future__ import annotations

import difflib
import json
import os
import stat
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml

from .errors import RulesetError

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
    here = Path(__file__).resolve().parent
    packaged = here / name
    return packaged if packaged.is_dir() else here.parent / name


@lru_cache(maxsize=1)
def bundled_rulesets() -> list[str]:
    """Names of the bundled rulesets, such as `NAME` or `house/NAME`."""
    root = bundled_dir("rulesets")
    return sorted(p.relative_to(root).with_suffix("").as_posix() for p in root.rglob("*.yaml"))


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
    seen: dict = {}
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


# Keys that describe a file rather than change the game.
DESCRIPTIVE = {"name", "title", "description", "overlay"}
# Keys that hold rule text (effects and conditions): two overlays replacing the same one
# differently conflict, since one house rule would silently undo the other.
RULE_TEXT = {"on_play", "on_first", "on_going_out", "legal", "fair", "playable", "allowed",
             "winner_scores", "redeal_if", "return_if", "draw_high"}


# Tables of named rules: an overlay adds an entry, replaces one by its name, removes one
# with null (and naming one that is not there to remove is a mistake, not a no-op).
NAMED_RULES = {"effects": "effect", "rules": "rule", "playable": "playable clause",
               "variables": "variable"}

MAX_EXTENDS = 16  # entries in one `extends` list
MAX_FILES = 32  # ruleset files read for one load, every `extends` included


@dataclass
class Loading:
    """How many files one load has read so far, and the folders besides the named file's
    own that `extends` may reach (`--rules-path`, HOUSERULES_RULES_PATH)."""

    files: int = 0
    bytes: int = 0  # of files that are not bundled
    extra_roots: tuple = ()
    without: frozenset = frozenset()  # overlays (by name) to leave out: switched off


def load_source(ref: str, relative_to: Path | None = None, seen: tuple = (),
                loading: Loading | None = None, root: Path | None = None,
                rules_path: tuple = (), without: frozenset = frozenset()) -> Source:
    """Read a ruleset and everything it `extends`, merged (see `combine`).

    `BASE+house/NAME` names a base with overlays on it, as `extends` would.
    What `extends` may name: bundled rulesets, and .yaml or .yml files inside the folder
    tree of the file the user named (relative paths from the file that names them);
    absolute paths, other files, `..` out of that tree and symlinks that leave it are
    refused, so a shared ruleset cannot make the tool read an arbitrary file of yours.
    """
    loading = loading or Loading(extra_roots=tuple(rules_path) + env_rules_path(),
                                 without=frozenset(without))
    if "+" in ref and not exists(Path(ref)):
        parts = [part.strip() for part in ref.split("+")]
        merged = combine(parts, relative_to, seen, (), loading, root)
        merged.data["title"] = combined_title(parts)
        return merged
    try:
        path = resolve(ref, relative_to)
    except (OSError, ValueError, RuntimeError) as exc:  # RuntimeError: a symlink loop
        why = "symbolic links go round in a loop" if isinstance(exc, RuntimeError) else \
            getattr(exc, "strerror", None) or exc.__class__.__name__
        raise RulesetError(f"cannot use the ruleset name {ref[:60]!r}: {why}",
                           file=display_name(relative_to) if relative_to else None) from None
    if relative_to is None and not is_bundled(ref) and missing(path):
        here = path.is_relative_to(Path.cwd().resolve())  # files suggested from here only
        hint = did_you_mean(ref, nearby_rulesets(path, Path.cwd()) if here
                            else list(bundled_rulesets()))
        raise RulesetError(f"no such file: {display_name(path)}{hint}; a ruleset is a bundled "
                           f"name ({', '.join(bundled_rulesets())}) or a .yaml file")
    if root is None:  # a file the user named: its folder tree is where `extends` may go
        root = bundled_dir("rulesets") if is_bundled(ref) else path.parent
    if path in seen:
        chain = " -> ".join(display_name(p) for p in seen + (path,))
        raise RulesetError(f"`extends` goes round in a cycle: {chain}", file=display_name(seen[-1]))
    loading.files += 1
    if not is_bundled(ref):
        try:
            size = path.stat().st_size
        except OSError:
            size = 0  # read_yaml says why it cannot be read
        loading.bytes += size
        if loading.bytes > MAX_LOAD_BYTES and size <= MAX_FILE_BYTES:  # else read_yaml says
            raise RulesetError(f"`extends` reads more than {MAX_LOAD_BYTES:,} bytes of ruleset "
                               "files for one load; refused", file=display_name(path))
    if loading.files > MAX_FILES:
        raise RulesetError(f"`extends` reads more than {MAX_FILES} ruleset files for one load; "
                           "refused", file=display_name(seen[-1]) if seen else None)
    own = read_yaml(path)
    check_is_a(own, "ruleset")
    parents = own.data.get("extends", [])
    listed = isinstance(parents, list)
    if isinstance(parents, str):
        parents = [parents]
    if not isinstance(parents, list) or not all(isinstance(p, str) for p in parents):
        raise own.error(("extends",), "`extends` takes a ruleset name or a list of them")
    if len(parents) > MAX_EXTENDS:
        raise own.error(("extends",), f"`extends` lists {len(parents)} rulesets; at most "
                                      f"{MAX_EXTENDS} are allowed")
    for index, parent in enumerate(parents):
        check_extends(own, ("extends", index) if listed else ("extends",), parent, path,
                      (root, *loading.extra_roots))
    own.data.pop("extends", None)
    if not parents and own.data.get("overlay"):
        return own  # as written: its `key: null`s remove from the base it is put on
    merged = combine(parents, path, seen + (path,), tuple(leaves(own.data)), loading, root)
    merge_into(merged, own)
    merged.file = own.file
    return merged


def env_rules_path() -> tuple:
    """Folders HOUSERULES_RULES_PATH names (separated as in PATH)."""
    value = os.environ.get("HOUSERULES_RULES_PATH", "")
    return tuple(Path(part) for part in value.split(os.pathsep) if part)


def check_extends(own: Source, where: tuple, ref: str, relative_to: Path, roots: tuple) -> None:
    """Refuse an `extends` entry that is not a bundled name or a .yaml file inside `roots`,
    at the entry's own file, line and column (before anything of it is read)."""
    parts = [part.strip() for part in ref.split("+")] if "+" in ref else [ref]
    for part in parts:
        if is_bundled(part):
            continue
        if not part.endswith((".yaml", ".yml")) and (Path(part).suffix or ".." in Path(part).parts):
            raise own.error(where, f"`extends: {part}` is not allowed: name a bundled ruleset"
                                   f"{did_you_mean(part, list(bundled_rulesets()))} or a "
                                   "relative path to a .yaml file; bundled: "
                                   f"{', '.join(bundled_rulesets())}")
        if Path(part).is_absolute():
            raise own.error(where, f"`extends: {part}` is not allowed: an absolute path; give "
                                   f"the path from {display_name(relative_to)}'s folder, or a "
                                   f"bundled name ({', '.join(bundled_rulesets())})")
        try:
            target = (relative_to.parent / part).resolve()
            inside = any(target.is_relative_to(Path(root).resolve()) for root in roots)
        except (OSError, ValueError, RuntimeError):  # a symlink loop, a name too long
            raise own.error(where, f"`extends: {part}` cannot be followed") from None
        # Files are suggested only from where `extends` may go: never a stranger's view of
        # some other folder of yours.
        hint = did_you_mean(part, nearby_rulesets(target, relative_to.parent) if inside
                            else list(bundled_rulesets()))
        if not inside:
            raise own.error(where, f"`extends: {part}` is not allowed: it leaves the folder of "
                                   f"the ruleset you named ({display_name(roots[0])}); name "
                                   "another folder with --rules-path to allow it")
        if not part.endswith((".yaml", ".yml")):
            raise own.error(where, f"`extends: {part}`: there is no bundled ruleset of that "
                                   f"name{hint}; the bundled ones are "
                                   f"{', '.join(bundled_rulesets())}, and a file of your own "
                                   "is named by its path, ending in .yaml")
        if not exists(target):
            raise own.error(where, f"`extends: {part}`: there is no such file; looked for "
                                   f"{display_name(target)}, from the folder of "
                                   f"{display_name(relative_to)}{hint}")


def combine(parents: list, relative_to, seen: tuple, settled: tuple,
            loading: Loading | None = None, root: Path | None = None) -> Source:
    """Merge rulesets in order: the first is the base, each later one overrides it key by key.

    Later wins, except that two overlays (entries after the first) replacing the same
    rule text differently conflict, unless the extending file settles it itself (its key
    paths are `settled`).
    """
    merged = Source({}, {}, str(parents[0]) if parents else "<none>")
    claims: dict[tuple, tuple] = {}
    for index, parent in enumerate(parents):
        # Parts the user joined with `+` each have their own folder; `extends` entries share
        # the folder of the file the user named.
        source = load_source(parent, relative_to, seen, loading,
                             root if relative_to is not None else None)
        merged.overlays += source.overlays
        if source.data.pop("overlay", None):
            # Named by its `name:`, else by its file's (a house rule's switch is its name).
            name = str(source.data.get("name") or Path(str(parent)).stem)
            if name in loading.without:
                continue  # a house rule switched off (`--option NAME=false`)
            merged.overlays += (name,)
            # An overlay changes the game, not what the base says it is.
            for key in DESCRIPTIVE:
                source.data.pop(key, None)
        for leaf, value in leaves(source.data) if index else ():
            if not is_rule_text(leaf):
                continue
            if leaf in claims and claims[leaf][1] != value and not is_settled(leaf, settled):
                raise overlay_conflict(leaf, claims[leaf][0], source)
            claims[leaf] = (source, value)
        merge_into(merged, source)
    return merged


def combined_title(parents: list) -> str:
    """`Base Title + Overlay Title`: the titles of a base and its overlays."""
    return " + ".join(read_yaml(resolve(p)).data.get("title", p) for p in parents)


def is_rule_text(leaf: tuple) -> bool:
    """Whether a key path holds an effect or a condition."""
    return leaf[-1] in RULE_TEXT or leaf[0] in NAMED_RULES


def leaves(data, path: tuple = ()):
    """(key path, value) for every value that is not itself a mapping; file descriptions aside."""
    for key, value in data.items():
        if not path and key in DESCRIPTIVE:
            continue
        if isinstance(value, dict) and value:
            yield from leaves(value, path + (key,))
        else:
            yield path + (key,), value


def is_settled(leaf: tuple, settled: tuple) -> bool:
    """Whether the extending file sets `leaf` (or something containing it) itself."""
    return any(leaf[:len(path)] == path for path, _ in settled)


def overlay_conflict(leaf: tuple, first: Source, second: Source) -> RulesetError:
    """Two overlays set the same thing differently: name both places."""
    one, two = first.locate(leaf), second.locate(leaf)
    return RulesetError(f"{one.file}:{one.line} and {two.file}:{two.line} both set "
                        f"{dollar_path(leaf)} differently; set it in your own file to decide",
                        file=two.file, line=two.line, column=two.column, path=dollar_path(leaf))


def merge_into(base: Source, overlay: Source, path: tuple = ()) -> None:
    """Deep-merge `overlay` into `base`: mappings merge, anything else is replaced."""
    target = base.data
    for part in path:
        target = target[part]
    for key, value in overlay_at(overlay.data, path).items():
        here = path + (key,)
        if here == ("playable",) and isinstance(value, dict) and isinstance(target.get(key), str):
            # Clauses on top of one condition: that condition is the clause named `playable`.
            target[key] = {key: target[key]}
            if here in base.locations:
                base.locations[here + (key,)] = base.locations[here]
        if value is None:
            # `key: null` in an overlay removes what the base ruleset set there.
            if len(here) == 2 and here[0] in NAMED_RULES and key not in target \
                    and isinstance(target, dict):
                what = NAMED_RULES[here[0]]
                known = ", ".join(map(str, target)) or "none"
                raise overlay.error(here, f"there is no {what} '{key}' to remove ({here[0]}: "
                                          f"{known})")
            target.pop(key, None)
            forget_below(base.locations, here)
            continue
        if here[0] in NAMED_RULES and len(here) == 1 and isinstance(value, dict) \
                and not isinstance(target.get(key), dict):
            for name, entry in value.items():
                if entry is None:  # nothing there yet: a null removes nothing
                    raise overlay.error(here + (name,), f"there is no {NAMED_RULES[key]} "
                                                        f"'{name}' to remove ({key}: none)")
        if isinstance(value, dict) and isinstance(target.get(key), dict):
            base.locations[here] = overlay.locations.get(here, base.locate(here))
            merge_into(base, overlay, here)
            continue
        target[key] = without_nulls(value)
        forget_below(base.locations, here)
        base.locations.update({p: loc for p, loc in overlay.locations.items() if p[:len(here)] == here})


def without_nulls(value):
    """A value with every `key: null` inside it dropped (null means "remove")."""
    if isinstance(value, dict):
        return {k: without_nulls(v) for k, v in value.items() if v is not None}
    return value


def overlay_at(data: dict, path: tuple) -> dict:
    """The mapping at `path` inside `data`."""
    for part in path:
        data = data[part]
    return data


def forget_below(locations: dict, path: tuple) -> None:
    """Drop the locations of a value that an overlay replaces."""
    for stale in [p for p in locations if p[:len(path)] == path]:
        del locations[stale]
