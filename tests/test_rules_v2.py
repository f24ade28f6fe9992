"""Rule model v2: named rules that add to a game, replacement rules, playable clauses, and
house rules as switches (docs/rules.md)."""

import itertools
import re
from pathlib import Path

import pytest

from interpreter import GameState, load_ruleset
from interpreter.engine.invariants import play_checked
from interpreter.errors import DslError, HouserulesError, RulesetError
from interpreter.loading.source import bundled_rulesets
from interpreter.playing.agents import HeuristicAgent, RandomAgent, play_match

BASES = ["classic", "mario_kart"]
HOUSE = ["challenge", "draw_until_playable", "forced_play", "jump_in", "seven_o", "stacking"]

EIGHT = """\
overlay: true
name: eights
rules:
  eight_hits_everyone:
    when: card_played
    if: card.rank == 8
    do: draw(others, 1)
"""


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return path


def test_a_users_rule_adds_to_seven_o_instead_of_replacing_it(tmp_path):
    """The issue's own example: "an 8 makes everyone else draw one" leaves Seven-O working."""
    write(tmp_path, "eights.yaml", EIGHT)
    mine = write(tmp_path, "mine.yaml", "extends: [classic, house/seven_o, eights.yaml]\n"
                                        "name: mine\n")
    rules = load_ruleset(mine)
    game = GameState.from_table(rules, hands=[["red 8", "red 7", "blue 1"], ["blue 2", "blue 3"],
                                              ["green 1", "green 2"]],
                                discard=["red 3"], stock=["yellow 1"] * 6)
    game.apply(rules.card("red 8"))
    assert game.hand_sizes() == [2, 3, 3]
    game.apply("draw")  # seat 1 draws
    game.apply("draw")  # seat 2 draws
    game.apply(rules.card("red 7"))
    game.apply(True)  # UNO: one card left
    assert game.decision.kind == "target"
    game.apply(2)
    assert [c.name for c in game.hands[0]] == ["green 1", "green 2", "yellow 1", "yellow 1"]


def test_rules_run_in_order_and_an_instead_of_rule_may_proceed(tmp_path):
    write(tmp_path, "a.yaml", "overlay: true\nname: a\nrules:\n  doubled:\n"
                              "    instead_of: draw_owed\n    do: |\n"
                              "      draw(seat, count)\n      proceed()\n")
    write(tmp_path, "b.yaml", "overlay: true\nname: b\nrules:\n  first:\n"
                              "    instead_of: draw_owed\n    order: -1\n    do: proceed()\n")
    mine = write(tmp_path, "mine.yaml", "extends: [classic, a.yaml, b.yaml]\nname: mine\n")
    rules = load_ruleset(mine)
    assert [rule.name for rule in rules.triggers.every] == ["first", "doubled"]
    game = GameState.from_table(rules, hands=[["red draw_two", "red 1", "red 2"],
                                              ["blue 2", "blue 3"]],
                                discard=["red 3"], stock=["yellow 1"] * 6)
    game.apply(rules.card("red draw_two"))
    # `doubled` draws two, then proceeds to the draw itself: four cards, and the turn lost.
    assert game.hand_sizes() == [2, 6] and game.current_seat == 0


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


def test_a_playable_clause_can_be_removed_and_restrictions_hold(tmp_path):
    mine = write(tmp_path, "mine.yaml", "extends: [classic, house/stacking]\nname: mine\n"
                                        "playable:\n  stacking: null\n  low: card.rank == 1\n")
    rules = load_ruleset(mine)
    game = GameState.from_table(rules, hands=[["blue 1", "blue 5", "red 9"], ["blue 2"]],
                                discard=["red 3"], stock=["yellow 1"] * 3)
    assert set(game.legal_options()) == {rules.card("blue 1"), rules.card("red 9"), "draw"}


@pytest.mark.parametrize("text, problem, line", [
    ("rules:\n  gone: null\n", r"there is no rule 'gone' to remove", 4),
    ("playable:\n  nope: null\n", r"there is no playable clause 'nope' to remove", 4),
    ("rules:\n  x: {when: card_exploded, do: draw(next, 1)}\n", r"card_exploded|when", 4),
    ("rules:\n  x: {when: card_played, do: proceed()}\n", r"proceed\(\) belongs", 4),
    ("rules:\n  x: {when: card_played, do: 'draw(seat, 1)'}\n", r"unknown name 'seat'", 4),
    ("rules:\n  x: {instead_of: draw_owed, when: card_played, do: proceed()}\n", r"", 4),
    ("playable:\n  match: null\n", r"non-empty|no playable clause allows a card", None),
])
def test_bad_rules_are_refused_at_their_place(tmp_path, text, problem, line):
    mine = write(tmp_path, "mine.yaml", "extends: classic\nname: mine\n" + text)
    with pytest.raises((RulesetError, DslError, HouserulesError)) as info:
        load_ruleset(mine)
    assert info.value.file and "mine.yaml" in str(info.value.file)
    assert re.search(problem, str(info.value)), info.value
    if line is not None:
        assert info.value.line in (line - 1, line)


def test_no_rule_fires_without_rules_so_the_plain_game_pays_nothing():
    triggers = load_ruleset("classic").triggers
    assert not (triggers.card_played or triggers.turn_started or triggers.turn_ended
                or triggers.card_turned or triggers.hand_started or triggers.draw_owed)


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


def test_the_effect_language_reference_is_generated_from_the_tables():
    """docs/effect-language.md is `python -m interpreter.presenting.reference`: regenerate it when a
    primitive, a name or an event is added."""
    from pathlib import Path

    from interpreter.language.names import NAMES
    from interpreter.language.primitives import PRIMITIVES
    from interpreter.presenting.reference import reference_markdown
    text = reference_markdown()
    assert (Path(__file__).parent.parent / "docs" / "effect-language.md").read_text() == text
    for name in [*PRIMITIVES, *NAMES, "add_penalty", "take_penalty", "penalty", "fair"]:
        assert f"`{name}" in text


VARIABLES = """\
extends: classic
name: counted
variables:
  skips: {scope: hand, help: Skips played this hand}
  strikes: {per_seat: true}
rules:
  count_skips:
    when: card_played
    if: card.kind == "skip"
    do: |
      set_var("skips", var.skips + 1)
      set_seat_var("strikes", player, seat_var("strikes", player) + 1)
scoring:
  winner_scores: 100 * var.skips + seat_var("strikes", player)
"""


def test_declared_variables_are_set_by_rules_and_read_by_scoring(tmp_path):
    rules = load_ruleset(write(tmp_path, "counted.yaml", VARIABLES))
    game = GameState.from_table(rules, hands=[["red skip", "red skip", "red 1"], ["blue 2", "red 4"]],
                                discard=["red 3"], stock=["yellow 1"] * 4)
    game.apply(rules.card("red skip"))
    assert game.variables == {"skips": 1, "strikes": [1, 0]}
    twin = game.clone()
    game.apply(rules.card("red skip"))
    game.apply(True)  # UNO
    game.apply(rules.card("red 1"))
    assert game.hand_results[-1].points == 202 and twin.variables["skips"] == 1
    game.next_hand()
    assert game.variables == {"skips": 0, "strikes": [2, 0]}  # a hand's scope starts again


@pytest.mark.parametrize("effect, problem", [
    ('set_var("nope", 1)', r"unknown variable 'nope'"),
    ('set_var("strikes", 1)', r"kept per seat: use seat_var"),
    ('set_seat_var("skips", player, 1)', r"'skips' is not kept per seat"),
    ("draw(next, var.strikes)", r"kept per seat"),
    ("draw(next, var.gone)", r"unknown variable 'gone'"),
])
def test_variables_are_checked_at_load(tmp_path, effect, problem):
    text = VARIABLES.replace('set_var("skips", var.skips + 1)', effect)
    with pytest.raises(DslError, match=problem):
        load_ruleset(write(tmp_path, "counted.yaml", text))


def test_the_schema_names_every_event_the_engine_has():
    import json
    from pathlib import Path

    from interpreter.building.rules import EVENTS, REPLACEABLE
    schema = json.loads((Path(__file__).parent.parent / "schema" / "ruleset.schema.json")
                        .read_text())
    rule = schema["$defs"]["rule"]["properties"]
    assert rule["when"]["enum"] == list(EVENTS)
    assert rule["instead_of"]["enum"] == list(REPLACEABLE)


KNOCKOUT = """\
extends: classic
name: knockout
options:
  target_score: {default: 1000000000}
rules:
  knock_out_the_lowest:
    when: hand_ended
    do: eliminate(lowest_scorer(seats_in()))
"""


def test_a_seat_that_leaves_is_passed_by_and_the_last_one_standing_wins(tmp_path):
    rules = load_ruleset(write(tmp_path, "knockout.yaml", KNOCKOUT))
    game = GameState.from_table(rules, hands=[["red 1"], ["blue 2", "blue 3"],
                                              ["green 1", "green 2"], ["red 7", "red 8"]],
                                discard=["red 3"], stock=["yellow 1"] * 30, seed=5)
    game.apply(rules.card("red 1"))
    assert game.out == [False, True, False, False] and game.seated == 3
    game.next_hand()
    # Dealt to the seats still in (a first card's effect may give one of them more).
    assert game.hand_sizes()[1] == 0 and all(game.hand_sizes()[s] >= 7 for s in (0, 2, 3))
    assert game.others_of(0) == (2, 3) and game.seat_after(0) == 2
    while not game.over:  # random play to the end: one seat is left and wins the match
        if game.decision is None:
            game.next_hand()
            continue
        game.apply(RandomAgent(1).decide(game, game.decision) if game.decision.seat is not None
                   else game.legal_options()[0])
    assert game.seated == 1 and game.match_winner == game.out.index(False)


def test_a_hand_ended_rule_may_not_ask_a_player(tmp_path):
    text = KNOCKOUT.replace("eliminate(lowest_scorer(seats_in()))",
                            "let x = choose_player(player, others)")
    with pytest.raises(DslError, match=r"choose_player\(\) asks a player, but a hand_ended"):
        load_ruleset(write(tmp_path, "knockout.yaml", text))


def test_an_overlay_without_a_name_is_called_by_its_file(tmp_path):
    from interpreter.presenting.explain import explain
    write(tmp_path, "o.yml", "overlay: true\ntitle: o\n")
    rules = load_ruleset(write(tmp_path, "main.yaml", "extends: [classic, o.yml]\nname: x\n"))
    assert rules.overlays == ("o",) and "house rules on: o" in explain(rules)


def test_bots_answer_a_rulesets_own_question_as_it_says(tmp_path):
    from interpreter.engine.decisions import Decision
    text = ("extends: [classic, house/challenge]\nname: b\n"
            "bots:\n  answers:\n    challenge: size(hand(player)) <= 2\n")
    rules = load_ruleset(write(tmp_path, "b.yaml", text))
    game = GameState.from_table(rules, hands=[["red 1", "red 2"], ["blue 1", "blue 2", "blue 3"]],
                                discard=["red 3"], stock=["yellow 1"] * 3)
    bot = HeuristicAgent(1)
    assert bot.decide(game, Decision("challenge", 0, (False, True), ())) is True
    assert bot.decide(game, Decision("challenge", 1, (False, True), ())) is False


@pytest.mark.parametrize("effect, hand_after", [
    ("choose_color(player, colors_in(hand(player)))", None),
    ('draw_until_color(next, "green")', 4),
])
def test_smaller_primitives(tmp_path, effect, hand_after):
    text = f"extends: classic\nname: s\nkinds:\n  skip:\n    on_play: '{effect}'\n"
    rules = load_ruleset(write(tmp_path, "s.yaml", text))
    game = GameState.from_table(rules, hands=[["red skip", "red 1", "red 2"], ["blue 2"]],
                                discard=["red 3"], stock=["yellow 1", "blue 4", "green 6", "red 8"])
    game.apply(rules.card("red skip"))
    if hand_after is None:
        assert game.decision.kind == "color" and game.legal_options() == ("red",)
    else:
        assert game.hand_sizes()[1] == hand_after


@pytest.mark.parametrize("base", BASES)
def test_partners_score_for_their_team_and_bots_spare_their_partner(base):
    rules = load_ruleset(f"{base}+house/partners")
    game = GameState.from_table(rules, hands=[["red 1", "red 2"], ["blue 7"], ["green 5"],
                                              ["yellow 9", "yellow 8"]],
                                discard=["red 3"], stock=["yellow 1"] * 4, scores=[0, 30, 0, 0])
    assert game.teammates(0) == (2,) and game.opponents(0) == (1, 3)
    assert game.totals() == [0, 30, 0, 30]
    from interpreter.engine.decisions import Decision
    assert HeuristicAgent(1).decide(game, Decision("target", 0, (1, 2, 3), ())) == 1
    with pytest.raises(HouserulesError, match="multiple of 2"):
        GameState(rules, players=5, seed=1)


@pytest.mark.parametrize("effect, check", [
    ("discard_cards(player, select(c in hand(player) if c.color == card.color))",
     lambda g: g.over or g.hand_results[-1].winner == 0),
    ("give_cards(player, next, select(c in hand(player) if c.rank == 9))",
     lambda g: g.hand_sizes() == [1, 2] and g.hands[1][-1].name == "red 9"),
    ("cards_under_stock(player, select(c in hand(player) if c.rank == 9))",
     lambda g: g.stock[0].name == "red 9" and g.hand_sizes() == [1, 1]),
])
def test_moving_cards(tmp_path, effect, check):
    text = f"extends: classic\nname: m\nkinds:\n  skip:\n    on_play: '{effect}'\n"
    rules = load_ruleset(write(tmp_path, "m.yaml", text))
    game = GameState.from_table(rules, hands=[["red skip", "red 9", "red 5"], ["blue 2"]],
                                discard=["red 3"], stock=["yellow 1", "yellow 2"])
    game.apply(rules.card("red skip"))
    if game.decision is not None and game.decision.kind == "uno":
        game.apply(True)
    assert check(game), (game.hand_sizes(), game.stock)


def test_moving_a_card_not_held_is_a_clear_error(tmp_path):
    text = "extends: classic\nname: m\nkinds:\n  skip:\n    on_play: give_cards(player, next, top)\n"
    rules = load_ruleset(write(tmp_path, "m.yaml", text))
    game = GameState.from_table(rules, hands=[["red skip", "red 9"], ["blue 2"]],
                                discard=["red 3"], stock=["yellow 1"])
    game.apply(rules.card("red skip"))  # one card left: the UNO call comes first
    with pytest.raises(HouserulesError, match="does not hold"):
        game.apply(True)


@pytest.mark.parametrize("text", ["playable: {-1: false, name: false}\n", "rules: {null: null}\n",
                                  "playable: {5: null}\n"])
def test_odd_keys_in_named_tables_are_refused_cleanly(tmp_path, text):
    with pytest.raises(HouserulesError):
        load_ruleset(write(tmp_path, "k.yaml", "extends: [classic, house/stacking]\nname: x\n" + text))


def test_hand_size_may_depend_on_the_player_count(tmp_path):
    rules = load_ruleset(write(tmp_path, "h.yaml", "extends: classic\nname: h\n"
                                                   "hand_size: max(5, 11 - players)\n"))
    assert rules.hand_sizes[2] == 9 and rules.hand_sizes[4] == 7 and rules.hand_sizes[10] == 5
    game = GameState(rules, players=3, seed=2)
    assert sum(game.hand_sizes()) >= 3 * 8
    with pytest.raises(RulesetError, match="players`, options and constants only"):
        load_ruleset(write(tmp_path, "h2.yaml", "extends: classic\nname: h\nhand_size: top.points\n"))
    with pytest.raises(RulesetError, match="gives 0 for 10 players"):
        load_ruleset(write(tmp_path, "h3.yaml", "extends: classic\nname: h\nhand_size: 10 - players\n"))


MERCY = "examples/house_rules/mercy.yaml"


@pytest.mark.parametrize("extra", ["", "+house/draw_until_playable", "+house/forced_play",
                                   "+house/stacking"])
def test_a_seat_put_out_while_drawing_for_its_turn_hands_the_turn_on(extra):
    from pathlib import Path
    mercy = str(Path(__file__).parent.parent / MERCY)
    rules = load_ruleset(f"classic{extra}+{mercy}")
    game = GameState.from_table(rules, hands=[["red 1", "red 2"], ["blue 1"] * 24,
                                              ["green 1", "green 2"]],
                                discard=["red 3"], stock=["red 9", "yellow 4", "red 8"],
                                penalty=2 if extra == "+house/stacking" else 0, turn=1)
    game.apply("draw")
    assert game.out[1] and game.hand_sizes()[1] == 0
    assert game.current_seat == 2 and game.decision.kind == "play"


def test_the_library_names_no_bundled_game_card_or_item():
    """Every rule is said in YAML: no module (nor the browser table's page) but the command
    line's help (examples for people) names a bundled ruleset, a card kind of more than one word, or an attribute's
    value such as an item."""
    names = set()
    for ruleset_name in bundled_rulesets():
        if "/" in ruleset_name:
            continue
        rules = load_ruleset(ruleset_name)
        names.add(rules.name)
        names.update(kind for kind in rules.kinds if "_" in kind)
        names.update(v for face in rules.faces for v in face.attrs.values() if isinstance(v, str))
    pattern = re.compile(r"\b(" + "|".join(re.escape(n).replace("_", "[_ ]") for n in names)
                         + r")\b", re.IGNORECASE)
    package = Path(__file__).parent.parent / "interpreter"
    page = [p for p in (package / "web" / "static").iterdir() if p.suffix in (".js", ".html", ".css")]
    assert page, "the browser table's page is checked too"
    for path in sorted(package.rglob("*.py")) + sorted(page):
        if path.parent.name == "cli":  # the command's help gives examples
            continue
        found = sorted(set(pattern.findall(path.read_text())))
        assert not found, f"{path.name} names {found}"


@pytest.mark.parametrize("players, when", [(2, "on_play"), (3, "on_play"), (4, "hand_ended")])
def test_putting_out_every_seat_at_once_leaves_the_last_one_standing(tmp_path, players, when):
    """`eliminate(seats_in())` puts the seats out in seat order until one is left: it wins
    (before, the last one went out too, and the next turn looked for a seat forever)."""
    if when == "on_play":
        body = "kinds:\n  skip:\n    on_play: eliminate(seats_in())\n"
    else:
        body = "rules:\n  all_out:\n    when: hand_ended\n    do: eliminate(seats_in())\n"
    rules = load_ruleset(write(tmp_path, "out.yaml", f"extends: classic\nname: out\n{body}"))
    if when == "on_play":
        hands = [["red skip", "red 9", "red 8"]] + [["blue 2", "green 4"]] * (players - 1)
        game = GameState.from_table(rules, hands=hands, discard=["red 3"], stock=["yellow 1"])
        game.apply(rules.card("red skip"))
        assert game.out == [True] * (players - 1) + [False]
        assert game.over and game.match_winner == players - 1
    else:
        game = GameState(rules, players=players, seed=3)
        play_match(game, [RandomAgent(seat) for seat in range(players)])
        assert game.over and game.out.count(False) == 1
        assert game.match_winner == game.out.index(False)
