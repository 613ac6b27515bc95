"""docs/encodings/GAME.md show the encodings as the code has them (their tables are generated),
and docs/envs.md's examples run."""

from __future__ import annotations

import runpy
from pathlib import Path

SCRIPT = Path(__file__).parents[2] / "scripts" / "envs_tables.py"


def test_the_encoding_tables_in_docs_are_current():
    tables = runpy.run_path(str(SCRIPT))
    pages = tables["pages"]()
    assert len(pages) >= 4
    for name, path in pages.items():
        doc = path.read_text()
        stale = f"{path} is out of date: run scripts/envs_tables.py"
        assert tables["render"](doc, name) == doc, stale


def test_the_python_examples_in_docs_run(capsys):
    doc = (Path(__file__).parents[2] / "docs" / "envs.md").read_text()
    blocks = [b.split("```", 1)[0] for b in doc.split("```python\n")[1:]]
    assert len(blocks) >= 4
    for block in blocks:
        exec(compile(block, "docs/envs.md", "exec"), {})
