"""Building a Ruleset: a YAML file and its house rules, checked and compiled once."""
