"""Rulesets whose hands end before anyone decides, in the learning environments and the
OpenSpiel game: each gives a clear error (NoDecision, a HouserulesError naming the file) or
plays on to a hand someone decides in, in bounded time; never a TypeError, an
AttributeError or a RecursionError."""

from __future__ import annotations

import random
import time

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")
pyspiel = pytest.importorskip("pyspiel")

from interpreter.errors import HouserulesError  # noqa: E402
from interpreter.rl import gymnasium_env, pettingzoo_env  # noqa: E402
from interpreter.rl.games import NoDecision  # noqa: E402
from interpreter.rl.openspiel_game import register  # noqa: E402

STEPS = 3000  # moves played of an episode that starts: enough to see it run, bounded
CPU_SECONDS = 5.0  # a case's own work, generously (each takes well under a second)

# (name, the ruleset on top of classic, options, what an environment does, what the
# OpenSpiel game does): "refused" raises NoDecision; "played" starts at a decision and
# plays on; "over" (OpenSpiel) is a terminal state right after the deal.
HOSTILE = [
    ("every_seat_out_as_the_hand_starts", """
rules:
  out:
    when: hand_started
    do: eliminate(seats_in())
""", {}, "refused", "over"),
    ("every_seat_out_as_the_first_card_turns", """
rules:
  out:
    when: card_turned
    do: eliminate(seats_in())
""", {}, "refused", "over"),
    ("the_hand_ends_as_it_starts", """
rules:
  over:
    when: hand_started
    do: end_hand()
""", {}, "refused", "over"),
    ("the_dealer_sheds_its_hand_as_it_starts", """
rules:
  shed:
    when: hand_started
    do: discard_cards(player, hand(player))
""", {}, "refused", "over"),
    ("a_one_hand_match_over_at_the_deal", """
rules:
  over:
    when: hand_started
    do: end_hand()
""", {"hands": 1}, "refused", "over"),
    ("hands_that_end_as_they_start_and_score_nothing", """
rules:
  over:
    when: hand_started
    do: end_hand()
scoring:
  winner_scores: "0"
""", {}, "refused", "refused"),
    ("a_number_first_card_ends_the_hand", """
kinds:
  number:
    on_first: end_hand()
""", {}, "played", "played"),
    ("a_red_first_card_ends_the_hand", """
rules:
  over:
    when: hand_started
    if: top.color == "red"
    do: end_hand()
""", {}, "played", "played"),
    ("every_hand_after_the_first_ends_as_it_starts", """
variables:
  dealt: {help: Hands dealt}
rules:
  later:
    when: hand_started
    do: |
      set_var("dealt", var.dealt + 1)
      if var.dealt > 1 then end_hand() end
""", {}, "played", "played"),
]


def refused(error: HouserulesError, path) -> str:
    assert isinstance(error, HouserulesError)
    assert str(path) in str(error)
    assert "asked anything" in error.message or "asked nothing" in error.message
    return "refused"


def zero_sum(rewards, reward: str) -> None:
    assert abs(sum(rewards)) < 1e-9
    if reward == "match":
        assert max(rewards) == 1.0


def pettingzoo_outcome(path, options, reward) -> str:
    env = pettingzoo_env(str(path), players=3, options=options, reward=reward)
    try:
        env.reset(seed=1)
    except NoDecision as error:
        return refused(error, path)
    rng = np.random.default_rng(1)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter(STEPS):
        observation, paid, terminated, truncated, _ = env.last()
        totals[agent] += paid
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    if not env.agents:  # the episode ended within STEPS
        zero_sum(list(totals.values()), reward)
    return "played"


def gymnasium_outcome(path, options, reward) -> str:
    env = gymnasium_env(str(path), players=3, options=options, reward=reward, bots="random",
                        legal_actions=True)
    try:
        _, info = env.reset(seed=1)
    except NoDecision as error:
        return refused(error, path)
    rng = np.random.default_rng(1)
    for _ in range(STEPS):
        _, _, done, _, info = env.step(int(rng.choice(info["legal_actions"])))
        if done:
            break
    return "played"


def openspiel_outcome(path, options, reward) -> str:
    name = register(str(path), players=3, options=options, reward=reward,
                    name=f"houserules_{path.stem}_{reward}")
    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    try:
        for _ in range(game.draws):  # the deal's chance nodes
            state.apply_action(0)
    except NoDecision as error:
        return refused(error, path)
    if state.is_terminal():
        zero_sum(state.returns(), reward)
        return "over"
    rng = random.Random(1)
    for _ in range(STEPS):
        if state.is_terminal():
            zero_sum(state.returns(), reward)
            break
        state.apply_action(rng.choice(state.legal_actions()))
        state.information_state_string(0)
    return "played"


OUTCOMES = {"pettingzoo": pettingzoo_outcome, "gymnasium": gymnasium_outcome,
            "openspiel": openspiel_outcome}


@pytest.mark.parametrize("reward", ["hand", "match"])
@pytest.mark.parametrize("where", list(OUTCOMES))
@pytest.mark.parametrize("name, body, options, environments, openspiel", HOSTILE,
                         ids=[case[0] for case in HOSTILE])
def test_a_hand_nobody_decides_in_is_dealt_past_or_refused_clearly(
        tmp_path, name, body, options, environments, openspiel, where, reward):
    path = tmp_path / f"{name}.yaml"
    path.write_text(f"extends: classic\nname: {name}\n{body}")
    started = time.process_time()
    outcome = OUTCOMES[where](path, options, reward)
    assert outcome == (openspiel if where == "openspiel" else environments)
    assert time.process_time() - started < CPU_SECONDS


def test_a_fixed_game_seed_that_nobody_decides_in_is_refused(tmp_path):
    path = tmp_path / "out.yaml"
    path.write_text("extends: classic\nname: out\n" + HOSTILE[0][1])
    with pytest.raises(NoDecision, match="the match of game seed 7 ended"):
        pettingzoo_env(str(path), players=3).reset(options={"game_seed": 7})
    with pytest.raises(NoDecision, match="seat 0 was asked nothing in the match of game seed 7"):
        gymnasium_env(str(path), players=3).reset(options={"game_seed": 7})


def test_a_match_reward_deals_past_every_hand_that_ends_as_it_starts(tmp_path):
    # The first hand is played; every later one ends as it starts, until the match is won.
    path = tmp_path / "later.yaml"
    path.write_text("extends: classic\nname: later\n" + HOSTILE[-1][1])
    env = pettingzoo_env(str(path), players=2, reward="match")
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter(20_000):
        observation, paid, terminated, truncated, _ = env.last()
        totals[agent] += paid
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert env.game.over and len(env.game.hand_results) > 1
    assert sorted(totals.values()) == [-1.0, 1.0]
