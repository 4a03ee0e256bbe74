"""The game's slider: pygame_gui's, with a track that answers a click.

pygame_gui's UIHorizontalSlider moves only by its thumb and its arrows; a click on the
track beside the thumb did nothing (play-test finding). Here, as in GTK and most desktop
toolkits, the thumb jumps to the spot clicked (by the slider's step, within its range),
told by the same UI_HORIZONTAL_SLIDER_MOVED an arrow raises, and is taken in hand there,
so a drag goes on from it while the button is held.
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIHorizontalSlider


class TrackSlider(UIHorizontalSlider):
    """A horizontal slider whose track moves the thumb to the spot clicked.

    Its values are floats even for a range of whole numbers, which its reader rounds to
    the step: pygame_gui cuts a whole-number slider's value down to the number below the
    thumb, so merely holding the thumb lowered it by one."""

    def __init__(self, relative_rect: pygame.Rect, start_value: float,
                 value_range: tuple[float, float], manager: pygame_gui.UIManager,
                 click_increment: float) -> None:
        low, high = value_range
        super().__init__(relative_rect, float(start_value), (float(low), float(high)),
                         manager, click_increment=click_increment)

    def track(self) -> pygame.Rect:
        """The rail between the arrows, the whole height of the slider; the thumb runs
        along it."""
        inner = self.button_container.rect if self.button_container is not None else self.rect
        left, right = inner.left + self.arrow_button_width, inner.right - self.arrow_button_width
        return pygame.Rect(left, self.rect.top, right - left, self.rect.height)

    def value_at(self, x: float) -> float:
        """The value whose thumb is centred at ``x``: on a step, within the range."""
        half = self.sliding_button_width / 2
        start = self.track().left + half
        share = (x - start) / self.scrollable_width if self.scrollable_width > 0 else 0.0
        share = min(1.0, max(0.0, share))
        low, high = self.value_range
        return self.on_step(low + share * (high - low))

    def on_step(self, raw: float) -> float:
        """``raw`` moved to the nearest step of the range, within it."""
        low, high = self.value_range
        if self.increment > 0:
            raw = low + round((raw - low) / self.increment) * self.increment
        return round(min(max(low, high), max(min(low, high), raw)), 6)

    def update(self, time_delta: float) -> None:
        """A thumb let go rests on the step its value was read as, not between two."""
        held = self.grabbed_slider
        super().update(time_delta)
        if held and not self.grabbed_slider:
            resting = self.on_step(self.current_value)
            if resting != self.current_value:
                self.set_current_value(resting, warn=False)

    def process_event(self, event: pygame.event.Event) -> bool:
        if super().process_event(event):
            return True
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1 or not self.is_enabled:
            return False
        thumb = self.sliding_button
        x, y = self.ui_manager.calculate_scaled_mouse_position(event.pos)
        if thumb is None or thumb.held or not self.track().collidepoint(x, y) or \
                thumb.rect.collidepoint(x, y):
            return False  # the thumb's own click is a drag, started by the thumb
        value = self.value_at(x)
        if value != self.current_value:
            self.set_current_value(value, warn=False)
            pygame.event.post(pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, {
                "value": self.current_value, "ui_element": self,
                "ui_object_id": self.most_specific_combined_id}))
        self._grip(thumb)
        return True

    def _grip(self, thumb: pygame_gui.elements.UIButton) -> None:
        """Press the thumb where it now stands, as if the click had landed on it, so
        that pygame_gui drags it while the button stays down."""
        scale_x, scale_y = getattr(self.ui_manager, "mouse_pos_scale_factor", (1.0, 1.0))
        centre = thumb.rect.center
        thumb.process_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(
            round(centre[0] / scale_x), round(centre[1] / scale_y))))
