"""A ruleset's words in other languages, from the translations files beside it: NAME.LANG.yml
beside NAME.yaml (my_game.ur.yml beside my_game.yaml), one language a file, each the ruleset's
own keys with the texts in that language. Read with the safe loader and checked by
schema/translation.schema.json, each text is merged into the ruleset's data as the per-language
form a ruleset may also write itself ({en: ..., ur: ...}), keeping its file and line; the
digest reads the English only (source.in_english), so adding a language changes no game.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from interpreter.errors import RulesetError
from interpreter.loading.source import (
    NAMES,
    Source,
    did_you_mean,
    display_name,
    dollar_path,
    is_said,
    read_yaml,
)
from interpreter.loading.validation import check_schema

SUFFIX = ".yml"  # not .yaml: a .yaml file in a rulesets folder is a ruleset
LANGUAGE = re.compile(r"[a-z]{2,3}")  # an ISO 639 code, as the file is named
MAX_LANGUAGES = 20  # translations files read beside one ruleset file


def translation_files(path: Path) -> list[tuple[str, Path]]:
    """(language, file) for each translations file beside ruleset file `path`, by language."""
    found = []
    try:
        candidates = sorted(path.parent.glob(f"{glob_escape(path.stem)}.*{SUFFIX}"))
    except (OSError, ValueError):
        return []
    for file in candidates:
        lang = file.name[len(path.stem) + 1:-len(SUFFIX)]
        if LANGUAGE.fullmatch(lang) and lang != "en":
            found.append((lang, file))
    if len(found) > MAX_LANGUAGES:
        raise RulesetError(f"more than {MAX_LANGUAGES} translations files beside this ruleset; "
                           "refused", file=display_name(path))
    return found


def words_of(path: Path) -> Path | None:
    """The ruleset file that `path` holds the words of, if it is a translations file
    (my_game.ur.yml -> my_game.yaml or my_game.yml beside it); else None."""
    stem, dot, lang = path.name[:-len(SUFFIX)].rpartition(".") if path.name.endswith(SUFFIX) \
        else ("", "", "")
    if not (dot and stem and LANGUAGE.fullmatch(lang)):
        return None
    for suffix in (".yaml", SUFFIX):
        ruleset = path.with_name(stem + suffix)
        if ruleset.is_file():
            return ruleset
    return None


def glob_escape(name: str) -> str:
    """`name` with the characters glob reads as patterns taken as themselves."""
    return re.sub(r"([*?\[])", r"[\1]", name)


def translate(source: Source, path: Path) -> int:
    """Merge the translations files beside ruleset file `path` into `source` (the ruleset as
    that file makes it, what it extends included); returns the bytes read."""
    read = 0
    for lang, file in translation_files(path):
        if file.resolve().parent != path.resolve().parent:
            raise RulesetError("a translations file must be a file beside its ruleset, not a "
                               "link to another folder", file=display_name(file))
        stat = file.stat()
        words = checked_words(file, stat.st_mtime_ns, stat.st_size)
        read += stat.st_size
        for where, text in said_leaves(words.data):
            put(source, words, where, lang, text, display_name(path))
    return read


@lru_cache(maxsize=256)
def checked_words(file: Path, modified: int, size: int) -> Source:
    """A translations file read and checked against its schema, once while it is unchanged
    (a game's rulesets are loaded again and again: by each command, table and worker)."""
    words = read_yaml(file)
    check_schema(words, "translation")
    return words


def said_leaves(data: dict, path: tuple = ()):
    """(key path, text) for every text a translations file gives."""
    for key, value in data.items():
        here = path + (key,)
        if is_said(here):
            yield here, value
        elif isinstance(value, dict):
            yield from said_leaves(value, here)


def put(source: Source, words: Source, path: tuple, lang: str, text, own: str) -> None:
    """Give the text at `path` in language `lang`, from translations file `words` of the
    ruleset file named `own` (which may not give that text in that language itself)."""
    if path[0] == NAMES:
        known = known_names(source.data)
        if path[1] not in known:
            raise words.error(path, f"the ruleset has no colour, kind, side, rank, option or "
                                    f"chance named '{path[1]}' to translate"
                                    f"{did_you_mean(path[1], known)}")
        table = source.data.setdefault(NAMES, {})
        table[path[1]] = with_language(table.get(path[1]), lang, text)
        source.locations[path + (lang,)] = words.locate(path)
        return
    attribute = (source.data.get("attributes") or {}).get(path[1]) \
        if path[0] == "attributes" and path[2] == "words" else None
    if isinstance(attribute, dict) and path[-1] not in (attribute.get("words") or {}):
        values = attribute_values(attribute)
        if path[-1] not in values:
            raise words.error(path, f"the attribute '{path[1]}' has no value '{path[-1]}' to "
                                    f"translate{did_you_mean(path[-1], sorted(values))}")
        attribute.setdefault("words", {})[path[-1]] = with_language(None, lang, text)
        source.locations[path + (lang,)] = words.locate(path)
        return
    holder = source.data
    for depth, key in enumerate(path[:-1]):
        inner = holder.get(key) if isinstance(holder, dict) else None
        if not isinstance(inner, dict):
            raise missing(source, words, path[:depth + 1], holder)
        holder = inner
    english = holder.get(path[-1])
    if english is None:
        raise missing(source, words, path, holder)
    shape = english.get("en") if isinstance(english, dict) else english
    if isinstance(shape, list) != isinstance(text, list) or \
            isinstance(text, list) and isinstance(shape, list) and len(text) != len(shape):
        wanted = f"a list of {len(shape)} texts" if isinstance(shape, list) else "one text"
        raise words.error(path, f"the ruleset gives {dollar_path(path)} as {wanted}; "
                                "translate it in the same shape")
    if isinstance(english, dict) and lang in english and \
            source.locate(path + (lang,)).file == own:
        where = source.locate(path + (lang,))
        raise words.error(path, f"the {lang} text of {dollar_path(path)} is given in "
                                f"{where.file} line {where.line} too; give it in one place")
    holder[path[-1]] = with_language(english, lang, text)
    source.locations[path + (lang,)] = words.locate(path)


def attribute_values(spec) -> set:
    """The values an attribute may take, as its settings write them (help and words aside)."""
    found: set = set()
    stack = [value for key, value in spec.items() if key not in ("help", "words")] \
        if isinstance(spec, dict) else []
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            found.add(value)
        elif isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
    return found


def with_language(said, lang: str, text):
    """Words for people (one English text, or one per language) with `text` in `lang`."""
    if isinstance(said, dict):
        return {**said, lang: text}
    return {"en": said, lang: text} if said is not None else {lang: text}


def missing(source: Source, words: Source, path: tuple, holder) -> RulesetError:
    """A translation of something the ruleset does not say: where, and what it has there."""
    known = [str(key) for key in holder] if isinstance(holder, dict) and len(path) > 1 else []
    hint = did_you_mean(str(path[-1]), known)
    return words.error(path, f"the ruleset ({display_name(Path(source.file))}) has nothing "
                             f"there to translate{hint}")


def known_names(data: dict) -> list[str]:
    """The names a ruleset's `names:` may say in words: its colours (each side's too), sides,
    kinds, word ranks, options and the words they may be set to, and chances and their word
    outcomes."""
    found = [str(c) for c in data.get("colors") or ()]
    for option, spec in (data.get("options") or {}).items():
        found.append(str(option))
        found += [c for c in (spec or {}).get("choices") or () if isinstance(c, str)]
    for chance, slots in (data.get("chances") or {}).items():
        found.append(str(chance))
        found += [slot for slot in slots or () if isinstance(slot, str)]
    for side, spec in (data.get("sides") or {}).items():
        found.append(str(side))
        found += [str(c) for c in (spec or {}).get("colors") or ()]
    found += [str(kind) for kind in data.get("kinds") or ()]
    for entry in data.get("deck") or ():
        if isinstance(entry, dict):
            found += [str(rank) for rank in entry.get("ranks") or () if isinstance(rank, str)]
    return sorted(set(found))
