"""Currencies as people name them and as tools take them (ISO 4217 codes): "British pounds" is GBP."""

from __future__ import annotations

import re

__all__ = ["CODES", "MONEY_WORD", "WORDS", "code_of", "codes_named", "money_named"]

# code -> names, most specific first within the table's reading (the longest name found wins)
_NAMES: dict[str, tuple[str, ...]] = {
    "USD": ("us dollar", "u.s. dollar", "united states dollar", "american dollar", "dollar", "buck"),
    "EUR": ("euro",),
    "GBP": ("british pound", "pound sterling", "sterling", "uk pound", "pound", "quid"),
    "JPY": ("japanese yen", "yen"),
    "CNY": ("chinese yuan", "yuan", "renminbi", "rmb"),
    "INR": ("indian rupee", "rupee"),
    "CAD": ("canadian dollar",),
    "AUD": ("australian dollar",),
    "NZD": ("new zealand dollar",),
    "HKD": ("hong kong dollar",),
    "SGD": ("singapore dollar",),
    "CHF": ("swiss franc", "franc"),
    "MXN": ("mexican peso", "peso"),
    "RUB": ("russian ruble", "ruble", "rouble"),
    "KRW": ("south korean won", "korean won"),
    "BRL": ("brazilian real",),
    "ZAR": ("south african rand", "rand"),
    "SEK": ("swedish krona", "krona"),
    "NOK": ("norwegian krone",),
    "DKK": ("danish krone",),
    "TRY": ("turkish lira", "lira"),
}
CODES = frozenset(_NAMES)
# single words that name a currency wherever they appear, lower-cased ("won", "real" and "try" are plain words)
WORDS = frozenset(n for names in _NAMES.values() for n in names if " " not in n) | {c.lower() for c in CODES} - {"try"}
_FIND = re.compile(r"\b(?:" + "|".join(sorted((re.escape(n) for names in _NAMES.values() for n in names),
                                              key=len, reverse=True)) + r")(?:e?s)?\b|\b(?:"
                   + "|".join(sorted(CODES)) + r")\b", re.IGNORECASE)
_CODE_OF = {n: code for code, names in _NAMES.items() for n in names}


def codes_named(text: str) -> list[str]:
    """The codes of the currencies `text` names, in order: "20000 Japanese Yen in US dollars" -> JPY, USD."""
    found = []
    for match in _FIND.finditer(text):
        word = match.group(0)
        code = word.upper() if word.upper() in CODES and word.isupper() else _CODE_OF.get(_singular(word.lower()))
        if code and code not in found:
            found.append(code)
    return found


def code_of(text: str) -> str | None:
    """The code of the one currency `text` names ("Japanese Yen" -> JPY), or None."""
    codes = codes_named(text)
    return codes[0] if len(codes) == 1 else None


def _singular(name: str) -> str:
    for ending in ("es", "s"):
        if name.endswith(ending) and name[: -len(ending)] in _CODE_OF:
            return name[: -len(ending)]
    return name


# an amount's currency after its number, as arithmetic is written: "80 dollars", "20 bucks", "100 eur"
MONEY_WORD = r"(?:dollars?|bucks|euros?|usd|eur|gbp|quid)\b"
_AMOUNT_CURRENCY = re.compile(rf"[$€£¥]|(?<=\d)\s*{MONEY_WORD}", re.IGNORECASE)
_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY"}
_IN_WORDS = {"USD": "dollars", "EUR": "euros", "GBP": "pounds"}  # how a result is told: "about 9.65 dollars"


def money_named(expression: str) -> set[tuple[str, str]]:
    """The currencies an arithmetic expression's amounts are in, each as (code, how a result in it
    is told: "$", "dollars", "EUR")."""
    named = set()
    for match in _AMOUNT_CURRENCY.finditer(expression):
        said = match.group(0).strip()
        code = _SYMBOLS.get(said) or code_of(said.upper() if said.upper() in CODES else said) or said.upper()
        named.add((code, said if said in _SYMBOLS else code if said.upper() in CODES else _IN_WORDS.get(code, said)))
    return named
