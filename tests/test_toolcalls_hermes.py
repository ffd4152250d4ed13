"""Hermes/Qwen `<tool_call>` calls, the lenient JSON forms small models emit, and Qwen3-Coder XML."""

from __future__ import annotations

import pytest
from test_toolcalls import Case, check

W = ["weather_now", "get_time"]
SCHEMA_TOOLS = [{"name": "set_alarm", "description": "", "parameters": {"type": "object", "properties": {
    "hour": {"type": "integer"}, "loud": {"type": "boolean"}, "ratio": {"type": "number"},
    "days": {"type": "array"}, "label": {"type": "string"}, "meta": {"type": "object"}}}}]

HERMES = [
    Case("hermes", 'Checking. <tool_call>{"name": "weather_now", "arguments": {"location": "Paris"}}</tool_call>',
         [("weather_now", {"location": "Paris"})], "Checking."),
    Case("hermes", '<tool_call>\n{"name": "weather_now", "arguments": {"location": "Oslo"}}\n</tool_call>\n'
                   '<tool_call>\n{"name": "get_time", "arguments": {"tz": "CET"}}\n</tool_call>',
         [("weather_now", {"location": "Oslo"}), ("get_time", {"tz": "CET"})], ""),
    Case("hermes", '<tool_call>{"name": "weather_now", "arguments": {"location": "Lima"}}',
         [("weather_now", {"location": "Lima"})], "", id="missing closing tag at the end"),
    Case("hermes", '<tool_call>{"name": "get_time", "arguments": {}}<tool_call>{"name": "weather_now", "arguments": {}}</tool_call>',
         [("get_time", {}), ("weather_now", {})], "", id="missing closing tag before the next call"),
    Case("hermes", '<tool_call>{"name": "weather_now", "arguments": "{\\"location\\": \\"Rome\\"}"}</tool_call>',
         [("weather_now", {"location": "Rome"})], "", id="arguments as a JSON string"),
    Case("hermes", '<tool_call>{"name": "weather_now", "parameters": {"location": "Kyiv"}}</tool_call>',
         [("weather_now", {"location": "Kyiv"})], ""),
    Case("hermes", '<tool_call>{"name": "echo", "arguments": {"text": "write </tool_call> and <tool_call> literally"}}</tool_call> ok',
         [("echo", {"text": "write </tool_call> and <tool_call> literally"})], "ok", id="tags inside strings"),
    Case("hermes", "<tool_call>{'name': 'weather_now', 'arguments': {'location': 'Bern',}}</tool_call>",
         [("weather_now", {"location": "Bern"})], "", errors=True, id="invalid JSON repaired once and reported"),
    Case("hermes", '<tool_call>\n{"name": "final_answer", "arguments": {"trigger": true}', [],
         '<tool_call>\n{"name": "final_answer", "arguments": {"trigger": true}', errors=True,
         id="only the closing brace cut off: prose, never run"),
    Case("hermes", 'Writing. <tool_call>{"name": "write", "arguments": {"content": "hello wor', [],
         'Writing. <tool_call>{"name": "write", "arguments": {"content": "hello wor', errors=True,
         id="arguments cut off: prose, never guessed"),
    Case("hermes", '<tool_call>{"name": "write", "arguments": {"n": 1</tool_call> ok', [],
         '<tool_call>{"name": "write", "arguments": {"n": 1</tool_call> ok', errors=True,
         id="a block whose JSON never completes: prose"),
    Case("hermes", '<tool_call>{"name": "say_hello_world", "arguments": {}}}', [("say_hello_world", {})], "",
         id="one brace too many at the end"),
    Case("hermes", "Sorry. <tool_call>this is not json at all</tool_call>", [], "Sorry.", errors=True,
         id="hopeless body dropped and reported, markup hidden"),
    Case("hermes", '<tool_call>{"name": "weather_now", "arguments": {"location": "Zürich 🌧", "note": "日本語"}}</tool_call>',
         [("weather_now", {"location": "Zürich 🌧", "note": "日本語"})], ""),
    Case("hermes", '<tool_call>{"name": "rm_rf", "arguments": {}}</tool_call>', [], "", tools=W, errors=True,
         id="name not offered"),
    Case("hermes", "I could use the weather_now tool for that, but it is sunny anyway.", [],
         "I could use the weather_now tool for that, but it is sunny anyway.", tools=W),
    Case("hermes", '<think>maybe <tool_call>{"name": "weather_now", "arguments": {}}</tool_call></think>No call needed.',
         [], "No call needed.", "maybe <tool_call>{\"name\": \"weather_now\", \"arguments\": {}}</tool_call>"),
    Case("hermes", '<think>should I call?\n<tool_call>{"name": "weather_now", "arguments": {}}</tool_call>', [], "",
         id="a call inside an unclosed think block stays reasoning"),
    Case("hermes", '<tool_call>{"name": "search", "arguments": {"q": "a", "filters": {"year": [2020, 2021], "deep": {"x": null}}}}</tool_call>',
         [("search", {"q": "a", "filters": {"year": [2020, 2021], "deep": {"x": None}}})], ""),
    Case("hermes", 'Let me think<tool_call>{"name": "weather_now", "arguments": {}}</tool_call>',
         [("weather_now", {})], "", "Let me think", model="qwen3:8b", id="qwen3 prompt-opened thinking"),
    Case("hermes", 'Done.<|im_end|>', [], "Done.", id="end-of-turn token removed"),
    Case("hermes", '<tool_call>[{"name": "get_time", "arguments": {}}, {"name": "weather_now", "arguments": {"location": "Nice"}}]</tool_call>',
         [("get_time", {}), ("weather_now", {"location": "Nice"})], ""),
]

LENIENT = [
    Case("hermes", '<tools>\n  {"name": "get_time", "arguments": {}}\n</tools>', [("get_time", {})], "", id="<tools> wrapper"),
    Case("hermes", '```xml\n<response>\n  {"name": "get_time", "arguments": {"tz": "UTC"}}\n</response>\n```', [("get_time", {"tz": "UTC"})], "",
         id="<response> wrapper in an xml fence"),
    Case("hermes", "<tools>a list of tools</tools> and <response>ok</response>", [],
         "<tools>a list of tools</tools> and <response>ok</response>", id="wrappers without a call stay prose"),
    Case(None, '```json\n{"name": "weather_now", "arguments": {"location": "Paris"}}\n```', [("weather_now", {"location": "Paris"})],
         "", tools=W, id="the embedded model's fenced form"),
    Case(None, 'Sure, here it is:\n\n```json\n{\n  "name": "weather_now",\n  "arguments": {\n    "location": "Paris"\n  }\n}\n```\n',
         [("weather_now", {"location": "Paris"})], "Sure, here it is:", tools=W),
    Case(None, '```json\n[{"name": "get_time", "arguments": {}}, {"name": "weather_now", "arguments": {"location": "Oslo"}}]\n```',
         [("get_time", {}), ("weather_now", {"location": "Oslo"})], "", tools=W),
    Case(None, '```\n{"name": "weather_now", "parameters": {"location": "Rome"}}\n```', [("weather_now", {"location": "Rome"})],
         "", tools=W, id="fence without a language"),
    Case(None, '```json\n{"name": "Ada Lovelace", "age": 36, "languages": ["en"]}\n```', [],
         '```json\n{"name": "Ada Lovelace", "age": 36, "languages": ["en"]}\n```', tools=W, id="JSON data stays content"),
    Case(None, '```json\n{"name": "Ada", "arguments": {"x": 1}}\n```', [], '```json\n{"name": "Ada", "arguments": {"x": 1}}\n```',
         tools=W, id="call-shaped JSON for a tool not offered stays content"),
    Case(None, '```json\n{"name": "weather_now", "location": "Paris"}\n```', [("weather_now", {"location": "Paris"})], "",
         tools=W, id="flat arguments for an offered tool"),
    Case(None, '```json\n{"name": "Bob", "city": "Paris"}\n```', [], None, id="flat object without tools is data"),
    Case(None, '```python\nimport json\nprint(json.dumps({"name": "weather_now"}))\n```', [], None, tools=W,
         id="code stays content"),
    Case(None, '{"name": "weather_now", "arguments": {"location": "Paris"}}', [("weather_now", {"location": "Paris"})], "",
         tools=W, id="bare JSON object"),
    Case(None, '{"name": "get_time", "arguments": {', [], '{"name": "get_time", "arguments": {', errors=True,
         id="a cut-off bare call stays prose, reported"),
    Case(None, '{"city": "Paris", "notes": "unfinished', [], '{"city": "Paris", "notes": "unfinished', errors=False, id="cut-off data stays prose"),
    Case(None, '[{"name": "get_time", "arguments": {}}, {"name": "weather_now", "argu', [],
         '[{"name": "get_time", "arguments": {}}, {"name": "weather_now", "argu', id="a cut-off list is prose, none of it run"),
    Case(None, '[{"name": "get_time", "arguments": {}}]]', [("get_time", {})], "", id="stray bracket at the end"),
    Case(None, '{"name": "jeff"}{"name": "get_time", "arguments": {}}', [], '{"name": "jeff"}{"name": "get_time", "arguments": {}}',
         id="a call glued to data is prose"),
    Case(None, 'Action: ```json\n[{"tool_name": "get_time", "parameters": {}}]\n```', [("get_time", {})], "Action:",
         id="Command R+ action fence"),
    Case(None, 'Calling:\n[{"name": "get_time", "arguments": {}}]', [("get_time", {})], "Calling:", tools=W, id="bare array"),
    Case(None, 'The object {"name": "weather_now", "arguments": {}} is what a call looks like.', [],
         'The object {"name": "weather_now", "arguments": {}} is what a call looks like.', tools=W,
         id="JSON inside a sentence is prose"),
    Case(None, '{"type": "function", "function": {"name": "weather_now", "arguments": "{\\"location\\": \\"Pisa\\"}"}}',
         [("weather_now", {"location": "Pisa"})], "", tools=W, id="OpenAI-shaped call"),
]

QWEN3_CODER = [
    Case("qwen3_coder", "<tool_call>\n<function=weather_now>\n<parameter=location>\nParis\n</parameter>\n</function>\n</tool_call>",
         [("weather_now", {"location": "Paris"})], ""),
    Case("qwen3_coder", "I'll look.\n<tool_call>\n<function=get_time>\n</function>\n</tool_call>", [("get_time", {})], "I'll look."),
    Case("qwen3_coder", "<tool_call>\n<function=set_alarm>\n<parameter=hour>\n7\n</parameter>\n<parameter=loud>\ntrue\n</parameter>\n"
                        "<parameter=ratio>\n0.5\n</parameter>\n<parameter=days>\n[\"mon\", \"tue\"]\n</parameter>\n"
                        "<parameter=label>\n42\n</parameter>\n<parameter=meta>\n{\"a\": 1}\n</parameter>\n</function>\n</tool_call>",
         [("set_alarm", {"hour": 7, "loud": True, "ratio": 0.5, "days": ["mon", "tue"], "label": "42", "meta": {"a": 1}})],
         "", tools=SCHEMA_TOOLS, id="values typed by the schema"),
    Case("qwen3_coder", "<tool_call>\n<function=t>\n<parameter=a>\n5\n</parameter>\n<parameter=n>\nnull\n</parameter>\n"
                        "<parameter=s>\n7\n</parameter>\n</function>\n</tool_call>", [("t", {"a": 5, "n": None, "s": "7"})], "",
         tools=[{"name": "t", "parameters": {"properties": {"a": {"anyOf": [{"type": "integer"}, {"type": "null"}]},
                                                             "n": {"type": ["integer", "null"]},
                                                             "s": {"anyOf": [{"type": "string"}, {"type": "null"}]}}}}],
         id="anyOf and nullable types"),
    Case("qwen3_coder", "<tool_call>\n<function=write>\n<parameter=text>\nline one\n  line two\n\nline four\n</parameter>\n</function>\n</tool_call>",
         [("write", {"text": "line one\n  line two\n\nline four"})], ""),
    Case("qwen3_coder", "<tool_call>\n<function=write>\n<parameter=html>\n<b>bold</b> & <i>x</i> </tool_call>\n</parameter>\n</function>\n</tool_call>",
         [("write", {"html": "<b>bold</b> & <i>x</i> </tool_call>"})], "", id="markup inside a value"),
    Case("qwen3_coder", "<tool_call>\n<function=weather_now>\n<parameter=location>\nLima\n</parameter>\n</function>",
         [("weather_now", {"location": "Lima"})], "", id="missing </tool_call>"),
    Case("qwen3_coder", "<tool_call>\n<function=f>\n<parameter=a>\n1\n<parameter=b>\n2\n</function>\n</tool_call>",
         [("f", {"a": "1", "b": "2"})], "", id="missing </parameter>"),
    Case("qwen3_coder", "<function=weather_now>\n<parameter=location>\nOslo\n</parameter>\n</function>", [("weather_now", {"location": "Oslo"})],
         "", id="without the <tool_call> wrapper"),
    Case("qwen3_coder", "<tool_call>\n<function=a>\n</function>\n</tool_call>\n<tool_call>\n<function=b>\n<parameter=x>\ny\n</parameter>\n</function>\n</tool_call>",
         [("a", {}), ("b", {"x": "y"})], ""),
    Case("qwen3_coder", "before\n<tool_call>\n<function=a>\n</function>\n</tool_call>\nafter", [("a", {})], "beforeafter",
         id="white space next to a call goes with it"),
    Case("qwen3_coder", "before1<tool_call>in tool call</tool_call>after1", [], "before1after1", errors=True,
         id="a body that is no call is dropped"),
    Case("qwen3_coder", '<tool_call>\n<function="get temp">\n<parameter=place name>\nOslo\n</parameter>\n</function>\n</tool_call>',
         [('"get temp"', {"place name": "Oslo"})], "", id="names with spaces and quotes kept as written"),
    Case("qwen3_coder", "<tool_call>\n<function=drop_db>\n</function>\n</tool_call>", [], "", tools=W, errors=True),
    Case("qwen3_coder", "<think>the user wants Paris</think>\n<tool_call>\n<function=weather_now>\n<parameter=location>\nParis\n</parameter>\n</function>\n</tool_call>",
         [("weather_now", {"location": "Paris"})], "", "the user wants Paris"),
]


@pytest.mark.parametrize("case", HERMES, ids=lambda c: c.id or c.text[:40])
def test_hermes(case):
    check(case)


@pytest.mark.parametrize("case", LENIENT, ids=lambda c: c.id or c.text[:40])
def test_lenient_json(case):
    check(case)


@pytest.mark.parametrize("case", QWEN3_CODER, ids=lambda c: c.id or c.text[:40])
def test_qwen3_coder(case):
    check(case)
