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
from kalooki.cli.common import Commands, UsageError, add_lang
from kalooki.words import tr


def add_parser(commands: Commands) -> None:
    parser = commands.add_parser("desktop", help=tr("cli.help.desktop"),
                                 description=tr("cli.help.desktop"))
    actions = parser.add_subparsers(dest="desktop_action", required=True,
                                    metavar=tr("cli.metavar.command"))
    for name in ("install", "uninstall"):
        add_lang(actions.add_parser(name, help=tr(f"cli.help.desktop_{name}"),
                                    description=tr(f"cli.help.desktop_{name}")))
    root, folder_name = tr("cli.metavar.root"), tr("cli.metavar.dir")
    write = actions.add_parser("write", help=tr("cli.help.desktop_write", root=root),
                               description=tr("cli.help.desktop_write", root=root))
    write.add_argument("root", metavar=root, type=folder, help=tr("cli.help.desktop_root"))
    write.add_argument("--exec", default="kalooki", dest="exec_command",
                       metavar=tr("cli.metavar.command"), help=tr("cli.help.desktop_exec"))
    write.add_argument("--screenshots", metavar=folder_name, type=folder,
                       help=tr("cli.help.desktop_screenshots", dir=folder_name))
    write.add_argument("--screenshots-url", metavar=tr("cli.metavar.url"), default=None,
                       help=tr("cli.help.desktop_screenshots_url"))
    add_lang(write)
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
        raise UsageError(tr("cli.desktop_no_command"))
    url = args.screenshots_url or desktop.SCREENSHOTS_URL
    written = desktop.write(share, command, url)
    print(tr("cli.desktop_written", count=len(written), dir=str(share)))
    if args.screenshots is not None:
        shots = desktop.render_screenshots(args.screenshots)
        print(tr("cli.screens_written", count=len(shots), dir=str(args.screenshots)))
    return 0
