"""Writers killed on a state, never after a sleep of chance length.

A forker process runs a test's set-up once, then forks a fresh writer for each kill
(without paying Python's start-up each time). The writer repeats the test's steps (one
iteration = every step once) and says what it is doing on the shared pipe: ``at I J``
before step J of iteration I, ``fsync`` and ``replace`` as a file is flushed and renamed
into place (os.fsync and os.replace announce themselves), ``sql WORD`` as SQLite runs a
statement (``sql COMMIT``: a row being written), ``done I`` after an iteration.
The test kills it when a chosen line arrives, so where the kill lands is chosen by the
test's seeded plan, and what the test judges (the files left behind) never depends on the
machine's speed. A writer told to ``hold`` stops after its first iteration and waits to be
killed: then the files on disk are exactly that iteration's.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

FORKER = """
import os, signal, sqlite3, sys
sys.path.insert(0, sys.argv[1])
_say = lambda line: os.write(1, (line + "\\n").encode())  # one write: whole lines
_fsync, _replace, _connect = os.fsync, os.replace, sqlite3.connect
def _announced_fsync(fd):
    _say("fsync")
    return _fsync(fd)
def _announced_replace(*args, **kwargs):
    _say("replace")
    return _replace(*args, **kwargs)
def _announced_connect(*args, **kwargs):
    connection = _connect(*args, **kwargs)
    connection.set_trace_callback(lambda sql: _say("sql " + sql.split()[0].upper()))
    return connection
STEPS = []
exec(compile(sys.argv[2], "set-up", "exec"))
_say("ready")
for line in sys.stdin:
    start, hold = map(int, line.split())
    pid = os.fork()
    if pid == 0:
        try:
            os.fsync, os.replace = _announced_fsync, _announced_replace
            sqlite3.connect = _announced_connect
            i = 0
            while True:
                for j, step in enumerate(STEPS):
                    _say(f"at {i} {j}")
                    step(start + i)
                _say(f"done {i}")
                if hold:
                    signal.pause()
                i += 1
        finally:
            os._exit(1)
    _say(f"pid {pid}")
    _say(f"exit {os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])}")
"""


@dataclass(frozen=True)
class Target:
    """Where a writer is killed: on the ``count``-th line that starts with ``word`` (``at
    0 1``, ``fsync``, ``replace``, ``done 0``); ``hold`` writers finish their first iteration
    and wait."""

    word: str
    count: int = 1
    hold: bool = False


HOLD = Target("done 0", hold=True)
"""The writer's first iteration, whole: the files hold exactly what it wrote."""


class Forker:
    """The forker process. ``setup`` is Python run once (argv: repo, setup, *args); it
    appends its steps to ``STEPS``, each called with the iteration number plus the
    writer's start (so a writer may start on either version)."""

    def __init__(self, setup: str, *args: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", FORKER, str(REPO), setup, *args],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert self.process.stdin is not None and self.process.stdout is not None
        self._in, self._out = self.process.stdin, self.process.stdout
        self.writer = 0
        assert self._line() == "ready"

    def _line(self) -> str:
        line = self._out.readline()
        assert line, "the forker ended"
        return line.rstrip("\n")

    def kill_at(self, target: Target, start: int) -> list[str]:
        """Fork a writer starting on ``start``, kill it with SIGKILL when ``target`` is
        reached, wait for it; what it said. Asserts it died of the kill (not a crash)."""
        self._in.write(f"{start} {int(target.hold)}\n")
        self._in.flush()
        said: list[str] = []
        seen = 0
        while seen < target.count or not self.writer:
            line = self._line()
            if line.startswith("pid "):
                self.writer = int(line.split()[1])
                continue
            assert not line.startswith("exit "), f"the writer ended by itself: {said}"
            said.append(line)
            if line.startswith(target.word):
                seen += 1
        assert self.writer > 0  # (kill(0) would kill the test's own process group)
        os.kill(self.writer, signal.SIGKILL)
        self.writer = 0
        while not (line := self._line()).startswith("exit "):
            said.append(line)  # what it said between the state and the kill
        assert int(line.split()[1]) == -signal.SIGKILL, f"not killed: {said}"
        return said

    def close(self) -> None:
        if self.writer > 0:  # a failed assertion left a writer running: stop it first
            os.kill(self.writer, signal.SIGKILL)
        self.process.kill()
        self.process.communicate()
