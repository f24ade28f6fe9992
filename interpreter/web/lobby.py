"""Setting up a game from a front end: what can be played, and checking a choice or a paste.

A pasted ruleset is untrusted text. It is written to a folder of its own as one file and
read by the same loader as a file named on the command line, so it meets the same limits
(source.MAX_FILE_BYTES, no Python tags, `extends` only to bundled rulesets or to files in
that folder, which holds nothing else).
"""

from __future__ import annotations

import json
import tempfile
from functools import lru_cache
from pathlib import Path

from interpreter.building.options import house_rules
from interpreter.building.ruleset import load_ruleset
from interpreter.errors import HouserulesError, OptionError
from interpreter.loading.extends import load_source
from interpreter.loading.source import (
    MAX_FILE_BYTES,
    bundled_dir,
    bundled_rulesets,
    english,
    read_yaml,
)
from interpreter.playing.gamelog import error_text
from interpreter.playing.seating import AGENTS, BOT_HELP
from interpreter.presenting.naming import naming, said_name
from interpreter.presenting.translation import said, speaking
from interpreter.safe_text import shown
from interpreter.web.words import said_here

PASTED = "pasted.yaml"  # the name a pasted ruleset is written under, in its own folder
# Characters; a longer paste is refused before it is written. Anything shorter is written and
# refused by the loader as the same file would be on the command line (past MAX_FILE_BYTES).
MAX_PASTE = 2_000_000
MAX_OPTIONS = 200


def one_line(text) -> str:
    return shown(str(text or "").strip().replace("\n", " "), one_line=True)


def option_list(specs: dict) -> list:
    """A ruleset's declared options, as a front end offers them."""
    return [{"name": name, "type": spec.get("type"), "default": spec.get("default"),
             "help": one_line(spec.get("help", "")), "choices": spec.get("choices"),
             "minimum": spec.get("minimum"), "maximum": spec.get("maximum")}
            for name, spec in specs.items()]


def ruleset_entry(rules, name: str | None) -> dict:
    """A loaded ruleset as the catalog lists it, its words in the language spoken where its
    files give them (in_its_words)."""
    entry = {"name": name, "title": one_line(rules.title),
             "description": one_line(rules.description),
             "players": {"min": rules.min_players, "max": rules.max_players,
                         "default": rules.default_players},
             "house_rules_on": list(rules.overlays), "options": option_list(rules.option_specs),
             "cards": len(rules.deck)}
    with naming(rules):  # an option's label is said as the ruleset's names: say it
        return in_its_words(entry, rules.source.data)


@lru_cache(maxsize=None)
def catalog_json(lang: str = "en") -> str:
    """Every bundled game (with its options), house rule and bot, as JSON, their words in
    `lang` where the files give them (made once per language)."""
    with speaking(lang):
        return _catalog_json()


def _catalog_json() -> str:
    games, rules_list = [], []
    for name in bundled_rulesets():
        # As the loader reads it (with the words in other languages beside it), for its words.
        data = load_source(name).data
        if data.get("overlay"):
            title, description = data.get("title", name), data.get("description", "")
            rules_list.append({"name": name.split("/", 1)[1],
                               "title": one_line(said(title, english(title))),
                               "description": one_line(said(description, english(description)))})
        else:
            rules = load_ruleset(name)
            games.append({**ruleset_entry(rules, name), "english": one_line(rules.title)})
    # As a person reads the list in English; in every language the same order, the same first.
    games.sort(key=lambda game: game.pop("english").casefold())
    # A bot's name and help as the seat menu shows them (its `name` is the one answered with).
    bots = [{"name": name, "label": said_here(name), "help": said_here(BOT_HELP[name])}
            for name in AGENTS]
    return json.dumps({"rulesets": games, "house_rules": rules_list, "bots": bots})


def in_its_words(entry: dict, data: dict) -> dict:
    """A catalog entry with the words its file gives in the language spoken (translation.said):
    its title, description, and its options' help and labels (their names and choices said
    as the ruleset's names, naming.said_name: the names are still what a request gives)."""
    entry["title"] = one_line(said(data.get("title"), entry["title"]))
    entry["description"] = one_line(said(data.get("description"), entry["description"]))
    written = data.get("options")
    written = written if isinstance(written, dict) else {}
    for option in entry["options"]:
        spec = written.get(option["name"])
        option["help"] = one_line(said(spec.get("help") if isinstance(spec, dict) else None,
                                       option["help"]))
        option["label"] = one_line(said_name(option["name"]))
        if option["choices"]:
            option["choice_labels"] = [one_line(said_name(str(choice)))
                                       for choice in option["choices"]]
    return entry


def choice_options(options, on, off=None, rules_on: tuple = ()) -> dict:
    """The options for load_ruleset: the declared ones given, a switch on for each house rule
    in `on` and off for each of the game's own (`rules_on`) in `off`."""
    if not isinstance(options, dict) or len(options) > MAX_OPTIONS:
        raise OptionError(said_here("expected options as an object of at most {count} names")
                          .format(count=MAX_OPTIONS))
    on, off = on or [], off or []
    for what, names in (("house_rules", on), ("house_rules_off", off)):
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise OptionError(said_here("expected {what} as a list of names").format(what=what))
    known = house_rules()
    unknown = [n for n in on + off if n not in known]
    if unknown:
        raise OptionError(said_here("no house rule named {name}; house rules: {names}")
                          .format(name=repr(unknown[0][:60]), names=", ".join(known)))
    chosen = {k: v for k, v in options.items() if k not in known}
    chosen.update({name: True for name in on})
    chosen.update({name: False for name in off if name in rules_on and name not in on})
    return chosen


def write_paste(text, folder: Path) -> Path:
    """Write a pasted ruleset into `folder` (its own), refusing a paste far past the limit
    before anything is written; the loader then applies every other limit."""
    if not isinstance(text, str):
        raise HouserulesError(said_here("expected the ruleset's YAML text as a string"))
    if len(text) > MAX_PASTE:
        raise HouserulesError(said_here("the pasted ruleset is {count} characters; a ruleset "
                                        "file may be at most {size} bytes")
                              .format(count=f"{len(text):,}", size=f"{MAX_FILE_BYTES:,}"),
                              file="pasted ruleset")
    path = folder / PASTED
    path.write_text(text, encoding="utf-8")
    return path


def load_choice(ruleset, text, options, on, folder: Path, off=None):
    """Load what was chosen: a bundled game by name, or the pasted `text` (written into
    `folder`); with its options, the house rules `on` switched on and the game's own `off`
    left out. Gives (the reference a save uses, the ruleset, the options it was loaded with):
    a paste's is its file's name, found in `folder` (session.ruleset_in), so the folder may move."""
    if text is not None:
        path = str(write_paste(text, folder))
        ref = PASTED
    elif isinstance(ruleset, str) and ruleset in bundled_rulesets() \
            and not read_yaml(bundled_dir("rulesets") / f"{ruleset}.yaml").data.get("overlay"):
        ref = path = ruleset
    else:
        raise HouserulesError(said_here("no game named {name}; choose one of the bundled games "
                                        "or paste a ruleset").format(name=repr(str(ruleset)[:60])))
    base = load_ruleset(path)
    chosen = choice_options(options, on, off, tuple(base.overlays))
    return ref, load_ruleset(path, chosen), chosen


def path_forms(path: Path) -> list:
    """The ways a message may name a folder: as given, absolute, and relative to here."""
    forms = {str(path), str(path.resolve())}
    try:
        forms.add(str(path.resolve().relative_to(Path.cwd())))
    except ValueError:
        pass  # not under here: named absolute
    return sorted(forms - {"."}, key=len, reverse=True)


def hidden_folders(folder: Path | None) -> list:
    """(a folder's name, what is shown instead) for each folder of the server's an error must
    not name: `folder` (a table's, or a paste's), and where houserules is installed (a bundled
    ruleset is named as `extends` names it)."""
    rulesets = bundled_dir("rulesets")
    hidden = [(f"{form}/", "") for form in path_forms(rulesets)]
    if folder is not None:
        hidden += [(f"{form}/", "") for form in path_forms(folder)]
        hidden += [(form, "its folder") for form in path_forms(folder)]
    return hidden + [(form, "houserules") for form in path_forms(rulesets.parent)]


def error_json(err: HouserulesError, folder: Path | None = None) -> dict:
    """An error as the page shows it: its `code` (a TableError's, else `invalid`: the same in
    every language), where (file, line, column, key path) and what; never
    naming the server's own folders (`folder`: the table's or the paste's), nobody else's
    business."""
    hidden = hidden_folders(folder)

    def plain(text):
        text = "" if text is None else str(text)
        for name, instead in hidden:
            text = text.replace(name, instead)
        return shown(text)
    return {"code": getattr(err, "code", "invalid"),
            "message": plain(error_text(err)), "problem": plain(err.message),
            "file": plain(err.file) if err.file else None, "line": err.line,
            "column": err.column, "path": err.path, "detail": plain(err.detail) or None}


def check_choice(ruleset, text, options, on, off=None) -> dict:
    """Whether a choice loads: its summary, or the error, with line and column."""
    with tempfile.TemporaryDirectory(prefix="houserules-check-") as folder:
        try:
            _, rules, _ = load_choice(ruleset, text, options, on, Path(folder), off)
        except HouserulesError as err:
            return {"ok": False, "error": error_json(err, Path(folder))}
        return {"ok": True, **ruleset_entry(rules, ruleset if text is None else None)}
