"""houserules: a declarative rule-variant interpreter for UNO-family card games.

The pipeline runs one way: YAML ruleset -> schema check -> compiled Ruleset -> GameState
driven by agents through a Match -> front ends. The public names are gathered here.
"""

from interpreter.building.compiled import Ruleset
from interpreter.building.ruleset import load_ruleset
from interpreter.engine.decisions import DRAW, Decision
from interpreter.engine.game import COMPILED, GameState
from interpreter.errors import (
    DslError,
    HouserulesError,
    IllegalMove,
    OptionError,
    RuleRuntimeError,
    RulesetError,
)
from interpreter.playing.agents import (
    EagerAgent,
    HeuristicAgent,
    RandomAgent,
    ScriptedAgent,
)
from interpreter.playing.match import Match, play_match
from interpreter.simulate.runs import simulate

__all__ = [
    "COMPILED", "DRAW", "Decision", "DslError", "EagerAgent", "GameState", "HeuristicAgent",
    "HouserulesError", "IllegalMove", "Match", "OptionError", "RandomAgent", "RuleRuntimeError", "Ruleset",
    "RulesetError", "ScriptedAgent", "load_ruleset", "play_match", "simulate",
]
