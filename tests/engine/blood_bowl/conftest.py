from __future__ import annotations

import pytest
from nuffle.interpreter.blood_bowl.ruleset import Ruleset, load_ruleset


@pytest.fixture(scope="session")
def bb_ruleset() -> Ruleset:
    return load_ruleset()
