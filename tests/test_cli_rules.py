"""``kalooki rules``: meld, contract and score from the command line."""

import os
import subprocess
import sys

import pytest

from kalooki.cli.main import main


def run(capsys, *argv):
    code = main(["rules", *argv])
    out, err = capsys.readouterr()
    return code, out.strip(), err.strip()


@pytest.mark.parametrize(("cards", "kind"), [
    ("7H 7S 7D", "group"),
    ("AS 2S 3S 4S", "run"),
    ("ac kc jc qc", "run"),          # any order, lower case
    ("J♣ Q♣ K♣ A♣", "run"),
    ("QS QD JK JK", "group"),
    ("5H JK 7H JK", "run"),
])
def test_meld_valid(capsys, cards, kind):
    assert run(capsys, "meld", *cards.split()) == (0, f"valid {kind}", "")


@pytest.mark.parametrize(("cards", "reason"), [
    ("KD AD 2D 3D", "never turns the corner"),
    ("QS JK JK", "at least 2 natural cards"),
    ("5H JK JK 8H", "side by side"),
    ("7H 7S", "at least 3 cards"),
])
def test_meld_invalid(capsys, cards, reason):
    code, out, _ = run(capsys, "meld", *cards.split())
    assert code == 1
    assert out.startswith("invalid: ") and reason in out


def test_meld_follows_the_preset_rules(capsys):
    # a 13-card run is legal everywhere; three cards are a run nowhere in these presets
    assert run(capsys, "meld", "--preset", "baby", "5H", "6H", "7H")[0] == 1


def test_contract_prints_an_arrangement(capsys):
    code, out, _ = run(capsys, "contract", "--deal", "2",
                       "10H", "7H", "9H", "8H", "5S", "5D", "5C", "KS", "KH", "KD", "2C")
    assert code == 0
    assert out == "5S 5C 5D | KS KH KD | 7H 8H 9H 10H || 2C"


def test_contract_without_leftover_has_no_separator(capsys):
    code, out, _ = run(capsys, "contract", "--deal", "1",
                       "5S", "5H", "5D", "9S", "9H", "9D", "QS", "QD", "JK")
    assert (code, out) == (0, "5S 5H 5D | 9S 9H 9D | QS QD JK")


def test_contract_says_what_is_missing(capsys):
    code, out, _ = run(capsys, "contract", "--deal", "3", "7H", "8H", "9H", "10H", "5S", "5D")
    assert code == 1
    assert out == "no: 5 more cards needed for one group and two runs"
    code, out, _ = run(capsys, "contract", "--deal", "1",
                       "5S", "5H", "5D", "9S", "9H", "9D", "QS", "QD")
    assert (code, out) == (1, "no: 1 more card needed for three groups")


def test_contract_groups_of_one_rank_are_refused(capsys):
    code, out, _ = run(capsys, "contract", "--deal", "1",
                       "5S", "5H", "5D", "5C", "5S", "5H", "9S", "9H", "9D")
    assert code == 1 and out.startswith("no: ")


@pytest.mark.parametrize(("extra", "points"), [((), "83"), (("--bent",), "166")])
def test_score(capsys, extra, points):
    assert run(capsys, "score", *extra, "JK", "AS", "AH", "10D", "7C") == (0, points, "")


@pytest.mark.parametrize("argv", [
    ["rules"],
    ["rules", "meld"],
    ["rules", "meld", "7X", "7H", "7S"],
    ["rules", "meld", "--preset", "nowhere", "7H", "7S", "7D"],
    ["rules", "contract", "7H", "7S", "7D"],
    ["rules", "contract", "--deal", "10", "7H"],
    ["rules", "contract", "--deal", "0", "7H"],
    ["rules", "score", "7H", "7H", "7H"],   # only two packs
    ["rules", "frobnicate"],
])
def test_usage_errors_exit_2_with_one_line(capsys, argv):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_python_dash_m_runs_the_command():
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    result = subprocess.run([sys.executable, "-m", "kalooki", "rules", "meld", "7H", "7S", "7D"],
                            capture_output=True, text=True, env=env, timeout=60, check=False)
    assert (result.returncode, result.stdout.strip()) == (0, "valid group")
