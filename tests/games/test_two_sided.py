"""Two-sided cards (`sides:`, `pairs:`, switch_sides()) and what each seat may see of them.

The rules themselves are proved by examples/scenarios/uno_flip; these tests cover the
loader's checks, the deck's making, random pairing, the seat view and invariants in play.
"""

from __future__ import annotations

import textwrap
from collections import Counter

import pytest

from interpreter import GameState, HeuristicAgent, RandomAgent
from interpreter.building.ruleset import load_ruleset
from interpreter.engine.invariants import check_invariants
from interpreter.errors import HouserulesError
from interpreter.presenting.view import real_answer, seat_view

# A small two-sided game: a light side of red and blue, a dark side of pink and teal.
SMALL = """
name: small_flip
hand_size: 3
colors: [red, blue, pink, teal]
sides:
  light: {colors: [red, blue]}
  dark: {colors: [pink, teal]}
kinds:
  number: {ranks: [1, 2], points: face}
  turn: {points: 20, on_play: "switch_sides()"}
deck:
  - {kind: number, colors: all, copies: 4}
  - {kind: turn, colors: all, copies: 2}
  - {kind: number, side: dark, colors: all, copies: 5}
pairs:
  - red 1 -> pink 1 (x2), teal 2 (x2)
  - red 2 -> pink 2 (x4)
  - blue 1 -> teal 1 (x4)
  - blue 2 -> pink 1 (x3), teal 2
  - red turn -> teal 1, teal 2
  - blue turn -> pink 2, teal 2
playable: card.color == color or card.rank == top.rank
scoring: {winner_scores: "sum(c.points for c in hands(others))"}
"""


def write(tmp_path, text: str, name: str = "game.yaml"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text))
    return path


@pytest.fixture
def small(tmp_path):
    return load_ruleset(write(tmp_path, SMALL))


def test_the_deck_pairs_faces_as_written(small):
    assert len(small.deck) == 20
    assert Counter(c.name for c in small.deck) == {"red 1": 4, "red 2": 4, "blue 1": 4,
                                                   "blue 2": 4, "red turn": 2, "blue turn": 2}
    assert Counter(c.back.name for c in small.deck) == {"pink 1": 5, "pink 2": 5,
                                                        "teal 1": 5, "teal 2": 5}
    for face in small.faces:  # each face knows its other side, and that side knows it
        assert face.back.back is face and face.side != face.back.side
    assert small.card("blue 2 / teal 2").back.name == "teal 2"
    assert small.card("pink 2", side=1).side == 1


@pytest.mark.parametrize("change, message", [
    (("  - red 2 -> pink 2 (x4)\n", "  - red 2 -> pink 2 (x3)\n"), "the pairs give the light face 'red 2' 3 times; the deck has 4"),
    (("  - red 2 -> pink 2 (x4)\n", "  - red 2 -> pink 9 (x4)\n"), "the dark side has no card 'pink 9'"),
    (("  - red 2 -> pink 2 (x4)\n", "  - red 2 pink 2\n"), "expected 'FACE -> BACK, BACK, ...'"),
    (("side: dark, colors: all", "side: night, colors: all"), "unknown side 'night'; sides: light, dark"),
    (("dark: {colors: [pink, teal]}", "dark: {colors: [pink, gold]}"), "unknown colour 'gold'"),
    (("{kind: number, colors: all, copies: 4}", "{kind: number, colors: [pink], copies: 4}"),
     "unknown colour 'pink'; the light side's colours: red, blue"),
])
def test_bad_two_sided_decks_are_refused_with_their_place(tmp_path, change, message):
    old, new = change
    assert old in SMALL
    with pytest.raises(HouserulesError) as err:
        load_ruleset(write(tmp_path, SMALL.replace(old, new)))
    assert message in str(err.value)
    assert err.value.line is not None


def test_switch_sides_needs_sides(tmp_path):
    text = SMALL.replace("sides:\n  light: {colors: [red, blue]}\n  dark: {colors: [pink, teal]}\n", "")
    text = text.replace("side: dark, ", "").split("pairs:")[0] + \
        'playable: card.color == color\nscoring: {winner_scores: "0"}\n'
    with pytest.raises(HouserulesError) as err:
        load_ruleset(write(tmp_path, text))
    assert "switch_sides() turns two-sided cards over: declare `sides:`" in str(err.value)


def test_switch_sides_turns_hands_stock_and_discard_as_stacks(small):
    game = GameState.from_table(small, hands=[["red turn / teal 1", "red 1 / pink 1"],
                                              ["blue 1", "blue 2 / teal 2"]],
                                discard=["blue 2 / pink 1", "red 2"], stock=["red 1 / teal 2",
                                                                            "blue 1"])
    game.apply(game.hands[0][0])
    assert small.sides[game.side] == "dark"
    assert [c.name for c in game.hands[0]] == ["pink 1"]
    assert [c.name for c in game.hands[1]] == ["teal 1", "teal 2"]
    assert [c.name for c in game.discard] == ["teal 1", "pink 2", "pink 1"]  # bottom first
    assert [c.name for c in game.stock[::-1]] == ["teal 1", "teal 2"]  # top first
    assert game.color == "pink" and game.side_colors == ("pink", "teal")


def test_a_seat_sees_its_faces_and_the_backs_of_the_others(small):
    game = GameState.from_table(small, hands=[["red 1 / pink 1", "blue 2 / teal 2"],
                                              ["red 2", "blue 1"]],
                                discard=["red turn / teal 1"], stock=["blue 2 / pink 1"])
    view = seat_view(game, 0)
    assert [c.name for c in view.hand] == ["red 1", "blue 2"]
    assert view.shown[0] == () and [c.name for c in view.shown[1]] == ["pink 2", "teal 1"]
    assert view.top.name == "red turn" and view.stock_top.name == "pink 1"
    assert view.side == "light"
    # Nothing hidden is reachable from a view: no card in it leads to its other side.
    seen = list(view.hand) + list(view.shown[1]) + [view.top, view.stock_top] \
        + list(view.decision.options)
    assert all(getattr(c, "back", None) is None for c in seen)
    assert seat_view(game, 1).decision is None  # seat 0 decides: seat 1 sees no decision
    game.apply(real_answer(game, view, view.decision.options[0]))
    assert game.top.name == "red 1"


def test_views_change_nothing(small):
    game = GameState(small, players=3, seed=4)
    before = (list(map(list, game.hands)), list(game.stock), game.rng.getstate())
    for seat in range(3):
        seat_view(game, seat)
    assert before == (list(map(list, game.hands)), list(game.stock), game.rng.getstate())


def test_random_pairs_keep_their_kinds_legal_conditions(tmp_path):
    text = SMALL.replace('turn: {points: 20, on_play: "switch_sides()"}',
                         'turn: {points: 20, on_play: "switch_sides()", legal: "false"}')
    rules = load_ruleset(write(tmp_path, text + "random_pairs: true\n", "guarded.yaml"))
    game = GameState(rules, players=2, seed=3)
    turns = [c for c in game.faces if c.kind == "turn"]
    assert turns and all(c in game.guarded for c in turns)
    for seat in (0, 1):
        assert not any(game.is_playable(seat, c) for c in turns)


def test_random_pairing_is_seeded_and_keeps_every_face(small, tmp_path):
    rules = load_ruleset(write(tmp_path, SMALL + "random_pairs: true\n", "random.yaml"))
    assert rules.random_pairs and not small.random_pairs
    one, two, other = (GameState(rules, players=2, seed=s, deal=True) for s in (7, 7, 8))
    pairs = [sorted((c.name, c.back.name) for c in game.deck) for game in (one, two, other)]
    assert pairs[0] == pairs[1] != pairs[2]
    for game in (one, other):
        assert Counter(c.name for c in game.deck) == Counter(c.name for c in rules.deck)
        assert Counter(c.back.name for c in game.deck) == Counter(c.back.name for c in rules.deck)


@pytest.mark.parametrize("options", [{}, {"random_pairing": True}])
@pytest.mark.parametrize("agent", [HeuristicAgent, RandomAgent])
def test_uno_flip_plays_whole_matches_with_invariants(options, agent):
    rules = load_ruleset("uno_flip", options)
    for seed in range(4 if agent is HeuristicAgent else 1):
        game = GameState(rules, players=3, seed=seed)
        agents = [agent(seed=seed + s) for s in range(3)]
        while not game.over:
            if game.decision is None:
                game.next_hand()
                continue
            decision = game.decision
            seat = decision.seat if decision.seat is not None else decision.open_to[0]
            answer = agents[seat].decide(game, decision)
            game.apply(answer if decision.seat is not None else None)
            check_invariants(game)


def test_uno_flip_deck_is_the_appendix():
    rules = load_ruleset("uno_flip")
    assert len(rules.deck) == 112 and rules.sides == ("light", "dark")
    light = Counter(c.kind for c in rules.deck)
    dark = Counter(c.back.kind for c in rules.deck)
    assert light == {"number": 72, "draw_one": 8, "reverse": 8, "skip": 8, "flip": 8,
                     "wild": 4, "wild_draw_two": 4}
    assert dark == {"number": 72, "draw_five": 8, "reverse": 8, "skip_everyone": 8, "flip": 8,
                    "wild": 4, "wild_draw_color": 4}
    assert sorted(c.back.name for c in rules.deck if c.name == "blue 1") == \
        ["purple skip_everyone"] * 2
