"""Who plays at the screen, for the table: the seat the person there plays, a watched
match (no one: every hand may be shown), and several people at one computer, who pass
the device between their turns (the screen covered until the next person reveals, each
finding their cards as they left them).

A room of :class:`kalooki.ui.table.scene.TableScene`: it reads the session (never the
game), like the rest of the table, and asks the table through :class:`SeatTable`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from kalooki.engine.deal import Phase
from kalooki.ui.table import questions

if TYPE_CHECKING:
    from kalooki.engine.actions import Action
    from kalooki.engine.deal import DealResult
    from kalooki.engine.view import PlayerView
    from kalooki.ui.session import MatchSession
    from kalooki.ui.table.asking import Asking


class SeatTable(Protocol):
    """What the seats ask of the table."""

    session: MatchSession
    view: PlayerView
    result: DealResult | None
    asking: Asking

    def submit(self, action: Action) -> bool: ...
    def reseat(self) -> None: ...
    def _refresh_widgets(self) -> None: ...


class Seats:
    """Who is at the screen, and the questions only they are asked (pass the device, buy
    back in)."""

    def __init__(self, table: SeatTable) -> None:
        self.table = table
        self.show_hands = True
        """In a watched match, every hand face up (else every hand face down)."""

    @property
    def seat(self) -> int | None:
        """The seat the person at the screen plays (None: computers only, autoplay)."""
        return self.table.session.screen_seat

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
        return self.table.session.open_hands() if self.watching and self.show_hands else {}

    @property
    def melds_owner(self) -> str | None:
        """Whose melds the viewer's box holds, as its label names them: the person's own
        (None: "Your melds"); by name when several people share the screen; nobody's
        (""), while the screen is covered: the pass screen speaks to no one; by name in
        a watched match, where nobody at the screen is "you"."""
        session = self.table.session
        if self.watching:
            return session.names[self.table.view.player]
        if not session.shared_screen:
            return None
        return "" if session.covered else session.names[self.table.view.player]

    def toggle_hands(self) -> None:
        if self.watching:
            self.show_hands = not self.show_hands
            self.table._refresh_widgets()

    @property
    def passing(self) -> bool:
        """The screen is covered and asks for the next person (the device is passed)."""
        asked = self.table.asking.asked
        return asked is not None and asked.passes

    def offer_pass(self) -> None:
        table = self.table
        awaited = table.session.awaited
        if awaited is not None and not table.asking.open and table.result is None:
            table.asking.ask(questions.pass_device(table.session.names[awaited], self.reveal))

    def reveal(self) -> None:
        """The awaited person is at the screen: their hand, through their eyes."""
        table = self.table
        awaited = table.session.awaited
        if awaited is not None and table.session.reveal(awaited):
            table.asking.close()
            table.reseat()

    def offer_buy_in(self) -> None:
        """Over the elimination limit with a buy-in left: ask, once the summary is closed."""
        table = self.table
        view, session = table.view, table.session
        if (view.phase != Phase.BUY_IN or view.to_act != view.player
                or table.result is not None or table.asking.open
                or not session.screen_to_act):
            return
        table.asking.ask(questions.buy_in(
            view, table.submit, session.names[view.player] if session.shared_screen else None))
