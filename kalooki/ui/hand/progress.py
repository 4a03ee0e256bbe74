"""The sidebar's progress rows: how far a seat is towards its contract or opening, said
to the person who plays it, named for a watched seat, and left out while the screen is
covered (the next person's progress lies in their hand, not on the screen yet: only the
deal's goal is shown)."""

from __future__ import annotations

from kalooki.engine.view import PlayerView
from kalooki.ui.art import text as ink
from kalooki.ui.hand.staging import StagedMeld, checklist, opening_tally
from kalooki.words import tr
from kalooki.words.melds import contract_name

Row = tuple[str, ink.Colour, bool]
"""A sidebar row: its words, their colour, and whether they are bold."""


def progress_rows(view: PlayerView, staged: list[StagedMeld], owner: str | None,
                  width: int, size: int) -> list[Row]:
    """The viewer's progress, wrapped to ``width`` at ``size``: to the person at the
    screen (``owner`` None), of a watched seat by its name, or nobody's ("")."""
    if owner == "":  # covered: whose view it was says nothing of who is next
        return _goal(view, width, size)
    done = bool(view.down[view.player])
    contracts = view.rules.uses_contracts
    if owner is not None:  # a watched seat stages nothing: its standing, by name
        if done and contracts:
            return _wrapped(tr("table.sidebar.contract_done_by", who=owner), width, size)
        kind = "down" if contracts else "opened"
        standing = tr("table.sidebar.standing_of", name=owner,
                      standing=tr(f"table.standing.{kind}.{'yes' if done else 'no'}"))
        return [(standing, ink.GOOD if done else ink.TEXT, False),
                *([] if done else _goal(view, width, size))]
    if not contracts:
        return opening_rows(view, staged)
    if done:
        return _wrapped(tr("table.sidebar.contract_done"), width, size)
    marks = checklist(view.contract, staged)
    items = [f"{tr(f'table.check.{kind}')} {'✓' if ok else '✗'}" for kind, ok in marks]
    return [(words, ink.TEXT, False) for words in ink.wrap_items(items, " · ", size, width)]


def _goal(view: PlayerView, width: int, size: int) -> list[Row]:
    """What the deal asks of everyone: its contract, or the opening's points."""
    rules = view.rules
    words = (tr("log.goal.contract", contract=str(contract_name(view.contract)))
             if rules.uses_contracts else tr("log.goal.opening", points=rules.opening_points))
    return [(line, ink.TEXT, False) for line in ink.wrap(words, size, width)]


def _wrapped(words: str, width: int, size: int) -> list[Row]:
    return [(line, ink.GOOD, False) for line in ink.wrap(words, size, width)]


def opening_rows(view: PlayerView, staged: list[StagedMeld]) -> list[Row]:
    """The opening panel of a threshold game: the staged melds' points against the
    threshold, live, and whether the pure run the rules may want is there."""
    if view.down[view.player]:
        return [(tr("table.opening.done"), ink.GOOD, True)]
    tally = opening_tally(staged, view.rules)
    rows = [(tr("table.opening.tally", value=tally.value, needed=tally.needed),
             ink.GOOD if tally.value >= tally.needed else ink.TEXT, True)]
    if view.rules.opening_pure_run:
        rows.append((tr("table.opening.pure_run") + ("" if tally.pure_run_missing else " ✓"),
                     ink.BAD if tally.pure_run_missing else ink.GOOD, False))
    return rows
