"""The table's log: every line of the match as its viewer may know it, the page of it on
screen, and how far back the person has scrolled.

A table opened on a saved game (Load, Continue) tells the match again from its record
(:func:`retold`), each action's events as the viewer may see them
(:meth:`Event.seen_by`) and narrated against the table as it stood right after that
action, as the live log was: so the log after a resume is the log before quitting.

Entries are kept as said (:data:`Said`: a catalog phrase, or words already worded) and
worded when the page is laid out, so a language switch re-words the whole log.

Scrolling counts entries: the page follows the newest entry until the person scrolls
back (the wheel over the log, Page Up/Down, the scroll bar), and stays where they left it
while new entries come in, a small "new lines ↓" chip saying so (a click on it goes to the
end); once the page shows the newest entry again, whole, it follows again.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pygame

from kalooki.engine.actions import parse_action
from kalooki.engine.events import Event
from kalooki.engine.record import GameRecord
from kalooki.engine.state import Game
from kalooki.engine.view import PublicMeld
from kalooki.ui.art import text as ink
from kalooki.ui.table.layout import TableLayout
from kalooki.ui.table.log.narrate import Narrator
from kalooki.words import Said, language, tr

LOG_LIMIT = 2000
"""Entries kept: a whole deal is a few hundred at most."""
WHEEL_ENTRIES = 3
"""Entries one notch of the mouse wheel scrolls."""
BAR_WIDTH = 14


@dataclass(frozen=True)
class LogBox:
    """Where the entries are written inside the log panel, and in what size."""

    rect: pygame.Rect
    size: int
    line: int
    bar: pygame.Rect
    """The scroll bar, along the panel's right edge."""


def log_box(layout: TableLayout) -> LogBox:
    size = max(12, layout.font - 3)
    line = round(size * 1.3)
    box = layout.log.inflate(-16, -10)
    box.top += line  # below the panel's title
    box.height -= line
    bar = pygame.Rect(layout.log.right - BAR_WIDTH - 3, box.top, BAR_WIDTH, box.height)
    box.width -= BAR_WIDTH + 2
    return LogBox(box, size, line, bar)


@dataclass(frozen=True)
class LogPage:
    """The entries on screen: their wrapped lines, top first, and which entries they are."""

    lines: tuple[str, ...]
    first: int
    count: int
    total: int
    unread: int = 0
    """Entries come in below the page since the person scrolled back (the chip's)."""

    @property
    def at_end(self) -> bool:
        return self.first + self.count >= self.total


def chip_rect(box: LogBox, words: str) -> pygame.Rect:
    """Where the "new lines ↓" chip sits: at the foot of the log, on its right."""
    width, height = ink.text(words, box.size, bold=True).get_size()
    chip = pygame.Rect(0, 0, width + 2 * box.size, height + box.size // 3)
    chip.bottomright = box.rect.bottomright
    return chip


def retold(record: GameRecord, viewer: int | None
           ) -> Iterator[tuple[Event, tuple[PublicMeld, ...]]]:
    """Every event of the recorded match as ``viewer`` may see it, with the table as it
    stood after the action that caused it (the first deal's events before any action).
    The record is trusted: it was replayed and checked when it was loaded."""
    game = Game.new(record.rules, record.players, record.seed)
    table = _public(game)
    for event in game.start_events:
        yield event.seen_by(viewer), table
    for code in record.actions:
        seat = game.to_act
        assert seat is not None
        events = game.apply(parse_action(code), seat)
        table = _public(game)
        for event in events:
            yield event.seen_by(viewer), table


def _public(game: Game) -> tuple[PublicMeld, ...]:
    return tuple(PublicMeld(meld.owner, meld.meld) for meld in game.table)


class TableLog:
    def __init__(self) -> None:
        self.lines: list[Said] = []
        self.first: int | None = None
        """The entry at the top of the page; None: the page follows the newest entry."""
        self.left_at: int | None = None
        """How many entries there were when the person scrolled back (None: following)."""
        self._wrapped: dict[tuple[str, int, int], list[str]] = {}
        self._worded: dict[int, tuple[Said, str, str]] = {}
        """Each entry's words in the language they were worded in (by the entry's identity,
        the entry kept so the identity stays its own): a page is laid out twice a frame,
        and wording a phrase is most of its cost."""

    def add(self, line: Said) -> None:
        self.lines.append(line)
        cut = len(self.lines) - LOG_LIMIT
        if cut > 0:
            del self.lines[:cut]
            if self.first is not None:
                self.first = max(0, self.first - cut)
            if self.left_at is not None:
                self.left_at = max(0, self.left_at - cut)

    def retell(self, record: GameRecord, viewer: int | None, narrator: Narrator) -> None:
        """The match so far told again from its record as ``viewer`` saw it (None: what
        all may see, for several people at one screen), in ``narrator``'s words."""
        self.lines.clear()
        self.follow()
        for event, table in retold(record, viewer):
            line = narrator.line(event, table)
            if line:
                self.add(line)

    # --- scrolling ---------------------------------------------------------------------

    def scroll(self, entries: int, page: LogPage) -> None:
        """``entries`` further on (negative: back towards the deal's start)."""
        if entries > 0 and page.at_end:
            self.follow()
            return
        self.scroll_to(page.first + entries, page)

    def chip(self, box: LogBox) -> pygame.Rect | None:
        """Where the "new lines ↓" chip is in ``box``, while it is shown."""
        return chip_rect(box, tr("table.log.new_lines")) if self.page(box).unread else None

    def scroll_in(self, box: LogBox, entries: int = 0, pages: int = 0) -> None:
        """The log in ``box`` ``entries`` or ``pages`` further on (negative: back in the
        match)."""
        page = self.page(box)
        self.scroll(entries + pages * max(1, page.count - 1), page)

    def scroll_to(self, first: int, page: LogPage) -> None:
        """The page from entry ``first`` (the newest page when that is past it)."""
        first = max(0, first)
        if first + page.count >= page.total:
            self.follow()
            return
        if self.first is None:
            self.left_at = len(self.lines)
        self.first = first

    def follow(self) -> None:
        """The page follows the newest entry again (the chip, or scrolled to the end)."""
        self.first = self.left_at = None

    def page(self, box: LogBox) -> LogPage:
        """The lines that fit ``box``: the newest ones, or those from ``self.first``."""
        rows = max(1, box.rect.height // box.line)
        total = len(self.lines)
        if self.first is not None:
            lines: list[str] = []
            index = self.first
            while index < total and len(lines) < rows:
                lines += self._wrap(self.lines[index], box)
                index += 1
            if index < total or len(lines) > rows:
                unread = total - (self.left_at if self.left_at is not None else total)
                return LogPage(tuple(lines[:rows]), self.first, index - self.first, total,
                               max(0, unread))
            self.follow()  # the newest entry is on the page, whole: follow it again
        lines, index = [], total
        while index > 0 and len(lines) < rows:
            wrapped = self._wrap(self.lines[index - 1], box)
            if lines and len(lines) + len(wrapped) > rows:
                break  # only whole entries: a top line "takes 6♦." began nowhere
            index -= 1
            lines[:0] = wrapped
        return LogPage(tuple(lines[:rows]), index, total - index, total)

    def _words(self, entry: Said) -> str:
        """``entry`` worded in the language of the moment: the log follows a switch."""
        if isinstance(entry, str):
            return entry
        lang = language()
        known = self._worded.get(id(entry))
        if known is not None and known[0] is entry and known[1] == lang:
            return known[2]
        if len(self._worded) > 2 * LOG_LIMIT:
            self._worded.clear()
        words = str(entry)
        self._worded[id(entry)] = (entry, lang, words)
        return words

    def _wrap(self, entry: Said, box: LogBox) -> list[str]:
        words = self._words(entry)
        key = (words, box.rect.width, box.size)
        wrapped = self._wrapped.get(key)
        if wrapped is None:
            if len(self._wrapped) > 4 * LOG_LIMIT:
                self._wrapped.clear()
            wrapped = self._wrapped[key] = ink.wrap(words, box.size, box.rect.width)
        return wrapped
