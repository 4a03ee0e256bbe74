"""The name the game gives a person who typed none follows the language: a player who
began in English and switched to French is "Vous" in the setup and at the table, while a
typed name stays as typed."""

from __future__ import annotations

import dataclasses

from kalooki.engine.rules import preset
from kalooki.store.settings import Settings
from kalooki.ui.play.match import setup_from
from kalooki.ui.session import MatchSession, Seat
from kalooki.ui.table.painter import deal_words
from kalooki.words import set_language
from tests.support.words import plain


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


def test_the_sidebar_says_your_deal_to_the_person_who_deals() -> None:
    seats = [Seat("You", "human", True), Seat("Marcia", "medium"), Seat("Delroy", "easy")]
    session = MatchSession(preset("caribbean"), seats, seed=3, ai_pause=0.0)
    view = session.view()
    mine = dataclasses.replace(view, dealer=view.player)
    theirs = dataclasses.replace(view, dealer=(view.player + 1) % 3)
    assert deal_words(mine, session.names, True) == "Deal 1 of 9 · your deal"
    assert deal_words(theirs, session.names, True) == "Deal 1 of 9 · dealer Marcia"
    assert deal_words(mine, session.names, False) == "Deal 1 of 9 · dealer You"  # watched
    set_language("fr")
    assert plain(deal_words(mine, session.names, True)) == "Donne 1/9 · vous donnez"
