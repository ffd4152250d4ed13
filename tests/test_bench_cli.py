"""`tars bench` as a user runs it: the real process against a local Ollama-protocol server.

The fake model behind the server is deliberately simple so that the expected scores are known:
its router step picks weather_now when the message says "weather" and "none" otherwise; its
executor writes a wrong argument name first (so the repair retry happens over the wire);
in native mode it always calls the first tool offered, with no arguments.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from servers.ollama import OllamaServer


def _last_user(body: dict) -> str:
    return [m for m in body["messages"] if m["role"] == "user"][-1]["content"]


def fake_model(request) -> dict:
    body = request.body or {}
    schema = body.get("format")
    if isinstance(schema, dict) and "anyOf" in schema:  # the router step
        text = _last_user(body).lower()
        tool = "weather_now" if "weather" in text else None
        return {"text": json.dumps({"choice": "call_tool" if tool else "none", "tool": tool, "question": None})}
    if isinstance(schema, dict):  # the executor step (or its repair retry)
        tool = schema["properties"]["tool"]["enum"][0]
        retry = len([m for m in body["messages"] if m["role"] == "user"]) > 1
        args = {"location": "Lisbon"} if retry else {"city": "Lisbon"}
        return {"text": json.dumps({"tool": tool, "args": args})}
    if body.get("tools"):  # native mode
        return {"tool_calls": [{"name": body["tools"][0]["function"]["name"], "arguments": {}}]}
    return {"text": "plain answer"}


@pytest.fixture
def server():
    with OllamaServer(default=fake_model) as srv:
        yield srv


def tars_bench(server: OllamaServer, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, OLLAMA_HOST=server.url, TARS_MODEL_REMOTE="none")
    return subprocess.run([sys.executable, "-m", "tars", "bench", *args], check=False, capture_output=True, text=True,
                          env=env, timeout=120, stdin=subprocess.DEVNULL)


def test_bench_prints_the_table_and_writes_every_row(server, tmp_path):
    out = tmp_path / "result.json"
    done = tars_bench(server, "--model", "ollama:fake", "--suite", "tars", "--limit", "6", "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert "tars (native: 6, pipeline: 6 cases)" in done.stdout
    result = json.loads(out.read_text())
    assert result["model"] == "ollama:fake" and result["modes"] == ["native", "pipeline"]
    assert len(result["rows"]) == 12
    rows = {(r["mode"], r["query"]): r for r in result["rows"]}
    weather = rows[("pipeline", "What's the weather like in Lisbon right now?")]
    assert (weather["outcome"], weather["tool"], weather["args"]) == ("call", "weather_now", {"location": "Lisbon"})
    assert weather["repaired"] is True and weather["schema_valid"] is True and weather["args_correct"] is True
    # native: the primary is offered the tools the keyword router hints, as in `tars ask`
    assert rows[("native", "What's the weather like in Lisbon right now?")]["tool"] == "weather_now"
    settled = [r for r in result["rows"] if r["router"]["band"] == "none"]  # no tool offered: "none", unasked
    assert settled and all(r["outcome"] == "none" for r in settled)
    pipe, native = result["summary"]["tars"]["pipeline"], result["summary"]["tars"]["native"]
    strict = sum(r["tool_correct"] for r in result["rows"] if r["mode"] == "pipeline")
    assert (pipe["strict_tool_accuracy"]["num"], pipe["strict_tool_accuracy"]["den"]) == (strict, 6)
    labelled = [r for r in result["rows"] if r["mode"] == "pipeline" and r.get("args_labelled")]
    # weather by the scripted executor; the notes search and 17 times 23 by tars reading the message
    assert [r["id"] for r in labelled if r["args_correct"]] == ["tars_001", "tars_053", "exact-001"]
    assert (pipe["argument_accuracy"]["num"], pipe["argument_accuracy"]["den"]) == (3, len(labelled))
    assert rows[("pipeline", "What is 17 multiplied by 23?")]["latency"] == {"case": pytest.approx(0, abs=1)}
    offered = [r for r in result["rows"] if r["mode"] == "native" and r["router"]["band"] != "none"]
    assert native["schema_validity"]["den"] == len(offered)
    # the printed table carries the same numbers with their denominators
    line = next(row for row in done.stdout.splitlines() if row.startswith("strict tool accuracy"))
    assert f"{100 * strict / 6:.1f}% ({strict}/6)" in line
    assert "latency executor mean/p95" in done.stdout and f"full results: {out}" in done.stdout
    # the server saw constrained requests in pipeline mode (a JSON schema as Ollama's `format`):
    # a router step only where the router was not sure of one tool, then the executor and its repair
    chats = [r.body for r in server.requests_to("/api/chat")]
    piped = [r for r in result["rows"] if r["mode"] == "pipeline"]
    steps = sum(len(v) for r in piped for k, v in r["latency"].items() if k != "case")
    assert sum(1 for b in chats if b.get("format")) == steps
    assert sum(1 for b in chats if b.get("tools")) == len(offered)  # native: only where tools were offered


def test_default_output_is_named_after_the_model_in_the_user_data_dir(server, tars_home, tmp_path):
    done = tars_bench(server, "-m", "ollama:fake:v1", "-s", "bfcl-irrelevance", "-n", "2", "--mode", "pipeline")
    assert done.returncode == 0, done.stderr
    path = tars_home / "data" / "bench" / "latest_ollama_fake_v1.json"
    assert f"full results: {path}" in done.stdout
    assert not (tmp_path / "bench").exists()  # nothing lands in the folder the user stands in
    result = json.loads(path.read_text())
    assert result["summary"]["bfcl-irrelevance"]["pipeline"]["strict_tool_accuracy"]["value"] == 1.0
    assert list(result["summary"]["bfcl-irrelevance"]) == ["pipeline"]


@pytest.mark.parametrize("args, message", [
    (["--suite", "nope"], "unknown suite nope"),
    (["--mode", "sideways"], "--mode: 'sideways' is not one of native, pipeline, both"),
    (["--model", "nonsense"], "is not provider:model"),
])
def test_bad_arguments_exit_2_with_one_line(server, args, message):
    done = tars_bench(server, *(["--model", "ollama:fake"] if "--model" not in args else []), *args)
    assert done.returncode == 2 and message in done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_an_unreachable_model_exits_1_without_a_traceback(tars_home, tmp_path):
    env = dict(os.environ, OLLAMA_HOST="http://127.0.0.1:9", TARS_MODEL_REMOTE="none")
    done = subprocess.run([sys.executable, "-m", "tars", "bench", "-m", "ollama:x", "-s", "tars", "-n", "5", "-q"],
                          check=False, capture_output=True, text=True, env=env, timeout=120, stdin=subprocess.DEVNULL)
    assert done.returncode == 1 and "first 3 cases" in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "bench").exists() and not (tars_home / "data" / "bench").exists()


def test_a_slice_of_the_holdout_split_is_run_and_recorded(server, tmp_path):
    out = tmp_path / "held.json"
    done = tars_bench(server, "-m", "ollama:fake", "-s", "tars", "--mode", "pipeline", "--split", "holdout",
                      "--sample", "3", "--seed", "2", "-q", "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("ollama:fake, holdout split, sample 3 (seed 2)\n")
    result = json.loads(out.read_text())
    assert result["slice"] == {"split": "holdout", "offset": None, "limit": None, "sample": 3, "seed": 2}
    from tars.bench.slices import Slice, take
    from tars.bench.suites import load_suite

    expected = [c.id for c in take("tars", load_suite("tars").cases, Slice(split="holdout", sample=3, seed=2))]
    assert [r["id"] for r in result["rows"]] == expected
    line = next(row for row in done.stdout.splitlines() if row.startswith("strict tool accuracy"))
    num, den = (result["summary"]["tars"]["pipeline"]["strict_tool_accuracy"][k] for k in ("num", "den"))
    assert f"({num}/{den}) [" in line and "–" in line
