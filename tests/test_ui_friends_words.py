"""Friends at one computer, in words: the box of the viewer's melds names its owner when
several people share the screen ("Keisha's melds", "Les combinaisons d'Ann"), and stays
"Your melds" for one person (French elides as the lookup does: :mod:`kalooki.words.elision`);
the New game panel's seat box reads well in both languages."""

from __future__ import annotations

import pytest

from kalooki.engine.facts.seats import HUMAN
from kalooki.engine.rules import preset
from kalooki.ui.app import App
from kalooki.ui.pages.menu import MainMenuScene
from kalooki.ui.pages.setup import GameSetup
from kalooki.ui.session import MatchSession, Seat
from kalooki.ui.table.options import INSTANT
from kalooki.ui.table.painter import TablePainter
from kalooki.ui.table.scene import TableScene
from kalooki.words import set_language, tr
from kalooki.words.formats import melds_label
from tests.support.friends import person_events

PEOPLE = (Seat("Ann", "human", True), Seat("Cal", "easy"), Seat("Keisha", "human", True),
          Seat("Dee", "easy"))


def drawn_melds_label(app: App, seats: tuple[Seat, ...]) -> tuple[str, TableScene]:
    """The words drawn over the viewer's melds box in the first frame of a table."""
    session = MatchSession(preset("baby"), seats, seed=11, ai_pause=0.0)
    table = TableScene(app, session, INSTANT, on_quit=lambda: None)
    app.switch(table)
    app.step([])
    assert table.painter._static is not None
    return table.painter._static[1][0], table


@pytest.mark.parametrize(("name", "english", "french"), [
    ("Keisha", "Keisha's melds", "Les combinaisons de Keisha"),
    ("Ann", "Ann's melds", "Les combinaisons d'Ann"),
    ("Élodie", "Élodie's melds", "Les combinaisons d'Élodie"),
    ("Hugo", "Hugo's melds", "Les combinaisons de Hugo"),
])
def test_the_melds_box_names_its_owner_in_both_languages(name: str, english: str,
                                                         french: str) -> None:
    assert melds_label(name) == english
    set_language("fr")
    assert melds_label(name) == french
    assert melds_label(None) == "Vos combinaisons"


def test_a_shared_screen_names_whose_melds_the_box_holds(app: App) -> None:
    """With two people, the box under the table is the viewer's, by name, and follows
    the device from one person to the next (while the screen is covered it names no
    one: "Melds"); with one person it stays "Your melds". Beside it, the viewer's own
    calls, as the opponents' headers say theirs."""
    _, table = drawn_melds_label(app, PEOPLE)
    session = table.session
    seen: set[tuple[int, str]] = set()
    for _ in range(3000):
        if table.seats.passing:
            table.seats.reveal()
        elif session.screen_to_act and table.asking.chooser is None:
            app.step(person_events(table, calls=False))
        app.step([])
        assert table.painter._static is not None
        label = table.painter._static[1][0]
        if session.covered:
            assert label == "Melds"
        else:
            owner, calls = label.split(" · ")
            assert calls == f"calls {table.view.calls_made[session.viewer]}/3"  # their own
            seen.add((session.viewer, owner))
        if {viewer for viewer, _ in seen} == {0, 2}:
            break
    assert seen == {(0, "Ann's melds"), (2, "Keisha's melds")}
    alone, _ = drawn_melds_label(app, (Seat("Ann", "human", True), *PEOPLE[1::2]))
    assert alone == tr("table.label.my_melds") + " · calls 0/3" == "Your melds · calls 0/3"


def test_the_seat_box_says_a_person_plays_the_seat(app: App) -> None:
    """Under "Joué par", a person's seat reads "Une personne" in French ("Humain" read
    as a species, "Personne" as nobody)."""
    set_language("fr")
    setup = GameSetup("caribbean", 4, (HUMAN, "hard", "medium", HUMAN, *("medium",) * 3),
                      ("Keisha", "Winston", "Delroy", "Ann", "Bo", "Cy", "Di"),
                      first_name="Marcia")
    menu = MainMenuScene(app, setup=setup)
    app.switch(menu)
    menu.open_setup()
    app.step([])
    boxes = [menu.setup.first[1], *(row[1] for row in menu.setup.rows[:3])]
    assert [box.selected_option[0] for box in boxes] == [
        "Une personne", "Une personne", "Difficile", "Moyen"]


def test_the_table_names_a_person_s_seat_as_the_setup_panel_does(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The panel over another person's seat said "Humain" where New game had said "Une
    personne": one game, one word for who plays a seat."""
    drawn: list[tuple[str, tuple[str, ...]]] = []

    def headers(surface: object, rows: list[tuple], font: int) -> None:
        drawn.extend((header[4], tuple(r[0] for r in header[2])) for header in rows)

    monkeypatch.setattr(TablePainter, "_headers", staticmethod(headers))
    set_language("fr")
    drawn_melds_label(app, PEOPLE)
    said = dict(drawn)
    assert said["Keisha"][0].startswith("Une personne") and said["Cal"][0].startswith("Facile")


def test_the_staging_help_is_said_only_to_someone_with_a_hand(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """"Select cards and drop them here" over a covered screen speaks to nobody: it is
    drawn once the person at the screen has their hand."""
    from kalooki.ui.table import painter

    written: list[str] = []
    fit = painter.ink.fit

    def recorded(words: str, *args: object, **kwargs: object) -> object:
        written.append(words)
        return fit(words, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(painter.ink, "fit", recorded)
    _, table = drawn_melds_label(app, PEOPLE)
    assert table.seats.passing and tr("table.staging.help") not in written
    table.seats.reveal()
    written.clear()
    app.step([])
    assert tr("table.staging.help") in written


def test_a_shared_screens_summary_names_everyone_and_calls_no_one_you(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The deal's summary on a screen two people share is read by both: whoever went
    out is named, never "you" (the person at the screen may not be the one it is about)."""
    from kalooki.ui.table import summary
    from tests.support.friends import friends_table, play_on

    told: list[int | None] = []
    title = summary._title

    def spied(result: object, names: object, rules: object, you: int | None = None) -> str:
        told.append(you)
        return title(result, names, rules, you)  # type: ignore[arg-type]

    monkeypatch.setattr(summary, "_title", spied)
    with friends_table(seed=11) as (app, table):
        for _ in range(20000):
            if table.result is not None:
                break
            play_on(app, table)
        app.step([])
        assert table.result is not None and told and set(told) == {None}


def test_the_melds_box_counts_the_viewer_s_own_calls_in_both_languages() -> None:
    assert melds_label(None, (1, 3)) == "Your melds · calls 1/3"
    assert melds_label("Ann", (2, 5)) == "Ann's melds · calls 2/5"
    assert melds_label("", (1, 3)) == "Melds"  # the pass screen: nobody's
    set_language("fr")
    assert melds_label(None, (1, 3)) == "Vos combinaisons · appels 1/3"
