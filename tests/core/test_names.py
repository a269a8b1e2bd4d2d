"""Players' names: the one check every way in uses (setup screen, protocol, store)."""

import pytest
from pydantic import ValidationError

from tabletop.core.engine import Setup
from tabletop.core.names import NAME_LIMIT, check_name, check_names, name_key


@pytest.mark.parametrize(
    "name",
    [
        "[/]",
        "[b]Dan",
        "[link=e.vil]Bob",
        "Zoë",
        "李小龍",
        "👨",
        "x" * NAME_LIMIT,
        "a b",
        "ㅎ\u3164x",
    ],
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
        # issue 26 item 5: names that show nothing
        ("\u200d" * 5, "U+200D"),  # five zero-width joiners
        ("\u200c\u200c", "show something"),  # zero-width non-joiners
        ("\u3164", "show something"),  # Hangul filler
        ("\u2800", "show something"),  # blank Braille pattern
        ("\u115f\u1160", "show something"),  # Hangul choseong and jungseong fillers
        ("\uffa0", "show something"),  # halfwidth Hangul filler
        ("\u3000\u00a0", "empty"),  # ideographic and no-break spaces: stripped
        ("\u0301\u20dd", "show something"),  # combining marks on nothing
        # issue 26 item 5: emoji sequences terminals draw at different widths
        ("👨‍👩‍👧‍👦🏳️‍🌈x", "U+200D"),
        ("👍🏽", "U+1F3FD"),  # a skin tone
        ("❤️", "U+FE0F"),  # emoji presentation
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


@pytest.mark.parametrize(
    "names",
    [
        ("Ann", "Ann"),
        ("Ann", "ann"),
        ("Ann", " Ann "),
        ("Ann", "A nn"),
        ("Ann", "Ａｎｎ"),
        ("ß", "SS"),
    ],
)
def test_names_that_read_alike_are_one_name(names: tuple[str, str]) -> None:
    assert name_key(names[0]) == name_key(names[1])
    with pytest.raises(ValueError, match="Two players are named"):
        check_names(names)
    with pytest.raises(ValidationError, match="Two players are named"):
        Setup(players=names)


def test_different_names_pass() -> None:
    check_names(("Ann", "Anne", "Bo"))
    assert Setup(players=("Ann", "Anne")).players == ("Ann", "Anne")
