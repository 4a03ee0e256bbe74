"""The chart of a match: every player's running total after each deal, from the deal
results the engine keeps, with the deals where someone bent the table marked."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from kalooki.engine.deal import DealResult
from kalooki.ui.charts.plot import Chart, Line, Mark


def scored(results: Sequence[DealResult]) -> list[DealResult]:
    """The deals that counted: a void deal is dealt again under the same number."""
    return [result for result in results if not result.void]


def running_totals(results: Sequence[DealResult], players: int) -> list[tuple[int, ...]]:
    """Every player's total before the first deal (all 0) and after each scored deal."""
    return [(0,) * players, *(result.totals for result in scored(results))]


def match_chart(results: Sequence[DealResult], names: Sequence[str], *, deal_word: str,
                bent_label: Callable[[str], str], empty: str) -> Chart:
    """One line per player from 0 through each deal's total; ``bent_label`` words the mark
    of a deal from the name of the player who bent the table."""
    counted = scored(results)
    steps = running_totals(results, len(names))
    lines = tuple(Line(name, tuple((float(x), float(totals[player]))
                                   for x, totals in enumerate(steps)) if counted else ())
                  for player, name in enumerate(names))
    marks = tuple(Mark(float(number), bent_label(names[result.winner]))
                  for number, result in enumerate(counted, start=1)
                  if result.bent and result.winner is not None)
    ticks = tuple((float(x), str(result.deal)) for x, result in enumerate(counted, start=1))
    return Chart(lines, x_ticks=((0.0, ""), *ticks), marks=marks, empty=empty,
                 y_floor=0.0, x_title=deal_word)
