"""The main menu's first frame waits for nothing it does not show: launching the game to
its menu loads neither the table's rooms nor the computer players (they load with the
first match), nor the other screens (they load when first opened), and the new-game
panel is built when first opened."""

import json
import os
import subprocess
import sys

import pytest

LATER = ("kalooki.ui.table.scene", "kalooki.ui.lesson.scene", "kalooki.ui.replay.scene",
         "kalooki.ai.medium", "kalooki.ai.hard", "kalooki.ui.play.autoplay",
         "kalooki.ui.session", "kalooki.ui.keeper", "kalooki.ui.sound.event_cues",
         "kalooki.ui.replay.sources", "kalooki.ui.pages.rules", "kalooki.ui.pages.saves",
         "kalooki.ui.pages.settings", "kalooki.ui.pages.statistics",
         "kalooki.ui.house_rules.editor", "kalooki.ui.charts.history")
"""Modules the first match or the first visit to another screen loads, never the menu."""

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


_SELF_TEST_WINDOW = """
import json, sys, tempfile
from kalooki import selftest
from kalooki.store.paths import StorePaths
with tempfile.TemporaryDirectory() as home:
    context = selftest.Context(StorePaths.under(home))
    selftest.open_window(context)
    print(json.dumps({"scene": type(context.app.scene).__name__, "panels": 0,
                      "loaded": sorted(name for name in sys.modules
                                       if name.startswith("kalooki."))}))
"""
"""The self-test's first step, which ``build/measure_start.py`` times: it must open what a
player's launch opens, no more."""


def _loaded_by(program: str) -> dict[str, object]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    out = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                         env=env, check=True).stdout
    seen: dict[str, object] = json.loads(out.strip().splitlines()[-1])
    return seen


@pytest.mark.parametrize("program", [_LAUNCH, _SELF_TEST_WINDOW], ids=["launch", "self-test"])
def test_the_menu_opens_without_the_table_or_the_computer_players(program: str) -> None:
    seen = _loaded_by(program)
    loaded = seen["loaded"]
    assert isinstance(loaded, list)
    assert seen["scene"] == "MainMenuScene" and seen["panels"] == 0
    assert "kalooki.ui.pages.menu" in loaded  # the probe sees what is loaded
    assert [name for name in LATER if name in loaded] == []


_FROM_THE_COMMAND_LINE = """
import json, sys, tempfile
import i18n
from kalooki import selftest
from kalooki.cli.main import parse
from kalooki.store.paths import StorePaths
parse(["--self-test"])
with tempfile.TemporaryDirectory() as home:
    context = selftest.Context(StorePaths.under(home))
    selftest.open_window(context)
    print(json.dumps({"loaded": sorted(sys.modules),
                      "pseudo": bool(i18n.translations.container.get("qps"))}))
"""

NOT_BEFORE_THE_MENU = ("kalooki.cli.simulate", "kalooki.cli.rules", "kalooki.cli.saves",
                       "kalooki.cli.screens", "kalooki.cli.desktop", "importlib.metadata",
                       "tomllib")
"""What a launch from the command line spared its first frame: the commands' modules (the
computer players, the rules' printer), the readers of the version."""


def test_a_launch_parses_its_options_without_the_commands_and_makes_no_pseudo_language() -> None:
    seen = _loaded_by(_FROM_THE_COMMAND_LINE)
    loaded = seen["loaded"]
    assert isinstance(loaded, list) and "kalooki.ui.pages.menu" in loaded
    assert [name for name in NOT_BEFORE_THE_MENU if name in loaded] == []
    assert seen["pseudo"] is False
