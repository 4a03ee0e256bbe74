"""The log survives loading (Continue and Load tell the match again from its record, as
the viewer saw it) and scrolls back over the whole deal: the wheel, Page Up/Down and the
scroll bar."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame
import pytest

from kalooki.store import savegame
from kalooki.store.paths import StorePaths
from kalooki.store.saves import save_named
from kalooki.ui.app import App
from kalooki.ui.keeper import save_seats
from kalooki.ui.pages.setup import GameSetup
from kalooki.ui.play.match import continue_match, resume_save, start_match
from kalooki.ui.table.log.book import LOG_LIMIT, LogBox, TableLog, log_box
from kalooki.ui.table.scene import TableScene
from tests.support.pages import play_until, quick_profile


def deal_two_begun(table: TableScene) -> bool:
    """Into the match's second deal: a whole deal behind, and twenty entries of this one."""
    worded = [str(line) for line in table.log]
    starts = [i for i, line in enumerate(worded) if line.startswith("Deal 2")]
    return table.session.game.deal_no == 2 and bool(starts) and len(worded) - starts[-1] > 20


@pytest.mark.parametrize("seed", [8, 31])
def test_continue_shows_the_log_as_it_was_before_quitting(app: App, home: StorePaths,
                                                          seed: int) -> None:
    chosen = quick_profile(home)
    table = start_match(app, GameSetup("baby", 3, ("medium", "medium"), ("Grace", "Bert")),
                        chosen, seed=seed)
    assert table is not None
    play_until(app, table, lambda: deal_two_begun(table))
    before = list(table.log)
    worded = [str(line) for line in before]
    assert any("Deal 2" in line for line in worded) and len(before) > 60
    assert any("drew" in line and "stock" not in line for line in worded)  # own draws, seen
    table.on_quit()
    resumed = continue_match(app, chosen)
    assert isinstance(resumed, TableScene)
    assert resumed.log == before


def test_load_shows_the_log_and_hides_what_the_viewer_never_saw(app: App,
                                                                home: StorePaths) -> None:
    chosen = quick_profile(home)
    table = start_match(app, GameSetup("baby", 3, ("easy", "easy"), ("Grace", "Bert")),
                        chosen, seed=4)
    assert table is not None
    play_until(app, table, lambda: len(table.session.recorder.actions) > 40)
    session = table.session
    path = save_named(home, savegame.snapshot(session.recorder, save_seats(session.seats)),
                      "mid deal")
    before = list(table.log)
    resumed = resume_save(app, chosen, path)
    assert isinstance(resumed, TableScene) and resumed.log == before
    assert any(str(line).startswith("Grace drew from the stock") for line in resumed.log)


# --- scrolling ---------------------------------------------------------------------------

def long_log(app: App, home: StorePaths) -> TableScene:
    chosen = quick_profile(home)
    table = start_match(app, GameSetup("baby", 3, ("easy", "easy"), ("Grace", "Bert")),
                        chosen, seed=6)
    assert table is not None
    play_until(app, table, lambda: len(table.log) > 80)
    return table


def page(table: TableScene) -> tuple[int, int, int]:
    shown = table.frame().log
    return shown.first, shown.count, shown.total


def wheel(app: App, table: TableScene, notches: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=table.layout.log.center,
                                         rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=notches, flipped=False,
                                         precise_x=0.0, precise_y=float(notches)))
    app.run_frames(1)


def test_the_wheel_and_page_keys_scroll_back_over_the_deal(app: App,
                                                          home: StorePaths) -> None:
    table = long_log(app, home)
    first, count, total = page(table)
    assert first + count == total and first > 0  # the newest entries, not all of them
    wheel(app, table, 2)  # away from you: back in the match
    assert page(table)[0] == first - 6
    newest = table.frame().log
    table.logbook.add("A line that comes in while the person reads back.")
    assert table.frame().log.first == newest.first  # the page stays where it was
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEUP, mod=0))
    app.run_frames(1)
    assert page(table)[0] == max(0, newest.first - (newest.count - 1))
    for _ in range(total):
        wheel(app, table, 1)
    assert page(table)[0] == 0 and table.frame().log.lines[0] == \
        log_box_wrapped_first(table)
    for _ in range(total):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0))
        app.run_frames(1)
    first, count, total = page(table)
    assert first + count == total and table.logbook.first is None  # following again


def log_box_wrapped_first(table: TableScene) -> str:
    """The first line of the match's first entry, as the log panel wraps it."""
    from kalooki.ui.art import text as ink

    box = log_box(table.layout)
    return ink.wrap(str(table.log[0]), box.size, box.rect.width)[0]


def test_the_scroll_bar_follows_the_log_and_a_drag_of_it_scrolls(app: App,
                                                                home: StorePaths) -> None:
    table = long_log(app, home)
    bar = table._buttons.log_bar
    assert bar is not None
    first, count, total = page(table)
    assert bar.visible and bar.start_percentage == pytest.approx(first / total, abs=0.02)
    assert bar.visible_percentage == pytest.approx(count / total, abs=0.02)
    bar.set_scroll_from_start_percentage(0.0)  # as a drag to the top leaves it
    bar.has_moved_recently = True
    table.update(0.0)
    assert page(table)[0] == 0
    wheel(app, table, -100)  # towards you: down to the newest again
    app.run_frames(2)
    assert table.logbook.first is None
    assert bar.start_percentage == pytest.approx(page(table)[0] / page(table)[2], abs=0.02)


def test_the_log_keeps_its_last_entries_and_the_reader_in_place() -> None:
    log = TableLog()
    for n in range(LOG_LIMIT + 10):
        log.add(f"line {n}")
    assert len(log.lines) == LOG_LIMIT and log.lines[0] == "line 10"
    log.first = 5
    log.add("one more")
    assert log.first == 4 and log.lines[4] == "line 15"  # still the same entry on top


def test_the_page_s_top_line_begins_an_entry() -> None:
    """A long entry wrapped over the page's top edge showed only its tail ("prend 6♦."):
    the page holds whole entries, the newest at the end; one longer than the page shows
    its start."""
    from kalooki.ui.art import text as ink

    pygame.init()
    box = log_box_of(width=160, rows=5)
    log = TableLog()
    long = "Winston allowed the call: Delroy takes the ten of diamonds and one card more."
    assert len(ink.wrap(long, box.size, box.rect.width)) >= 3
    for n in range(4):
        log.add(long if n % 2 == 0 else f"short {n}")
    shown = log.page(box)
    assert shown.lines[-1] == "short 3"
    entries = [ink.wrap(str(entry), box.size, box.rect.width) for entry in log.lines]
    assert list(shown.lines) == [line for entry in entries[shown.first:] for line in entry]
    assert shown.first + shown.count == len(log.lines) and len(shown.lines) <= 5
    alone = TableLog()
    alone.add(" ".join([long] * 4))
    assert alone.page(box).lines == tuple(ink.wrap(" ".join([long] * 4), box.size,
                                                   box.rect.width)[:5])


def log_box_of(width: int, rows: int) -> LogBox:
    size = 14
    line = round(size * 1.3)
    rect = pygame.Rect(0, 0, width, rows * line)
    return LogBox(rect, size, line, pygame.Rect(width, 0, 14, rows * line))
