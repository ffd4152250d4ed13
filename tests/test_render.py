"""The streaming markdown renderer: the screen after streaming equals a whole-document render.

Documents are streamed in pieces of several sizes (1 character, 16 characters, splits that cut
a code fence marker or a table row in half) into off-screen terminal consoles, and compared
with `Console.print(chat_markdown(whole))` (rich's markdown, line breaks kept) — byte for byte
in commit-only mode, and as the final screen of a VT100 emulator (pyte) when the live region is on.
"""

from __future__ import annotations

import io
import re
import time

import pyte
import pytest
from rich.console import Console

from tars.render.blocks import BlockSplitter
from tars.render.stream import MarkdownStream, PlainStream, _visible_part, answer_stream, chat_markdown

FENCE_SPLIT = """Here is the fix:

```python
def greet(name):
    # a comment with ``` inside is still code
    return f"hello {name}"
```

And it runs.
"""

TABLE_ROWS = """Results so far:

| city | temp | sky |
|------|-----:|:---:|
| Lima | 21 | cloudy |
| Oslo | -3 | snow |
| Cairo | 35 | clear and very sunny all day long |

That's all.
"""

NESTED_LISTS = """Plan:

- first level
  - second level
    - third level with `code`
  - back to second
- another top item

  with a continuation paragraph

1. numbered
2. numbered again
   - mixed bullet inside
10. jumps to ten
"""

EVERYTHING = """# Title

Intro with *emphasis*, **strong**, `code` and a [link](https://example.com).
A second line of the same paragraph.

Setext heading
--------------

> a quote
> - with a list inside
> ---

***

    indented code block

~~~
tilde fence
~~~
* star list
+ plus list

Final words.
"""

FENCE_LOOKALIKES = """````markdown
Inside a four-backtick fence:
```python
print("a three-backtick line does not close it")
```
    ````
``` not a closer either
````
After the fence.

~~~
tilde code
~~~~~
Then text.
"""

UNCLOSED_FENCE = "Start:\n\n```bash\necho one\necho two\n"
TRAILING_PARTIAL = "One paragraph.\n\n- item a\n- item b without newline"

DOCUMENTS = {
    "fence": FENCE_SPLIT,
    "table": TABLE_ROWS,
    "nested": NESTED_LISTS,
    "everything": EVERYTHING,
    "fence-lookalikes": FENCE_LOOKALIKES,
    "unclosed-fence": UNCLOSED_FENCE,
    "partial-last-line": TRAILING_PARTIAL,
}


def _console(width: int = 72, height: int = 200) -> Console:
    return Console(file=io.StringIO(), width=width, height=height, force_terminal=True, color_system="truecolor")


def _normalise(ansi: str) -> str:
    """Hyperlink ids are random per render; everything else must match exactly."""
    return re.sub(r"id=\d+", "id=X", ansi)


def whole(doc: str, width: int = 72) -> str:
    console = _console(width)
    console.print(chat_markdown(doc))
    return _normalise(console.file.getvalue())


def streamed(doc: str, pieces: list[str], *, width: int = 72, live: bool = False) -> str:
    console = _console(width)
    stream = MarkdownStream(console, live=live)
    for piece in pieces:
        stream.write(piece)
    stream.finish()
    return console.file.getvalue()


def chunks(text: str, size: int) -> list[str]:
    return [text[i : i + size] for i in range(0, len(text), size)]


def screen(ansi: str, width: int = 72) -> str:
    """The final screen a terminal shows after receiving `ansi` (pyte VT emulator)."""
    term = pyte.Screen(width, 400)
    term.set_mode(pyte.modes.LNM)  # a tty turns \n into \r\n
    pyte.ByteStream(term).feed(ansi.encode())
    return "\n".join(line.rstrip() for line in term.display).rstrip()


@pytest.mark.parametrize("name", DOCUMENTS)
@pytest.mark.parametrize("size", [1, 5, 16, 1000])
def test_streamed_equals_whole_render(name: str, size: int) -> None:
    doc = DOCUMENTS[name]
    assert _normalise(streamed(doc, chunks(doc, size))) == whole(doc)


def test_fence_marker_split_across_chunks() -> None:
    doc = FENCE_SPLIT
    at = doc.index("```") + 2  # "``" | "`python"
    end = doc.rindex("```") + 1
    pieces = [doc[:at], doc[at:end], doc[end:]]
    assert _normalise(streamed(doc, pieces)) == whole(doc)


def test_table_arriving_row_by_row_at_narrow_width() -> None:
    pieces = TABLE_ROWS.splitlines(keepends=True)
    assert _normalise(streamed(TABLE_ROWS, pieces, width=40)) == whole(TABLE_ROWS, width=40)


def test_finished_blocks_are_handed_out_once_and_the_tail_stays_open() -> None:
    splitter = BlockSplitter()
    assert splitter.feed("# Title\n\nFirst para") is None  # no complete line of a second block yet
    piece = splitter.feed("graph.\n\n- a\n")
    assert piece is not None and piece.source == "# Title\n\nFirst paragraph.\n\n"
    assert splitter.feed("- b\n") is None  # the list is still open
    piece = splitter.feed("\nAfter.\n")
    assert piece is not None and piece.source == "- a\n- b\n\n"
    assert splitter.tail == "After.\n"


def test_a_block_is_not_closed_by_an_incomplete_line() -> None:
    """`#` alone would be a heading that ends the list; `#hashtag` continues the item."""
    splitter = BlockSplitter()
    assert splitter.feed("- item\n#") is None
    assert splitter.feed("hashtag\n") is None
    assert "#hashtag" in splitter.tail and splitter.tail.startswith("- item")


@pytest.mark.parametrize("name", ["everything", "table", "nested"])
def test_live_region_leaves_the_same_final_screen(name: str) -> None:
    doc = DOCUMENTS[name]
    ansi = streamed(doc, chunks(doc, 7), live=True)
    assert screen(ansi) == screen(whole(doc))
    assert "\x1b[2K" in ansi  # the live tail really was drawn and erased


def test_plain_stream_writes_the_exact_text() -> None:
    out = io.StringIO()
    stream = PlainStream(out)
    doc = "# Title\n\n| a | b |\n|---|---|\n" + "x" * 300
    for piece in chunks(doc, 16):
        stream.write(piece)
    stream.finish()
    assert out.getvalue() == doc + "\n"  # only a final newline is added, and only when missing


def test_non_terminal_and_dumb_terminal_get_plain_text(monkeypatch: pytest.MonkeyPatch) -> None:
    piped = Console(file=io.StringIO(), width=40)
    assert isinstance(answer_stream(piped), PlainStream)
    monkeypatch.setenv("TERM", "dumb")
    dumb = Console(file=io.StringIO(), width=40, force_terminal=True)
    assert isinstance(answer_stream(dumb), PlainStream)


def test_a_code_block_taller_than_the_screen_streams_and_ends_complete() -> None:
    doc = "Long code:\n\n```python\n" + "".join(f"value_{i} = {i} * 2\n" for i in range(80)) + "```\n\nDone.\n"
    console = Console(file=io.StringIO(), width=72, height=12, force_terminal=True, color_system="truecolor")
    stream = MarkdownStream(console, refresh_per_second=200)
    for piece in chunks(doc, 9):
        stream.write(piece)
        time.sleep(0.0005)  # let the live region redraw now and then
    stream.finish()
    assert screen(console.file.getvalue()) == screen(whole(doc))


@pytest.mark.parametrize("kind", ["table", "list", "quote"])
def test_long_blocks_taller_than_the_screen_end_complete(kind: str) -> None:
    rows = {
        "table": "| n | square |\n|---|---|\n" + "".join(f"| {i} | {i * i} |\n" for i in range(60)),
        "list": "".join(f"- item {i}\n  - detail {i}\n" for i in range(40)),
        "quote": "".join(f"> quoted line {i}\n" for i in range(60)),
    }[kind]
    doc = f"Intro.\n\n{rows}\nAfter.\n"
    console = Console(file=io.StringIO(), width=72, height=12, force_terminal=True, color_system="truecolor")
    stream = MarkdownStream(console, refresh_per_second=float("inf"))  # redraw on every chunk
    for piece in chunks(doc, 11):
        stream.write(piece)
    stream.finish()
    assert screen(console.file.getvalue()) == screen(whole(doc))


_BLOCKS = [
    "# Heading {n}\n", "Heading {n}\n===\n", "A paragraph {n} with *style* and `code`.\nIt goes on.\n",
    "- a {n}\n- b\n  - nested\n", "* star {n}\n+ plus\n", "1. one {n}\n2. two\n", "3) three {n}\n",
    "```\nfence {n}\n```\n", "~~~py\ntilde {n}\n~~~\n", "    indented code {n}\n", "> quote {n}\n> more\n",
    "| h | {n} |\n|---|---|\n| x | y |\n", "---\n", "***\n", "lazy line {n}\n", "<div>html {n}</div>\n",
    "- item {n}\n\n  loose paragraph\n", "text {n}\n| not | a table |\n",
]


@pytest.mark.parametrize("seed", range(40))
def test_random_documents_stream_to_the_whole_render(seed: int) -> None:
    import random

    rng = random.Random(seed)
    parts = []
    for n in range(rng.randint(3, 14)):
        parts.append(rng.choice(_BLOCKS).format(n=n))
        parts.append(rng.choice(["\n", "", "\n\n"]))  # blocks often touch, which is the tricky part
    doc = "".join(parts)
    pieces, i = [], 0
    while i < len(doc):
        size = rng.choice([1, 2, 3, 7, 16, 40])
        pieces.append(doc[i : i + size])
        i += size
    width = rng.choice([30, 60, 100])
    assert _normalise(streamed(doc, pieces, width=width)) == whole(doc, width=width), doc


PARAGRAPH = "A long paragraph with *style* and `code` that never ends, on and on. "


def test_the_live_region_of_one_huge_paragraph_renders_only_its_end() -> None:
    text = PARAGRAPH * 15_000  # one line of about a megabyte
    part = _visible_part(text, 39)
    assert len(part) < 39 * 300 and part.startswith("… ") and text.endswith(part[2:])


def test_one_huge_paragraph_streams_to_the_whole_render() -> None:
    doc = PARAGRAPH * 900 + "\n\nDone.\n"
    assert _normalise(streamed(doc, chunks(doc, 16))) == whole(doc)


def test_one_long_paragraph_with_its_live_region_leaves_the_whole_screen() -> None:
    doc = PARAGRAPH * 120 + "\n\nDone.\n"
    console = Console(file=io.StringIO(), width=72, height=12, force_terminal=True, color_system="truecolor")
    stream = MarkdownStream(console, refresh_per_second=float("inf"))  # redraw on every chunk
    for piece in chunks(doc, 50):
        stream.write(piece)
    stream.finish()
    assert screen(console.file.getvalue()) == screen(whole(doc))


def test_a_line_break_in_an_answer_stays_one():
    """A note read back ("eggs\\nmilk\\nbread") had shown as "eggs milk bread": commonmark joins lines."""
    shown = whole("eggs\nmilk\nbread\n\n- a\n- b\n")
    lines = re.sub(r"\x1b\[[0-9;]*m", "", shown).splitlines()
    assert [line.rstrip() for line in lines[:3]] == ["eggs", "milk", "bread"]


def test_lists_tables_code_and_quotes_render_as_rich_renders_them():
    """`chat_markdown` keeps line breaks and changes nothing else: a document whose paragraphs are
    each one line is byte for byte rich's own render."""
    from rich.markdown import Markdown

    doc = ("# Title\n\nOne line.\n\n- a\n- b\n  - nested\n\n| x | y |\n|---|---|\n| 1 | 2 |\n\n"
           "```python\nx = 1\n```\n\n> quoted\n")
    plain = _console()
    plain.print(Markdown(doc, hyperlinks=False))
    assert whole(doc) == _normalise(plain.file.getvalue())
