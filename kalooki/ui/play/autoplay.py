"""``kalooki --autoplay``: computer players in every seat, through the real table at
instant speed, for a smoke test of the whole UI and for screenshots."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pygame

from kalooki.engine.rules import CARIBBEAN, RuleSet
from kalooki.ui.app import App, FrameClock, Unthrottled
from kalooki.ui.pages.setup import FIRST_SEAT_NAMES
from kalooki.ui.session import MatchSession, Seat
from kalooki.ui.table.options import INSTANT
from kalooki.ui.table.scene import TableScene
from kalooki.words import tr

MAX_FRAMES = 200_000
"""A safety net: a deal takes a few hundred frames; a stuck table must not hang CI."""
BATCH_SECONDS = 0.05
"""Moves are applied back to back for this long before a frame is drawn: drawing every
move's frame, not waiting, was what made autoplay slow."""


def _played(deals: int, session: MatchSession) -> str:
    """The line that says the smoke test ran: the deals played and each seat's total."""
    totals = ", ".join(tr("cli.autoplay_total", name=name, count=total)
                       for name, total in zip(session.names, session.game.totals, strict=True))
    return tr("cli.autoplay_played", count=deals, totals=totals)


def autoplay_session(rules: RuleSet, players: int, seed: int) -> MatchSession:
    names = FIRST_SEAT_NAMES  # a person's seat goes to Marcus, as in a watched match
    seats = [Seat(names[i] if i < len(names) else tr("table.seat", number=i + 1), "medium")
             for i in range(players)]
    return MatchSession(rules, seats, seed, ai_pause=0.0)


def run_autoplay(rules: RuleSet = CARIBBEAN, players: int = 4, deals: int = 1,
                 screenshot: Path | None = None, seed: int | None = None,
                 clock: FrameClock | None = None) -> int:
    """Play ``deals`` deals (void deals count) and save the last frame; 0 on success."""
    app = App(clock=clock or Unthrottled())
    try:
        session = autoplay_session(rules, players,
                                   random.randrange(2**32) if seed is None else seed)
        table = TableScene(app, session, INSTANT, batch_seconds=BATCH_SECONDS)
        app.switch(table)
        for _ in range(MAX_FRAMES):
            if not app.step():
                return 1
            if table.deals_finished >= deals or session.over:
                if table.result is not None:
                    app.step([])  # one frame with the summary fully drawn
                break
            if table.result is not None:
                table.next_deal()
        else:
            return 1
        print(_played(table.deals_finished, session))
        if screenshot is not None:
            try:
                screenshot.parent.mkdir(parents=True, exist_ok=True)
                pygame.image.save(app.surface, screenshot)
            except (OSError, pygame.error) as error:
                print(tr("cli.screenshot_failed", path=str(screenshot), reason=str(error)),
                      file=sys.stderr)
                return 1
        return 0
    finally:
        app.close()
