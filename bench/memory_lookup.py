"""The memory lookup of a huge message (run: .venv/bin/python bench/memory_lookup.py [megabytes]).

Every message looks up the facts relevant to it in the memory file (`MemoryStore.context`). A file
piped in can make the message megabytes long; the lookup uses at most `MAX_TERMS` distinct
words of it, so its cost grows with the text's length only through reading the words once.
Prints the wall time and peak memory of the lookup with a non-empty and with an empty memory,
for text of distinct words (the worst case: every word a new term) and for prose.
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

MEMORY = "## Pinned\n- I live in Lisbon\n\n## Facts\n- my dog is called Biscuit\n- my sister Ana lives in Porto\n"


def texts(size: int) -> dict[str, str]:
    distinct, n, i = [], 0, 0
    while n < size:
        word = f"item{i}"
        distinct.append(word)
        n, i = n + len(word) + 1, i + 1
    rng = random.Random(1)
    vocabulary = ["".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(3, 9)))
                  for _ in range(20_000)]
    prose = " ".join(rng.choice(vocabulary) for _ in range(size // 7))
    return {"distinct words": " ".join(distinct), "prose": prose}


def lookup(folder: Path, text: str) -> tuple[float, float]:
    from tars.tools.memory import MemoryStore
    from tars.tools.search_index import SearchIndex

    memory = MemoryStore(folder, SearchIndex(folder / "index.db"))
    tracemalloc.start()
    start = time.perf_counter()
    memory.context(text, 1500)
    took = time.perf_counter() - start
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    memory.index.close()
    return took, peak / 1e6


def main() -> None:
    megabytes = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    for name, text in texts(int(megabytes * 1_000_000)).items():
        for label, content in (("non-empty memory", MEMORY), ("empty memory", "")):
            with tempfile.TemporaryDirectory() as tmp:
                folder = Path(tmp)
                if content:
                    (folder / "memory.md").write_text(content)
                took, peak = lookup(folder, text)
            print(f"{len(text) / 1e6:.1f} MB of {name}, {label}: {took:.2f} s, peak {peak:.0f} MB traced")


if __name__ == "__main__":
    main()
