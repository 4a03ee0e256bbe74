"""The guided first game ("Learn to play"): a Baby Kalooki match at the ordinary table,
with the lesson that matters now written above it and the move it teaches waited for
(the :class:`Teacher` holds back the others, each with the lesson's own sentence).

The scene wraps the table: every event, frame and drawing goes to the table first; the
lesson is drawn on top, with "Got it" for a lesson that is read (the scoring) and "Skip
the lessons", after which the match goes on as any other.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UIButton

from kalooki.engine.actions import Action, Pass
from kalooki.engine.errors import RuleError
from kalooki.ui.art import text as ink
from kalooki.ui.lesson.teacher import SCORING, Lesson, Teacher
from kalooki.ui.table.frame import Marks, lesson_marks
from kalooki.ui.table.scene import TableScene
from kalooki.ui.table.summary import note_band
from kalooki.words import tr, ui_text
from kalooki.words.rules_text import card_values

if TYPE_CHECKING:
    from kalooki.ui.scene import Host

_PANEL = (28, 22, 8, 255)
_BORDER = (246, 215, 122)
_BUTTON_H = 34


class LessonScene:
    help_topic = "lesson"

    def __init__(self, app: Host, table: TableScene, teacher: Teacher | None = None, *,
                 on_skip: Callable[[], None] | None = None) -> None:
        self.app = app
        self.on_skip = on_skip
        """Told when the person skips the lessons (play keeps the skip in the settings)."""
        self.table = table
        self.teacher = teacher or Teacher()
        table.session.set_gate(self._gate)
        self.box = pygame.Rect(0, 0, 0, 0)
        table.lesson_says(self.marks, 0, self.box)
        self.buttons: dict[str, UIButton] = {}
        self._placed: Lesson | None = None
        """The lesson the box and its buttons were last placed for."""
        self._build()

    @property
    def help_rules(self) -> Callable[[], None] | None:
        return self.table.help_rules

    def _gate(self, action: Action, seat: int) -> RuleError | None:
        """Only the person's moves wait for a lesson, and only while it is on screen."""
        session = self.table.session
        if seat != session.screen_seat or self.app.scene is not self:
            return None
        if isinstance(action, Pass) and self.teacher.lets_go(session.view()):
            return None  # the call chance the guided game lets go for the person
        refused = self.teacher.gate(action)
        if refused is None:  # legal and let through: it is made now
            self.teacher.applied(action)
        return refused

    def marks(self) -> Marks:
        """The lesson's lights where the table draws them, while the person is to act."""
        table = self.table
        if not table.session.screen_to_act or self.app.scene is not self:
            return Marks()
        shown = {name: button.rect for name, button in table.buttons.items()
                 if button.visible}
        return lesson_marks(self.teacher.lights(table.view), table.layout, table.placement,
                            table.motion, shown)

    def _build(self) -> None:
        for button in self.buttons.values():
            button.kill()
        size = self._size()
        self.buttons = {
            name: UIButton(pygame.Rect(0, 0, ink.text(tr(f"lesson.{name}"), size + 4, bold=True)
                                       .get_width() + 2 * size, _BUTTON_H),
                           **ui_text(f"lesson.{name}"), manager=self.app.ui, command=command)
            for name, command in (("skip", self.skip), ("got_it", self.got_it))}
        self._place()

    def _size(self) -> int:
        return max(14, min(20, round(self.app.size[1] * 0.022)))

    def _lines(self) -> tuple[list[str], list[str]]:
        lesson = self.teacher.current
        if lesson is None:
            return [], []
        return self._wrapped(lesson, self.box.width)

    def _wrapped(self, lesson: Lesson, width: int) -> tuple[list[str], list[str]]:
        """The title's lines (a narrow box wraps it too) and the text's."""
        size = self._size()
        text = tr(f"lesson.{lesson.name}.text",  # the scoring lesson names the cards' cost
                  values=card_values(self.table.view.rules))
        return (ink.wrap(tr(f"lesson.{lesson.name}.title"), size + 6, width - 2 * size),
                ink.wrap(text, size, width - 2 * size))

    def _height(self, lesson: Lesson, width: int) -> int:
        """The box's height for ``lesson`` at ``width``: its title, lines and buttons."""
        size = self._size()
        titles, lines = self._wrapped(lesson, width)
        return size * 2 + round(size * 1.4) * (len(titles) + len(lines)) + _BUTTON_H + size // 2

    def _wide(self) -> int:
        size = self._size()
        return min(self.table.layout.staging.width - 2 * size, 46 * size)

    def summary_room(self) -> int:
        """The height the deal's summary keeps clear for the scoring lesson, while it is
        still to be read."""
        teacher = self.teacher
        if teacher.skipped or SCORING.name in teacher.done:
            return 0
        return self._height(SCORING, self._summary_band(0).width) + 8

    def _summary_band(self, height: int) -> pygame.Rect:
        band = note_band(self.app.size, height)
        band.width = min(band.width, 46 * self._size())
        return band

    def _spot(self, lesson: Lesson) -> pygame.Rect:
        """Where the box goes: on the summary, the band it keeps clear; at play, the log,
        else the log and the scores above it (a longer text, as in French in a small
        window: the scores matter less to a learner than the opponents' row), else the
        opponents' row, the first that covers none of what the lesson lights nor the
        hand, the prompt, the buttons, the contract and (but the sidebar) the scores.
        Never the staging area: the cards a learner drops there to build melds must show
        (they went under a box there). Over the log it takes the whole panel, no line of
        it left showing below (the table keeps the log still and its bar hidden under it,
        see :meth:`TableScene.lesson_says`)."""
        table = self.table
        if table.result is not None:
            return self._summary_band(self._height(lesson, self._summary_band(0).width))
        layout, wide = table.layout, self._wide()
        lit = self.marks()
        kept = [*lit.cards, *lit.places, layout.hand, layout.prompt, layout.buttons,
                layout.scores, layout.contract, layout.staging]
        log, scores = layout.log, layout.scores
        beside = pygame.Rect(log.topleft, (log.width,
                                           max(log.height, self._height(lesson, log.width))))
        column = pygame.Rect(scores.topleft, (log.width, max(
            log.bottom - scores.top, self._height(lesson, log.width))))
        above = pygame.Rect(0, 8, wide, self._height(lesson, wide))
        above.centerx = layout.staging.centerx  # over the opponents, clear of the scores
        window = pygame.Rect((0, 0), self.app.size)
        named = ("skip",) if lesson.teaches else ("skip", "got_it")
        buttons = sum(self.buttons[name].rect.width for name in named) + 3 * self._size()
        spots = ((beside, kept), (column, [rect for rect in kept if rect is not scores]),
                 (above, kept))
        return next((spot for spot, clear in spots
                     if window.contains(spot) and spot.collidelist(clear) == -1
                     and spot.width >= buttons), above)

    def _place(self) -> None:
        """The box where it hides nothing its lesson needs; its buttons along its bottom."""
        lesson = self._placed = self.teacher.current
        size = self._size()
        self.box = self._spot(lesson) if lesson is not None else pygame.Rect(0, 0, 0, 0)
        self.table.lesson_says(self.marks, self.summary_room(), self.box)
        skip, got_it = self.buttons["skip"], self.buttons["got_it"]
        skip.set_relative_position((self.box.left + size, self.box.bottom - _BUTTON_H - 8))
        got_it.set_relative_position((self.box.right - size - got_it.rect.width,
                                      self.box.bottom - _BUTTON_H - 8))
        shown = lesson is not None
        skip.show() if shown else skip.hide()
        got_it.show() if shown and lesson is not None and not lesson.teaches \
            else got_it.hide()

    # --- what the buttons do ----------------------------------------------------------

    def skip(self) -> None:
        self.teacher.skip()
        if self.on_skip is not None:
            self.on_skip()
        self._place()

    def got_it(self) -> None:
        self.teacher.close()
        self._place()

    # --- Scene ------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        self.table.handle_event(event)

    def update(self, dt: float) -> None:
        table = self.table
        table.lesson_says(self.marks, self.summary_room(), self.box)
        window = table.calls.window
        if not self.teacher.skipped and window is not None and not window.held:
            table.calls.hold_call()  # in the guided game no call runs out while the learner thinks
        table.update(dt)
        session = table.session
        view = session.view() if session.screen_to_act else None
        if view is not None and self.teacher.lets_go(view):
            table.submit(Pass())  # a call chance before calls are taught
            return
        self.teacher.look(view, table.result is not None)
        if self.teacher.current is not self._placed:  # also once a move has learnt it
            self._place()

    def frame_due(self) -> float | None:
        return self.table.frame_due()

    def draw(self, surface: pygame.Surface) -> None:
        self.table.draw(surface)
        titles, lines = self._lines()
        if not titles:
            return
        size, box = self._size(), self.box
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, _PANEL, panel.get_rect(), border_radius=12)
        pygame.draw.rect(panel, _BORDER, panel.get_rect(), width=2, border_radius=12)
        surface.blit(panel, box)
        x, y = box.left + size, box.top + size
        for title in titles:
            surface.blit(ink.fit(title, size + 3, box.width - 2 * size, ink.GOLD, True), (x, y))
            y += round(size * 1.4)
        y += size // 2
        for said in lines:
            surface.blit(ink.text(said, size), (x, y))
            y += round(size * 1.4)

    def step_away(self) -> None:
        """Another screen over the guided game: the lesson's buttons hide with the
        table's widgets (they showed through the rules page)."""
        self.table.step_away()
        for button in self.buttons.values():
            button.hide()

    def come_back(self, paused: bool = True) -> None:
        self.table.come_back(paused)
        self._place()

    def on_resize(self, size: tuple[int, int]) -> None:
        self.table.on_resize(size)
        self._build()

    def leave(self) -> None:
        self.table.session.set_gate(None)
        self.table.lesson_says(Marks, 0, pygame.Rect(0, 0, 0, 0))
        for button in self.buttons.values():
            button.kill()
        self.table.leave()
