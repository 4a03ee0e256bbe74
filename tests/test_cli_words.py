"""The command line speaks the player's language: ``--lang``, else the language of the
saved settings, else the system's. Its help, answers, refusals and usage errors all come
from the catalogs (argparse's own phrases too); the exit codes and what scripts read (card
codes, points) are the same in every language."""

from __future__ import annotations

import argparse
import gettext
import re
from pathlib import Path

import pytest

from kalooki.ai.personalities import LEVELS
from kalooki.cli.common import UsageParser
from kalooki.cli.main import build_parser, main
from kalooki.engine.rules import PRESETS
from kalooki.store.paths import HOME_ENV, StorePaths
from kalooki.store.settings import Settings, save_settings, settings_path
from tests.support.cli import internal_error, not_played
from tests.support.words import plain


def said(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Exit code, stdout and stderr of ``kalooki *argv`` (``--help`` exits as argparse does),
    their no-break spaces read as spaces: these tests check the words."""
    try:
        code = main(list(argv))
    except SystemExit as done:
        code = int(done.code or 0)
    out, err = capsys.readouterr()
    return code, plain(out.strip()), plain(err.strip())


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    return said(capsys, "rules", *argv)


# -- the answers of ``kalooki rules`` ------------------------------------------------------


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
    assert err == "kalooki : « 7X » n'est pas une carte (essayez 7H, 10S, AS, RH, DS, VC ou JK)."


def test_the_presets_are_listed_in_french(capsys) -> None:
    code, out, _ = run(capsys, "presets", "--lang", "fr")
    assert code == 0 and "caribbean: Kalooki caribéen — Neuf donnes" in out


def test_what_scripts_read_is_the_same_in_every_language(capsys) -> None:
    """Cards laid are card codes, points are numbers, in French (R/D/V typed) as in English."""
    hand = ["5S", "5H", "5D", "9S", "9H", "9D", "QS", "QD", "QC"]
    english = run(capsys, "contract", "--deal", "1", *hand)
    french = ["DC" if card == "QC" else card for card in hand]  # a queen typed the French way
    assert run(capsys, "contract", "--lang", "fr", "--deal", "1", *french) == english
    assert english[:2] == (0, "5S 5H 5D | 9S 9H 9D | QS QC QD")
    assert run(capsys, "score", "--lang", "fr", "KH", "7C") == run(capsys, "score", "KH", "7C")


# -- one run, three languages: a refusal, usage errors, a subcommand's help -----------------

RUNS = {
    "refused meld": ["rules", "meld", "5H", "6H", "7H"],
    "not a number": ["rules", "contract", "--deal", "x", "7H"],
    "no cards": ["rules", "meld"],
    "unknown command": ["frob"],
    "help": ["rules", "meld", "--help"],
}
ENGLISH = {
    "refused meld": (1, "invalid: A run needs at least 4 cards."),
    "not a number": (2, "kalooki rules contract: argument --deal: expected a whole number, "
                        "not 'x'"),
    "no cards": (2, "kalooki rules meld: the following arguments are required: CARD"),
    "unknown command": (2, "kalooki: argument COMMAND: invalid choice: 'frob' (choose from "),
    "help": (0, "usage: kalooki rules meld [-h] [--preset NAME] [--lang {en,fr,qps}]"),
}
FRENCH = {
    "refused meld": (1, "invalide : Une suite compte au moins 4 cartes."),
    "not a number": (2, "kalooki rules contract : --deal : un nombre entier est attendu, "
                        "pas « x »"),
    "no cards": (2, "kalooki rules meld : les arguments suivants sont obligatoires : CARTE"),
    "unknown command": (2, "kalooki : COMMANDE : « frob » n'est pas au choix (choisissez "),
    "help": (0, "utilisation : kalooki rules meld [-h] [--preset NOM] [--lang {en,fr,qps}]"),
}
HELP = {"en": ["is this a valid group or run?", "positional arguments:", "CARD [CARD ...]",
               "show this help message and exit", "a custom preset (JSON); overrides --preset"],
        "fr": ["ces cartes font-elles un groupe ou une suite ?", "CARTE [CARTE ...]",
               "afficher cette aide et quitter", "un préréglage maison (JSON) ; remplace "
               "--preset", "RH, DS, VC"]}


def _with_lang(argv: list[str], lang: str) -> list[str]:
    """``argv`` asking for ``lang`` (the unknown command has no options: it is the first
    word, so ``--lang`` goes after it, where the pre-parse finds it all the same)."""
    return [*argv, "--lang", lang] if argv[0] == "frob" else \
        [*argv[:2], "--lang", lang, *argv[2:]]


@pytest.mark.parametrize("case", RUNS)
@pytest.mark.parametrize(("lang", "expected"), [("en", ENGLISH), ("fr", FRENCH)])
def test_refusals_usage_errors_and_help_in_the_language_asked(
        capsys, case: str, lang: str, expected: dict[str, tuple[int, str]]) -> None:
    code, out, err = said(capsys, *_with_lang(RUNS[case], lang))
    want_code, starts = expected[case]
    shown = out or err
    assert code == want_code and shown.startswith(starts), shown
    assert shown.count("\n") == 0 or case == "help"
    if case == "help":
        assert all(words in " ".join(out.split()) for words in HELP[lang]), out


def _names() -> set[str]:
    """What a person types, the same in every language: the commands, the computer
    players' levels, the built-in presets' names, the store's variable; and the one
    unknown command typed below."""
    names, parsers = {"kalooki", HOME_ENV, *LEVELS, *PRESETS}, [build_parser()]
    while parsers:
        for action in parsers.pop()._actions:
            if isinstance(action, argparse._SubParsersAction):
                names |= set(action.choices)
                parsers += action.choices.values()
    return names | {"frob"}


NAMES = _names()


def plain_words(shown: str) -> list[str]:
    """Words of plain ASCII letters in ``shown``, once what a person types is set aside
    (commands, option names, choices, levels, presets): in the pseudo-language every word
    of an entry is accented, so a plain one came from somewhere else."""
    left = re.sub(r"--?[a-z][a-z-]*|\{[^}]*\}", " ", shown)
    found = re.findall(r"(?<![^\W\d_])[A-Za-z][A-Za-z0-9_-]+(?![^\W\d_])", left)
    return [word for word in found if word not in NAMES]


@pytest.mark.parametrize("case", RUNS)
def test_the_pseudo_language_shows_no_word_from_outside_the_catalogs(capsys,
                                                                    case: str) -> None:
    code, out, err = said(capsys, *_with_lang(RUNS[case], "qps"))
    assert code == ENGLISH[case][0]
    assert plain_words(out + err) == [], out + err
    assert "[" in out + err and "]" in out + err
    # the check sees English: the same run in English has plain words left
    _, out, err = said(capsys, *_with_lang(RUNS[case], "en"))
    assert plain_words(out + err) != []


def test_every_subcommand_has_its_help_in_the_pseudo_language(capsys) -> None:
    commands = [[], ["rules"], ["rules", "presets"], ["rules", "explain"],
                ["rules", "contract"], ["rules", "score"], ["replay"], ["saves"],
                ["simulate"], ["screens"], ["desktop", "install"], ["desktop", "write"]]
    for command in commands:
        code, out, err = said(capsys, *command, "--help", "--lang", "qps")
        assert (code, err) == (0, ""), command
        assert plain_words(out) == [], out


# -- which language a run speaks ---------------------------------------------------------


def test_a_run_speaks_the_language_of_the_saved_settings(capsys, home: StorePaths) -> None:
    assert save_settings(home, Settings(language="fr")) == ()
    assert run(capsys, "meld", "7H", "7S", "7D") == (0, "groupe valide", "")
    assert run(capsys, "meld", "--lang", "en", "7H", "7S", "7D") == (0, "valid group", "")
    assert run(capsys, "meld", "--lan", "en", "7H", "7S", "7D") == (0, "valid group", "")


def test_without_settings_a_run_speaks_the_systems_language(
        capsys, home: StorePaths, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert run(capsys, "meld", "7H", "7S", "7D") == (0, "groupe valide", "")
    assert save_settings(home, Settings(language="en")) == ()  # the player chose English
    assert run(capsys, "meld", "7H", "7S", "7D") == (0, "valid group", "")


def test_a_damaged_settings_file_is_left_where_it_is(capsys, home: StorePaths,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the window sets a damaged file aside, and says so; a command just looks."""
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    path = settings_path(home)
    path.parent.mkdir(parents=True)
    path.write_text('{"language": "en", ', encoding="utf-8")
    assert run(capsys, "meld", "7H", "7S", "7D") == (0, "groupe valide", "")
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]


def test_the_settings_of_the_store_asked_for(capsys, tmp_path: Path) -> None:
    elsewhere = StorePaths.under(tmp_path / "elsewhere")
    assert save_settings(elsewhere, Settings(language="fr")) == ()
    code, out, _ = said(capsys, "saves", "--data-dir", str(tmp_path / "elsewhere"))
    assert (code, out) == (0, f"Aucune partie sauvegardée dans {elsewhere.saves_dir}.")
    code, out, _ = said(capsys, "saves")
    assert code == 0 and out.startswith("No saved games in ")


def test_argparse_has_its_own_words_back_after_a_run(capsys) -> None:
    assert run(capsys, "meld", "--lang", "fr")[0] == 2
    assert argparse._ is gettext.gettext  # type: ignore[attr-defined]


def test_a_percent_sign_in_a_help_is_shown_as_written() -> None:
    parser = UsageParser(prog="x")
    parser.add_argument("--share", help="95 % sure")
    assert "95 % sure" in parser.format_help()


def test_a_fault_of_the_program_is_said_in_one_line_in_the_language(
        capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(args: argparse.Namespace) -> int:
        raise RuntimeError("boom")

    monkeypatch.setattr("kalooki.cli.rules.run_score", broken)
    code, _, err = run(capsys, "score", "--lang", "fr", "7H")
    assert (code, err) == (1, "kalooki : erreur interne : RuntimeError: boom")
    assert internal_error(err)


def test_the_command_takes_lang_before_any_subcommand_but_the_window_follows_the_settings(
        capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    opened = not_played(monkeypatch)
    code, out, _ = said(capsys, "--lang", "fr", "--version")
    assert code == 0 and "(sauvegardes : format " in out
    assert run(capsys, "meld", "7H", "7S", "7D")[1] == "valid group"  # the next run: English
    code, _, err = said(capsys, "--lang", "fr")
    assert (code, opened) == (2, [])
    assert err.startswith("kalooki : --lang concerne la ligne de commande ; le jeu parle la "
                          "langue de vos paramètres (Paramètres, Affichage)")
