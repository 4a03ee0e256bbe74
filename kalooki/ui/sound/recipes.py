"""What each of the game's sounds is made of (see :mod:`sound_synth` for the layers).

Card sounds are short band-passed noise, kept below 3 kHz and well under full scale so
they read as paper on felt, not as clicks; chimes are soft sine partials on a major chord.
Peaks are set per sound so that a card snap sits under a chime and a UI click under both.
"""

from __future__ import annotations

import random

from kalooki.ui.sound.synth import CHIME, KNOCK, MALLET, Layer, Noise, Recipe, Tone

SHUFFLE = "shuffle"
DEAL = "deal"
DRAW = "draw"
DISCARD = "discard"
LAY_DOWN = "lay-down"
TACK_ON = "tack-on"
CALL = "call"
CALL_WON = "call-won"
JOKER = "joker"
GOING_OUT = "going-out"
BEND = "bend"
MATCH_WON = "match-won"
CLICK = "click"

C5, E5, F5, G5, A5, B5 = 523.25, 659.26, 698.46, 783.99, 880.0, 987.77
C6, D6, E6, G6, GS6, B6, E7 = 1046.5, 1174.66, 1318.51, 1567.98, 1661.22, 1975.53, 2637.02


def _snap(at: float, centre: float = 1800, gain: float = 1.0, seed: int = 0) -> list[Layer]:
    """A card landing: a short papery tick over a dull thump of the felt."""
    return [Noise(at, 0.0008, 0.009, centre, 0.9, gain=gain, seed=seed),
            Noise(at, 0.0015, 0.016, 320, 0.7, gain=0.9 * gain, seed=seed + 1)]


def _swish(at: float, length: float, centre: float, sweep: float, gain: float = 1.0,
           seed: int = 0) -> Noise:
    """A card sliding: noise swelling and fading as its band glides."""
    return Noise(at, length * 0.45, length * 0.2, centre, 1.3, sweep, gain, seed)


def _riffle(seed: int) -> list[Layer]:
    """The two halves of the pack falling into each other: quick ticks, densest midway."""
    jitter = random.Random(seed)
    ticks: list[Layer] = []
    t = 0.0
    for i in range(40):
        middle = 1 - abs(i - 20) / 20
        ticks.append(Noise(t, 0.0005, 0.0035, 2000 + jitter.uniform(-400, 400), 1.4,
                           gain=0.45 + 0.4 * middle * jitter.uniform(0.7, 1.0),
                           seed=seed + i))
        t += 0.02 - 0.01 * middle
    return ticks


def _notes(at: float, freqs: tuple[float, ...], step: float, decay: float,
           gain: float = 1.0, partials: tuple[tuple[float, float, float], ...] = CHIME
           ) -> list[Layer]:
    """Notes struck one after another ``step`` seconds apart (an arpeggio, or a chord
    when ``step`` is nearly nothing)."""
    return [Tone(at + i * step, f, 0.004, decay, gain, partials) for i, f in enumerate(freqs)]


RECIPES: dict[str, Recipe] = {
    SHUFFLE: Recipe((
        _swish(0.0, 0.55, 1500, 1.3, 0.25, seed=100),
        *_riffle(seed=200),
        _swish(0.62, 0.2, 2200, 0.6, 0.6, seed=101),
        *_snap(0.84, 1500, 0.7, seed=102),
    ), peak=-16),
    DEAL: Recipe(tuple(
        layer for i in range(6)
        for layer in (_swish(i * 0.075, 0.05, 2200, 0.7, seed=300 + 2 * i),
                      *_snap(i * 0.075 + 0.035, 1700, 0.35, seed=400 + 2 * i))
    ), peak=-18),
    DRAW: Recipe((_swish(0.0, 0.11, 1400, 1.8, seed=500),), peak=-19),
    DISCARD: Recipe((_swish(0.0, 0.04, 1800, 1.2, 0.3, seed=600),
                     *_snap(0.025, 1800, seed=602)), peak=-14),
    LAY_DOWN: Recipe(tuple(
        layer for i, (centre, gain) in enumerate(((1700, 0.7), (1900, 0.8), (1600, 1.0)))
        for layer in _snap(i * 0.07, centre, gain, seed=700 + 2 * i)
    ), peak=-14),
    TACK_ON: Recipe((_swish(0.0, 0.03, 2000, 1.2, 0.3, seed=800),
                     *_snap(0.02, 2100, seed=802)), peak=-15),
    CALL: Recipe(tuple(
        layer for i, gain in enumerate((1.0, 0.8))
        for layer in (Tone(i * 0.12, 300, 0.001, 0.025, gain, KNOCK),
                      Noise(i * 0.12, 0.0005, 0.006, 1200, 0.8, gain=0.3 * gain,
                            seed=900 + i))
    ), peak=-15),
    CALL_WON: Recipe(tuple(_notes(0.0, (G5, C6), 0.09, 0.16, partials=MALLET)), peak=-17),
    JOKER: Recipe((
        *_notes(0.0, (E6, GS6, B6, E7), 0.05, 0.1, 0.6),
        Noise(0.0, 0.05, 0.08, 6000, 2.0, gain=0.05, seed=1000),
    ), peak=-18),
    GOING_OUT: Recipe((*_notes(0.0, (C5, E5, G5), 0.12, 0.3),
                       *_notes(0.36, (C6,), 0, 0.5)), peak=-14),
    BEND: Recipe((
        *_notes(0.0, (C5, E5, G5, C6, E6), 0.07, 0.25, 0.8),
        *_notes(0.42, (C6, E6, G6), 0.015, 0.5, 0.6),
        Noise(0.4, 0.1, 0.15, 5000, 2.0, gain=0.03, seed=1100),
    ), peak=-13),
    MATCH_WON: Recipe((
        *_notes(0.0, (C5, E5, G5), 0.04, 0.22, 0.7),
        *_notes(0.32, (F5, A5, C6), 0.04, 0.22, 0.7),
        *_notes(0.64, (G5, B5, D6), 0.04, 0.22, 0.7),
        *_notes(0.96, (C5, C6, E6, G6), 0.03, 0.55, 0.6),
    ), peak=-13),
    CLICK: Recipe((Tone(0.0, 1300, 0.0005, 0.005, 1.0, ((1.0, 1.0, 1.0),)),
                   Noise(0.0, 0.0003, 0.002, 3000, 1.0, gain=0.4, seed=1200)), peak=-24),
}
"""Every sound by name; :mod:`~kalooki.ui.sound.cues` and
:mod:`~kalooki.ui.sound.event_cues` say which moment plays which."""
