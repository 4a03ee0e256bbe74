"""The name the game gives a person who typed none follows the language: a player who
began in English and switched to French is "Vous" in the setup and at the table, while a
typed name stays as typed."""

from __future__ import annotations

from kalooki.engine.rules import preset
from kalooki.store.settings import Settings
from kalooki.ui.play import setup_from
from kalooki.ui.session import MatchSession, Seat
from kalooki.words import set_language


def test_the_setup_offers_the_default_name_in_the_language_of_the_moment() -> None:
    set_language("fr")
    assert setup_from(Settings(player_name="You")).first_name == "Vous"
    assert setup_from(Settings(player_name="Ana")).first_name == "Ana"
    set_language("en")
    assert setup_from(Settings(player_name="Vous")).first_name == "You"


def test_the_table_names_the_default_person_in_the_language_of_the_moment() -> None:
    seats = [Seat("You", "human", True), Seat("Marcia", "medium"), Seat("Youssef", "easy")]
    session = MatchSession(preset("baby"), seats, seed=3, ai_pause=0.0)
    assert session.names == ("You", "Marcia", "Youssef")
    set_language("fr")
    assert session.names == ("Vous", "Marcia", "Youssef")
    assert session.seats[0].name == "You"  # what is kept is what was chosen
