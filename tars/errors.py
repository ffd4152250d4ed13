"""The exception tree of tars, and which side each error is told to.

    TarsError
    ├── ConfigError              tell the user: one line, exit code 2
    ├── UsageError               tell the user: bad command-line use, exit code 2
    │   └── AttachmentError      a file or URL cannot be attached (missing, a folder, binary,
    │                            too large, an image for a model that takes none): exit code 2
    ├── ProviderError            a model call failed (tell the user, or fall back)
    │   ├── ProviderUnavailable  transient or remote-side: connection, timeout, 429, 5xx, 529,
    │   │   │                    401/403 and billing 400s. An escalated turn falls back.
    │   │   ├── OutputError      the server answered something that is not its protocol
    │   │   │                    (malformed stream, missing fields, not a stream at all)
    │   │   └── ProviderMisconfigured  a setting makes the request impossible (a bad URL); also
    │   │                        a ConfigError: exit code 2 when nothing can fall back
    │   └── ProviderRejected     the request itself is wrong (bad model id, bad payload)
    │       └── ContextTooLong   the prompt does not fit the model's context window: the
    │                            session compacts harder and retries once; never a fallback
    ├── ModelFileError           the embedded model file is missing or fails its checksum
    ├── OutputUnwritable         the answer cannot be delivered: stdout closed or failing (exit 1)
    │   └── ReaderGone           the reader of the pipe went away (exit 141, no message)
    └── ToolError                tell the model: becomes an error result, the session goes on
        ├── ToolNotFound
        ├── ToolArgumentsInvalid
        ├── ToolTimeout
        └── ToolDenied           the confirmation policy refused the call

SDK exceptions are converted where the SDK is called (`raise ProviderUnavailable(...) from exc`),
so nothing above the provider seam imports an SDK to catch its errors. Messages never carry secrets.
"""

from __future__ import annotations

__all__ = [
    "TarsError",
    "ConfigError",
    "UsageError",
    "AttachmentError",
    "ProviderError",
    "ProviderUnavailable",
    "ProviderRejected",
    "OutputError",
    "ProviderMisconfigured",
    "ContextTooLong",
    "ModelFileError",
    "OutputUnwritable",
    "ReaderGone",
    "ToolError",
    "DateError",
    "ToolNotFound",
    "ToolArgumentsInvalid",
    "ToolTimeout",
    "ToolDenied",
]


class TarsError(Exception):
    """Base of every error tars raises on purpose."""


class ConfigError(TarsError):
    """A setting is missing or malformed; the message names the setting and a valid value."""


class UsageError(TarsError):
    """The command line was used wrongly."""


class AttachmentError(UsageError):
    """A file or URL cannot be attached; the message names it and says why. Raised before any
    model is asked, so nothing of the message is sent."""


class ProviderError(TarsError):
    """A model call failed. `status` is the HTTP status when there was one."""

    def __init__(self, message: str, *, provider: str = "", status: int | None = None) -> None:
        super().__init__(message)
        self.provider = provider
        self.status = status


class ProviderUnavailable(ProviderError):
    """The provider could not answer now (network, overload, rate limit, auth, billing)."""


class OutputError(ProviderUnavailable):
    """The provider's server answered, but not in its protocol: a malformed stream, an event
    without its fields, a body that is not a stream. The message names the server and its setting."""


class ProviderMisconfigured(ProviderUnavailable, ConfigError):
    """A provider setting makes every request impossible (e.g. a malformed base URL). A remote
    with it falls back like any failure; a primary with it is a configuration error (exit 2)."""


class ProviderRejected(ProviderError):
    """The provider answered that the request itself is invalid."""


class ContextTooLong(ProviderRejected):
    """The prompt does not fit the model's context window: the model or its server said so
    (Anthropic's "prompt is too long", llama.cpp's context error, ...), or tars measured it
    before sending. The request was fine otherwise, so it is no reason to fall back or cool down."""


class ModelFileError(TarsError):
    """The embedded model could not be located, assembled or verified."""


class OutputUnwritable(TarsError):
    """The answer cannot be written: stdout is closed, or writing to it failed (disk full, ...)."""


class ReaderGone(OutputUnwritable):
    """The reader of stdout went away (a broken pipe, as `| head` makes): nothing to tell anyone."""


class ToolError(TarsError):
    """A tool call failed; the text goes back to the model as an error result."""


class DateError(ToolError):
    """A date tars cannot read (or could read two ways), or a result outside the calendar."""


class ToolNotFound(ToolError):
    """The model named a tool that is not offered."""


class ToolArgumentsInvalid(ToolError):
    """The arguments do not match the tool's JSON-Schema."""


class ToolTimeout(ToolError):
    """The tool did not finish within its time limit."""


class ToolDenied(ToolError):
    """The confirmation policy (or the user) refused the call."""


class ToolDeclined(ToolDenied):
    """The user, asked, said no: the user's own choice, not a failure."""
