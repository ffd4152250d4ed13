"""The README's Python example runs as written and prints what it says it prints."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_library_example_runs():
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), re.S)
    assert blocks, "the README shows a Python example"
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(blocks[0], "README.md", "exec"), {})
    assert out.getvalue().strip() == "2 + 3 = 5"


def test_readme_names_the_two_newcomer_commands():
    text = README.read_text()
    assert "make chat" in text and "make test" in text
