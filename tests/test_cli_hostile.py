"""The command line under hostile input: every case of issue 19 (Why, item 8, and the
resource blow-ups of item 9) answers in one line with exit 2, never a traceback."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from kalooki.cli import simulate
from kalooki.cli.main import main
from kalooki.cli.simulate import Job, workers_for
from kalooki.engine.actions import Cut, parse_action
from kalooki.engine.cards import parse_card_code, parse_cards, parse_face
from kalooki.engine.errors import RuleError
from kalooki.engine.rules import preset
from kalooki.store.savefile import load
from kalooki.store.savegame import SaveError
from tests.support.cli import not_played, one_line_exit
from tests.support.saves import format_0, play

# -- --autoplay ----------------------------------------------------------------------


@pytest.mark.parametrize(("argv", "says"), [
    (["--autoplay", "--preset", "nope"], "no preset called “nope”"),
    (["--autoplay", "--players", "7"], "3 to 6 players, not 7"),
    (["--autoplay", "--preset", "baby", "--players", "2"], "not 2"),
    (["--autoplay", "--players", "99"], "3 to 6 players, not 99"),
    (["--autoplay", "--players", "8"], "3 to 6 players, not 8"),
    (["--autoplay", "--players", "two"], "expected a whole number of players, not 'two'"),
    (["--autoplay", "--deals", "0"], "--deals: expected a whole number of at least 1"),
    (["--autoplay", "--deals", "-3"], "--deals"),
    (["--autoplay", "--screenshot", "."], "is a folder"),
    (["--autoplay", "--screenshot", "shot.txt"], "does not end in .png"),
])
def test_autoplay_refuses_what_it_cannot_play(capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch,
                                              argv: list[str], says: str) -> None:
    opened = not_played(monkeypatch)
    assert says in one_line_exit(capsys, argv) and opened == []


def test_a_screenshot_below_a_file_is_refused(capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch,
                                              tmp_path: Path) -> None:
    opened = not_played(monkeypatch)
    (tmp_path / "file").write_text("x")
    err = one_line_exit(capsys, ["--autoplay", "--screenshot", str(tmp_path / "file/a.png")])
    assert "is a file, not a folder" in err and opened == []


def test_autoplay_with_good_arguments_opens_the_table(monkeypatch: pytest.MonkeyPatch,
                                                      tmp_path: Path) -> None:
    opened = not_played(monkeypatch)
    shot = tmp_path / "new" / "last.png"
    assert main(["--autoplay", "--preset", "baby", "--players", "3", "--deals", "2",
                 "--screenshot", str(shot)]) == 0
    assert [(a.players, a.deals, a.screenshot) for a in opened] == [(3, 2, shot)]


# -- --rules files ---------------------------------------------------------------------

def rules_file(tmp_path: Path, data: bytes) -> str:
    path = tmp_path / "table.json"
    path.write_bytes(data)
    return str(path)


@pytest.mark.parametrize(("data", "says"), [
    (b'{"name": "t", "packs": ' + b"9" * 5000 + b"}", "number too long"),
    (b"[" * 20000 + b"]" * 20000, "nests too deeply"),
    (b'{"name": "' + b"x" * (10 << 20) + b'"}', "larger than 64 KiB"),
    (b'{"name": "t"' + b" " * (70 << 10) + b"}", "larger than 64 KiB"),
    (b'{"name": "\xff"}', "not text (UTF-8)"),
    (b'{"name": "t\\u001b[2J"}', "no control"),
])
def test_hostile_rules_files_are_refused_in_a_sentence(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str],
                                                       data: bytes, says: str) -> None:
    err = one_line_exit(capsys, ["rules", "meld", "--rules", rules_file(tmp_path, data),
                                 "5H", "6H", "7H"])
    assert says in err and "\x1b" not in err


def test_a_rules_file_with_a_byte_order_mark_is_read(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    path = rules_file(tmp_path, '\ufeff{"name": "our table", "run_min": 3}'.encode())
    assert main(["rules", "meld", "--rules", path, "5H", "6H", "7H"]) == 0
    assert capsys.readouterr().out == "valid run\n"


def test_a_rules_folder_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                   ) -> None:
    assert "could not be read" in one_line_exit(
        capsys, ["rules", "score", "--rules", str(tmp_path), "7C"])


# -- cards written with other digits ---------------------------------------------------

@pytest.mark.parametrize("token", ["²H", "٣H", "1²H", "¹⁰S", "𝟕H"])
def test_cards_with_digits_that_are_not_0_to_9_are_refused(
        capsys: pytest.CaptureFixture[str], token: str) -> None:
    with pytest.raises(RuleError):
        parse_face(token)
    with pytest.raises(RuleError):
        parse_cards([token])
    assert "is not a card" in one_line_exit(capsys, ["rules", "meld", token, "3H", "4H"])


@pytest.mark.parametrize("code", ["7H#²", "JK#٣", "7H#" + "9" * 5000])
def test_card_codes_with_other_digits_are_refused(code: str) -> None:
    with pytest.raises(RuleError):
        parse_card_code(code)


@pytest.mark.parametrize("code", ["cut ²", "cut ٣", "tack 7H#1 m²", "cut " + "9" * 5000])
def test_actions_with_other_digits_are_refused(code: str) -> None:
    with pytest.raises(RuleError):
        parse_action(code)
    assert parse_action("cut 40") == Cut(40)


@pytest.mark.parametrize("action", ["cut ²", "discard 7H#²", "tack 7H#1 m²"])
def test_a_format_0_save_holding_other_digits_is_refused_in_a_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], action: str) -> None:
    doc = format_0(play(20))
    doc["actions"][3] = action
    path = tmp_path / "old.json"
    path.write_text(json.dumps(doc, ensure_ascii=False))
    with pytest.raises(SaveError, match="number=4"):
        load(path.read_bytes())
    assert "Action 4" in one_line_exit(capsys, ["replay", str(path)], code=1)


# -- simulate ----------------------------------------------------------------------------

@pytest.mark.parametrize(("argv", "says"), [
    (["--think", "inf"], "--think"), (["--think", "nan"], "--think"),
    (["--think", "-1"], "--think"), (["--think", "0"], "--think"),
    (["--deals", "0"], "--deals"), (["--jobs", "0"], "--jobs"),
    (["--deals", "1" + "0" * 40], "--deals"), (["--players", "1000"], "3 to 6 players, not 1000"),
    (["--seed", "9" * 5000], "--seed"),
])
def test_simulate_refuses_bad_numbers(capsys: pytest.CaptureFixture[str],
                                      argv: list[str], says: str) -> None:
    cheap = ["--preset", "baby", "--players", "3", "--seats", "random,random,random",
             "--deals", "1", "--first-deal-only"]
    assert says in one_line_exit(capsys, ["simulate", *cheap, *argv])


def test_simulate_records_into_a_file_or_an_unwritable_folder_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    for target in (blocker, blocker / "below"):
        assert "is a file" in one_line_exit(
            capsys, ["simulate", "--deals", "1", "--save-records", str(target)])
    unwritable = Path("/proc/kalooki-records")  # no one may make a folder there, not root
    if Path("/proc/self").is_dir():
        assert "cannot create the folder" in one_line_exit(
            capsys, ["simulate", "--deals", "1", "--save-records", str(unwritable)])


def test_simulate_never_uses_more_workers_than_deals_or_processors(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    assert workers_for(2000, 1) == 1
    assert workers_for(2000, 10**12) == 2
    assert workers_for(1, 50) == 1
    monkeypatch.setattr("os.cpu_count", lambda: None)
    assert workers_for(8, 8) == 1


def test_simulate_makes_its_jobs_as_the_workers_need_them() -> None:
    taken = itertools.count()

    def endless() -> Iterator[Job]:
        for index in itertools.count():
            next(taken)
            yield Job(preset("baby"), ("random", "random", "random"), 1, index, 0.01, True,
                      True, False)

    first = list(itertools.islice(simulate._outcomes(endless(), 2), 3))
    assert len(first) == 3 and next(taken) <= 2 * simulate._BATCH_PER_WORKER


def test_simulate_a_trillion_deals_starts_at_once(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]
                                                  ) -> None:
    seen: list[int] = []

    def first_few(jobs: Iterator[Job], workers: int) -> Iterator[list[object]]:
        seen.append(workers)
        for job in itertools.islice(jobs, 3):
            seen.append(job.index)
            yield []

    monkeypatch.setattr(simulate, "_outcomes", first_few)
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    assert main(["simulate", "--deals", "1000000000000", "--jobs", "2000", "--json"]) == 0
    assert seen == [2, 0, 1, 2]
    capsys.readouterr()


LONG = "9" * 5000


@pytest.mark.parametrize("argv", [["replay", LONG], ["--autoplay", "--screenshot", LONG + ".png"],
                                  ["simulate", "--save-records", LONG], ["screens", LONG]])
def test_a_path_too_long_for_the_system_is_one_line(capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch,
                                                    argv: list[str]) -> None:
    not_played(monkeypatch)
    one_line_exit(capsys, argv, code=1 if argv[0] == "replay" else 2)


def test_a_file_name_with_a_nul_is_one_line(capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """The fuzz test met ``replay '\\x00'``: a ValueError from the system, not an OSError."""
    not_played(monkeypatch)
    assert "not a file name" in one_line_exit(capsys, ["replay", "\x00"], code=1)


def test_a_file_name_that_is_not_utf8_is_printed_escaped(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    monkeypatch.setattr("kalooki.tools.screens.registry.render", lambda *args: {})
    target = tmp_path / "caf\udcff"
    assert main(["screens", str(target)]) == 0
    assert "caf\\udcff" in capsys.readouterr().out


@pytest.mark.parametrize(("size", "says"), [
    ("10x10", "below the smallest window, 1024x640"),
    ("1000x700", "below the smallest window"),
    ("99999x99999", "above the largest picture, 7680x4320"),
    ("big", "is not a size like 1280x720"),
])
def test_a_screens_size_out_of_range_says_which_way(capsys: pytest.CaptureFixture[str],
                                                   tmp_path: Path, size: str,
                                                   says: str) -> None:
    """"10x10" was refused as "not a size": it is one, too small for the game's window."""
    assert says in one_line_exit(capsys, ["screens", str(tmp_path), "--size", size])


def test_screens_help_says_the_folder_is_needed_unless_listing(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["screens", "--help"])
    assert "needed unless you give --list" in " ".join(capsys.readouterr().out.split())
