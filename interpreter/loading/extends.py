"""A ruleset's files read through: `extends` (its parents, bundled or beside it, at most
MAX_FILES in all) and overlays merged into what they extend, each value keeping the file and
line it came from (source.py)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from interpreter.errors import RulesetError
from interpreter.loading.kinds import HOUSE_RULE, RULESET, data_kind, mistaken, wrong_kind
from interpreter.loading.source import (
    MAX_FILE_BYTES,
    MAX_LOAD_BYTES,
    Source,
    bundled_dir,
    bundled_rulesets,
    check_is_a,
    did_you_mean,
    display_name,
    dollar_path,
    exists,
    is_bundled,
    is_said,
    missing,
    nearby_rulesets,
    read_yaml,
    resolve,
)
from interpreter.loading.translations import translate, translation_files, words_of

# Keys that describe a file rather than change the game.
DESCRIPTIVE = {"name", "title", "description", "overlay"}
# Keys that hold rule text (effects and conditions): two overlays replacing the same one
# differently conflict, since one house rule would silently undo the other.
RULE_TEXT = {"on_play", "on_first", "on_going_out", "legal", "fair", "playable", "allowed",
             "winner_scores", "seat_scores", "redeal_if", "return_if", "draw_high"}


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
    ruleset = words_of(path)
    if ruleset is not None:
        raise RulesetError(f"this is a translations file: the words of "
                           f"{display_name(ruleset)} in another language, read with it; "
                           f"name {display_name(ruleset)} instead", file=display_name(path))
    try:
        own = read_yaml(path)
        check_is_a(own, "ruleset")
    except RulesetError as err:
        raise mistaken(err, path, RULESET, HOUSE_RULE) from None
    found = data_kind(own.data)
    if found not in (None, RULESET, HOUSE_RULE):  # a scenario: its keys are a ruleset's too
        raise RulesetError(wrong_kind(found, RULESET, own.file), file=own.file)
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
        words(own, path, ref, loading)
        return own  # as written: its `key: null`s remove from the base it is put on
    merged = combine(parents, path, seen + (path,), tuple(leaves(own.data)), loading, root)
    merge_into(merged, own)
    merged.file = own.file
    words(merged, path, ref, loading)
    return merged


def words(source: Source, path: Path, ref: str, loading: Loading) -> None:
    """Give `source` the words in other languages of the translations files beside `path`
    (translations.py), counted in the load's bytes as the file's own."""
    read = translate(source, path)
    if not is_bundled(ref):
        loading.bytes += read
        if loading.bytes > MAX_LOAD_BYTES:
            raise RulesetError(f"the ruleset and its translations files are more than "
                               f"{MAX_LOAD_BYTES:,} bytes for one load; refused",
                               file=display_name(path))


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
            loading: Loading, root: Path | None = None) -> Source:
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


def combined_title(parents: list):
    """`Base Title + Overlay Title`: the titles of a base and its overlays, in each language
    one of them is translated into (each part in English where it has no words in it)."""
    titles = [part_title(resolve(p), p) for p in parents]
    english_title = " + ".join(title["en"] for title in titles)
    langs = sorted({lang for title in titles for lang in title} - {"en"})
    if not langs:
        return english_title
    return {"en": english_title, **{lang: " + ".join(title.get(lang, title["en"]) for title in titles)
                                    for lang in langs}}


def part_title(path: Path, ref: str) -> dict:
    """A ruleset file's title by language: its own (one text or one per language) and its
    translations files'."""
    title = read_yaml(path).data.get("title", ref)
    said = {str(k): str(v) for k, v in title.items()} if isinstance(title, dict) \
        else {"en": str(title)}
    for lang, file in translation_files(path):
        words = read_yaml(file).data.get("title")
        if isinstance(words, str):
            said.setdefault(lang, words)
    return said


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
        # Words given per language are replaced whole: the base's translations of other words
        # would otherwise be left beside the new English.
        if isinstance(value, dict) and isinstance(target.get(key), dict) and not is_said(here):
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
