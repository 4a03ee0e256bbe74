"""The window, the main menu and the setup panel, driven headless by posted mouse events."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"


import pygame

from kalooki.ui.app import MIN_SIZE, App
from kalooki.ui.pages.menu import TABLE_NOT_READY, MainMenuScene
from kalooki.ui.pages.setup import GameSetup
from tests.support.ui import FakeClock, choose, click, shown


def test_pygame_is_the_community_edition() -> None:
    assert pygame.IS_CE


def test_window_opens_at_default_size_and_runs_frames(app: App) -> None:
    clock = app.clock
    app.switch(MainMenuScene(app))
    assert app.window.title == "Kalooki"
    assert app.surface.get_size() == (1280, 720)
    assert app.run_frames(5)
    assert isinstance(clock, FakeClock) and clock.frames == 5


def test_the_window_gets_its_icon_after_its_first_frame(app: App) -> None:
    app.step([])
    assert app.frames_drawn == 1 and not app.icon_given  # the first frame waits for nothing
    app.step([])
    assert app.icon_given


def test_a_frame_run_unseen_moves_the_scene_on_and_draws_nothing(app: App) -> None:
    """``step(draw=False)``, for a tool playing on to the state it shows: the scene is
    updated with the frame's time, the window keeps its last picture."""
    menu = MainMenuScene(app)
    app.switch(menu)
    app.step([])
    times: list[float] = []
    menu.update = times.append  # type: ignore[method-assign]
    app.surface.fill((1, 2, 3))
    app.step([], draw=False)
    assert len(times) == 1 and app.frames_drawn == 1
    assert app.surface.get_at((5, 5))[:3] == (1, 2, 3), "nothing drawn over it"
    app.step([])
    assert app.frames_drawn == 2 and app.surface.get_at((5, 5))[:3] != (1, 2, 3)


def test_menu_offers_continue_greyed_until_there_is_an_autosave(app: App) -> None:
    without = MainMenuScene(app)
    app.switch(without)
    assert without.buttons["continue"].visible and not without.buttons["continue"].is_enabled
    with_save = MainMenuScene(app, has_autosave=lambda: True)
    app.switch(with_save)
    assert with_save.buttons["continue"].visible and with_save.buttons["continue"].is_enabled


def test_new_game_then_start_passes_the_chosen_setup(app: App) -> None:
    started: list[GameSetup] = []
    scene = MainMenuScene(app, presets=["caribbean", "baby"], on_start=started.append)
    app.switch(scene)
    app.run_frames(2)
    assert not scene.setup.panel.visible
    click(app, scene.buttons["new_game"])
    assert scene.setup.panel.visible
    assert not scene.buttons["new_game"].visible

    choose(app, scene.setup.preset, "Baby Kalooki")
    choose(app, scene.setup.players, "3")
    assert scene.setup.rows[1][2].visible and not scene.setup.rows[2][2].visible
    choose(app, scene.setup.rows[1][1], "Hard")
    scene.setup.rows[0][2].set_text("Auntie Pearl")
    click(app, scene.setup.start)

    assert started == [GameSetup("baby", 3, ("medium", "hard"), ("Auntie Pearl", "Delroy"))]
    assert not scene.setup.panel.visible


def test_default_start_says_the_table_is_not_ready(app: App) -> None:
    scene = MainMenuScene(app)
    app.switch(scene)
    scene.open_setup()
    app.run_frames(1)
    click(app, scene.setup.start)
    assert scene.notice.visible and shown(scene.notice) == str(TABLE_NOT_READY)


def test_back_closes_the_setup_panel(app: App) -> None:
    scene = MainMenuScene(app)
    app.switch(scene)
    click(app, scene.buttons["new_game"])
    click(app, scene.setup.back)
    assert not scene.setup.panel.visible and scene.buttons["new_game"].visible


def test_esc_with_a_list_open_closes_the_list_alone(app: App) -> None:
    """Esc over an open drop-down closed the whole New game panel; now it closes the list,
    and the next Esc the panel. The open list is as wide as its box (words not cut)."""
    scene = MainMenuScene(app)
    app.switch(scene)
    click(app, scene.buttons["new_game"])
    menu = scene.setup.preset
    click(app, menu)
    assert menu.current_state is menu.menu_states["expanded"]
    options = menu.current_state.options_selection_list
    assert options.rect.width >= menu.rect.width
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    app.run_frames(2)
    assert menu.current_state is menu.menu_states["closed"] and scene.setup.panel.visible
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    app.run_frames(2)
    assert not scene.setup.panel.visible


def test_resize_below_minimum_is_clamped(app: App) -> None:
    scene = MainMenuScene(app)
    app.switch(scene)
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=800, y=500,
                                         window=app.window))
    app.run_frames(2)
    assert app.window.size == MIN_SIZE
    assert app.surface.get_size() == MIN_SIZE
    assert scene.buttons["quit"].rect.right <= MIN_SIZE[0]


def test_resize_relays_out_the_menu(app: App) -> None:
    scene = MainMenuScene(app)
    app.switch(scene)
    app.window.size = (1600, 900)
    app.run_frames(2)
    assert app.surface.get_size() == (1600, 900)
    assert scene.buttons["quit"].rect.centerx == 800


def test_f11_toggles_full_screen(app: App) -> None:
    app.switch(MainMenuScene(app))
    for expected in (True, False):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0,
                                             unicode="", scancode=0))
        app.run_frames(1)
        assert app.fullscreen is expected
    assert app.surface.get_size() == app.window.size


def test_quit_button_ends_the_loop(app: App) -> None:
    scene = MainMenuScene(app)
    app.switch(scene)
    app.run_frames(1)
    pos = scene.buttons["quit"].rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    assert app.run() == 0
    assert not app.running


def test_window_close_ends_the_loop(app: App) -> None:
    app.switch(MainMenuScene(app))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert not app.run_frames(10)


def test_the_desktop_sees_the_program_named_kalooki() -> None:
    """Under X11 pygame names the window class after the script (``__main__.py``) unless
    told otherwise before its import; the ui package tells it. A fresh interpreter, since
    pygame is imported here already."""
    import os
    import subprocess
    import sys

    environment = {k: v for k, v in os.environ.items()
                   if not k.startswith("SDL_VIDEO_") and k != "SDL_APP_NAME"}
    environment["DISPLAY"] = ":0"  # pygame only names the class when X11 may be used
    shown = subprocess.run(
        [sys.executable, "-c", "import os, kalooki.ui, pygame; "
         "print(os.environ['SDL_VIDEO_X11_WMCLASS'], os.environ['SDL_APP_NAME'])"],
        env=environment, capture_output=True, text=True, check=True)
    assert shown.stdout.split() == ["Kalooki", "Kalooki"]
