"""The game's sounds, for a listen-check by numbers: each sound's length, peak, loudness
(RMS over the whole sound and over its loudest 50 ms), time to its peak, its RMS frequency
(how bright it is: a card snap should sit near 2 kHz, nothing should be shrill) and its
envelope drawn in characters; then the time to make them all and to read them back from
the cache."""

from __future__ import annotations

import itertools
import math
import tempfile
import time
from array import array
from pathlib import Path

from kalooki.ui.sound.cache import game_sounds
from kalooki.ui.sound.recipes import RECIPES
from kalooki.ui.sound.synth import RATE, render

_BARS = " .:-=+*#%@"
_COLUMNS = 40


def _db(value: float) -> float:
    return 20 * math.log10(max(value, 1e-9) / 32768)


def _loudest_window(samples: array, seconds: float) -> float:
    width = min(len(samples), round(seconds * RATE))
    squares = [v * v for v in samples]
    total = best = sum(squares[:width])
    for i in range(width, len(squares)):
        total += squares[i] - squares[i - width]
        best = max(best, total)
    return math.sqrt(best / width)


def _rms_frequency(samples: array) -> float:
    """The signal's RMS frequency, from its slope against its level (Rice's formula)."""
    power = sum(v * v for v in samples)
    slope = sum((b - a) ** 2 for a, b in itertools.pairwise(samples))
    return RATE / (2 * math.pi) * math.sqrt(slope / power) if power else 0.0


def _envelope(samples: array) -> str:
    """The loudest sample of each stretch, on a 48 dB scale, one character a stretch."""
    step = max(1, len(samples) // _COLUMNS)
    peak = max(abs(v) for v in samples)
    marks = []
    for start in range(0, len(samples), step):
        level = max(abs(v) for v in samples[start:start + step]) / peak
        db = 20 * math.log10(max(level, 1e-6))
        marks.append(_BARS[max(0, min(len(_BARS) - 1, round((db + 48) / 48 * 9)))])
    return "".join(marks)[:_COLUMNS]


def main() -> None:
    print(f"{'sound':10} {'length':>7} {'peak':>6} {'RMS':>6} {'50 ms':>6} {'to peak':>8} "
          f"{'RMS Hz':>7}  envelope (48 dB)")
    total = 0.0
    for name, recipe in RECIPES.items():
        begun = time.process_time()
        samples = render(recipe)
        total += time.process_time() - begun
        peak = max(abs(v) for v in samples)
        rms = math.sqrt(sum(v * v for v in samples) / len(samples))
        to_peak = next(i for i, v in enumerate(samples) if abs(v) == peak) / RATE
        print(f"{name:10} {len(samples) / RATE:6.2f}s {_db(peak):6.1f} {_db(rms):6.1f} "
              f"{_db(_loudest_window(samples, 0.05)):6.1f} {to_peak * 1000:6.0f}ms "
              f"{_rms_frequency(samples):7.0f}  {_envelope(samples)}")
    print(f"making all {len(RECIPES)} sounds: {total:.2f} s of CPU (levels in dBFS)")
    with tempfile.TemporaryDirectory() as folder:
        begun = time.process_time()
        list(game_sounds(Path(folder), RECIPES))
        first = time.process_time() - begun
        begun = time.perf_counter()
        data = dict(game_sounds(Path(folder), RECIPES))
        cached = time.perf_counter() - begun
        size = sum(len(wav) for wav in data.values())
    print(f"first start (make and cache): {first:.2f} s of CPU; later starts read the cache "
          f"in {cached * 1000:.1f} ms ({size / 1024:.0f} KiB of WAV)")


if __name__ == "__main__":
    main()
