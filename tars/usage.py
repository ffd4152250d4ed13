"""Token usage per model, per turn and per conversation, and what it cost.

Providers report tokens as `Usage` events; a `Tally` adds up each model round's per model. Claude
models are priced from the table shipped in `tars/data/prices.json` (Anthropic's list prices and
the date they were read), local models cost nothing ("local"), anything else has an unknown cost.
A model that ran but reported no tokens is "not reported", never 0.
"""

from __future__ import annotations

import functools
import ipaddress
import json
import re
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlsplit

from tars.events import Usage

__all__ = ["Billing", "ModelUsage", "Tally", "Cost", "PriceTable", "ConversationUsage", "billing_of", "prices",
           "cost_warning", "dollars"]

# how a model's tokens are paid for: from the Claude price table, not at all (it runs here), or unknown
Billing = Literal["claude", "local", "unknown"]
_COUNTS = ("input_tokens", "output_tokens", "cache_read_tokens", "cache_write_tokens")


def _add(a: int | None, b: int | None) -> int | None:
    return b if a is None else a if b is None else a + b


@dataclass
class ModelUsage:
    """What one model used: its rounds, how many of them reported tokens, and the tokens reported
    (`input_tokens` is the whole prompt, cache reads and writes included)."""

    model: str
    billing: Billing = "unknown"
    rounds: int = 0
    reported: int = 0
    input_tokens: int | None = None
    output_tokens: int | None = None
    cache_read_tokens: int | None = None
    cache_write_tokens: int | None = None
    estimated: bool = False  # some counts are tars's own: the round was cut before the model reported

    def add(self, other: ModelUsage) -> None:
        self.rounds += other.rounds
        self.reported += other.reported
        for name in _COUNTS:
            setattr(self, name, _add(getattr(self, name), getattr(other, name)))
        self.estimated = self.estimated or other.estimated

    def tokens_text(self) -> str:
        """`812 in / 96 out tokens`, with cache counts when there are any; `not reported` when no
        round reported a count (never 0)."""
        if not self.reported:
            return "tokens not reported" if self.rounds else "no tokens yet"
        text = f"{_n(self.input_tokens)} in / {_n(self.output_tokens)} out tokens"
        if self.cache_read_tokens or self.cache_write_tokens:
            text += f" ({_n(self.cache_read_tokens or 0)} read from cache, {_n(self.cache_write_tokens or 0)} written)"
        if self.reported < self.rounds:
            text += f", {self.rounds - self.reported} round{'s' if self.rounds - self.reported != 1 else ''} " \
                    "not reported"
        return text + (" (partly counted by tars)" if self.estimated else "")

    def cost_text(self) -> str:
        usd = self.cost()
        return "local" if self.billing == "local" else "cost unknown" if usd is None else dollars(usd)

    def cost(self, table: PriceTable | None = None) -> float | None:
        """Dollars, 0 for a local model; None when it cannot be told (no price, tokens not reported)."""
        if self.billing == "local":
            return 0.0
        if self.billing != "claude" or self.reported < self.rounds:
            return None
        price = (table or prices()).price(self.model)
        if price is None or self.input_tokens is None or self.output_tokens is None:
            return None
        read, written = self.cache_read_tokens or 0, self.cache_write_tokens or 0
        parts = {"input": max(0, self.input_tokens - read - written), "output": self.output_tokens,
                 "cache_read": read, "cache_write": written}
        total = 0.0
        for kind, tokens in parts.items():
            if tokens:
                rate = price.get(kind)
                if rate is None:
                    return None
                total += tokens * rate / 1_000_000
        return total


@dataclass(frozen=True)
class Cost:
    """The cost of some usage: `usd` adds up the parts that could be priced; `complete` says
    whether every part could; `local` that every part ran on a local model."""

    usd: float
    complete: bool
    local: bool
    estimated: bool = False

    def text(self, *, label: bool = False) -> str:
        """`$0.0186`, `local` or `unknown`; `label` says "cost unknown" where the word stands alone."""
        if self.complete and self.local:
            return "local"
        if self.complete:
            return ("≈ " if self.estimated else "") + dollars(self.usd)
        unknown = "cost unknown" if label else "unknown"
        return f"{unknown} (at least {dollars(self.usd)})" if self.usd > 0 else unknown


def _n(count: int | None) -> str:
    return "?" if count is None else f"{count:,}"


def dollars(usd: float) -> str:
    return f"${usd:.4f}" if usd < 1 else f"${usd:,.2f}"


@dataclass
class Tally:
    """Usage per model, in the order the models first answered."""

    models: dict[str, ModelUsage] = field(default_factory=dict)

    def record(self, model: str, billing: Billing, usage: Usage | None, *, estimated: bool = False) -> None:
        """One model round and the usage it reported (None, or no counts: it reported none)."""
        entry = self.models.setdefault(model, ModelUsage(model, billing))
        entry.rounds += 1
        if usage is None or (usage.input_tokens is None and usage.output_tokens is None):
            return
        entry.add(ModelUsage(model, billing, 0, 1, usage.input_tokens, usage.output_tokens,
                             usage.cache_read_tokens, usage.cache_write_tokens, estimated))

    def merge(self, other: Tally) -> None:
        for model, used in other.models.items():
            self.models.setdefault(model, ModelUsage(model, used.billing)).add(used)

    def total(self) -> ModelUsage:
        total = ModelUsage("all")
        for used in self.models.values():
            total.add(used)
        return total

    @property
    def reported(self) -> bool:
        """Whether any round reported its tokens."""
        return any(m.reported for m in self.models.values())

    def cost(self, table: PriceTable | None = None) -> Cost:
        usd, complete = 0.0, True
        for used in self.models.values():
            part = used.cost(table)
            complete = complete and part is not None
            usd += part or 0.0
        return Cost(usd, complete, all(m.billing == "local" for m in self.models.values()),
                    any(m.estimated for m in self.models.values()))

    def as_dict(self) -> dict[str, Any]:
        """The JSON shape: token totals (null: not reported), cost, and the same per model."""
        total, cost = self.total(), self.cost()
        return {**_counts(total), "reported": self.reported, "cost_usd": _json_usd(cost.usd if cost.complete else None),
                "cost": cost.text(),
                "models": [{"model": m.model, "rounds": m.rounds, **_counts(m), "cost_usd": _json_usd(m.cost())}
                           for m in self.models.values()]}


def _json_usd(usd: float | None) -> float | None:
    return None if usd is None else round(usd, 8)  # no binary-fraction tails in JSON


def _counts(used: ModelUsage) -> dict[str, int | None]:
    return {name: getattr(used, name) for name in _COUNTS}


@dataclass
class ConversationUsage:
    """Every turn's tally of one conversation, kept with it in the sessions database."""

    turns: list[Tally] = field(default_factory=list)

    def total(self) -> Tally:
        total = Tally()
        for tally in self.turns:
            total.merge(tally)
        return total

    def rows(self) -> list[dict[str, Any]]:
        """One row per turn and model, as the store keeps them."""
        return [{"turn": index, **asdict(used)} for index, tally in enumerate(self.turns)
                for used in tally.models.values()]

    @classmethod
    def from_rows(cls, rows: list[dict[str, Any]]) -> ConversationUsage:
        turns: dict[int, Tally] = {}
        for row in rows:
            used = ModelUsage(**{k: v for k, v in row.items() if k != "turn"})
            turns.setdefault(row["turn"], Tally()).models[used.model] = used
        return cls([turns[i] for i in sorted(turns)])


# -- prices -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class PriceTable:
    """Dollars per million tokens per Claude model id (input, output, cache_write, cache_read)."""

    as_of: str
    source: str
    models: dict[str, dict[str, float | None]]

    def price(self, model: str) -> dict[str, float | None] | None:
        """The prices of `claude:<id>` or `<id>`; a dated id (`…-20250929`) is priced as its model."""
        model_id = model.split(":", 1)[1] if model.startswith("claude:") else model
        model_id = re.sub(r"-(\d{8}|latest)$", "", model_id.strip().lower())
        return self.models.get(model_id)


_PRICES = Path(__file__).parent / "data" / "prices.json"


@functools.cache
def prices() -> PriceTable:
    """The shipped price table (read once); an unreadable one prices nothing, so costs are unknown."""
    try:
        data = json.loads(_PRICES.read_text(encoding="utf-8"))
        models = {str(k): {kind: (float(v) if v is not None else None) for kind, v in row.items()}
                  for k, row in data["models"].items()}
        return PriceTable(str(data["as_of"]), str(data.get("source", "")), models)
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return PriceTable("unreadable", "", {})


# -- who pays -----------------------------------------------------------------------------------
def billing_of(provider: Any) -> Billing:
    """Claude is priced from the table; the embedded model, and Ollama or OpenAI-compatible servers
    on this machine or the local network, cost nothing; a server elsewhere has no known price."""
    inner = getattr(provider, "inner", provider)  # a pipeline runs its steps on the model it wraps
    match getattr(inner, "provider", ""):
        case "claude":
            return "claude"
        case "llamacpp":
            return "local"
        case "ollama":
            return _where(str(getattr(inner, "host", "")))
        case "openai":
            return _where(str(getattr(inner, "base_url", "")))
    return "unknown"


def _where(url: str) -> Billing:
    host = urlsplit(url if "://" in url else f"http://{url}").hostname or ""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:  # a name: one on this machine or the local network, or one without a domain
        local = host == "localhost" or host.endswith((".localhost", ".local", ".lan", ".internal")) or "." not in host
        return "local" if local else "unknown"
    return "local" if address.is_private or address.is_loopback or address.is_link_local else "unknown"


# -- the warning --------------------------------------------------------------------------------
def cost_warning(before: Cost, after: Cost, threshold: float | None) -> str | None:
    """One line when a conversation's cost passed a multiple of `threshold` (TARS_COST_WARN) in the
    last turn: at $1, then again at $2, $3…; none otherwise."""
    if not threshold or after.usd < threshold or int(after.usd // threshold) <= int(before.usd // threshold):
        return None
    passed = int(after.usd // threshold) * threshold
    known = "" if after.complete else " (and more that could not be priced)"
    return (f"this conversation has cost {dollars(after.usd)}{known}, past {dollars(passed)} "
            f"(TARS_COST_WARN; Claude list prices as of {prices().as_of})")
