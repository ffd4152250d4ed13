"""`tars bench compare A.json B.json`: two result files side by side, metric by metric and case by case.

Each rate of A and B is shown with its 95 % Wilson interval. Cases are paired by (suite, id,
mode): the ones whose outcome changed are listed (fixed, broken, or changed without changing
whether it was right), with an exact McNemar test per suite and mode that says how likely that
many fixed against broken would be by chance. Cases present in only one file are listed apart.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tars.bench.honesty import ROWS as FAILURE_ROWS
from tars.bench.report import ROWS, cell, describe_slice
from tars.errors import UsageError

__all__ = ["compare", "format_compare", "load_result", "mcnemar"]

Key = tuple[str, str, str]  # suite, id, mode


def load_result(path: Path) -> dict[str, Any]:
    """A result file `tars bench` wrote; anything else is a usage error naming the file."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise UsageError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"{path}: cannot read it ({exc.__class__.__name__})") from exc
    except json.JSONDecodeError as exc:
        raise UsageError(f"{path}: not JSON ({exc.msg} at line {exc.lineno})") from exc
    rows = data.get("rows") if isinstance(data, dict) else None
    if not isinstance(rows, list) or not isinstance(data.get("summary"), dict) or not all(
            isinstance(r, dict) and all(isinstance(r.get(k), str) for k in ("suite", "id", "mode")) for r in rows):
        raise UsageError(f"{path}: not a tars bench result (no rows with suite, id and mode)")
    return data


def _label(row: Mapping[str, Any]) -> str:
    """What the case came out as: the tool called, none, clarify, told, error …"""
    return str(row.get("tool") if row.get("outcome") == "call" else row.get("outcome"))


def _ok(row: Mapping[str, Any]) -> bool:
    return bool(row.get("acceptable_ok"))


def mcnemar(fixed: int, broken: int) -> float:
    """Two-sided exact McNemar p-value: how likely a split at least this uneven between fixed and
    broken cases is when neither file is better (each change a fair coin)."""
    n = fixed + broken
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(min(fixed, broken) + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def _metrics(a: dict[str, Any], b: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for suite, modes in a["summary"].items():
        other = b["summary"].get(suite)
        if not isinstance(modes, dict) or not isinstance(other, dict):
            continue
        for mode, summary in modes.items():
            theirs = other.get(mode)
            if not isinstance(summary, dict) or not isinstance(theirs, dict):
                continue
            for name in FAILURE_ROWS if suite == "failures" else ROWS:
                mine, yours = summary.get(name), theirs.get(name)
                if isinstance(mine, dict) and isinstance(yours, dict) and "num" in mine and "num" in yours:
                    out.append({"suite": suite, "mode": mode, "metric": name, "a": mine, "b": yours})
    return out


def compare(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """Metrics side by side, the paired cases that changed, and the cases only one file has."""
    rows_a: dict[Key, dict[str, Any]] = {(r["suite"], r["id"], r["mode"]): r for r in a["rows"]}
    rows_b: dict[Key, dict[str, Any]] = {(r["suite"], r["id"], r["mode"]): r for r in b["rows"]}
    changed: list[dict[str, Any]] = []
    tally: dict[tuple[str, str], dict[str, int]] = {}
    for key in (k for k in rows_a if k in rows_b):
        ra, rb = rows_a[key], rows_b[key]
        before, after = _label(ra), _label(rb)
        args = (ra.get("args_correct"), rb.get("args_correct"))
        if _ok(ra) == _ok(rb) and before == after and args[0] == args[1]:
            continue
        how = "fixed" if _ok(rb) and not _ok(ra) else "broken" if _ok(ra) and not _ok(rb) else "changed"
        counts = tally.setdefault((key[0], key[2]), {"fixed": 0, "broken": 0, "changed": 0})
        counts[how] += 1
        changed.append({"suite": key[0], "id": key[1], "mode": key[2], "how": how, "a": before, "b": after,
                        "args": None if args[0] == args[1] else list(args)})
    paired = [{"suite": suite, "mode": mode, **v, "mcnemar_p": round(mcnemar(v["fixed"], v["broken"]), 4)}
              for (suite, mode), v in tally.items()]

    def only(mine: dict[Key, Any], other: dict[Key, Any]) -> list[dict[str, str]]:
        return [{"suite": s, "id": i, "mode": m, "outcome": _label(mine[(s, i, m)])}
                for (s, i, m) in mine if (s, i, m) not in other]

    return {"a": _about(a), "b": _about(b), "metrics": _metrics(a, b), "paired": paired, "changed": changed,
            "only_a": only(rows_a, rows_b), "only_b": only(rows_b, rows_a),
            "common": sum(k in rows_b for k in rows_a)}


def _about(result: dict[str, Any]) -> dict[str, Any]:
    return {"model": result.get("model"), "created": result.get("created"), "modes": result.get("modes"),
            "slice": describe_slice(result)}


def _table(lines: list[tuple[str, ...]]) -> list[str]:
    widths = [max(len(row[i]) for row in lines) for i in range(len(lines[0]))]
    return ["  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip() for row in lines]


def _points(m: dict[str, Any]) -> str:
    a, b = m["a"], m["b"]
    if not a["den"] or not b["den"]:
        return ""
    return f"{(b['num'] / b['den'] - a['num'] / a['den']) * 100:+.1f} pt"


def format_compare(diff: dict[str, Any], names: tuple[str, str]) -> str:
    """The comparison as text: what each file is, the metrics, the changed and unpaired cases."""
    out = [f"{tag}: {name} — {d['model']}, {d['slice']}, {d['created']}"
           for tag, name, d in (("A", names[0], diff["a"]), ("B", names[1], diff["b"]))]
    if diff["metrics"]:
        lines: list[tuple[str, ...]] = [("suite", "mode", "metric", "A", "B", "B − A")]
        lines += [(m["suite"], m["mode"], m["metric"].replace("_", " "), cell(m["a"]), cell(m["b"]), _points(m))
                  for m in diff["metrics"]]
        out += ["", *_table(lines)]
    if diff["a"]["slice"] != diff["b"]["slice"]:
        out += ["", "The two files ran different slices: their rates count different cases. The cases below are "
                    "paired by id, like with like."]
    out += ["", f"cases in both: {diff['common']}; changed: {len(diff['changed'])}"]
    for p in diff["paired"]:
        out.append(f"  {p['suite']} {p['mode']}: {p['fixed']} fixed, {p['broken']} broken, {p['changed']} changed "
                   f"otherwise (exact McNemar p = {p['mcnemar_p']:.3g})")
    if diff["changed"]:
        cases: list[tuple[str, ...]] = [("", "suite", "mode", "id", "outcome A → B")]
        for c in diff["changed"]:
            args = f" (arguments {_right(c['args'][0])} → {_right(c['args'][1])})" if c["args"] else ""
            cases.append((c["how"], c["suite"], c["mode"], c["id"], f"{c['a']} → {c['b']}{args}"))
        out += ["", *_table(cases)]
    for tag, key in (("A", "only_a"), ("B", "only_b")):
        if diff[key]:
            out += ["", f"only in {tag} ({len(diff[key])}):"]
            out += [f"  {c['suite']} {c['mode']} {c['id']}: {c['outcome']}" for c in diff[key]]
    return "\n".join(out)


def _right(value: Any) -> str:
    return "—" if value is None else "right" if value else "wrong"
