"""The sound board: plays the game's sounds through a mixer it is given, or stays silent.

Silence is always safe: with no audio device, a mixer that fails to start or breaks while
playing, the sound setting off or the volume at zero, every ``play`` does nothing and
nothing raises. The board keeps its own time from the frame times the app hands to
:meth:`SoundBoard.update`, so tests drive it with an injected clock like the rest of the UI.

Sounds are made on a worker thread started at the second frame (the first is drawn at
once even when the cache is empty); each arrives on the main thread, where the mixer
loads it. A sound asked for before it has arrived is skipped.
"""

from __future__ import annotations

import io
import logging
import queue
import threading
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Protocol

import pygame

from kalooki.ui.sound.cache import SOUNDS_FOLDER, game_sounds
from kalooki.ui.sound.cues import Cue
from kalooki.ui.sound.recipes import RECIPES

MIN_GAP = 0.06
"""Seconds before the same sound may start again: a burst of moves makes one sound, not
a machine gun."""
_log = logging.getLogger("kalooki.sound")

Source = Callable[[], Iterable[tuple[str, bytes]]]
"""Makes the sounds (name and WAV bytes), one after another."""
Spawn = Callable[[Callable[[], None]], None]
"""Runs a job in the background (tests: at once)."""


class Mixer(Protocol):
    """What the board needs from a mixer: ``pygame.mixer`` or a test's recorder."""

    def load(self, name: str, wav: bytes) -> None: ...

    def play(self, name: str, volume: float) -> None: ...


class PygameMixer:
    """``pygame.mixer`` behind the :class:`Mixer` protocol."""

    def __init__(self) -> None:
        self.sounds: dict[str, pygame.mixer.Sound] = {}

    def load(self, name: str, wav: bytes) -> None:
        self.sounds[name] = pygame.mixer.Sound(file=io.BytesIO(wav))

    def play(self, name: str, volume: float) -> None:
        channel = self.sounds[name].play()
        if channel is not None:  # None: every channel busy; this sound is skipped
            channel.set_volume(volume)


def open_mixer(init: Callable[[], object] | None = None) -> Mixer | None:
    """The pygame mixer, started if ``pygame.init`` did not; None when there is no sound."""
    try:
        if pygame.mixer.get_init() is None:
            (init or pygame.mixer.init)()
    except (pygame.error, NotImplementedError) as error:
        _log.info("no sound: the mixer did not start (%s)", error)
        return None
    return PygameMixer()


def in_thread(job: Callable[[], None]) -> None:
    threading.Thread(target=job, name="kalooki-sounds", daemon=True).start()


def loudness(volume: float) -> float:
    """The mixer's amplitude for the volume setting: squared, so that the slider's middle
    sounds like half volume rather than barely quieter."""
    return volume * volume


class SoundBoard:
    """Plays sounds by name; built silent (no mixer) until the launcher gives it one."""

    def __init__(self, mixer: Mixer | None = None, *, volume: float = 0.8,
                 enabled: bool = True, source: Source | None = None,
                 spawn: Spawn = in_thread, min_gap: float = MIN_GAP) -> None:
        self.mixer = mixer
        self.volume = volume
        self.enabled = enabled
        self.loaded: set[str] = set()
        self.min_gap = min_gap
        self.clock = 0.0
        self.frames = 0
        self._source = source
        self._spawn = spawn
        self._arrivals: queue.SimpleQueue[tuple[str, bytes]] = queue.SimpleQueue()
        self._waiting: list[tuple[float, str]] = []
        self._last: dict[str, float] = {}

    @property
    def silent(self) -> bool:
        return self.mixer is None or not self.enabled or self.volume <= 0

    def configure(self, *, volume: float, enabled: bool) -> None:
        """Follow the settings; turning sound off also drops sounds still to come."""
        self.volume, self.enabled = volume, enabled
        if self.silent:
            self._waiting.clear()

    def play(self, sound: str, delay: float = 0.0) -> None:
        """Play ``sound`` now, or ``delay`` seconds of frame time from now."""
        if self.silent:
            return
        if delay > 0:
            self._waiting.append((self.clock + delay, sound))
            return
        last = self._last.get(sound)
        if sound not in self.loaded or (last is not None and self.clock - last < self.min_gap):
            return
        self._last[sound] = self.clock
        assert self.mixer is not None
        try:
            self.mixer.play(sound, loudness(self.volume))
        except pygame.error as error:
            _log.warning("sound stopped: the mixer failed while playing (%s)", error)
            self.mixer = None

    def cue(self, cues: Iterable[Cue], flight: float) -> None:
        """Play cues; those ``on_landing`` after ``flight`` seconds, when the card lands."""
        for cue in cues:
            self.play(cue.sound, flight if cue.on_landing else 0.0)

    def next_due(self) -> float | None:
        """Seconds until the next waiting sound is due (the loop wakes for it)."""
        if not self._waiting:
            return None
        return min(at for at, _ in self._waiting) - self.clock

    def update(self, dt: float) -> None:
        """Advance the board's time (the app calls this before the scene moves, so a
        sound due on landing plays in the frame the card lands): start making sounds
        (once, from the second frame), load those that arrived, play those now due."""
        self.clock += dt
        self.frames += 1
        if self._source is not None and not self.silent and self.frames > 1:
            source, self._source = self._source, None
            self._spawn(lambda: self._make(source))
        self._load_arrivals()
        due = [sound for at, sound in self._waiting if at <= self.clock]
        self._waiting = [(at, sound) for at, sound in self._waiting if at > self.clock]
        for sound in due:
            self.play(sound)

    def _make(self, source: Source) -> None:
        try:
            for made in source():
                self._arrivals.put(made)
        except Exception:  # a sound that cannot be made leaves the game silent, not broken
            _log.exception("the game's sounds could not all be made")

    def _load_arrivals(self) -> None:
        while not self._arrivals.empty():
            name, wav = self._arrivals.get()
            if self.mixer is None:
                continue
            try:
                self.mixer.load(name, wav)
            except pygame.error as error:
                _log.warning("sound %s could not be loaded (%s)", name, error)
                continue
            self.loaded.add(name)


def game_board(cache: Path | None, *, volume: float, enabled: bool,
               mixer: Mixer | None = None, spawn: Spawn = in_thread) -> SoundBoard:
    """The game's board: the pygame mixer (or ``mixer``), its sounds made or read from
    ``cache`` in the background."""
    folder = cache / SOUNDS_FOLDER if cache is not None else None

    def made() -> Iterator[tuple[str, bytes]]:
        return game_sounds(folder, RECIPES)

    return SoundBoard(mixer or open_mixer(), volume=volume, enabled=enabled, source=made,
                      spawn=spawn)
