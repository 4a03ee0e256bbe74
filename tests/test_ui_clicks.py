"""Double-clicks are counted on the frame clock the scene is given, never the wall clock."""

from __future__ import annotations

from kalooki.ui.widgets.clicks import DOUBLE_CLICK, DoubleClicks


def test_a_second_click_on_the_same_thing_in_time_is_a_double_click() -> None:
    clicks = DoubleClicks()
    assert not clicks.click(7)
    clicks.tick(DOUBLE_CLICK / 2)
    assert clicks.click(7)


def test_too_slow_or_elsewhere_is_no_double_click() -> None:
    clicks = DoubleClicks()
    assert not clicks.click(7)
    clicks.tick(DOUBLE_CLICK + 0.01)
    assert not clicks.click(7)  # too slow: this click starts afresh
    assert not clicks.click(8)  # another card
    assert not clicks.click(7)


def test_a_double_click_is_spent_and_forget_starts_afresh() -> None:
    clicks = DoubleClicks()
    clicks.click(3)
    assert clicks.click(3)
    assert not clicks.click(3)  # the third click begins a new pair
    clicks.forget()
    assert not clicks.click(3)
