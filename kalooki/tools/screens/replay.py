"""The replay viewer's screens for ``kalooki screens``: Watch a replay's list and its file
dialog, a finished match watched with every hand open, a deal's summary reached while
watching, and the deal a save stopped in (only the person's hand shown)."""

from __future__ import annotations

import dataclasses

from kalooki.engine.facts.seats import HUMAN
from kalooki.engine.record import Recorder
from kalooki.engine.rng import Rng
from kalooki.engine.rules import preset
from kalooki.store.savegame import GameSave, Seat, snapshot
from kalooki.tools.screens.pages import load_scene, sample_saves
from kalooki.tools.screens.shots import Shots
from kalooki.tools.screens.table import eager
from kalooki.ui.replay.scene import ReplayScene
from kalooki.ui.replay.sources import Watched, watched_save

_SEATS = (Seat("Ada", HUMAN), Seat("Grace", "medium"), Seat("Bert", "medium"))


def sample_match(stop_in_deal: int | None = None) -> GameSave:
    """A three-deal Baby Kalooki match of three, to its end or into ``stop_in_deal``, as
    its autosave (titled by its rules and players, as the game titles it)."""
    rules = dataclasses.replace(preset("baby"), deals_per_match=3)
    recorder = Recorder.new(rules, len(_SEATS), 5)
    rng, into = Rng(5), 0
    while recorder.game.to_act is not None:
        into += recorder.game.deal_no == stop_in_deal
        if into > 12:
            break
        seat = recorder.game.to_act
        recorder.apply(eager(recorder.game.view(seat), rng), seat)
    return dataclasses.replace(snapshot(recorder, _SEATS), kind="autosave")


def watched_of(save: GameSave) -> Watched:
    watched = watched_save(save)
    assert isinstance(watched, Watched)  # the sample was just played: it is sound
    return watched


def replay(shots: Shots) -> None:
    sample_saves(shots)
    with shots.app() as app:
        app.switch(load_scene(app, shots.store, watching=True))
        shots.take(app, "replay-list")
    with shots.app() as app:
        scene = load_scene(app, shots.store, watching=True)
        app.switch(scene)
        scene.open_picker()
        shots.take(app, "replay-open-file")
    finished = watched_of(sample_match())
    for name, position in (("replay", 30), ("replay-summary", None)):
        with shots.app() as app:
            viewer = ReplayScene(app, finished, lambda: None)
            app.switch(viewer)
            viewer.seek(position if position is not None
                        else finished.cursor.deal_starts[2])
            shots.take(app, name)
    unfinished = watched_of(sample_match(stop_in_deal=2))
    with shots.app() as app:
        viewer = ReplayScene(app, unfinished, lambda: None)
        app.switch(viewer)
        viewer.seek(unfinished.cursor.length)
        shots.take(app, "replay-unfinished")
