"""examples/train_policy.py: a short seeded run learns to beat a uniformly random policy."""

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

from interpreter.engine import game as engine  # noqa: E402

from helpers import example  # noqa: E402


def train_policy():
    """examples/train_policy.py as a module."""
    return example("train_policy")


@pytest.mark.slow  # 6-13 s of training for one example: opt-in (-m slow), as the benchmarks are
def test_trained_policy_beats_random(monkeypatch):
    """200 training episodes of classic, 2 players; 60 evaluation games each, same deals.
    The games skip conftest's invariant checks (they would double the time): this tests the
    learning, not the engine."""
    monkeypatch.setattr(engine, "DEBUG_CHECK", None)
    result = train_policy().run("classic", episodes=200, eval_games=60, seed=1)
    assert result["options"]["hands"] == 1
    assert result["trained_rate"] > result["random_rate"]
    assert result["beats_random"], result
    assert not result["intervals_overlap"], result


def test_wilson_and_two_proportion():
    module = train_policy()
    low, high = module.wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert module.wilson(0, 10)[0] == pytest.approx(0.0, abs=1e-12)
    z, p = module.two_proportion(60, 100, 40, 100)
    assert z == pytest.approx(2.8284, abs=1e-4) and p == pytest.approx(0.00234, abs=1e-4)
    assert module.two_proportion(0, 10, 0, 10) == (0.0, 1.0)
