"""Issue 15's play-test fixes at the table, each checked as a player meets it."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame
import pytest

from kalooki.ui.app import App
from kalooki.ui.table.options import INSTANT
from kalooki.ui.table.scene import TableScene
from tests.support.table import make_session, wait_for_human


def open_table(app: App, seed: int = 3, players: int = 3) -> TableScene:
    table = TableScene(app, make_session(seed, players), INSTANT)
    app.switch(table)
    wait_for_human(app, table)
    return table


def key(app: App, code: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0))
    app.run_frames(2)


def test_the_pause_menu_dims_the_table_and_its_buttons(app: App) -> None:
    table = open_table(app)
    app.run_frames(2)
    spots = [table.layout.log.center, table.buttons["hint"].rect.center,
             (8, app.size[1] - 8)]
    before = [app.surface.get_at(spot)[:3] for spot in spots]
    key(app, pygame.K_ESCAPE)
    assert table.asking.chooser is not None
    for spot, was in zip(spots, before, strict=True):
        now = app.surface.get_at(spot)[:3]
        assert sum(now) < 0.7 * sum(was), spot
    key(app, pygame.K_ESCAPE)
    assert table.asking.chooser is None
    assert [app.surface.get_at(spot)[:3] for spot in spots] == before


@pytest.mark.parametrize("players", [5, 6])
def test_opponents_card_backs_show_at_five_and_six_players(app: App, players: int) -> None:
    table = open_table(app, players=players)
    app.run_frames(2)
    for _ in range(600):  # a call's banner lies over the card backs for its moment
        if not table.frame().banner:
            break
        app.run_frames(1)
    layout = table.layout
    back = app.card_art.back_surface(layout.back_w)
    red = back.get_at((back.get_width() // 2, back.get_height() // 3))[:3]
    for seat, zone in layout.zones.items():
        assert zone.fan.height > 0 and zone.melds.height >= 2 * layout.meld_w, seat
        fan = app.surface.subsurface(zone.fan)
        colours = {fan.get_at((x, y))[:3] for x in range(0, zone.fan.width, 2)
                   for y in range(zone.fan.height)}
        assert red in colours, f"no card backs drawn for seat {seat}"


def test_the_cut_leaves_the_labels_above_the_pack_readable(app: App) -> None:
    """Mid-drag, the lifted packet covered "Your melds": now a gap opens in the pack."""
    from kalooki.tools.screens.table import staged_table

    table = staged_table(app, 4, melds=0, until_cut=True)
    layout = table.layout
    label = pygame.Rect(layout.my_melds.left, layout.my_melds.top,
                        layout.my_melds.width, layout.cut_strip.top - layout.my_melds.top)
    app.run_frames(1)
    before = pygame.image.tobytes(app.surface.subsurface(label), "RGB")
    strip = app.surface.subsurface(layout.cut_strip).copy()
    start = (layout.cut_strip.left + 20, layout.cut_strip.centery)
    end = (layout.cut_strip.left + layout.cut_strip.width * 2 // 5, layout.cut_strip.centery)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
              pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0))])
    assert table.frame().cut is not None and table.frame().cut[1] is not None  # mid-drag
    assert pygame.image.tobytes(app.surface.subsurface(label), "RGB") == before
    assert pygame.image.tobytes(app.surface.subsurface(layout.cut_strip), "RGB") != \
        pygame.image.tobytes(strip, "RGB")  # the split is shown


def test_a_hint_selects_its_card_so_the_next_key_plays_it(app: App) -> None:
    """The hint only outlined its card; now it selects it (one step to undo), and X
    discards the card it named."""
    from kalooki.engine.actions import Discard
    from kalooki.engine.deal import Phase
    from tests.support.table import human_decision

    table = open_table(app, seed=11)
    for _ in range(40):
        wait_for_human(app, table)
        view = table.session.view()
        if view.phase == Phase.PLAY:
            key(app, pygame.K_h)
            if table.hand.hint is not None and isinstance(table.hand.hint.action, Discard):
                break
        table.submit(human_decision(view))
        app.run_frames(2)
    assert table.hand.hint is not None and isinstance(table.hand.hint.action, Discard)
    card = table.hand.hint.action.card
    assert table.hand.arrangement.selected == {card}
    before = list(table.hand.arrangement.order)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL))
    app.run_frames(1)
    assert table.hand.arrangement.selected == set() and table.hand.arrangement.order == before
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_y, mod=pygame.KMOD_CTRL))
    app.run_frames(1)
    assert table.hand.arrangement.selected == {card}
    moves = len(table.session.recorder.actions)
    key(app, pygame.K_x)
    assert table.session.recorder.actions[moves] == Discard(card).code


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_a_staged_melds_label_is_whole_beside_its_neighbours(size: tuple[int, int]) -> None:
    """ "✓ group of que…" on a staged meld: the label takes the room up to the next meld
    and a second line when it needs one, never an ellipsis."""
    from kalooki.ui.art import text as ink
    from kalooki.ui.table.layout import compute_layout, meld_step
    from kalooki.ui.table.painter import label_lines, label_rooms

    layout = compute_layout(size, 4, 0)
    width = layout.meld_w + 2 * meld_step(layout.meld_w)
    gap = round(layout.meld_w * 0.8)  # as the staging lays melds out
    top = layout.staging.top + 30
    melds = [pygame.Rect(layout.staging.left + 8 + i * (width + gap), top, width, 60)
             for i in range(3)]
    rooms = label_rooms(melds, layout.staging)
    assert rooms[0] == melds[1].left - melds[0].left - 8
    assert rooms[2] == layout.staging.right - melds[2].left - 8
    small = max(12, layout.font - 3)
    for words in ("✓ group of queens", "✓ run of hearts 10–K"):
        lines = label_lines(words, small, rooms[0])
        assert " ".join(lines) == words and len(lines) <= 2
        assert all(ink.text(line, small).get_width() <= rooms[0] for line in lines)


def test_the_sidebar_header_never_cuts_the_dealers_name() -> None:
    from kalooki.ui.art import text as ink
    from kalooki.ui.table.layout import compute_layout
    from kalooki.ui.table.painter import header_words

    layout = compute_layout((1600, 1000), 6, 0)
    room = layout.contract.inflate(-16, -10).width
    assert header_words("Deal 1 of 9 · dealer Al", layout.font, room) == \
        "Deal 1 of 9 · dealer Al"
    long = header_words("Deal 1 of 9 · dealer Desmond-Alexander", layout.font, room)
    assert long == "Deal 1 of 9"
    french = header_words("Donne 1/9 · Desmond-Alexander donne", layout.font, room)
    assert french == "Donne 1/9"
    assert ink.text(long, layout.font, bold=True).get_width() <= room
