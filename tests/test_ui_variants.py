"""The threshold games at the table, driven headless by posted mouse events: opening
Kalooki 51 with the live opening panel, freeing a joker by dragging naturals onto a meld,
Rami 40's meld owed after taking the discard, going Rami in the log and the summary, and
elimination matches with buy-ins. Games are rigged through the engine so each rule bites
at once; the store stays in a temporary folder."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import dataclasses
from pathlib import Path

import pygame

from kalooki.engine.actions import Discard, DrawStock, LayDown, MeldSpec, TackOn
from kalooki.engine.cards import face_of, is_joker, parse_cards
from kalooki.engine.deal import Phase
from kalooki.engine.record import Recorder
from kalooki.engine.rules import RuleSet, preset
from kalooki.engine.state import Game
from kalooki.ui.app import App
from kalooki.ui.hand.progress import opening_rows
from kalooki.ui.pages.menu import MainMenuScene
from kalooki.ui.session import MatchSession, Seat
from kalooki.ui.table.gestures import targets
from kalooki.ui.table.options import INSTANT
from kalooki.ui.table.painter import prompt as prompt_of
from kalooki.ui.table.scene import TableScene
from tests.support.friends import KALOOKI51, elimination_game, marcia_goes_out
from tests.support.rig import rigged
from tests.support.table import card_centre, click, drag, post
from tests.support.ui import choose, frames_until, shown
from tests.support.ui import click as click_widget

RAMI40 = preset("rami40")
SHOTS = os.environ.get("KALOOKI_SHOTS")
"""When set, the tests also save their screens there (for looking at them)."""

FILLER = ("2S 3S 5S 8D 10C QC 4H 6H 8H 2D 4D 7D 9H", "4S 6C 10D JC 2H 3C 6S 8S QD 5H 7H KC AS")


def table_for(app: App, game: Game, ai_pause: float = 1000.0) -> TableScene:
    """The human at seat 0 of ``game``; computer players wait ``ai_pause`` seconds, so a
    test may move them itself."""
    names = ["You", "Marcia", "Delroy", "Winston"][:game.players]
    seats = [Seat(names[0], "human", True), *(Seat(n, "medium") for n in names[1:])]
    session = MatchSession(game.rules, seats, 5, ai_pause=ai_pause, recorder=Recorder(game))
    table = TableScene(app, session, INSTANT)
    app.switch(table)
    app.run_frames(2)
    return table


def cards_of(table: TableScene, text: str) -> list[int]:
    """The human's cards with these faces (``"9S 9C JK"``), in that order."""
    hand = list(table.session.view().hand)
    found = []
    for token in text.split():
        face = face_of(parse_cards([token])[0])
        card = next(c for c in hand if face_of(c) == face and c not in found)
        found.append(card)
    return found


def stage_by_mouse(app: App, table: TableScene, cards: list[int]) -> None:
    """Select ``cards`` by clicking them, then drag them into an empty part of staging."""
    for card in cards:
        click(app, card_centre(table, card))
    assert table.hand.arrangement.selected == set(cards)
    staging = table.layout.staging
    drag(app, card_centre(table, cards[0]), (staging.right - 30, staging.top + 30))
    assert sorted(table.hand.arrangement.staged[-1]) == sorted(cards)


def shot(app: App, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        app.run_frames(1)
        pygame.image.save(app.surface, str(Path(SHOTS) / name))


def prompt(table: TableScene) -> str:
    return prompt_of(table.frame())


# --- setup ------------------------------------------------------------------------------

def test_setup_offers_every_preset_by_name_with_its_player_counts(app: App) -> None:
    scene = MainMenuScene(app)
    app.switch(scene)
    scene.open_setup()
    app.run_frames(1)
    options = [text for text, _ in scene.setup.preset.options_list]
    assert {"Kalooki 51", "Rami 40", "Caribbean Kalooki", "Baby Kalooki"} <= set(options)
    choose(app, scene.setup.preset, "Kalooki 51")
    counts = [text for text, _ in scene.setup.players.options_list]
    assert counts == ["2", "3", "4", "5", "6"]
    choose(app, scene.setup.players, "2")
    assert scene.setup.chosen().preset == "kalooki51" and scene.setup.chosen().players == 2
    choose(app, scene.setup.preset, "Caribbean Kalooki")  # 3 to 6: two becomes three
    assert scene.setup.player_count() == 3
    click_widget(app, scene.setup.back)


# --- Kalooki 51: the opening -----------------------------------------------------------

def test_kalooki51_human_opens_with_the_mouse_and_the_panel_counts(app: App) -> None:
    game = rigged(["10H JH QH KH 9S 9C 9D 2C 5D 7S 3H 4C 6D", *FILLER], rules=KALOOKI51,
                  discard="KC", stock="8S")
    table = table_for(app, game)
    assert opening_rows(table.view, table.hand.staged)[0][0] == "Opening 0 / 51"
    assert "opening worth 51+" in prompt(table).lower() or table.view.phase == Phase.DRAW
    drag(app, table.layout.stock.center, table.layout.hand.center)
    assert table.session.recorder.actions[-1] == "draw"
    stage_by_mouse(app, table, cards_of(table, "10H JH QH KH"))
    assert opening_rows(table.view, table.hand.staged)[0][0] == "Opening 40 / 51"
    assert not table.buttons["lay"].is_enabled  # 40 is not enough
    assert "51" in str(table.hand.lay_problem)
    stage_by_mouse(app, table, cards_of(table, "9S 9C 9D"))
    assert opening_rows(table.view, table.hand.staged)[0][0] == "Opening 67 / 51"
    if SHOTS:
        for size, name in (((1280, 720), "k51-opening-1280.png"),
                           ((1024, 640), "k51-opening-1024.png")):
            app.window.size = size
            app.run_frames(2)
            shot(app, name)
        app.window.size = (1280, 720)
        app.run_frames(2)
    assert table.buttons["lay"].is_enabled
    click(app, table.buttons["lay"].rect.center)
    assert table.session.recorder.actions[-1].startswith("lay")
    assert table.view.down[0]
    rows = opening_rows(table.view, table.hand.staged)
    assert rows == [("Opened ✓", rows[0][1], True)]
    assert table.session.openings[(1, 0)] == 67
    assert any("went down" in line for line in map(str, table.log))


def test_the_pure_run_rule_shows_in_the_opening_panel(app: App) -> None:
    rules = dataclasses.replace(KALOOKI51, opening_pure_run=True)
    game = rigged(["10H JH QH KH 9S 9C 9D 2C 5D 7S 3H 4C 6D", *FILLER], rules=rules,
                  stock="8S")
    table = table_for(app, game)
    rows = opening_rows(table.view, table.hand.staged)
    assert rows[1][0] == "needs a run without a joker"
    table.submit(DrawStock())
    table.hand.stage(cards_of(table, "10H JH QH"), None)
    assert opening_rows(table.view, table.hand.staged)[1][0] == "needs a run without a joker ✓"


# --- joker release -----------------------------------------------------------------------

def test_a_joker_release_by_drag_then_the_freed_joker_must_be_placed(app: App) -> None:
    game = rigged(["7C 7D 2S 9H KD", "3C 5H 8S QS JD", "4S 6C 10D JC 2H"], rules=KALOOKI51,
                  table=((1, "7S 7H JK"), (0, "3D 4D 5D")), down=(0, 1), stock="KS",
                  discard="QD")
    table = table_for(app, game)
    drag(app, table.layout.stock.center, table.layout.hand.center)
    naturals = cards_of(table, "7C 7D")
    for card in naturals:
        click(app, card_centre(table, card))
    group = table.placement.meld_rects[0]
    start = card_centre(table, naturals[0])
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    post(pygame.MOUSEMOTION, pos=(group.right + 40, group.bottom + 60), rel=(0, 0),
         buttons=(1, 0, 0))
    app.run_frames(2)
    assert table.input.drag is not None and sorted(table.input.drag.cards) == sorted(naturals)
    melds, discard = targets(table.view, table.input.drag.cards)
    assert melds == {0} and not discard  # only the group they free a joker from lights up
    shot(app, "k51-release-drag.png")
    post(pygame.MOUSEMOTION, pos=group.center, rel=(0, 0), buttons=(1, 0, 0))
    app.run_frames(1)
    post(pygame.MOUSEBUTTONUP, pos=group.center, button=1)
    app.run_frames(2)
    assert table.session.recorder.actions[-1].startswith("release")
    view = table.view
    joker = view.freed_joker
    assert joker is not None and is_joker(joker) and joker in table.hand.arrangement.order
    assert "freed joker" in prompt(table)
    assert any("freed the joker" in line for line in map(str, table.log))
    shot(app, "k51-freed-joker.png")
    state = table.session.game.state_hash()
    nine = cards_of(table, "9H")[0]
    drag(app, card_centre(table, nine), table.layout.discard.center)  # not before the joker
    assert table.session.game.state_hash() == state
    assert "joker you freed" in str(table.toast[0])
    assert targets(table.view, [nine]) == (set(), False)
    assert targets(table.view, [joker]) == ({1}, False)  # only the run takes it
    click(app, card_centre(table, nine))  # the refused drag left it selected
    assert not table.hand.arrangement.selected
    run = table.placement.meld_rects[1]
    drag(app, card_centre(table, joker), (run.right - 4, run.centery))
    assert table.session.recorder.actions[-1].startswith("tack JK")
    assert table.view.freed_joker is None


def test_a_release_before_opening_is_refused_with_the_engines_reason(app: App) -> None:
    game = rigged(["7C 7D 2S 9H KD", "3C 5H 8S QS JD", "4S 6C 10D JC 2H"], rules=KALOOKI51,
                  table=((1, "7S 7H JK"),), down=(1,), stock="KS")
    table = table_for(app, game)
    table.submit(DrawStock())
    naturals = cards_of(table, "7C 7D")
    for card in naturals:
        click(app, card_centre(table, card))
    state = table.session.game.state_hash()
    drag(app, card_centre(table, naturals[0]), table.placement.meld_rects[0].center)
    assert table.session.game.state_hash() == state
    assert "opened" in str(table.toast[0])
    assert set(naturals) <= set(table.hand.arrangement.order)  # back in the hand


# --- Rami 40: the meld owed after taking the discard -----------------------------------

def test_rami40_take_forces_a_meld_before_the_discard(app: App) -> None:
    game = rigged(["10H JH 9S 9C 9D 2C 5D 7S 3H 4C 6D 8C KS", *FILLER], rules=RAMI40,
                  discard="QH", stock="2D")
    table = table_for(app, game)
    assert "take" in prompt(table)
    drag(app, table.layout.discard.center, table.layout.hand.center)
    assert table.session.recorder.actions[-1] == "take"
    assert table.view.meld_owed
    assert "You took the discard: lay your opening (40+ points)" in prompt(table)
    two = cards_of(table, "2C")[0]
    assert targets(table.view, [two]) == (set(), False)  # the pile does not light up
    state = table.session.game.state_hash()
    drag(app, card_centre(table, two), table.layout.discard.center)
    assert table.session.game.state_hash() == state
    assert str(table.toast[0]) == "You took the discard: lay your meld first."
    click(app, card_centre(table, two))  # the refused drag left it selected
    stage_by_mouse(app, table, cards_of(table, "10H JH QH"))
    stage_by_mouse(app, table, cards_of(table, "9S 9C 9D"))
    assert opening_rows(table.view, table.hand.staged)[0][0] == "Opening 57 / 40"
    click(app, table.buttons["lay"].rect.center)
    assert table.view.down[0] and not table.view.meld_owed
    assert targets(table.view, [two])[1]
    drag(app, card_centre(table, two), table.layout.discard.center)
    assert table.session.recorder.actions[-1].startswith("discard 2C")


def test_rami40_take_is_offered_only_when_a_meld_can_follow(app: App) -> None:
    game = rigged(["2C 5D 7S 3H 4C 6D 8C KS 9S 10D JC 2H 4S", *FILLER], rules=RAMI40,
                  discard="QH", stock="2D")
    table = table_for(app, game)
    assert "take" not in prompt(table)
    state = table.session.game.state_hash()
    click(app, table.layout.discard.center)
    assert table.session.game.state_hash() == state
    assert "only to lay" in str(table.toast[0])


def test_going_rami_in_the_log_and_the_summary(app: App) -> None:
    game = rigged(["10H JH QH 9S 9C 9D 5C 5D 5H 2C", *FILLER], rules=RAMI40, stock="KH")
    table = table_for(app, game)
    assert table.submit(DrawStock())
    melds = tuple(MeldSpec(kind, tuple(cards_of(table, text))) for kind, text in (
        ("run", "10H JH QH KH"), ("group", "9S 9C 9D"), ("group", "5C 5D 5H")))
    assert table.submit(LayDown(melds))
    assert table.submit(Discard(cards_of(table, "2C")[0]))
    result = table.result
    assert result is not None and result.bent and result.winner == 0
    assert table.session.game.totals[1] >= 25 and table.session.game.totals[0] == 0
    assert any("going Rami (+25 each for the others)" in line for line in map(str, table.log))
    assert table.session.openings[(1, 0)] == 82
    assert table.summary_surface is not None
    app.run_frames(1)
    shot(app, "rami40-summary-going-rami.png")


# --- elimination ---------------------------------------------------------------------------


def test_elimination_buy_in_dialog_for_the_human(app: App) -> None:
    table = table_for(app, elimination_game([145, 20, 30]))
    marcia_goes_out(table)
    assert table.result is not None and table.session.game.phase == Phase.BUY_IN
    click(app, table.buttons["next"].rect.center)
    app.run_frames(1)
    assert table.asking.chooser is not None
    assert table.asking.chooser.buttons[0].text.startswith("Buy in: back at 35 (1 buy-in left)")
    assert "Drop out" in table.asking.chooser.buttons[1].text
    assert "buy in or drop out" in prompt(table)
    shot(app, "elimination-buy-in.png")
    click(app, table.asking.chooser.buttons[0].rect.center)
    assert table.asking.chooser is None
    assert "buy-in" in table.session.recorder.actions
    game = table.session.game
    assert game.totals[0] == 35 and game.buy_ins_used[0] == 1 and game.deal_no == 2
    assert any("buy back in at 35" in line for line in map(str, table.log))


def test_dropping_out_leaves_the_last_player_standing(app: App) -> None:
    table = table_for(app, elimination_game([145, 20], players=2))
    marcia_goes_out(table)
    click(app, table.buttons["next"].rect.center)
    app.run_frames(1)
    assert table.asking.chooser is not None
    click(app, table.asking.chooser.buttons[1].rect.center)
    session = table.session
    assert session.over and session.game.out == [True, False]
    assert table.result is not None and table.summary_surface is not None
    assert table.buttons["next"].visible and shown(table.buttons["next"]) == "Back to menu"
    assert any("You are out of the match" in line for line in map(str, table.log))
    shot(app, "elimination-last-standing.png")


def test_computer_players_decide_their_own_buy_in(app: App) -> None:
    table = table_for(app, elimination_game([20, 20, 146]))  # Delroy ends on 151
    marcia_goes_out(table)
    table.session.ai_pause = 0.0
    assert table.session.game.phase == Phase.BUY_IN and table.session.game.to_act == 2
    click(app, table.buttons["next"].rect.center)
    app.run_frames(3)
    assert "buy-in" in table.session.recorder.actions
    assert table.asking.chooser is None


def test_out_players_are_marked_in_the_zones() -> None:
    from kalooki.ui.table.painter import _standing

    game = elimination_game([20, 20, 30])
    game.out[2] = True
    assert _standing(game.view(0), 2) == "out of the match"
    assert _standing(game.view(0), 1) == "opened ✓"
    rules: RuleSet = game.rules
    assert not rules.calls_enabled


def test_the_deal_summary_hides_every_card_of_the_next_deal(app: App) -> None:
    """Kalooki 51, alone at the table: the next deal is dealt as the summary opens, and its
    thirteen cards peeked out under the panel. Every card the table draws now lies under
    an opaque part of the summary (the summary covers the whole table)."""
    game = rigged(["5C", *FILLER], rules=KALOOKI51, table=((0, "6C 7C 8C"),), down=(0,),
                  stock="KD")
    table = table_for(app, game)
    assert table.submit(DrawStock())
    assert table.submit(TackOn(cards_of(table, "5C")[0], 0, "lo"))
    assert table.submit(Discard(cards_of(table, "KD")[0]))
    frames_until(app, lambda: not table.motion.busy)
    summary = table.summary_surface
    assert table.result is not None and summary is not None
    frame = table.frame()
    assert len(frame.view.hand) == 13 and len(frame.cards) >= 13, "the next deal is dealt"
    for sprite in frame.cards:
        card = pygame.Rect(round(sprite.x), round(sprite.y), sprite.width,
                           round(sprite.width * 1.4)).clip(summary.get_rect())
        for point in (card.topleft, card.midbottom, card.bottomright, card.midleft):
            x, y = min(point[0], card.right - 1), min(point[1], card.bottom - 1)
            assert summary.get_at((x, y)).a == 255, f"a card shows at {(x, y)}"
