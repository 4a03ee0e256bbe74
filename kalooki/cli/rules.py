"""``kalooki rules …``: ask the engine about melds, contracts and scores from a script.

Each command prints one line and answers through its exit code (0 yes, 1 no, 2 bad
input), so shell scripts and tests can use the rules without starting a game. It answers
in the player's language (``--lang fr``: in French; see :mod:`kalooki.cli.speech`); the
exit codes, the cards laid (``7H 8H 9H 10H``) and the points are the same in every language.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from kalooki.cli import arg_types
from kalooki.cli.common import DEFAULT_PRESET, Commands, UsageError, add_lang, store_paths
from kalooki.engine.cards import cards_text, parse_cards, sort_key_suit
from kalooki.engine.errors import RuleError
from kalooki.engine.melds import explain_invalid, interpretations, opening_value
from kalooki.engine.rules import PRESETS, RuleSet
from kalooki.engine.scoring import hand_points, with_bonus
from kalooki.engine.solver import best_contract, cards_needed, opening
from kalooki.store.presets import (
    PresetError,
    find_rules,
    load_shelf,
    read_preset,
)
from kalooki.words import language, tr
from kalooki.words.cards import english_tokens
from kalooki.words.house_rules import built_in_names, changes_line
from kalooki.words.melds import contract_name
from kalooki.words.notices import notice_said
from kalooki.words.presets import preset_summary, preset_title
from kalooki.words.refusals import refusal_text
from kalooki.words.rules_text import render_text


def add_parser(commands: Commands) -> None:
    """Register ``rules meld|contract|score|presets|explain``."""
    parser = commands.add_parser("rules", help=tr("cli.help.rules"),
                                 description=tr("cli.help.rules"))
    sub = parser.add_subparsers(dest="rules_command", required=True,
                                parser_class=type(parser), metavar=tr("cli.metavar.command"))

    for name, run in (("presets", run_presets), ("explain", run_explain)):
        listed = sub.add_parser(name, help=tr(f"cli.help.{name}"),
                                description=tr(f"cli.help.{name}"))
        _rule_options(listed)
        listed.set_defaults(run=run)

    meld = sub.add_parser("meld", help=tr("cli.help.meld"), description=tr("cli.help.meld"))
    _common(meld)
    meld.set_defaults(run=run_meld)

    contract = sub.add_parser("contract", help=tr("cli.help.contract"),
                              description=tr("cli.help.contract"))
    _common(contract)
    contract.add_argument("--deal", type=arg_types.whole, metavar="N",
                          help=tr("cli.help.deal"))
    contract.set_defaults(run=run_contract)

    score = sub.add_parser("score", help=tr("cli.help.score"),
                           description=tr("cli.help.score"))
    _common(score)
    score.add_argument("--bent", action="store_true", help=tr("cli.help.bent"))
    score.set_defaults(run=run_score)


def _rule_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--preset", default=DEFAULT_PRESET, metavar=tr("cli.metavar.name"),
                        help=tr("cli.help.preset", presets=", ".join(PRESETS),
                                usual=DEFAULT_PRESET))
    add_lang(parser)
    parser.add_argument("--rules", metavar=tr("cli.metavar.file"), type=Path,
                        help=tr("cli.help.rules_file"))


def _common(parser: argparse.ArgumentParser) -> None:
    _rule_options(parser)
    parser.add_argument("cards", nargs="+", metavar=tr("cli.metavar.card"),
                        help=tr("cli.help.cards"))


def _rules(args: argparse.Namespace) -> RuleSet:
    """The rule set chosen on the command line: ``--rules FILE`` or ``--preset``."""
    path: Path | None = getattr(args, "rules", None)
    try:
        if path is None:
            return find_rules(store_paths(args), args.preset, reserved=built_in_names())
        return read_preset(path, reserved=built_in_names())[0]
    except PresetError as error:
        raise UsageError(str(notice_said(error.fact))) from None


def _cards(args: argparse.Namespace) -> list[int]:
    """The cards named on the command line, from the deck the preset plays with."""
    rules = _rules(args)
    cards: list[int] = []
    for typed, read in zip(args.cards, english_tokens(args.cards), strict=True):
        try:
            cards += parse_cards([read], packs=rules.packs, jokers=rules.jokers, taken=cards)
        except RuleError as error:  # quoting the card as typed ("RX"), not as read ("KX")
            error.params["text"] = typed.strip()
            raise UsageError(refusal_text(error)) from None
    return cards


def _hand(args: argparse.Namespace, most: int) -> list[int]:
    """The cards of one hand: more than a player can hold is refused, not searched."""
    cards = _cards(args)
    if len(cards) > most:
        raise UsageError(tr("cli.hand_too_big", count=len(cards), most=most))
    return cards


def _meld_text(cards: Sequence[int], in_order: bool) -> str:
    """A run keeps its table order; a group reads suit by suit."""
    return cards_text(cards if in_order else sorted(cards, key=sort_key_suit))


def run_meld(args: argparse.Namespace) -> int:
    cards = _cards(args)
    rules = _rules(args)
    kinds = sorted({m.kind for m in interpretations(cards, rules)})
    if kinds:
        print(tr(f"cli.valid.{'_or_'.join(kinds)}"))
        return 0
    print(tr("cli.invalid", reason=refusal_text(explain_invalid(cards, rules))))
    return 1


def run_contract(args: argparse.Namespace) -> int:
    rules = _rules(args)
    if not rules.uses_contracts:
        deals = range(1, rules.deals_per_match + 1)
        return _run_opening(rules, _hand(args, max(rules.largest_hand(d) for d in deals)))
    if args.deal is None:
        raise UsageError(tr("cli.deal_required"))
    if not 1 <= args.deal <= rules.deals_per_match:
        raise UsageError(tr("cli.deal_range", most=rules.deals_per_match, rules=rules.name))
    cards = _hand(args, rules.largest_hand(args.deal))
    contract = rules.contract(args.deal)
    found = best_contract(cards, contract, rules)
    if found is None:
        print(tr("cli.contract_missing", count=cards_needed(cards, contract, rules),
                 contract=contract_name(contract)))
        return 1
    line = " | ".join(_meld_text(m.cards, m.is_run) for m in found.melds)
    if found.leftover:
        line += " || " + _meld_text(found.leftover, False)
    print(line)
    return 0


def _run_opening(rules: RuleSet, cards: list[int]) -> int:
    """Opening games: the best opening (fewest points left in hand) or how far off it is."""
    found = opening.best_opening(cards, rules)
    if found is None:
        missing = opening.cards_to_open(cards, rules, limit=2)
        if missing <= 2:
            print(tr("cli.opening_missing", count=missing, points=rules.opening_points))
        else:
            print(tr("cli.opening_far", points=rules.opening_points))
        return 1
    value = opening_value(found.melds, rules)
    line = " | ".join(_meld_text(m.cards, m.is_run) for m in found.melds)
    line += f" = {value}"
    if found.leftover:
        line += " || " + _meld_text(found.leftover, False)
    print(line)
    return 0


def run_score(args: argparse.Namespace) -> int:
    rules = _rules(args)
    points = hand_points(_cards(args), rules)
    print(with_bonus(points, rules) if args.bent else points)
    return 0


def run_presets(args: argparse.Namespace) -> int:
    """Built-in presets, then the custom ones (marked, with how they differ from their
    base), then the damaged files in the presets folder with their reason."""
    _rules(args)  # a --rules file is still checked, so scripts learn it is damaged
    for name in PRESETS:
        print(f"{name}: " + tr("cli.preset", title=preset_title(name),
                                summary=preset_summary(name)))
    shelf = load_shelf(store_paths(args), reserved=built_in_names())
    for custom in shelf.presets:
        print(tr("cli.custom_preset", name=custom.name, base=custom.based_on,
                 summary=changes_line(custom.rules, PRESETS[custom.based_on])))
    for damaged in shelf.damaged:
        print(tr("cli.damaged_preset", file=damaged.path.name,
                 reason=notice_said(damaged.reason)))
    return 0


def run_explain(args: argparse.Namespace) -> int:
    print(render_text(_rules(args), language()), end="")
    return 0
