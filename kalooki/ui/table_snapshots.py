"""Save PNGs of the table mid-deal (3, 4 and 6 players, several window sizes, mid-drag,
the deal summary) to look at without a display: ``python -m kalooki.ui.table_snapshots
OUTDIR``. Players lay down and tack on whenever they can, so the table fills up."""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from kalooki.engine.actions import (
    Action,
    Allow,
    Discard,
    DrawStock,
    LayDown,
    MeldSpec,
    Pass,
    TackOn,
)
from kalooki.engine.cards import is_joker
from kalooki.engine.melds import card_points
from kalooki.engine.rng import Rng
from kalooki.engine.rules import preset
from kalooki.engine.state import Phase
from kalooki.engine.view import PlayerView
from kalooki.ui.app import App
from kalooki.ui.play import seats_for
from kalooki.ui.session import MatchSession
from kalooki.ui.setup_panel import DEFAULT_LEVEL, DEFAULT_NAMES, GameSetup
from kalooki.ui.table import TableScene


class _Clock:
    def tick(self, framerate: float = 0) -> int:
        return 16


def eager(view: PlayerView, rng: Rng) -> Action:
    """Lay down and tack on at every chance, else draw and shed the heaviest card."""
    kinds = (LayDown, TackOn, DrawStock, Allow, Pass)
    if rng.below(3):  # hold back tacks a while, so the table fills before anyone goes out
        kinds = (LayDown, DrawStock, Allow, Pass)
    for kind in kinds:
        found = [a for a in view.legal if isinstance(a, kind)
                 and not (isinstance(a, TackOn) and is_joker(a.card))]
        if found and isinstance(found[0], LayDown):
            return LayDown(tuple(_shortest(spec) for spec in found[0].melds))
        if found:
            return found[rng.below(len(found))]
    discards = [a for a in view.legal if isinstance(a, Discard)]
    if discards and view.phase == Phase.PLAY:
        return max(discards, key=lambda a: card_points(a.card, view.rules))
    return view.legal[rng.below(len(view.legal))]


def _shortest(spec: MeldSpec) -> MeldSpec:
    """A group cut to three cards (naturals first), keeping cards back to tack on later."""
    if spec.kind != "group" or len(spec.cards) <= 3:
        return spec
    return MeldSpec(spec.kind, tuple(sorted(spec.cards, key=is_joker)[:3]))


def table_at(size: tuple[int, int], players: int, melds: int, seed: int = 4,
             until_summary: bool = False, until_cut: bool = False) -> tuple[App, TableScene]:
    """A table with at least ``melds`` melds laid, stopped on the human's play phase (or
    on the human's cut, with ``until_cut``)."""
    app = App(size, clock=_Clock())
    setup = GameSetup("caribbean-12", players, (DEFAULT_LEVEL,) * (players - 1),
                      DEFAULT_NAMES[:players - 1])
    session = MatchSession(preset(setup.preset), seats_for(setup), seed, ai_pause=0.0)
    session.choosers = [None, *([eager] * (players - 1))]
    table = TableScene(app, session, speed="instant")
    app.switch(table)
    rng = Rng(seed)
    for _ in range(4000):
        app.step([])
        if table.result is not None:
            if until_summary:
                break
            table.next_deal()
            continue
        if session.human_to_act:
            view = session.view()
            if until_cut and view.phase == Phase.CUT:
                break
            if len(session.game.table) >= melds and view.phase == Phase.PLAY and not until_cut:
                break
            table.submit(eager(view, rng))
    return app, table


def stage_something(table: TableScene) -> None:
    """Stage the human's first two cards of a rank (or any two) and select one more."""
    arrangement = table.arrangement
    hand = arrangement.order
    if len(hand) >= 4:
        table.stage(hand[:2], None)
        table.stage(hand[:1], None)
        arrangement.selected = {hand[-1]}
        table._place()


def shot(app: App, path: Path) -> None:
    app.step([])
    pygame.image.save(app.surface, path)


def main(argv: list[str]) -> int:
    out = Path(argv[0] if argv else "kalooki-shots")
    out.mkdir(parents=True, exist_ok=True)
    for players, size in ((3, (1280, 720)), (4, (1280, 720)), (6, (1280, 720)),
                          (3, (1024, 640)), (4, (1024, 640)), (6, (1024, 640)),
                          (3, (1920, 1080)), (4, (1920, 1080)), (6, (1920, 1080))):
        app, table = table_at(size, players, melds=3)
        stage_something(table)
        shot(app, out / f"table-{players}p-{size[0]}x{size[1]}.png")
        if players == 4 and size == (1280, 720):
            card = table.arrangement.order[0]
            x, y, _ = table.placement.spots[card]
            target = (table.layout.discard.centerx + 60, table.layout.discard.bottom)
            for event in (pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x + 5, y + 5),
                                             button=1),
                          pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(0, 0),
                                             buttons=(1, 0, 0))):
                app.step([event])
            shot(app, out / "drag-4p-1280x720.png")
            home = (x + 5, y + 5)
            app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=home, rel=(0, 0),
                                         buttons=(1, 0, 0)),
                      pygame.event.Event(pygame.MOUSEBUTTONUP, pos=home, button=1)])
            table.show_hint()
            shot(app, out / "hint-4p-1280x720.png")
        app.close()
    app, table = table_at((1280, 720), 4, melds=0, until_cut=True)
    strip = table.layout.cut_strip
    start = (strip.left + 20, strip.centery)
    end = (strip.left + strip.width * 2 // 5, strip.centery)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
              pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0))])
    shot(app, out / "cut-drag-4p-1280x720.png")
    app.close()
    app, table = table_at((1280, 720), 4, melds=1000, until_summary=True)
    shot(app, out / "summary-4p-1280x720.png")
    app.close()
    print(f"saved to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
