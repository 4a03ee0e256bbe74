"""The table's buttons (pygame_gui widgets): Lay down, Call and Pass, Allow and Refuse,
Next deal, the two sorts and Hint. Which are shown, enabled and how they read follows
the player's view; what they do is the table's (``commands``, by button name)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from kalooki.engine.state import Phase
from kalooki.engine.view import PlayerView
from kalooki.ui.summary import summary_rect
from kalooki.ui.table_layout import TableLayout
from kalooki.words import ui_text, ui_tooltip

_LABELS = {"lay": "Lay down", "call": "Call", "pass": "Pass", "allow": "Allow",
           "refuse": "Refuse", "next": "Next deal", "suit": "Suits", "rank": "Ranks",
           "hint": "Hint", "hands": ""}
_PRIMARY = {"lay", "call", "refuse", "next"}
_TIPS = {"suit": "Sort your hand by suit (S)", "rank": "Sort your hand by rank (R)",
         "hint": "What would a good player do now? (H)"}


def _rects(layout: TableLayout, size: tuple[int, int]) -> dict[str, pygame.Rect]:
    box, h = layout.buttons, layout.button_h
    half = (box.width - 8) // 2
    top = pygame.Rect(box.left, box.top, box.width, h)
    left = pygame.Rect(box.left, box.top, half, h)
    right = pygame.Rect(box.left + half + 8, box.top, half, h)
    low = h + (box.height - 2 * h)
    third = (box.width - 16) // 3
    thirds = [pygame.Rect(box.left + i * (third + 8), box.top + low, third, h)
              for i in range(3)]
    panel = summary_rect(size)
    after = pygame.Rect(panel.right - 240, panel.bottom - h - 16, 220, h)
    return {"lay": top, "call": left, "pass": right, "allow": left, "refuse": right,
            "next": after, "suit": thirds[0], "rank": thirds[1], "hint": thirds[2],
            "hands": top}


class TableButtons:
    def __init__(self) -> None:
        self.by_name: dict[str, UIButton] = {}

    def build(self, manager: pygame_gui.UIManager, layout: TableLayout,
              size: tuple[int, int], commands: Mapping[str, Callable[[], None]]) -> None:
        """The buttons for this window size (any earlier ones are removed)."""
        self.kill()
        self.by_name = {
            name: UIButton(rect, _LABELS[name], manager, command=commands[name],
                           object_id="#primary" if name in _PRIMARY else None,
                           tool_tip_text=_TIPS.get(name))
            for name, rect in _rects(layout, size).items()}
        tip = ui_tooltip("table.hands_tip")
        self.by_name["hands"].set_tooltip(tip["tool_tip_text"],
                                          text_kwargs=tip["tool_tip_text_kwargs"])

    def refresh(self, view: PlayerView, at_screen: bool, summary_open: bool,
                finished: bool, can_lay: bool, show_hands: bool) -> None:
        """Show what the person at the screen may press now: Next deal (or Back to menu
        when the table is done) over the summary; Call and Pass in their call window;
        Allow and Refuse when someone calls their discard; else Lay down (enabled once
        the staged melds are legal); the sorts and Hint whenever a person sits at the
        screen; Show or Hide hands when nobody does (a watched match)."""
        buttons = self.by_name
        asked = at_screen and view.to_act == view.player
        shown = {"suit", "rank", "hint"} if at_screen else set()
        if at_screen:
            usable = asked and view.phase != Phase.CUT and not summary_open
            buttons["hint"].enable() if usable else buttons["hint"].disable()
        if summary_open:
            shown = {"next"}
            buttons["next"].set_text("Back to menu" if finished else "Next deal")
        elif asked and view.phase == Phase.CALL:
            shown |= {"call", "pass"}
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

    def count_down(self, seconds_left: float) -> None:
        """The call window's seconds on the Call button."""
        label = f"Call ({int(seconds_left) + 1})"
        if self.by_name["call"].text != label:
            self.by_name["call"].set_text(label)

    def shown(self) -> dict[str, pygame.Rect]:
        """The rects of the buttons on screen now, by name."""
        return {name: b.rect for name, b in self.by_name.items() if b.visible}

    def kill(self) -> None:
        for button in self.by_name.values():
            button.kill()
        self.by_name = {}
