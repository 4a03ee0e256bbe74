"""The statistics screen's charts and Reset statistics, driven by posted events: the views
switch by button and by arrow keys, the charts plot the recorded matches, and Reset asks
first — cancelling keeps everything, confirming forgets counters and history."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from kalooki.engine.facts.said import fact
from kalooki.store.history import MatchEntry, add_match, load_history
from kalooki.store.paths import StorePaths
from kalooki.store.settings import Settings
from kalooki.store.stats import (
    DealOutcome,
    MatchOutcome,
    Stats,
    load_stats,
    record,
    record_deal,
    save_stats,
)
from kalooki.ui.app import App
from kalooki.ui.charts import history_views
from kalooki.ui.charts.plot import Plot
from kalooki.ui.pages.statistics import StatsScene
from kalooki.ui.play.match import Profile, open_stats
from kalooki.ui.widgets.form import button_width
from kalooki.words import tr
from tests.support.pages import seeds_from
from tests.support.ui import choose, click

ENTRIES = (MatchEntry("2026-03-01T20:00", "baby", 3, 40, True, 3, 40, 1),
           MatchEntry("2026-03-05T20:00", "baby", 3, 75, False, 3, 75, 2))


def press(app: App, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="",
                                         scancode=0))
    app.run_frames(2)


def stored(paths: StorePaths) -> Profile:
    assert not save_stats(paths, record_deal(Stats(), DealOutcome("baby", 3, 12, False)))
    for entry in ENTRIES:
        assert not add_match(paths, entry)
    return Profile(paths, dataclasses.replace(Settings(), animation_speed="instant"),
                   deal_seed=seeds_from())


def test_the_views_switch_and_plot_the_recorded_matches(app: App, paths: StorePaths,
                                                        monkeypatch: object) -> None:
    drawn: list[Plot] = []
    real = history_views.draw_chart

    def spy(*args: object) -> Plot:
        plot = real(*args)  # type: ignore[arg-type]
        drawn.append(plot)
        return plot

    monkeypatch.setattr(history_views, "draw_chart", spy)  # type: ignore[attr-defined]
    scene = open_stats(app, stored(paths))
    assert scene.view == "table" and scene.history == ENTRIES
    click(app, scene.view_buttons["results"])
    assert scene.view == "results"
    plot = drawn[-1]
    assert [round(plot.from_pixel(p)[1]) for p in plot.pixels[0]] == [40, 75]
    press(app, pygame.K_RIGHT)
    assert scene.view == "rates"
    win_rate, penalty = drawn[-2:]
    assert [round(win_rate.from_pixel(p)[1]) for p in win_rate.pixels[0]] == [100, 50]
    pixel = (penalty.y_range[1] - penalty.y_range[0]) / penalty.area.height  # one's worth
    assert [penalty.from_pixel(p)[1] for p in penalty.pixels[0]] == \
        pytest.approx([40 / 3, 115 / 6], abs=pixel)
    press(app, pygame.K_RIGHT)
    assert scene.view == "table"
    press(app, pygame.K_LEFT)
    assert scene.view == "rates"


def test_reset_asks_first_and_cancel_keeps_everything(app: App, paths: StorePaths) -> None:
    scene = open_stats(app, stored(paths))
    assert scene.reset_button is not None
    click(app, scene.reset_button)
    assert scene.dialog is not None
    press(app, pygame.K_ESCAPE)
    assert scene.dialog is None and isinstance(app.scene, StatsScene)
    assert load_history(paths)[0] == ENTRIES
    assert load_stats(paths)[0].table("baby", 3).deals_played == 1


def test_reset_by_keys_forgets_counters_and_history(app: App, paths: StorePaths) -> None:
    scene = open_stats(app, stored(paths))
    press(app, pygame.K_DELETE)
    assert scene.dialog is not None and scene.dialog.ok_button.is_enabled
    press(app, pygame.K_TAB)  # the ring starts on Cancel, the safe answer
    assert app.focus.current is scene.dialog.cancel_button
    press(app, pygame.K_TAB)
    assert app.focus.current is scene.dialog.ok_button
    press(app, pygame.K_RETURN)
    assert scene.dialog is None
    assert scene.row_texts() == [] and scene.history == ()
    assert load_history(paths) == ((), [])
    assert load_stats(paths)[0].tables == {}
    assert scene.reset_button is not None and not scene.reset_button.is_enabled


def friends(paths: StorePaths) -> Profile:
    """Statistics and matches of the one person, Ann and Ben."""
    stats = Stats()
    for name in (None, "Ann", "Ben"):
        stats = record_deal(stats, DealOutcome("baby", 3, 12, False, player=name))
    assert not save_stats(paths, stats)
    for name in (None, "Ann", "Ben"):
        for entry in ENTRIES:
            assert not add_match(paths, dataclasses.replace(entry, player=name))
    stats = record(load_stats(paths)[0], [MatchOutcome("baby", 3, 40, True, player="Ann"),
                                          MatchOutcome("baby", 3, 75, False, player="Ann")])
    assert not save_stats(paths, stats)
    return Profile(paths, dataclasses.replace(Settings(), animation_speed="instant"),
                   deal_seed=seeds_from())


def test_enter_on_the_reset_question_keeps_every_statistic(app: App, paths: StorePaths) -> None:
    scene = open_stats(app, friends(paths))
    kept = (load_stats(paths)[0], load_history(paths)[0])
    assert scene.whose_menu is not None
    choose(app, scene.whose_menu, "Ann, with friends")
    press(app, pygame.K_DELETE)
    assert scene.dialog is not None
    assert scene.dialog.cancel_button.object_ids[-1] == "#primary"  # drawn as the default
    assert scene.dialog.ok_button.object_ids[-1] != "#primary"
    press(app, pygame.K_RETURN)
    assert scene.dialog is None and (load_stats(paths)[0], load_history(paths)[0]) == kept
    app.focus.focus(scene.reset_button)  # by keyboard: the ring on Reset, Enter, Enter
    press(app, pygame.K_RETURN)
    assert scene.dialog is not None
    press(app, pygame.K_RETURN)
    assert scene.dialog is None and (load_stats(paths)[0], load_history(paths)[0]) == kept
    assert scene.whose == "Ann" and scene.rows


def test_the_reset_forgets_only_whose_statistics_are_shown(app: App, paths: StorePaths) -> None:
    scene = open_stats(app, friends(paths))
    assert scene.whose_menu is not None
    choose(app, scene.whose_menu, "Ann, with friends")
    assert scene.reset_button is not None
    click(app, scene.reset_button)
    assert scene.dialog is not None
    assert str(scene.dialog.said) == ("Ann's counters and 2 finished matches will be "
                                      "forgotten; everyone else's are kept. This cannot "
                                      "be undone.")
    click(app, scene.dialog.ok_button)
    assert scene.dialog is None
    stats, history = load_stats(paths)[0], load_history(paths)[0]
    assert set(stats.people) == {"Ben"} and stats.table("baby", 3, "Ben").deals_played == 1
    assert stats.table("baby", 3).deals_played == 1  # playing alone's kept too
    assert sorted({entry.player or "" for entry in history}) == ["", "Ben"]
    assert len(history) == 2 * len(ENTRIES)
    assert scene.whose is None and scene.whose_menu is not None  # Ann has none left to show
    assert scene.rows and scene.history == ENTRIES
    assert scene.whose_menu.options_list == [("Playing alone", ""),
                                             ("Ben, with friends", "Ben")]


def test_a_reset_that_cannot_save_says_why_and_keeps_the_screen(app: App) -> None:
    scene = StatsScene(app, Stats(), lambda: None, history=ENTRIES,
                       on_reset=lambda _: (fact("not-saved", what="statistics",
                                              reason=fact("os-error", case="enospc")),))
    app.switch(scene)
    press(app, pygame.K_DELETE)
    assert scene.dialog is not None
    scene.dialog.ok()
    assert scene.dialog is not None and scene.history == ENTRIES


@pytest.mark.parametrize(("lang", "ticks"), [("en", ["3 Feb", "11 Dec"]),
                                             ("fr", ["3\u00a0févr.", "11\u00a0déc."])])
def test_a_chart_s_dates_name_the_month(lang: str, ticks: list[str]) -> None:
    """"3/2" reads as March 2 to a reader who writes the month first: the ticks name it."""
    from datetime import datetime

    from kalooki.words import set_language
    from kalooki.words.formats import short_day

    set_language(lang)
    assert [short_day(datetime(2026, 2, 3)), short_day(datetime(2026, 12, 11))] == ticks


def test_the_reset_question_s_button_holds_its_french_words(app: App, french: None) -> None:
    scene = StatsScene(app, Stats(), lambda: None, history=ENTRIES, on_reset=lambda _: ())
    app.switch(scene)
    scene.ask_reset()
    assert scene.dialog is not None
    words = tr("stats.reset.confirm")
    assert words == "Remettre à zéro"
    assert scene.dialog.ok_button.rect.width >= button_width(words, 0)
