"""Starting a match from the menu's choices, resuming a save, and going back to the menu
afterwards; the screens around the table (rules, statistics, saved games) and the pause
menu's Rules and Save game: the wiring between the store, the scenes and the table.

Every screen but the menu (the table, the lesson, the replay viewer, watching, the rules,
statistics, settings and saved games, and the match's session and keeper) is imported by
the functions that open it, not with this module: the launcher opens the main menu
through it, and the menu's first frame should not wait for rooms it does not show, which
the first visit then pays once.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from kalooki.engine.errors import RuleError
from kalooki.engine.facts.seats import DEFAULT_LEVEL, HUMAN, SEAT_KINDS
from kalooki.engine.rules import RuleSet, preset
from kalooki.store.paths import StorePaths
from kalooki.store.presets import PresetError, find_rules, load_shelf
from kalooki.store.savegame import NAME_CHARS, GameSave, SaveError
from kalooki.store.saves import (
    SUFFIX,
    is_autosave,
    keep_further_autosave,
    latest_autosave,
    open_journal,
)
from kalooki.store.settings import MAX_OPPONENTS, Settings
from kalooki.store.stats import load_stats
from kalooki.ui.pages.menu import DEFAULT_PRESETS, MainMenuScene
from kalooki.ui.pages.setup import DEFAULT_NAMES, FIRST_SEAT_NAMES, GameSetup, player_counts
from kalooki.ui.play.house_rules import house_rules_of
from kalooki.ui.play.over_table import away, rules_over, settings_over
from kalooki.ui.profile import Profile, told
from kalooki.words import Said, phrase, tr
from kalooki.words.formats import seat_name
from kalooki.words.house_rules import built_in_names, offered_title
from kalooki.words.notices import brief_said, notice_said, notices_text
from kalooki.words.presets import preset_title
from kalooki.words.refusals import refusal

if TYPE_CHECKING:
    from kalooki.ui.app import App
    from kalooki.ui.lesson.scene import LessonScene
    from kalooki.ui.lesson.teacher import Teacher
    from kalooki.ui.pages.rules import RulesScene
    from kalooki.ui.pages.saves import LoadGameScene
    from kalooki.ui.pages.settings import SettingsScene
    from kalooki.ui.pages.statistics import StatsScene
    from kalooki.ui.replay.sources import Watched
    from kalooki.ui.session import MatchSession, Seat
    from kalooki.ui.table.scene import TableScene


def seats_for(setup: GameSetup, human_name: str | None = None) -> list[Seat]:
    """The seats in the order the panel lists them, people and computer players; the
    first seat's person is called ``human_name`` (else "You" in the game's language)
    unless the panel named them."""
    from kalooki.ui.session import Seat

    def seat(name: str, kind: str) -> Seat:
        return Seat(name, HUMAN, human=True) if kind == HUMAN else Seat(name, kind)

    first = setup.first_name or (human_name or tr("setup.you") if setup.first == HUMAN
                                 else FIRST_SEAT_NAMES[0])
    return [seat(first, setup.first), *(seat(name, kind) for name, kind in
                                        zip(setup.names, setup.levels, strict=True))]


def first_person(seats: Sequence[Seat]) -> int:
    """The seat whose eyes the table starts with: the first person's (seat 0 if none)."""
    from kalooki.ui.session import HUMAN_SEAT

    return next((i for i, seat in enumerate(seats) if seat.human), HUMAN_SEAT)


def setup_from(settings: Settings, presets: Sequence[str] = DEFAULT_PRESETS) -> GameSetup:
    """The setup panel's defaults: what the player chose last time."""
    levels = [lv if lv in SEAT_KINDS else DEFAULT_LEVEL for lv in settings.opponent_levels]
    names = list(settings.opponent_names)
    levels += [DEFAULT_LEVEL] * (MAX_OPPONENTS - len(levels))
    names += DEFAULT_NAMES[len(names):MAX_OPPONENTS]
    chosen = settings.last_preset if settings.last_preset in presets else presets[0]
    return GameSetup(chosen, settings.last_players, tuple(levels), tuple(names),
                     settings.first_seat, seat_name(settings.player_name))


def remembered(setup: GameSetup) -> dict[str, object]:
    """The settings that keep a setup for next time: every row, seated or not, and the
    first seat's name when one was typed."""
    kept: dict[str, object] = {"last_preset": setup.preset, "last_players": setup.players,
                               "first_seat": setup.first, "opponent_levels": setup.levels,
                               "opponent_names": setup.names}
    if setup.first_name:
        kept["player_name"] = setup.first_name
    return kept


def table_rules(profile: Profile, name: str) -> RuleSet:
    """The rules of the preset ``name``, built-in or the player's (PresetError if none)."""
    return find_rules(profile.paths, name, reserved=built_in_names())


def open_menu(app: App, profile: Profile | None = None,
              setup: GameSetup | None = None) -> MainMenuScene:
    """The main menu (its new-game panel set as ``setup`` says, else as last played)."""
    chosen = profile or Profile(StorePaths.default(), Settings())
    started = open_journal(chosen.paths)  # the first start imports older files: say so
    shelf = load_shelf(chosen.paths, reserved=built_in_names())
    offered = (*DEFAULT_PRESETS, *(p.name for p in shelf.presets))
    menu = MainMenuScene(app, has_autosave=lambda: latest_autosave(chosen.paths) is not None,
                         on_start=lambda setup: _start(app, setup, chosen),
                         on_continue=lambda: continue_match(app, chosen),
                         on_load=lambda: open_saves(app, chosen),
                         on_replay=lambda: _open_replays(app, chosen),
                         on_learn=lambda: start_lesson(app, chosen),
                         newcomer=lambda: not load_stats(chosen.paths)[0].tables,
                         has_saves=lambda: has_named_saves(chosen.paths),
                         on_rules=lambda: open_rules(app, chosen),
                         on_stats=lambda: open_stats(app, chosen),
                         on_settings=lambda: open_settings(app, chosen),
                         on_watch=lambda setup: _watch(app, setup, chosen),
                         house_rules=house_rules_of(shelf),
                         on_house_rules=lambda setup: _house_rules(app, setup, chosen),
                         setup=setup or setup_from(chosen.settings, offered))
    app.switch(menu)
    if started:
        app.notify(told(started))
    return menu


def has_named_saves(paths: StorePaths) -> bool:
    """Whether the saves folder holds a named save (or what is left of one), without
    reading any: reading would set a damaged file aside before the player sees why."""
    try:
        return any(path.name.endswith((SUFFIX, f"{SUFFIX}.bak"))
                   and not path.name.startswith(".") for path in paths.saves_dir.iterdir())
    except OSError:
        return False


def open_rules(app: App, profile: Profile, shown_name: str | None = None) -> RulesScene:
    """Any preset's rules, the player's own too, from the menu, starting with the one
    played last; House rules… edits the one shown."""
    from kalooki.ui.pages.rules import RulesScene
    from kalooki.ui.play.house_rules import offered_rules, open_editor

    choices = offered_rules(profile.paths)
    wanted = shown_name or profile.settings.last_preset
    shown = choices.get(wanted, next(iter(choices.values())))
    scene = RulesScene(app, shown, lambda: open_menu(app, profile),
                       choices=choices,
                       on_language=lambda lang: profile.change(app, language=lang),
                       on_house_rules=lambda rules: open_editor(
                           app, profile.paths, rules.name,
                           lambda: open_rules(app, profile, rules.name)))
    app.switch(scene)
    return scene


def open_settings(app: App, profile: Profile) -> SettingsScene:
    from kalooki.ui.play.settings import settings_scene

    scene = settings_scene(app, profile, lambda: open_menu(app, profile))
    app.switch(scene)
    return scene


def open_stats(app: App, profile: Profile) -> StatsScene:
    from kalooki.store.history import load_history
    from kalooki.store.stats import forget
    from kalooki.ui.pages.statistics import StatsScene

    stats, warnings = load_stats(profile.paths)
    history, more = load_history(profile.paths)
    warnings += more
    scene = StatsScene(app, stats, lambda: open_menu(app, profile), history=history,
                       on_reset=lambda player: forget(profile.paths, player))
    app.switch(scene)
    if warnings:
        app.notify(told(warnings))
    return scene


def open_saves(app: App, profile: Profile, watching: bool = False) -> LoadGameScene:
    """Load game; opened to watch (Watch a replay), the same list with Watch first."""
    from kalooki.ui.pages.saves import LoadGameScene
    from kalooki.ui.replay.sources import watch_file, watch_stored

    def load(path: Path) -> Said | None:
        from kalooki.ui.table.scene import TableScene

        outcome = resume_save(app, profile, path)
        return None if isinstance(outcome, TableScene) else outcome

    def back_here() -> None:
        open_saves(app, profile, watching)

    scene = LoadGameScene(app, profile.paths, load, lambda: open_menu(app, profile),
                          on_watch=lambda path: show_replay(app, profile, watch_stored(path),
                                                            back_here),
                          on_watch_file=lambda path: show_replay(app, profile,
                                                                 watch_file(path), back_here),
                          watching=watching)
    app.switch(scene)
    return scene


def _open_replays(app: App, profile: Profile) -> None:
    open_saves(app, profile, watching=True)


def show_replay(app: App, profile: Profile, watched: Watched | Said,
                on_back: Callable[[], object]) -> Said | None:
    """The replay viewer on ``watched``; or, for a file that cannot be watched, its
    reason (for the caller to show)."""
    from kalooki.ui.replay.sources import Watched

    if not isinstance(watched, Watched):
        return watched
    from kalooki.ui.replay.scene import ReplayScene

    app.switch(ReplayScene(app, watched, on_back, card_scale=profile.settings.card_scale))
    return None


def _start(app: App, setup: GameSetup, profile: Profile) -> None:
    _remember_setup(app, setup, profile)
    start_match(app, setup, profile)


def _house_rules(app: App, setup: GameSetup, profile: Profile) -> None:
    """The editor on the panel's preset; Back returns to the open panel, offering the
    rules just saved (or the panel's, renamed along), Play starts the game with the saved
    rules and the panel's players."""
    from kalooki.ui.play.house_rules import open_editor

    def back() -> None:
        chosen = editor.chosen or setup.preset
        open_menu(app, profile, dataclasses.replace(setup, preset=chosen)).open_setup()

    def play(name: str) -> None:
        counts = player_counts(table_rules(profile, name))
        players = min(max(setup.players, counts[0]), counts[-1])
        seated = dataclasses.replace(setup, preset=name, players=players,
                                     levels=setup.levels[:players - 1],
                                     names=setup.names[:players - 1])
        profile.change(app, **remembered(dataclasses.replace(setup, preset=name,
                                                             players=players)))
        if seated.people:
            start_match(app, seated, profile)
        else:
            _watch(app, seated, profile)

    editor = open_editor(app, profile.paths, setup.preset, back, on_play=play)


def _remember_setup(app: App, setup: GameSetup, profile: Profile) -> None:
    every = app.scene.setup_values if isinstance(app.scene, MainMenuScene) else setup
    profile.change(app, **remembered(dataclasses.replace(every, preset=setup.preset,
                                                         players=setup.players)))


def watch_from_command_line(rules: RuleSet, players: int, deals: int | None
                            ) -> Callable[[App, Profile], object]:
    """``kalooki --watch``: the rules and table already checked, the computers' game opened
    over the menu, which it returns to."""
    def open_watch(app: App, profile: Profile) -> object:
        from kalooki.ui.play.watch import watch_match, watch_setup

        return watch_match(app, rules, watch_setup(rules.name, players), profile,
                           deals=deals, on_quit=lambda: open_menu(app, profile))
    return open_watch


def play_from_command_line(rules: RuleSet, seats: Sequence[tuple[str, str]]
                           ) -> Callable[[App, Profile], object]:
    """``kalooki --seats``: the rules and seats already checked, the match opened over
    the menu, which it returns to."""
    def open_match(app: App, profile: Profile) -> object:
        return start_match(app, setup_of_seats(rules.name, seats), profile)
    return open_match


def setup_of_seats(preset_name: str, seats: Sequence[tuple[str, str]]) -> GameSetup:
    """The setup of ``(kind, name)`` seats: a computer without a name takes the first of
    the usual names nobody has."""
    taken = {name.casefold() for _, name in seats if name}
    free = iter(name for name in (*DEFAULT_NAMES, *FIRST_SEAT_NAMES)
                if name.casefold() not in taken)
    named = [(kind, name or next(free)) for kind, name in seats]
    (first, first_name), *others = named
    return GameSetup(preset_name, len(named), tuple(kind for kind, _ in others),
                     tuple(name for _, name in others), first, first_name)


def _watch(app: App, setup: GameSetup, profile: Profile) -> None:
    """The panel's choices kept for next time, and the computers' game on the table (or,
    when the rules refuse the table, why not on the menu)."""
    from kalooki.ui.play.watch import watch_match

    _remember_setup(app, setup, profile)
    try:
        watch_match(app, table_rules(profile, setup.preset), setup, profile,
                    on_quit=lambda: open_menu(app, profile))
    except RuleError as error:
        if isinstance(app.scene, MainMenuScene):
            app.scene.show_notice(refusal(error))
    except PresetError as error:
        if isinstance(app.scene, MainMenuScene):
            app.scene.show_notice(notice_said(error.fact))


def start_match(app: App, setup: GameSetup, profile: Profile,
                seed: int | None = None) -> TableScene | None:
    """Seat the players and open the table; a table the rules refuse (too few players)
    is reported on the menu instead."""
    from kalooki.ui.session import MatchSession

    settings = profile.settings
    seats = seats_for(setup, settings.player_name)
    try:
        session = MatchSession(table_rules(profile, setup.preset), seats,
                               profile.deal_seed() if seed is None else seed,
                               ai_pause=settings.ai_pause_seconds, viewer=first_person(seats),
                               worker=profile.worker(), think_budget=settings.ai_think_budget)
    except RuleError as error:
        if isinstance(app.scene, MainMenuScene):
            app.scene.show_notice(refusal(error))
        return None
    except PresetError as error:
        if isinstance(app.scene, MainMenuScene):
            app.scene.show_notice(notice_said(error.fact))
        return None
    return _open_table(app, session, profile)


def continue_match(app: App, profile: Profile) -> TableScene | None:
    """Resume the newest unfinished autosave exactly where it stopped; a save that cannot
    be loaded is explained on the menu, which stays."""
    from kalooki.ui.table.scene import TableScene

    entry = latest_autosave(profile.paths)
    resumed = (resume_save(app, profile, entry.path) if entry is not None
               else phrase("notice.nothing_to_continue"))
    if not isinstance(resumed, TableScene):
        if isinstance(app.scene, MainMenuScene):
            app.scene.show_notice(resumed)
        return None
    return resumed


def resume_save(app: App, profile: Profile, path: Path) -> TableScene | Said:
    """The one way a saved game comes back: replayed, checked, and seated as it was, on
    the table; or the sentence saying why it cannot be (the caller shows it). A fallback
    (the previous copy loaded, a damaged file set aside) is told in the window and in the
    table's log."""
    from kalooki.store.saves import load_save
    from kalooki.ui.session import MatchSession, Seat

    loaded = load_save(path)
    if loaded.value is None:
        return (brief_said(loaded.warnings[0]) if loaded.warnings
                else phrase("notice.save_unreadable"))
    from kalooki.ui.lesson.teacher import Teacher, is_guided, taught_so_far

    resumed = loaded.value
    try:
        kept = keep_later_play(profile, path, resumed.save)
    except (OSError, SaveError) as error:  # the later play could not be kept: not loaded
        from kalooki.ui.pages.saves import save_error
        return save_error(error)
    saved_seats = resumed.save.seats
    seats = [Seat(s.name, s.level, human=s.level == HUMAN) for s in saved_seats]
    settings = profile.settings
    try:
        session = MatchSession(resumed.game.rules, seats, resumed.game.seed,
                               ai_pause=settings.ai_pause_seconds, viewer=first_person(seats),
                               worker=profile.worker(), think_budget=settings.ai_think_budget,
                               recorder=resumed.recorder)
    except ValueError as error:
        return str(error)
    if is_guided(session):  # Learn to play comes back with its lessons where they were
        table = _open_table(app, session, profile, switch=False)
        skipped = profile.settings.lessons_skipped
        _teach(app, table, Teacher(skipped=True) if skipped
               else taught_so_far(session.record, session.viewer), profile)
    else:
        table = _open_table(app, session, profile)
    table.hand.lay_out({number: seat.cards for number, seat in enumerate(saved_seats)
                        if seat.cards is not None})
    if loaded.warnings:
        table.log.extend(brief_said(warning) for warning in loaded.warnings)
        app.notify(notices_text(loaded.warnings, brief=True))
    if kept is not None:
        said = phrase("notice.kept_later_play", deal=kept.summary.deal, name=kept.name)
        table.log.append(said)
        app.notify(str(said))
    return table


def keep_later_play(profile: Profile, path: Path, save: GameSave) -> GameSave | None:
    """A named save loaded over its own match's autosave, which went further: that play
    is kept as a save of its own first (see
    :func:`kalooki.store.saves.keep_further_autosave`), named for its rules and deal."""
    def name_of(further: GameSave) -> str:
        deal = further.summary.deal
        name = tr("saves.kept_name", rules=offered_title(further.record.rules.name),
                  deal=deal)
        return name if len(name) <= NAME_CHARS else tr("saves.kept_name_short", deal=deal)

    if is_autosave(path):
        return None
    return keep_further_autosave(profile.paths, save, name_of)


def start_lesson(app: App, profile: Profile) -> LessonScene:
    """Learn to play: Baby Kalooki against two easy computer players, on a deal where the
    contract comes early, with the lessons over the table."""
    from kalooki.ui.lesson.teacher import LESSON_OPPONENTS, LESSON_RULES, LESSON_SEED, Teacher
    from kalooki.ui.session import HUMAN_SEAT, MatchSession

    names = tuple(DEFAULT_NAMES[:len(LESSON_OPPONENTS)])
    seats = seats_for(GameSetup(LESSON_RULES, 3, LESSON_OPPONENTS, names),
                      profile.settings.player_name)
    session = MatchSession(preset(LESSON_RULES), seats, LESSON_SEED,
                           ai_pause=profile.settings.ai_pause_seconds,
                           viewer=HUMAN_SEAT, worker=profile.worker())
    profile.change(app, lessons_skipped=False)  # a new guided game teaches again
    return _teach(app, _open_table(app, session, profile, switch=False), Teacher(), profile)


def _teach(app: App, table: TableScene, teacher: Teacher, profile: Profile) -> LessonScene:
    """The table under the lessons; a skip is kept in the settings at once, so the
    guided game comes back without them however it was left."""
    from kalooki.ui.lesson.scene import LessonScene
    from kalooki.ui.lesson.teacher import LESSON_SEED

    table.hand.cut_with(random.Random(LESSON_SEED))  # the same lesson deal, however it is cut
    lesson = LessonScene(app, table, teacher,
                         on_skip=lambda: profile.change(app, lessons_skipped=True))
    app.switch(lesson)
    return lesson


def _open_table(app: App, session: MatchSession, profile: Profile, *,
                switch: bool = True) -> TableScene:
    from kalooki.ui.keeper import MatchKeeper
    from kalooki.ui.table.options import TableOptions
    from kalooki.ui.table.scene import TableScene

    def rules(paused: bool = True) -> None:
        rules_over(app, table, profile, paused)

    table = TableScene(
        app, session, TableOptions.from_settings(profile.settings),
        on_quit=lambda: open_menu(app, profile), help_rules=lambda: rules(paused=False),
        pause_extras=(("table.pause.rules", rules),
                      ("table.pause.save", lambda: _save_over(app, table, profile)),
                      ("table.pause.settings", lambda: settings_over(app, table, profile))))
    keeper = MatchKeeper(profile.paths, app.notify, layouts=table.hand.layouts)
    session.after_action.append(keeper)
    table.on_leave.append(lambda: keeper.keep_layouts(session))
    if switch:
        app.switch(table)
    return table


def _save_over(app: App, table: TableScene, profile: Profile) -> None:
    """The Save game dialog over the paused table; the name defaults to rules and date."""
    from kalooki.store import savegame
    from kalooki.store.notices import Refused
    from kalooki.store.saves import save_named
    from kalooki.ui.keeper import save_seats
    from kalooki.ui.pages.saves import save_dialog, save_error
    from kalooki.ui.widgets.dialogs import DialogScene

    session = table.session
    default = f"{preset_title(session.game.rules.name)} {datetime.now():%Y-%m-%d %H:%M}"

    def save(name: str) -> Said | None:
        try:
            snapshot = savegame.snapshot(session.recorder,
                                         save_seats(session.seats, table.hand.layouts()))
            save_named(profile.paths, snapshot, name)
        except (Refused, OSError) as error:
            return save_error(error)
        return None

    app.show_over(DialogScene(app, table, away(app, table),
                              save_dialog(app, default, save)))
