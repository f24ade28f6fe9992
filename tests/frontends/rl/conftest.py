"""The learning environments' tests."""

import warnings

import pytest


@pytest.fixture(autouse=True)
def quiet():
    """Gymnasium's and PettingZoo's checkers warn that a Dict observation (observation + action
    mask, as PettingZoo's own card games give) is not a plain Box; that is the documented shape."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield
