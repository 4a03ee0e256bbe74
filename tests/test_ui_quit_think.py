"""Quitting during a computer player's think (issue 30.6): closing the session tells the
search to stop, so the thinking thread ends at once and the game need not wait it out.

No sleeps and no wall clock: the hard player's clock is frozen (its budget never runs out)
and holds the search at its first reading until the test has closed the session."""

from __future__ import annotations

import threading

from kalooki.ai.hard import HardPlayer
from kalooki.ui.session import MatchSession, Seat
from kalooki.ui.workers import thinking_thread
from tests.support.rig import CARIB

_GUARD = 60.0
"""Seconds after which a thread that should have ended counts as hung (a failure guard;
with the stop flag it ends within a play-out move)."""


def test_closing_the_session_ends_a_hard_player_s_think():
    pool = thinking_thread()
    seats = [Seat("Grace", "hard"), *(Seat(f"R{n}", "random") for n in range(1, 4))]
    session = MatchSession(CARIB, seats, seed=5, ai_pause=0.0, worker=pool,
                           think_budget=5.0)
    chooser = session.choosers[0]
    player = getattr(chooser, "__self__", None)
    assert isinstance(player, HardPlayer)
    player.max_worlds = 10**6  # unstopped, the frozen clock would let it think for ever
    searching, go = threading.Event(), threading.Event()
    in_search = threading.Event()
    search = player.search

    def marked_search(*args: object) -> object:
        in_search.set()
        return search(*args)  # type: ignore[arg-type]

    def frozen() -> float:
        if in_search.is_set() and not searching.is_set():
            searching.set()
            go.wait(_GUARD)
        return 0.0

    player.search = marked_search  # type: ignore[method-assign]
    player.clock = frozen
    while not searching.wait(0.001):  # the others move until the hard player searches
        session.update(1.0, busy=False)
    session.close()
    go.set()
    ended = threading.Thread(target=pool.shutdown, daemon=True)
    ended.start()
    ended.join(_GUARD)
    assert not ended.is_alive()
    assert player.last_search["worlds"] == 0  # stopped before its first sampled deal
