"""`tars chat`: the interactive session (the REPL lives in `tars.repl`)."""

from __future__ import annotations

import typer

__all__ = ["register"]


def register(app: typer.Typer) -> None:
    @app.command("chat")
    def chat_command(
        resume: bool = typer.Option(False, "--continue", "-c", help="resume the last conversation"),
        conversation: str | None = typer.Option(None, "--session", "-s",
                                                   help="reopen a stored conversation by number or name; "
                                                        "a new name starts a conversation with that name"),
        system: str | None = typer.Option(None, "--system",
                                          help="your instructions, added to tars's own system prompt"),
        role: str | None = typer.Option(None, "--role", "-r", help="answer in a role: roles/NAME.md in the "
                                        "config dir (`tars roles` lists them); flags win over its settings"),
        temperature: str | None = typer.Option(None, "--temperature", help="sampling temperature, 0 to 2"),
        model: str | None = typer.Option(None, "--model", "-m", help="primary model, provider:model or an alias"),
        remote: str | None = typer.Option(None, "--remote", help="remote model, provider:model, an alias or none"),
        yes: bool = typer.Option(False, "--yes", "-y", help="run tools that need confirmation without asking"),
    ) -> int:
        """Chat with tars: Enter sends, Esc-Enter adds a line, /help lists commands, Ctrl-D exits."""
        from rich.console import Console

        from tars.cli.conversation import open_conversation
        from tars.cli.settings import instruct, load_role, load_settings
        from tars.repl.app import Repl, load_command_modules
        from tars.repl.context_commands import summarised
        from tars.repl.store import ConversationStore
        from tars.repl.warmup import redirects_output, start_warmup
        from tars.session import Session

        flags = {k: v for k, v in (("model_default", model), ("model_remote", remote),
                                   ("temperature", temperature)) if v is not None}
        chosen_role = load_role(role)
        config = load_settings(flags, role=chosen_role)
        session = Session.from_config(config)
        session.settings_for_role = lambda other: load_settings(flags, role=other)  # /role: flags still win
        console = Console()
        load_command_modules()
        store = ConversationStore()
        repl = Repl(session, console, store, edit_mode=config.edit_mode)
        if yes:
            from tars.tools.registry import approve_all

            session.confirm = approve_all

        instruct(session, role=chosen_role, system=system)
        if resume or conversation:
            opened = open_conversation(store, resume=resume, name=conversation)
            if opened.existing:
                assert opened.id is not None
                repl.open(opened.id)
            else:
                repl.conversation_id = opened.id
            console.print(opened.note(summarised(session)), style="dim", markup=False, highlight=False,
                          soft_wrap=True)
        status = session.status()
        remote_name = status.get("remote") or "none"
        in_role = f" · role {chosen_role.name}" if chosen_role else ""
        console.print(f"tars · {status.get('primary')} · remote {remote_name}{in_role} · /help for commands · "
                      "Ctrl-D exits",
                      style="dim", markup=False, highlight=False, soft_wrap=True)
        warmup = start_warmup(session)  # after the lines above: a model load may hide output meanwhile
        if redirects_output(session.primary):
            with console.status(f"loading {session.primary.model}…", spinner="dots", spinner_style="dim"):
                warmup.primary_ready.wait()
        try:
            return repl.run()
        finally:
            store.close()
