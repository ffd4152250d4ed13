"""The memory file's form: its Pinned, Facts and Rules sections of "- " items, read into items,
chunked for the search index, and an item added to its section or its text replaced."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

__all__ = ["KINDS", "TEMPLATE", "HEADING", "Item", "kind_of", "parse", "memory_chunks", "inserted", "replaced",
           "joined"]

KINDS = {"pinned": "Pinned", "fact": "Facts", "rule": "Rules"}
_HEADING_KIND = {"pinned": "pinned", "facts": "fact", "fact": "fact", "semantic": "fact",
                 "rules": "rule", "rule": "rule", "procedural": "rule", "preferences": "rule"}
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$")
_BULLET = re.compile(r"^[-*+]\s+(?:\[[ xX]\]\s+)?(.*\S)\s*$")
TEMPLATE = """# Memory

What tars remembers. Edit freely: one item per line starting with "- ".
Pinned items and rules are always given to the model; facts when they look relevant.

## Pinned

## Facts

## Rules
"""


@dataclass(frozen=True)
class Item:
    """One "- " line of a section: its kind (pinned, fact, rule), its text and where it is."""

    kind: str
    text: str
    line: int  # index into the file's lines


def kind_of(heading: str) -> str | None:
    words = re.findall(r"[a-z]+", heading.lower())
    return next((_HEADING_KIND[w] for w in words if w in _HEADING_KIND), None)


def parse(text: str) -> list[Item]:
    """Every top-level bullet under a Pinned/Facts/Rules heading."""
    items, kind = [], None
    for i, line in enumerate(text.splitlines()):
        if m := HEADING.match(line):
            kind = kind_of(m.group(1))
        elif kind and (m := _BULLET.match(line)):
            items.append(Item(kind, m.group(1), i))
    return items


def memory_chunks(path: str, text: str) -> list[tuple[str, str]]:
    """Index one chunk per non-empty line, with its heading as the section."""
    out, section = [], Path(path).stem
    for line in text.splitlines():
        if m := HEADING.match(line):
            section = m.group(1)
        elif line.strip():
            bullet = _BULLET.match(line.strip())
            out.append((section, bullet.group(1) if bullet else line.strip()))
    return out


def inserted(lines: list[str], kind: str, text: str) -> list[str]:
    """Put `- text` at the end of the kind's section, creating the section if there is none."""
    start = None
    for i, line in enumerate(lines):
        if (m := HEADING.match(line)) and kind_of(m.group(1)) == kind:
            start = i
            break
    if start is None:
        while lines and not lines[-1].strip():
            lines.pop()
        return [*lines, "", f"## {KINDS[kind]}", "", f"- {text}"]
    end = start + 1
    while end < len(lines) and not HEADING.match(lines[end]):
        end += 1
    last = end
    while last > start + 1 and not lines[last - 1].strip():
        last -= 1
    insert = [f"- {text}"] if last > start + 1 else ["", f"- {text}"]
    tail = lines[last:]
    if tail and tail[0].strip():  # the next heading follows at once: keep a blank line before it
        insert.append("")
    return [*lines[:last], *insert, *tail]


def replaced(lines: list[str], item: Item, text: str) -> list[str]:
    """`lines` with `item`'s text made `text`, its bullet kept."""
    line = lines[item.line]
    return [*lines[: item.line], line[: line.index(item.text)] + text, *lines[item.line + 1:]]


def joined(lines: list[str]) -> str:
    return "\n".join(lines).rstrip("\n") + "\n"
