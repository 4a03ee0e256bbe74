"""``kalooki rules …``: ask the engine about melds, contracts and scores from a script.

Each command prints one line and answers through its exit code (0 yes, 1 no, 2 bad
input), so shell scripts and tests can use the rules without starting a game.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from kalooki.cli import UsageError
from kalooki.engine.cards import cards_text, parse_cards, sort_key_suit
from kalooki.engine.errors import RuleError
from kalooki.engine.melds import contract_text, explain_invalid, hand_points, interpretations
from kalooki.engine.rules import PRESETS, RuleSet, preset
from kalooki.engine.solver import best_contract, cards_needed


def add_parser(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Register ``rules meld``, ``rules contract`` and ``rules score``."""
    parser = commands.add_parser("rules", help="check melds, contracts and scores")
    sub = parser.add_subparsers(dest="rules_command", required=True,
                                parser_class=type(parser))

    meld = sub.add_parser("meld", help="is this a valid group or run?")
    _common(meld)
    meld.set_defaults(run=run_meld)

    contract = sub.add_parser("contract", help="lay a deal's contract from these cards")
    _common(contract)
    contract.add_argument("--deal", type=int, required=True, help="deal number, from 1")
    contract.set_defaults(run=run_contract)

    score = sub.add_parser("score", help="penalty points of cards left in hand")
    _common(score)
    score.add_argument("--bent", action="store_true",
                       help="doubled, as when the winner bent the table")
    score.set_defaults(run=run_score)


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--preset", type=_preset, default=PRESETS["caribbean"],
                        help=f"rule set ({', '.join(PRESETS)}; default caribbean)")
    parser.add_argument("cards", nargs="+", metavar="CARD", help="7H, 10H or TH, AS, JK, …")


def _preset(name: str) -> RuleSet:
    try:
        return preset(name)
    except RuleError as error:
        raise argparse.ArgumentTypeError(error.message) from None


def _cards(args: argparse.Namespace) -> list[int]:
    """The cards named on the command line, from the deck the preset plays with."""
    rules: RuleSet = args.preset
    try:
        return parse_cards(args.cards, packs=rules.packs, jokers=rules.jokers)
    except RuleError as error:
        raise UsageError(error.message) from None


def _meld_text(cards: Sequence[int], in_order: bool) -> str:
    """A run keeps its table order; a group reads suit by suit."""
    return cards_text(cards if in_order else sorted(cards, key=sort_key_suit))


def run_meld(args: argparse.Namespace) -> int:
    cards = _cards(args)
    kinds = sorted({m.kind for m in interpretations(cards, args.preset)})
    if kinds:
        print(f"valid {' or '.join(kinds)}")
        return 0
    print(f"invalid: {explain_invalid(cards, args.preset).message}")
    return 1


def run_contract(args: argparse.Namespace) -> int:
    rules: RuleSet = args.preset
    if not 1 <= args.deal <= rules.deals_per_match:
        raise UsageError(f"--deal must be between 1 and {rules.deals_per_match} "
                         f"for {rules.name}.")
    if not rules.uses_contracts:
        raise UsageError(f"{rules.name} has no contracts.")
    cards = _cards(args)
    contract = rules.contract(args.deal)
    found = best_contract(cards, contract, rules)
    if found is None:
        missing = cards_needed(cards, contract, rules)
        noun = "card" if missing == 1 else "cards"
        print(f"no: {missing} more {noun} needed for {contract_text(contract)}")
        return 1
    line = " | ".join(_meld_text(m.cards, m.is_run) for m in found.melds)
    if found.leftover:
        line += " || " + _meld_text(found.leftover, False)
    print(line)
    return 0


def run_score(args: argparse.Namespace) -> int:
    points = hand_points(_cards(args), args.preset)
    print(points * 2 if args.bent else points)
    return 0
