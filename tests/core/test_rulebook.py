"""The rules digests as the app reads them (core.rulebook): every rule is read, the
form is checked, and the words are written for players."""

from __future__ import annotations

import re
from importlib import resources

import pytest

from tabletop.core.rulebook import Rule, parse, plain_words, rulebook, spans
from tabletop.games import kit, names

DEFINED = re.compile(r"^\s*[-*]\s+\*\*([A-Z0-9-]+)\*\*", re.MULTILINE)
DEVELOPER_TALK = ("assets/", "tests/", ".json", ".py", "`", "seat 0", "first_player", "engine")
"""What a player has no use for: files, option and field names, 0-based seats, code."""


def digest(game: str) -> str:
    return resources.files("tabletop.seeds").joinpath(f"{game}.md").read_text("utf-8")


@pytest.mark.parametrize("game", names())
def test_every_rule_of_a_digest_is_read_in_order(game: str) -> None:
    book = rulebook(game)
    read = [rule.id for section in book.sections for rule in section.rules]
    assert read == DEFINED.findall(digest(game))
    assert book.title == kit(game).title
    assert book.intro and all(section.rules or section.lead for section in book.sections)


@pytest.mark.parametrize("game", names())
def test_the_words_are_for_players(game: str) -> None:
    book = rulebook(game)
    texts = [*book.intro]
    for section in book.sections:
        texts += [section.title, *section.lead, *(rule.text for rule in section.rules)]
    for text in texts:
        words = plain_words(text)
        assert "*" not in words, f"emphasis left unread: {text!r}"
        talk = [w for w in DEVELOPER_TALK if w in words.lower()]
        assert not talk, f"{game}: {talk} in {words!r}"


def test_emphasis_becomes_runs() -> None:
    assert spans("a **Ruling:** b *(ruling)* c") == [
        ("a ", ""),
        ("Ruling:", "bold"),
        (" b ", ""),
        ("(ruling)", "italic"),
        (" c", ""),
    ]
    assert plain_words("**x** y") == "x y"


def test_a_digest_is_read_into_sections() -> None:
    book = parse(
        "# Game\n\nWhat it is,\non two lines.\n\n## First\n\nIn brief.\n\n"
        "- **PP-A-1** One.\n- **PP-A-2** Two **bold**.\n\n## Second\n\n- **PP-B-1** Three.\n"
    )
    assert book.title == "Game" and book.intro == ("What it is, on two lines.",)
    first, second = book.sections
    assert (first.title, first.lead) == ("First", ("In brief.",))
    assert first.rules == (Rule("PP-A-1", "One."), Rule("PP-A-2", "Two **bold**."))
    assert book.section_of("PP-B-1") is second and book.section_of("PP-C-1") is None
    assert book.section("Second") is second
    assert book.quote("First") == "In brief." and book.quote("PP-A-2") == "Two **bold**."
    with pytest.raises(KeyError):
        book.quote("PP-C-1")
    with pytest.raises(KeyError):
        book.section("Third")


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("no title", "starts with"),
        ("# G\n\n- **PP-A-1** Before any section.", "before the first section"),
        ("# G\n\n## S\n\n- **PP-A-1** One.\n- not a rule", "not a rule line"),
        ("# G\n\n## S\n\n- **PP-A-1** One.\n\nA paragraph after.", "after the rules"),
        ("# G\n\n### Deeper", "headings"),
    ],
)
def test_a_broken_digest_says_where(text: str, says: str) -> None:
    with pytest.raises(ValueError, match=says):
        parse(text)
