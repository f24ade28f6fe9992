"""Windows are public in the learning environments and the OpenSpiel game: what a seat observes
of an open jump-in window (whose turn it is, the steps it lasts, its observation, its legal
actions, its information state) is the same whether or not another seat could take it, up to
the jump-in itself, which everyone sees.

Each case deals one exact table twice (GameState.from_table, through the environments' own
game maker): seat 0 has just played red 5, and seat `holder` holds either another red 5 or
an ordinary card in its place. The observing seat's view is recorded while the window is
open and at the first decision after it, and must be the same both times."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")
pyspiel = pytest.importorskip("pyspiel")

from interpreter import GameState, load_ruleset  # noqa: E402
from interpreter.rl import games, gymnasium_env, pettingzoo_env  # noqa: E402
from interpreter.rl.openspiel_game import register  # noqa: E402

RULES = load_ruleset("classic", {"jump_in": True})
HANDS = [["green 7", "blue 8", "yellow 9", "green 2"],
         ["blue 1", "green 3", "yellow 4", "blue 6"],
         ["yellow 1", "green 4", "blue 4", "yellow 2"],
         ["green 1", "blue 3", "yellow 6", "green 8"]]
DISCARD = ["red 3", "red 5"]  # seat 0 has just played the red 5
STOCK = ["green 9", "yellow 8", "blue 7", "green 6"]
TWIN = "red 5"  # the card that could jump in, in place of the holder's first card

# (holder, observer, whether the holder takes the window when it can, the observer's place)
CASES = [
    (3, 1, True, "asked_before_the_holder_who_takes_it"),
    (1, 3, True, "asked_after_the_holder_who_takes_it"),
    (2, 1, False, "the_holder_lets_it_go"),
    (3, 2, False, "the_holder_asked_last_lets_it_go"),
    (2, 0, True, "the_seat_that_played_watches"),
]
UNCALLED = {"jump_in": (), "catch_then_jump_in": (0,)}  # a missed UNO's window first, too


def table(holds: bool, holder: int, uncalled: tuple):
    """The environments' game maker, dealing the case's table instead of a shuffled deal."""
    hands = [list(hand) for hand in HANDS]
    if holds:
        hands[holder][0] = TWIN
    if uncalled:
        hands[0] = hands[0][:1]

    def make(rules, players=None, seed=None, public_windows=False):
        return GameState.from_table(rules, hands, DISCARD, STOCK, turn=0, just_played=True,
                                    uncalled=uncalled, seed=seed, public_windows=public_windows)
    return make


def jumped(game, holder: int) -> bool:
    """Whether the holder has jumped in (its hand shrank)."""
    return len(game.hands[holder]) < len(HANDS[holder])


def pettingzoo_view(holder, observer, takes, uncalled) -> list:
    env = pettingzoo_env(RULES, players=4, legal_actions=True)
    env.reset(seed=0)
    me = f"seat_{observer}"
    yes, none = env.encoding.yes, env.encoding.none
    seen = []
    while not jumped(env.game, holder):
        shown = env.observe(me)
        mine = env.infos[me].get("legal_actions") if env.agent_selection == me else None
        seen.append((env.agent_selection, shown["observation"].tobytes(),
                     shown["action_mask"].tobytes(), mine))
        if not env.window:
            break  # the first decision after the windows
        legal = env.infos[env.agent_selection]["legal_actions"]
        take = env.agent_selection == f"seat_{holder}" and takes and yes in legal \
            and env.decision.kind == "jump_in"  # every seat could catch: nobody does
        env.step(yes if take else none)
    return seen


def openspiel_view(holder, observer, takes, uncalled) -> list:
    game = pyspiel.load_game(register(RULES, players=4, name="houserules_public_windows"))
    state = game.new_initial_state()
    for _ in range(game.draws):  # the deal's chance nodes (the table is the case's)
        state.apply_action(0)
    encoding = game.spec.encoding
    seen = []
    while not jumped(state.game, holder):
        if state.is_chance_node():  # a luck node: the answer is heard after it
            state.apply_action(0)
            continue
        seen.append((state.current_player(), state.legal_actions(observer),
                     state.observation_tensor(observer), state.observation_string(observer),
                     state.information_state_string(observer)))
        if not state._episode.window:
            break
        take = state.current_player() == holder and takes \
            and encoding.yes in state.legal_actions() and state._episode.decision.kind == "jump_in"
        state.apply_action(encoding.yes if take else encoding.none)
    return seen


def gymnasium_view(holder, observer, takes, uncalled) -> list:
    # The bots take a window whenever they can: `takes` is theirs to decide.
    env = gymnasium_env(RULES, seat=observer, bots="heuristic", players=4, legal_actions=True)
    observation, info = env.reset(seed=0)
    seen = []
    while not jumped(env.game, holder):
        seen.append((observation["observation"].tobytes(), observation["action_mask"].tobytes(),
                     info["legal_actions"]))
        if not env.window:
            break
        observation, _, _, _, info = env.step(env.encoding.none)
    return seen


VIEWS = {"pettingzoo": pettingzoo_view, "openspiel": openspiel_view,
         "gymnasium": gymnasium_view}


def window_cases() -> list:
    """Every case in every environment; in the Gymnasium one the observer is the learner,
    never the seat that played, and the holder a bot that takes what it can."""
    cases = []
    for view in VIEWS:
        for holder, observer, takes, why in CASES:
            if view == "gymnasium" and (observer == 0 or not takes):
                continue
            for name, uncalled in UNCALLED.items():
                cases.append(pytest.param(
                    view, holder, observer, takes, uncalled,
                    id=f"{view}-{name}-holder{holder}-observer{observer}-{why}"))
    return cases


@pytest.mark.parametrize("view, holder, observer, takes, uncalled", window_cases())
def test_a_seat_sees_the_same_window_whoever_could_take_it(monkeypatch, view, holder, observer,
                                                           takes, uncalled):
    runs = {}
    for holds in (True, False):
        monkeypatch.setattr(games, "GameState", table(holds, holder, uncalled))
        runs[holds] = VIEWS[view](holder, observer, takes and holds, uncalled)
    with_twin, without = runs[True], runs[False]
    assert without, "the observer saw nothing"
    if takes:  # the same up to the jump-in, which ends the recording
        assert with_twin == without[:len(with_twin)]
        assert len(with_twin) < len(without)
    else:
        assert with_twin == without


@pytest.mark.parametrize("holds", [True, False])
def test_every_other_seat_is_asked_pass_only_unless_it_can_take_it(monkeypatch, holds):
    monkeypatch.setattr(games, "GameState", table(holds, 2, ()))
    env = pettingzoo_env(RULES, players=4, legal_actions=True)
    env.reset(seed=0)
    assert env.game.public_windows and env.game.decision.open_to == (1, 2, 3)
    none, yes = env.encoding.none, env.encoding.yes
    asked = []
    while env.window:
        agent = env.agent_selection
        asked.append((agent, env.infos[agent]["legal_actions"]))
        env.step(none)
    able = [none, yes] if holds else [none]
    assert asked == [("seat_1", [none]), ("seat_2", able), ("seat_3", [none])]


@pytest.mark.parametrize("make", [
    lambda: pettingzoo_env("classic", players=3, seed=1),
    lambda: gymnasium_env("classic", players=3),
], ids=["pettingzoo", "gymnasium"])
def test_the_environments_make_public_windows(make):
    env = make()
    env.reset(seed=1)
    assert env.game.public_windows


def test_the_openspiel_game_and_its_clones_have_public_windows():
    game = pyspiel.load_game(register("classic", players=3, options={"jump_in": True}))
    state = game.new_initial_state()
    for digit in (4, 0, 0):  # the deal of seed 4
        state.apply_action(digit)
    assert state.game.public_windows
    assert state.clone().game.public_windows and state.game.clone().public_windows
    np.testing.assert_array_equal(state.clone().observation_tensor(1),
                                  state.observation_tensor(1))
