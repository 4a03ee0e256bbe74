"""House rules in words: what a rule set changes from its preset, in one line ("12 cards
in deals 1–3 · Jokers: 25 points · Calls per deal: 2"), and a rule field's value as the
editor and that line say it. Built from the field descriptions and the catalogs'
``rules.field.*`` entries, so a new field is said with no new code."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kalooki.engine.facts.fields import Kind
from kalooki.engine.rules import FIELDS, PRESETS, SPECS, RuleSet
from kalooki.engine.rules.choices import MatchEnd
from kalooki.words.catalog import Phrase, has, languages, phrase, tr
from kalooki.words.formats import seat_name
from kalooki.words.melds import contract_name
from kalooki.words.presets import preset_title


def value_words(name: str, value: Any) -> str:
    """One field's value as a player reads it."""
    spec = SPECS[name]
    if value is None:
        return tr(f"rules.field.{name}.none")
    if spec.kind is Kind.BOOL:
        return tr("form.yes" if value else "form.no")
    if spec.kind is Kind.CHOICE:
        return tr(spec.choice_key(str(value)))
    if spec.kind is Kind.CHOICE_SET:
        return ", ".join(tr(spec.choice_key(str(v))) for v in value) or tr("form.none")
    if spec.kind is Kind.PACKS_BY_PLAYERS:
        return "; ".join(tr("house_rules.bigger_table", players=players, packs=packs,
                            jokers=jokers) for players, packs, jokers in value) \
            or tr("form.none")
    return str(value)


def change_words(name: str, value: Any) -> str:
    """One changed field as the house-rules line says it: "Calls per deal: 2", or the
    field's own sentence where its catalog gives one (``rules.field.<name>.change``), as
    the points a card counts do: "Jokers: 25 points", not "Jokers count: 25"."""
    own = f"rules.field.{name}.change"
    if isinstance(value, int) and not isinstance(value, bool) and has(own):
        return tr(own, value=phrase("terms.points", count=value))
    return tr("house_rules.change", label=tr(SPECS[name].label_key),
              value=value_words(name, value))


def deals_words(numbers: list[int]) -> Phrase:
    """"deal 3", "deals 1 and 2", "deals 1–3", "deals 2, 5, 7": the one way the game
    names some deals (the rules text and the house-rules line both say them so)."""
    if len(numbers) == 1:
        return phrase("house_rules.deal", deal=numbers[0])
    if len(numbers) == 2 and numbers[1] == numbers[0] + 1:
        return phrase("house_rules.deal_pair", first=numbers[0], last=numbers[1])
    if numbers == list(range(numbers[0], numbers[-1] + 1)):
        return phrase("house_rules.deal_range", first=numbers[0], last=numbers[-1])
    return phrase("house_rules.deal_list", deals=", ".join(str(n) for n in numbers))


def _deals_changed(rules: RuleSet, base: RuleSet) -> list[str]:
    """Hand sizes and contracts, said deal by deal where they differ: only the deals a
    match of ``rules`` can reach (a fixed match ends at its count; one played to
    elimination goes on past it, on the last row's hands)."""
    lines: list[str] = []
    deals = rules.reachable_deals()
    if rules.match_end == MatchEnd.ELIMINATION:  # the base's longer rows are changed too
        deals = range(1, max(len(deals), len(base.hand_sizes)) + 1)
    sizes: dict[int, list[int]] = {}
    for deal in deals:
        if rules.hand_size(deal) != base.hand_size(deal):
            sizes.setdefault(rules.hand_size(deal), []).append(deal)
    lines += [tr("house_rules.cards_in", count=size, deals=deals_words(numbers))
              for size, numbers in sizes.items()]
    if rules.contracts is None or base.contracts is None:
        if rules.contracts != base.contracts:
            lines.append(tr("house_rules.no_contracts") if rules.contracts is None
                         else tr("house_rules.contracts_again"))
        return lines
    contracts: dict[tuple[int, ...], list[int]] = {}
    for deal in deals:
        if rules.contract(deal) != base.contract(deal):
            contracts.setdefault(rules.contract(deal), []).append(deal)
    lines += [tr("house_rules.contract_in", contract=contract_name(contract),
                 deals=deals_words(numbers)) for contract, numbers in contracts.items()]
    return lines


def changes(rules: RuleSet, base: RuleSet) -> list[str]:
    """One short phrase per difference from ``base`` (the name aside), in field order."""
    said: list[str] = []
    for spec in FIELDS:
        if spec.name == "name":
            continue
        mine, theirs = getattr(rules, spec.name), getattr(base, spec.name)
        if mine == theirs:
            continue
        if spec.kind is Kind.HAND_SIZES:
            said += _deals_changed(rules, base)
        elif spec.kind is Kind.CONTRACTS:
            continue  # said with the hand sizes, deal by deal
        else:
            said.append(change_words(spec.name, mine))
    if rules.hand_sizes == base.hand_sizes and rules.contracts != base.contracts:
        said += _deals_changed(rules, base)
    return said


def changes_line(rules: RuleSet, base: RuleSet) -> str:
    """"12 cards in deals 1–3 · Jokers: 25 points", or that nothing differs."""
    found = changes(rules, base)
    if not found:
        return tr("house_rules.same_as", preset_name=preset_title(base.name))
    return " · ".join(found)


def summary(rules: RuleSet, base: RuleSet) -> str:
    """"House rules: 12 cards in deals 1–3 · …", or that nothing differs."""
    if not changes(rules, base):
        return changes_line(rules, base)
    return tr("house_rules.summary", changes=changes_line(rules, base))


def offered_title(name: str) -> str:
    """How a list of rule sets shows ``name``: a built-in preset by its title, a custom
    one by its own name, marked as house rules."""
    if name in PRESETS:
        return preset_title(name)
    return tr("house_rules.marked", name=name)


def match_title(rules: str, players: Sequence[str]) -> str:
    """A match nobody named, by its rules' title and its players ("Baby Kalooki: You,
    Marcia, Delroy"): the list of saves and the replay both call it so, never by the
    preset's code the file keeps."""
    return tr("saves.autosave_title", rules=offered_title(rules),
              players=", ".join(seat_name(name) for name in players))


def built_in_names() -> set[str]:
    """Every built-in preset's code and its title in every language, without case: the
    names a custom preset may not take, so that no list shows two of one name."""
    names = {name.casefold() for name in PRESETS}
    names |= {preset_title(name, locale=lang).casefold() for name in PRESETS
              for lang in languages()}
    return names
