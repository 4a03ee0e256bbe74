"""``kalooki desktop``: the game's menu entry, icons and AppStream metainfo.

``install`` puts them where the user's desktop reads them (Linux, BSD), starting this very
copy (the pip or pipx ``kalooki``, or the program itself); ``uninstall`` takes them away;
``write ROOT`` lays them out under ``ROOT`` for a package, starting ``--exec``.
"""

from __future__ import annotations

import argparse
import os
import shlex

from kalooki.cli.arg_types import ensure_folder, folder
from kalooki.cli.common import Commands, UsageError
from kalooki.words import tr


def add_parser(commands: Commands) -> None:
    parser = commands.add_parser(
        "desktop", help="put the game in the desktop's menu, with its icon (Linux, BSD)")
    actions = parser.add_subparsers(dest="desktop_action", required=True)
    actions.add_parser("install", help="add the menu entry and icons for this user")
    actions.add_parser("uninstall", help="remove what install added")
    write = actions.add_parser(
        "write", help="write the entry, icons and metainfo under ROOT/share (packagers)")
    write.add_argument("root", metavar="ROOT", type=folder, help="the package's root folder")
    write.add_argument("--exec", default="kalooki", dest="exec_command",
                       help="the command the entry starts (default: kalooki)")
    write.add_argument("--screenshots", metavar="DIR", type=folder,
                       help="also take the metainfo's screenshots into DIR")
    write.add_argument("--screenshots-url", metavar="URL", default=None,
                       help="where the screenshots are published")
    parser.set_defaults(run=run_desktop)


def run_desktop(args: argparse.Namespace) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from kalooki.tools import desktop

    if args.desktop_action == "write":
        return _write(args)
    if not desktop.installable_here():
        raise UsageError(tr("cli.desktop_elsewhere"))
    share = desktop.user_share()
    if args.desktop_action == "uninstall":
        removed = desktop.remove(share)
        print(tr("cli.desktop_removed", count=len(removed), dir=str(share)))
        return 0
    problem = ensure_folder(share)
    if problem is not None:
        raise UsageError(problem)
    desktop.write(share, desktop.launch_command())
    print(tr("cli.desktop_installed", entry=str(desktop.Layout(share).entry)))
    return 0


def _write(args: argparse.Namespace) -> int:
    from kalooki.tools import desktop

    share = args.root / "share"
    for target in (share, args.screenshots):
        problem = None if target is None else ensure_folder(target)
        if problem is not None:
            raise UsageError(problem)
    command = shlex.split(args.exec_command)
    if not command:
        raise UsageError("desktop write: --exec needs a command")
    url = args.screenshots_url or desktop.SCREENSHOTS_URL
    written = desktop.write(share, command, url)
    print(tr("cli.desktop_written", count=len(written), dir=str(share)))
    if args.screenshots is not None:
        shots = desktop.render_screenshots(args.screenshots)
        print(tr("cli.screens_written", count=len(shots), dir=str(args.screenshots)))
    return 0
