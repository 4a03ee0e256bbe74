"""``kalooki replay FILE`` and ``kalooki saves``: check and list saved games from a script.

``replay`` proves a record by replaying it and prints the scores as a table; a damaged or
altered file exits 1 with one line naming the action or field at fault. ``replay --watch``
opens it in the window's replay viewer instead, once it is proved. Unlike loading a
game in the program, it never falls back to the ``.bak`` or moves the file: a check
reports, it does not repair.
"""

from __future__ import annotations

import argparse
import functools
from collections.abc import Sequence
from pathlib import Path

from kalooki.cli.common import Commands, UsageError, about, add_lang, complain
from kalooki.engine.showable import escaped
from kalooki.store.bounded import FileRefused, check_regular
from kalooki.store.notices import os_reason
from kalooki.store.paths import HOME_ENV, StorePaths
from kalooki.store.savefile import ResumedGame, load, read_save_bytes
from kalooki.store.savegame import SaveError
from kalooki.store.saves import SaveEntry, find_save, is_autosave, list_saves, read_autosave
from kalooki.words import tr
from kalooki.words.notices import notice_said

GAP = "  "
LISTING = ("saved", "name", "kind", "rules", "deal", "players", "scores", "file")
"""The columns of ``kalooki saves`` (their heads: ``cli.saves.column.*``)."""


def add_parser(commands: Commands) -> None:
    """Register ``replay`` and ``saves``."""
    replay = commands.add_parser("replay", help=tr("cli.help.replay"),
                                 description=tr("cli.help.replay"))
    replay.add_argument("file", metavar=tr("cli.metavar.file"),
                        help=tr("cli.help.replay_file"))
    replay.add_argument("--watch", action="store_true", help=tr("cli.help.replay_watch"))
    _data_dir(replay)
    replay.set_defaults(run=run_replay)

    saves = commands.add_parser("saves", help=tr("cli.help.saves"),
                                description=tr("cli.help.saves"))
    _data_dir(saves)
    saves.set_defaults(run=run_saves)


def _data_dir(parser: argparse.ArgumentParser) -> None:
    folder = tr("cli.metavar.dir")
    parser.add_argument("--data-dir", type=Path, metavar=folder,
                        help=tr("cli.help.data_dir", dir=folder, home=HOME_ENV))
    add_lang(parser)


def _paths(args: argparse.Namespace) -> StorePaths:
    return StorePaths.under(args.data_dir) if args.data_dir else StorePaths.default()


def run_replay(args: argparse.Namespace) -> int:
    path = _find(args.file, _paths(args))
    try:
        if not is_autosave(path):
            check_regular(path)  # a folder, a FIFO or a device: not a file to give here
    except FileRefused as error:
        raise UsageError(about("replay", about(args.file, notice_said(error.fact)))) from None
    except (OSError, ValueError):
        pass  # said below, as any file that cannot be read
    if args.watch:
        return _watch(path, _paths(args))
    try:
        resumed = read_autosave(path) if is_autosave(path) else load(read_save_bytes(path))
    except FileRefused as error:  # too large: no save
        return _fail(about(args.file, notice_said(error.fact)))
    except OSError as error:
        return _fail(tr("cli.replay.unreadable", file=args.file,
                        reason=notice_said(os_reason(error))))
    except ValueError:  # a NUL in the name: no system takes it as a path
        return _fail(tr("cli.replay.not_a_name", file=repr(args.file)))
    except SaveError as error:
        return _fail(about(str(path), notice_said(error.fact)))
    print(_replay_report(resumed))
    return 0


def _watch(path: Path, paths: StorePaths) -> int:
    from kalooki.ui.launcher import run_replay_window
    from kalooki.ui.replay.sources import Watched, watch_file, watched_save

    if is_autosave(path):
        try:
            watched = watched_save(read_autosave(path).save)
        except SaveError as error:
            return _fail(about(str(path), notice_said(error.fact)))
    else:
        watched = watch_file(path)
    if not isinstance(watched, Watched):
        return _fail(str(watched))
    return run_replay_window(paths, watched)


def run_saves(args: argparse.Namespace) -> int:
    paths = _paths(args)
    entries, warnings = list_saves(paths)
    for warning in warnings:
        complain("saves", notice_said(warning))
    if not entries:
        print(tr("cli.saves.none", dir=str(paths.saves_dir)))
        return 0
    print(_table([tr(f"cli.saves.column.{column}") for column in LISTING],
                 [_listing_row(e, paths) for e in entries], right={LISTING.index("deal")}))
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
    lines = [tr("cli.replay.header", name=save.name, rules=record.rules.name,
                players=tr("cli.replay.players", count=record.players), seed=record.seed,
                actions=tr("cli.replay.actions", count=len(record.actions)),
                digests=tr("cli.replay.digests", count=len(record.hashes)))]
    rows = []
    for result in game.results:
        notes = []
        if result.void:
            notes.append(tr("cli.replay.void"))
        if result.stalled:
            notes.append(tr("cli.replay.nobody_out"))
        if result.winner is not None:
            notes.append(tr("cli.replay.bent" if result.bent else "cli.replay.out",
                            name=names[result.winner]))
        if result.cut_bonus:
            notes.append(tr("cli.replay.cut_bonus", name=names[result.dealer]))
        rows.append([str(result.deal), names[result.dealer], *map(str, result.scores),
                     functools.reduce(lambda first, then: tr(
                         "cli.replay.notes", first=first, then=then), notes or [""])])
    rows.append([tr("cli.replay.total"), "", *map(str, game.totals), ""])
    numeric = set(range(2, 2 + len(names))) | {0}
    lines.append(_table([tr("cli.replay.deal"), tr("cli.replay.dealer"), *names, ""], rows,
                        right=numeric))
    if game.over:
        lines.append(tr("cli.replay.over", count=len(game.results),
                        winners=", ".join(names[p] for p in game.winners())))
    elif game.to_act is None:
        lines.append(tr("cli.replay.going", deal=game.deal_no,
                        deals=record.rules.deals_per_match))
    else:
        lines.append(tr("cli.replay.to_act", deal=game.deal_no,
                        deals=record.rules.deals_per_match, name=names[game.to_act]))
    return "\n".join(lines)


def _listing_row(entry: SaveEntry, paths: StorePaths) -> list[str]:
    saved = entry.saved_at.astimezone().strftime("%Y-%m-%d %H:%M")
    file = str(entry.path)
    for folder in (paths.saves_dir, paths.data_dir):  # an autosave: kalooki.sqlite3/<match>
        if entry.path.is_relative_to(folder):
            file = str(entry.path.relative_to(folder))
            break
    deal = tr("cli.saves.over", deal=entry.deal) if entry.over else str(entry.deal)
    return [saved, entry.name, tr(f"cli.saves.kind.{entry.kind}"), entry.preset, deal,
            ", ".join(entry.players), " ".join(map(str, entry.totals)), file]


def _table(header: Sequence[str], rows: Sequence[Sequence[str]], right: set[int]) -> str:
    """Columns padded to their widest cell; numbers (columns in ``right``) right-aligned."""
    rows = [[escaped(cell) for cell in row] for row in rows]
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]

    def line(cells: Sequence[str]) -> str:
        return GAP.join(c.rjust(w) if i in right else c.ljust(w)
                        for i, (c, w) in enumerate(zip(cells, widths, strict=True))).rstrip()

    return "\n".join(line(row) for row in [header, *rows])


def _fail(message: str) -> int:
    complain("replay", message)
    return 1
