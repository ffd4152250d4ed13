"""Atomic writes: whole-file replacement, modes kept, and no temp files left after a failure."""

from __future__ import annotations

import os
import stat

import pytest

from tars.atomic import atomic_write, update_file


def test_new_files_are_private_and_modes_are_kept(tmp_path):
    note = tmp_path / "sub" / "n.md"
    atomic_write(note, "one\n")
    assert note.read_text() == "one\n" and stat.S_IMODE(note.stat().st_mode) == 0o600
    os.chmod(note, 0o644)  # the user shared it: that stays so
    atomic_write(note, "two\n")
    assert note.read_text() == "two\n" and stat.S_IMODE(note.stat().st_mode) == 0o644


def test_a_failed_change_leaves_the_file_and_no_temp_files(tmp_path):
    tmp_path = tmp_path / "folder"
    tmp_path.mkdir()
    note = tmp_path / "n.md"
    note.write_text("keep me\n")

    def boom(old: str) -> str:
        raise ValueError("model changed its mind")

    with pytest.raises(ValueError):
        update_file(note, boom, lock_path=tmp_path / ".tars.lock")
    assert note.read_text() == "keep me\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == [".tars.lock", "n.md"]


def test_replacing_a_symlink_replaces_the_link_not_its_target(tmp_path):
    target = tmp_path / "outside.md"
    target.write_text("outside\n")
    link = tmp_path / "vault.md"
    link.symlink_to(target)
    atomic_write(link, "new\n")
    assert target.read_text() == "outside\n" and not link.is_symlink() and link.read_text() == "new\n"
