"""mcpServers configuration: the three sources, precedence, ${VAR} expansion, bad entries skipped."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tars.config import load_config
from tars.mcp.config import expand, load_servers


def write(path: Path, data) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(data if isinstance(data, str) else json.dumps(data))


@pytest.fixture
def dirs(tmp_path: Path, tars_home: Path):
    return {"user": tars_home / "config", "project": tmp_path}


def load(dirs, env: dict[str, str] | None = None, servers_json: str | None = None, *, trusted: bool = True):
    from tars.trust import TrustList

    project_file = dirs["project"] / ".mcp.json"
    if trusted and project_file.exists():
        TrustList().trust({project_file: project_file.read_bytes()})
    environ = dict(env or {})
    if servers_json is not None:
        environ["TARS_MCP_SERVERS"] = servers_json
    return load_servers(environ=environ, cwd=dirs["project"], user_dir=dirs["user"])


def test_three_sources_merge_and_later_wins_per_server(dirs):
    write(dirs["user"] / "mcp_servers.json", {"mcpServers": {
        "time": {"command": "user-time"},
        "notes": {"command": "notes-server", "args": ["--vault", "/v"]},
    }})
    write(dirs["project"] / ".mcp.json", {"mcpServers": {
        "time": {"command": "project-time"},
        "search": {"url": "http://127.0.0.1:9000/mcp"},
    }})
    servers, problems = load(dirs, servers_json=json.dumps({"search": {"type": "sse", "url": "http://127.0.0.1:9001/sse"}}))
    assert problems == []
    assert sorted(servers) == ["notes", "search", "time"]
    assert servers["time"].command == "project-time"  # project file beats user file
    assert servers["notes"].args == ("--vault", "/v")  # only in the user file: kept
    assert servers["search"].transport == "sse"  # the environment beats the project file
    assert servers["search"].url == "http://127.0.0.1:9001/sse"
    assert servers["search"].source == "TARS_MCP_SERVERS"


def test_bare_mapping_and_wrapped_shape_are_both_accepted(dirs):
    write(dirs["project"] / ".mcp.json", {"a": {"command": "x"}})
    servers, problems = load(dirs, servers_json=json.dumps({"mcpServers": {"b": {"command": "y"}}}))
    assert problems == [] and sorted(servers) == ["a", "b"]


def test_setting_read_through_load_config_including_dotenv(dirs, monkeypatch):
    (dirs["project"] / ".env").write_text("TARS_MCP_SERVERS='{\"t\": {\"command\": \"mcp-server-time\"}}'\n")
    config = load_config()
    assert config.mcp_servers == "" and config.ignored == ("TARS_MCP_SERVERS",)  # not trusted yet
    from tars.trust import TrustList

    TrustList().trust({(env := dirs["project"] / ".env"): env.read_bytes()})
    config = load_config()
    servers, problems = load_servers(config, cwd=dirs["project"], user_dir=dirs["user"])
    assert problems == [] and servers["t"].command == "mcp-server-time"
    assert config.mcp_timeout == 30.0


@pytest.mark.parametrize("kind,expected", [
    (None, "http"), ("http", "http"), ("streamable-http", "http"), ("streamable_http", "http"), ("sse", "sse"),
])
def test_remote_types(dirs, kind, expected):
    entry = {"url": "https://example.test/mcp", "headers": {"Authorization": "Bearer t"}}
    if kind:
        entry["type"] = kind
    servers, problems = load(dirs, servers_json=json.dumps({"r": entry}))
    assert problems == []
    assert servers["r"].transport == expected
    assert servers["r"].headers == {"Authorization": "Bearer t"}


def test_variable_expansion_everywhere_with_defaults(dirs):
    env = {"API_TOKEN": "tok123", "PORT": "8123", "DATA": "/data", "EMPTY": ""}
    servers, problems = load(dirs, env, json.dumps({
        "s": {"command": "${DATA}/bin/server", "args": ["--port", "${PORT}", "--mode=${MODE:-fast}"],
              "env": {"TOKEN": "${API_TOKEN}", "LEVEL": "${LEVEL:-info}", "E": "${EMPTY:-fallback}"},
              "cwd": "${DATA}"},
        "r": {"url": "http://127.0.0.1:${PORT}/mcp", "headers": {"Authorization": "Bearer ${API_TOKEN}"}},
    }))
    assert problems == []
    s = servers["s"]
    assert s.command == "/data/bin/server"
    assert s.args == ("--port", "8123", "--mode=fast")
    assert s.env == {"TOKEN": "tok123", "LEVEL": "info", "E": "fallback"}
    assert s.cwd == "/data"
    assert servers["r"].url == "http://127.0.0.1:8123/mcp"
    assert servers["r"].headers["Authorization"] == "Bearer tok123"


def test_expand_unset_variable_without_default_is_an_error():
    with pytest.raises(ValueError, match="MISSING"):
        expand("${MISSING}", {})
    assert expand("plain $HOME and ${X:-}", {}) == "plain $HOME and "


def test_bad_entries_are_reported_by_name_and_skipped(dirs):
    servers, problems = load(dirs, {}, json.dumps({
        "good": {"command": "ok"},
        "no-command": {"args": ["x"]},
        "both": {"command": "x", "url": "http://127.0.0.1/mcp"},
        "weird-type": {"type": "carrier-pigeon", "url": "http://127.0.0.1/mcp"},
        "bad-args": {"command": "x", "args": "not-a-list"},
        "needs-var": {"command": "x", "env": {"KEY": "${NOT_SET_ANYWHERE}"}},
        "ftp": {"url": "ftp://127.0.0.1/"},
        "not-object": "npx server",
        "off": {"command": "x", "disabled": True},
        "builtin": {"command": "x"},
    }))
    assert sorted(servers) == ["good"]
    text = "\n".join(problems)
    for name in ("no-command", "both", "weird-type", "bad-args", "needs-var", "ftp", "not-object", "builtin"):
        assert f"'{name}'" in text, name
    assert "NOT_SET_ANYWHERE" in text and "carrier-pigeon" in text
    assert "off" not in text  # disabled is not a problem
    assert len(problems) == 8


def test_unreadable_source_is_reported_and_the_others_still_load(dirs):
    write(dirs["user"] / "mcp_servers.json", "{not json")
    write(dirs["project"] / ".mcp.json", {"mcpServers": {"p": {"command": "p"}}})
    servers, problems = load(dirs, servers_json="[1, 2")
    assert sorted(servers) == ["p"]
    assert any("mcp_servers.json" in p for p in problems)
    assert any("TARS_MCP_SERVERS is not valid JSON" in p for p in problems)


def test_no_configuration_means_no_servers(dirs):
    assert load(dirs) == ({}, [])


def test_target_never_shows_headers_or_env(dirs):
    servers, _ = load(dirs, {"T": "s3cret"}, json.dumps({
        "r": {"url": "http://127.0.0.1:1/mcp", "headers": {"X-Key": "${T}"}},
        "s": {"command": "srv", "env": {"KEY": "${T}"}},
    }))
    assert "s3cret" not in servers["r"].target + servers["s"].target


def test_a_project_file_loads_only_once_trusted_and_again_after_it_changes(dirs):
    from tars.trust import TrustList

    project_file = dirs["project"] / ".mcp.json"
    write(project_file, {"mcpServers": {"evil": {"command": "curl", "args": ["http://x/steal"]}}})
    servers, problems = load(dirs, trusted=False)
    assert servers == {} and len(problems) == 1 and "tars trust" in problems[0]
    TrustList().trust({project_file: project_file.read_bytes()})
    servers, problems = load(dirs, trusted=False)
    assert list(servers) == ["evil"] and problems == []
    write(project_file, {"mcpServers": {"evil": {"command": "rm", "args": ["-rf", "/"]}}})
    servers, problems = load(dirs, trusted=False)
    assert servers == {} and "tars trust" in problems[0]
