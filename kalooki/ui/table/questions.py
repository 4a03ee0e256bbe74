"""The questions the table asks with a choice panel: the pause menu, a discard to
confirm, where the jokers of a lay-down go, buying back in. Each is a :class:`Question`
value, its title, its answers and what each answer does; the table opens the panel and
does the chosen one (:meth:`TableScene.ask`). No pygame here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from kalooki.engine.actions import Action, BuyIn, Discard, DropOut, LayDown
from kalooki.engine.melds import declared_meld
from kalooki.engine.rules import RuleSet
from kalooki.engine.view import PlayerView
from kalooki.words import tr
from kalooki.words.cards import card_said
from kalooki.words.melds import meld_name

Deed = Callable[[], object] | None
"""What an answer does (None: only closes the panel)."""


@dataclass(frozen=True)
class Question:
    title: str
    answers: tuple[tuple[str, Deed], ...]
    kind: str = "question"
    """What it asks: "pause", "confirm", "jokers", "buy-in" or "pass" (the pass-the-device
    question: only its button or its key answer it, Escape pauses)."""
    about: str = ""
    """Whom or what it is about (the person the device goes to), for a note."""

    @property
    def passes(self) -> bool:
        return self.kind == "pass"

    @property
    def options(self) -> list[str]:
        return [words for words, _ in self.answers]


def pause_menu(extras: Sequence[tuple[str, Callable[[], None]]],
               quit_to_menu: Callable[[], object]) -> Question:
    """Resume, the entries the opener gave (Rules, Save game, Settings: catalog keys,
    worded now, in the language of the moment), Quit to menu."""
    return Question(tr("table.pause.title"),
                    ((tr("table.pause.resume"), None), *((tr(key), deed) for key, deed in extras),
                     (tr("table.pause.quit"), quit_to_menu)), "pause")


def confirm_discard(action: Discard, submit: Callable[[Action], object]) -> Question:
    return Question(tr("table.confirm.title", card=card_said(action.card)),
                    ((tr("table.confirm.discard"), lambda: submit(action)),
                     (tr("table.confirm.keep"), None)), "confirm")


def joker_places(lays: Sequence[LayDown], rules: RuleSet,
                 submit: Callable[[Action], object]) -> Question:
    """The staged melds read more than one way: which reading to lay."""
    def words(lay: LayDown) -> str:
        return "; ".join(str(meld_name(declared_meld(spec.kind, spec.cards, rules)))
                         for spec in lay.melds)

    def laying(lay: LayDown) -> Deed:
        return lambda: submit(lay)

    return Question(tr("table.jokers.title"), (*((words(lay), laying(lay)) for lay in lays),
                                               (tr("common.cancel"), None)), "jokers")


def buy_in(view: PlayerView, submit: Callable[[Action], object],
           name: str | None = None) -> Question:
    """Over the elimination limit with a buy-in left: back in, or out of the match; asked
    by ``name`` when several people share the screen."""
    rules = view.rules
    left = rules.buy_ins - view.buy_ins_used[view.player]
    total, limit = view.totals[view.player], rules.elimination_limit
    return Question(
        tr("table.buy_in.title", total=total, limit=limit) if name is None
        else tr("table.buy_in.title_named", name=name, total=total, limit=limit),
        ((tr("table.buy_in.back", score=view.rejoin_score, count=left),
          lambda: submit(BuyIn())),
         (tr("table.buy_in.drop"), lambda: submit(DropOut()))), "buy-in", name or "")


def pass_device(name: str, reveal: Callable[[], object]) -> Question:
    """Between two people's turns: the table shows only what all may see until ``name``
    says they are at the screen (the button, or its key: never Space or Enter, which
    meant something at the table a moment before)."""
    return Question(tr("table.pass.title", name=name),
                    ((tr("table.pass.show", name=name), reveal),), "pass", name)
