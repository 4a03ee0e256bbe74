"""Small helpers that say a rules sentence's numbers, plurals, contracts and deal lists in
English or French (:mod:`kalooki.words.rules_text` builds its sentences with them)."""

from __future__ import annotations

from collections.abc import Sequence

from kalooki.engine.rules import GROUP, RUN

LANGS = ("en", "fr")

_NUM = {
    "en": {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"},
    "fr": {1: "un", 2: "deux", 3: "trois", 4: "quatre", 5: "cinq", 6: "six"},
}


class Writer:
    """Small helpers that say things in the chosen language."""

    def __init__(self, lang: str) -> None:
        if lang not in LANGS:
            raise ValueError(f"language must be one of {LANGS}")
        self.lang = lang

    def t(self, en: str, fr: str) -> str:
        return en if self.lang == "en" else fr

    def num(self, n: int, feminine: bool = False) -> str:
        word = _NUM[self.lang].get(n, str(n))
        return "une" if feminine and word == "un" else word

    def plural(self, n: int, en: str, fr: str, en_many: str | None = None,
               fr_many: str | None = None) -> str:
        if n == 1 or (self.lang == "fr" and n == 0):
            return en if self.lang == "en" else fr
        return (en_many or en + "s") if self.lang == "en" else (fr_many or fr + "s")

    def points(self, n: int) -> str:
        return f"{n} " + self.plural(n, "point", "point")

    def contract(self, contract: Sequence[int]) -> str:
        groups, runs = list(contract).count(GROUP), list(contract).count(RUN)
        parts = []
        if groups:
            parts.append(f"{self.num(groups)} {self.plural(groups, 'group', 'groupe')}")
        if runs:
            parts.append(f"{self.num(runs, feminine=True)} "
                         f"{self.plural(runs, 'run', 'suite')}")
        return self.t(" and ", " et ").join(parts) or self.t("nothing", "rien")

    def deals(self, numbers: list[int]) -> str:
        if len(numbers) == 1:
            return self.t(f"deal {numbers[0]}", f"la donne {numbers[0]}")
        if len(numbers) == 2 and numbers[1] == numbers[0] + 1:
            return self.t(f"deals {numbers[0]} and {numbers[1]}",
                          f"les donnes {numbers[0]} et {numbers[1]}")
        if numbers == list(range(numbers[0], numbers[-1] + 1)):
            return self.t(f"deals {numbers[0]}–{numbers[-1]}",
                          f"les donnes {numbers[0]} à {numbers[-1]}")
        listed = ", ".join(str(n) for n in numbers)
        return self.t(f"deals {listed}", f"les donnes {listed}")
