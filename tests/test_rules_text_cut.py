"""A game without a cut says the pack is not cut, not that a cut earns nothing."""

from __future__ import annotations

from kalooki.engine.rules import preset
from kalooki.words.rules_text import render_text


def test_rami40_rules_say_there_is_no_cut_at_all() -> None:
    text = " ".join(render_text(preset("rami40"), "en").split())
    assert "cut bonus" not in text
    assert "The pack is not cut" in text
    assert "Le paquet n'est pas coupé" in " ".join(render_text(preset("rami40"), "fr").split())
