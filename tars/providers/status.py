"""HTTP statuses as tars errors: one table of what a failed status means to the user and to fallback.

`ProviderUnavailable` when a later try or another model may work (timeout, conflict, rate limit,
authentication, billing, anything on the server's side): an escalated turn falls back.
`ProviderRejected` when the request itself is wrong (another 4xx, an unknown model);
`ContextTooLong` when what is wrong is only that the prompt does not fit the model's window.
"""

from __future__ import annotations

from dataclasses import dataclass

from tars.errors import ContextTooLong, ProviderError, ProviderRejected, ProviderUnavailable

__all__ = ["Service", "is_context_error", "status_error"]


@dataclass(frozen=True)
class Service:
    """A provider's server as its errors name it."""

    provider: str  # the ProviderError's `provider`
    label: str  # as the user knows it: "Anthropic API", "Ollama", "OpenAI-compatible server"
    key_setting: str = ""  # the setting to check when authentication fails
    model_hint: str = ""  # what to do about an unknown model; `{model}` is filled in


# status -> (cause, unavailable?)
_CAUSES: dict[int, tuple[str, bool]] = {
    400: ("rejected the request", False),
    401: ("authentication failed", True),
    403: ("permission denied", True),
    404: ("found nothing there", False),
    408: ("timed out", True),
    409: ("reported a conflict", True),
    413: ("request too large", False),
    429: ("rate limited", True),
    500: ("server error", True),
    502: ("bad gateway", True),
    503: ("service unavailable", True),
    504: ("gateway timeout", True),
    529: ("overloaded", True),
}


# how servers word "the prompt does not fit": Anthropic, OpenAI and vLLM, llama-server, LM Studio, Ollama
_CONTEXT_WORDS = ("prompt is too long", "context length", "context window", "context size", "context limit",
                  "maximum context", "context_length_exceeded", "exceed_context", "too many tokens")


def is_context_error(detail: str) -> bool:
    """Whether a server's error message says the prompt is longer than the model's window."""
    text = detail.lower()
    return any(words in text for words in _CONTEXT_WORDS)


def status_error(service: Service, status: int, detail: str = "", *, model: str = "",
                 secret: str = "") -> ProviderError:
    """The typed error for a failed request, e.g. 'Anthropic API rate limited (429): ...'.

    `detail` is the server's own message; `secret` (an API key) never appears in the result."""
    detail = (detail.replace(secret, "****") if secret else detail).strip()[:200]
    cause, unavailable = _CAUSES.get(status) or (
        ("rejected the request", False) if 400 <= status < 500 else ("server error", True))
    hint = ""
    if status == 400 and "credit balance" in detail.lower():
        cause, unavailable, detail = "credit balance too low", True, ""
    elif status == 401 and service.key_setting:
        cause += f", check {service.key_setting}"
    elif status == 404 and "model" in detail.lower():
        cause, detail = f"model {model} not found", ""
        hint = service.model_hint.format(model=model)
    message = f"{service.label} {cause} ({status})"
    if detail and detail.lower().rstrip(". ") not in cause.lower():
        message += f": {detail}"
    if hint:
        message += f"; {hint}"
    kind: type[ProviderError] = ProviderUnavailable if unavailable else ProviderRejected
    if status == 413 or (400 <= status < 500 and status not in (401, 403, 429) and is_context_error(detail)):
        kind = ContextTooLong
    return kind(message, provider=service.provider, status=status)
