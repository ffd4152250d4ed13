"""MCP tool names every provider accepts, clash resolution, policy from annotations, result shapes."""

from __future__ import annotations

import base64

from mcp_types import EmbeddedResource, ImageContent, ResourceLink, TextContent, TextResourceContents

from tars.mcp.content import render_result
from tars.mcp.tools import NAME_RE, assign_names, assign_prefixes, make_tools


def defn(name, description="", annotations=None):
    return {"name": name, "description": description, "input_schema": {"type": "object", "properties": {}},
            "annotations": annotations or {}}


def test_names_are_server__tool_and_always_valid():
    prefixes, clashes = assign_prefixes(["time", "my.server", "ünïcode srv", "a__b", "x" * 80])
    assert clashes == []
    assert prefixes["time"] == "time"
    assert prefixes["my.server"] == "my_server"
    assert "__" not in prefixes["a__b"]  # the first `__` of a wire name always ends the server part
    assert len(prefixes["x" * 80]) <= 24
    for server, prefix in prefixes.items():
        names, _ = assign_names(prefix, server, ["get_current_time", "weird name/with:chars", "t" * 100, "ok-1"])
        for name in names.values():
            assert NAME_RE.match(name), name
            assert name.startswith(prefix + "__")
    names, _ = assign_names("time", "time", ["get_current_time"])
    assert names == {"get_current_time": "time__get_current_time"}


def test_long_names_are_cut_but_stay_distinct():
    long_a, long_b = "a" * 70 + "_first", "a" * 70 + "_second"
    names, clashes = assign_names("srv", "srv", [long_a, long_b])
    assert names[long_a] != names[long_b]
    assert all(len(n) == 64 for n in names.values())
    assert clashes == []


def test_clashes_are_resolved_in_sorted_order_and_reported():
    # "get.time" and "get_time" both clean to get_time; whichever order the server lists them in,
    # the sorted-first original keeps the plain name.
    for order in (["get_time", "get.time"], ["get.time", "get_time"]):
        names, clashes = assign_names("srv", "srv", order)
        assert names == {"get.time": "srv__get_time", "get_time": "srv__get_time_2"}
        assert clashes == ["MCP tool srv.get_time: srv__get_time is taken, so it is called srv__get_time_2"]
    prefixes, lines = assign_prefixes(["my.server", "my_server"])
    assert prefixes == {"my.server": "my_server", "my_server": "my_server_2"}
    assert len(lines) == 1 and "my_server_2" in lines[0]


def test_policy_and_effect_from_annotations():
    tools, _ = make_tools("srv", "srv", [
        defn("read", annotations={"readOnlyHint": True}),
        defn("wipe", annotations={"readOnlyHint": False, "destructiveHint": True}),
        defn("append", annotations={"readOnlyHint": False, "destructiveHint": False}),
        defn("plain"),
    ], lambda *a: None, timeout=10)
    by = {t.server_tool: t for t in tools}
    assert (by["read"].policy, by["read"].effect) == ("auto", "read")
    assert (by["wipe"].policy, by["wipe"].effect) == ("ask", "destructive")
    assert (by["append"].policy, by["append"].effect) == ("auto", "write")
    assert (by["plain"].policy, by["plain"].effect) == ("auto", "write")  # unannotated: treated as a write
    t = by["read"]
    assert t.source == "srv" and t.family == "srv" and t.aliases == ("srv.read",)


def test_tool_func_calls_through_with_server_and_original_name():
    seen = []
    tools, _ = make_tools("my.srv", "my_srv", [defn("do it")], lambda s, t, a: seen.append((s, t, a)) or "ok",
                          timeout=10)
    assert tools[0].name == "my_srv__do_it"
    assert tools[0].func(x=1) == "ok"
    assert seen == [("my.srv", "do it", {"x": 1})]


def test_results_text_images_links_and_structured(tars_home):
    png = base64.b64encode(b"\x89PNG" + b"\0" * 12 * 1024).decode()
    out = render_result([
        TextContent(type="text", text="here it is"),
        ImageContent(type="image", data=png, mime_type="image/png"),
        ResourceLink(type="resource_link", name="report", uri="file:///r.pdf"),
        EmbeddedResource(type="resource", resource=TextResourceContents(uri="mem://n", text="note body")),
    ])
    lines = out.text.splitlines()
    assert lines[0] == "here it is" and lines[1].startswith("[image: image/png, 12 KB, saved at ")
    assert lines[2:] == ["[resource link: report <file:///r.pdf>]", "[resource mem://n]", "note body"]
    assert png[:100] not in out.text  # images never reach the model as base64
    structured = {"timezone": "America/Lima", "datetime": "2026-01-01T10:00:00-05:00"}
    import json

    assert render_result([TextContent(type="text", text=json.dumps(structured))], structured) == structured
    assert render_result([], {"sum": 3}) == {"sum": 3}
    assert render_result([]) == "(no output)"


def test_long_results_are_cut_and_say_so():
    out = render_result([TextContent(type="text", text="x" * 50000)])
    assert len(out) < 16100 and out.endswith("more characters]")
