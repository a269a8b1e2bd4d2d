"""The rules of each game, read from its digest (seeds/<game>.md, shipped as tabletop.seeds;
a game from elsewhere names the package holding its own).

A digest is written for players and is the one text of the rules: the Rules
screen shows it, setup quotes it, and every refusal names one of its rule ids.
Its form: ``# Title``, the introduction's paragraphs, then sections, each a
``## Heading``, a lead (paragraphs) and its rules, one a line:
``- **XX-TOPIC-N** text``. Inline, only ``**bold**`` and ``*italic*`` are used.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

RULE_ID = r"[A-Z]+-[A-Z0-9]+(?:-[A-Z0-9]+)*-\d+"
"""A rule id: the game's prefix (SP, PP, PD), its topic, a number."""
_RULE = re.compile(rf"[-*]\s+\*\*({RULE_ID})\*\*\s+(.+)")
_EMPHASIS = re.compile(r"\*\*(.+?)\*\*|\*(.+?)\*")


@dataclass(frozen=True, slots=True)
class Rule:
    id: str
    text: str
    """Its words, with inline emphasis (see ``spans``)."""


@dataclass(frozen=True, slots=True)
class Section:
    title: str
    lead: tuple[str, ...]
    """Paragraphs before the rules: what the section is about, in brief."""
    rules: tuple[Rule, ...]


@dataclass(frozen=True, slots=True)
class Rulebook:
    title: str
    intro: tuple[str, ...]
    sections: tuple[Section, ...]

    def section(self, title: str) -> Section:
        """The section headed ``title``; KeyError if there is none."""
        for section in self.sections:
            if section.title == title:
                return section
        raise KeyError(f"{self.title} has no rules section {title!r}")

    def quote(self, ref: str) -> str:
        """What setup shows for ``ref``: the lead of the section so titled, else the words
        of the rule with that id; KeyError if it is neither."""
        for section in self.sections:
            if section.title == ref:
                return " ".join(section.lead)
            for rule in section.rules:
                if rule.id == ref:
                    return rule.text
        raise KeyError(f"{self.title} has no rules section or rule {ref!r}")

    def section_of(self, rule_id: str) -> Section | None:
        """The section holding rule ``rule_id`` (None: no such rule)."""
        for section in self.sections:
            if any(rule.id == rule_id for rule in section.rules):
                return section
        return None


def spans(text: str) -> list[tuple[str, str]]:
    """``text`` as runs of (words, emphasis): emphasis is "bold", "italic" or ""."""
    runs: list[tuple[str, str]] = []
    at = 0
    for match in _EMPHASIS.finditer(text):
        if match.start() > at:
            runs.append((text[at : match.start()], ""))
        bold, italic = match.groups()
        runs.append((bold, "bold") if bold is not None else (italic, "italic"))
        at = match.end()
    if at < len(text):
        runs.append((text[at:], ""))
    return runs


def plain_words(text: str) -> str:
    """``text`` without its emphasis marks."""
    return "".join(words for words, _ in spans(text))


def parse(digest: str) -> Rulebook:
    """A digest's text as a Rulebook; ValueError says where its form is broken."""
    blocks = [block.strip() for block in re.split(r"\n\s*\n", digest) if block.strip()]
    if not blocks or not blocks[0].startswith("# "):
        raise ValueError("a rules digest starts with its '# Title'")
    title = blocks[0].removeprefix("# ").strip()
    intro: list[str] = []
    sections: list[Section] = []
    heading: str | None = None
    lead: list[str] = []
    rules: list[Rule] = []
    for block in blocks[1:]:
        if block.startswith("## "):
            if heading is not None:
                sections.append(Section(heading, tuple(lead), tuple(rules)))
            heading, lead, rules = block.removeprefix("## ").strip(), [], []
        elif block.startswith(("- ", "* ")):
            if heading is None:
                raise ValueError(f"a rule before the first section: {block[:60]!r}")
            for line in block.splitlines():
                found = _RULE.fullmatch(line.strip())
                if found is None:
                    raise ValueError(f"not a rule line (- **ID** text): {line[:60]!r}")
                rules.append(Rule(found[1], found[2]))
        elif block.startswith("#"):
            raise ValueError(f"only '# Title' and '## Section' headings: {block[:60]!r}")
        else:
            paragraph = " ".join(line.strip() for line in block.splitlines())
            if heading is None:
                intro.append(paragraph)
            elif rules:
                raise ValueError(f"a paragraph after the rules of {heading!r}: {block[:60]!r}")
            else:
                lead.append(paragraph)
    if heading is not None:
        sections.append(Section(heading, tuple(lead), tuple(rules)))
    return Rulebook(title, tuple(intro), tuple(sections))


DIGESTS = "tabletop.seeds"
"""The package holding the digests of tabletop's own games."""


@cache
def rulebook(game: str, package: str = DIGESTS) -> Rulebook:
    """The rules of ``game`` (its digest ``<game>.md`` in ``package``, read once)."""
    text = resources.files(package).joinpath(f"{game}.md").read_text("utf-8")
    return parse(text)
