"""The guided first game's teacher: which lesson matters now, the gate that waits for it,
what it lights (:class:`kalooki.ui.table.frame.Lights`, which the table's painter draws),
and how a guided game left and resumed finds its lessons again. It draws nothing:
:mod:`kalooki.ui.lesson.scene` draws the lessons over the table.

A lesson is shown the first time the person's view calls for it (their first draw, the
first time the contract is in their hand, their first discard, call, allowed call, tack
on, the first turn they hold a joker, the first joker they may shift, their first
chance to go out or to bend the table, the first deal's scoring) and stays until they
make one of the moves it teaches; any
other move is refused with the lesson's own sentence (``error.lesson.<name>``), so the
game waits for the step without losing anything. Skipping ends every lesson at once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from kalooki.engine.actions import (
    Action,
    Allow,
    Call,
    Cut,
    Discard,
    DrawStock,
    LayDown,
    Pass,
    Refuse,
    ShiftJoker,
    TackOn,
    TakeDiscard,
    parse_action,
)
from kalooki.engine.cards import is_joker
from kalooki.engine.deal import Phase
from kalooki.engine.errors import RuleError
from kalooki.engine.record import GameRecord
from kalooki.engine.rules import RUN, preset
from kalooki.engine.state import Game
from kalooki.engine.view import PlayerView
from kalooki.ui.session import MatchSession
from kalooki.ui.table.frame import Lights

DARK = Lights()


def _nothing(view: PlayerView) -> Lights:
    return DARK


@dataclass(frozen=True)
class Lesson:
    """``name`` keys its words (``lesson.<name>.title`` / ``.text``); ``matters`` says
    when the person's view calls for it; ``teaches`` are the moves that complete it
    (none: it is read, then closed by the person); ``lights`` what it talks about."""

    name: str
    matters: Callable[[PlayerView], bool]
    teaches: tuple[type[Action], ...]
    lights: Callable[[PlayerView], Lights] = _nothing
    covers: tuple[str, ...] = ()
    """Lessons learnt with this one (bending the table is going out, and more)."""
    after: tuple[str, ...] = ()
    """Lessons that must be learnt before this one is shown (calls come once the turn is
    known)."""
    read_first: bool = False
    """A lesson that teaches no move holds back every move until it is read (Got it)."""


def _can(kind: type[Action]) -> Callable[[PlayerView], bool]:
    return lambda view: any(isinstance(action, kind) for action in view.legal)


def _places(*names: str) -> Callable[[PlayerView], Lights]:
    return lambda view: Lights(places=frozenset(names))


def _has_run(view: PlayerView) -> bool:
    return view.phase in (Phase.DRAW, Phase.PLAY) and RUN in view.contract


def _draw_lights(view: PlayerView) -> Lights:
    """The stock, and the discard pile when it may be taken."""
    return Lights(places=frozenset({"stock"} | ({"discard"} if _can(TakeDiscard)(view)
                                                 else set())))


def _contract_lights(view: PlayerView) -> Lights:
    """The cards of one lay-down that meets the contract, where they are staged, and the
    Lay down button."""
    lay = next((action for action in view.legal if isinstance(action, LayDown)), None)
    cards = frozenset(card for spec in lay.melds for card in spec.cards) if lay else frozenset()
    return Lights(cards, places=frozenset({"staging", "lay"}))


def _tack_lights(view: PlayerView) -> Lights:
    """Every card that fits a meld on the table, and those melds."""
    tacks = [action for action in view.legal if isinstance(action, TackOn)]
    return Lights(frozenset(t.card for t in tacks), frozenset(t.meld for t in tacks))


def _shift_lights(view: PlayerView) -> Lights:
    """The cards that may take a joker's place, and the runs those jokers sit in."""
    shifts = [action for action in view.legal if isinstance(action, ShiftJoker)]
    return Lights(frozenset(s.card for s in shifts), frozenset(s.meld for s in shifts))


def _holds_joker(view: PlayerView) -> bool:
    return any(is_joker(card) for card in view.hand)


def _joker_lights(view: PlayerView) -> Lights:
    """The jokers in the hand, and the melds on the table that hold one."""
    return Lights(frozenset(card for card in view.hand if is_joker(card)),
                  frozenset(i for i, shown in enumerate(view.table)
                            if any(is_joker(card) for card in shown.meld.cards)))


def _going_out(view: PlayerView) -> bool:
    """One card is left, and discarding it ends the deal."""
    return _playing(view) and len(view.hand) == 1 and _can(Discard)(view)


def _last_card_lights(view: PlayerView) -> Lights:
    return Lights(frozenset(view.hand), places=frozenset({"discard"}))


def _playing(view: PlayerView) -> bool:
    return view.phase == Phase.PLAY


CALLS_AFTER = ("draw", "discard")
"""Calls are taught once a turn is known; till then the guided game lets them go."""

LESSONS: tuple[Lesson, ...] = (
    Lesson("welcome", lambda view: True, (), _places("contract"), read_first=True),
    Lesson("cut", lambda view: view.phase == Phase.CUT, (Cut,), _places("pack")),
    Lesson("call", lambda view: view.phase == Phase.CALL, (Call, Pass),
           _places("discard", "call", "pass"), after=CALLS_AFTER),
    Lesson("allow", lambda view: view.phase == Phase.ALLOW, (Allow, Refuse),
           _places("discard", "allow", "refuse")),
    Lesson("draw", lambda view: view.phase == Phase.DRAW, (DrawStock, TakeDiscard),
           _draw_lights),
    Lesson("contract", lambda view: _playing(view) and _can(LayDown)(view)
           and not view.down[view.player], (LayDown,), _contract_lights),
    Lesson("shift", lambda view: _playing(view) and _can(ShiftJoker)(view), (ShiftJoker,),
           _shift_lights),
    Lesson("tack", lambda view: _playing(view) and view.down[view.player]
           and _can(TackOn)(view), (TackOn,), _tack_lights),
    Lesson("bend", lambda view: _going_out(view) and view.went_down_now, (Discard,),
           _last_card_lights, covers=("out",)),
    Lesson("out", lambda view: _going_out(view) and not view.went_down_now, (Discard,),
           _last_card_lights),
    Lesson("discard", _playing, (Discard, TackOn, LayDown), _places("discard")),
    Lesson("joker", lambda view: _playing(view) and _holds_joker(view),
           (Discard, TackOn, LayDown, ShiftJoker), _joker_lights),
    Lesson("run", _has_run, (), _places("contract"), read_first=True),
)
"""In the order they are looked for when several matter at once."""
LESSONS_BY_NAME = {lesson.name: lesson for lesson in LESSONS}
SCORING = Lesson("scoring", lambda view: False, ())
"""Read at the first deal's end (the summary), then closed."""


def _waiting(name: str) -> RuleError:
    """The refusal while lesson ``name`` waits (each case written out, as the catalogs'
    scan of refusals reads them)."""
    return {
        "welcome": RuleError("lesson", case="welcome"),
        "run": RuleError("lesson", case="run"),
        "cut": RuleError("lesson", case="cut"),
        "call": RuleError("lesson", case="call"),
        "allow": RuleError("lesson", case="allow"),
        "draw": RuleError("lesson", case="draw"),
        "contract": RuleError("lesson", case="contract"),
        "tack": RuleError("lesson", case="tack"),
        "shift": RuleError("lesson", case="shift"),
        "bend": RuleError("lesson", case="bend"),
        "out": RuleError("lesson", case="out"),
        "discard": RuleError("lesson", case="discard"),
        "joker": RuleError("lesson", case="joker"),
    }[name]


@dataclass
class Teacher:
    done: set[str] = field(default_factory=set)
    current: Lesson | None = None
    skipped: bool = False

    @property
    def finished(self) -> bool:
        return self.skipped or {lesson.name for lesson in (*LESSONS, SCORING)} <= self.done

    def look(self, view: PlayerView | None, deal_over: bool) -> Lesson | None:
        """The lesson to show now: the one being learnt, or the first new one that
        matters for ``view`` (the person's, when they are to act), or the scoring once a
        deal is over."""
        if self.skipped:
            return None
        lesson = self.current
        if lesson is not None and lesson.teaches and (
                deal_over or (view is not None and not lesson.matters(view))):
            self.current = None  # the moment passed (a call window closed): it comes again
        if self.current is None and deal_over and SCORING.name not in self.done:
            self.current = SCORING
        if self.current is None and view is not None:
            self.current = next((lesson for lesson in LESSONS if self._due(lesson)
                                 and lesson.matters(view)), None)
        return self.current

    def _due(self, lesson: Lesson) -> bool:
        return lesson.name not in self.done and set(lesson.after) <= self.done

    def lets_go(self, view: PlayerView) -> bool:
        """The person's call chance comes before the call lesson is due: the guided game
        passes it for them rather than ask a question nobody has explained yet."""
        call = LESSONS_BY_NAME["call"]
        return (not self.skipped and view.phase == Phase.CALL and call.name not in self.done
                and not self._due(call))

    def lights(self, view: PlayerView) -> Lights:
        """What the lesson on screen lights in ``view`` (nothing when none is shown)."""
        return DARK if self.current is None else self.current.lights(view)

    def gate(self, action: Action) -> RuleError | None:
        """A move the lesson shown does not teach is refused with its sentence."""
        lesson = self.current
        if lesson is None or isinstance(action, lesson.teaches) or not (
                lesson.teaches or lesson.read_first):
            return None
        return _waiting(lesson.name)

    def applied(self, action: Action) -> None:
        """A move was made: the lesson it teaches is learnt."""
        lesson = self.current
        if lesson is not None and isinstance(action, lesson.teaches):
            self.done.update((lesson.name, *lesson.covers))
            self.current = None

    def close(self) -> None:
        """The person has read a lesson that teaches no move (the scoring)."""
        if self.current is not None and not self.current.teaches:
            self.done.add(self.current.name)
            self.current = None

    def skip(self) -> None:
        self.skipped, self.current = True, None


LESSON_SEED = 218
"""The guided game's deal: on it the call, the joker and a bend come in the first deal,
and a person who takes calls is offered a joker shift in the second."""
LESSON_RULES = "baby"
LESSON_OPPONENTS = ("easy", "easy")


def is_guided(session: MatchSession) -> bool:
    """The match Learn to play deals: Baby Kalooki on the guided deal, one person against
    two easy computer players. A save holds exactly these (rules, seed, seats), so a
    guided game left and resumed is known again without a mark of its own."""
    seats = session.seats
    return (session.game.rules == preset(LESSON_RULES) and session.game.seed == LESSON_SEED
            and seats[0].human and tuple(s.level for s in seats[1:]) == LESSON_OPPONENTS
            and not any(s.human for s in seats[1:]))


def taught_so_far(record: GameRecord, person: int) -> Teacher:
    """The lessons of a guided game as they stood when it was left, from its record:
    each of the person's moves is shown to a teacher as it was made in play (every move
    recorded passed the gate); a lesson that is only read had been read once the person
    made a move after it, and the scoring once a deal had ended."""
    teacher = Teacher()
    game = Game.new(record.rules, record.players, record.seed)
    for code in record.actions:
        seat, action = game.to_act, parse_action(code)
        if seat is None:
            break
        if seat == person and not teacher.lets_go(view := game.view(person)):
            while (shown := teacher.look(view, deal_over=False)) and shown.read_first:
                teacher.close()  # the person moved on: it had been read
            if teacher.gate(action) is None:
                teacher.applied(action)
        game.apply(action, seat)
    if game.results:  # play went on past a deal's end: its scoring had been shown
        teacher.done.add(SCORING.name)
    return teacher
