"""Labelled benchmark suites: tars's own tools, the BFCL `simple` and `irrelevance` subsets, and
`failures` (answers after failed, empty and partial tool results; scored in `tars.bench.honesty`).

Every suite becomes a list of `Case`s: the messages, the tools offered (as `Tool`s that are
never run: the bench measures the choice and the arguments), the expected outcome (a tool
name, "none" or "clarify"), other acceptable outcomes, and BFCL-style allowed argument values.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tars.config import Config
from tars.errors import UsageError
from tars.messages import Message, latest_user_text
from tars.tools.base import Tool

__all__ = ["DATA_DIR", "DEFAULT_SUITES", "SUITES", "Case", "Suite", "convert_bfcl_schema", "load_suite", "load_suites"]

DATA_DIR = Path(__file__).resolve().parent.parent / "data" / "bench"
SUITES = ("tars", "bfcl-simple", "bfcl-irrelevance", "failures")
DEFAULT_SUITES = SUITES[:3]  # the tool-choice suites; `failures` scores answers, asked for by name
_FILES = {"tars": "tars_suite.json", "bfcl-simple": "bfcl_simple_python.jsonl",
          "bfcl-irrelevance": "bfcl_irrelevance.jsonl", "failures": "failures_suite.json"}
_BFCL_TYPES = {"dict": "object", "float": "number", "tuple": "array"}


@dataclass
class Case:
    """One labelled query. `args` maps argument -> allowed values (`""` = may be omitted)."""

    id: str
    suite: str
    messages: list[Message]
    tools: list[Tool]
    expected: str  # a tool name, "none" or "clarify"
    acceptable: tuple[str, ...] = ()
    args: dict[str, list[Any]] | None = None
    extra_args_ok: bool = False  # BFCL: an argument that is not in the answer key is wrong
    kind: str = ""
    system: str = ""
    results: dict[str, Any] | None = None  # `failures`: the calls made and what they returned
    grounds: Any = None  # tars.pipeline.grounding.Grounds: the pinned clock and default place, if any

    @property
    def query(self) -> str:
        return latest_user_text(self.messages)


@dataclass
class Suite:
    name: str
    cases: list[Case]
    tool_specs: str = "frozen"  # "live" when tars's own tools supplied the schemas
    notes: list[str] = field(default_factory=list)


def _never_run(**_: Any) -> None:
    raise RuntimeError("bench tools are never run")


def _tool(spec: dict[str, Any]) -> Tool:
    return Tool(name=spec["name"], description=spec.get("description", ""),
                parameters=spec.get("parameters") or {"type": "object", "properties": {}}, func=_never_run,
                said_by_user=tuple(spec.get("said_by_user") or ()))


def _read(name: str) -> str:
    return (DATA_DIR / name).read_text(encoding="utf-8")


def load_suite(name: str, config: Config | None = None) -> Suite:
    """Load a suite by name; an unknown name is a usage error that lists the known ones."""
    if name not in _FILES:
        raise UsageError(f"unknown suite {name!r}; choose from {', '.join(SUITES)}")
    if name == "tars":
        return _tars_suite(json.loads(_read(_FILES[name])), config)
    if name == "failures":
        return _failures_suite(json.loads(_read(_FILES[name])))
    rows = [json.loads(line) for line in _read(_FILES[name]).splitlines() if line.strip()]
    return Suite(name, [_bfcl_case(name, row) for row in rows], tool_specs="bfcl (converted to JSON Schema)")


# -- tars's own suite ----------------------------------------------------------------------------
def _live_specs(config: Config) -> dict[str, dict[str, Any]]:
    """Specs of tars's built-in tools, when they build with this config."""
    from tars.tools.builtin import builtin_tools

    try:  # the suite, not the user's config, says whether there is a default place
        return {t.name: t.spec() for t in builtin_tools(config.replace(place="", lat=None, lon=None))}
    except Exception:  # noqa: BLE001  a built-in that cannot be built here: fall back to the frozen copy
        return {}


def _tars_suite(data: dict[str, Any], config: Config | None) -> Suite:
    frozen = {spec["name"]: spec for spec in data["tools"]}
    live = _live_specs(config) if config is not None else {}
    specs = {name: live.get(name, spec) for name, spec in frozen.items()}
    used_live = [n for n in frozen if n in live]
    suite = Suite("tars", [], tool_specs="live" if len(used_live) == len(frozen) else
                  "frozen" if not used_live else f"live for {len(used_live)}/{len(frozen)}, else frozen")
    tools = [_tool(spec) for spec in specs.values()]
    pinned = data.get("grounds") or {}
    for row in data["cases"]:
        args = row.get("args")
        if args and row["expected"] in specs:
            known = (specs[row["expected"]].get("parameters") or {}).get("properties") or {}
            if not set(args) <= set(known):  # the live schema renamed an argument: no key for it
                suite.notes.append(f"{row['id']}: argument labels skipped (live schema differs)")
                args = None
        suite.cases.append(Case(
            id=row["id"], suite="tars", messages=[Message(role="user", content=row["query"])], tools=tools,
            expected=row["expected"], acceptable=tuple(row.get("acceptable", ())), args=args,
            extra_args_ok=bool(data.get("extra_args_ok", True)), kind=row.get("kind", ""),
            grounds=_grounds({**pinned, **row.get("grounds", {})})))
    return suite


def _grounds(pinned: dict[str, Any]) -> Any:
    """The clock and default place a case is run with: `now` (ISO 8601 with offset), `place` (or null)."""
    import datetime as dt

    from tars.pipeline.grounding import Grounds

    now = pinned.get("now")
    return Grounds(place=pinned.get("place"), now=dt.datetime.fromisoformat(now) if now else None)


def _failures_suite(data: dict[str, Any]) -> Suite:
    tools = {spec["name"]: _tool(spec) for spec in data["tools"]}
    return Suite("failures", [
        Case(id=row["id"], suite="failures", messages=[Message(role="user", content=row["query"])],
             tools=[tools[c["name"]] for c in row["calls"] if c["name"] in tools], expected="told",
             kind=row["kind"], results=row)
        for row in data["cases"]], tool_specs="frozen (tars's own and BFCL-style)")


# -- BFCL ----------------------------------------------------------------------------------------
def convert_bfcl_schema(schema: Any) -> Any:
    """BFCL's schema dialect -> JSON Schema: dict/float/tuple/any -> object/number/array/{}."""
    if isinstance(schema, list):
        return [convert_bfcl_schema(s) for s in schema]
    if not isinstance(schema, dict):
        return schema
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key == "type":
            if value == "any":
                continue  # any JSON value
            if isinstance(value, list):
                out["type"] = [_BFCL_TYPES.get(v, v) for v in value]
            else:
                out["type"] = _BFCL_TYPES.get(value, value)
        elif key == "properties" and isinstance(value, dict):
            out["properties"] = {k: convert_bfcl_schema(v) for k, v in value.items()}
        elif key in ("items", "additionalProperties", "anyOf", "oneOf", "allOf"):
            out[key] = convert_bfcl_schema(value)
        elif key == "optional":
            continue  # a BFCL hint, not JSON Schema
        else:
            out[key] = value
    return out


def _bfcl_case(suite: str, row: dict[str, Any]) -> Case:
    turns = [m for turn in row["question"] for m in turn]
    system = "\n".join(m["content"] for m in turns if m["role"] == "system")
    messages = [Message(role=m["role"], content=m["content"]) for m in turns if m["role"] in ("user", "assistant")]
    tools = [Tool(name=f["name"], description=f.get("description", ""),
                  parameters=convert_bfcl_schema(f.get("parameters") or {"type": "dict", "properties": {}}),
                  func=_never_run) for f in row["functions"]]
    if row.get("expect_tool_call"):
        (name, args), = row["ground_truth"][0].items()
        return Case(id=row["id"], suite=suite, messages=messages, tools=tools, expected=name, args=args,
                    kind="simple", system=system)
    return Case(id=row["id"], suite=suite, messages=messages, tools=tools, expected="none",
                acceptable=("clarify",), kind="irrelevance", system=system)


def load_suites(names: Iterable[str], config: Config | None = None) -> list[Suite]:
    return [load_suite(n, config) for n in names]
