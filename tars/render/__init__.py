"""Terminal output: streaming markdown for answers and compact status lines for each turn."""

__all__: list[str] = []
