"""Sound at the table and on the menu: every event that has a sound plays it (a fake mixer
records what it is asked), card snaps wait for the card to land, and a muted board, a
missing audio device or a mixer that breaks play nothing and raise nothing."""

from __future__ import annotations

import dataclasses
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from collections import Counter
from pathlib import Path

import pygame
import pygame_gui
import pytest

from kalooki.engine import events as ev
from kalooki.engine.cards import JOKER_BASE
from kalooki.engine.deal import DealResult
from kalooki.engine.events import Event
from kalooki.engine.melds import End
from kalooki.engine.rules import preset
from kalooki.store.paths import StorePaths
from kalooki.store.settings import Settings, save_settings
from kalooki.ui.app import App
from kalooki.ui.launcher import launch
from kalooki.ui.pages.menu import MainMenuScene
from kalooki.ui.play.match import Profile
from kalooki.ui.session import MatchSession, Seat
from kalooki.ui.sound import recipes as s
from kalooki.ui.sound.board import SoundBoard, game_board, loudness, open_mixer
from kalooki.ui.sound.cues import Cue, gesture_cue
from kalooki.ui.sound.event_cues import batch_cues, event_cue
from kalooki.ui.sound.recipes import RECIPES
from kalooki.ui.table.options import TableOptions
from kalooki.ui.table.scene import TableScene
from kalooki.ui.table.tween import SPEEDS
from tests.support.pages import seeds_from
from tests.support.ui import FakeClock

BABY = dataclasses.replace(preset("baby"), hand_sizes=(12, 10, 11))
SOUND_OF: dict[type[Event], str] = {
    ev.DealStarted: s.SHUFFLE, ev.Reshuffled: s.SHUFFLE, ev.Dealt: s.DEAL, ev.PackCut: s.DRAW,
    ev.UpcardTurned: s.DISCARD, ev.Drew: s.DRAW, ev.Took: s.DRAW, ev.Allowed: s.DRAW,
    ev.Refused: s.DRAW, ev.Called: s.CALL, ev.CallWon: s.CALL_WON, ev.Discarded: s.DISCARD,
    ev.Laid: s.LAY_DOWN, ev.TackedOn: s.TACK_ON, ev.JokerShifted: s.TACK_ON,
    ev.JokerReleased: s.TACK_ON, ev.MatchEnded: s.MATCH_WON,
}
"""The specification, written apart from the code: which event makes which sound."""
SILENT_KINDS = (ev.TurnBegan, ev.Passed, ev.CallWindowOpened, ev.TurnEnded, ev.DealVoided,
                ev.BoughtIn, ev.BuyInOffered, ev.Eliminated)


class FakeMixer:
    """Records what it was given and asked to play, as a real mixer would hear it."""

    def __init__(self, fail_on_play: bool = False) -> None:
        self.loaded: dict[str, bytes] = {}
        self.played: list[tuple[str, float]] = []
        self.fail_on_play = fail_on_play

    def load(self, name: str, wav: bytes) -> None:
        self.loaded[name] = wav

    def play(self, name: str, volume: float) -> None:
        if self.fail_on_play:
            raise pygame.error("the device went away")
        self.played.append((name, volume))

    @property
    def names(self) -> list[str]:
        return [name for name, _ in self.played]


def ready_board(mixer: FakeMixer | None, **options: object) -> SoundBoard:
    """A board that has every sound (as tiny stand-in files), loaded at its first update."""
    board = SoundBoard(mixer, source=lambda: [(name, b"wav") for name in RECIPES],
                       spawn=lambda job: job(), **options)  # type: ignore[arg-type]
    board.update(0.0)
    board.update(0.0)
    return board


def result(bent: bool) -> DealResult:
    return DealResult(1, 0, (0, 10), 0, bent, False, False, ((), ()))


PAYLOAD = {int: 0, bool: False, "int": 0, "bool": False, "End": End.NONE,
           "DealResult": result(False)}


def event(kind: type[Event], player: int | None, cards: tuple[int, ...] = (),
          **payload: object) -> Event:
    """An event of ``kind``, its payload filled with plain values unless given."""
    for field in dataclasses.fields(kind):
        if field.default is dataclasses.MISSING and field.name not in payload:
            payload[field.name] = () if "tuple" in str(field.type) else PAYLOAD[field.type]
    return kind(player, cards, **payload)


# --- the mapping --------------------------------------------------------------------------

def test_each_event_kind_makes_its_sound() -> None:
    for kind, sound in SOUND_OF.items():
        assert event_cue(event(kind, 0, (5,)))[0].sound == sound, kind
    for kind in SILENT_KINDS:
        assert event_cue(event(kind, 0)) == [], kind


def test_going_out_chimes_and_bending_the_table_chimes_more() -> None:
    assert event_cue(event(ev.DealEnded, 0, result=result(False))) == [Cue(s.GOING_OUT)]
    assert event_cue(event(ev.DealEnded, 0, result=result(True))) == [Cue(s.BEND)]


def test_a_joker_put_on_the_table_or_moved_sparkles() -> None:
    joker = JOKER_BASE
    for kind in (ev.Laid, ev.TackedOn, ev.Discarded):
        assert Cue(s.JOKER, on_landing=True) in event_cue(event(kind, 0, (5, joker))), kind
        assert all(c.sound != s.JOKER for c in event_cue(event(kind, 0, (5, 6)))), kind
    for kind in (ev.JokerShifted, ev.JokerReleased):
        assert Cue(s.JOKER, on_landing=True) in event_cue(event(kind, 0, (5,))), kind


def test_cards_put_down_sound_on_landing_and_the_rest_at_once() -> None:
    landing = {kind for kind in SOUND_OF if event_cue(event(kind, 0, (5,)))[0].on_landing}
    assert landing == {ev.UpcardTurned, ev.Discarded, ev.Laid, ev.TackedOn, ev.JokerShifted,
                       ev.JokerReleased}


def test_a_batch_plays_each_sound_once_and_the_match_drowns_its_last_deal() -> None:
    deals = [event(ev.Dealt, p, (p,)) for p in range(4)]
    assert batch_cues([event(ev.DealStarted, 0), *deals, event(ev.UpcardTurned, None, (9,))]) == [
        Cue(s.SHUFFLE), Cue(s.DEAL), Cue(s.DISCARD, on_landing=True)]
    ending = [event(ev.Discarded, 0, (5,)), event(ev.DealEnded, 0, result=result(False)),
              event(ev.MatchEnded, None)]
    assert batch_cues(ending) == [Cue(s.DISCARD, on_landing=True), Cue(s.MATCH_WON)]


def test_pressing_a_button_clicks_and_other_input_does_not() -> None:
    assert gesture_cue(pygame.event.Event(pygame_gui.UI_BUTTON_START_PRESS)) == Cue(s.CLICK)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN, pygame_gui.UI_TEXT_ENTRY_CHANGED,
                 pygame_gui.UI_BUTTON_PRESSED):
        assert gesture_cue(pygame.event.Event(kind)) is None


# --- the board ----------------------------------------------------------------------------

def test_the_board_plays_at_the_squared_volume_and_waits_for_landings() -> None:
    mixer = FakeMixer()
    board = ready_board(mixer, volume=0.5)
    board.cue([Cue(s.DRAW), Cue(s.DISCARD, on_landing=True)], flight=0.3)
    assert mixer.played == [(s.DRAW, loudness(0.5))] and loudness(0.5) == 0.25
    board.update(0.2)
    assert mixer.names == [s.DRAW]
    board.update(0.11)
    assert mixer.names == [s.DRAW, s.DISCARD]


def test_the_same_sound_does_not_restart_within_its_gap() -> None:
    mixer = FakeMixer()
    board = ready_board(mixer)
    board.play(s.DRAW)
    board.update(0.02)
    board.play(s.DRAW)
    board.play(s.DISCARD)
    board.update(0.1)
    board.play(s.DRAW)
    assert mixer.names == [s.DRAW, s.DISCARD, s.DRAW]


def test_sounds_are_made_after_the_first_frame_and_not_at_all_when_off() -> None:
    made: list[str] = []

    def source() -> list[tuple[str, bytes]]:
        made.append("all")
        return [(s.CLICK, b"wav")]

    board = SoundBoard(FakeMixer(), source=source, spawn=lambda job: job())
    board.update(0.016)
    assert made == []  # the first frame is drawn without waiting for them
    board.configure(volume=0.8, enabled=False)
    board.update(0.016)
    assert made == [] and board.loaded == set()
    board.configure(volume=0.8, enabled=True)
    assert made == []
    board.update(0.016)
    assert made == ["all"] and board.loaded == {s.CLICK}


def test_turned_off_or_at_zero_plays_nothing_and_drops_what_was_waiting() -> None:
    mixer = FakeMixer()
    board = ready_board(mixer)
    board.play(s.DISCARD, delay=0.3)
    board.configure(volume=0.8, enabled=False)
    board.play(s.DRAW)
    board.update(1.0)
    board.configure(volume=0.0, enabled=True)
    board.play(s.DRAW)
    assert mixer.played == []


def test_no_audio_device_means_no_mixer_and_a_silent_board() -> None:
    def no_device() -> None:
        raise pygame.error("No available audio device")

    pygame.mixer.quit()
    try:
        assert open_mixer(no_device) is None
    finally:
        pygame.mixer.init()
    board = SoundBoard(None)
    board.play(s.DRAW)
    board.cue([Cue(s.DISCARD, on_landing=True)], flight=0.1)
    board.update(1.0)
    assert board.silent


def test_a_mixer_that_breaks_while_playing_leaves_the_game_silent() -> None:
    mixer = FakeMixer(fail_on_play=True)
    board = ready_board(mixer)
    board.play(s.DRAW)  # raises nothing
    assert board.silent
    board.play(s.DISCARD)


def test_the_game_board_makes_every_sound_into_the_real_mixer(tmp_path: Path) -> None:
    board = game_board(tmp_path, volume=0.8, enabled=True, spawn=lambda job: job())
    assert board.mixer is not None  # the dummy audio driver is a device
    board.update(0.0)
    board.update(0.0)
    assert board.loaded == set(RECIPES)
    assert len(list((tmp_path / "sounds").glob("*.wav"))) == len(RECIPES)
    board.play(s.GOING_OUT)


# --- the table and the menu -------------------------------------------------------------

def computer_table(app: App, speed: str, seed: int) -> tuple[TableScene, list[list[Event]]]:
    """A computer-only match of Baby Kalooki whose batches of events are recorded."""
    seats = [Seat(name, "medium") for name in ("North", "Marcia", "Delroy")]
    session = MatchSession(BABY, seats, seed, ai_pause=0.0)
    batches: list[list[Event]] = []
    take = session.take_events

    def recorded() -> list[Event]:
        events = take()
        batches.append(events)
        return events

    session.take_events = recorded  # type: ignore[method-assign]
    table = TableScene(app, session, TableOptions(speed=speed))
    app.switch(table)
    return table, batches


def expected_sounds(batches: list[list[Event]]) -> Counter[str]:
    """What the specification says a batch sounds like: each sound once per batch, the
    match's end alone among the endings."""
    wanted: Counter[str] = Counter()
    for batch in batches:
        sounds = {SOUND_OF[type(e)] for e in batch if type(e) in SOUND_OF}
        sounds |= {s.BEND if e.result.bent else s.GOING_OUT
                   for e in batch if isinstance(e, ev.DealEnded)}
        sounds |= {s.JOKER for e in batch if isinstance(e, ev.JokerShifted | ev.JokerReleased)
                   or (isinstance(e, ev.Laid | ev.TackedOn | ev.Discarded)
                       and any(c >= JOKER_BASE for c in e.cards))}
        if s.MATCH_WON in sounds:
            sounds -= {s.GOING_OUT, s.BEND}
        wanted.update(sounds)
    return wanted


@pytest.mark.parametrize("seed", [3, 11])
def test_every_event_of_a_whole_match_plays_its_sound(app: App, seed: int) -> None:
    mixer = FakeMixer()
    app.sounds = ready_board(mixer, min_gap=0.0)
    table, batches = computer_table(app, "instant", seed)
    for _ in range(20_000):
        app.step([])
        if table.session.over:
            break
        if table.result is not None:
            table.next_deal()
    assert table.session.over
    app.run_frames(2)
    heard = Counter(mixer.names)
    assert heard == expected_sounds(batches)
    assert {s.SHUFFLE, s.DEAL, s.DRAW, s.DISCARD, s.LAY_DOWN, s.MATCH_WON} <= set(heard)


def test_a_discard_snaps_when_the_card_lands(app: App) -> None:
    mixer = FakeMixer()
    app.sounds = ready_board(mixer, min_gap=0.0)
    _table, batches = computer_table(app, "normal", seed=3)
    discarded_at = None
    for frame in range(3000):
        app.step([])
        if discarded_at is None and any(isinstance(e, ev.Discarded) for e in batches[-1]):
            discarded_at, snaps = frame, mixer.names.count(s.DISCARD)
        if discarded_at is not None and mixer.names.count(s.DISCARD) > snaps:
            break
    assert discarded_at is not None
    assert frame - discarded_at == round(SPEEDS["normal"] / 0.016)


def test_muted_and_silent_tables_play_a_deal_without_a_sound(app: App) -> None:
    for board in (ready_board(FakeMixer(), enabled=False), SoundBoard(None)):
        app.sounds = board
        table, _ = computer_table(app, "instant", seed=3)
        for _ in range(5000):
            app.step([])
            if table.result is not None:
                break
        assert table.result is not None
        assert board.mixer is None or not board.mixer.played  # type: ignore[attr-defined]


def press(app: App, pos: tuple[int, int]) -> None:
    for kind, fields in ((pygame.MOUSEMOTION, {"rel": (0, 0), "buttons": (0, 0, 0)}),
                         (pygame.MOUSEBUTTONDOWN, {"button": 1}),
                         (pygame.MOUSEBUTTONUP, {"button": 1})):
        pygame.event.post(pygame.event.Event(kind, pos=pos, **fields))
    app.run_frames(3)


def test_menu_buttons_and_drop_downs_click(app: App) -> None:
    mixer = FakeMixer()
    app.sounds = ready_board(mixer, min_gap=0.0)
    menu = MainMenuScene(app)
    app.switch(menu)
    press(app, menu.buttons["new_game"].rect.center)
    assert menu.setup_open
    assert mixer.names == [s.CLICK]
    press(app, menu.setup.preset.rect.center)
    assert menu.setup.preset.current_state is menu.setup.preset.menu_states["expanded"]
    assert mixer.names == [s.CLICK, s.CLICK]


def test_the_launcher_follows_the_sound_settings(tmp_path: Path) -> None:
    home = StorePaths.under(tmp_path)
    save_settings(home, Settings(sound=False, volume=0.3))
    app = launch(home, clock=FakeClock())
    try:
        assert not app.sounds.enabled and app.sounds.volume == 0.3
        profile = Profile(home, Settings(sound=False, volume=0.3), deal_seed=seeds_from())
        profile.change(app, sound=True, volume=0.6)
        assert app.sounds.enabled and app.sounds.volume == 0.6
        mixer = FakeMixer()
        app.sounds = ready_board(mixer, volume=0.6)
        profile.change(app, volume=0.4)
        assert mixer.played == [(s.DISCARD, loudness(0.4))]  # the new level, heard
        app.sounds.update(1.0)
        profile.change(app, player_name="Pat")
        assert len(mixer.played) == 1
    finally:
        app.close()
