"""The tool-call line: long arguments are cut inside their value, so the line stays readable."""

from __future__ import annotations

from tars.render.status import call_line


def test_a_long_string_argument_keeps_its_closing_quote_and_the_next_argument() -> None:
    line = call_line("memory_recall", {"text": "what do you remember about my favourite things in the world",
                                       "kind": "fact"})
    assert line.startswith('⚙ memory_recall(text="what do you remember')
    assert line.endswith('…", kind="fact")')


def test_escapes_are_never_cut_in_half() -> None:
    for n in range(20, 40):
        line = call_line("note_write", {"content": 'a "quoted" \\ word\n' * 5 + "x" * n})
        value = line[len('⚙ note_write(content='):-1]
        assert value.startswith('"') and value.endswith('…"')
        assert not value[:-2].endswith("\\") or value[:-2].endswith("\\\\")


def test_a_long_list_keeps_its_closing_bracket() -> None:
    assert call_line("x", {"ids": list(range(40))}).endswith(",…])")


def test_short_arguments_are_shown_whole() -> None:
    assert call_line("weather_now", {"location": "Lima"}) == '⚙ weather_now(location="Lima")'
