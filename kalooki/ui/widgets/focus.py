"""Keyboard reach of every widget in the window.

pygame_gui's widgets answer the mouse (and typing into a focused entry) only, so a player
who plays by keyboard could not reach a button, a drop-down or a slider. The focus ring
gives them all to the keyboard, like a desktop toolkit: Tab and Shift+Tab walk the
widgets in reading order, Enter or Space presses a button, Up and Down change a
drop-down's choice, Left and Right move a slider by its step, and typing goes to a text
entry in focus. A panel raised to :data:`MODAL_LAYER` or above (a dialog, a question over
the table) keeps the ring inside it. The ring is drawn only while the keyboard is in use:
a mouse click hides it, the next Tab shows it again where it was. Rows of a scrolling
form (a :class:`Scroller`) are reached in the form's order, scrolled into view as the ring
comes to them.

Every change is made the way pygame_gui makes it for a click (the same events, posted on
the queue), so the scenes cannot tell a key from the mouse.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol

import pygame
import pygame_gui
from pygame_gui.core import UIElement
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UIHorizontalSlider,
    UIPanel,
    UITextEntryLine,
)

MODAL_LAYER = 5
"""The starting height from which a panel holds the keyboard (dialogs, questions)."""
_REACHABLE = (UIButton, UIDropDownMenu, UIHorizontalSlider, UITextEntryLine)
RING_COLOUR = (255, 255, 250)
"""Brighter than every border of the theme (gold), so the ring stands out on any widget."""
_RING_WIDTH = 3
_RING_GAP = 4
_PRESS_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class Scroller(Protocol):
    """A scene's scrolling form: it hides the rows outside its view, so the ring asks it
    where a widget stands and has it scrolled into view (:class:`kalooki.ui.widgets.form.Form`)."""

    view: pygame.Rect

    def order(self, widget: UIElement) -> tuple[int, int] | None:
        """(row, x) of ``widget`` in the form, or None when it is not one of its rows'."""
        ...

    def reveal(self, widget: UIElement) -> None: ...


def _panel_of(element: UIElement) -> UIPanel | None:
    """The outermost panel holding ``element``, if any."""
    outer = None
    container = element.ui_container
    while container is not None:
        owner = getattr(container, "parent_element", None)
        if owner is None:
            break
        if isinstance(owner, UIPanel):
            outer = owner
        container = owner.ui_container
    return outer


class FocusRing:
    """Which widget the keyboard is on, and the keys that move it or use it."""

    def __init__(self, manager: pygame_gui.UIManager) -> None:
        self.manager = manager
        self.scroller: Scroller | None = None
        """The current scene's scrolling form, set by the app before each event."""
        self.current: UIElement | None = None
        self.shown = False
        self._last_rect: pygame.Rect | None = None
        self.outside: list[UIElement] = []
        """Widgets the ring passes over: the window's ? button, which F1 already is."""

    def scroll_with(self, scroller: Scroller | None) -> None:
        """The scene's form, whose rows scroll into view as the focus reaches them."""
        self.scroller = scroller

    # --- which widgets ---------------------------------------------------------------

    def reachable(self) -> list[UIElement]:
        """The widgets a player may use now, in reading order (top to bottom, left to
        right); only those of the topmost modal panel while one is open."""
        scroller = self.scroller
        found = [e for e in self._widgets() if e.is_enabled and (
            e.visible or (scroller is not None and scroller.order(e) is not None))]
        panels = {id(e): _panel_of(e) for e in found}
        modal = [p for p in panels.values()
                 if p is not None and p.get_starting_height() >= MODAL_LAYER]
        if modal:
            top = max(modal, key=lambda p: p.get_top_layer())
            found = [e for e in found if panels[id(e)] is top]
        return sorted(found, key=self._reading_place)

    def _reading_place(self, element: UIElement) -> tuple[int, int, int]:
        """Top to bottom, left to right; a form's rows where the form's view begins."""
        scroller = self.scroller
        place = scroller.order(element) if scroller is not None else None
        if scroller is None or place is None:
            return element.rect.top, 0, element.rect.left
        row, x = place
        return scroller.view.top, 1 + row, x

    def _widgets(self) -> Iterator[UIElement]:
        for sprite in self.manager.get_sprite_group().sprites():
            if isinstance(sprite, _REACHABLE) and sprite.alive() and \
                    getattr(sprite, "parent_element", None) is None and \
                    not any(sprite is skipped for skipped in self.outside):
                yield sprite  # parts of a drop-down, slider or list are reached through it

    # --- keys ------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        """Take the keys the ring answers; True when ``event`` was used up."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.shown = False  # the next Tab goes on from the widget clicked
            clicked = [e for e in self.reachable() if e.rect.collidepoint(event.pos)]
            if clicked:
                self.current, self._last_rect = clicked[-1], clicked[-1].rect.copy()
            return False
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_TAB:
            self.move(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        current = self._alive_current(self.reachable()) if self.shown else None
        if current is None:
            return False
        if isinstance(current, UIButton) and event.key in _PRESS_KEYS:
            current.on_self_event(pygame_gui.UI_BUTTON_PRESSED, {"mouse_button": 1})
            return True
        if isinstance(current, UIDropDownMenu) and event.key in (pygame.K_UP, pygame.K_DOWN):
            self._choose(current, 1 if event.key == pygame.K_DOWN else -1)
            return True
        if isinstance(current, UIHorizontalSlider) and \
                event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self._slide(current, 1 if event.key == pygame.K_RIGHT else -1)
            return True
        return False

    def move(self, step: int) -> None:
        """Show the ring; from the second Tab on, go to the next (or previous) widget."""
        widgets = self.reachable()
        if not widgets:
            self.current, self.shown = None, False
            return
        current = self._alive_current(widgets)
        if current is None:
            index = 0 if step > 0 else -1
        else:
            index = widgets.index(current) + (step if self.shown else 0)
        self.focus(widgets[index % len(widgets)])

    def forget(self) -> None:
        """A new scene: nothing in focus until the next Tab."""
        self.current, self.shown, self._last_rect = None, False, None

    def focus(self, element: UIElement) -> None:
        if self.scroller is not None and self.scroller.order(element) is not None:
            self.scroller.reveal(element)
        self.current, self.shown = element, True
        self._last_rect = element.rect.copy()
        self.manager.set_focus_set(element)

    def _alive_current(self, widgets: list[UIElement]) -> UIElement | None:
        """The widget in focus among ``widgets`` (the reachable ones); when it is out of
        reach, the one a new panel put the focus on (a confirmation's Cancel), else, when
        a scene has rebuilt its widgets, the new one in the old one's place (the nearest),
        so the ring stays where the player left it."""
        if self.current in widgets:
            return self.current
        chosen = [e for e in widgets if e in (self.manager.get_focus_set() or ())]
        if chosen:
            self.current, self._last_rect = chosen[0], chosen[0].rect.copy()
            return self.current
        if self._last_rect is None or not widgets:
            self.current = None
            return None
        old = pygame.Vector2(self._last_rect.center)
        self.current = min(widgets, key=lambda e: old.distance_to(e.rect.center))
        self._last_rect = self.current.rect.copy()
        return self.current

    # --- changes, as a click would make them -----------------------------------------

    def _choose(self, menu: UIDropDownMenu, step: int) -> None:
        options = [(o, o) if isinstance(o, str) else o for o in menu.options_list]
        index = next((i for i, o in enumerate(options) if o == menu.selected_option), 0)
        chosen = options[max(0, min(len(options) - 1, index + step))]
        state = menu.current_state
        if chosen == menu.selected_option or state is None:
            return
        state.finish()
        menu.selected_option = state.selected_option = chosen
        state.start()
        pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, {
            "text": chosen[0], "selected_option_id": chosen[1], "ui_element": menu,
            "ui_object_id": menu.most_specific_combined_id}))

    def _slide(self, slider: UIHorizontalSlider, step: int) -> None:
        low, high = sorted(slider.value_range)
        value = slider.get_current_value() + step * slider.increment
        value = max(low, min(high, value))
        if value == slider.get_current_value():
            return
        slider.set_current_value(value)
        pygame.event.post(pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, {
            "value": slider.get_current_value(), "ui_element": slider,
            "ui_object_id": slider.most_specific_combined_id}))

    # --- drawing ---------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """The ring around the widget in focus, over everything pygame_gui drew."""
        current = self._alive_current(self.reachable()) if self.shown else None
        if current is None:
            return
        ring = current.rect.inflate(2 * _RING_GAP, 2 * _RING_GAP)
        pygame.draw.rect(surface, RING_COLOUR, ring, _RING_WIDTH, border_radius=8)
