"""Shared pieces for driving the window in tests: a clock and a worker the test controls,
so nothing depends on the machine's speed or on how threads are scheduled."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from kalooki.ui.app import App
from kalooki.ui.house_rules.editor import RulesEditorScene
from kalooki.ui.widgets.field_rows import FieldEditor
from kalooki.ui.widgets.fitted_label import FittedLabel
from kalooki.ui.widgets.form import Form


def shown(widget: Any) -> str:
    """What a pygame_gui widget says now: its text (a catalog key, mostly) translated
    with its parameters, as pygame_gui draws it."""
    from pygame_gui.core.utility import translate

    return str(translate(widget.text, **widget.text_kwargs))


class FakeClock:
    """Every frame lasts exactly 1/60 s, so nothing depends on the machine's speed; a test
    may make the next frame longer (:meth:`skip`), so time jumps over a wait."""

    def __init__(self) -> None:
        self.frames = 0
        self.skipped = 0.0

    def skip(self, seconds: float) -> None:
        """The next frame lasts ``seconds`` longer."""
        self.skipped += seconds

    def tick(self, framerate: float = 0) -> int:
        self.frames += 1
        ms, self.skipped = 16 + round(self.skipped * 1000), 0.0
        return ms


FRAME = 1 / 60
"""A drawn frame of :class:`QuietTime`."""


class QuietTime:
    """Time that jumps: the app's clock and its sleep for :meth:`App.turn`, so a test runs
    the real loop and frames are drawn only when the loop would draw them (input, motion,
    a countdown's tick, a computer's move), the quiet time between skipped in one step.
    A drawn frame lasts 1/60 s, a sleep as long as it slept. ``tick`` is the app's clock,
    ``wait`` its sleep; input queued with :meth:`arrive` ends the next sleep at once."""

    def __init__(self) -> None:
        self.now = self.ticked = 0.0
        self.naps: list[float] = []
        self.arrivals: list[list[pygame.event.Event]] = []

    def tick(self, framerate: float = 0) -> int:
        if self.now == self.ticked:
            self.now += FRAME
        dt, self.ticked = self.now - self.ticked, self.now
        return round(dt * 1000)

    def wait(self, timeout: float) -> list[pygame.event.Event]:
        self.naps.append(timeout)
        if self.arrivals:
            self.now += min(timeout, FRAME)
            return self.arrivals.pop(0)
        self.now += timeout
        return []

    def arrive(self, *events: pygame.event.Event) -> None:
        self.arrivals.append(list(events))

    def skip(self, seconds: float) -> None:
        """The next frame lasts ``seconds`` longer."""
        self.now += seconds


def quiet_app(size: tuple[int, int] = (1280, 720)) -> tuple[App, QuietTime]:
    """A window whose loop (:meth:`App.turn`) runs on :class:`QuietTime`; ``run_frames``
    still lasts 1/60 s a frame, as with :class:`FakeClock`."""
    time = QuietTime()
    return App(size, clock=time, wait=time.wait), time


class HeldWorker(Executor):
    """A session's worker whose choices wait until the test lets them go: a computer
    player "thinks" for exactly as long as the test needs, on the test's own thread."""

    def __init__(self) -> None:
        self.held: list[tuple[Future[Any], Callable[..., Any], tuple[Any, ...]]] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self.held.append((future, fn, args))
        return future

    def release(self) -> None:
        """Make every choice asked for so far."""
        held, self.held = self.held, []
        for future, fn, args in held:
            future.set_result(fn(*args))


def hover(app: App, button: pygame_gui.elements.UIButton) -> pygame.Rect:
    """Rest the pointer on ``button`` until its tooltip opens; the tooltip's rect."""
    pygame.mouse.set_pos(button.rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=button.rect.center,
                                         rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(600):
        app.run_frames(1)
        if button.tool_tip is not None:
            app.run_frames(1)  # the scene has placed it
            return pygame.Rect(button.tool_tip.rect)
    raise AssertionError("the tooltip never opened")


def tip_of(button: pygame_gui.elements.UIButton) -> str:
    """The words of ``button``'s tooltip now, translated as pygame_gui shows them."""
    from pygame_gui.core.utility import translate

    return str(translate(button.tool_tip_text or "", **button.tool_tip_text_kwargs))


def key_press(code: int, mod: int = 0) -> list[pygame.event.Event]:
    """A key pressed and let go, as a keyboard sends it (a key pressed again without
    being let go is a held key, which no prompt takes)."""
    return [pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0),
            pygame.event.Event(pygame.KEYUP, key=code, mod=mod, unicode="", scancode=0)]


def settle(app: App, most: int = 200) -> int:
    """Empty frames until the prompt on screen takes input, as a person looks before
    they press: drawn (a frame first, when the table's prompt of the moment is not the
    one last drawn), and up for its settle time (on the fake clock); the frames it took.
    Where nothing is asked, or it has been up long enough, no frame passes. Time jumps
    when the clock can (:meth:`FakeClock.skip`): the settle time passes in one frame."""
    scene = app.scene
    prompt_now = getattr(getattr(scene, "table", scene), "prompt", None)
    frames = 0
    if callable(prompt_now) and app.guard.drawn != prompt_now():
        app.step([])
        frames += 1
    skip = getattr(app.clock, "skip", None)
    while (left := app.guard.settled_in()) is not None:
        assert frames < most, "the prompt never settled"
        if skip is not None:
            skip(left)
        app.step([])
        frames += 1
    return frames


def click(app: App, element: pygame_gui.core.UIElement) -> None:
    """A click on ``element``, once what it answers has been up long enough."""
    settle(app)
    pos = element.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0,)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.run_frames(3)


def frames_until(app: App, wanted: Callable[[], bool], most: int = 120) -> None:
    """Frames until ``wanted`` holds, as a player waits to see it (a bound, not a count)."""
    for _ in range(most):
        if wanted():
            return
        app.run_frames(1)
    assert wanted(), "the window never came to the state waited for"


_MARK = pygame.event.custom_type()


def handled(app: App) -> None:
    """Frames until every event queued so far has been handled: a mark posted behind them
    has left the queue (a frame handles all it takes from it)."""
    pygame.event.post(pygame.event.Event(_MARK))
    frames_until(app, lambda: not pygame.event.peek(_MARK))


def point_at(app: App, pos: tuple[int, int], held: bool = False) -> None:
    """The pointer moved to ``pos`` (where pygame_gui reads it for a drag, too)."""
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(int(held), 0, 0)))
    app.run_frames(1)


def press_at(app: App, pos: tuple[int, int]) -> None:
    """The left button pressed at ``pos`` and held there."""
    settle(app)
    point_at(app, pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.run_frames(1)


def release_at(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.run_frames(1)


def choose(app: App, menu: pygame_gui.elements.UIDropDownMenu, option: str) -> None:
    """Open a dropdown and click one of its options, as a player would. pygame_gui relays
    the choice button -> list -> menu one frame per hop, hence the extra frames."""
    click(app, menu)
    items = menu.current_state.options_selection_list.item_list_container.elements
    click(app, next(item for item in items if shown(item) == option))
    app.run_frames(3)
    assert menu.selected_option[0] == option


def type_text(app: App, entry, text: str) -> None:
    """Click into a text entry, clear it and type ``text``, as a player would."""
    click(app, entry)
    for _ in range(len(entry.get_text()) + 1):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0,
                                             unicode="", scancode=0))
    for letter in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=letter))
    app.run_frames(3)


def press(app: App, key: int) -> None:
    for event in key_press(key):
        pygame.event.post(event)
    app.run_frames(2)


def open_page(app: App, scene: RulesEditorScene, page: str) -> None:
    click(app, scene.tabs.buttons[page])
    assert scene.page == page


def editor_of(scene: RulesEditorScene, name: str) -> FieldEditor:
    return next(editor for editor in scene.editors if name in editor.fields)


def bring_into_view(app: App, scene: RulesEditorScene, widget) -> None:
    """Page down (then up) until ``widget`` is shown, as a player scrolls to a row."""
    for key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
        for _ in range(40):
            if widget.visible:
                return
            press(app, key)
    assert widget.visible, "the row never came into view"


def press_widget(app: App, scene: RulesEditorScene, widget) -> None:
    bring_into_view(app, scene, widget)
    click(app, widget)


def file_dialog_pick(app: App, scene: RulesEditorScene, path: Path) -> None:
    """Type a path into pygame_gui's file dialog and press its OK button."""
    dialog = scene.file_dialog
    assert dialog is not None
    type_text(app, dialog.file_path_text_line, str(path))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         unicode="\r", scancode=0))
    app.run_frames(3)
    if scene.file_dialog is not None:
        click(app, dialog.ok_button)
        app.run_frames(3)
    assert scene.file_dialog is None


def cut_words(form: Form) -> list[str]:
    """The labels of ``form`` cut to "…" (their end left to a tooltip few players find)."""
    return [label.shown for label in form.widgets
            if isinstance(label, FittedLabel) and label.shown.endswith("…")]
