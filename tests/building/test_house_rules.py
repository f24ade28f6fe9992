"""House rules as data: overlays combine, conflicts are named, explain and compare tell the effect."""

import itertools
import json
from io import StringIO

import pytest
from helpers import write

from interpreter import GameState, load_ruleset
from interpreter.cli.main import main
from interpreter.errors import RulesetError
from interpreter.loading.source import bundled_dir, bundled_rulesets
from interpreter.playing.agents import HeuristicAgent, RandomAgent
from interpreter.playing.checked import play_checked
from interpreter.presenting.explain import explain
from interpreter.simulate.runs import compare

OVERLAYS = [name for name in bundled_rulesets() if name.startswith("house/")]
HOUSE_OPTIONS = ["draw_until_playable", "stacking", "seven_o", "jump_in", "forced_play",
                 "challenge", "single_hand", "partners", "target_score", "hands"]


@pytest.mark.parametrize("base", ["classic", "mario_kart"])
@pytest.mark.parametrize("option", HOUSE_OPTIONS)
def test_every_house_rule_is_a_switch_of_both_games(base, option):
    """A bundled house rule is an option of every game: on or off (docs/rules.md)."""
    assert option in load_ruleset(base).options


@pytest.mark.parametrize("base", ["classic", "mario_kart"])
def test_no_house_rule_logic_is_woven_into_a_base(base):
    text = (bundled_dir("rulesets") / f"{base}.yaml").read_text()
    for rule in ["stacking", "seven_o", "jump_in", "forced_play", "draw_until_playable"]:
        assert f"option.{rule}" not in text and f"{rule}:" not in text


@pytest.mark.parametrize("overlay", OVERLAYS)
@pytest.mark.parametrize("base", ["classic", "mario_kart"])
def test_every_overlay_goes_on_both_games(base, overlay):
    rules = load_ruleset(f"{base}+{overlay}")
    changed = {k for k, v in rules.options.items() if load_ruleset(base).options.get(k) != v}
    assert changed or overlay == "house/challenge" and base == "mario_kart"


def test_overlays_combine():
    rules = load_ruleset("classic+house/stacking+house/seven_o+house/jump_in")
    assert rules.options["stacking"] and rules.options["seven_o"] and rules.options["jump_in"]
    assert rules.jump_in is not None
    assert rules.title == "Classic UNO + Stacking + Seven-O + Jump-in"


def test_an_overlay_alone_is_not_a_game():
    with pytest.raises(RulesetError, match="is an overlay"):
        load_ruleset("house/stacking")


def test_overlays_changing_the_same_rule_text_conflict_and_both_are_named(tmp_path):
    write(tmp_path, "a.yaml", "overlay: true\nkinds:\n  skip:\n    on_play: draw(next, 1)\n")
    write(tmp_path, "b.yaml", "overlay: true\nkinds:\n  skip:\n    on_play: draw(next, 2)\n")
    mine = write(tmp_path, "mine.yaml", "extends: [classic, a.yaml, b.yaml]\nname: mine\n")
    with pytest.raises(RulesetError) as info:
        load_ruleset(mine)
    text = str(info.value)
    assert "a.yaml:4" in text and "b.yaml:4" in text and "$.kinds.skip.on_play" in text


def test_the_extending_file_settles_a_conflict(tmp_path):
    write(tmp_path, "a.yaml", "overlay: true\nkinds:\n  skip:\n    on_play: draw(next, 1)\n")
    write(tmp_path, "b.yaml", "overlay: true\nkinds:\n  skip:\n    on_play: draw(next, 2)\n")
    mine = write(tmp_path, "mine.yaml", "extends: [classic, a.yaml, b.yaml]\nname: mine\n"
                 "kinds:\n  skip:\n    on_play: draw(next, 3)\n")
    assert load_ruleset(mine).kinds["skip"].on_play


def test_plain_values_from_later_overlays_win(tmp_path):
    write(tmp_path, "a.yaml", "overlay: true\noptions:\n  hands: {default: 2}\n")
    write(tmp_path, "b.yaml", "overlay: true\noptions:\n  hands: {default: 3}\n")
    mine = write(tmp_path, "mine.yaml", "extends: [classic, a.yaml, b.yaml]\nname: mine\n")
    assert load_ruleset(mine).hands == 3


def test_stacking_passes_the_penalty_on_until_someone_draws():
    rules = load_ruleset("classic+house/stacking")
    game = GameState.from_table(rules, hands=[["red draw_two", "red 1", "red 2"],
                                              ["blue draw_two", "blue 1", "blue 2"],
                                              ["green 5", "green 6"]],
                                discard=["red 3"], stock=["red 4"] * 5)
    game.apply(rules.card("red draw_two"))
    assert game.penalty == 2 and game.legal_options() == (rules.card("blue draw_two"), "draw")
    game.apply(rules.card("blue draw_two"))
    assert game.penalty == 4 and game.current_seat == 2
    game.apply("draw")
    assert game.hand_sizes() == [2, 2, 6] and game.penalty == 0 and game.current_seat == 0


@pytest.mark.parametrize("ruleset, phrases", [
    ("classic", ["The deck (108 cards)", "The next player draws 2 cards.",
                 "The direction of play becomes the other one.", "first to 500 points"]),
    ("mario_kart", ["The deck (112 cards)", "The previous player draws 2 cards.",
                    "The seat decides whether to challenge.", "ties draw again"]),
    ("classic+house/stacking", ["The pending penalty grows by the number of cards owed.",
                                "house rules on: stacking", "Only when the pending penalty is 0"]),
    ("classic+house/seven_o", ["swap hands", "Every hand passes one seat on"]),
    ("classic+house/jump_in", ["Jump-in: after a card is played"]),
])
def test_explain_tells_the_rules_in_words(ruleset, phrases):
    text = explain(load_ruleset(ruleset))
    for phrase in phrases:
        assert phrase in text


def test_explain_shows_only_what_the_options_make_happen():
    plain = explain(load_ruleset("classic"))
    assert "challenge" not in plain.split("What the cards do")[1].split("Play\n")[0]
    assert "decides whether to challenge" in explain(load_ruleset("classic", {"challenge": True}))


def test_compare_shows_that_stacking_makes_hands_longer():
    report = compare(load_ruleset("classic"), load_ruleset("classic", {"stacking": True}),
                     games=600, seed=3)
    turns = report["measures"]["turns_per_hand"]
    assert turns["difference"]["mean"] > 0
    assert set(report["measures"]) == {"turns_per_hand", "first_seat_win_rate", "points_per_hand"}
    low, high = turns["a"]["ci95"]
    assert low < turns["a"]["mean"] < high


def test_compare_command_prints_a_table_and_json():
    out = StringIO()
    assert main(["compare", "classic", "classic", "--option-b", "stacking=true",
                 "--games", "30", "--json"], out=out) == 0
    report = json.loads(out.getvalue())
    assert report["b"]["options"]["stacking"] is True and report["a"]["options"]["stacking"] is False
    out = StringIO()
    assert main(["compare", "classic", "classic+house/stacking", "--games", "30"], out=out) == 0
    assert "turns per hand" in out.getvalue() and "B - A" in out.getvalue()


def test_explain_command(capsys):
    out = StringIO()
    assert main(["explain", "mario_kart", "--option", "stacking=true"], out=out) == 0
    assert "UNO Mario Kart" in out.getvalue()
    assert main(["explain", "classic", "--option", "stackin=true"]) == 2
    assert "did you mean 'stacking'" in capsys.readouterr().err


def test_stacking_as_a_switch_is_the_overlay():
    switched = load_ruleset("classic", {"stacking": "true"})
    assert switched.digest == load_ruleset("classic+house/stacking").digest
    assert switched.options["stacking"] is True and switched.overlays == ("stacking",)
    assert load_ruleset("classic").options["stacking"] is False


def test_challenge_switched_off_enforces_mario_karts_wild_draw_four():
    on, off = load_ruleset("mario_kart"), load_ruleset("mario_kart", {"challenge": False})
    assert on.kinds["wild_draw_four"].legal is None and off.kinds["wild_draw_four"].legal
    assert "challenge" not in off.overlays and off.triggers.draw_owed == ()


def test_a_users_text_reads_whether_a_house_rule_is_on(tmp_path):
    mine = write(tmp_path, "mine.yaml", "extends: classic\nname: mine\nkinds:\n  skip:\n"
                                        "    on_play: if option.stacking then draw(next, 1) end\n")
    game = GameState.from_table(load_ruleset(mine, {"stacking": True}),
                                hands=[["red skip", "red 1", "red 2"], ["blue 2"]],
                                discard=["red 3"], stock=["yellow 1"] * 3)
    game.apply(game.ruleset.card("red skip"))
    assert game.hand_sizes() == [2, 2]


def test_an_overlay_without_a_name_is_called_by_its_file(tmp_path):
    write(tmp_path, "o.yml", "overlay: true\ntitle: o\n")
    rules = load_ruleset(write(tmp_path, "main.yaml", "extends: [classic, o.yml]\nname: x\n"))
    assert rules.overlays == ("o",) and "house rules on: o" in explain(rules)


BASES = ["classic", "mario_kart"]
HOUSE = ["challenge", "draw_until_playable", "forced_play", "jump_in", "seven_o", "stacking"]


@pytest.mark.parametrize("base", BASES)
@pytest.mark.parametrize("pair", list(itertools.combinations(HOUSE, 2)))
def test_every_pair_of_house_rules_plays_with_invariants_holding(base, pair):
    rules = load_ruleset("+".join([base, *(f"house/{name}" for name in pair)]), {"hands": 1})
    for seed in range(4):
        players = 2 + seed
        bots = [(RandomAgent if seat % 2 else HeuristicAgent)(seed * 10 + seat)
                for seat in range(players)]
        game = play_checked(GameState(rules, players=players, seed=seed), bots)
        assert game.over


@pytest.mark.parametrize("base", ["uno_flip", "no_mercy", "crazy_eights"])
@pytest.mark.parametrize("house", HOUSE + ["partners", "single_hand"])
def test_every_house_rule_plays_on_the_newer_games(base, house):
    rules = load_ruleset(f"{base}+house/{house}", {"hands": 1})
    for seed in range(2):
        bots = [(RandomAgent if seat % 2 else HeuristicAgent)(seed * 10 + seat)
                for seat in range(4)]
        assert play_checked(GameState(rules, players=4, seed=seed), bots).over


@pytest.mark.slow
@pytest.mark.parametrize("base", BASES)
@pytest.mark.parametrize("pair", list(itertools.combinations(HOUSE, 2)))
def test_every_pair_of_house_rules_simulates_200_games_checked(base, pair):
    rules = load_ruleset("+".join([base, *(f"house/{name}" for name in pair)]), {"hands": 1})
    for seed in range(200):
        players = 2 + seed % 5
        bots = [RandomAgent(seed * 10 + seat) for seat in range(players)]
        assert play_checked(GameState(rules, players=players, seed=seed), bots).over
