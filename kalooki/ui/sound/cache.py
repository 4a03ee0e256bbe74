"""The synthesised sounds kept as WAV files in the user cache folder, so only the first
start pays for making them. A file's name carries its recipe's digest: a changed recipe
makes a new file, and files no recipe names any more are removed. A cache that cannot be
read or written costs time only: the sound is made again in memory.
"""

from __future__ import annotations

import io
import logging
import wave
from collections.abc import Iterator, Mapping
from pathlib import Path

from kalooki.store.atomic import write_atomic
from kalooki.store.bounded import read_bounded
from kalooki.ui.sound.synth import RATE, Recipe, digest, render, wav_bytes

SOUNDS_FOLDER = "sounds"
MAX_WAV_BYTES = 4 << 20
"""Far above the longest sound (a second or two of 16-bit mono): a larger file, or one
that is no regular file, is no sound of ours and is made again."""
_log = logging.getLogger("kalooki.sound")


def sound_file(folder: Path, name: str, recipe: Recipe) -> Path:
    return folder / f"{name}-{digest(recipe)}.wav"


def _usable(data: bytes) -> bool:
    """Whether ``data`` is a whole WAV file of the kind :mod:`sound_synth` writes."""
    try:
        with wave.open(io.BytesIO(data)) as file:
            frames = file.getnframes()
            whole = len(file.readframes(frames)) == frames * 2
            return bool(whole and frames > 0 and file.getframerate() == RATE
                and file.getnchannels() == 1 and file.getsampwidth() == 2)
    except (wave.Error, EOFError):
        return False


def cached_or_made(folder: Path | None, name: str, recipe: Recipe) -> bytes:
    """The sound's WAV bytes: from the cache when a whole file is there, else made now
    (and cached for the next start when ``folder`` is given and writable)."""
    if folder is None:
        return wav_bytes(render(recipe))
    path = sound_file(folder, name, recipe)
    try:
        data = read_bounded(path, MAX_WAV_BYTES)  # a FIFO or a device is never read
        if _usable(data):
            return data
        _log.info("sound cache: %s was damaged; making it again", path.name)
    except OSError:
        pass
    data = wav_bytes(render(recipe))
    try:
        write_atomic(path, data)
    except OSError as error:
        _log.info("sound cache: could not keep %s (%s)", path.name, error)
    return data


def forget_stale(folder: Path, recipes: Mapping[str, Recipe]) -> None:
    """Remove the cached files of recipes that changed or went, and any leftovers."""
    keep = {sound_file(folder, name, recipe).name for name, recipe in recipes.items()}
    try:
        stale = [path for path in folder.iterdir() if path.name not in keep]
        for path in stale:
            path.unlink()
    except OSError:
        pass  # a stale file only takes a little room


def game_sounds(folder: Path | None, recipes: Mapping[str, Recipe]
                ) -> Iterator[tuple[str, bytes]]:
    """Every sound's WAV bytes in the recipes' order, cached in ``folder``, stale files
    removed once all are there."""
    for name, recipe in recipes.items():
        yield name, cached_or_made(folder, name, recipe)
    if folder is not None:
        forget_stale(folder, recipes)
