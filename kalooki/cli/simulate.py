"""``kalooki simulate``: computer players against each other, every level in every seat,
with a result table per level (win share with a 95% interval, relative penalty, go-down
rate, calls, decision times)."""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import json
import math
import multiprocessing
import os
import statistics
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from kalooki.ai.arena import MAX_VOIDS, DealOutcome, play_deal, rules_from_deal
from kalooki.ai.personalities import LEVELS, PERSONALITIES, find_personality, make_player
from kalooki.cli import arg_types
from kalooki.cli.common import (
    DEFAULT_PRESET,
    Commands,
    UsageError,
    about,
    add_lang,
    complain,
    store_paths,
)
from kalooki.engine.errors import RuleError
from kalooki.engine.facts.seats import DEFAULT_BUDGET, Level
from kalooki.engine.record import GameRecord, replay
from kalooki.engine.rng import Rng
from kalooki.engine.rules import RuleSet
from kalooki.store.atomic import write_json_atomic
from kalooki.store.notices import os_reason
from kalooki.store.presets import PresetError, find_rules
from kalooki.store.savegame import Seat, snapshot
from kalooki.words import tr
from kalooki.words.formats import decimal
from kalooki.words.house_rules import built_in_names
from kalooki.words.notices import notice_said
from kalooki.words.refusals import refusal_text


def default_seats(players: int) -> str:
    """Hard in the first seat and medium in every other, for any number of players
    (a fixed list of four failed ``--players 3`` without ``--seats``)."""
    return ",".join((Level.HARD, *(Level.MEDIUM,) * (players - 1)))


def add_parser(commands: Commands) -> None:
    p = commands.add_parser("simulate", help=tr("cli.help.simulate"),
                            description=tr("cli.help.simulate"))
    p.add_argument("--preset", default=DEFAULT_PRESET, metavar=tr("cli.metavar.name"),
                   help=tr("cli.help.simulate_preset"))
    p.add_argument("--players", type=arg_types.players, default=4, metavar="N",
                   help=tr("cli.help.simulate_players"))
    p.add_argument("--seats", default=None, metavar=tr("cli.metavar.seats"),
                   help=tr("cli.help.simulate_seats", hard=Level.HARD, medium=Level.MEDIUM,
                           levels=", ".join(LEVELS)))
    p.add_argument("--deals", type=arg_types.count, default=100, metavar="N",
                   help=tr("cli.help.simulate_deals"))
    p.add_argument("--seed", type=arg_types.whole, default=1, metavar="N",
                   help=tr("cli.help.seed"))
    p.add_argument("--jobs", type=arg_types.count, default=1, metavar="N",
                   help=tr("cli.help.jobs"))
    p.add_argument("--think", type=arg_types.seconds, default=DEFAULT_BUDGET,
                   metavar=tr("cli.metavar.seconds"), help=tr("cli.help.think"))
    p.add_argument("--reproducible", action="store_true", help=tr("cli.help.reproducible"))
    p.add_argument("--first-deal-only", action="store_true",
                   help=tr("cli.help.first_deal_only"))
    p.add_argument("--json", action="store_true", help=tr("cli.help.json"))
    folder = tr("cli.metavar.dir")
    p.add_argument("--save-records", type=arg_types.folder, default=None, metavar=folder,
                   help=tr("cli.help.save_records", dir=folder))
    add_lang(p)
    p.set_defaults(run=run)


_BATCH_PER_WORKER = 8
"""Jobs handed to the pool at a time, per worker: enough to keep every worker busy."""


@dataclass(frozen=True)
class Job:
    rules: RuleSet
    seats: tuple[str, ...]
    seed: int
    index: int
    think: float
    reproducible: bool
    first_deal_only: bool
    keep_records: bool


@dataclass
class LevelStats:
    seats: int = 0
    wins: int = 0
    relative: list[float] = field(default_factory=list)
    down: int = 0
    calls: int = 0
    times: list[float] = field(default_factory=list)

    def row(self) -> dict[str, float]:
        share = self.wins / self.seats if self.seats else 0.0
        low, high = wilson(self.wins, self.seats)
        times = sorted(self.times) or [0.0]
        relative = statistics.fmean(self.relative) if self.relative else 0.0
        spread = statistics.stdev(self.relative) if len(self.relative) > 1 else 0.0
        half = 1.96 * spread / math.sqrt(max(1, len(self.relative)))
        return {
            "seats": self.seats, "win_share": share, "win_low": low, "win_high": high,
            "relative_penalty": relative, "relative_low": relative - half,
            "relative_high": relative + half, "relative_sd": spread,
            "go_down_rate": self.down / self.seats if self.seats else 0.0,
            "calls_per_deal": self.calls / self.seats if self.seats else 0.0,
            "time_p50_ms": 1000 * times[len(times) // 2],
            "time_p95_ms": 1000 * times[min(len(times) - 1, int(len(times) * 0.95))],
        }


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a share: honest even near 0% and 100%."""
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def parse_seats(text: str, players: int) -> tuple[str, ...]:
    """The seats of ``--seats``, each a level, or ``level:Personality`` of that level."""
    seats = tuple(s.strip() for s in text.split(",") if s.strip())
    if len(seats) != players:
        raise RuleError("bad-seats", count=len(seats), players=players)
    for seat in seats:
        level, _, name = seat.partition(":")
        if level not in LEVELS:
            raise UsageError(tr("cli.simulate.no_level", level=level,
                                levels=", ".join(LEVELS)))
        if name:
            chosen = [p for p in PERSONALITIES if p.name.lower() == name.lower()]
            if not chosen:
                raise UsageError(tr("cli.simulate.no_personality", name=name, names=", ".join(
                    p.name for p in PERSONALITIES)))
            if chosen[0].level != level:
                raise UsageError(tr("cli.simulate.other_level", name=chosen[0].name,
                                    level=chosen[0].level, asked=level))
    return seats


def play_job(job: Job) -> list[DealOutcome]:
    """One deal seed, once per seat rotation."""
    base = job.rules
    deal_no = 1 if job.first_deal_only else job.index % base.deals_per_match + 1
    rules = rules_from_deal(base, deal_no)
    seed = Rng(job.seed).fork(job.index).next_u64()
    n = len(job.seats)
    outcomes = []
    for rotation in range(n):
        labels = [job.seats[(s - rotation) % n] for s in range(n)]
        players = []
        for label in labels:
            level, _, personality = label.partition(":")
            players.append(make_player(level, personality or None, think_budget=job.think,
                                       reproducible=job.reproducible))
        outcomes.append(play_deal(rules, seed, players, labels, keep_record=job.keep_records))
    return outcomes


def _progress(done: int, total: int) -> None:
    if not sys.stderr.isatty():
        return
    width = 30
    filled = width * done // max(1, total)
    bar = f"[{'#' * filled}{'.' * (width - filled)}]"
    sys.stderr.write("\r" + tr("cli.simulate.progress", bar=bar, done=done, count=total))
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


WORKER_START = "spawn"
"""How the pool's workers start (the executable needs freeze_support, see __main__)."""


def workers_for(jobs: int, deals: int) -> int:
    """Never more workers than deals to play or processors to play them on."""
    return max(1, min(jobs, deals, os.cpu_count() or 1))


def _outcomes(jobs: Iterator[Job], workers: int) -> Iterator[list[DealOutcome]]:
    """The jobs' outcomes, the jobs made as they are needed: a pool handed a whole
    generator would read it to the end first (a trillion deals, all in memory)."""
    if workers <= 1:
        yield from map(play_job, jobs)
        return
    # Spawned, not forked: a fork copies the locks other threads hold (a window's, a
    # test's) and the worker can wait on them forever.
    with multiprocessing.get_context(WORKER_START).Pool(workers) as pool:
        while batch := list(itertools.islice(jobs, workers * _BATCH_PER_WORKER)):
            yield from pool.imap_unordered(play_job, batch)


def simulate(args: argparse.Namespace) -> tuple[dict[str, LevelStats], int]:
    rules = find_rules(store_paths(args), args.preset, reserved=built_in_names())
    rules.validate(args.players)
    seats = parse_seats(args.seats or default_seats(args.players), args.players)
    keep = args.save_records is not None
    jobs = (Job(rules, seats, args.seed, i, args.think, args.reproducible,
                args.first_deal_only, keep)
            for i in range(args.deals))
    stats: dict[str, LevelStats] = {}
    voids = 0
    workers = workers_for(args.jobs, args.deals)
    for done, outcomes in enumerate(_outcomes(jobs, workers), start=1):
        for rotation, outcome in enumerate(outcomes):
            voids += outcome.void
            if outcome.record is not None:
                write_record(args.save_records, outcome.record,
                             [seat.label for seat in outcome.seats], rotation)
            if outcome.void:
                continue
            for seat in outcome.seats:
                s = stats.setdefault(seat.label, LevelStats())
                s.seats += 1
                s.wins += seat.won
                s.relative.append(seat.relative)
                s.down += seat.went_down
                s.calls += seat.calls
                s.times.extend(seat.times)
        _progress(done, args.deals)
    return stats, voids


def write_record(folder: Path, record: GameRecord, labels: Sequence[str],
                 rotation: int) -> Path:
    """A simulated deal as a save file, the one format ``kalooki replay`` and Load game
    read: replayed once to check it and to sum it up as every save is."""
    name = f"deal-{record.seed}-r{rotation}"
    seats = [Seat(_seat_name(label, number), label.partition(":")[0])
             for number, label in enumerate(labels, start=1)]
    save = dataclasses.replace(snapshot(replay(record), seats, name),
                               saved_at=datetime.now(UTC))
    path = folder / f"{name}.json"
    write_json_atomic(path, save.to_dict())
    return path


def _seat_name(label: str, number: int) -> str:
    """``medium:marcia`` sits as Marcia; a bare level as the level and its seat number."""
    level, _, personality = label.partition(":")
    return find_personality(personality).name if personality else f"{level.capitalize()} {number}"


SIMULATE = "simulate"
COLUMNS = (("level", 18), ("seats", 6), ("win_share", 24), ("relative_penalty", 9),
           ("go_down_rate", 7), ("calls", 7), ("time_p50", 8), ("time_p95", 8))
"""The result table's columns (their heads: ``cli.simulate.column.*``) and their least
widths; the first is set left, the others right."""


def run(args: argparse.Namespace) -> int:
    problem = None if args.save_records is None else arg_types.ensure_folder(
        args.save_records)
    if problem is not None:
        complain(SIMULATE, about("--save-records", problem))
        return 2
    try:
        stats, voids = simulate(args)
    except RuleError as error:
        complain(SIMULATE, refusal_text(error))
        return 2
    except PresetError as error:
        complain(SIMULATE, notice_said(error.fact))
        return 2
    except UsageError as error:
        complain(SIMULATE, str(error))
        return 2
    except OSError as error:  # the records folder filled up or went away meanwhile
        complain(SIMULATE, tr("cli.simulate.record_failed",
                              reason=notice_said(os_reason(error))))
        return 1
    rows = {label: s.row() for label, s in sorted(stats.items())}
    if args.json:
        print(json.dumps({"levels": rows, "void_games": voids}, indent=2))
        return 0
    print(_table(rows))
    if voids:
        print(tr("cli.simulate.voids", count=voids, redeals=MAX_VOIDS))
    return 0


def _table(rows: dict[str, dict[str, float]]) -> str:
    """The result table for people: a line per level, its numbers as percentages and
    milliseconds (``--json`` gives them as they are), each column as wide as its widest
    cell and a space, and at least as wide as it always was."""
    heads = [tr(f"cli.simulate.column.{name}") for name, _ in COLUMNS]
    cells = []
    for label, r in rows.items():
        share = tr("cli.simulate.interval", share=_percent(r["win_share"], 1),
                   low=_percent(r["win_low"], 1), high=_percent(r["win_high"], 1))
        cells.append([label, str(r["seats"]), share, decimal(r["relative_penalty"]),
                      _percent(r["go_down_rate"], 0), decimal(r["calls_per_deal"], 2),
                      decimal(r["time_p50_ms"]), decimal(r["time_p95_ms"])])
    widths = [max([least, *(len(row[i]) + 1 for row in [heads, *cells])])
              for i, (_, least) in enumerate(COLUMNS)]

    def line(row: Sequence[str]) -> str:
        return "".join(cell.ljust(width) if i == 0 else cell.rjust(width)
                       for i, (cell, width) in enumerate(zip(row, widths, strict=True)))

    return "\n".join([line(heads).rstrip(), tr("cli.simulate.times_note"), *map(line, cells)])


def _percent(share: float, places: int) -> str:
    return tr("cli.simulate.percent", value=decimal(100 * share, places))

