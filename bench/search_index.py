"""Notes search cost on a generated vault (run: .venv/bin/python bench/search_index.py [notes]).

Prints the time to index a vault from scratch, the per-search refresh when nothing changed (a
stat per file), the refresh after one file changed, and the query time, which is what every
`notes_search` pays. The memory section of the prompt pays the same on the (small) memory folder.
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

WORDS = ("garden tomato river bicycle sourdough violin ramen lisbon kyoto meeting budget invoice "
         "holiday dentist passport recipe starter flour compost seeds train ticket").split()


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def main() -> None:
    from tars.tools.search_index import SearchIndex, whole_file

    count = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    rng = random.Random(7)
    with tempfile.TemporaryDirectory() as tmp:
        vault = Path(tmp) / "vault"
        for i in range(count):
            note = vault / f"folder{i % 40}" / f"note{i}.md"
            note.parent.mkdir(parents=True, exist_ok=True)
            note.write_text(f"# Note {i}\n" + " ".join(rng.choice(WORDS) for _ in range(250)) + "\n")
        index = SearchIndex(Path(tmp) / "index.db")
        t = time.perf_counter()
        index.refresh("notes", vault, whole_file)
        first = time.perf_counter() - t
        idle = []
        for _ in range(5):
            t = time.perf_counter()
            index.refresh("notes", vault, whole_file)
            idle.append(time.perf_counter() - t)
        (vault / "folder1" / "note1.md").write_text("# Changed\nzebra crossing\n")
        t = time.perf_counter()
        index.refresh("notes", vault, whole_file)
        changed = time.perf_counter() - t
        queries = []
        for q in ("sourdough starter", "dentist passport holiday", "zebra"):
            t = time.perf_counter()
            index.search("notes", q, limit=8)
            queries.append(time.perf_counter() - t)
        index.close()
    print(f"{count} notes, ~250 words each")
    print(f"  index from scratch        {ms(first)}  ({ms(first / count)} a note)")
    print(f"  refresh, nothing changed  {ms(statistics.median(idle))} (median of 5)")
    print(f"  refresh, one file changed {ms(changed)}")
    print(f"  query                     {ms(statistics.median(queries))} (median of 3)")


if __name__ == "__main__":
    main()
