"""`python -m tars` runs the CLI."""

from tars.cli import main

main()
