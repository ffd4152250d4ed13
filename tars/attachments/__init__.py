"""Attachments: files and URLs the user adds to a message (`tars ask -a`, `/attach`, `@path`)."""

from tars.attachments.compose import Attached, user_message
from tars.attachments.load import load

__all__ = ["Attached", "load", "user_message"]
