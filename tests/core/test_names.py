"""Players' names: the one check every way in uses (setup screen, protocol, store)."""

import pytest
from pydantic import ValidationError

from tabletop.core.engine import Setup
from tabletop.core.names import NAME_LIMIT, check_name


@pytest.mark.parametrize(
    "name",
    ["[/]", "[b]Dan", "[link=e.vil]Bob", "Zoë", "李小龍", "👨‍👩‍👧", "x" * NAME_LIMIT, "a b"],
)
def test_printable_names_pass_unchanged(name: str) -> None:
    assert check_name(name) == name


def test_surrounding_spaces_are_dropped() -> None:
    assert check_name("  Al ") == "Al"


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("x" * (NAME_LIMIT + 1), f"at most {NAME_LIMIT}"),
        ("\x1b]0;PWNED\x07Al", "U+001B"),
        ("Al\nBo", "U+000A"),
        ("Al\u202eoB", "U+202E"),  # a right-to-left override
        ("A\u2028l", "U+2028"),
        (None, "text"),
        (7, "text"),
    ],
)
def test_names_that_cannot_be_shown_are_refused(name: object, words: str) -> None:
    with pytest.raises(ValueError, match=words.replace("+", r"\+")):
        check_name(name)


def test_a_setup_refuses_a_bad_name_wherever_it_comes_from() -> None:
    with pytest.raises(ValidationError, match="U\\+001B"):
        Setup(players=("Al", "\x1b[31mBo"))
    with pytest.raises(ValidationError):
        Setup.model_validate({"players": "ab"})  # a string is not a list of two players
