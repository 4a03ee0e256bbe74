"""``kalooki replay FILE`` and ``kalooki saves``: check and list saved games from a script.

``replay`` proves a record by replaying it and prints the scores as a table; a damaged or
altered file exits 1 with one line naming the action or field at fault. ``replay --watch``
opens it in the window's replay viewer instead, once it is proved. Unlike loading a
game in the program, it never falls back to the ``.bak`` or moves the file: a check
reports, it does not repair.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from kalooki.cli.common import Commands, UsageError
from kalooki.engine.showable import escaped
from kalooki.store.bounded import FileRefused, check_regular
from kalooki.store.notices import os_reason
from kalooki.store.paths import StorePaths
from kalooki.store.savefile import ResumedGame, load, read_save_bytes
from kalooki.store.savegame import SaveError
from kalooki.store.saves import SaveEntry, find_save, is_autosave, list_saves, read_autosave
from kalooki.words.notices import notice_said

GAP = "  "


def add_parser(commands: Commands) -> None:
    """Register ``replay`` and ``saves``."""
    replay = commands.add_parser("replay", help="check a saved game and print its scores")
    replay.add_argument("file", metavar="FILE",
                        help="a save file, a game record, or the name of a save in the store")
    replay.add_argument("--watch", action="store_true",
                        help="watch it in the window, action by action")
    _data_dir(replay)
    replay.set_defaults(run=run_replay)

    saves = commands.add_parser("saves", help="list saved games, newest first")
    _data_dir(saves)
    saves.set_defaults(run=run_saves)


def _data_dir(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--data-dir", type=Path, metavar="DIR",
                        help="keep everything under DIR (default: the user folders, "
                             "or $KALOOKI_HOME)")


def _paths(args: argparse.Namespace) -> StorePaths:
    return StorePaths.under(args.data_dir) if args.data_dir else StorePaths.default()


def run_replay(args: argparse.Namespace) -> int:
    path = _find(args.file, _paths(args))
    try:
        if not is_autosave(path):
            check_regular(path)  # a folder, a FIFO or a device: not a file to give here
    except FileRefused as error:
        raise UsageError(f"replay: {args.file}: {notice_said(error.fact)}") from None
    except (OSError, ValueError):
        pass  # said below, as any file that cannot be read
    if args.watch:
        return _watch(path, _paths(args))
    try:
        resumed = read_autosave(path) if is_autosave(path) else load(read_save_bytes(path))
    except FileRefused as error:  # too large: no save
        return _fail(f"{args.file}: {notice_said(error.fact)}.")
    except OSError as error:
        return _fail(f"{args.file}: cannot be read ({notice_said(os_reason(error))}).")
    except ValueError:  # a NUL in the name: no system takes it as a path
        return _fail(f"{args.file!r}: not a file name.")
    except SaveError as error:
        return _fail(f"{path}: {notice_said(error.fact)}")
    print(_replay_report(resumed))
    return 0


def _watch(path: Path, paths: StorePaths) -> int:
    from kalooki.ui.launcher import run_replay_window
    from kalooki.ui.replay.sources import Watched, watch_file, watched_save

    if is_autosave(path):
        try:
            watched = watched_save(read_autosave(path).save)
        except SaveError as error:
            return _fail(f"{path}: {notice_said(error.fact)}")
    else:
        watched = watch_file(path)
    if not isinstance(watched, Watched):
        return _fail(str(watched))
    return run_replay_window(paths, watched)


def run_saves(args: argparse.Namespace) -> int:
    paths = _paths(args)
    entries, warnings = list_saves(paths)
    for warning in warnings:
        print(f"kalooki saves: {_one_line(str(notice_said(warning)))}", file=sys.stderr)
    if not entries:
        print(f"No saved games in {paths.saves_dir}.")
        return 0
    print(_table(["Saved", "Name", "Kind", "Rules", "Deal", "Players", "Scores", "File"],
                 [_listing_row(e, paths) for e in entries], right={4}))
    return 0


def _find(given: str, paths: StorePaths) -> Path:
    """A path as given, or else the store's save called ``given``; a check moves nothing."""
    path = Path(given)
    try:
        if path.exists():
            return path
    except OSError:  # a name too long to be a path is still a save's name to look for
        pass
    return find_save(paths, given) or path


def _replay_report(resumed: ResumedGame) -> str:
    save, game = resumed.save, resumed.game
    names = [s.name for s in save.seats]
    record = save.record
    lines = [f"{save.name}: {record.rules.name}, {record.players} players, seed {record.seed}, "
             f"{len(record.actions)} actions, {len(record.hashes)} digests checked"]
    rows = []
    for result in game.results:
        notes = []
        if result.void:
            notes.append("void")
        if result.stalled:
            notes.append("nobody out")
        if result.winner is not None:
            notes.append(f"{names[result.winner]} out" + (", bent" if result.bent else ""))
        if result.cut_bonus:
            notes.append(f"cut bonus to {names[result.dealer]}")
        rows.append([str(result.deal), names[result.dealer], *map(str, result.scores),
                     "; ".join(notes)])
    rows.append(["Total", "", *map(str, game.totals), ""])
    numeric = set(range(2, 2 + len(names))) | {0}
    lines.append(_table(["Deal", "Dealer", *names, ""], rows, right=numeric))
    if game.over:
        winners = ", ".join(names[p] for p in game.winners())
        lines.append(f"Match over after {len(game.results)} deals; lowest total: {winners}.")
    else:
        acting = "" if game.to_act is None else f", {names[game.to_act]} to act"
        lines.append(f"In progress: deal {game.deal_no} of {record.rules.deals_per_match}"
                     f"{acting}.")
    return "\n".join(lines)


def _listing_row(entry: SaveEntry, paths: StorePaths) -> list[str]:
    saved = entry.saved_at.astimezone().strftime("%Y-%m-%d %H:%M")
    file = str(entry.path)
    for folder in (paths.saves_dir, paths.data_dir):  # an autosave: kalooki.sqlite3/<match>
        if entry.path.is_relative_to(folder):
            file = str(entry.path.relative_to(folder))
            break
    deal = f"{entry.deal} (over)" if entry.over else str(entry.deal)
    return [saved, entry.name, entry.kind, entry.preset, deal, ", ".join(entry.players),
            " ".join(map(str, entry.totals)), file]


def _table(header: Sequence[str], rows: Sequence[Sequence[str]], right: set[int]) -> str:
    """Columns padded to their widest cell; numbers (columns in ``right``) right-aligned."""
    rows = [[escaped(cell) for cell in row] for row in rows]
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]

    def line(cells: Sequence[str]) -> str:
        return GAP.join(c.rjust(w) if i in right else c.ljust(w)
                        for i, (c, w) in enumerate(zip(cells, widths, strict=True))).rstrip()

    return "\n".join(line(row) for row in [header, *rows])


def _one_line(message: str) -> str:
    """One line, safe for any terminal: what a file said is never printed raw."""
    return escaped(" ".join(message.split()))


def _fail(message: str) -> int:
    print(f"kalooki replay: {_one_line(message)}", file=sys.stderr)
    return 1
