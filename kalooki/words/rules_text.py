"""The rules as players read them, generated from a rule set, in any language the game has.

The in-game rules screen shows exactly what the engine enforces: every paragraph here is
chosen by the active :class:`RuleSet`, so a house rule can never disagree with its text.
The sentences are the catalogs' ``explain.*`` entries (one per rule, or per value of a
field, with the numbers as parameters and plural forms where a count needs them); this
module only chooses them and fills them in, so it holds no word of any language.
:func:`rules_sections` returns titled sections of paragraphs for the UI to lay out;
:func:`render_text` turns them into plain text. What a rule set changes from a preset
is said by :mod:`kalooki.words.house_rules`.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass

from kalooki.engine.rules import RESHUFFLE_CEILING, TURN_CEILING, RuleSet
from kalooki.engine.rules.choices import JokerRelease
from kalooki.words.catalog import Phrase, phrase, spelled, worded
from kalooki.words.house_rules import deals_words
from kalooki.words.melds import contract_name
from kalooki.words.presets import preset_title


@dataclass(frozen=True)
class Section:
    """One titled block of the rules screen."""

    key: str
    title: str
    paragraphs: tuple[str, ...]


def _schedule_deals(rules: RuleSet) -> list[int]:
    """The deal numbers the schedule must describe (the last line repeats afterwards)."""
    if rules.match_end == "fixed":
        return list(range(1, rules.deals_per_match + 1))
    longest = max(len(rules.hand_sizes), len(rules.contracts or ()))
    return list(range(1, max(longest, 1) + 1))


# --- putting entries together -------------------------------------------------

def _entry(key: str, /, **params: object) -> Phrase:
    return phrase(f"explain.{key}", **params)


def _yes(key: str, flag: bool, /, **params: object) -> Phrase:
    """The entry ``<key>.yes`` or ``<key>.no``, as a rule is on or off."""
    return _entry(f"{key}.{'yes' if flag else 'no'}", **params)


def _value(key: str, value: object, /, **params: object) -> Phrase:
    """The entry for one value of a choice field: ``<key>.<value>`` (``-`` as ``_``)."""
    return _entry(f"{key}.{str(value).replace('-', '_')}", **params)


def _counted(key: str, count: int, /, **params: object) -> Phrase:
    """A plural entry, its count given as digits (``count``) and spelled (``number``)."""
    return _entry(key, count=count, number=spelled(count), **params)


def _joined(parts: Sequence[Phrase], how: str = "sentences") -> Phrase:
    """Sentences run together into one paragraph (or items into a list, ``how`` naming
    the ``explain.list.*`` entry), the way the language joins them."""
    key = "sentences" if how == "sentences" else f"list.{how}"
    joined = parts[0]
    for part in parts[1:]:
        joined = _entry(key, first=joined, next=part)
    return joined


# --- sections ---------------------------------------------------------------

def _deck(r: RuleSet) -> list[Phrase]:
    cards = _entry("deck.cards", packs=_counted("deck.packs", r.packs),
                   jokers=_counted("deck.jokers", r.jokers), cards=r.packs * 52 + r.jokers)
    paras = [_joined([cards, _entry("deck.mixed")]) if r.packs > 1 else cards,
             _entry("deck.players", low=r.players_min, high=r.players_max)]
    paras += [_entry("deck.bigger_table" if players < r.players_max else "deck.largest_table",
                     players=players, packs=packs, jokers=jokers)
              for players, packs, jokers in sorted(r.packs_by_players)
              # a table this game never seats, or "or more" at the largest it seats,
              # would only contradict the range
              if players <= r.players_max]
    return paras


def _dealing(r: RuleSet) -> list[Phrase]:
    sizes: dict[int, list[int]] = {}
    for deal in _schedule_deals(r):
        sizes.setdefault(r.hand_size(deal), []).append(deal)
    if len(sizes) == 1:
        dealt = _entry("dealing.one_size", count=next(iter(sizes)))
    else:
        dealt = _entry("dealing.sizes", sizes=_joined(
            [phrase("house_rules.cards_in", count=size, deals=deals_words(deals))
             for size, deals in sizes.items()], "semicolon"))
    return [dealt,
            _joined([_value("dealing.first_dealer", r.first_dealer),
                     _yes("dealing.upcard", r.first_upcard), _entry("dealing.first_player")]),
            _yes("dealing.cut_bonus", r.cut_bonus, points=f"{r.cut_bonus_points:+d}")]


def _group_size(r: RuleSet) -> Phrase:
    low, high = r.group_min, r.group_limit
    if high is None:
        return _entry("melds.size.at_least", low=low)
    how = "either" if high == low + 1 else "exactly" if high == low else "range"
    return _entry(f"melds.size.{how}", low=low, high=high)


def _melds(r: RuleSet) -> list[Phrase]:
    group = _entry("melds.group", size=_group_size(r),
                   suits=_yes("melds.suits", r.group_distinct_suits),
                   naturals=_counted("melds.naturals", r.group_min_naturals))
    run = _joined([_entry("melds.run", cards=r.run_min), _value("melds.ace", r.ace_in_runs)])
    jokers = [_entry("melds.joker"), _yes("melds.adjacent_jokers", r.adjacent_jokers_in_run)]
    if r.max_jokers_per_meld is not None:
        jokers.append(_entry("melds.max_jokers", count=r.max_jokers_per_meld))
    return [group, run, _joined(jokers)]


def _contract(r: RuleSet) -> list[Phrase]:
    deals = [_entry("contract.deal", deal=deal, cards=r.hand_size(deal),
                    contract=contract_name(r.contract(deal))) for deal in _schedule_deals(r)]
    return [_entry("contract.first"), _joined(deals),
            _joined([_yes("contract.distinct_ranks", r.contract_distinct_ranks),
                     _yes("contract.distinct_suits", r.contract_distinct_suits)])]


def _opening(r: RuleSet) -> list[Phrase]:
    low, high = r.opening_ace_low_points, r.opening_ace_high_points
    ace = _entry("opening.ace.high_only", high=high) if r.ace_in_runs == "high-only" \
        else _entry("opening.ace.low_and_high", low=low, high=high)
    return [_entry("opening.first", points=r.opening_points or 0),
            _entry("opening.values", pips=_pips(r), faces=_faces(r), ace=ace),
            _yes("opening.pure_run", r.opening_pure_run)]


def _turn(r: RuleSet) -> list[Phrase]:
    paras = [_value("turn.take", r.discard_take)]
    if r.discard_take == "must-meld":
        paras.append(_yes("turn.card_in_meld", r.discard_take_card_in_meld))
    paras += [_joined([_yes("turn.new_melds", r.new_melds_after_down),
                       _yes("turn.tack_on_others", r.tack_on_others),
                       _yes("turn.tack_same_turn", r.tack_same_turn)]),
              _entry("turn.adding"),
              _joined([_entry("turn.end"), _yes("turn.joker_discard", r.joker_discard)])]
    return paras


def _calls(r: RuleSet) -> list[Phrase]:
    if not r.calls_enabled:
        return [_entry("calls.none")]
    paras = [_entry("calls.who"), _counted("calls.allow", r.call_penalty_cards),
             _entry("calls.after_allow"),
             _yes("calls.down_may_refuse", r.down_player_may_refuse)]
    if r.down_player_may_refuse and r.discard_take == "not-when-down":
        paras.append(_entry("calls.refusal_wins"))
    paras.append(_joined([_entry("calls.most", count=r.max_calls),
                          _value("calls.priority", r.call_priority)]))
    return paras


def _jokers(r: RuleSet) -> list[Phrase]:
    shifts = r.joker_shift_in_run != "off"
    paras = [_yes("jokers.on_others", r.joker_on_others_melds),
             _value("jokers.shift", r.joker_shift_in_run)]
    if shifts and r.joker_shift_is_tacking and not r.tack_on_others:
        paras.append(_entry("jokers.shift_tacks"))
    elif shifts and not r.joker_shift_is_tacking and (
            not r.tack_on_others or r.going_out_bonus_no_tacking):
        paras.append(_entry("jokers.shift_anywhere"))
    if not r.joker_release:
        return [*paras, _entry("jokers.never_freed")]
    ways = [_value("jokers.freed_by", mode) for mode in JokerRelease if mode in r.joker_release]
    return [*paras, _entry("jokers.freed", ways=_joined(ways, "or")),
            _yes("jokers.release_needs_down", r.joker_release_needs_down), _freed_joker(r)]


def _freed_joker(r: RuleSet) -> Phrase:
    """What becomes of a joker just freed."""
    if not r.released_joker_must_be_used:
        return _entry("jokers.freed_joker.kept")
    return _entry("jokers.freed_joker.new_meld" if r.released_joker_new_meld
                  else "jokers.freed_joker.laid_again")


def _going_out(r: RuleSet) -> list[Phrase]:
    paras = [_joined([_entry("going_out.ends"), _last_card(r)])]
    if r.going_out_bonus == "none":
        return [*paras, _entry("going_out.no_bonus")]
    effect = _entry("going_out.effect.double") if r.going_out_bonus == "double" \
        else _entry("going_out.effect.plus", points=r.going_out_bonus_points)
    if not r.going_out_bonus_no_tacking:
        condition = "adding_allowed"
    elif r.joker_shift_in_run != "off" and r.joker_shift_is_tacking:
        condition = "no_adding_nor_shift"
    else:
        condition = "no_adding"
    return [*paras, _entry("going_out.bonus", effect=effect,
                           condition=_entry(f"going_out.condition.{condition}"))]


def _last_card(r: RuleSet) -> Phrase:
    """How a hand may end: on a discard (of a natural, or of any card when a joker may
    end it), or by laying its last card."""
    if not r.final_discard:
        return _entry("going_out.last.laid")
    if r.joker_discard and r.joker_final_discard:
        return _entry("going_out.last.joker")
    return _entry("going_out.last.real_not_joker" if r.joker_discard
                  else "going_out.last.real")


def _faces(r: RuleSet) -> Phrase:
    """What tens and picture cards count (in hand, and alike towards an opening)."""
    if r.face_points == r.ten_points:
        return _entry("scoring.faces.with_tens", points=r.face_points)
    return _entry("scoring.faces.and_ten", faces=r.face_points, ten=r.ten_points)


def _pips(r: RuleSet) -> Phrase:
    """What the cards from 2 to 9 count (in hand, and alike towards an opening)."""
    if r.pip_points is None:
        return _entry("scoring.pips.face_value")
    return _entry("scoring.pips.each", points=r.pip_points)


def card_values(r: RuleSet) -> Phrase:
    """What each card left in hand costs (the rules' scoring, and the scoring lesson)."""
    aces = _entry("scoring.aces.same", points=r.black_ace_points) \
        if r.black_ace_points == r.red_ace_points \
        else _entry("scoring.aces.by_colour", black=r.black_ace_points, red=r.red_ace_points)
    return _entry("scoring.values", joker=r.joker_points, aces=aces, faces=_faces(r),
                  pips=_pips(r))


def _scoring(r: RuleSet) -> list[Phrase]:
    if r.stock_exhaustion == "reshuffle-once-then-void":
        again = _entry("scoring.stock.once_then_void")
    elif r.reshuffle_limit is None:
        again = _entry("scoring.stock.stuck", ceiling=RESHUFFLE_CEILING)
    else:
        again = _entry("scoring.stock.limited", count=r.reshuffle_limit)
    paras = [_entry("scoring.penalty", values=card_values(r)),
             _joined([_entry("scoring.stock.rebuilt"), again])]
    if r.redeal_limit is not None and not r.never_voids:
        # what ends a deal that keeps being void, so that every match ends
        paras.append(_entry("scoring.redeal.never") if r.redeal_limit == 0
                     else _counted("scoring.redeal.bound", r.redeal_limit))
    return [*paras, _entry("scoring.turn_ceiling", turns=TURN_CEILING)]


def _match_end(r: RuleSet) -> list[Phrase]:
    if r.match_end == "fixed":
        return [_entry("match_end.fixed", count=r.deals_per_match)]
    paras = [_entry("match_end.elimination", limit=r.elimination_limit)]
    if not r.buy_ins:
        return [*paras, _entry("match_end.no_buy_ins")]
    return [*paras, _entry("match_end.buy_ins", count=r.buy_ins),
            _entry("match_end.buy_in_players", players=spelled(r.buy_in_min_players))]


def _sections(rules: RuleSet) -> list[tuple[str, list[Phrase]]]:
    going_down = ("contract", _contract(rules)) if rules.uses_contracts \
        else ("opening", _opening(rules))
    return [("deck", _deck(rules)), ("dealing", _dealing(rules)), ("melds", _melds(rules)),
            going_down, ("turn", _turn(rules)), ("calls", _calls(rules)),
            ("jokers", _jokers(rules)), ("going-out", _going_out(rules)),
            ("scoring", _scoring(rules)), ("match-end", _match_end(rules))]


def rules_sections(rules: RuleSet, lang: str | None = None) -> list[Section]:
    """The rules of ``rules`` as titled sections, in ``lang`` (the game's language when
    not given)."""
    return [Section(key, worded(_entry(f"{key.replace('-', '_')}.title"), lang),
                    tuple(worded(paragraph, lang) for paragraph in paragraphs))
            for key, paragraphs in _sections(rules)]


def render_text(rules: RuleSet, lang: str | None = None, width: int = 88) -> str:
    """The rules as plain text: a title, then each section with wrapped paragraphs."""
    title = preset_title(rules.name, locale=lang)
    out = [title, "=" * len(title)]
    for section in rules_sections(rules, lang):
        out += ["", section.title, "-" * len(section.title)]
        out += [textwrap.fill(paragraph, width) for paragraph in section.paragraphs]
    return "\n".join(out) + "\n"
