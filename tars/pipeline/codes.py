"""Codes for names: a stock symbol, a country code, a molecular formula. An argument that takes one
gets the code the user wrote beside a name ("Glucose (C6H12O6)"), and a code made of a name the user
wrote ("MSFT" for Microsoft, see `ConversationText.abbreviates`) is theirs, not the model's invention.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["language_of", "takes_code", "written_code"]

# an argument that takes a code for a name: "the stock symbol", "ticker", "country code", "molecular formula"
_CODED = re.compile(r"(?i)\b(?:symbols?|tickers?|codes?|abbreviations?|acronyms?|formulas?|formulae)\b")
# a code: a single token with a digit or in capitals ("C6H12O6", "AAPL")
_CODE = r"(?-i:(?=[^\s()]*(?:\d|[A-Z]{2})))[A-Za-z0-9][^\s(),]*"


def takes_code(name: str, prop: dict[str, Any]) -> bool:
    """Whether argument `name` takes a code for a name, by its description (or its name)."""
    return _CODED.search(str(prop.get("description") or name)) is not None


def written_code(name: str, prop: dict[str, Any], value: str, said: str) -> str:
    """The code the user wrote (in `said`) beside the name the model gave ("Glucose (C6H12O6)",
    "C6H12O6 (glucose)"), for an argument that takes a code; otherwise `value`."""
    if not value.strip() or not takes_code(name, prop):
        return value
    given = re.escape(value.strip())
    found = re.search(rf"(?i)\b{given}\s*\(\s*({_CODE})\s*\)", said) \
        or re.search(rf"(?i)(?<![\w(])({_CODE})\s*\(\s*{given}\s*\)", said)
    return found.group(1) if found else value


# ISO 639-1 codes of the languages people name most
_LANGUAGES = {"en": "english", "es": "spanish", "fr": "french", "de": "german", "it": "italian", "pt": "portuguese",
              "nl": "dutch", "ru": "russian", "zh": "chinese", "ja": "japanese", "ko": "korean", "ar": "arabic",
              "hi": "hindi", "tr": "turkish", "pl": "polish", "sv": "swedish", "el": "greek", "he": "hebrew",
              "vi": "vietnamese", "th": "thai", "id": "indonesian", "uk": "ukrainian", "cs": "czech", "da": "danish",
              "fi": "finnish", "no": "norwegian", "hu": "hungarian", "ro": "romanian"}
_LOCALE = re.compile(r"(?i)^([a-z]{2})(?:[-_][a-z]{2})?$")  # "es", "es-ES", "pt_BR"


def language_of(code: str) -> str | None:
    """The language a language code or locale stands for ("es-ES": spanish), None for any other value."""
    found = _LOCALE.match(code.strip())
    return _LANGUAGES.get(found.group(1).lower()) if found else None
