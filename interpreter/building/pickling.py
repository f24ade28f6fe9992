"""A loaded Ruleset pickles by reference: its compiled rules are closures, which pickle cannot
keep, so what is kept is how it was loaded (the name or path with its overlays, the options,
the folders its `extends` may reach) and its digest. Unpickled, it is loaded again from
them, once a process, and refused if what it reads now is not what was pickled (the file,
or a file it extends, changed). So environments holding one run in subprocesses started
with spawn (docs/learning.md)."""

from __future__ import annotations

import copyreg

from interpreter.building.compiled import Ruleset
from interpreter.building.ruleset import load_ruleset
from interpreter.errors import RulesetError

_reloaded: dict = {}  # (reference, digest) -> the Ruleset unpickled in this process


def reloaded(ref: str, options: dict, rules_path: tuple, digest: str) -> Ruleset:
    """The Ruleset a pickle names: loaded again (once a process), checked by its digest."""
    key = (ref, repr(sorted(options.items())), rules_path, digest)
    rules = _reloaded.get(key)
    if rules is None:
        rules = load_ruleset(ref, options, rules_path)
        if rules.digest != digest:
            raise RulesetError(f"the ruleset changed since it was pickled (digest {digest}, "
                               f"now {rules.digest})", file=rules.file)
        _reloaded[key] = rules
    return rules


def by_reference(rules: Ruleset):
    """How pickle keeps `rules`: `reloaded` and what it loads again from."""
    if not rules.reference:
        raise TypeError(f"the ruleset {rules.name} was not loaded by load_ruleset, so it "
                        f"cannot be pickled")
    ref, options, rules_path = rules.reference
    return reloaded, (ref, dict(options), rules_path, rules.digest)


copyreg.pickle(Ruleset, by_reference)
