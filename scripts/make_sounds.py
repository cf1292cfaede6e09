#!/usr/bin/env python
"""Synthesise the table's four sounds (issue 33, "Sound") into src/hanafuda/web/static/sound/.

    python scripts/make_sounds.py            # writes place.wav, capture.wav, yaku.wav, turn.wav
    python scripts/make_sounds.py --check    # exits 1 if a file differs from what it would write

Every sound is made here from sine waves and seeded noise with numpy — no recorded or downloaded
sample — and written as 16-bit mono WAV at 16 kHz, so each file stays small (< 30 KB).  The
script is deterministic: the same numpy version writes the same bytes, so the files in the
repository are what it makes (``--check``).

- place: a soft card laid on felt — a short burst of low-passed noise with a quick decay;
- capture: two cards meeting — the place sound followed by a brighter click;
- yaku: a chime — three bell partials of a rising major triad (a yaku is made, RULES.md §5);
- turn: "your turn" — two short soft tones, a fifth apart.
"""

from __future__ import annotations

import argparse
import io
import sys
import wave
from collections.abc import Callable
from pathlib import Path

import numpy as np
import numpy.typing as npt

RATE = 16_000
"""Samples per second: enough for these soft sounds, and it keeps each file small."""

OUT = Path(__file__).resolve().parent.parent / "src" / "hanafuda" / "web" / "static" / "sound"

Signal = npt.NDArray[np.float64]


def _time(seconds: float) -> Signal:
    return np.arange(int(RATE * seconds), dtype=np.float64) / RATE


def _noise(seconds: float, seed: int) -> Signal:
    """Seeded white noise, smoothed by a short moving average (a soft, felt-like low-pass)."""
    raw = np.random.default_rng(seed).standard_normal(int(RATE * seconds))
    kernel = np.ones(9) / 9
    smooth: Signal = np.convolve(raw, kernel, mode="same")
    return smooth


def _tone(freq: float, seconds: float, decay: float) -> Signal:
    t = _time(seconds)
    out: Signal = np.sin(2 * np.pi * freq * t) * np.exp(-t / decay)
    return out


def _fade(x: Signal, attack: float = 0.004) -> Signal:
    """A few milliseconds of fade in and out, so no sound starts or ends with a click."""
    n = max(1, int(RATE * attack))
    ramp = np.linspace(0.0, 1.0, n)
    y = x.copy()
    y[:n] *= ramp
    y[-n:] *= ramp[::-1]
    return y


def place() -> Signal:
    t = _time(0.12)
    return _fade(_noise(0.12, seed=1) * np.exp(-t / 0.025) * 0.9)


def capture() -> Signal:
    first = place()
    gap = np.zeros(int(RATE * 0.05))
    t = _time(0.1)
    click = _noise(0.1, seed=2) * np.exp(-t / 0.012) * 0.6 + _tone(1900, 0.1, 0.015) * 0.25
    return _fade(np.concatenate([first, gap, click]))


def yaku() -> Signal:
    seconds = 0.7
    out = np.zeros(int(RATE * seconds))
    for i, freq in enumerate((880.0, 1108.73, 1318.51)):  # A5, C#6, E6: a major triad, rising
        start = int(RATE * 0.07 * i)
        bell = _tone(freq, seconds, 0.22) + 0.3 * _tone(freq * 2.76, seconds, 0.08)  # a bell's partial
        out[start:] += bell[: len(out) - start] * 0.28
    return _fade(out)


def turn() -> Signal:
    a = _fade(_tone(659.25, 0.14, 0.09) * 0.45)  # E5
    gap = np.zeros(int(RATE * 0.04))
    b = _fade(_tone(987.77, 0.18, 0.1) * 0.45)  # B5, a fifth above
    return np.concatenate([a, gap, b])


SOUNDS: dict[str, Callable[[], Signal]] = {"place": place, "capture": capture, "yaku": yaku, "turn": turn}


def wav_bytes(signal: Signal) -> bytes:
    """16-bit mono PCM at ``RATE``; peaks kept under full scale."""
    peak = float(np.max(np.abs(signal))) or 1.0
    pcm = np.round(signal / max(peak, 1.0) * 32767 * 0.9).astype("<i2")
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm.tobytes())
    return buf.getvalue()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--check", action="store_true", help="compare with the files on disk, write nothing")
    ap.add_argument("--out", type=Path, default=OUT, help="the folder to write (default: static/sound)")
    args = ap.parse_args(argv)
    differ = []
    for name, make in SOUNDS.items():
        data = wav_bytes(make())
        path = args.out / f"{name}.wav"
        if args.check:
            if not path.exists() or path.read_bytes() != data:
                differ.append(path.name)
            continue
        args.out.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        print(f"{path} {len(data)} bytes")
    if differ:
        print("differs from scripts/make_sounds.py: " + ", ".join(differ), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
