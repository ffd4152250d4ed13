"""The client features tars offers MCP servers: roots, sampling and elicitation callbacks.

One `Features` per manager; each connection asks it for its ClientSession callbacks, bound to
that server's entry. Offering a callback is what advertises the capability, so servers show the
tools that need them. See `tars.mcp.roots`, `tars.mcp.sampling` and `tars.mcp.elicitation`.
"""

from __future__ import annotations

from typing import Any

from tars.mcp.asking import Asker
from tars.mcp.elicitation import Elicitor
from tars.mcp.roots import Roots
from tars.mcp.sampling import Sampler

__all__ = ["Features"]


class Features:
    """Roots always; sampling when a model is given; elicitation always (a pipe declines)."""

    def __init__(self, *, roots: Roots | None = None, sampler: Sampler | None = None,
                 elicitor: Elicitor | None = None, asker: Asker | None = None) -> None:
        self.asker = asker or Asker()
        self.roots = roots or Roots()
        self.sampler = sampler
        self.elicitor = elicitor or Elicitor(self.asker)

    @classmethod
    def for_session(cls, session: Any) -> Features:
        """The features of a tars session: its working folder, its primary model and its terminal."""
        asker = Asker.for_session(session)
        config = session.config

        def model_for(server: Any) -> Any:
            if server.sampling_model:
                from tars.modelspec import parse_model
                from tars.providers import make_provider

                return make_provider(parse_model(server.sampling_model), config)
            primary = session.escalation.primary
            return getattr(primary, "inner", primary)  # the model itself, not pipeline mode's tool steps

        sampler = Sampler(model_for, asker, per_minute=config.mcp_sampling_limit)
        return cls(sampler=sampler, asker=asker)

    def session_kwargs(self, conn: Any) -> dict[str, Any]:
        """The ClientSession callbacks for one connection (`conn.config` is its entry)."""
        import mcp_types as types

        config = conn.config

        async def list_roots(context: Any) -> types.ListRootsResult:
            return types.ListRootsResult(roots=[
                types.Root(uri=path.as_uri(), name=path.name or str(path))  # type: ignore[arg-type]
                for path in self.roots.for_server(config)])

        async def elicit(context: Any, params: Any) -> Any:
            return await self.elicitor(config, params)

        kwargs: dict[str, Any] = {"list_roots_callback": list_roots, "elicitation_callback": elicit}
        if self.sampler is not None:
            sampler = self.sampler

            async def sample(context: Any, params: Any) -> Any:
                return await sampler(config, params)

            kwargs["sampling_callback"] = sample
        return kwargs
