"""The help overlay: F1 or ? over any screen lists that screen's keys and says in a few
lines how the screen is used, in the player's language; Esc, F1, ? or a click closes it.

Each screen names its topic (a scene's ``help_topic``; "general" when it names none), and
may offer its rules one click away (a scene's ``help_rules``: a callable, or None), and
add key lines it words itself (``help_lines``: the keys and what they do). The
keys are listed here, beside the code that reads them nowhere else but in the scenes, so
a new key is one line in :data:`TOPICS` and two catalog entries.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from kalooki.ui.art import text as ink
from kalooki.words import tr

Keys = tuple[str, ...]
"""What to press: glyphs shown as they are (``"D"``, ``"←"``), or ``key.*`` catalog names
for keys whose names differ between languages (``"key.space"``); several mean "or"."""

_PANEL = (9, 34, 22, 255)
_BORDER = (201, 164, 76)
_SHADE = (0, 0, 0, 150)
_KEY_BG = (40, 70, 52)

_ALWAYS: tuple[tuple[Keys, str], ...] = (
    (("key.tab", "key.shift_tab"), "focus"), (("key.enter", "key.space"), "press"),
    (("F1", "?"), "help"), (("F11",), "fullscreen"))
"""Keys of every screen: the focus ring's (:mod:`focus`), the help's and the window's."""


_TABLE_KEYS: tuple[tuple[Keys, str], ...] = (
    (("←", "→"), "focus_along"), (("↑", "↓"), "focus_rows"), (("key.space",), "choose"),
    (("key.enter",), "use_place"),
    (("D",), "draw"), (("T",), "take"), (("G",), "stage"), (("U",), "unstage"),
    (("key.enter",), "lay_down"), (("X", "key.delete"), "discard"),
    (("key.shift_arrows",), "shift"), (("S", "R"), "sort"), (("key.enter",), "cut"),
    (("C",), "call"), (("P",), "pass"),
    (("A",), "allow"), (("F",), "refuse"), (("key.space",), "hold_call"),
    (("H",), "hint"), (("V",), "hands"), (("key.ctrl_z", "key.ctrl_y"), "undo"),
    (("key.enter", "key.space"), "next_deal"), (("key.escape",), "pause"))
"""The table's keys (:mod:`table_input`, :mod:`table_keys`), in the guided game too."""



def help_corner(size: tuple[int, int]) -> pygame.Rect:
    """Where the window's "?" button sits, top right on every screen: what a screen
    draws there must leave it room (:func:`clear_of_help`)."""
    side = max(26, round(size[1] * 0.03))
    return pygame.Rect(size[0] - side - 2, 2, side, side)


HELP_GAP = 6
"""How far a panel keeps from the "?" button."""


def clear_of_help(panel: pygame.Rect, size: tuple[int, int]) -> pygame.Rect:
    """A panel (a page's sheet, a deal's summary, the table's sidebar) begun lower, when it
    has to be, so that the window's "?" button stands in the margin above it: the button
    sat on the panels' rounded corners at 1024x640. Its width, which its words need, is
    kept."""
    corner = help_corner(size).inflate(2 * HELP_GAP, 2 * HELP_GAP)
    if not panel.colliderect(corner):
        return panel
    return pygame.Rect(panel.left, corner.bottom, panel.width, panel.bottom - corner.bottom)


@dataclass(frozen=True)
class Topic:
    """One screen's help: its keys (each with the catalog key of what they do, under
    ``help.do.``) and its how-to (``help.<name>.howto``)."""

    name: str
    keys: tuple[tuple[Keys, str], ...]


TOPICS: dict[str, Topic] = {topic.name: topic for topic in (
    Topic("general", ()),
    Topic("menu", ((("key.escape",), "close_panel"),)),
    Topic("setup", ((("key.escape",), "close_panel"),)),
    Topic("table", _TABLE_KEYS),
    Topic("lesson", _TABLE_KEYS),
    Topic("replay", (
        (("←", "→"), "step"), (("key.home", "key.end"), "ends"),
        (("key.page_up", "key.page_down"), "deals"), (("1–9",), "to_deal"),
        (("key.space",), "play"), (("+", "−"), "speed"), (("V",), "replay_hands"),
        (("S",), "seat"), (("key.escape",), "back"))),
    Topic("load", (
        (("↑", "↓"), "choose_save"), (("key.enter",), "open_save"), (("W",), "watch"),
        (("O",), "open_file"), (("key.delete",), "delete"), (("key.escape",), "back"))),
    Topic("page", ((("key.escape",), "back"),)),
)}


def topic_of(scene: object) -> Topic:
    """The help of ``scene``: the topic it names, or the general one."""
    name = getattr(scene, "help_topic", "general")
    return TOPICS.get(name if isinstance(name, str) else "general", TOPICS["general"])


def key_words(keys: Keys) -> str:
    """``D``, ``Space``/``Espace``, ``← / →``: the keys as the player reads them."""
    return " / ".join(tr(key) if key.startswith("key.") else key for key in keys)


def opens_help(event: pygame.event.Event, typing: bool = False) -> bool:
    """F1, or the ? character however the keyboard makes it (unless it is being typed)."""
    return event.type == pygame.KEYDOWN and (
        event.key == pygame.K_F1 or (not typing and getattr(event, "unicode", "") == "?"))


class HelpOverlay:
    """The open overlay over one screen. It takes every event while open (the screen
    beneath waits), and draws itself above the widgets."""

    def __init__(self, topic: Topic, rules: Callable[[], object] | None = None,
                 extra: Sequence[tuple[str, str]] = ()) -> None:
        self.topic = topic
        self.extra = tuple(extra)
        """Key lines the screen words itself, first (a person's call key, by name)."""
        self.rules = rules
        self.open = True
        self.rules_rect: pygame.Rect | None = None
        self.key_rows: list[tuple[int, int, int, str, list[str]]] = []
        """The key lines as last drawn: (x, y, key width, keys, description lines)."""
        self.key_pixels = 0

    def lines(self) -> list[tuple[str, str]]:
        """Every key line: the keys and what they do, the screen's first."""
        return [*self.extra, *((key_words(keys), tr(f"help.do.{doing}"))
                               for keys, doing in (*self.topic.keys, *_ALWAYS))]

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_F1) or opens_help(event):
                self.open = False
            elif event.key == pygame.K_r and self.rules is not None:
                self.show_rules()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rules_rect is not None and self.rules_rect.collidepoint(event.pos):
                self.show_rules()
            else:
                self.open = False

    def show_rules(self) -> None:
        self.open = False
        if self.rules is not None:
            self.rules()

    def draw(self, surface: pygame.Surface) -> None:
        width, height = surface.get_size()
        size = max(14, min(20, round(height * 0.022)))
        line = round(size * 1.45)
        shade = pygame.Surface((width, height), pygame.SRCALPHA)
        shade.fill(_SHADE)
        surface.blit(shade, (0, 0))
        box_w = min(width - 2 * size, 60 * size)
        howto = ink.wrap(tr(f"help.{self.topic.name}.howto"), size, box_w - 3 * size)
        described = sum(len(ink.wrap(doing, size, (box_w - 3 * size) * 2 // 3))
                   for _, doing in self.lines())
        needed = 2 * size + (size + 6) * 2 + len(howto) * line + (described + 3) * line
        box = pygame.Rect(0, 0, box_w, min(height - 2 * size, needed))
        box.center = (width // 2, height // 2)
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, _PANEL, panel.get_rect(), border_radius=14)
        pygame.draw.rect(panel, _BORDER, panel.get_rect(), width=2, border_radius=14)
        surface.blit(panel, box)
        inner = box.inflate(-3 * size, -2 * size)
        y = inner.top
        title = ink.fit(tr(f"help.{self.topic.name}.title"), size + 6, inner.width, ink.GOLD,
                        True)
        surface.blit(title, (inner.left, y))
        y += title.get_height() + size // 2
        for said in howto:
            surface.blit(ink.text(said, size), (inner.left, y))
            y += line
        y += size // 2
        self._draw_keys(surface, pygame.Rect(inner.left, y, inner.width,
                                             inner.bottom - y - 2 * line), size, line)
        self._draw_footer(surface, inner, size)

    def _draw_keys(self, surface: pygame.Surface, room: pygame.Rect, size: int,
                   line: int) -> None:
        """The key lines in one column, or two when one does not fit the height, each
        description wrapped to its column (never cut); set a little smaller when even two
        columns would run out of room."""
        smallest = max(11, size - 4)
        for pixels in range(size, smallest - 1, -1):
            rows = self._placed(room, pixels)
            if rows is not None:
                break
        else:
            pixels, rows = smallest, self._placed(room, smallest, squeeze=True)
        assert rows is not None
        self.key_rows, self.key_pixels = rows, pixels
        for x, y, key_w, keys, said in rows:
            label = ink.fit(keys, pixels, key_w - pixels // 2, ink.GOLD, True)
            chip = label.get_rect(topleft=(x, y)).inflate(pixels // 2, 2)
            pygame.draw.rect(surface, _KEY_BG, chip, border_radius=4)
            surface.blit(label, (x, y))
            for i, words in enumerate(said):
                surface.blit(ink.text(words, pixels), (x + key_w, y + i * round(pixels * 1.45)))

    def _placed(self, room: pygame.Rect, pixels: int, squeeze: bool = False
                ) -> list[tuple[int, int, int, str, list[str]]] | None:
        """Where each key line goes at ``pixels``: (x, y, key width, keys, description
        lines), filling one column then the next; None when they do not fit (with
        ``squeeze``, the lines that do not fit are left out rather than fail)."""
        lines, step = self.lines(), round(pixels * 1.45)
        for columns in (1, 2):
            column_w = (room.width - (columns - 1) * pixels) // columns
            key_w = min(column_w * 2 // 5, max(ink.text(keys, pixels, ink.GOLD, True)
                                               .get_width() for keys, _ in lines) + pixels)
            rows, column, y = [], 0, room.top
            for keys, doing in lines:
                said = ink.wrap(doing, pixels, column_w - key_w - pixels // 2)
                if y + len(said) * step > room.bottom:
                    column, y = column + 1, room.top
                if column == columns:
                    break
                rows.append((room.left + column * (column_w + pixels), y, key_w, keys, said))
                y += len(said) * step
            if len(rows) == len(lines) or (squeeze and columns == 2):
                return rows
        return None

    def _draw_footer(self, surface: pygame.Surface, inner: pygame.Rect, size: int) -> None:
        closing = ink.fit(tr("help.closing"), size, inner.width // 2, ink.DIM)
        surface.blit(closing, closing.get_rect(bottomleft=inner.bottomleft))
        self.rules_rect = None
        if self.rules is not None:
            label = ink.text(tr("help.rules"), size, ink.GOLD, True)
            rect = label.get_rect(bottomright=inner.bottomright).inflate(size, size // 2)
            pygame.draw.rect(surface, _KEY_BG, rect, border_radius=8)
            pygame.draw.rect(surface, _BORDER, rect, width=1, border_radius=8)
            surface.blit(label, label.get_rect(center=rect.center))
            self.rules_rect = rect
