"""Numbers and dates the way each language writes them ("12.5" / "12,5"; "3 Mar 2026 18:30"
/ "3 mars 2026 18:30"), from the catalogs' ``format.*`` entries rather than the system
locale, so the game speaks one language whatever the machine is set to; the default
name of a person, which follows the language too; and the label of a person's melds."""

from __future__ import annotations

from datetime import datetime

from kalooki.words.catalog import languages, tr


def decimal(value: float, places: int = 1) -> str:
    """``value`` with ``places`` decimals and the language's decimal mark."""
    return f"{value:.{places}f}".replace(".", tr("format.decimal_mark"))


def plain_number(value: float) -> str:
    """``value`` as briefly as it is exact ("0.6", "2", "0.05"), with the language's
    decimal mark ("0,6")."""
    return f"{value:g}".replace(".", tr("format.decimal_mark"))


def short_date(when: datetime) -> str:
    """Day, short month name, year and time of day."""
    return tr("format.date_time", day=when.day, month=tr(f"format.month.{when.month}"),
              year=when.year, time=f"{when:%H:%M}")


def short_day(when: datetime) -> str:
    """Day and short month name ("3 Feb", "3 févr."): "3/2" read as March 2 to a reader
    who puts the month first."""
    return tr("format.day", day=when.day, month=tr(f"format.month.{when.month}"))


def seat_name(name: str) -> str:
    """A seat's name as this language says it: the word the game gives a person who
    did not type a name ("You", "Vous") follows the language; a typed name stays."""
    if name in {tr("setup.you", locale=lang) for lang in languages()}:
        return tr("setup.you")
    return name


def melds_label(owner: str | None, calls: tuple[int, int] | None = None) -> str:
    """The label of the viewer's melds: "Your melds", or the owner's by name when
    several people share the screen, or no one's ("" : "Melds", on the pass screen);
    with ``calls`` (made, most), the viewer's calls as the opponents' headers say theirs."""
    if owner is None:
        label = tr("table.label.my_melds")
    else:
        label = tr("table.label.melds_of", name=owner) if owner else tr("table.label.melds")
    if calls is None or owner == "":
        return label
    return tr("table.label.melds_calls", melds=label, made=calls[0], most=calls[1])
