"""Sampling: a server asks tars's model for a completion, answered by the primary model.

The user approves each request on the terminal, seeing the server, the first lines of its prompt
and the model that will answer (an entry's `"samplingModel"` picks another). Without a terminal it
is refused unless `--yes`. Requests are counted per server and limited to
`TARS_MCP_SAMPLING_LIMIT` a minute. The model runs in a worker thread (providers are synchronous)
and gets no tools: a server's prompt is untrusted text, so it may only make the model write.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from typing import Any

import anyio
import mcp_types as types

from tars.mcp.asking import Asker
from tars.mcp.config import ServerConfig
from tars.messages import Message, latest_user_text

__all__ = ["Sampler"]

USER_REJECTED = -1  # the code the MCP specification uses for a request the user rejected
_PREVIEW_LINES = 6


class Sampler:
    """Answers `sampling/createMessage` for every server of a manager."""

    def __init__(self, model_for: Callable[[ServerConfig], Any], asker: Asker, *, per_minute: int = 10) -> None:
        self.model_for = model_for  # ServerConfig -> a Provider (the primary, or the entry's samplingModel)
        self.asker = asker
        self.per_minute = per_minute
        self.counts: dict[str, int] = {}  # answered requests per server, for /mcp and tests
        self.refused: dict[str, int] = {}
        self._recent: dict[str, deque[float]] = {}

    async def __call__(self, config: ServerConfig, params: types.CreateMessageRequestParams) -> Any:
        server = config.name
        if not self._allowed(server):
            return self._refuse(server, f"sampling refused: {server} asked more than {self.per_minute} "
                                        "times in a minute (TARS_MCP_SAMPLING_LIMIT)")
        try:
            provider = self.model_for(config)
        except Exception as exc:  # noqa: BLE001 - a bad samplingModel is the server's error result
            return self._refuse(server, f"sampling unavailable: {exc}", code=types.INTERNAL_ERROR)
        model = f"{getattr(provider, 'provider', '?')}:{getattr(provider, 'model', '?')}"
        messages = [_message(m) for m in params.messages]
        if not await anyio.to_thread.run_sync(self._approved, server, messages, model):
            return self._refuse(server, "the user declined the sampling request")
        try:
            text = await anyio.to_thread.run_sync(_complete, provider, messages, params.system_prompt or "",
                                                  abandon_on_cancel=True)
        except Exception as exc:  # noqa: BLE001 - a model failure is the server's error result
            return self._refuse(server, f"the model failed: {type(exc).__name__}: {exc}", code=types.INTERNAL_ERROR)
        self.counts[server] = self.counts.get(server, 0) + 1
        return types.CreateMessageResult(role="assistant", content=types.TextContent(type="text", text=text),
                                         model=model, stop_reason="endTurn")

    def _allowed(self, server: str) -> bool:
        now = time.monotonic()
        recent = self._recent.setdefault(server, deque())
        while recent and now - recent[0] > 60:
            recent.popleft()
        if len(recent) >= self.per_minute:
            return False
        recent.append(now)
        return True

    def _approved(self, server: str, messages: list[Message], model: str) -> bool:
        mode = self.asker.mode
        if mode != "ask":
            return mode == "yes"
        prompt = latest_user_text(messages)
        lines = prompt.strip().splitlines() or ["(empty prompt)"]
        with self.asker.session() as ask:
            ask.say(f"MCP server {server} asks {model} to write a reply ({len(messages)} message(s)); it asks:")
            for line in lines[:_PREVIEW_LINES]:
                ask.say(f"  │ {line[:200]}")
            if len(lines) > _PREVIEW_LINES:
                ask.say(f"  │ … {len(lines) - _PREVIEW_LINES} more lines")
            answer = ask.line(f"let {model} answer {server}? [y/N] ")
        return (answer or "").strip().lower() in ("y", "yes")

    def _refuse(self, server: str, why: str, code: int = USER_REJECTED) -> types.ErrorData:
        self.refused[server] = self.refused.get(server, 0) + 1
        return types.ErrorData(code=code, message=why)


def _message(sampling: types.SamplingMessage) -> Message:
    blocks = sampling.content if isinstance(sampling.content, list) else [sampling.content]
    parts = []
    for block in blocks:
        if isinstance(block, types.TextContent):
            parts.append(block.text)
        else:
            parts.append(f"[{getattr(block, 'type', '') or 'unknown'} content omitted]")
    return Message(role="assistant" if sampling.role == "assistant" else "user", content="\n".join(parts))


def _complete(provider: Any, messages: list[Message], system: str) -> str:
    from tars.events import TextDelta

    return "".join(e.text for e in provider.stream(messages, system=system) if isinstance(e, TextDelta))
