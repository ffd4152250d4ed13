"""`tars roles`: the roles in the config dir (roles/NAME.md) with their model, tools and description."""

from __future__ import annotations

import typer

__all__ = ["register", "role_rows"]


def register(app: typer.Typer) -> None:
    app.command("roles")(roles_command)


def roles_command() -> int:
    """List the roles (roles/NAME.md in the config dir): name, model, tools, description."""
    import sys

    from tars.cli.errors import EXIT_OK, EXIT_USAGE
    from tars.roles import role_files, roles_dir
    from tars.safe_text import terminal_safe

    files = role_files()
    if not files:
        print(terminal_safe(f"no roles yet: write {roles_dir()}/NAME.md (an optional front matter between --- "
                            "lines with model, tools, temperature, description; then the system prompt)"))
        return EXIT_OK
    rows, problems = role_rows(files)
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    for row in rows:
        print(terminal_safe("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=False)) + "  " + row[3])
              .rstrip())
    for problem in problems:
        print(terminal_safe(f"tars: {problem}"), file=sys.stderr)
    return EXIT_USAGE if problems else EXIT_OK


def role_rows(files: list) -> tuple[list[tuple[str, str, str, str]], list[str]]:
    """A header and one (name, model, tools, description) row per role; broken files as problems."""
    from tars.errors import ConfigError
    from tars.roles import parse_role

    rows = [("NAME", "MODEL", "TOOLS", "DESCRIPTION")]
    problems = []
    for path in files:
        try:
            role = parse_role(path)
        except ConfigError as exc:
            rows.append((path.stem, "", "", "(broken: see below)"))
            problems.append(str(exc))
            continue
        tools = "all" if role.tools is None else ", ".join(role.tools) or "none"
        rows.append((role.name, role.model or "(default)", tools, role.summary()[:80]))
    return rows, problems
