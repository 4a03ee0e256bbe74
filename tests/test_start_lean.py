"""The main menu's first frame waits for nothing it does not show: launching the game to
its menu loads neither the table's rooms nor the computer players (they load with the
first match), and the new-game panel is built when first opened."""

import json
import os
import subprocess
import sys

LATER = ("kalooki.ui.table.scene", "kalooki.ui.lesson.scene", "kalooki.ui.replay.scene",
         "kalooki.ai.medium", "kalooki.ai.hard", "kalooki.ui.play.autoplay")
"""Modules the first match loads, never the menu."""

_LAUNCH = """
import json, sys, tempfile
from pygame_gui.elements import UIPanel
from kalooki.store.paths import StorePaths
from kalooki.ui.launcher import launch
with tempfile.TemporaryDirectory() as home:
    app = launch(StorePaths.under(home))
    app.step([])
    menu = app.scene
    print(json.dumps({"scene": type(menu).__name__,
                      "panels": sum(isinstance(element, UIPanel)
                                    for element in app.ui.get_sprite_group().sprites()),
                      "loaded": sorted(name for name in sys.modules
                                       if name.startswith("kalooki."))}))
    app.close()
"""


def test_the_menu_opens_without_the_table_or_the_computer_players() -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    out = subprocess.run([sys.executable, "-c", _LAUNCH], capture_output=True, text=True,
                         env=env, check=True).stdout
    seen = json.loads(out.strip().splitlines()[-1])
    assert seen["scene"] == "MainMenuScene" and seen["panels"] == 0
    assert "kalooki.ui.pages.menu" in seen["loaded"]  # the probe sees what is loaded
    assert [name for name in LATER if name in seen["loaded"]] == []
