"""Kill -9 at random moments: a match played in a child process through the real table
session and ``MatchKeeper`` (journal and statistics), killed at 200 random moments;
after each kill the next child continues from the journal as Continue does.

After every kill the parent checks, against a match nobody killed: Continue finds the
match (or it is over), its replay passes every proof, its actions are the reference's
first ones (no wrong state), and the statistics count exactly the deals and matches those
actions finished (no deal lost, none counted twice). Prints the figures.

    python -m bench.kills [KILLS]
"""

from __future__ import annotations

import dataclasses
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from kalooki.ai.random_player import choose_random
from kalooki.engine import events as ev
from kalooki.engine.actions import Action, LayDown, ShiftJoker, TackOn
from kalooki.engine.rng import Rng
from kalooki.engine.rules import preset
from kalooki.engine.view import PlayerView
from kalooki.store.paths import StorePaths
from kalooki.store.saves import latest_autosave, list_saves, load_save
from kalooki.store.stats import load_stats

KILLS = 200
RULES = dataclasses.replace(preset("caribbean"), deals_per_match=3)
PLAYERS = 4
SEED = 41
REPO = Path(__file__).resolve().parents[1]


def policy(view: PlayerView, actions: int) -> Action:
    """Lays and tacks when it can, else random; chosen from the position alone (the
    number of actions so far seeds it), so a continued match plays on as the reference."""
    rng = Rng(SEED * 1_000_003 + actions)
    for kinds in ((LayDown,), (TackOn, ShiftJoker)):
        picks = [a for a in view.legal if isinstance(a, kinds)]
        if picks:
            return picks[rng.below(len(picks))]
    return choose_random(view, rng)


def play(root: Path) -> int:
    """The child: continue the journal's match, or start one, and play it to its end."""
    from kalooki.ui.keeper import MatchKeeper
    from kalooki.ui.session import MatchSession, Seat

    paths = StorePaths.under(root)
    entry = latest_autosave(paths)
    recorder = None
    if entry is not None:
        loaded = load_save(entry.path)
        if loaded.value is None:
            print(f"cannot continue: {loaded.warnings}", flush=True)
            return 1
        recorder = loaded.value.recorder
    seats = [Seat("You", "human", True), Seat("A", "easy"), Seat("B", "easy"),
             Seat("C", "easy")]
    session = MatchSession(RULES, seats, SEED, ai_pause=0.0, recorder=recorder)
    session.after_action.append(MatchKeeper(paths, lambda said: print(said, flush=True)))
    print("playing", flush=True)
    while not session.over:
        seat = session.game.to_act
        assert seat is not None
        refused = session.submit(policy(session.game.view(seat), len(session.recorder.actions)),
                                 seat)
        assert refused is None
    print("done", flush=True)
    return 0


def reference() -> tuple[list[str], list[int], str]:
    """The match nobody killed: its actions, the action numbers ending a deal, the digest."""
    from kalooki.engine.record import Recorder

    recorder = Recorder.new(RULES, PLAYERS, SEED)
    ends = []
    while not recorder.game.over:
        seat = recorder.game.to_act
        assert seat is not None
        events = recorder.apply(policy(recorder.game.view(seat), len(recorder.actions)), seat)
        if any(isinstance(e, ev.DealEnded) for e in events):
            ends.append(len(recorder.actions))
    return recorder.actions, ends, recorder.game.state_hash()


def held_match(paths: StorePaths) -> tuple[list[str], str, list[str]]:
    """The match Continue would resume (or the finished one): its actions, its digest,
    and what went wrong loading it."""
    entry = latest_autosave(paths)
    if entry is None:
        finished = [e for e in list_saves(paths)[0] if e.over]
        if not finished:
            return [], "", []  # killed before the first action reached the disk
        entry = finished[0]
    loaded = load_save(entry.path)
    if loaded.value is None or loaded.warnings:
        return [], "", [f"Continue failed: {loaded.warnings}"]
    return loaded.value.recorder.actions, loaded.value.game.state_hash(), []


def check(paths: StorePaths, held: list[str], digest: str, actions: list[str],
          ends: list[int], final: str) -> list[str]:
    """What is wrong with the journal's match and the statistics (nothing, we hope)."""
    wrong = []
    if held != actions[:len(held)]:
        wrong.append(f"wrong state at {len(held)} actions")
    over = len(held) == len(actions)
    if over and digest != final:
        wrong.append("wrong final state")
    table = load_stats(paths)[0].table(RULES.name, PLAYERS)
    deals = sum(end <= len(held) for end in ends)
    if table.deals_played != deals:
        wrong.append(f"{table.deals_played} deals counted, {deals} played")
    if table.matches_played != over:
        wrong.append(f"{table.matches_played} matches counted, {int(over)} played")
    return wrong


def calibrate(store: Path, env: dict[str, str]) -> float:
    """Seconds a child takes to play the whole match, once its imports are done."""
    child = subprocess.Popen([sys.executable, "-m", "bench.kills", "--child", str(store)],
                             cwd=REPO, env=env, stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None and child.stdout.readline() == "playing\n"
    start = time.perf_counter()
    child.communicate()
    return time.perf_counter() - start


def main(kills: int = KILLS) -> None:
    actions, ends, final = reference()
    rng = random.Random(20261201)
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    completed, done, problems, held_at = 0, 0, [], []
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        whole = calibrate(Path(folder) / "calibration", env)
        while done < kills:
            store = Path(folder) / f"match-{completed}"  # a finished match: a new store
            child = subprocess.Popen(
                [sys.executable, "-m", "bench.kills", "--child", str(store)],
                cwd=REPO, env=env, stdout=subprocess.PIPE, text=True)
            assert child.stdout is not None
            line = child.stdout.readline()  # "playing": imports done, the match resumed
            if line != "playing\n":
                problems.append(f"child said {line!r}")
                child.kill()
                child.wait()
                break
            time.sleep(rng.uniform(0.0, whole / 2))
            child.send_signal(signal.SIGKILL)
            rest = child.communicate()[0]
            if child.returncode == -signal.SIGKILL:
                done += 1
            elif "done" not in rest:
                problems.append(f"child ended {child.returncode}: {rest[-200:]!r}")
            paths = StorePaths.under(store)
            held, digest, failed = held_match(paths)
            problems.extend(failed or check(paths, held, digest, actions, ends, final))
            held_at.append(len(held))
            if len(held) == len(actions):
                completed += 1
    spent = time.perf_counter() - started
    print(f"a whole match takes a child {whole:.1f} s of play; kills at 0 to {whole / 2:.1f} s")
    print(f"{done} kill -9 of a {len(actions)}-action match ({len(ends)} deals, "
          f"{RULES.name}, {PLAYERS} players) played through MatchKeeper; {completed} "
          f"matches played to their end across the kills; {spent:.0f} s")
    print(f"after every kill: Continue resumed (or the match was over), replay proved, "
          f"statistics compared: {len(problems)} problems")
    for problem in problems[:10]:
        print(f"  {problem}")
    near = sum(any(0 <= end - h < 3 for end in ends) for h in held_at if h < len(actions))
    print(f"the journal held 0..{max(held_at)} actions at the kills "
          f"(median {sorted(held_at)[len(held_at) // 2]}); kills with a deal's end among "
          f"the next 3 actions: {near}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        raise SystemExit(play(Path(sys.argv[2])))
    main(int(sys.argv[1]) if len(sys.argv) > 1 else KILLS)
