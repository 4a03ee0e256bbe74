"""The game's sounds, made by code: soft card snaps and swishes from filtered noise, gentle
chimes from sine partials. Pure Python (``array``, ``math``, ``wave``): no pygame, no files,
no new dependency, so the executable carries only this module.

A sound is a :class:`Recipe`, a few frozen layers, each a noise burst through a band-pass
filter or a tone of sine partials, each with its own envelope: a raised-cosine rise, then
an exponential fall. Recipes are values, so their text is the cache key (:func:`digest`):
change a number and the cached file is made again.
"""

from __future__ import annotations

import hashlib
import io
import math
import random
import wave
from array import array
from dataclasses import dataclass

RATE = 22050
"""Samples a second. Soft sounds hold little above 8 kHz, so half of CD rate loses nothing
and halves the synthesis time; the mixer resamples on loading."""
RENDER_VERSION = 1
"""Part of the cache key: bump it when the rendering below changes what a recipe sounds like."""
_FLOOR = math.log(1000)
"""A layer ends when its fall reaches -60 dB: that many time constants after its rise."""
_SWEEP_STEP = 32
"""Samples between filter updates of a sweeping noise layer."""
_FADE = 0.004
"""Seconds of fade at both ends of a finished sound, so it never starts or stops on a click."""


@dataclass(frozen=True)
class Noise:
    """White noise through a band-pass filter (centre in Hz, width by ``q``), optionally
    sweeping its centre by the factor ``sweep`` over its life: the swish of a card."""

    at: float
    attack: float
    decay: float
    centre: float
    q: float = 1.0
    sweep: float = 1.0
    gain: float = 1.0
    seed: int = 0


Partial = tuple[float, float, float]
"""(frequency ratio, amplitude, decay scale) of one sine in a tone."""
CHIME: tuple[Partial, ...] = ((1.0, 1.0, 1.0), (2.0, 0.28, 0.6), (3.0, 0.08, 0.4))
"""A soft chime: the fundamental with weak harmonics that die first, so notes mellow."""
MALLET: tuple[Partial, ...] = ((1.0, 1.0, 1.0), (4.0, 0.18, 0.25))
"""A wooden bar: the fundamental and the quick fourth partial of a marimba."""
KNOCK: tuple[Partial, ...] = ((1.0, 1.0, 1.0), (2.3, 0.5, 0.5))
"""A knuckle on the table: two low, fast-damped modes (pitched at 300 Hz and up in
its recipe, which laptop speakers still play)."""


@dataclass(frozen=True)
class Tone:
    """Sine partials of ``freq`` sharing one rise; each falls at ``decay`` × its scale."""

    at: float
    freq: float
    attack: float
    decay: float
    gain: float = 1.0
    partials: tuple[Partial, ...] = CHIME


Layer = Noise | Tone


@dataclass(frozen=True)
class Recipe:
    """A sound: its layers mixed, then scaled so its loudest sample is ``peak`` dBFS."""

    layers: tuple[Layer, ...]
    peak: float


def _length(layer: Layer) -> float:
    longest = layer.decay * (max(p[2] for p in layer.partials) if isinstance(layer, Tone)
                             else 1.0)
    return layer.attack + longest * _FLOOR


def _rise(out: list[float], start: int, count: int, attack: float) -> None:
    """Shape the first samples of a part just added at ``start`` by a raised-cosine rise."""
    rise = min(count, max(1, round(attack * RATE)))
    for i in range(rise):
        out[start + i] *= 0.5 - 0.5 * math.cos(math.pi * (i + 1) / rise)


def _band_pass(centre: float, q: float) -> tuple[float, float, float, float]:
    """A biquad band-pass of 0 dB peak gain (the audio EQ cookbook): b0, b2, a1, a2."""
    w0 = 2 * math.pi * min(centre, RATE * 0.45) / RATE
    alpha = math.sin(w0) / (2 * q)
    a0 = 1 + alpha
    return alpha / a0, -alpha / a0, -2 * math.cos(w0) / a0, (1 - alpha) / a0


def _add_noise(out: list[float], start: int, layer: Noise) -> None:
    """Add the layer's filtered noise, falling exponentially, to ``out`` from ``start``."""
    count = round(_length(layer) * RATE)
    part = [0.0] * count
    white = random.Random(layer.seed).random
    fall = math.exp(-1 / (layer.decay * RATE))
    level = layer.gain
    x1 = x2 = y1 = y2 = 0.0
    b0, b2, a1, a2 = _band_pass(layer.centre, layer.q)
    for i in range(count):
        if layer.sweep != 1.0 and i % _SWEEP_STEP == 0:
            b0, b2, a1, a2 = _band_pass(layer.centre * layer.sweep ** (i / count), layer.q)
        x0 = white() * 2 - 1
        y0 = b0 * x0 + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, x0, y1, y0
        part[i] = y0 * level
        level *= fall
    _rise(part, 0, count, layer.attack)
    for i, value in enumerate(part, start):
        out[i] += value


def _add_tone(out: list[float], start: int, layer: Tone) -> None:
    """Add the layer's partials, each a damped sine made by its two-term recurrence
    (``r**n sin(wn)``: two products a sample, no call to ``sin``)."""
    count = round(_length(layer) * RATE)
    part = [0.0] * count
    for ratio, amplitude, scale in layer.partials:
        w = 2 * math.pi * layer.freq * ratio / RATE
        if w >= math.pi:
            continue
        r = math.exp(-1 / (layer.decay * scale * RATE))
        c, r2 = 2 * r * math.cos(w), r * r
        gain = amplitude * layer.gain
        y2, y1 = 0.0, r * math.sin(w)
        for i in range(1, count):
            part[i] += y1 * gain
            y2, y1 = y1, c * y1 - r2 * y2
    _rise(part, 0, count, layer.attack)
    for i, value in enumerate(part, start):
        out[i] += value


def render(recipe: Recipe) -> array[int]:
    """The recipe as 16-bit mono samples at :data:`RATE`."""
    starts = [round(layer.at * RATE) for layer in recipe.layers]
    mixed = [0.0] * max(start + round(_length(layer) * RATE)
                        for start, layer in zip(starts, recipe.layers, strict=True))
    for start, layer in zip(starts, recipe.layers, strict=True):
        if isinstance(layer, Noise):
            _add_noise(mixed, start, layer)
        else:
            _add_tone(mixed, start, layer)
    fade = min(round(_FADE * RATE), len(mixed) // 2)
    for i in range(fade):
        mixed[i] *= i / fade
        mixed[-1 - i] *= i / fade
    loudest = max(abs(v) for v in mixed) or 1.0
    scale = 32767 * 10 ** (recipe.peak / 20) / loudest
    return array("h", [round(v * scale) for v in mixed])


def wav_bytes(samples: array[int]) -> bytes:
    """A mono 16-bit WAV file of ``samples``, the format every mixer loads."""
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as file:
        file.setnchannels(1)
        file.setsampwidth(2)
        file.setframerate(RATE)
        file.writeframes(samples.tobytes())
    return buffer.getvalue()


def digest(recipe: Recipe) -> str:
    """A short name for what the recipe sounds like: equal recipes, equal digests."""
    key = f"{RENDER_VERSION}:{RATE}:{recipe!r}".encode()
    return hashlib.sha256(key).hexdigest()[:16]
