"""The synthesised sounds: soft (peaks where the recipes put them, none loud), free of
clicks at their ends, and cached so that only the first start makes them."""

from __future__ import annotations

import dataclasses
import io
import itertools
import math
import wave
from pathlib import Path

import pytest

from kalooki.ui.sound import cache, synth
from kalooki.ui.sound.cache import cached_or_made, game_sounds, sound_file
from kalooki.ui.sound.recipes import (
    CLICK,
    DISCARD,
    DRAW,
    GOING_OUT,
    LAY_DOWN,
    RECIPES,
    TACK_ON,
)
from kalooki.ui.sound.synth import RATE, Noise, Recipe, Tone, digest, render, wav_bytes

LOUDEST_DBFS = -10.0
"""No sound of the game comes near full scale: the player's volume does the rest."""


@pytest.fixture(scope="module")
def rendered() -> dict[str, object]:
    return {name: render(recipe) for name, recipe in RECIPES.items()}


def dbfs(value: float) -> float:
    return 20 * math.log10(value / 32768)


def test_every_sound_peaks_at_its_recipes_level_and_none_is_loud(rendered) -> None:
    for name, samples in rendered.items():
        peak = dbfs(max(abs(v) for v in samples))
        assert peak == pytest.approx(RECIPES[name].peak, abs=0.05), name
        assert peak <= LOUDEST_DBFS, name


def test_sounds_start_and_end_in_silence(rendered) -> None:
    for name, samples in rendered.items():
        assert samples[0] == 0 and samples[-1] == 0, name
        edge = round(0.001 * RATE)
        assert max(abs(v) for v in samples[-edge:]) < 40, name  # under -58 dBFS


def test_card_sounds_are_short_and_chimes_ring(rendered) -> None:
    seconds = {name: len(samples) / RATE for name, samples in rendered.items()}
    assert seconds[CLICK] < 0.1
    assert all(seconds[name] < 0.5 for name in (DRAW, DISCARD, TACK_ON, LAY_DOWN))
    assert all(0.02 < s < 6 for s in seconds.values())
    assert seconds[GOING_OUT] > 1.0


def test_a_tone_has_its_pitch() -> None:
    """One sine partial: the zero crossings of its first tenth of a second give 440 Hz."""
    samples = render(Recipe((Tone(0.0, 440.0, 0.001, 0.5, partials=((1.0, 1.0, 1.0),)),),
                            peak=-6))
    window = samples[: RATE // 10]
    crossings = sum(1 for a, b in itertools.pairwise(window) if a < 0 <= b)
    assert crossings == pytest.approx(44, abs=1)


def test_band_passed_noise_keeps_to_its_band() -> None:
    """Noise centred low changes sign far less often than noise centred high."""
    def crossings(centre: float) -> int:
        samples = render(Recipe((Noise(0.0, 0.001, 0.05, centre, 2.0),), peak=-6))
        return sum(1 for a, b in itertools.pairwise(samples) if (a < 0) != (b < 0))
    assert crossings(300) * 4 < crossings(3000)


def test_same_recipe_same_samples_and_digest() -> None:
    recipe = RECIPES[CLICK]
    assert render(recipe) == render(recipe)
    changed = dataclasses.replace(recipe, peak=recipe.peak - 1)
    assert digest(changed) != digest(recipe)


def test_wav_bytes_are_a_mono_16_bit_file() -> None:
    samples = render(RECIPES[CLICK])
    with wave.open(io.BytesIO(wav_bytes(samples))) as file:
        assert (file.getnchannels(), file.getsampwidth(), file.getframerate()) == (1, 2, RATE)
        assert file.getnframes() == len(samples)


def test_the_cache_is_read_on_the_second_start(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    recipes = {CLICK: RECIPES[CLICK]}
    first = dict(game_sounds(tmp_path, recipes))
    assert sound_file(tmp_path, CLICK, RECIPES[CLICK]).exists()

    def no_synthesis(recipe: Recipe) -> object:
        raise AssertionError("made again although cached")

    monkeypatch.setattr(cache, "render", no_synthesis)
    assert dict(game_sounds(tmp_path, recipes)) == first


def test_a_damaged_cache_file_is_made_again(tmp_path: Path) -> None:
    path = sound_file(tmp_path, CLICK, RECIPES[CLICK])
    path.write_bytes(b"RIFF\x00\x00")
    data = cached_or_made(tmp_path, CLICK, RECIPES[CLICK])
    assert data == wav_bytes(render(RECIPES[CLICK]))
    assert path.read_bytes() == data


def test_stale_files_go_once_every_sound_is_there(tmp_path: Path) -> None:
    old = tmp_path / f"{CLICK}-0123456789abcdef.wav"
    old.write_bytes(b"old recipe")
    list(game_sounds(tmp_path, {CLICK: RECIPES[CLICK]}))
    assert not old.exists()
    assert [p.name for p in tmp_path.iterdir()] == [
        sound_file(tmp_path, CLICK, RECIPES[CLICK]).name]


def test_an_unwritable_cache_still_gives_the_sound(tmp_path: Path) -> None:
    blocked = tmp_path / "file-not-folder"
    blocked.write_text("in the way")
    data = cached_or_made(blocked / "sounds", CLICK, RECIPES[CLICK])
    assert data == wav_bytes(synth.render(RECIPES[CLICK]))
