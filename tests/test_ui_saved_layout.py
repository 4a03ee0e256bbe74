"""A save keeps each person's cards as they laid them out: the hand's order and the melds
being built in the staging area come back with Continue and with a named save's load,
in the deal they were laid out in, and only with the cards that person still holds."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from kalooki.engine.cards import JOKER_BASE, parse_card_code
from kalooki.store.paths import StorePaths
from kalooki.store.savegame import HandLayout, Seat
from kalooki.store.saves import latest_autosave, load_save
from kalooki.ui.app import App
from kalooki.ui.pages.setup import GameSetup
from kalooki.ui.play.match import continue_match, resume_save, start_match
from kalooki.ui.profile import Profile
from kalooki.ui.table.prompts import REVEAL_KEY
from kalooki.ui.table.scene import TableScene
from kalooki.words.notices import notices_text
from tests.support.pages import play_until, quick_profile
from tests.support.table import human_decision
from tests.support.ui import click as press
from tests.support.ui import key_press, settle


def _table(app: App, profile: Profile, moves: int = 10) -> TableScene:
    table = start_match(app, GameSetup("baby", 3, ("easy", "easy"), ("Grace", "Bert")),
                        profile, seed=8)
    assert table is not None
    session = table.session
    play_until(app, table, lambda: len(session.recorder.actions) >= moves
               and session.screen_to_act and table.asking.chooser is None)
    return table


def _arrange(table: TableScene) -> tuple[list[int], list[list[int]]]:
    """Two cards staged as a meld being built, and the hand's last card moved first."""
    hand = table.hand
    first, second = hand.arrangement.order[:2]
    hand.stage([first, second], None)
    last = hand.arrangement.order[-1]
    hand.to_hand([last], 0)
    return list(hand.arrangement.order), [list(m) for m in hand.arrangement.staged]


def _laid_out(table: TableScene) -> tuple[list[int], list[list[int]]]:
    arrangement = table.hand.arrangement
    return list(arrangement.order), [list(m) for m in arrangement.staged]


def test_continue_gives_back_the_staged_melds_and_the_hand_s_order(
        app: App, home: StorePaths) -> None:
    """Quit to the menu with two cards in the staging area: Continue brings the table
    back with them staged and the hand in the order the person left it."""
    profile = quick_profile(home)
    table = _table(app, profile)
    arranged = _arrange(table)
    table.on_quit()
    resumed = continue_match(app, profile)
    assert isinstance(resumed, TableScene)
    assert _laid_out(resumed) == arranged
    assert [m.cards for m in resumed.hand.staged] == [tuple(arranged[1][0])], "judged again"


def test_a_named_save_from_the_pause_menu_keeps_the_cards_as_laid_out(
        app: App, home: StorePaths) -> None:
    profile = quick_profile(home)
    table = _table(app, profile)
    arranged = _arrange(table)
    table.open_pause()
    chooser = table.asking.chooser
    assert chooser is not None
    labels = [button.text for button in chooser.buttons]
    press(app, chooser.buttons[labels.index("Save game")])
    press(app, app.scene.dialog.ok_button)  # type: ignore[union-attr]
    saved = list(home.saves_dir.glob("*.json"))
    assert len(saved) == 1
    table.on_quit()
    resumed = resume_save(app, profile, saved[0])
    assert isinstance(resumed, TableScene)
    assert _laid_out(resumed) == arranged


def _autosave_document(home: StorePaths) -> tuple[Path, dict[str, Any]]:
    entry = latest_autosave(home)
    assert entry is not None
    loaded = load_save(entry.path)
    assert loaded.value is not None
    return entry.path, loaded.value.save.to_dict()


def test_a_layout_of_another_deal_or_another_hand_is_not_given_back(
        app: App, home: StorePaths, tmp_path: Path) -> None:
    """A layout from an earlier deal is left (its cards were another deal's); in this
    deal, cards the person does not hold (another seat's, in a file edited by hand) are
    left out, and the cards of the hand missing from it come at its end."""
    profile = quick_profile(home)
    table = _table(app, profile)
    session = table.session
    mine = list(table.hand.arrangement.order)
    theirs = list(session.game.hands[1])
    deal = session.game.deal_no
    table.on_quit()
    _, doc = _autosave_document(home)
    codes = doc["players"][1]  # a computer's seat: never given a layout
    assert "cards" not in codes

    def resumed_with(layout: dict[str, Any]) -> TableScene:
        doc["players"][0]["cards"] = layout
        doc["name"] = "edited"
        path = tmp_path / "edited.json"
        path.write_text(json.dumps(doc), encoding="utf-8")
        table = resume_save(app, profile, path)
        assert isinstance(table, TableScene)
        return table

    code = {card: _code(doc, card) for card in mine + theirs}
    earlier = resumed_with({"deal": deal + 1, "order": [code[c] for c in mine[::-1]],
                            "staged": []})
    assert _laid_out(earlier) == (mine, [])
    foreign = resumed_with({"deal": deal, "order": [code[c] for c in mine[1:]],
                            "staged": [[code[theirs[0]], code[theirs[1]]]]})
    assert _laid_out(foreign) == (mine[1:] + mine[:1], [])


def _code(doc: dict[str, Any], card: int) -> str:
    """The card's code as the file writes it (found among the first deck's)."""
    return next(c for c in doc["first_deck"] if parse_card_code(c) == card)


def test_a_damaged_layout_in_a_file_is_refused_naming_the_field(
        app: App, home: StorePaths, tmp_path: Path) -> None:
    """A layout with a card twice, a field missing, a deal 0 or a code that is no card:
    the load refuses the save with the field at fault (never a crash, never a card
    shown twice)."""
    profile = quick_profile(home)
    _table(app, profile).on_quit()
    _, doc = _autosave_document(home)
    card = doc["first_deck"][0]
    for bad, why in (({"deal": 1, "order": [card, card], "staged": []}, "a card twice"),
                     ({"deal": 1, "order": []}, "has no staged"),
                     ({"deal": 0, "order": [], "staged": []}, "at least 1"),
                     ({"deal": 1, "order": ["ZZ"], "staged": []}, "ZZ"),
                     ({"deal": 1, "order": [], "staged": card}, "lists of card codes")):
        doc["players"][0]["cards"] = bad
        path = tmp_path / "bad.json"
        path.write_text(json.dumps(doc), encoding="utf-8")
        loaded = load_save(path)
        assert loaded.value is None
        told = notices_text(loaded.warnings)
        assert "player 1" in told and why in told, told
        path.write_text(json.dumps(doc), encoding="utf-8")
        assert not isinstance(resume_save(app, profile, path), TableScene)


@given(st.integers(1, 9), st.lists(st.integers(0, JOKER_BASE + 3), unique=True, max_size=30),
       st.integers(0, 4))
def test_a_layout_reads_back_as_it_was_written(deal: int, cards: list[int],
                                               melds: int) -> None:
    cut = [len(cards) * i // (melds + 1) for i in range(melds + 2)]
    staged = tuple(tuple(cards[a:b]) for a, b in itertools.pairwise(cut[1:]))
    layout = HandLayout(deal, tuple(cards[:cut[1]]), staged)
    seat = Seat("Ann", "human", layout)
    assert Seat("Ann", "human", json.loads(json.dumps(seat.to_dict()))["cards"]) == seat


def _play_on(app: App, table: TableScene) -> None:
    """One frame of the people playing simply, each saying they are there when asked."""
    if table.seats.passing:
        settle(app)
        app.step(key_press(REVEAL_KEY))
    elif table.session.screen_to_act and table.asking.chooser is None:
        assert table.submit(human_decision(table.session.view()))
    app.run_frames(1)


def _staged_by_seat(table: TableScene) -> dict[int, list[list[int]]]:
    return {seat: [list(meld) for meld in layout.staged]
            for seat, layout in table.hand.layouts().items()}


def test_two_people_each_get_back_their_own_staged_melds(app: App, home: StorePaths) -> None:
    """Ann and Ben at one computer each stage two cards on their turn; after Quit to menu
    and Continue, each finds their own melds staged when they take the screen again."""
    profile = quick_profile(home)
    table = start_match(app, GameSetup("baby", 3, ("easy", "human"), ("Cal", "Ben")),
                        profile, seed=11)
    assert table is not None
    session = table.session
    staged: set[int] = set()
    for _ in range(5000):
        if staged == {0, 2} and table.seats.passing:
            break  # both have staged; the screen waits for the next person
        seat = session.viewer
        if not table.seats.passing and table.view.hand and seat not in staged:
            table.hand.stage(table.hand.arrangement.order[:2], None)
            staged.add(seat)
        _play_on(app, table)
    left = _staged_by_seat(table)
    assert left.keys() == {0, 2} and all(left.values()), left
    table.on_quit()
    resumed = continue_match(app, profile)
    assert isinstance(resumed, TableScene)
    assert _staged_by_seat(resumed) == left
    seen: set[int] = set()
    for _ in range(5000):
        seat = resumed.view.player
        if not resumed.seats.passing and resumed.view.hand and seat not in seen:
            assert [list(m) for m in resumed.hand.arrangement.staged] == left[seat]
            seen.add(seat)
            if seen == {0, 2}:
                return
        _play_on(app, resumed)
    raise AssertionError("both people came back to their cards")
