"""Idle CPU: what the window costs while it waits for the player, at the main menu and at
the table (the player to draw, the computers done). Each runs in a fresh process through
the real launcher and frame loop; the figure is the process's CPU time over 10 s of wall
time (target: under 0.2 s, 2% of one core), with the frames drawn meanwhile.

Without a display it uses the dummy video driver; with ``DISPLAY`` set (an X server, or
Xvfb) it opens a real window: ``KALOOKI_BENCH_DISPLAY=1 python -m bench idle``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

SECONDS = 10.0
SETTLE_SECONDS = 2.0
"""Time given to the scene to finish its animations before the measure starts."""
_HUMAN_TURN_LIMIT = 120.0


def _child(where: str, seconds: float) -> dict[str, float]:
    import tempfile

    from kalooki.engine.state import Phase
    from kalooki.store.paths import StorePaths
    from kalooki.ui.launcher import launch
    from kalooki.ui.pages.setup import GameSetup
    from kalooki.ui.sound.cache import SOUNDS_FOLDER, game_sounds
    from kalooki.ui.sound.recipes import RECIPES
    from kalooki.ui.table.scene import TableScene

    paths = StorePaths.under(tempfile.mkdtemp(prefix="kalooki-idle-"))
    list(game_sounds(paths.cache_dir / SOUNDS_FOLDER, RECIPES))  # not the first start
    app = launch(paths)
    if where == "table":
        app.scene.on_start(GameSetup("caribbean", 4, ("medium",) * 3,  # type: ignore[union-attr]
                                     ("Marcia", "Desmond", "Keisha")))
        table = app.scene
        assert isinstance(table, TableScene)
        limit = time.monotonic() + _HUMAN_TURN_LIMIT
        while not (table.session.screen_to_act and table.view.phase in (
                Phase.CUT, Phase.DRAW, Phase.PLAY)) and time.monotonic() < limit:
            app.turn()
    settle = time.monotonic() + SETTLE_SECONDS
    while time.monotonic() < settle:
        app.turn()
    frames = app.frames_drawn
    begun_cpu, begun = time.process_time(), time.monotonic()
    while time.monotonic() - begun < seconds:
        app.turn()
    figures = {"cpu": time.process_time() - begun_cpu, "wall": time.monotonic() - begun,
               "frames": app.frames_drawn - frames}
    app.close()
    return figures


def measure(where: str, seconds: float = SECONDS) -> dict[str, float]:
    env = dict(os.environ)
    if not (env.get("DISPLAY") and env.get("KALOOKI_BENCH_DISPLAY")):
        env["SDL_VIDEODRIVER"] = "dummy"
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    result = subprocess.run([sys.executable, "-m", "bench.idle", "--child", where,
                             str(seconds)], capture_output=True, text=True, check=True, env=env)
    return json.loads(result.stdout.strip().splitlines()[-1])


def main() -> None:
    driver = "real window" if os.environ.get("KALOOKI_BENCH_DISPLAY") else "dummy video"
    for where in ("menu", "table"):
        got = measure(where)
        share = got["cpu"] / got["wall"] * 100
        print(f"idle at the {where} ({driver}): {got['cpu']:.2f} s CPU in {got['wall']:.1f} s "
              f"({share:.1f}% of a core; target 2%), {got['frames']:.0f} frames drawn")


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--child":
        print(json.dumps(_child(sys.argv[2], float(sys.argv[3]))))
    else:
        main()
