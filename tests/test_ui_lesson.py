"""The guided first game, driven by posted events: Learn to play opens a Baby Kalooki
match with the lessons over the table, in a newcomer's order (what the game is, the cut,
the draw, the discard, the contract; calls once the turn is known); each lesson lights
what it talks about, waits for its move and refuses others with its own sentence; the
first deal is played through to its scoring lesson by keys; skipping ends the lessons; a
guided game left and resumed comes back with its lessons where they were."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pygame
import pytest
from pygame_gui.core import UIContainer, UIElement

from kalooki.engine.actions import (
    Action,
    Call,
    Discard,
    LayDown,
    Pass,
    ShiftJoker,
    TackOn,
    TakeDiscard,
    parse_action,
)
from kalooki.engine.cards import is_joker
from kalooki.engine.deal import Phase
from kalooki.engine.rules import preset
from kalooki.engine.state import Game
from kalooki.engine.view import PlayerView
from kalooki.store.settings import load_settings
from kalooki.ui.app import App
from kalooki.ui.art import palette
from kalooki.ui.lesson.scene import LessonScene
from kalooki.ui.lesson.teacher import LESSON_RULES, LESSON_SEED, Lesson, taught_so_far
from kalooki.ui.pages.menu import MainMenuScene
from kalooki.ui.pages.setup import GameSetup
from kalooki.ui.play.match import open_menu, start_match
from kalooki.ui.profile import Profile
from kalooki.ui.table.frame import Marks
from kalooki.ui.table.painter import frame_banner
from kalooki.ui.table.scene import TableScene
from kalooki.ui.table.summary import PANEL
from kalooki.ui.workers import InlineWorker
from kalooki.words import tr
from tests.support.keys import by_keys, choose, key
from tests.support.pages import seeds_from
from tests.support.table import human_decision, wait_for_human
from tests.support.ui import FakeClock, click

RULES_OF_LESSON = preset(LESSON_RULES)


def settle(app: App, lesson: LessonScene, keep: str = "") -> None:
    """Wait for the person to be asked, reading (Got it) each lesson that asks only that
    (all but ``keep``)."""
    table = lesson.table
    while True:
        wait_for_human(app, table)
        app.run_frames(1)
        current = lesson.teacher.current
        if (table.result is not None or current is None or not current.read_first
                or current.name == keep):
            return
        click(app, lesson.buttons["got_it"])


def learn(app: App, profile: Profile) -> LessonScene:
    menu = open_menu(app, profile)
    assert isinstance(menu, MainMenuScene)
    click(app, menu.buttons["learn"])
    lesson = app.scene
    assert isinstance(lesson, LessonScene)
    return lesson


def test_the_guided_game_teaches_its_first_deal_through_to_the_scoring(
        app: App, profile: Profile) -> None:
    lesson = learn(app, profile)
    table, teacher = lesson.table, lesson.teacher
    seen: list[str] = []
    refused = False
    while table.result is None:
        settle(app, lesson)
        if table.result is not None:
            break
        if teacher.current is not None and teacher.current.name not in seen:
            seen.append(teacher.current.name)
        action = human_decision(table.session.view())
        if isinstance(action, LayDown) and not refused:  # a discard is held back first
            card = next(c for c in reversed(table.hand.arrangement.order) if not is_joker(c))
            before = len(table.session.recorder.actions)
            choose(app, table, (card,))
            key(app, pygame.K_x)
            assert len(table.session.recorder.actions) == before
            assert str(table.toast[0]) == tr("error.lesson.contract")
            key(app, pygame.K_SPACE)  # let go of it again
            refused = True
        by_keys(app, table, action)
        app.run_frames(1)
    app.run_frames(2)
    assert refused and {"draw", "contract", "discard", "call"} <= set(seen)
    assert set(seen) - {"scoring"} <= teacher.done  # each learnt once, not again and again
    assert teacher.current is not None and teacher.current.name == "scoring"
    shown = " ".join(lesson._lines()[1])
    for points in (RULES_OF_LESSON.joker_points, RULES_OF_LESSON.red_ace_points,
                   RULES_OF_LESSON.face_points):  # what the cards left in hand cost
        assert f" {points}" in shown
    assert lesson.buttons["got_it"].visible
    click(app, lesson.buttons["got_it"])
    assert teacher.current is None and "scoring" in teacher.done
    assert not lesson.buttons["skip"].visible


def test_skipping_ends_the_lessons_and_frees_every_move(app: App, profile: Profile) -> None:
    lesson = learn(app, profile)
    table = lesson.table
    wait_for_human(app, table)
    app.run_frames(1)
    while lesson.teacher.current is None:  # the welcome shows at the first question
        by_keys(app, table, human_decision(table.session.view()))
        settle(app, lesson)
    assert lesson.buttons["skip"].visible
    click(app, lesson.buttons["skip"])
    assert lesson.teacher.current is None and not lesson.buttons["skip"].visible
    while not isinstance(human_decision(table.session.view()), LayDown):
        by_keys(app, table, human_decision(table.session.view()))
        wait_for_human(app, table)
    card = next(a.card for a in table.session.view().legal if isinstance(a, Discard))
    by_keys(app, table, Discard(card))  # the contract lesson would hold this back
    assert lesson.teacher.current is None


def test_learn_to_play_is_offered_first_until_a_game_is_recorded(
        app: App, profile: Profile) -> None:
    menu = open_menu(app, profile)
    assert menu.buttons["learn"].object_ids[-1] == "#primary"
    assert menu.buttons["new_game"].object_ids[-1] != "#primary"
    menu = MainMenuScene(app, on_learn=lambda: None, newcomer=lambda: False)
    app.switch(menu)
    assert menu.buttons["new_game"].object_ids[-1] == "#primary"
    assert menu.buttons["learn"].object_ids[-1] != "#primary"


def lit_cards(table: TableScene) -> set[int]:
    """The person's cards the table lights for the lesson (a lit rect where a card is)."""
    lit = {tuple(rect) for rect in table.frame().taught.cards}
    cards = set()
    for card in table.view.hand:
        x, y = table.motion.drawn_at(card)
        width = table.placement.spots[card][2]
        if (round(x), round(y), width, round(width * 1.4)) in lit:
            cards.add(card)
    return cards


def lit_places(table: TableScene) -> set[tuple[int, ...]]:
    return {tuple(rect) for rect in table.frame().taught.places}


def asked_for(table: TableScene, name: str) -> tuple[set[int], set[tuple[int, ...]]]:
    """What each lesson should light, read from the person's view and the table."""
    view, layout = table.view, table.layout
    button = {n: tuple(b.rect) for n, b in table.buttons.items() if b.visible}
    if name == "cut":
        return set(), {tuple(layout.cut_strip)}
    if name == "draw":
        taking = any(isinstance(a, TakeDiscard) for a in view.legal)
        return set(), {tuple(layout.stock)} | ({tuple(layout.discard)} if taking else set())
    if name in ("call", "allow"):
        return set(), {tuple(layout.discard), *(button[n] for n in (
            ("call", "pass") if name == "call" else ("allow", "refuse")) if n in button)}
    if name == "contract":
        lay = next(a for a in view.legal if isinstance(a, LayDown))
        return ({c for spec in lay.melds for c in spec.cards},
                {tuple(layout.staging), *([button["lay"]] if "lay" in button else [])})
    if name == "tack":
        tacks = [a for a in view.legal if isinstance(a, TackOn)]
        return ({t.card for t in tacks},
                {tuple(table.placement.meld_rects[t.meld]) for t in tacks})
    if name == "shift":
        shifts = [a for a in view.legal if isinstance(a, ShiftJoker)]
        return ({s.card for s in shifts},
                {tuple(table.placement.meld_rects[s.meld]) for s in shifts})
    if name == "joker":
        return ({c for c in view.hand if is_joker(c)},
                {tuple(table.placement.meld_rects[i]) for i, shown in enumerate(view.table)
                 if any(is_joker(c) for c in shown.meld.cards)})
    if name in ("bend", "out"):
        assert len(view.hand) == 1
        return set(view.hand), {tuple(layout.discard)}
    if name == "discard":
        return set(), {tuple(layout.discard)}
    raise AssertionError(f"no lights known for lesson {name}")


def test_each_lesson_lights_what_it_talks_about_until_its_move_is_made(
        app: App, profile: Profile) -> None:
    lesson = learn(app, profile)
    table, teacher = lesson.table, lesson.teacher
    checked: list[str] = []
    while table.result is None:
        settle(app, lesson)
        if table.result is not None:
            break
        current = teacher.current
        action = human_decision(table.session.view())
        if current is not None and current.teaches:
            cards, places = asked_for(table, current.name)
            assert (lit_cards(table), lit_places(table)) == (cards, places), current.name
            assert cards or places, current.name
            checked.append(current.name)
        assert table.submit(action)
        if current is not None and isinstance(action, current.teaches):
            assert table.frame().taught == Marks()  # learnt: its lights go out at once
    assert {"cut", "draw", "call", "allow", "contract", "discard", "joker", "bend"
            } <= set(checked)


def test_the_table_painter_draws_the_lessons_light(app: App, profile: Profile) -> None:
    lesson = learn(app, profile)
    table = lesson.table
    while lesson.teacher.current is None or lesson.teacher.current.name != "draw":
        settle(app, lesson)
        if lesson.teacher.current is None or lesson.teacher.current.name != "draw":
            assert table.submit(human_decision(table.session.view()))
    stock = table.layout.stock
    edge = (stock.left - 2, stock.centery)  # the light's edge, just outside the pile
    app.run_frames(1)
    assert app.surface.get_at(edge)[:3] == palette.LESSON[:3]
    assert table.submit(human_decision(table.session.view()))
    app.run_frames(1)
    assert app.surface.get_at(edge)[:3] != palette.LESSON[:3]


def eager_caller(view: PlayerView) -> Action:
    """The plain strategy, but calling every card it may and laying every meld it can:
    the person who takes the call lesson at its word, and so is down with cards to spare."""
    legal = view.legal
    if view.phase == Phase.CALL and any(isinstance(a, Call) for a in legal):
        return Call()
    chosen = next((a for a in legal if isinstance(a, ShiftJoker)), None)
    if chosen is None and view.phase == Phase.PLAY and view.down[view.player]:
        chosen = next((a for a in legal if isinstance(a, LayDown)), None)
    return chosen or human_decision(view)


def play_until(app: App, lesson: LessonScene, name: str,
               look: Callable[[], None] = lambda: None) -> None:
    """Play the guided game as the eager caller until lesson ``name`` is on screen,
    calling ``look`` each time the person is asked."""
    table, teacher = lesson.table, lesson.teacher
    while teacher.current is None or teacher.current.name != name:
        if table.result is not None:
            assert not table.session.over, f"the match ended without the {name} lesson"
            app.run_frames(1)
            lesson.got_it()
            table.next_deal()
        settle(app, lesson, keep=name)
        look()
        if table.result is None and (teacher.current is None or teacher.current.name != name):
            assert table.submit(eager_caller(table.session.view()))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_joker_shift_lesson_waits_for_the_shift_and_lights_card_and_run(
        app: App, profile: Profile, lang: str) -> None:
    lesson = learn(app, profile)
    app.set_language(lang)
    table = lesson.table
    play_until(app, lesson, "shift")
    view = table.view
    shifts = [a for a in view.legal if isinstance(a, ShiftJoker)]
    assert lit_cards(table) == {s.card for s in shifts}
    assert lit_places(table) == {tuple(table.placement.meld_rects[s.meld]) for s in shifts}
    other = next(a for a in view.legal if not isinstance(a, ShiftJoker))
    before = len(table.session.recorder.actions)
    assert not table.submit(other)
    assert len(table.session.recorder.actions) == before
    assert str(table.toast[0]) == tr("error.lesson.shift")
    assert table.submit(shifts[0])
    assert "shift" in lesson.teacher.done and table.frame().taught == Marks()


def play_plainly_until(app: App, lesson: LessonScene, name: str) -> None:
    """Play the guided game with the plain strategy until lesson ``name`` is on screen."""
    table, teacher = lesson.table, lesson.teacher
    while teacher.current is None or teacher.current.name != name:
        assert table.result is None, f"the deal ended before the {name} lesson"
        settle(app, lesson, keep=name)
        if teacher.current is None or teacher.current.name != name:
            assert table.submit(human_decision(table.session.view()))


@pytest.mark.parametrize(("name", "how"), [("contract", "quit"), ("contract", "killed"),
                                           ("joker", "killed")])
def test_a_guided_game_left_mid_lesson_comes_back_at_the_same_lesson(
        app: App, profile: Profile, name: str, how: str) -> None:
    lesson = learn(app, profile)
    play_plainly_until(app, lesson, name)
    done, state = set(lesson.teacher.done), lesson.table.session.game.state_hash()
    if how == "quit":  # Quit to menu, from the pause menu
        lesson.table.on_quit()
        menu = app.scene
    else:  # the program stopped here: a new start finds the autosave
        menu = open_menu(app, Profile(profile.paths, profile.settings, worker=InlineWorker,
                                      deal_seed=seeds_from()))
    assert isinstance(menu, MainMenuScene) and menu.buttons["continue"].visible
    click(app, menu.buttons["continue"])
    resumed = app.scene
    assert isinstance(resumed, LessonScene), "a guided game came back as a normal game"
    assert resumed.table.session.game.state_hash() == state
    assert resumed.teacher.done == done
    app.run_frames(1)
    current = resumed.teacher.current
    assert current is not None and current.name == name and resumed.table.frame().taught.cards
    others = [a for a in resumed.table.view.legal if not isinstance(a, current.teaches)
              and not (isinstance(a, Discard) and is_joker(a.card))]
    assert bool(others) == (name == "contract")  # the joker lesson lets every play through
    if others:  # and it still waits for its move
        assert not resumed.table.submit(others[0])
        assert str(resumed.table.toast[0]) == tr(f"error.lesson.{name}")


@pytest.mark.parametrize("how", ["quit", "killed"])
def test_a_skipped_guided_game_comes_back_without_lessons(
        app: App, profile: Profile, how: str) -> None:
    lesson = learn(app, profile)
    play_plainly_until(app, lesson, "contract")
    click(app, lesson.buttons["skip"])
    state = lesson.table.session.game.state_hash()
    if how == "quit":
        lesson.table.on_quit()
        menu = app.scene
    else:  # no clean quit: a new start reads the settings from the store as they were left
        kept, _ = load_settings(profile.paths)
        menu = open_menu(app, Profile(profile.paths, kept, worker=InlineWorker,
                                      deal_seed=seeds_from()))
    assert isinstance(menu, MainMenuScene)
    click(app, menu.buttons["continue"])
    resumed = app.scene
    assert isinstance(resumed, LessonScene)
    assert resumed.table.session.game.state_hash() == state
    app.run_frames(2)
    assert resumed.teacher.skipped and resumed.teacher.current is None
    assert not resumed.buttons["skip"].visible and not resumed.table.frame().taught.cards
    discard = next(a for a in resumed.table.view.legal if isinstance(a, Discard))
    assert resumed.table.submit(discard)  # the contract lesson would hold this back
    resumed.table.on_quit()
    click(app, app.scene.buttons["learn"])  # type: ignore[union-attr]
    again = app.scene  # a new guided game teaches from the start
    assert isinstance(again, LessonScene) and not again.teacher.skipped
    assert not load_settings(profile.paths)[0].lessons_skipped


def test_a_normal_match_resumed_stays_a_normal_match(app: App, profile: Profile) -> None:
    table = start_match(app, GameSetup("baby", 3, ("easy", "easy"), ("Ann", "Bob")), profile,
                        seed=LESSON_SEED + 1)
    assert table is not None
    wait_for_human(app, table)
    table.on_quit()
    click(app, app.scene.buttons["continue"])  # type: ignore[union-attr]
    assert isinstance(app.scene, TableScene)


@pytest.mark.parametrize(("name", "lang"), [("welcome", "en"), ("welcome", "fr"),
                                           ("run", "en")])
def test_a_lesson_to_read_holds_every_move_until_got_it(
        app: App, profile: Profile, name: str, lang: str) -> None:
    """The guided game opens with what Kalooki is (melds, the contract and its ✗ marks);
    a deal whose contract first asks for a run says what a run is. Each waits to be read."""
    lesson = learn(app, profile)
    app.set_language(lang)
    table = lesson.table
    if name == "welcome":
        settle(app, lesson, keep=name)
    else:
        play_until(app, lesson, name)
        assert table.view.deal_no == 2
    current = lesson.teacher.current
    assert current is not None and current.name == name and lesson.buttons["got_it"].visible
    assert lit_places(table) == {tuple(table.layout.contract)}  # the contract and its marks
    move = human_decision(table.session.view())
    assert not table.submit(move)
    assert str(table.toast[0]) == tr(f"error.lesson.{name}")
    click(app, lesson.buttons["got_it"])
    assert name in lesson.teacher.done
    app.run_frames(1)
    assert table.submit(move) or lesson.teacher.current is not None


def test_the_cut_comes_after_the_welcome_with_the_pack_lit(app: App, profile: Profile) -> None:
    lesson = learn(app, profile)
    table = lesson.table
    settle(app, lesson)
    current = lesson.teacher.current
    assert current is not None and current.name == "cut" and "welcome" in lesson.teacher.done
    assert lit_places(table) == {tuple(table.layout.cut_strip)}
    assert not lesson.buttons["got_it"].visible


def test_calls_wait_for_the_turn_lessons_and_their_window_waits_for_the_lesson(
        app: App, profile: Profile) -> None:
    lesson = learn(app, profile)
    table, teacher = lesson.table, lesson.teacher
    while teacher.current is None or teacher.current.name != "call":
        assert table.result is None, "the first deal ended without the call lesson"
        settle(app, lesson, keep="call")
        if teacher.current is None or teacher.current.name != "call":
            view = table.session.view()
            assert view.phase != Phase.CALL  # an early call chance is let go, never asked
            assert table.submit(human_decision(view))
    assert {"draw", "discard"} <= teacher.done
    game = Game.new(RULES_OF_LESSON, 3, LESSON_SEED)
    let_go = 0
    for code in table.session.recorder.actions:
        action = parse_action(code)
        if game.to_act == 0 and game.phase == Phase.CALL:
            assert isinstance(action, Pass)
            let_go += 1
        game.apply(action, game.to_act)
    assert let_go  # the deal offered calls before the lesson: they were let go
    moves = len(table.session.recorder.actions)
    app.run_frames(60 * 12)  # longer than any call window, while the lesson is read
    assert len(table.session.recorder.actions) == moves and table.calls.asked
    assert table.calls.window is not None and table.calls.window.held


def test_a_lesson_learnt_by_a_move_takes_its_buttons_away(app: App, profile: Profile) -> None:
    lesson = learn(app, profile)
    table = lesson.table
    play_plainly_until(app, lesson, "discard")
    assert lesson.buttons["skip"].visible
    assert table.submit(human_decision(table.session.view()))
    app.run_frames(1)
    assert lesson.teacher.current is None and not lesson.buttons["skip"].visible


def test_a_guided_game_left_in_its_second_deal_keeps_what_the_first_taught(
        app: App, profile: Profile) -> None:
    lesson = learn(app, profile)
    play_until(app, lesson, "run")
    done = set(lesson.teacher.done)
    assert {"scoring", "draw", "contract"} <= done
    lesson.table.on_quit()
    click(app, app.scene.buttons["continue"])  # type: ignore[union-attr]
    resumed = app.scene
    assert isinstance(resumed, LessonScene) and resumed.teacher.done == done
    app.run_frames(1)
    assert resumed.teacher.current is not None and resumed.teacher.current.name == "run"


@pytest.mark.parametrize("strategy", ["plain", "eager caller"])
def test_the_lessons_rebuilt_from_the_record_are_those_the_game_had(
        app: App, profile: Profile, strategy: str) -> None:
    """After the person's moves through the first deal, the teacher a resumed game
    rebuilds from its record has learnt exactly what the live one had."""
    lesson = learn(app, profile)
    table, teacher = lesson.table, lesson.teacher
    decide = human_decision if strategy == "plain" else eager_caller
    turns = 0
    while table.result is None:
        settle(app, lesson)
        if table.result is not None:
            break
        assert table.submit(decide(table.session.view()))
        if turns % 3 == 0:  # just after a move of theirs (what they read before it, read)
            rebuilt = taught_so_far(table.session.record, table.session.viewer)
            assert rebuilt.done == teacher.done, turns
        turns += 1
    assert turns > 10


def first_call_window(app: App, lesson: LessonScene, after_lessons: bool) -> TableScene:
    """Play plainly, deal after deal, until the person is asked about a call with no lesson
    on screen (after the call lesson is learnt, when ``after_lessons``)."""
    table, teacher = lesson.table, lesson.teacher
    for _ in range(20_000):
        settle(app, lesson)
        if table.result is not None:  # on to the next deal, its scoring lesson read
            if lesson.buttons["got_it"].visible:
                click(app, lesson.buttons["got_it"])
            assert not table.session.over, "the guided match ended before such a window"
            table.next_deal()
            app.run_frames(1)
            continue
        view = table.session.view()
        if (view.phase == Phase.CALL and teacher.current is None
                and table.calls.window is not None
                and (not after_lessons or "call" in teacher.done)):
            return table
        by_keys(app, table, human_decision(view))
        app.run_frames(1)
    raise AssertionError("no such call window in 20,000 moves")


def test_in_the_guided_game_no_call_window_runs_out_while_the_learner_thinks(
        app: App, profile: Profile) -> None:
    """A newcomer who stopped to read lost the calls the hint had just advised."""
    lesson = learn(app, profile)
    table = first_call_window(app, lesson, after_lessons=True)
    moves = len(table.session.recorder.actions)
    app.run_frames(60 * 12)  # longer than any call window
    assert len(table.session.recorder.actions) == moves
    assert table.calls.window is not None and table.calls.window.held


def test_after_a_skip_call_windows_run_their_time_again(app: App, profile: Profile) -> None:
    lesson = learn(app, profile)
    settle(app, lesson)
    click(app, lesson.buttons["skip"])
    table = first_call_window(app, lesson, after_lessons=False)
    moves = len(table.session.recorder.actions)
    app.run_frames(60 * 12)
    assert isinstance(parse_action(table.session.recorder.actions[moves]), Pass)


@pytest.fixture(params=[(1024, 640), (1920, 1080)], ids=["small", "large"])
def window(request: pytest.FixtureRequest) -> Iterator[App]:
    sized = App(request.param, clock=FakeClock())
    pygame.event.clear()
    yield sized
    sized.close()


def test_the_lesson_box_covers_nothing_it_lights_nor_the_summary(
        window: App, profile: Profile) -> None:
    """Through the first deal the box hides no lit card or place, nor the hand, the
    prompt and the buttons (nor, in a large window, the opponents); on the deal's
    summary the scoring lesson sits where the summary drew nothing (its hands, chart and
    totals line are all above it)."""
    lesson = learn(window, profile)
    table, seen = lesson.table, set()
    while table.result is None:
        settle(window, lesson)
        current = lesson.teacher.current
        if table.result is None and current is not None:
            seen.add(current.name)
            marks = lesson.marks()
            assert lesson.box.collidelist([*marks.cards, *marks.places]) == -1, current.name
            layout = table.layout
            assert lesson.box.collidelist([layout.hand, layout.prompt, layout.buttons]) == -1
            if window.size[1] >= 1080:  # room for every lesson beside the opponents
                zones = [zone.rect for zone in layout.zones.values()]
                assert lesson.box.collidelist(zones) == -1, current.name
        if table.result is None:
            assert table.submit(human_decision(table.session.view()))
    window.run_frames(2)
    assert {"draw", "contract", "call"} <= seen
    assert lesson.teacher.current is not None and lesson.teacher.current.name == "scoring"
    summary = table.summary_surface
    assert summary is not None
    under = summary.subsurface(lesson.box.inflate(8, 8))
    drawn = pygame.mask.from_threshold(under, PANEL, (2, 2, 2, 255))
    assert drawn.count() == under.get_width() * under.get_height()


def under_the_box(app: App, lesson: LessonScene) -> list[UIElement]:
    """The widgets shown where the lesson box is, but its own buttons: pygame_gui draws
    them after the scene, so each would show on top of the box."""
    own = list(lesson.buttons.values())
    return [widget for widget in app.ui.get_sprite_group().sprites()
            if isinstance(widget, UIElement) and not isinstance(widget, UIContainer)
            and widget.visible and widget.rect.colliderect(lesson.box)
            and not any(widget is mine for mine in own)]


def first_deal_lessons(app: App, lesson: LessonScene) -> Iterator[Lesson]:
    """Each lesson on screen while the person is asked, through the first deal played
    plainly (lessons to read are read)."""
    table = lesson.table
    while table.result is None:
        settle(app, lesson)
        current = lesson.teacher.current
        if table.result is None and current is not None:
            yield current
        if table.result is None:
            assert table.submit(human_decision(table.session.view()))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_lesson_box_lies_above_all_it_covers(window: App, profile: Profile,
                                                  lang: str) -> None:
    """No widget shows through the box (the log's scroll bar was drawn over the contract
    lesson's right edge, arrows and all), and the box lies over the whole log or none of
    it (no lines of the log left showing under it)."""
    lesson = learn(window, profile)
    window.set_language(lang)
    seen = set()
    for current in first_deal_lessons(window, lesson):
        seen.add(current.name)
        window.run_frames(1)
        assert under_the_box(window, lesson) == [], current.name
        log = lesson.table.layout.log
        assert lesson.box.contains(log) or not lesson.box.colliderect(log), current.name
    assert {"draw", "contract", "call"} <= seen


def test_a_long_lesson_takes_the_scores_before_the_opponents(profile: Profile) -> None:
    """In French in a small window the contract lesson is too tall for the log alone: it
    lay over the opponents' row, hiding who had called and gone down. It takes the
    sidebar (the scores and the log) instead, and leaves the contract in sight."""
    app = App((1024, 640), clock=FakeClock())
    pygame.event.clear()
    try:
        lesson = learn(app, profile)
        app.set_language("fr")
        current = next(current for current in first_deal_lessons(app, lesson)
                       if current.name == "contract")
        layout = lesson.table.layout
        assert lesson.teacher.current is current
        assert lesson.box.height > layout.log.height  # the log alone was too short
        assert lesson.box.contains(layout.log) and lesson.box.colliderect(layout.scores)
        assert not lesson.box.colliderect(layout.contract)
        assert lesson.box.collidelist([zone.rect for zone in layout.zones.values()]) == -1
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_lesson_box_covers_the_staging_area(profile: Profile, lang: str) -> None:
    """Cards the learner drops to build melds show where they land: a lesson box over the
    staging area hid them (the joker lesson at 1280x800, its cards gone under it). Each
    lesson is seen at three window sizes, the window resized under it."""
    sizes = ((1024, 640), (1280, 800), (1920, 1080))
    app = App(sizes[0], clock=FakeClock())
    pygame.event.clear()
    try:
        lesson = learn(app, profile)
        app.set_language(lang)
        seen = set()
        for current in first_deal_lessons(app, lesson):
            seen.add(current.name)
            for size in sizes:
                app.window.size = size
                app.run_frames(2)
                assert app.size == size and lesson.teacher.current is current
                assert not lesson.box.colliderect(lesson.table.layout.staging), \
                    (current.name, size)
        assert {"draw", "joker", "contract"} <= seen
    finally:
        app.close()


def test_the_log_under_the_lesson_box_keeps_still(window: App, profile: Profile) -> None:
    """Where the contract lesson lies over the log, the wheel over it does not scroll the
    log hidden under it, nor do the page keys."""
    lesson = learn(window, profile)
    play_plainly_until(window, lesson, "contract")
    table = lesson.table
    assert lesson.box.contains(table.layout.log)
    before = table.frame().log.first
    assert before > 0  # enough lines that the log could scroll back
    centre = lesson.box.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3, flipped=False,
                                         precise_x=0.0, precise_y=3.0))
    window.run_frames(1)
    key(window, pygame.K_PAGEUP)
    assert table.frame().log.first == before


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_banner_hides_nothing_a_lesson_points_at(window: App, profile: Profile,
                                                    lang: str) -> None:
    """A call's banner lay across the table's melds, where the shift, bend and contract
    lessons have the learner look or drag: through the first deal and the second's joker
    shift, a banner shown with a lesson covers none of its lights, nor its box, nor a meld
    or a place cards go; none shows with the deal's summary (one peeked out above it)."""
    lesson = learn(window, profile)
    window.set_language(lang)
    table, seen = lesson.table, []

    def look() -> None:
        banner = frame_banner(table.frame())
        current = lesson.teacher.current
        if table.result is not None:  # the summary over the table: no banner peeks out
            assert banner is None
            seen.append("summary")
        if banner is None or current is None or table.result is not None:
            return
        seen.append(current.name)
        layout, marks = table.layout, lesson.marks()
        kept = [lesson.box, *marks.cards, *marks.places, *table.placement.meld_rects,
                *(zone.melds for zone in layout.zones.values()), layout.my_melds,
                layout.stock, layout.discard, layout.staging, layout.hand]
        assert banner.box.collidelist(kept) == -1, current.name

    play_until(window, lesson, "shift", look)
    look()
    assert {"contract", "shift", "summary"} <= set(seen)
