"""The catalogs' one layout, so that entries added by several people merge cleanly:
keys sorted, one entry per line (plural forms on their entry's line), two-space indent.

``python -m kalooki.words.layout`` rewrites both catalogs in that layout; the tests fail
on a catalog that is not in it.
"""

from __future__ import annotations

import json
import sys

from kalooki.words.catalog import catalog_file, languages
from kalooki.words.catalog import read_catalog as read

PLURAL_FORMS = ("zero", "one", "few", "other")
"""The plural forms an entry may give (python-i18n's names). ``zero`` is chosen for a
count of 0 where present, else ``other``; French gives it, since 0 is singular there.
``few`` is chosen for 2 to 5 where present (python-i18n's one rule for it)."""

Entry = str | dict[str, str]


def _value(entry: Entry) -> str:
    if isinstance(entry, str):
        return json.dumps(entry, ensure_ascii=False)
    forms = [f"{json.dumps(form)}: {json.dumps(entry[form], ensure_ascii=False)}"
             for form in PLURAL_FORMS if form in entry]
    return "{" + ", ".join(forms) + "}"


def dump(lang: str, entries: dict[str, Entry]) -> str:
    """The text of a catalog holding ``entries`` for ``lang``."""
    lines = [f"    {json.dumps(key, ensure_ascii=False)}: {_value(entries[key])}"
             for key in sorted(entries)]
    return "{\n  " + json.dumps(lang) + ": {\n" + ",\n".join(lines) + "\n  }\n}\n"


def main() -> int:
    for lang in languages():
        path = catalog_file(lang)
        path.write_text(dump(lang, read(lang)), encoding="utf-8")
        print(f"{path}: {len(read(lang))} entries")
    return 0


if __name__ == "__main__":
    sys.exit(main())
