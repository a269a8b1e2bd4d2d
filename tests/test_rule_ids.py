"""Every rule id the code raises is in a digest, and the digests define each id once.
That every id is executed by a test is checked at the end of a session that runs the
rule scope (tests/conftest.py), from the ids the tests that ran recorded: these tests
check that kit."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tabletop.games.pocketparks.engine import ENGINE
from tabletop.games.pocketparks.model import Draw
from tests.pocketparks.scenario import parks, table
from tests.rulekit import (
    ALL_IDS,
    DIGESTS,
    ID,
    ROOT,
    assert_refused,
    defined_ids,
    missing_ids,
    record,
    take_recorded,
)

CITED = re.compile(rf"\b({ID})\b")


@pytest.mark.parametrize("digest", DIGESTS, ids=lambda p: p.stem)
def test_digest_ids_are_unique(digest: Path) -> None:
    ids = defined_ids(digest)
    assert ids, f"{digest.name} defines no rule id"
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    assert not duplicates, f"{digest.name} defines these ids twice: {duplicates}"


def test_every_id_the_code_names_is_in_a_digest() -> None:
    code = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "tabletop").rglob("*.py"))
    unknown = sorted(set(CITED.findall(code)) - ALL_IDS)
    assert not unknown, f"the code names rule ids no digest defines: {unknown}"


def test_a_refusal_records_its_rule_and_only_an_id_a_digest_defines() -> None:
    st = table([parks("Acadia"), parks("Zion")])
    take_recorded()
    assert_refused(ENGINE, st, Draw(seat=1, source="pile"), "TT-SEAT-1")
    assert take_recorded() == ["TT-SEAT-1"]
    with pytest.raises(AssertionError, match="PP-NO-SUCH-1"):
        record("PP-NO-SUCH-1")


def test_assert_refused_fails_on_a_listed_action_or_another_rule() -> None:
    st = table([parks("Acadia"), parks("Zion")])
    with pytest.raises(AssertionError, match="listed as legal"):
        assert_refused(ENGINE, st, Draw(seat=0, source="pile"), "PP-TURN-1")
    with pytest.raises(AssertionError, match="TT-SEAT-1"):
        assert_refused(ENGINE, st, Draw(seat=1, source="pile"), "PP-DRAW-1")
    take_recorded()


def test_the_missing_ids_are_those_no_test_recorded() -> None:
    everything_but_one = set(ALL_IDS) - {"SP-DEST-2"}
    assert missing_ids(everything_but_one) == {"spacepark.md": ["SP-DEST-2"]}
    assert missing_ids(set(ALL_IDS)) == {}
