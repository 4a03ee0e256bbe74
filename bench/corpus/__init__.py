"""The recorded-matches corpus: simulated deals kept as the saves they were written as, and
one digest of their actions and state hashes, to show that a change of the engine leaves
play alone and that old saves still load.

``python -m bench corpus`` (or ``python -m bench.corpus check``):
1. loads every stored save in ``bench/corpus/saves/`` as ``kalooki replay`` does (every action,
   every digest and check field proved) and counts them;
2. prints the digest of the stored corpus;
3. simulates the same deals again with the current engine (:data:`RECIPE`, the commands
   below) and prints their digest. Both digests are equal while the engine and the computer
   players play exactly as they did when the corpus was made; when they differ, the saves
   played differently are named with the levels seated in them (a change of the hard
   player's search shows only in saves with a hard seat, a change of the engine's moves
   in the others too).

Other commands: ``make DIR`` writes the corpus's deals into DIR (``make bench/corpus/saves``
rebuilds the stored corpus: only when its digest is meant to change) and ``digest DIR``
prints the digest of the saves in DIR.

The digest replays each save (in path order) and hashes its name, each action code
and the state hash after every action, with the state hash of save format 2 (the one the
corpus was written with), so a later change of the hash leaves the digest as it was.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import sys
import tempfile
import time
from pathlib import Path

from kalooki.cli.main import main as kalooki_main
from kalooki.engine.actions import parse_action
from kalooki.engine.position import state_digest
from kalooki.engine.state import Game
from kalooki.store.savefile import decode, load

CORPUS = Path(__file__).with_name("saves")
"""The stored corpus: the saves :data:`RECIPE` wrote at 07ed255 (save format 2)."""
CORPUS_DIGEST = "e2b6a44dfa47d3a4"
"""The stored corpus's digest (:func:`digest`): 88 saves, 10,985 actions."""

RECIPE: tuple[tuple[str, int, str, int], ...] = (
    # preset, players, seats (a level a seat), deal seeds (each in every rotation)
    ("caribbean", 4, "medium,easy,random,hard", 4),
    ("caribbean", 3, "random,medium,random", 4),
    ("caribbean-12", 3, "medium,easy,hard", 4),
    ("baby", 4, "hard,random,easy,medium", 3),
    ("kalooki51", 4, "medium,hard,easy,random", 2),
    ("kalooki51", 5, "medium,easy,random,easy,medium", 2),
    ("rami40", 6, "medium,easy,random,hard,medium,easy", 3),
)
"""Row ``n`` is ``kalooki simulate --preset P --players N --seats S --deals D --seed n
--reproducible --think 0.1 --save-records DIR/n-P`` (hard players searching a fixed,
small amount: the corpus takes about a minute to play): 16 + 12 + 12 + 12 + 8 + 10 + 18 =
88 single-deal saves."""


def simulate_commands(folder: Path) -> list[list[str]]:
    return [["simulate", "--preset", preset, "--players", str(players), "--seats", seats,
             "--deals", str(deals), "--seed", str(row), "--reproducible", "--think", "0.1",
             "--json", "--save-records", str(folder / f"{row}-{preset}")]
            for row, (preset, players, seats, deals) in enumerate(RECIPE, start=1)]


def make(folder: Path) -> int:
    """Write the corpus's deals into ``folder`` (made if missing); returns how many."""
    for argv in simulate_commands(folder):
        Path(argv[-1]).mkdir(parents=True, exist_ok=True)
        with contextlib.redirect_stdout(io.StringIO()):
            code = kalooki_main(argv)
        if code != 0:
            raise SystemExit(f"kalooki {' '.join(argv)} exited {code}")
    return len(saves(folder))


def saves(folder: Path) -> list[Path]:
    """The saves under ``folder``, in the order the digest takes them."""
    return sorted(folder.glob("*/*.json"), key=lambda p: p.relative_to(folder).as_posix())


def corpus_hash(game: Game) -> str:
    """The state digest the corpus was written with (save format 2: digest version 1)."""
    return state_digest(game, 1)


def digest(folder: Path) -> tuple[str, int]:
    """(digest of the saves in ``folder``, how many actions it covers)."""
    total = hashlib.sha256()
    actions = 0
    for path in saves(folder):
        record = decode(path.read_bytes()).record
        game = Game.new(record.rules, record.players, record.seed)
        lines = [path.relative_to(folder).as_posix()]
        for code in record.actions:
            seat = game.to_act
            assert seat is not None, f"{path.name}: an action after the match ended"
            game.apply(parse_action(code), seat)
            lines.append(f"{code} {corpus_hash(game)}")
        actions += len(record.actions)
        total.update("\n".join(lines).encode() + b"\n\n")
    return total.hexdigest()[:16], actions


def load_all(folder: Path) -> tuple[int, list[str]]:
    """(saves that load, the problems of those that do not), as ``kalooki replay`` loads."""
    ok, problems = 0, []
    for path in saves(folder):
        try:
            load(path.read_bytes())
        except Exception as error:
            problems.append(f"{path.relative_to(folder)}: {error}")
        else:
            ok += 1
    return ok, problems


def plays_apart(stored: Path, fresh: Path) -> list[tuple[str, tuple[str, ...]]]:
    """The saves whose actions differ between two corpus folders, each with the levels
    seated in it (which players may have played differently)."""
    fresh_saves = {path.relative_to(fresh).as_posix(): path for path in saves(fresh)}
    apart = []
    for path in saves(stored):
        name = path.relative_to(stored).as_posix()
        old = decode(path.read_bytes())
        again = fresh_saves.get(name)
        if again is None or decode(again.read_bytes()).record.actions != old.record.actions:
            apart.append((name, tuple(seat.level for seat in old.seats)))
    return apart


def check() -> int:
    """0 when the engine replays every stored save as recorded and the deals played again
    are the stored ones, except where a hard player sits: hard's search is meant to change
    between rounds (each such save is named), the engine and the other levels are not."""
    start = time.process_time()
    ok, problems = load_all(CORPUS)
    print(f"stored corpus: {ok} saves load and replay "
          f"({len(problems)} refused; {time.process_time() - start:.1f} CPU s)")
    for problem in problems:
        print(f"  {problem}")
    stored, actions = digest(CORPUS)
    print(f"stored corpus digest: {stored} ({actions} actions; made with {CORPUS_DIGEST})")
    with tempfile.TemporaryDirectory() as scratch:
        start = time.process_time()
        count = make(Path(scratch))
        fresh, actions = digest(Path(scratch))
        print(f"simulated again: {count} saves, digest {fresh} ({actions} actions; "
              f"{time.process_time() - start:.1f} CPU s)")
        apart = plays_apart(CORPUS, Path(scratch))
    for name, levels in apart:
        print(f"  played differently: {name} ({', '.join(levels)})")
    engine_same = stored == CORPUS_DIGEST and not problems
    others_same = all("hard" in levels for _, levels in apart)
    if engine_same and not apart:
        print("same play as the corpus")
    elif engine_same and others_same:
        print(f"the engine and easy, medium and random play as the corpus; hard plays "
              f"differently in {len(apart)} of {count} saves")
    else:
        print("PLAY DIFFERS FROM THE CORPUS")
    return 0 if engine_same and others_same else 1


def main() -> None:
    check()


def command(args: list[str]) -> int:
    """``python -m bench.corpus [check | make DIR | digest DIR]``."""
    if args[:1] == ["make"] and len(args) == 2:
        print(f"{make(Path(args[1]))} saves in {args[1]}")
    elif args[:1] == ["digest"] and len(args) == 2:
        value, count = digest(Path(args[1]))
        print(f"{value} ({count} actions)")
    elif args in ([], ["check"]):
        return check()
    else:
        print("usage: python -m bench.corpus [check | make DIR | digest DIR]", file=sys.stderr)
        return 2
    return 0
