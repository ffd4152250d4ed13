"""Per-format cases: Mistral (list, v11, [ARGS]), Llama 3.x JSON and 3.1 <function=>, pythonic
lists, Gemma, FunctionGemma, DeepSeek V3/R1/V3.1, GPT-OSS harmony, Granite."""

from __future__ import annotations

import pytest
from test_toolcalls import Case, check

W = ["get_weather", "get_time"]

MISTRAL = [
    Case("mistral", '[TOOL_CALLS] [{"name": "get_weather", "arguments": {"city": "Paris"}}]', [("get_weather", {"city": "Paris"})], ""),
    Case("mistral", '[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Oslo"}}, {"name": "get_time", "arguments": {}}]</s>',
         [("get_weather", {"city": "Oslo"}), ("get_time", {})], None),
    Case("mistral", 'Let me check. [TOOL_CALLS] [{"name": "get_time", "arguments": {"tz": "UTC"}}]', [("get_time", {"tz": "UTC"})],
         "Let me check."),
    Case("mistral", '[TOOL_CALLS] [{"name": "get_weather", "arguments": "{\\"city\\": \\"Rome\\"}", "id": "a1b2c3d4e"}]',
         [("get_weather", {"city": "Rome"})], ""),
    Case("mistral", '[TOOL_CALLS] [{"name": "get_weather", "arguments": {"city": "Nice"}}][/TOOL_CALLS] That is all.',
         [("get_weather", {"city": "Nice"})], "That is all."),
    Case("mistral", "[TOOL_CALLS] [{'name': 'get_time', 'arguments': {}}]", [("get_time", {})], "", errors=True, id="repaired"),
    Case("mistral", '[TOOL_CALLS] [{"name": "shutdown", "arguments": {}}]', [], "", tools=W, errors=True),
    Case("mistral", '[TOOL_CALLS]  junk [{"name": "get_time", "arguments": {"tz": "UTC"}}] trail', [("get_time", {"tz": "UTC"})], "trail",
         id="junk before the list"),
    Case("mistral", "[TOOL_CALLS] not json at all", [], "not json at all", errors=True),
    Case("mistral_v11", "[TOOL_CALLS]toolname_no_args", [], "", errors=True, id="a name without arguments is no call"),
    Case("mistral_v11", '[TOOL_CALLS]get_weather{"city": "Paris"}', [("get_weather", {"city": "Paris"})], ""),
    Case("mistral_v11", '[TOOL_CALLS]get_weather{"city": "Lyon"}[TOOL_CALLS]get_time{}', [("get_weather", {"city": "Lyon"}), ("get_time", {})], ""),
    Case("mistral_v11", 'Sure.[TOOL_CALLS]get_weather{"q": "a {brace} and [TOOL_CALLS] inside"} done',
         [("get_weather", {"q": "a {brace} and [TOOL_CALLS] inside"})], "Sure. done"),
    Case("mistral_args", '[TOOL_CALLS]get_weather[CALL_ID]a1b2c3d4e[ARGS]{"city": "Bonn"}', [("get_weather", {"city": "Bonn"})], ""),
    Case("mistral_args", '[THINK]the user wants Bonn[/THINK][TOOL_CALLS]get_weather[ARGS]{"city": "Bonn"}',
         [("get_weather", {"city": "Bonn"})], "", "the user wants Bonn"),
    Case("mistral_args", '[TOOL_CALLS]get_weather[ARGS]{"city": "Zürich", "note": "naïve ☃"}', [("get_weather", {"city": "Zürich", "note": "naïve ☃"})], ""),
]

LLAMA = [
    Case("llama3_json", '{"name": "get_weather", "parameters": {"city": "Paris"}}', [("get_weather", {"city": "Paris"})], ""),
    Case("llama3_json", '<|python_tag|>{"name": "get_weather", "parameters": {"city": "Oslo"}}<|eom_id|>', [("get_weather", {"city": "Oslo"})], ""),
    Case("llama3_json", '{"name": "get_weather", "parameters": {"city": "A"}}; {"name": "get_time", "parameters": {}}',
         [("get_weather", {"city": "A"}), ("get_time", {})], ""),
    Case("llama3_json", '<|python_tag|>{"name": "get_time", "parameters": {}}; {"name": "get_weather", "parameters": {"city": "B"}}<|eot_id|>',
         [("get_time", {}), ("get_weather", {"city": "B"})], ""),
    Case("llama3_json", '<|python_tag|>brave_search.call(query="weather in Paris")', [("brave_search", {"query": "weather in Paris"})], ""),
    Case("llama3_json", "<|python_tag|>print(sum([1, 2]))<|eom_id|>", [("python", {"code": "print(sum([1, 2]))"})], "",
         id="raw code goes to the code interpreter"),
    Case("llama3_json", 'Sure: {"name": "get_time", "parameters": {"tz": "UTC"}}', [("get_time", {"tz": "UTC"})], "Sure:",
         id="after prose on the same line"),
    Case("llama3_json", '{"type": "function", "name": "get_time", "parameters": {}}', [("get_time", {})], ""),
    Case("llama3_json", '{"name": "bad", "parameters": {invalid json}', [], '{"name": "bad", "parameters": {invalid json}',
         id="bare JSON that needs repair stays prose"),
    Case("llama3_json", 'Results: {"name": "a", "parameters": {"q": 1}}; {"name": "b", "parameters": {}} More?',
         [("a", {"q": 1}), ("b", {})], "Results:  More?"),
    Case("llama3_json", '{"name": "get_weather", "arguments": {"city": "Quito"}}', [("get_weather", {"city": "Quito"})], ""),
    Case("llama3_json", "The capital of France is Paris.", [], "The capital of France is Paris."),
    Case("llama3_json", '{"city": "Paris", "population": 2100000}', [], '{"city": "Paris", "population": 2100000}', id="data, not a call"),
    Case("llama3_json", 'I will check.\n{"name": "get_weather", "parameters": {"city": "Kyoto"}}', [("get_weather", {"city": "Kyoto"})],
         "I will check."),
    Case("llama3_json", '{"name": "get_weather", "parameters": {"city": "Lagos"}}', [], None, tools=["get_time"],
         id="bare JSON for a tool not offered stays prose"),
    Case("llama31_function", '<function=get_weather>{"city": "Paris"}</function>', [("get_weather", {"city": "Paris"})], ""),
    Case("llama31_function", 'Checking <function=get_time>{}</function> and <function=get_weather>{"city": "Rome"}</function>',
         [("get_time", {}), ("get_weather", {"city": "Rome"})], "Checking  and"),
]

PYTHONIC = [
    Case("pythonic", '[get_weather(city="Paris")]', [("get_weather", {"city": "Paris"})], ""),
    Case("pythonic", '[get_weather(city="Oslo", days=3), get_time(tz="CET")]', [("get_weather", {"city": "Oslo", "days": 3}), ("get_time", {"tz": "CET"})], ""),
    Case("pythonic", "[plan(steps=[1, 2.5, -3], opts={'a': [True, None], 'b': 'x'})]", [("plan", {"steps": [1, 2.5, -3], "opts": {"a": [True, None], "b": "x"}})], ""),
    Case("pythonic", "[f(a=true, b=false, c=null)]", [("f", {"a": True, "b": False, "c": None})], ""),
    Case("pythonic", "[note(text='a ] b ) c, \"quoted\"')]", [("note", {"text": 'a ] b ) c, "quoted"'})], ""),
    Case("pythonic", "[maps.route(origin='A', dest='B')]", [("maps.route", {"origin": "A", "dest": "B"})], ""),
    Case("pythonic", "[get_weather('Paris')]", [], "[get_weather('Paris')]", id="positional arguments are not a call"),
    Case("pythonic", "[__import__('os').system('touch /tmp/pwned')]", [], "[__import__('os').system('touch /tmp/pwned')]",
         id="never evaluated"),
    Case("pythonic", "Let me look that up.\n[get_time(tz='UTC')]", [("get_time", {"tz": "UTC"})], "Let me look that up."),
    Case("pythonic", "[docs](https://example.com) are here", [], "[docs](https://example.com) are here"),
    Case("pythonic", "<|python_start|>[get_weather(city='Oslo')]<|python_end|>", [("get_weather", {"city": "Oslo"})], "", id="Llama 4 markers"),
    Case("pythonic", "I'll check. [get_time(tz='UTC')]", [("get_time", {"tz": "UTC"})], "I'll check.", id="after prose"),
    Case("pythonic", "[get_weather(city='Martha\\'s Vineyard')]", [("get_weather", {"city": "Martha's Vineyard"})], ""),
    Case(None, "[get_weather(city='Paris')]", [("get_weather", {"city": "Paris"})], "", id="a whole reply that is a call list"),
    Case(None, "Try this:\n[get_weather(city='Paris')]", [], "Try this:\n[get_weather(city='Paris')]",
         id="not pythonic, no tools, after prose: prose"),
    Case(None, "[get_weather(city='Paris')] is how you would call it.", [],
         "[get_weather(city='Paris')] is how you would call it.", id="a call list followed by prose: prose"),
    Case("llama3_json", "Sure.\n[get_weather(city='Paris')]", [("get_weather", {"city": "Paris"})], "Sure.",
         id="Llama 3.2 writes call lists too"),
    Case("pythonic", "[get_weather(city='Par", [], "[get_weather(city='Par", id="a list that never closes: prose"),
    Case(None, "[get_weather(city='Paris')]", [("get_weather", {"city": "Paris"})], "", tools=W, id="offered tool in a list"),
]

GEMMA = [
    Case("gemma", '<function_call>{"name": "get_weather", "parameters": {"city": "Paris"}}</function_call>', [("get_weather", {"city": "Paris"})], ""),
    Case("gemma", 'Sure!\n<function_call>{"name": "get_time", "parameters": {}}</function_call>', [("get_time", {})], "Sure!"),
    Case("gemma", '<function_call>{"name": "a", "parameters": {}}</function_call><function_call>{"name": "b", "arguments": {"x": 1}}</function_call>',
         [("a", {}), ("b", {"x": 1})], ""),
    Case("gemma", '<function_call>{"name": "get_weather", "parameters": {"city": "Oslo"}}', [("get_weather", {"city": "Oslo"})], "", id="no closer"),
    Case("gemma", '<function_call>get_weather(city="Lima")</function_call>', [("get_weather", {"city": "Lima"})], ""),
    Case("gemma", '```tool_code\nget_weather(city="Paris")\n```', [("get_weather", {"city": "Paris"})], ""),
    Case("gemma", '```tool_code\n[get_weather(city="A"), get_time()]\n```', [("get_weather", {"city": "A"}), ("get_time", {})], ""),
    Case("gemma", '<function_call>{"name": "say", "parameters": {"text": "</function_call> is the closer"}}</function_call> ok',
         [("say", {"text": "</function_call> is the closer"})], "ok"),
    Case("gemma", '<function_call>{"name": "format_disk", "parameters": {}}</function_call>', [], "", tools=W, errors=True),
    Case("gemma", "Gemma answers plainly.<end_of_turn>", [], "Gemma answers plainly."),
]

FUNCTIONGEMMA = [
    Case("functiongemma", "<start_function_call>call:get_weather{city:<escape>Paris<escape>}<end_function_call>", [("get_weather", {"city": "Paris"})], ""),
    Case("functiongemma", "<start_function_call>call:note{text:<escape>a, {b}: c<escape>,n:-2}<end_function_call>", [("note", {"text": "a, {b}: c", "n": -2})], ""),
    Case("functiongemma", "<start_function_call>call:plan{items:[{id:1,tag:<escape>x<escape>},{id:2}]}<end_function_call>",
         [("plan", {"items": [{"id": 1, "tag": "x"}, {"id": 2}]})], ""),
    Case("functiongemma", "Checking.<start_function_call>call:get_time{}<end_function_call>", [("get_time", {})], "Checking."),
    Case("functiongemma", "<start_function_call>call:a{}<end_function_call><start_function_call>call:b{x:1.5e2}<end_function_call>",
         [("a", {}), ("b", {"x": 150.0})], ""),
    Case("functiongemma", "<start_function_call>call:get_weather{city:<escape>Oslo<escape>}", [("get_weather", {"city": "Oslo"})], "", id="unclosed"),
    Case("functiongemma", "<start_function_call>call:get_weather{city:<escape>Oslo}<end_function_call>", [], "", errors=True, id="broken escape"),
    Case("functiongemma", "<start_function_call>call:get_weather{city:<escape>東京<escape>}<end_function_call>", [("get_weather", {"city": "東京"})], ""),
    Case("functiongemma", "<start_function_call>call:search{query:<escape>python<escape>limit:<escape>10<escape>on:<escape>true<escape>}<end_function_call>",
         [("search", {"query": "python", "limit": 10, "on": True})], "",
         tools=[{"name": "search", "parameters": {"properties": {"limit": {"type": "integer"}, "on": {"type": "boolean"}}}}],
         id="typed by the schema, missing commas"),
    Case("functiongemma", "<start_function_call>call:search{limit:<escape>10<escape>}<end_function_call>", [("search", {"limit": "10"})], "",
         id="escaped values are text without a schema"),
]

DEEPSEEK_V3 = ("<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{\"city\": \"Paris\"}\n```"
               "<｜tool▁call▁end｜><｜tool▁calls▁end｜>")
DEEPSEEK = [
    Case("deepseek_v3", DEEPSEEK_V3, [("get_weather", {"city": "Paris"})], ""),
    Case("deepseek_v3", "Let me see." + DEEPSEEK_V3.replace("<｜tool▁calls▁end｜>", "") +
         "<｜tool▁call▁begin｜>function<｜tool▁sep｜>get_time\n```json\n{}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>",
         [("get_weather", {"city": "Paris"}), ("get_time", {})], "Let me see."),
    Case("deepseek_v3", "<think>weather in Paris</think>\n\n" + DEEPSEEK_V3, [("get_weather", {"city": "Paris"})], "", "weather in Paris", model="deepseek-r1:8b"),
    Case("deepseek_v3", DEEPSEEK_V3.replace("｜", "|"), [("get_weather", {"city": "Paris"})], "", id="ASCII bars"),
    Case("deepseek_v3", DEEPSEEK_V3.replace("<｜tool▁calls▁end｜>", ""), [("get_weather", {"city": "Paris"})], "", id="unclosed"),
    Case("deepseek_v31", "<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_time<｜tool▁sep｜>{}<｜tool▁call▁end｜><｜tool▁calls▁end｜>Done.",
         [("get_time", {})], "Done."),
    Case("deepseek_v31", "<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>nuke<｜tool▁sep｜>{}<｜tool▁call▁end｜><｜tool▁calls▁end｜>", [], "", tools=W, errors=True),
    Case("deepseek_v31", "<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{\"city\": \"<｜tool▁sep｜> odd\"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>",
         [("get_weather", {"city": "<｜tool▁sep｜> odd"})], ""),
    Case("deepseek_v31", "Answer first.<｜end▁of▁sentence｜>", [], "Answer first."),
    Case("deepseek_v31", "thinking hard</think>It is sunny.", [], "It is sunny.", "thinking hard", model="deepseek-v3.1:671b"),
]

HARMONY_CALL = "<|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{\"city\": \"Paris\"}<|call|>"
HARMONY = [
    Case("harmony", HARMONY_CALL, [("get_weather", {"city": "Paris"})], ""),
    Case("harmony", "<|channel|>analysis<|message|>Need weather.<|end|>" + HARMONY_CALL, [("get_weather", {"city": "Paris"})], "", "Need weather."),
    Case("harmony", "<|channel|>analysis<|message|>Easy.<|end|><|start|>assistant<|channel|>final<|message|>Paris is the capital.<|return|>",
         [], "Paris is the capital.", "Easy."),
    Case("harmony", "<|channel|>final<|message|>Hello!", [], "Hello!"),
    Case("harmony", "<|channel|>commentary<|message|>Checking two cities.<|end|>" + HARMONY_CALL, [("get_weather", {"city": "Paris"})],
         "Checking two cities.", id="preamble is prose"),
    Case("harmony", "<|start|>assistant to=functions.get_time<|channel|>commentary json<|message|>{\"tz\": \"UTC\"}<|call|>", [("get_time", {"tz": "UTC"})], "",
         id="recipient in the role header"),
    Case("harmony", "<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{\"city\": \"Oslo\"}", [("get_weather", {"city": "Oslo"})], "",
         id="ends without <|call|>"),
    Case("harmony", HARMONY_CALL + HARMONY_CALL.replace("Paris", "Rome"), [("get_weather", {"city": "Paris"}), ("get_weather", {"city": "Rome"})], ""),
    Case("harmony", HARMONY_CALL.replace("get_weather", "wipe"), [], "", tools=W, errors=True),
    Case("harmony", HARMONY_CALL + '<|start|>functions.get_weather to=assistant<|message|>{"sunny": true}<|end|>',
         [("get_weather", {"city": "Paris"})], "", id="an echoed tool message is not the answer"),
    Case("harmony", "<|channel|>thinking<|message|>Processing<|end|>", [], "", "Processing", id="other thinking channel"),
    Case("harmony", "<|start|>user<|message|>Hello<|end|><|start|>assistant<|message|>Hi!<|end|>", [], "Hi!",
         id="messages without a channel"),
    Case("harmony", "<|channel|>analysis<|message|>still thinking about <|channel|>commentary", [], "", "still thinking about <|channel|>commentary",
         id="unclosed analysis stays reasoning"),
]

GRANITE = [
    Case("granite", '<|tool_call|>[{"name": "get_weather", "arguments": {"city": "Paris"}}]', [("get_weather", {"city": "Paris"})], ""),
    Case("granite", '<|tool_call|>[{"name": "get_weather", "arguments": {"city": "A"}}, {"name": "get_time", "arguments": {}}]',
         [("get_weather", {"city": "A"}), ("get_time", {})], ""),
    Case("granite", 'Checking.<|tool_call|>[{"name": "get_time", "arguments": {}}]', [("get_time", {})], "Checking."),
    Case("granite", '<|tool_call|>{"name": "get_time", "arguments": {"tz": "EST"}}', [("get_time", {"tz": "EST"})], ""),
    Case("granite", '<|tool_call|>[{"name": "get_time", "arguments": "{\\"tz\\": \\"PST\\"}"}]', [("get_time", {"tz": "PST"})], ""),
    Case("granite", '<|tool_call|>[{"name": "q", "arguments": {"f": {"a": [1, {"b": "]"}]}}}]', [("q", {"f": {"a": [1, {"b": "]"}]}})], ""),
    Case("granite", '<|tool_call|>[{"name": "get_weather", "arguments": {"city": "São Tomé"}}]', [("get_weather", {"city": "São Tomé"})], ""),
    Case("granite", '<|tool_call|>[{"name": "get_time", "arguments": {"tz": "UTC"}', [],
         '<|tool_call|>[{"name": "get_time", "arguments": {"tz": "UTC"}', errors=True,
         id="closing brackets cut off: prose, not run"),
    Case("granite", '<|tool_call|>[{"name": "get_time", "arguments": {}}] and more text', [("get_time", {})], "and more text"),
    Case("granite", '<|tool_call|>[{"name": "erase", "arguments": {}}]', [], "", tools=W, errors=True),
    Case("nemotron", '<TOOLCALL>[{"name": "get_time", "arguments": {}}]</TOOLCALL>', [("get_time", {})], ""),
]

OTHERS = [
    Case("glm", "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n</tool_call>",
         [("get_weather", {"city": "Beijing"})], ""),
    Case("glm", "Let me check.<tool_call>get_weather<arg_key>city</arg_key><arg_value>北京</arg_value><arg_key>days</arg_key>"
                "<arg_value>2</arg_value></tool_call>", [("get_weather", {"city": "北京", "days": 2})], "Let me check.",
         tools=[{"name": "get_weather", "parameters": {"properties": {"days": {"type": "integer"}}}}]),
    Case("glm", "<tool_call>get_time\n</tool_call>", [("get_time", {})], ""),
    Case("kimi_k2", "<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>"
                    '{"city": "Paris"}<|tool_call_end|><|tool_call_begin|>functions.get_time:1<|tool_call_argument_begin|>{}'
                    "<|tool_call_end|><|tool_calls_section_end|>", [("get_weather", {"city": "Paris"}), ("get_time", {})], ""),
    Case("phi4_mini", 'functools[{"name": "get_time", "arguments": {"tz": "UTC"}}]', [("get_time", {"tz": "UTC"})], ""),
    Case("phi4_mini", "Python's functools module is handy.", [], "Python's functools module is handy."),
    Case("command_r7b", '<|START_THINKING|>need time<|END_THINKING|><|START_ACTION|>[{"tool_call_id": "0", "tool_name": "get_time", '
                        '"parameters": {}}]<|END_ACTION|>', [("get_time", {})], "", "need time"),
    Case("command_r7b", "<|START_RESPONSE|>Hello!<|END_RESPONSE|>", [], "Hello!"),
    Case("pythonic", "<|tool_call_start|>[get_time(tz='UTC')]<|tool_call_end|>Checking.", [("get_time", {"tz": "UTC"})], "Checking.",
         id="LFM2 markers"),
    Case("qwen3_coder", "<seed:tool_call>\n<function=get_time>\n<parameter=tz>\nUTC\n</parameter>\n</function>\n</seed:tool_call>",
         [("get_time", {"tz": "UTC"})], "", id="Seed-OSS"),
    Case("qwen3_coder", '<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">Paris</parameter>\n</invoke>\n'
                        '</minimax:tool_call>', [("get_weather", {"city": "Paris"})], "", id="MiniMax-M2"),
    Case("jamba", '<tool_calls>[{"name": "get_time", "arguments": {}}]</tool_calls>', [("get_time", {})], ""),
    Case("hermes", '<function name="get_weather">{"city": "Rome"}</function>', [("get_weather", {"city": "Rome"})], ""),
    Case("hermes", '<tool_call>\n```json\n{"name": "get_time", "arguments": {}}\n```\n</tool_call>', [("get_time", {})], "",
         id="fence inside the tag"),
    Case(None, '```xml\n<tool_call>\n{"name": "get_time", "arguments": {}}\n</tool_call>\n```', [("get_time", {})], "",
         tools=W, id="tag inside a fence"),
    Case(None, '{"tool_calls": [{"name": "get_time", "arguments": {}}]}', [("get_time", {})], "", tools=W, id="generic wrapper"),
    Case("hermes", '<tool_call>{"name": "get_time", "arguments": {}}}</tool_call>', [("get_time", {})], "", id="one brace too many"),
]

ALL = {"others": OTHERS, "mistral": MISTRAL, "llama": LLAMA, "pythonic": PYTHONIC, "gemma": GEMMA, "functiongemma": FUNCTIONGEMMA,
       "deepseek": DEEPSEEK, "harmony": HARMONY, "granite": GRANITE}


@pytest.mark.parametrize("case", [pytest.param(c, id=f"{family}-{c.id or c.text[:36]}") for family, cases in ALL.items() for c in cases])
def test_format_case(case):
    check(case)


def test_pythonic_is_never_evaluated(tmp_path):
    from tars.toolcalls import parse

    marker = tmp_path / "pwned"
    parse(f"[__import__('os').system('touch {marker}')]", format="pythonic", tools=["x"])
    parse(f"```tool_code\n__import__('os').system('touch {marker}')\n```", format="gemma")
    assert not marker.exists()
