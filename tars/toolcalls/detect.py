"""Which tool-call format a model writes: setting > model-name table > chat template > sniffing."""

from __future__ import annotations

__all__ = ["detect_format"]


def detect_format(model: str | None = None, template: str | None = None,
                  setting: str | None = None) -> tuple[str, str]:
    if setting:
        return setting, "TARS_TOOL_FORMAT setting"
    return "auto", "no hint; sniffing the output"
