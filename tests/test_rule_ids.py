"""Every rule id of every digest is cited by a test, and every id the code
raises is in a digest. A rule nobody tests, or a refusal naming a rule nobody
wrote down, fails here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ID = r"(?:SP|PP|PD|TT)-[A-Z0-9]+(?:-[A-Z0-9]+)*-\d+"
DEFINED = re.compile(rf"^\s*[-*]\s+\*\*({ID})\*\*", re.MULTILINE)
CITED = re.compile(rf"\b({ID})\b")

DIGESTS = sorted((ROOT / "seeds").glob("*.md"))


def defined_ids(digest: Path) -> list[str]:
    return DEFINED.findall(digest.read_text(encoding="utf-8"))


def text_of(folder: Path, *, skip: Path | None = None) -> str:
    return "\n".join(
        p.read_text(encoding="utf-8") for p in sorted(folder.rglob("*.py")) if p != skip
    )


@pytest.mark.parametrize("digest", DIGESTS, ids=lambda p: p.stem)
def test_digest_ids_are_unique(digest: Path) -> None:
    ids = defined_ids(digest)
    assert ids, f"{digest.name} defines no rule id"
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    assert not duplicates, f"{digest.name} defines these ids twice: {duplicates}"


@pytest.mark.parametrize("digest", DIGESTS, ids=lambda p: p.stem)
def test_every_rule_id_is_cited_by_a_test(digest: Path) -> None:
    cited = set(CITED.findall(text_of(ROOT / "tests", skip=Path(__file__).resolve())))
    missing = [i for i in defined_ids(digest) if i not in cited]
    assert not missing, f"rule ids of {digest.name} that no test cites: {missing}"


def test_every_id_the_code_names_is_in_a_digest() -> None:
    defined = {i for d in DIGESTS for i in defined_ids(d)}
    named = set(CITED.findall(text_of(ROOT / "tabletop")))
    unknown = sorted(named - defined)
    assert not unknown, f"the code names rule ids no digest defines: {unknown}"
