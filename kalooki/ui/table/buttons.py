"""The table's buttons (pygame_gui widgets): Lay down, Call and Pass, Allow and Refuse,
Next deal, Undo and Redo, the two sorts and Hint. Which are shown, enabled and how they read follows
the player's view; what they do is the table's (``commands``, by button name)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITooltip, UIVerticalScrollBar

from kalooki.engine.state import Phase
from kalooki.engine.view import PlayerView
from kalooki.ui.table.layout import TableLayout
from kalooki.ui.table.log.book import LogBox, TableLog, log_box
from kalooki.ui.table.summary import NEXT_BUTTON_ROOM, summary_rect
from kalooki.ui.widgets.form import text_width
from kalooki.ui.widgets.tip_button import TipButton
from kalooki.words import tr, ui_text, ui_tooltip

_LABELS = {"lay": "table.button.lay", "call": "table.call",
           "pass": "table.button.pass", "allow": "table.button.allow",
           "refuse": "table.button.refuse", "next": "table.button.next",
           "suit": "table.button.suit", "rank": "table.button.rank",
           "hint": "table.button.hint", "hands": "table.show_hands",
           "undo": "table.undo", "redo": "table.redo", "wait": "table.wait"}
"""Each button's catalog key."""
_PRIMARY = {"lay", "call", "refuse", "next"}
_TIPS = {"suit": "table.tip.suit", "rank": "table.tip.rank", "hint": "table.tip.hint",
         "hands": "table.hands_tip", "undo": "table.undo_tip", "redo": "table.redo_tip",
         "wait": "table.wait_tip"}
_GREYED_TIPS = {"undo": "table.undo_greyed_tip", "redo": "table.redo_greyed_tip"}
"""What a greyed button says when pointed at: why it cannot be pressed now."""


_ROWS = (("call", "wait", "pass"), ("allow", "refuse"), ("undo", "redo"),
         ("suit", "rank", "hint"))
"""Buttons that share a row of the sidebar's foot, left to right."""
_FONTS = ((19, 12, ""), (16, 6, "_16"), (13, 4, "_13"))
"""Font sizes a row may be set in, largest first: (pixels, text padding each side, the
theme id's suffix: ``#table_16``, ``#table_primary_16``)."""
_GAP = 8
_TIP_GAP = 6


def tip_place(tip: pygame.Rect, target: pygame.Rect, buttons: Sequence[pygame.Rect],
              window: pygame.Rect) -> pygame.Rect:
    """Where a button's tooltip goes so it hides no button: below its button (where
    pygame_gui puts it), else left of the buttons level with its button, else above them;
    the first of these that fits the window and covers none of ``buttons``. The buttons
    sit at the window's foot, so pygame_gui's own fallback (above the button) would hide
    the row above: Undo, Lay down."""
    block = target.unionall(list(buttons))
    tries = [pygame.Rect((target.left, target.bottom + _TIP_GAP), tip.size),
             pygame.Rect((block.left - _TIP_GAP - tip.width, target.top), tip.size),
             pygame.Rect((block.right - tip.width, block.top - _TIP_GAP - tip.height), tip.size)]
    placed = [place.clamp(window) for place in tries]
    return next((place for place in placed if place.collidelist(list(buttons)) < 0),
                placed[1])


def _words(name: str) -> str:
    return tr(_LABELS[name])


def _fitted(row: tuple[str, ...], box: pygame.Rect, y: int, h: int,
            fonts: Sequence[tuple[int, int, str]] = _FONTS,
            ) -> tuple[dict[str, pygame.Rect], str]:
    """One row's rects and font suffix: equal widths in the largest of ``fonts`` they
    fit, else each button as wide as its words need (the spare room shared out), so
    French words are set smaller rather than cut; short of room in every font, widths in
    proportion to the words."""
    words = [_words(name) for name in row]
    room = box.width - _GAP * (len(row) - 1)
    equal = [room // len(row)] * len(row)
    for pixels, pad, suffix in fonts:
        needs = [text_width(w, pixels) + 2 * pad for w in words]
        if max(needs) <= equal[0]:
            return _placed(row, equal, box.left, y, h), suffix
        if sum(needs) <= room:
            spare = (room - sum(needs)) // len(row)
            return _placed(row, [need + spare for need in needs], box.left, y, h), suffix
    # short of room even in the smallest font: each narrowed alike, from what it needs
    return _placed(row, [need * room // sum(needs) for need in needs], box.left, y, h), \
        fonts[-1][2]


def _placed(row: tuple[str, ...], widths: list[int], left: int, y: int,
            h: int) -> dict[str, pygame.Rect]:
    rects = {}
    for name, width in zip(row, widths, strict=True):
        rects[name] = pygame.Rect(left, y, width, h)
        left += width + _GAP
    return rects


def _rects(layout: TableLayout,
           size: tuple[int, int]) -> tuple[dict[str, pygame.Rect], dict[str, str]]:
    """Three rows in the sidebar's foot: the move of the moment, Undo and Redo, then the
    sorts and Hint; Next deal on the summary panel. Also each button's font suffix."""
    box, h = layout.buttons, layout.button_h
    gap = (box.height - 3 * h) // 2
    tops = [box.top + i * (h + gap) for i in range(3)]
    rows = tuple(zip(_ROWS, (tops[0], tops[0], tops[1], tops[2]), strict=True))
    # one font for the whole foot, the largest every row fits: a row of long French
    # words set small beside a row set large read as two kinds of button
    suffixes = [suffix for *_, suffix in _FONTS]
    common = max(suffixes.index(_fitted(row, box, top, h)[1]) for row, top in rows)
    rects = {"lay": pygame.Rect(box.left, tops[0], box.width, h)}
    rects["hands"] = rects["lay"]
    fonts = {"lay": suffixes[common], "hands": suffixes[common]}
    for row, top in rows:
        fitted, suffix = _fitted(row, box, top, h, _FONTS[common:])
        rects.update(fitted)
        fonts.update(dict.fromkeys(row, suffix))
    panel = summary_rect(size)
    rects["next"] = pygame.Rect(panel.right - NEXT_BUTTON_ROOM + 20, panel.bottom - h - 16,
                                NEXT_BUTTON_ROOM - 40, h)
    fonts["next"] = ""
    return rects, fonts


def _theme_id(name: str, suffix: str) -> str | None:
    if not suffix:
        return "#primary" if name in _PRIMARY else None
    return f"#table_primary{suffix}" if name in _PRIMARY else f"#table{suffix}"


class TableButtons:
    def __init__(self) -> None:
        self.by_name: dict[str, UIButton] = {}
        self.log_bar: UIVerticalScrollBar | None = None
        self._log_shown: tuple[int, int, int] | None = None
        """The log page the scroll bar was last set to (first entry, entries, total)."""
        self._bar_at: float | None = None
        """Where the bar stood after the last look: standing elsewhere, it was dragged."""

    def build(self, manager: pygame_gui.UIManager, layout: TableLayout,
              size: tuple[int, int], commands: Mapping[str, Callable[[], None]]) -> None:
        """The buttons for this window size (any earlier ones are removed)."""
        self.kill()
        rects, fonts = _rects(layout, size)
        self.by_name = {
            name: TipButton(rect, **ui_text(_LABELS[name]), manager=manager,
                            command=commands[name], object_id=_theme_id(name, fonts[name]),
                            greyed_tip=ui_tooltip(_GREYED_TIPS[name])
                            if name in _GREYED_TIPS else None,
                            **(ui_tooltip(_TIPS[name]) if name in _TIPS else {}))
            for name, rect in rects.items()}
        self.log_bar = UIVerticalScrollBar(log_box(layout).bar, 1.0, manager)
        self._log_shown = self._bar_at = None

    def refresh(self, view: PlayerView, at_screen: bool, summary_open: bool,
                finished: bool, can_lay: bool, show_hands: bool, *,
                call_asked: bool = False, call_held: bool = False,
                log_covered: bool = False) -> None:
        """Show what the person at the screen may press now: Next deal (or Back to menu
        when the table is done) over the summary; Call, Wait and Pass in their call
        window (unless it passes unasked, ``call_asked`` False; Wait greyed once
        ``call_held``); Allow and Refuse when someone calls their discard; else Lay
        down (enabled once the staged melds are legal); Undo, Redo, the sorts and Hint
        whenever a person sits at the screen; Show or Hide hands when nobody does (a
        watched match). The log's bar hides under the summary and under the guided
        game's lesson box (``log_covered``)."""
        buttons = self.by_name
        asked = at_screen and view.to_act == view.player
        shown = {"suit", "rank", "hint", "undo", "redo"} if at_screen else set()
        if at_screen:
            usable = asked and view.phase != Phase.CUT and not summary_open
            buttons["hint"].enable() if usable else buttons["hint"].disable()
        if summary_open:
            shown = {"next"}
            buttons["next"].set_text(**ui_text("table.button.back_to_menu" if finished
                                               else "table.button.next"))
        elif asked and view.phase == Phase.CALL:
            if call_asked:  # Wait and Pass take Undo and Redo's row while it asks
                shown = (shown - {"undo", "redo"}) | {"call", "wait", "pass"}
            wait = buttons["wait"]
            if wait.is_enabled == call_held:
                wait.disable() if call_held else wait.enable()
        elif asked and view.phase == Phase.ALLOW:
            shown |= {"allow", "refuse"}
        elif not at_screen:
            shown.add("hands")
            buttons["hands"].set_text(**ui_text(
                "table.hide_hands" if show_hands else "table.show_hands"))
        elif at_screen:
            shown.add("lay")
            buttons["lay"].set_text(**ui_text("table.button.lay" if not view.down[view.player]
                                              else "table.button.lay_more"))
            enabled = can_lay and asked and view.phase == Phase.PLAY
            buttons["lay"].enable() if enabled else buttons["lay"].disable()
        for name, button in buttons.items():
            button.show() if name in shown else button.hide()
        if self.log_bar is not None:
            self.log_bar.hide() if summary_open or log_covered else self.log_bar.show()

    def follow_log(self, log: TableLog, box: LogBox) -> None:
        """Keep the log's scroll bar and its page in step: a drag of the bar (it stands
        where it was not set) scrolls the log; the wheel, the keys and new entries move
        the bar."""
        bar = self.log_bar
        if bar is None:
            return
        page = log.page(box)
        total = max(1, page.total)
        if self._bar_at is not None and abs(bar.start_percentage - self._bar_at) > 0.5 / total:
            log.scroll_to(round(bar.start_percentage * total), page)
            page = log.page(box)
        shown = (page.first, page.count, page.total)
        if shown != self._log_shown:
            self._log_shown = shown
            bar.set_visible_percentage(page.count / total if page.total else 1.0)
            bar.set_scroll_from_start_percentage(page.first / total)
        self._bar_at = bar.start_percentage

    def refresh_undo(self, can_undo: bool, can_redo: bool) -> None:
        """Undo and Redo usable only when there is something to take back or redo; Undo
        greyed by undoing says that Redo does it again (not that there was nothing)."""
        undo = self.by_name.get("undo")
        if isinstance(undo, TipButton):
            undo.reword_greyed(ui_tooltip("table.undo_done_greyed_tip" if can_redo
                                          else _GREYED_TIPS["undo"]))
        for name, usable in (("undo", can_undo), ("redo", can_redo)):
            button = self.by_name.get(name)
            if button is not None and button.is_enabled != usable:
                button.enable() if usable else button.disable()

    def place_tips(self, size: tuple[int, int]) -> None:
        """Move an open tooltip off the buttons (see :func:`tip_place`)."""
        shown = self.shown()
        for name, button in self.by_name.items():
            tip = button.tool_tip
            if not isinstance(tip, UITooltip) or name not in shown:
                continue
            place = tip_place(tip.rect, button.rect, list(shown.values()),
                              pygame.Rect((0, 0), size))
            if place.topleft != tip.rect.topleft:
                tip.set_position(place.topleft)

    def hide(self) -> None:
        """Every button and the log's scroll bar off the screen (another screen is over
        the table)."""
        for button in self.by_name.values():
            button.hide()
        if self.log_bar is not None:
            self.log_bar.hide()

    def shown(self) -> dict[str, pygame.Rect]:
        """The rects of the buttons on screen now, by name."""
        return {name: b.rect for name, b in self.by_name.items() if b.visible}

    def kill(self) -> None:
        for button in self.by_name.values():
            button.kill()
        self.by_name = {}
        if self.log_bar is not None:
            self.log_bar.kill()
            self.log_bar = None
