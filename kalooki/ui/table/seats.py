"""Who plays at the screen, for the table: the seat the person there plays, a watched
match (no one: every hand may be shown), and several people at one computer, who pass
the device between their turns (the screen covered until the next person reveals, each
finding their cards as they left them).

A part of :class:`kalooki.ui.table.scene.TableScene` kept in its own room; it reads the session
(never the game), like the rest of the table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from kalooki.ui.hand.edits import HandEdits
from kalooki.ui.table import questions

if TYPE_CHECKING:
    from kalooki.engine.view import PlayerView
    from kalooki.ui.scene import Host
    from kalooki.ui.session import MatchSession
    from kalooki.ui.table.questions import Question


class ScreenSeats:
    """The table's seat-at-the-screen verbs; the scene provides the state they read."""

    app: Host
    session: MatchSession
    view: PlayerView
    edits: HandEdits
    kept: dict[int, tuple[int, HandEdits]]
    show_hands: bool
    asked: Question | None
    chooser: object | None
    result: object | None
    hint: object | None

    _refresh_widgets: Callable[[], None]
    ask: Callable[[Question], None]
    close_chooser: Callable[[], None]
    on_resize: Callable[[tuple[int, int]], None]

    @property
    def seat(self) -> int | None:
        """The seat the person at the screen plays (None: computers only, autoplay)."""
        return self.session.screen_seat

    @property
    def at_screen(self) -> bool:
        return self.seat is not None

    @property
    def watching(self) -> bool:
        """Every seat is a computer's: the person at the screen watches."""
        return self.seat is None

    @property
    def open_hands(self) -> dict[int, tuple[int, ...]]:
        """The hands to draw face up beyond the viewer's own: all of them in a watched
        match with hands shown (no one at the table to hide them from), else none."""
        return self.session.open_hands() if self.watching and self.show_hands else {}

    @property
    def melds_owner(self) -> str | None:
        """Whose melds the viewer's box holds, as its label names them: the person's own
        (None: "Your melds"); by name when several people share the screen; nobody's
        (""), while the screen is covered: the pass screen speaks to no one."""
        if not self.session.shared_screen:
            return None
        return "" if self.session.covered else self.session.names[self.view.player]

    def toggle_hands(self) -> None:
        if self.watching:
            self.show_hands = not self.show_hands
            self._refresh_widgets()

    @property
    def passing(self) -> bool:
        """The screen is covered and asks for the next person (the device is passed)."""
        return self.asked is not None and self.asked.passes

    def _offer_pass(self) -> None:
        awaited = self.session.awaited
        if awaited is not None and self.chooser is None and self.result is None:
            self.ask(questions.pass_device(self.session.names[awaited], self.reveal))

    def reveal(self) -> None:
        """The awaited person is at the screen: their hand, through their eyes."""
        awaited = self.session.awaited
        if awaited is not None and self.session.reveal(awaited):
            self.close_chooser()
            self.reseat()

    def reseat(self) -> None:
        """Look through the eyes of the session's viewer anew (the device was passed to
        the next person): their cards as they left them this deal (a card that came
        meanwhile, a call's penalty card, glows); the log, shared, only ever told what
        all may see."""
        self.view = self.session.view()
        deal, edits = self.kept.pop(self.view.player, (-1, HandEdits()))
        same_deal = deal == self.view.deal_no
        self.edits = edits if same_deal else HandEdits()
        self.edits.follow(self.view.hand, dealt=not same_deal)
        self.hint = None
        self.on_resize(self.app.size)
