"""``kalooki --seats``: friends at one computer from the command line, in the seat
syntax ``simulate`` takes; a bad value is a usage error in one line (exit 2)."""

from __future__ import annotations

import pytest

from kalooki.cli.main import main
from kalooki.engine.facts.seats import HUMAN
from kalooki.engine.rules import preset
from kalooki.store.paths import StorePaths
from kalooki.store.settings import Settings
from kalooki.ui.app import App
from kalooki.ui.play.match import play_from_command_line, setup_of_seats
from kalooki.ui.profile import Profile
from kalooki.ui.table.scene import TableScene
from kalooki.ui.workers import InlineWorker
from tests.support.cli import not_played, one_line_exit
from tests.support.pages import seeds_from


@pytest.mark.parametrize(("argv", "says"), [
    (["--seats", "person:Ann,expert"], "'expert' is not a seat"),
    (["--seats", "person:,hard"], "person:NAME needs a name"),
    (["--seats", "person:Ann"], "3 to 6 players, not 1"),
    (["--seats", ",".join(["person:Ann"] + ["easy"] * 8)], "not 9"),
    (["--seats", "person:Ann,person:ann,hard"], "two seats have one name"),
    (["--seats", "hard,medium,easy"], "no person among the seats"),
    (["--seats", "person:Ann,hard:,easy"], "hard:NAME needs a name"),
    (["--seats", "person:" + "A" * 17 + ",hard,easy"], "1 to 16 letters"),
    (["--seats", "person:Ann,person:Ben"], "3 to 6 players, not 2"),
    (["--seats", "person:Ann,hard,easy", "--preset", "nope"], "no preset called"),
    (["--seats", "person:Ann,hard,easy", "--watch"], "does not go with"),
])
def test_bad_seats_are_a_usage_error(capsys: pytest.CaptureFixture[str],
                                     monkeypatch: pytest.MonkeyPatch,
                                     argv: list[str], says: str) -> None:
    opened = not_played(monkeypatch)
    assert says in one_line_exit(capsys, argv) and opened == []


def test_good_seats_open_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    opened = not_played(monkeypatch)
    assert main(["--seats", "person:Ann, person:Ben ,medium,hard:Winston",
                 "--preset", "baby"]) == 0
    assert [a.play_seats for a in opened] == [
        ((HUMAN, "Ann"), (HUMAN, "Ben"), ("medium", ""), ("hard", "Winston"))]
    assert opened[0].table_rules.name == "baby"


def test_simulate_keeps_its_own_seats(monkeypatch: pytest.MonkeyPatch) -> None:
    """The top-level --seats is not simulate's: the subcommand still reads its own."""
    from kalooki.cli.main import build_parser

    args = build_parser().parse_args(["simulate", "--seats", "hard,easy,easy,easy"])
    assert args.seats == "hard,easy,easy,easy" and args.play_seats is None


def test_the_seats_make_the_match(app: App) -> None:
    seats = ((HUMAN, "Ann"), ("medium", ""), (HUMAN, "Marcia"), ("hard", "Winston"))
    setup = setup_of_seats("baby", seats)
    assert setup.first == HUMAN and setup.first_name == "Ann" and setup.people == 2
    assert setup.names == ("Delroy", "Marcia", "Winston"), "a free name for the computer"
    profile = Profile(StorePaths.default(), Settings(), worker=InlineWorker,
                      deal_seed=seeds_from())
    table = play_from_command_line(preset("baby"), seats)(app, profile)
    assert isinstance(table, TableScene) and app.scene is table
    assert [(s.name, s.level, s.human) for s in table.session.seats] == [
        ("Ann", "human", True), ("Delroy", "medium", False), ("Marcia", "human", True),
        ("Winston", "hard", False)]
    assert table.session.covered, "the first person is asked to the screen"
