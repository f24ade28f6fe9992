"""Building a Ruleset: a YAML file and its house rules, checked and compiled once."""

# How a Ruleset pickles (by reference), registered wherever one can be built.
from interpreter.building import pickling  # noqa: F401
