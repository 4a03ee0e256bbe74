"""A launch of the game is parsed by its own options alone (``kalooki.cli.main.parse``),
sparing the first frame every command's module: whatever the arguments, the answer is
the whole parser's, a namespace or the same usage error."""

from __future__ import annotations

import argparse
import contextlib
import io

from hypothesis import given, settings
from hypothesis import strategies as st

from kalooki.cli.common import UsageError
from kalooki.cli.main import build_parser, parse

TOKENS = ("--self-test", "--portable", "--autoplay", "--watch", "--version", "--players",
          "3", "9", "--preset", "baby", "nowhere", "--lang", "fr", "xx", "--lan", "--p",
          "--seats", "hard,easy,easy", "--deals", "2", "-h", "--hel", "--bogus", "simulate",
          "rules", "saves", "replay", "x.json")


def _answer(parser_says: object) -> object:
    """What a parse comes to: its namespace without the subcommand's empty slot, or the
    kind of exit and its message."""
    try:
        args = parser_says() if callable(parser_says) else parser_says
    except UsageError as error:
        return ("usage", str(error))
    except SystemExit as stop:
        return ("exit", stop.code)
    assert isinstance(args, argparse.Namespace)
    found = vars(args)
    if found.get("command") is None:
        found.pop("command", None)
    return {key: value for key, value in found.items() if key != "run"}, \
        getattr(getattr(args, "run", None), "__name__", None)


@settings(max_examples=150, deadline=None)
@given(tokens=st.lists(st.sampled_from(TOKENS), max_size=5))
def test_the_launch_parse_answers_as_the_whole_parser(tokens: list[str]) -> None:
    with contextlib.redirect_stdout(io.StringIO()):  # the help both print
        launch = _answer(lambda: parse(tokens))
        whole = _answer(lambda: build_parser().parse_args(tokens))
    assert launch == whole


def test_a_launch_is_parsed_without_the_commands() -> None:
    args = parse(["--self-test", "--portable"])
    assert args.self_test and args.portable and not hasattr(args, "command")
    assert parse(["simulate", "--deals", "2"]).command == "simulate"
