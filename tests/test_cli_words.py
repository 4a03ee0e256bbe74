"""``kalooki rules … --lang fr`` answers in French, with the same exit codes."""

from __future__ import annotations

import pytest

from kalooki.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["rules", *argv])
    out, err = capsys.readouterr()
    return code, out.strip(), err.strip()


def test_a_valid_meld_is_said_in_french(capsys) -> None:
    assert run(capsys, "meld", "--lang", "fr", "7H", "7S", "7D") == (0, "groupe valide", "")


@pytest.mark.parametrize(("cards", "english", "french"), [
    ("5H 6H 7H", "invalid: A run needs at least 4 cards.",
     "invalide : Une suite compte au moins 4 cartes."),
    ("KD AD 2D 3D", "invalid: An ace stands only at an end of a run",
     "invalide : L'as ne se place qu'au bout d'une suite"),
    ("QS JK JK", "invalid: A group needs at least 2 natural cards besides its jokers.",
     "invalide : Un groupe demande au moins 2 vraies cartes en plus de ses jokers."),
])
def test_a_refused_meld_says_why_in_either_language(capsys, cards: str, english: str,
                                                   french: str) -> None:
    code, out, _ = run(capsys, "meld", *cards.split())
    assert code == 1 and out.startswith(english)
    code, out, _ = run(capsys, "meld", "--lang", "fr", *cards.split())
    assert code == 1 and out.startswith(french)


def test_a_missing_contract_is_counted_in_french(capsys) -> None:
    code, out, _ = run(capsys, "contract", "--lang", "fr", "--deal", "1",
                       "5S", "5H", "5D", "9S", "9H", "9D", "QS", "QD", "2C")
    assert (code, out) == (1, "non : il manque 1 carte pour trois groupes")


def test_a_card_that_cannot_be_read_is_a_french_usage_error(capsys) -> None:
    code, out, err = run(capsys, "score", "--lang", "fr", "7X")
    assert (code, out) == (2, "")
    assert err == "kalooki: « 7X » n'est pas une carte (essayez 7H, 10S, TH, AS ou JK)."


def test_the_presets_are_listed_in_french(capsys) -> None:
    code, out, _ = run(capsys, "presets", "--lang", "fr")
    assert code == 0 and "caribbean: Kalooki caribéen — Neuf donnes" in out
