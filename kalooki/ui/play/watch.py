"""Watching a match: computer players in every seat, at the player's animation speed and
pause, every hand shown or hidden (the table's button, or V). Reached from the menu's
"Watch a game" (with the new-game panel's choices) and from ``kalooki --watch``.

Nothing is saved and no statistics are kept: nobody at the screen is playing. A watched
match may be cut to a few deals: it is then a match of that many deals (the table counts
"Deal 1 of 2", and the last deal ends it with the standings), and leads back to the menu.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING

from kalooki.engine.facts.seats import HUMAN
from kalooki.engine.rules import RuleSet
from kalooki.ui.pages.setup import DEFAULT_LEVEL, DEFAULT_NAMES, GameSetup, free_name
from kalooki.ui.play.over_table import rules_over, settings_over
from kalooki.ui.session import MatchSession, Seat
from kalooki.ui.table.options import TableOptions
from kalooki.ui.table.scene import TableScene

if TYPE_CHECKING:
    from kalooki.ui.app import App
    from kalooki.ui.profile import Profile

MORE_NAMES = ("Delia", "Percy", "Rosie")
"""Names for the largest tables, past the panel's defaults."""


def watch_setup(preset_name: str, players: int) -> GameSetup:
    """Medium players under the panel's default names: the command line's table."""
    names = (*DEFAULT_NAMES, *MORE_NAMES)[:players - 1]
    return GameSetup(preset_name, players, (DEFAULT_LEVEL,) * len(names), names)


def watch_seats(setup: GameSetup) -> list[Seat]:
    """The panel's seats, computers all: the first seat's computer is named apart from
    the others (unless the panel named it), and a person's seat goes to a computer of
    the default level."""
    first = (setup.first_name if setup.first != HUMAN and setup.first_name
             else free_name(setup.names))
    level = setup.first if setup.first != HUMAN else DEFAULT_LEVEL
    return [Seat(first, level),
            *(Seat(name, DEFAULT_LEVEL if kind == HUMAN else kind)
              for name, kind in zip(setup.names, setup.levels, strict=True))]


def watch_match(app: App, rules: RuleSet, setup: GameSetup, profile: Profile, *,
                on_quit: Callable[[], object], deals: int | None = None,
                seed: int | None = None) -> TableScene:
    """Open the table on a match of computers only. Raises RuleError, before anything on
    screen changes, when the rules refuse the table (too many or too few players). Its
    pause menu offers the rules and the settings (whose speed and pause apply at once);
    no Save: nothing of a watched match is kept."""
    settings = profile.settings
    if deals is not None and rules.match_end != "elimination":
        rules = dataclasses.replace(rules, deals_per_match=min(deals, rules.deals_per_match))
    session = MatchSession(rules, watch_seats(setup),
                           profile.deal_seed() if seed is None else seed,
                           ai_pause=settings.ai_pause_seconds, viewer=0,
                           worker=profile.worker(), think_budget=settings.ai_think_budget)
    table = TableScene(
        app, session, TableOptions.from_settings(settings), deal_limit=deals, on_quit=on_quit,
        help_rules=lambda: rules_over(app, table, profile, paused=False),
        pause_extras=(("table.pause.rules", lambda: rules_over(app, table, profile)),
                      ("table.pause.settings", lambda: settings_over(app, table, profile))))
    app.switch(table)
    return table

