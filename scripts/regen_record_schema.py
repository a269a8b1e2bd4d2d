"""Write docs/game-record.schema.json, the JSON Schema of a game file, from the model
that reads them (tabletop.core.record.GameFile); tests/core/test_record.py fails while
the published file differs. Run after changing GameFile, and raise FILE_VERSION when
the shape of a file changes."""

from __future__ import annotations

from pathlib import Path

from tabletop.core.record import json_schema

TARGET = Path(__file__).resolve().parents[1] / "docs" / "game-record.schema.json"

if __name__ == "__main__":
    TARGET.write_text(json_schema(), encoding="utf-8")
    print(f"wrote {TARGET}")
