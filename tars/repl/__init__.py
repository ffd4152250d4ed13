"""The interactive `tars chat` REPL: prompt, slash commands, conversation store."""

__all__: list[str] = []
