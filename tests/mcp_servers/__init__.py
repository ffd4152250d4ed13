"""MCP servers of the project's own, started as subprocesses by the MCP tests."""
