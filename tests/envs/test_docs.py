"""docs/envs.md shows the encodings as the code has them (its tables are generated)."""

from __future__ import annotations

import runpy
from pathlib import Path

SCRIPT = Path(__file__).parents[2] / "scripts" / "envs_tables.py"


def test_the_encoding_tables_in_docs_are_current():
    tables = runpy.run_path(str(SCRIPT))
    doc = tables["DOC"].read_text()
    assert tables["render"](doc) == doc, "docs/envs.md is out of date: run scripts/envs_tables.py"
