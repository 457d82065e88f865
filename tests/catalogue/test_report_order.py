"""Two findings of one code at one place come in the same order at every run: the loader
gathers them in a set, whose order depends on the process's string hashing (PYTHONHASHSEED),
so the report orders them by their message too (a Blood Bowl position's cost of 7000 is both
under the minimum and no multiple of 10,000: two S306 at one place)."""

from __future__ import annotations

from nuffle.dsl.diagnostics import Diagnostic

from nuffle.catalogue.loader import _report_order


def test_findings_at_one_place_are_in_one_order_whatever_order_they_came_in() -> None:
    under = Diagnostic("S306", "`positions.0.cost`: 7000 is less than the minimum of 10000",
                       "team.yaml", 24, 11, 15)
    step = Diagnostic("S306", "`positions.0.cost`: 7000 is not a multiple of 10000",
                      "team.yaml", 24, 11, 15)
    earlier = Diagnostic("S302", "unknown field `x`", "team.yaml", 24, 11, 15)
    assert sorted([step, under, earlier], key=_report_order) == \
        sorted([under, earlier, step], key=_report_order) == [earlier, under, step]
