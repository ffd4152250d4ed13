"""Secrets inside structured settings are masked wherever settings are shown or logged."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys

from tars.masking import mask_setting, mask_url

SERVERS = {"mcpServers": {
    "remote": {"url": "https://mcp.example.com/mcp", "headers": {"Authorization": "Bearer hdr-secret-token-1"}},
    "local": {"command": "mcp-thing", "args": ["--api-key=arg-secret-token-2", "--port", "9"],
              "env": {"GITHUB_TOKEN": "env-secret-token-3"}},
}}
SECRETS = ("hdr-secret-token-1", "arg-secret-token-2", "env-secret-token-3", "pw-secret-4", "q-secret-5")


def _tars(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tars", *args], capture_output=True, text=True,
                          env={**os.environ, **env}, timeout=60, stdin=subprocess.DEVNULL)


def test_tars_config_masks_secrets_inside_structured_values():
    env = {"TARS_MCP_SERVERS": json.dumps(SERVERS),
           "ANTHROPIC_BASE_URL": "https://me:pw-secret-4@proxy.example.com/anthropic",
           "TARS_SEARCH_URL": "https://search.example.com/search?format=json&token=q-secret-5"}
    for args in (("config",), ("config", "--json")):
        proc = _tars(*args, **env)
        assert proc.returncode == 0, proc.stderr
        for secret in SECRETS:
            assert secret not in proc.stdout, (secret, args)
        # what is not secret is still shown, so the user can check the setting
        for shown in ("proxy.example.com", "me:****@", "format=json", "token=****", "mcp.example.com",
                      "mcp-thing", "--api-key=****", "GITHUB_TOKEN"):
            assert shown in proc.stdout, (shown, args)


def test_an_error_naming_an_endpoint_with_a_password_does_not_show_it():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = _tars("ask", "hello there", TARS_MODEL_DEFAULT="openai:m", TARS_MODEL_REMOTE="none",
                 TARS_OPENAI_BASE_URL=f"http://me:pw-secret-4@127.0.0.1:{port}/v1")
    assert proc.returncode == 1
    assert "pw-secret-4" not in proc.stderr and "127.0.0.1" in proc.stderr


def test_masking_keeps_what_is_not_secret():
    assert mask_url("https://a.example/x?q=1&api_key=zzz") == "https://a.example/x?q=1&api_key=****"
    assert mask_url("http://127.0.0.1:8080/v1") == "http://127.0.0.1:8080/v1"
    assert mask_setting("TARS_MCP_SERVERS", "{not json").startswith("****")
    assert mask_setting("ANTHROPIC_API_KEY", "sk-ant-0123456789abcd", secret=True) == "****abcd"
