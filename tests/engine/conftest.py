from __future__ import annotations

import pytest
from nuffle.interpreter.blitz_bowl.ruleset import Ruleset, load_ruleset


@pytest.fixture(scope="session")
def ruleset() -> Ruleset:
    return load_ruleset()
