"""The window, the frame loop and the current scene.

The loop is ``App.step``: one frame from a list of events. ``run`` repeats ``turn``
until the player quits: a frame at once while something moves, otherwise a sleep until
input or the next thing due (see :mod:`pacing`), so an idle window costs almost nothing.
Tests call ``step``/``run_frames``/``turn`` themselves with an injected clock (and, for
``turn``, an injected wait), so nothing waits on real time.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Protocol

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UITextEntryLine
from pygame_gui.elements.ui_drop_down_menu import UIExpandedDropDownState

from kalooki.ui import PROGRAM_NAME
from kalooki.ui.art import text as ink
from kalooki.ui.art.cards import CardArt
from kalooki.ui.art.icon import window_icon
from kalooki.ui.guard import InputGuard
from kalooki.ui.pacing import (
    CATCH_UP,
    IDLE_POLL,
    EventWait,
    scene_due,
    soonest,
    ui_due,
    wait_for_events,
)
from kalooki.ui.scene import Scene
from kalooki.ui.sound.board import SoundBoard
from kalooki.ui.sound.cues import gesture_cue
from kalooki.ui.theme import create_ui_manager, switch_language
from kalooki.ui.widgets.focus import FocusRing
from kalooki.ui.widgets.form import Form
from kalooki.ui.widgets.help_overlay import HelpOverlay, help_corner, opens_help, topic_of
from kalooki.words import Said, ui_tooltip

TITLE = PROGRAM_NAME
DEFAULT_SIZE = (1280, 720)
MIN_SIZE = (1024, 640)
FPS = 60
NOTE_SECONDS = 5.0
WINDOW_SAVE_DELAY = 0.8
"""Seconds a window must keep one size before it is remembered (a drag resizes often)."""
_NOTE_BG = (20, 12, 10, 255)


class FrameClock(Protocol):
    """What the loop needs from a clock: ``pygame.time.Clock`` or a test's fake."""

    def tick(self, framerate: float = 0) -> int: ...


class Unthrottled:
    """A clock that reports a 60 fps frame without waiting: instant speed means instant
    (autoplay, and the self-test, which times the first frame a player would see)."""

    def tick(self, framerate: float = 0) -> int:
        return 16


def clamp_size(size: tuple[int, int]) -> tuple[int, int]:
    return max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1])


WINDOW_FRAME = 64
"""Pixels of the desktop's height that a window's title bar and a task bar take."""


def fit_to_desktop(size: tuple[int, int], desktop: tuple[int, int] | None) -> tuple[int, int]:
    """The window's first size: as asked (the size last left, or the default), but no
    larger than the desktop leaves beside a title bar and a task bar, so the table's
    buttons at the bottom are never off the screen; never below the least the screens
    are laid out for. ``desktop`` None: unknown, as asked."""
    if desktop is None:
        return clamp_size(size)
    return clamp_size((min(size[0], desktop[0]), min(size[1], desktop[1] - WINDOW_FRAME)))


def desktop_size() -> tuple[int, int] | None:
    """The size of the first screen's desktop, as the system reports it."""
    pygame.display.init()
    sizes = pygame.display.get_desktop_sizes()
    return sizes[0] if sizes else None


class App:
    """Owns the window and the pygame_gui manager; scenes reach both through it."""

    def __init__(self, size: tuple[int, int] = DEFAULT_SIZE, *,
                 clock: FrameClock | None = None, fullscreen: bool = False,
                 four_colour: bool = False, fps: int = FPS,
                 wait: EventWait | None = None, sounds: SoundBoard | None = None,
                 on_window_change: Callable[[tuple[int, int], bool], None] | None = None
                 ) -> None:
        pygame.init()
        self.window = pygame.Window(TITLE, clamp_size(size), resizable=True)
        self.window.minimum_size = MIN_SIZE
        # The window surface must exist before the UIManager: pygame_gui converts surfaces.
        self.surface = self.window.get_surface()
        self.size = self.surface.get_size()
        self.ui = create_ui_manager(self.size)
        self.focus = FocusRing(self.ui)
        """The keyboard's way to every widget (Tab, Enter, arrows)."""
        self.clock: FrameClock = clock or pygame.time.Clock()
        self.wait = wait or wait_for_events
        self.since_input = 0.0
        self.guard = InputGuard()
        """Which prompt each input was made for (see :mod:`guard`): scenes name the
        prompt they draw, the window stamps every input as it arrives."""
        self.card_art = CardArt(four_colour=four_colour)
        self.frames_drawn = 0
        """Frames drawn since the window opened (the idle bench and tests count them)."""
        self.icon_given = False
        """Whether the window has its icon (the task bar's, where no desktop entry names
        one): drawn with the second frame, since drawing it would hold up the first by
        30 ms on a slow machine."""
        self.sounds = sounds if sounds is not None else SoundBoard()
        """Silent unless the launcher hands the app a board with a mixer."""
        self.fps = fps
        """The frame cap; 0 runs as fast as the machine can (autoplay)."""
        self.scene: Scene | None = None
        self.running = True
        self.fullscreen = False
        self.windowed_size = self.size
        self.on_window_change = on_window_change
        """Told the windowed size and full-screen flag once they settle (to remember)."""
        self._window_unsaved: float | None = None
        self.note: tuple[Said, float] = ("", 0.0)
        self.help: HelpOverlay | None = None
        """The help overlay while open (F1, ? or the ? button): it takes the input."""
        self.help_button = UIButton(self._help_rect(), "?", self.ui, command=self.open_help,
                                    **ui_tooltip("help.tip"))
        self.focus.outside.append(self.help_button)
        if fullscreen:
            self.toggle_fullscreen()

    # --- scenes and window -----------------------------------------------------------

    def switch(self, scene: Scene) -> None:
        if self.scene is not None:
            self.scene.leave()
        self.scene = scene
        self.focus.forget()
        self.help = None
        self.help_button.show()

    def show_over(self, scene: Scene) -> None:
        """Show ``scene`` in place of the one on screen without leaving it: a screen over
        the paused table, or the table again under its pause menu (see ``ui/play``)."""
        self.scene = scene

    def open_help(self) -> None:
        """The keys and the how-to of the screen shown now (see :mod:`help_overlay`)."""
        rules = getattr(self.scene, "help_rules", None)
        self.help = HelpOverlay(topic_of(self.scene), rules if callable(rules) else None,
                                getattr(self.scene, "help_lines", ()))
        self.help_button.hide()

    def _typing(self) -> bool:
        """A text field has the keyboard: ? is a character to type there, not help."""
        return any(isinstance(element, UITextEntryLine)
                   for element in self.ui.get_focus_set() or ())

    def _help_rect(self) -> pygame.Rect:
        return help_corner(self.size)

    def quit(self) -> None:
        self.running = False

    def notify(self, message: Said) -> None:
        """Show ``message`` over any scene for a few seconds; play goes on meanwhile (a
        Phrase is worded each frame, so it follows a language switch)."""
        self.note = (message, NOTE_SECONDS)

    def set_language(self, lang: str) -> None:
        """Speak ``lang`` at once: widgets are re-labelled, then the scene is laid out
        again (as after a resize), since words change length between languages."""
        switch_language(self.ui, lang)
        if self.scene is not None:
            self.scene.on_resize(self.size)

    def toggle_fullscreen(self) -> None:
        if self.fullscreen:
            self.window.set_windowed()
        else:
            self.window.set_fullscreen(desktop=True)
        self.fullscreen = not self.fullscreen
        self._resized(self.window.size)
        self._window_unsaved = 0.0

    def _resized(self, size: tuple[int, int]) -> None:
        """Follow a new window size, holding it to the minimum where the platform lets a
        window shrink further than asked."""
        clamped = clamp_size(size)
        if clamped != tuple(self.window.size) and not self.fullscreen:
            self.window.size = clamped
        self.surface = self.window.get_surface()
        if self.surface.get_size() == self.size:
            return
        self.size = self.surface.get_size()
        if not self.fullscreen:
            self.windowed_size = self.size
            self._window_unsaved = 0.0
        self.ui.set_window_resolution(self.size)
        place = self._help_rect()
        self.help_button.set_relative_position(place.topleft)
        self.help_button.set_dimensions(place.size)
        if self.scene is not None:
            self.scene.on_resize(self.size)

    # --- the loop --------------------------------------------------------------------

    def _dispatch(self, event: pygame.event.Event) -> None:
        self.guard.arrive(event)
        try:
            self._deliver(event)
        finally:
            self.guard.handled()

    def _deliver(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type in (pygame.WINDOWSIZECHANGED, pygame.WINDOWRESIZED):
            self._resized((event.x, event.y))
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        shown = self.help
        if shown is not None:
            shown.handle_event(event)  # its rules link may switch the scene meanwhile
            if not shown.open and self.help is shown:
                self.help = None
                self.help_button.show()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE \
                and close_open_list(self.ui):
            return  # Esc closes the open list alone, not the panel or page under it
        form = getattr(self.scene, "form", None)
        self.focus.scroll_with(form if isinstance(form, Form) else None)
        if self.focus.handle(event):
            return
        cue = gesture_cue(event)
        if cue is not None:
            self.sounds.play(cue.sound)
        consumed = self.ui.process_events(event)
        if not consumed and opens_help(event, typing=self._typing()):
            self.open_help()
        elif not consumed and self.scene is not None:
            self.scene.handle_event(event)

    def step(self, events: Iterable[pygame.event.Event] | None = None, *,
             draw: bool = True) -> bool:
        """Run one frame on ``events`` (default: the pygame queue); False once quitting.
        ``draw`` False runs the frame's input and time but draws nothing: for a tool
        playing on to the state it shows (``kalooki screens``), whose pictures of the
        moments between would be thrown away."""
        if self.frames_drawn and not self.icon_given:
            self.window.set_icon(window_icon())
            self.icon_given = True
        dt = self.clock.tick(self.fps) / 1000
        arrived = list(pygame.event.get() if events is None else events)
        if arrived:
            if dt > CATCH_UP:  # woken from a sleep: the quiet time passed before the input
                self._advance(dt)
                dt = 0.0
            self.since_input = 0.0
        else:
            self.since_input += dt
        for event in arrived:
            self._dispatch(event)
            if not self.running:
                return False
        self._advance(dt)
        if not draw:
            return self.running
        if self.scene is not None:
            self.scene.draw(self.surface)
        self.ui.draw_ui(self.surface)
        self.focus.draw(self.surface)
        if self.help is not None:
            self.help.draw(self.surface)
        self._draw_note(dt)
        self.window.flip()
        self.guard.frame_drawn()
        self.frames_drawn += 1
        self._settle_window(dt)
        return self.running

    def _advance(self, dt: float) -> None:
        self.guard.tick(dt)
        self.sounds.update(dt)
        self.ui.update(dt)
        widen_open_lists(self.ui)
        if self.scene is not None:
            self.scene.update(dt)
            self.ui.update(0.0)  # words the scene just gave a widget are drawn this frame

    def frame_due(self) -> float | None:
        """Seconds until the window must draw again on its own: 0 while anything moves;
        None when only input can change what it shows."""
        settle = (None if self._window_unsaved is None
                  else WINDOW_SAVE_DELAY - self._window_unsaved)
        note = self.note[1] if self.note[0] and self.note[1] > 0 else None
        return soonest(scene_due(self.scene) if self.scene is not None else None,
                       note, settle, self.sounds.next_due(), ui_due(self.ui, self.since_input))

    def turn(self) -> bool:
        """One turn of the real loop: a frame now while something moves; otherwise sleep
        until input or the next deadline and draw then, or draw nothing when a long
        sleep ends with nothing to show. False once quitting."""
        due = self.frame_due()
        if due == 0:
            return self.step()
        events = self.wait(IDLE_POLL if due is None else due)
        if events or due is not None:
            return self.step(events)
        return self.running

    def _draw_note(self, dt: float) -> None:
        words, left = self.note
        if left <= 0 or not words:
            return
        self.note = (words, left - dt)
        size = max(14, round(self.size[1] * 0.022))
        image = ink.fit(str(words), size, self.size[0] - 80, ink.GOLD, True)
        box = image.get_rect(midtop=(self.size[0] // 2, size)).inflate(size * 2, size)
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, _NOTE_BG, layer.get_rect(), border_radius=box.height // 3)
        self.surface.blit(layer, box)
        self.surface.blit(image, image.get_rect(center=box.center))

    def _settle_window(self, dt: float) -> None:
        if self._window_unsaved is None:
            return
        self._window_unsaved += dt
        if self._window_unsaved >= WINDOW_SAVE_DELAY:
            self.remember_window()

    def remember_window(self) -> None:
        """Hand the window's size and mode to whoever remembers them (now, not later)."""
        self._window_unsaved = None
        if self.on_window_change is not None:
            self.on_window_change(self.windowed_size, self.fullscreen)

    def run_frames(self, count: int) -> bool:
        """Up to ``count`` frames from the event queue; False if the player quit."""
        return all(self.step() for _ in range(count))

    def run(self) -> int:
        while self.turn():
            pass
        return 0

    def close(self) -> None:
        self.remember_window()
        if self.scene is not None:
            self.scene.leave()
            self.scene = None
        self.window.destroy()


def _open_lists(manager: pygame_gui.UIManager) -> list[UIDropDownMenu]:
    return [element for element in manager.get_sprite_group().sprites()
            if isinstance(element, UIDropDownMenu)
            and element.current_state is element.menu_states["expanded"]]


def close_open_list(manager: pygame_gui.UIManager) -> bool:
    """Close the drop-down list open in ``manager``, if one is; True when one was."""
    for menu in _open_lists(manager):
        menu.unfocus()  # an expanded list closes when its menu loses focus
        return True
    return False


def widen_open_lists(manager: pygame_gui.UIManager) -> None:
    """An open list as wide as its menu's box: pygame_gui leaves the arrow's width out,
    which cuts the longer choices short."""
    for menu in _open_lists(manager):
        state = menu.current_state
        assert isinstance(state, UIExpandedDropDownState)  # as _open_lists chose it
        options = state.options_selection_list
        if options is not None and options.relative_rect.width < menu.relative_rect.width:
            options.set_dimensions((menu.relative_rect.width, options.relative_rect.height))
