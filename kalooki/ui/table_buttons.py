"""The table's buttons (pygame_gui widgets): Lay down, Call and Pass, Allow and Refuse,
Next deal, Undo and Redo, the two sorts and Hint. Which are shown, enabled and how they read follows
the player's view; what they do is the table's (``commands``, by button name)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIVerticalScrollBar

from kalooki.engine.state import Phase
from kalooki.engine.view import PlayerView
from kalooki.ui.summary import summary_rect
from kalooki.ui.table_layout import TableLayout
from kalooki.ui.table_log import LogBox, TableLog, log_box
from kalooki.words import ui_text, ui_tooltip

_LABELS = {"lay": "Lay down", "call": "Call", "pass": "Pass", "allow": "Allow",
           "refuse": "Refuse", "next": "Next deal", "suit": "Suits", "rank": "Ranks",
           "hint": "Hint", "hands": ""}
_WORDS = ("undo", "redo", "wait")
"""Buttons labelled from the catalogs (``table.<name>``, tip ``table.<name>_tip``)."""
_PRIMARY = {"lay", "call", "refuse", "next"}
_TIPS = {"suit": "Sort your hand by suit (S)", "rank": "Sort your hand by rank (R)",
         "hint": "What would a good player do now? (H)"}


def _rects(layout: TableLayout, size: tuple[int, int]) -> dict[str, pygame.Rect]:
    """Three rows in the sidebar's foot: the move of the moment, Undo and Redo (Wait and
    Pass in a call window, under Call), then the sorts and Hint; Next deal on the summary
    panel."""
    box, h = layout.buttons, layout.button_h
    gap = (box.height - 3 * h) // 2
    rows = [box.top + i * (h + gap) for i in range(3)]
    half = (box.width - 8) // 2
    third = (box.width - 16) // 3

    def halves(y: int) -> list[pygame.Rect]:
        return [pygame.Rect(box.left + i * (half + 8), y, half, h) for i in range(2)]

    thirds = [pygame.Rect(box.left + i * (third + 8), rows[2], third, h) for i in range(3)]
    top = pygame.Rect(box.left, rows[0], box.width, h)
    left, right = halves(rows[0])
    undo, redo = halves(rows[1])
    call, (wait, pass_) = top, halves(rows[1])  # the countdown's words need the room
    panel = summary_rect(size)
    after = pygame.Rect(panel.right - 240, panel.bottom - h - 16, 220, h)
    return {"lay": top, "call": call, "wait": wait, "pass": pass_, "allow": left,
            "refuse": right,
            "next": after, "undo": undo, "redo": redo, "suit": thirds[0], "rank": thirds[1],
            "hint": thirds[2], "hands": top}


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
        self.by_name = {
            name: UIButton(rect, _LABELS[name], manager, command=commands[name],
                           object_id="#primary" if name in _PRIMARY else None,
                           tool_tip_text=_TIPS.get(name))
            for name, rect in _rects(layout, size).items() if name not in _WORDS}
        for name in _WORDS:
            self.by_name[name] = UIButton(_rects(layout, size)[name], manager=manager,
                                          command=commands[name], **ui_text(f"table.{name}"),
                                          **ui_tooltip(f"table.{name}_tip"))
        self.log_bar = UIVerticalScrollBar(log_box(layout).bar, 1.0, manager)
        self._log_shown = self._bar_at = None
        tip = ui_tooltip("table.hands_tip")
        self.by_name["hands"].set_tooltip(tip["tool_tip_text"],
                                          text_kwargs=tip["tool_tip_text_kwargs"])

    def refresh(self, view: PlayerView, at_screen: bool, summary_open: bool,
                finished: bool, can_lay: bool, show_hands: bool, *,
                call_asked: bool = False, call_held: bool = False) -> None:
        """Show what the person at the screen may press now: Next deal (or Back to menu
        when the table is done) over the summary; Call, Wait and Pass in their call
        window (unless it passes unasked, ``call_asked`` False; Wait greyed once
        ``call_held``); Allow and Refuse when someone calls their discard; else Lay
        down (enabled once the staged melds are legal); Undo, Redo, the sorts and Hint
        whenever a person sits at the screen; Show or Hide hands when nobody does (a
        watched match)."""
        buttons = self.by_name
        asked = at_screen and view.to_act == view.player
        shown = {"suit", "rank", "hint", "undo", "redo"} if at_screen else set()
        if at_screen:
            usable = asked and view.phase != Phase.CUT and not summary_open
            buttons["hint"].enable() if usable else buttons["hint"].disable()
        if summary_open:
            shown = {"next"}
            buttons["next"].set_text("Back to menu" if finished else "Next deal")
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
            buttons["lay"].set_text("Lay down" if not view.down[view.player]
                                    else "Lay melds")
            enabled = can_lay and asked and view.phase == Phase.PLAY
            buttons["lay"].enable() if enabled else buttons["lay"].disable()
        for name, button in buttons.items():
            button.show() if name in shown else button.hide()
        if self.log_bar is not None:
            self.log_bar.hide() if summary_open else self.log_bar.show()

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
        """Undo and Redo usable only when there is something to take back or redo."""
        for name, usable in (("undo", can_undo), ("redo", can_redo)):
            button = self.by_name.get(name)
            if button is not None and button.is_enabled != usable:
                button.enable() if usable else button.disable()

    def count_down(self, seconds: int | None) -> None:
        """The call window's seconds on the Call button (the prompt shows the same
        number); just Call while the clock is held."""
        words = (ui_text("table.call_countdown", seconds=seconds) if seconds is not None
                 else ui_text("table.call"))
        button = self.by_name["call"]
        if (button.text, button.text_kwargs) != (words["text"], words["text_kwargs"]):
            button.set_text(**words)

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
