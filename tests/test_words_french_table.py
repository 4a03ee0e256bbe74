"""French as a French table reads it (issue 25 item 5): the ranks' letters are R D V (roi,
dame, valet) in the log, the hints, the refusals and the card faces' corners (a setting
keeps K Q J faces); numbers take the comma; the default name is "Vous" in the Players
tab too; the house-rules editor's "Contrats à la place" is not cut; typed cards may use
R D V as well as the English letters."""

from __future__ import annotations

import re

import pygame
import pytest

from kalooki.ai.hint import hint
from kalooki.cli.main import main
from kalooki.engine.actions import Cut, Discard, DrawStock
from kalooki.engine.cards import KING, QUEEN, SUIT_NAMES, face, make_card
from kalooki.engine.rules import preset
from kalooki.engine.rules.fields import Section
from kalooki.engine.state import Game
from kalooki.store.paths import StorePaths
from kalooki.store.settings import SETTING_SPECS, Settings, SettingSection
from kalooki.tools.screens.check import problems
from kalooki.ui.app import App
from kalooki.ui.art.cards import CardArt
from kalooki.ui.house_rules.editor import RulesEditorScene, new_draft
from kalooki.ui.pages.settings import SettingsScene
from kalooki.ui.table.log.narrate import Narrator
from kalooki.ui.widgets.field_rows import reading
from kalooki.words import set_language, tr
from kalooki.words.refusals import refusal_text
from tests.support.ui import FakeClock
from tests.support.words import plain

HEARTS = SUIT_NAMES.index("hearts")
KING_OF_HEARTS = make_card(KING, HEARTS)
SPECS = {spec.name: spec for spec in SETTING_SPECS}
ENGLISH_FACE = re.compile(r"(?<![A-Za-z])[KQJ][♠♥♣♦]")


pytestmark = pytest.mark.usefixtures("french")


def played_deal(seed: int = 3) -> tuple[list[str], list[str]]:
    """One deal of four players who each play the hint's move: its log and its hints."""
    rules = preset("caribbean")
    game = Game.new(rules, 4, seed=seed)
    narrator = Narrator(["Ana", "Marcia", "Desmond", "Keisha"], None, rules)
    log = [str(line) for event in game.start_events
           if (line := narrator.line(event.seen_by(None), ()))]
    hints = []
    while not game.over and game.deal_no == 1:
        seat = game.to_act
        assert seat is not None
        action, reason = hint(game.view(seat))
        hints.append(str(reason))
        log += [str(line) for event in game.apply(action, seat)
                if (line := narrator.line(event.seen_by(None), ()))]
    return log, hints


def test_a_deal_s_log_and_hints_say_r_for_a_king_never_k() -> None:
    log, hints = played_deal()
    assert any("R♥" in line for line in log), log
    assert any("R♥" in reason for reason in hints), hints
    assert [line for line in log + hints if ENGLISH_FACE.search(line)] == []


def test_a_refusal_names_the_king_of_hearts_r() -> None:
    game = Game.new(preset("caribbean"), 4, seed=3)
    game.apply(Cut(40), game.to_act)
    seat = game.to_act
    assert seat is not None
    game.apply(DrawStock(), seat)
    king = next(card for card in (KING_OF_HEARTS, KING_OF_HEARTS + 52)
                if card not in game.hands[seat])
    said = refusal_text(game.why_illegal(Discard(king), seat))
    assert "R♥" in said and "K♥" not in said


def test_the_card_faces_say_r_d_unless_the_player_keeps_k_q() -> None:
    pygame.init()
    french, kept = CardArt(), CardArt(english_letters=True)
    for rank in (KING, QUEEN):
        shown = pygame.image.tobytes(french.face_surface(face(rank, HEARTS), 80), "RGBA")
        english = pygame.image.tobytes(kept.face_surface(face(rank, HEARTS), 80), "RGBA")
        assert shown != english
        set_language("en")
        assert pygame.image.tobytes(french.face_surface(face(rank, HEARTS), 80),
                                    "RGBA") == english
        set_language("fr")


def test_numbers_take_the_french_decimal_comma() -> None:
    assert reading(SPECS["ai_pause_seconds"], 0.6) == "0,6 s"
    assert reading(SPECS["card_scale"], 1.0) == "×1,00"
    set_language("en")
    assert reading(SPECS["ai_pause_seconds"], 0.6) == "0.6 s"


def test_the_players_tab_calls_the_person_vous(app: App) -> None:
    scene = SettingsScene(app, Settings(player_name="You"), lambda fields: Settings(),
                          lambda: None, section=SettingSection.PLAYERS)
    app.switch(scene)
    app.step([])
    assert scene.editors["player_name"].entry.get_text() == "Vous"


def test_the_opening_switch_is_not_cut_in_french(tmp_path) -> None:
    app = App((1024, 640), clock=FakeClock())
    try:
        store = StorePaths.under(tmp_path)
        scene = RulesEditorScene(app, store, new_draft(store, "caribbean"), lambda: None,
                                 page=Section.OPENING.value)
        app.switch(scene)
        app.step([])
        assert [problem.words for problem in problems(app, "opening", ())
                if problem.kind == "cut"] == []
    finally:
        app.close()


def test_typed_cards_may_use_the_french_letters_and_the_english_ones(capsys) -> None:
    assert main(["rules", "score", "--lang", "fr", "RH", "DH", "VH"]) == 0
    assert main(["rules", "score", "--lang", "fr", "KH", "Q♥", "JH"]) == 0
    assert capsys.readouterr().out == "30\n30\n"
    assert main(["rules", "score", "RH"]) == 2  # English reads R as no rank


def test_a_mistyped_card_is_refused_as_typed_naming_the_french_letters(capsys) -> None:
    """The refusal quotes what was typed ("RX", not the "KX" it was read as) and, in
    French, suggests R D V as well (it named only 7H, 10S, TH, AS and JK)."""
    assert main(["rules", "meld", "--lang", "fr", "5H", "RX"]) == 2
    err = plain(capsys.readouterr().err.strip())
    assert err.startswith("kalooki : « RX » n'est pas une carte")
    assert all(code in err for code in ("RH", "DS", "VC"))
    assert main(["rules", "score", "--lang", "fr", "RH", "RH", "RH"]) == 2  # two packs
    assert capsys.readouterr().err.strip().endswith("autant de RH.")  # not "de KH"


@pytest.mark.usefixtures("french")
def test_undo_and_redo_tips_name_their_buttons_as_they_are_labelled() -> None:
    """The redo button reads "Rétablir": its tips called it "Refaire"."""
    for name in ("undo", "redo"):
        assert tr(f"table.{name}") in tr(f"table.{name}_greyed_tip")
    assert "refaire" not in tr("table.redo_tip").lower()


@pytest.mark.usefixtures("french")
@pytest.mark.parametrize("phase", ["allow", "buy_in", "call", "cut", "draw", "play"])
def test_whose_move_it_is_fits_the_smallest_window_s_sidebar_in_french(
        app: App, phase: str) -> None:
    """The sidebar said "Maintenant : Keisha — accepter ou ref…" at 1024x640 (and "rachat
    ou abandon ?" was cut for every name)."""
    from kalooki.store.settings import DEFAULT_OPPONENT_NAMES
    from kalooki.ui.art.text import fit, watching_cuts
    from kalooki.ui.pages.setup import DEFAULT_NAMES
    from kalooki.ui.table.layout import compute_layout

    layout = compute_layout((1024, 640), 4, 0, 1.0)
    width = layout.contract.inflate(-16, -10).width
    with watching_cuts() as cut:
        for who in (tr("table.you"), *DEFAULT_OPPONENT_NAMES, *DEFAULT_NAMES):
            fit(tr(f"table.now.{phase}", who=who), layout.font - 2, width)
    assert cut == []
