"""The browser table's tests."""

import pytest


@pytest.fixture
def root(tmp_path):
    """The folder the web application keeps its tables in."""
    return tmp_path / "tables"
