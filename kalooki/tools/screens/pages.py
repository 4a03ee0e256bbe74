"""The screens around the table for ``kalooki screens``: the main menu, the new-game
panel, the rules, statistics and Load game pages (over sample data in the scratch store),
and the card faces in both colourings."""

from __future__ import annotations

import dataclasses
from functools import partial

import pygame

from kalooki.engine.cards import JOKER_FACE
from kalooki.engine.facts.seats import HUMAN
from kalooki.engine.record import Recorder
from kalooki.engine.rng import Rng
from kalooki.engine.rules import PRESETS, preset
from kalooki.store.paths import StorePaths
from kalooki.store.savegame import Seat, snapshot
from kalooki.store.saves import SUFFIX, save_named
from kalooki.store.settings import Settings
from kalooki.store.stats import (
    DealOutcome,
    MatchOutcome,
    Stats,
    record_deal,
    record_match,
    save_stats,
)
from kalooki.tools.screens.forms import OUR_TABLE
from kalooki.tools.screens.shots import Shots
from kalooki.tools.screens.table import eager
from kalooki.ui.app import App
from kalooki.ui.art.cards import CardArt, card_height
from kalooki.ui.art.felt import felt
from kalooki.ui.pages.menu import MainMenuScene
from kalooki.ui.pages.rules import RulesScene
from kalooki.ui.pages.saves import LoadGameScene
from kalooki.ui.pages.setup import DEFAULT_NAMES, GameSetup
from kalooki.ui.pages.statistics import StatsScene
from kalooki.ui.play.match import setup_from
from kalooki.words import tr

SHEET_COLUMNS = 14
_SAMPLE_SEATS = ("Marcia", "Delroy", "Winston")
"""The computer players' names in the sample saves (the person is the game's "you")."""


def _nothing() -> None:
    """Where a button of a pictured screen leads: nowhere, the picture is taken."""


def menu(shots: Shots, saved: bool = True) -> None:
    """The main menu with every button a player can meet (at the first start, with
    nothing to continue or load: those buttons greyed, saying why when pointed at)."""
    with shots.app() as app:
        asked = partial(bool, saved)
        scene = MainMenuScene(app, has_autosave=asked, has_saves=asked, on_load=_nothing,
                              on_rules=_nothing, on_stats=_nothing, on_settings=_nothing,
                              on_replay=_nothing, on_learn=_nothing,
                              on_watch=lambda setup: None)
        app.switch(scene)
        if not saved:
            shots.point_at(app, scene.buttons["load_game"])
        shots.take(app, "menu" if saved else "menu-first")


def menu_first(shots: Shots) -> None:
    menu(shots, saved=False)


def setup(shots: Shots) -> None:
    """The new-game panel at four players as a first game opens it (the settings'
    defaults: the first seat a person called "You"), with the preset list open (a custom
    preset among them), and at eight players with house rules that allow them; then
    friends at one computer: two people and two computer players, and the same rows
    opened to watch a game (computers in every seat, the first too)."""
    eight = dataclasses.replace(OUR_TABLE, players_max=8)
    house = {eight.name: (eight, PRESETS["caribbean"])}
    for players, name in ((4, "caribbean"), (8, eight.name)):
        with shots.app() as app:
            values = dataclasses.replace(setup_from(Settings()), preset=name, players=players)
            scene = MainMenuScene(app, has_autosave=lambda: True, house_rules=house,
                                  on_house_rules=lambda setup: None, setup=values)
            app.switch(scene)
            scene.open_setup()
            if players == 8:
                shots.take(app, "setup-8p")
                continue
            shots.take(app, "setup")
            shots.click(app, scene.setup.preset)
            shots.take(app, "setup-presets")
    friends = GameSetup("caribbean", 4, (HUMAN, "hard", "medium", HUMAN, *("medium",) * 3),
                        ("Keisha", "Winston", "Delroy", *DEFAULT_NAMES[3:]),
                        first_name="Marcia")
    with shots.app() as app:
        scene = MainMenuScene(app, setup=friends)
        app.switch(scene)
        scene.open_setup()
        shots.take(app, "setup-people")
        scene.open_watch()
        shots.take(app, "setup-watch")


def rules(shots: Shots) -> None:
    """The rules of a contract game and of a threshold game."""
    for name in ("caribbean", "kalooki51"):
        with shots.app() as app:
            app.switch(RulesScene(app, PRESETS[name], _nothing, choices=PRESETS))
            shots.take(app, f"rules-{name}")


def _sample_stats() -> Stats:
    """A few tables' worth of results, so every column has something in it."""
    stats = Stats()
    samples = (("caribbean", 4, (42, 0, 118, 7)), ("caribbean", 3, (0, 63)),
               ("kalooki51", 2, (12, 0, 88)), ("rami40", 5, (30,)))
    for name, players, penalties in samples:
        for number, penalty in enumerate(penalties):
            stats = record_deal(stats, DealOutcome(name, players, penalty, penalty == 0,
                                                   number == 1, number % 3))
        stats = record_match(stats, MatchOutcome(name, players, sum(penalties),
                                                 sum(penalties) < 100))
    return stats


def statistics(shots: Shots) -> None:
    with shots.app() as app:
        app.switch(StatsScene(app, Stats(), _nothing))
        shots.take(app, "statistics-empty")
    save_stats(shots.store, _sample_stats())
    from kalooki.store.stats import load_stats

    with shots.app() as app:
        app.switch(StatsScene(app, load_stats(shots.store)[0], _nothing))
        shots.take(app, "statistics")
    friends = _sample_stats()
    for name, penalty in (("Keisha", 0), ("Delroy", 37)):
        friends = record_deal(friends, DealOutcome("caribbean", 4, penalty, penalty == 0,
                                                   False, 1, player=name))
    with shots.app() as app:
        scene = StatsScene(app, friends, _nothing)
        app.switch(scene)
        scene.choose("Keisha")
        shots.take(app, "statistics-friends")
    friends = record_match(friends, MatchOutcome("caribbean", 4, 0, True, player="Keisha"))
    for whose, name in ((None, "statistics-reset"), ("Keisha", "statistics-reset-friend")):
        with shots.app() as app:
            scene = StatsScene(app, friends, _nothing, on_reset=lambda _: ())
            app.switch(scene)
            scene.choose(whose)
            scene.ask_reset()
            shots.take(app, name)


def sample_saves(shots: Shots) -> None:
    """Two saved games part-way through, and one damaged file."""
    for name, rules, steps in (("Friday night", "caribbean", 60), ("Lesson", "baby", 140)):
        recorder = Recorder.new(preset(rules), 4, steps)
        rng = Rng(steps)
        while len(recorder.actions) < steps and not recorder.game.over:
            seat = recorder.game.to_act
            assert seat is not None
            recorder.apply(eager(recorder.game.view(seat), rng), seat)
        seats = [Seat(tr("setup.you"), HUMAN),
                 *(Seat(n, "medium") for n in _SAMPLE_SEATS)]
        save_named(shots.store, snapshot(recorder, seats), name)
    shots.store.saves_dir.mkdir(parents=True, exist_ok=True)
    (shots.store.saves_dir / f"Torn{SUFFIX}").write_text('{"format_version": 1, "rec',
                                                        encoding="utf-8")


def load_scene(app: App, store: StorePaths, watching: bool = False) -> LoadGameScene:
    """The Load screen as the game opens it, with Watch and Other file… (opening nothing)."""
    return LoadGameScene(app, store, lambda path: None, _nothing,
                         on_watch=lambda path: None, on_watch_file=lambda path: None,
                         watching=watching)


def load(shots: Shots) -> None:
    with shots.app() as app:
        app.switch(load_scene(app, shots.store))
        shots.take(app, "load-empty")
    sample_saves(shots)
    with shots.app() as app:
        app.switch(load_scene(app, shots.store))
        shots.take(app, "load")


def card_sheet(art: CardArt, width: int) -> pygame.Surface:
    """All 53 faces in suit rows, the joker and the back last, on the baize."""
    gap = max(6, width // 10)
    rows = 4
    size = (gap + SHEET_COLUMNS * (width + gap), gap + rows * (card_height(width) + gap))
    sheet = felt(size).copy()
    for face_code in range(JOKER_FACE + 1):
        row, column = (face_code // 13, face_code % 13) if face_code < JOKER_FACE else (0, 13)
        sheet.blit(art.face_surface(face_code, width),
                   (gap + column * (width + gap), gap + row * (card_height(width) + gap)))
    sheet.blit(art.back_surface(width), (gap + 13 * (width + gap), gap + card_height(width) + gap))
    return sheet


def cards(shots: Shots) -> None:
    """Every card face and the back, two- and four-coloured, small and large (these
    sheets follow the card width, not the window, so they carry no window size)."""
    with shots.app():
        for four_colour in (False, True):
            art = CardArt(four_colour=four_colour)
            for width in (64, 120):
                path = shots.out / f"cards-{'four' if four_colour else 'two'}-colour-{width}.png"
                pygame.image.save(card_sheet(art, width), path)
                shots.written.append(path)
