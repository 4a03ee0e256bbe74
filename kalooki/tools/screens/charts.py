"""The charts' screens for ``kalooki screens``: the running totals at a deal's summary
part-way through a match and at its end, and the statistics' two views over time on a
sample history."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

from kalooki.engine.rng import Rng
from kalooki.engine.rules import preset
from kalooki.store.history import MatchEntry, add_match
from kalooki.store.stats import Stats
from kalooki.tools.screens.shots import Shots
from kalooki.tools.screens.table import MAX_STEPS, eager
from kalooki.ui.app import App
from kalooki.ui.pages.setup import DEFAULT_LEVEL, DEFAULT_NAMES, GameSetup
from kalooki.ui.pages.statistics import StatsScene
from kalooki.ui.play.match import seats_for
from kalooki.ui.session import MatchSession
from kalooki.ui.table.options import INSTANT
from kalooki.ui.table.scene import TableScene


def summary_after(app: App, deal: int, *, rules: str = "caribbean", players: int = 4,
                  seed: int = 7, at_summary: Callable[[TableScene], None] | None = None
                  ) -> TableScene:
    """A table stopped on the summary of ``deal`` (or of the match's last deal);
    ``at_summary`` is shown each summary on the way, the last one included."""
    setup = GameSetup(rules, players, (DEFAULT_LEVEL,) * (players - 1),
                      DEFAULT_NAMES[:players - 1])
    session = MatchSession(preset(rules), seats_for(setup), seed, ai_pause=0.0)
    session.play_with([None, *([eager] * (players - 1))])
    table = TableScene(app, session, INSTANT)
    app.switch(table)
    rng = Rng(seed)
    for _ in range(MAX_STEPS * deal):
        app.step(draw=False)
        if table.result is not None:
            if at_summary is not None:
                at_summary(table)
            if table.result.deal >= deal or session.over:
                break
            table.next_deal()
        elif session.screen_to_act:
            table.submit(eager(session.view(), rng))
    return table


def sample_history(start: datetime = datetime(2026, 2, 3, 20, 0)) -> list[MatchEntry]:
    """Three months of evenings at three tables, getting slowly better."""
    rng = Rng(17)
    entries = []
    kinds = (("caribbean", 4, 9), ("baby", 3, 3), ("kalooki51", 2, 7))
    for number in range(24):
        name, players, deals = kinds[rng.below(3) if number % 4 else 0]
        per_deal = 30 - number // 2 + rng.below(14)
        total = per_deal * deals
        place = 1 + rng.below(players) if number % 3 else 1
        entries.append(MatchEntry((start + timedelta(days=4 * number)).isoformat(
            timespec="minutes"), name, players, total, place == 1, deals, total, place))
    return entries


def charts(shots: Shots) -> None:
    with shots.app() as app:
        summary_after(app, 4)
        shots.take(app, "chart-summary")
    with shots.app() as app:
        summary_after(app, 99, rules="baby", players=6)
        shots.take(app, "chart-match-end")
    history = sample_history()
    for entry in history:
        add_match(shots.store, entry)
    for view, name in (("results", "chart-statistics"), ("rates", "chart-statistics-rates")):
        with shots.app() as app:
            scene = StatsScene(app, Stats(), lambda: None, history=history,
                               on_reset=lambda _: ())
            scene.show(view)
            app.switch(scene)
            shots.take(app, name)
    with shots.app() as app:
        scene = StatsScene(app, Stats(), lambda: None, on_reset=lambda _: ())
        scene.show("results")
        app.switch(scene)
        shots.take(app, "chart-statistics-empty")
