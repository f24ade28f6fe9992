"""houserules: a declarative rule-variant interpreter for UNO-family card games.

The pipeline runs one way: YAML ruleset -> schema check -> compiled Ruleset -> GameState
driven by agents -> front ends. The public names are gathered here.
"""

from .agents import EagerAgent, HeuristicAgent, RandomAgent, ScriptedAgent, play_match
from .decisions import DRAW, Decision
from .engine import COMPILED, GameState
from .errors import DslError, HouserulesError, IllegalMove, OptionError, RuleRuntimeError, RulesetError
from .ruleset import Ruleset, load_ruleset
from .simulate import simulate

__all__ = [
    "COMPILED", "DRAW", "Decision", "DslError", "EagerAgent", "GameState", "HeuristicAgent",
    "HouserulesError", "IllegalMove", "OptionError", "RandomAgent", "RuleRuntimeError", "Ruleset",
    "RulesetError", "ScriptedAgent", "load_ruleset", "play_match", "simulate",
]
