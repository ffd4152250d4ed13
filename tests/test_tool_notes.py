"""Notes vault tools on a temporary folder: daily notes, hostile paths, atomic and concurrent writes."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pytest

from tars.config import load_config
from tars.events import ToolCall
from tars.tools import ToolRegistry
from tars.tools.builtin import note_tools
from tars.tools.search_index import SearchIndex

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def vault(tmp_path: Path) -> Path:
    folder = tmp_path / "vault"
    folder.mkdir()
    return folder


def registry(vault: Path, **env) -> ToolRegistry:
    config = load_config(environ={"TARS_NOTES_DIR": str(vault), **env})
    return ToolRegistry(note_tools(config, SearchIndex(vault.parent / "index.db")))


def run(reg, name, confirm=None, **arguments):
    return reg.run(ToolCall(name=name, arguments=arguments), confirm=confirm)


def test_daily_note_uses_folder_and_format(vault):
    reg = registry(vault, TARS_DAILY_FOLDER="Journal/Daily", TARS_DAILY_FORMAT="%d.%m.%Y")
    out = run(reg, "note_daily", text="Bought a new bike").output
    expected = vault / "Journal" / "Daily" / (datetime.now().strftime("%d.%m.%Y") + ".md")
    assert out["path"] == expected.relative_to(vault).as_posix()
    run(reg, "note_daily", text="Called Mum")
    assert expected.read_text() == "- Bought a new bike\n- Called Mum\n"
    shown = run(reg, "note_daily").output["confirmation"]  # today's note, shown as it is
    assert shown == f"{out['path']}:\n\n- Bought a new bike\n- Called Mum"


def test_write_refuses_to_overwrite_unless_asked_and_overwrite_asks(vault):
    reg = registry(vault)
    assert run(reg, "note_write", path="Ideas/garden", content="# Garden\nplant tomatoes").output["status"] == "created"
    note = vault / "Ideas" / "garden.md"
    result = run(reg, "note_write", path="Ideas/garden.md", content="gone")
    assert result.is_error and "already exists" in result.text
    result = run(reg, "note_write", path="Ideas/garden.md", content="gone", overwrite=True)
    assert result.is_error and "--yes" in result.text  # overwriting asks; nobody can answer here
    assert note.read_text() == "# Garden\nplant tomatoes\n"
    result = run(reg, "note_write", confirm=lambda *_: True, path="Ideas/garden.md", content="new", overwrite=True)
    assert result.output["status"] == "overwritten" and note.read_text() == "new\n"
    # a new note named like one in a folder says so: "garden" alone now names two
    assert run(reg, "note_write", path="garden", content="x").output["confirmation"] == (
        "Created the note garden.md (1 character). There is also Ideas/garden.md.")
    (vault / "Old").mkdir()
    (vault / "Old" / "plan.md").write_text("x\n")
    (vault / "Ideas" / "plan.md").write_text("y\n")
    assert run(reg, "note_write", path="plan", content="z").output["confirmation"].endswith(
        "There are also Ideas/plan.md and Old/plan.md.")


def test_read_append_and_missing(vault):
    reg = registry(vault)
    run(reg, "note_append", path="log.md", text="first")
    (vault / "log.md").write_text((vault / "log.md").read_text() + "no newline")
    run(reg, "note_append", path="log", text="second")
    assert run(reg, "note_read", path="log.md").output["text"] == "first\nno newline\nsecond\n"
    result = run(reg, "note_read", path="nope.md")
    assert result.is_error and "no note" in result.text


HOSTILE = ["/etc/passwd", "../outside.md", "a/../../outside.md", "..\\outside.md", "C:\\Windows\\win.ini",
           "~/.bashrc", ".obsidian/plugins.md", "sub/.git/config", "evil\x00.md", "escape/secret.md", "link.md",
           "note.sh"]


@pytest.mark.parametrize("path", HOSTILE)
def test_hostile_paths_are_refused_for_every_operation(vault, path):
    outside = vault.parent / "outside"
    outside.mkdir(exist_ok=True)
    (outside / "secret.md").write_text("top secret")
    (vault.parent / "outside.md").write_text("outside")
    if not (vault / "escape").exists():
        os.symlink(outside, vault / "escape")
        os.symlink(outside / "secret.md", vault / "link.md")
    reg = registry(vault)
    for name, args in [("note_read", {}), ("note_append", {"text": "x"}),
                       ("note_write", {"content": "x", "overwrite": True})]:
        result = run(reg, name, confirm=lambda *_: True, path=path, **args)
        if path == "note.sh":  # not a note: gets .md added, so it stays a harmless note inside the vault
            continue
        assert result.is_error, (name, path, result)
    assert (outside / "secret.md").read_text() == "top secret"
    assert (vault.parent / "outside.md").read_text() == "outside"
    assert not (vault.parent / "note.sh").exists() and not (vault / "note.sh").exists()


def test_a_name_too_long_for_the_file_system_is_a_tool_error_for_every_operation(vault):
    reg = registry(vault)
    for name, args in [("note_read", {}), ("note_append", {"text": "x"}), ("note_write", {"content": "x"})]:
        result = run(reg, name, confirm=lambda *_: True, path="a" * 300, **args)
        assert result.is_error and "at most 255 bytes" in str(result.output), (name, result)


def test_symlink_into_a_hidden_folder_is_refused(vault):
    (vault / ".obsidian").mkdir()
    (vault / ".obsidian" / "workspace.md").write_text("config\n")
    os.symlink(vault / ".obsidian", vault / "settings")
    result = run(registry(vault), "note_append", path="settings/workspace.md", text="x")
    assert result.is_error and "hidden" in result.text
    assert (vault / ".obsidian" / "workspace.md").read_text() == "config\n"


def test_no_vault_names_the_setting(tmp_path):
    reg = ToolRegistry(note_tools(load_config(environ={}), SearchIndex(tmp_path / "i.db")))
    result = run(reg, "note_read", path="x")
    assert result.is_error and "TARS_NOTES_DIR" in result.text


def test_search_follows_edits_made_outside_tars(vault):
    reg = registry(vault)
    run(reg, "note_write", path="Recipes/bread.md", content="# Sourdough\nFeed the starter with rye flour.")
    (vault / "Travel.md").write_text("# Japan trip\nKyoto temples in April, book the ryokan.\n")
    hits = run(reg, "notes_search", query="ryokan booking").output["results"]
    assert [h["path"] for h in hits] == ["Travel.md"] and "[ryokan]" in hits[0]["snippet"]
    (vault / "Travel.md").write_text("# Japan trip\nKyoto temples in April.\n")  # edited outside tars
    assert run(reg, "notes_search", query="ryokan").output["count"] == 0
    (vault / "Recipes" / "bread.md").unlink()
    assert run(reg, "notes_search", query="starter").output["count"] == 0
    (vault / "Recipes" / "pasta.md").write_text("Fresh pasta needs flour and eggs.\n")
    top = run(reg, "notes_search", query="flour").output["results"]
    assert [h["path"] for h in top] == ["Recipes/pasta.md"]


def test_search_finds_every_kind_of_note_the_vault_reads(vault):
    """A .txt note could be read but was never found by a search."""
    (vault / "travel.txt").write_text("Passport expires in March.\n")
    (vault / "Old.MARKDOWN").write_text("Renew the passport photo.\n")
    (vault / "picture.png").write_bytes(b"passport")
    hits = run(registry(vault), "notes_search", query="passport").output["results"]
    assert sorted(h["path"] for h in hits) == ["Old.MARKDOWN", "travel.txt"]


def test_search_ranks_by_relevance(vault):
    (vault / "a.md").write_text("tomato " * 10 + "soup\n")
    (vault / "b.md").write_text("one tomato among many other words about gardens and sheds\n")
    hits = run(registry(vault), "notes_search", query="tomato").output["results"]
    assert [h["path"] for h in hits] == ["a.md", "b.md"]


_WRITER = """
import sys, time
from pathlib import Path
from tars.tools.search_index import SearchIndex
from tars.tools.notes import Vault
vault, tag, n, go = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]), Path(sys.argv[4])
v = Vault(vault, SearchIndex(vault.parent / f"{tag}.db"))
while not go.exists():
    time.sleep(0.005)
for i in range(n):
    v.append("shared.md", f"{tag} line {i}")
"""


def test_two_processes_appending_to_one_note_lose_nothing(vault, tmp_path):
    go = tmp_path / "go"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    procs = [subprocess.Popen([sys.executable, "-c", _WRITER, str(vault), tag, "60", str(go)], env=env)
             for tag in ("alpha", "beta")]
    go.touch()
    assert [p.wait(timeout=60) for p in procs] == [0, 0]
    lines = (vault / "shared.md").read_text().splitlines()
    assert len(lines) == 120
    for tag in ("alpha", "beta"):
        assert [ln for ln in lines if ln.startswith(tag)] == [f"{tag} line {i}" for i in range(60)]
    assert not [p for p in vault.iterdir() if p.name.endswith(".tmp")]  # no temp files left behind


def test_listing_shows_the_notes_newest_first_and_nothing_hidden_or_outside(vault):
    outside = vault.parent / "outside"
    outside.mkdir()
    (outside / "secret.md").write_text("top secret")
    os.symlink(outside, vault / "escape")
    os.symlink(outside / "secret.md", vault / "link.md")
    (vault / ".obsidian").mkdir()
    (vault / ".obsidian" / "workspace.md").write_text("config")
    (vault / "Projects").mkdir()
    for age, name in enumerate(["Projects/tars.md", "groceries.md", "ideas.txt"]):
        (vault / name).write_text("x")
        os.utime(vault / name, (1_700_000_000 - age * 3600,) * 2)
    (vault / "picture.png").write_bytes(b"png")
    reg = registry(vault)
    listed = run(reg, "notes_list").output
    assert [n["path"] for n in listed["notes"]] == ["Projects/tars.md", "groceries.md", "ideas.txt"]
    assert listed["count"] == 3 and not listed["truncated"]
    assert [n["path"] for n in run(reg, "notes_list", folder="Projects").output["notes"]] == ["Projects/tars.md"]
    for folder in ("escape", "../outside", "/etc", ".obsidian"):
        assert run(reg, "notes_list", folder=folder).is_error, folder
    assert "no folder" in run(reg, "notes_list", folder="Archive").text


def test_a_long_listing_says_how_many_it_left_out(vault):
    for i in range(60):
        (vault / f"note{i:02}.md").write_text("x")
    listed = run(registry(vault), "notes_list").output
    assert len(listed["notes"]) == 50 and listed["count"] == 60 and listed["truncated"]


def test_a_note_named_without_its_extension_or_with_another_is_found(vault):
    (vault / "groceries.md").write_text("milk, eggs\n")
    reg = registry(vault)
    for path in ("groceries", "groceries.txt", "groceries.md"):
        out = run(reg, "note_read", path=path).output
        assert out["path"] == "groceries.md" and out["text"] == "milk, eggs\n", path
    assert "no note 'shopping.md'" in run(reg, "note_read", path="shopping").text


def test_a_listing_is_answered_in_tars_own_words(vault):
    (vault / "groceries.md").write_text("milk, eggs\n")
    reg = registry(vault)
    assert run(reg, "notes_list").output["confirmation"] == \
        f"1 note in your notes vault:\n- groceries.md (changed {run(reg, 'notes_list').output['notes'][0]['modified']})"
    # a search is told as its matches (a small model had answered from memory instead of them)
    assert run(reg, "notes_search", query="eggs").output["confirmation"] == \
        "1 note matches 'eggs':\n- groceries.md: milk, [eggs]"
    assert run(reg, "notes_search", query="zebra").output["confirmation"] == "No note matches 'zebra'."
    (vault / "groceries.md").unlink()
    assert run(reg, "notes_list").output["confirmation"] == "There are no notes in your notes vault."


def test_a_folder_to_list_is_checked_itself_not_a_note_inside_it(vault):
    (vault / "Projects").mkdir()
    (vault / "Archive").mkdir()
    (vault / "Archive" / "old.md").write_text("x")
    (vault / "Projects" / "plan.md").write_text("x")
    os.symlink(vault / "Archive" / "old.md", vault / "Projects" / "x.md")
    listed = run(registry(vault), "notes_list", folder="Projects").output
    assert listed["folder"] == "Projects" and "Projects/plan.md" in [n["path"] for n in listed["notes"]]


def test_what_was_written_is_confirmed_in_tars_own_words(vault):
    reg = registry(vault)
    assert run(reg, "note_write", path="groceries", content="eggs and milk").output["confirmation"] == \
        "Created the note groceries.md (13 characters)."
    assert run(reg, "note_append", path="groceries", text="bread\nbutter").output["confirmation"] == \
        "Added to groceries.md: bread …"
    assert run(reg, "note_daily", text="Called Mum").output["confirmation"].startswith("Added to today's note (")


def test_a_note_asked_for_by_name_is_found_in_its_folder_and_shown(vault):
    (vault / "projects").mkdir()
    (vault / "projects" / "ideas.md").write_text("# Ideas\n- better follow-ups\n")
    reg = registry(vault)
    shown = run(reg, "note_read", path="ideas", show=True).output
    assert shown["path"] == "projects/ideas.md"
    assert shown["confirmation"] == "projects/ideas.md:\n\n# Ideas\n- better follow-ups"
    assert "confirmation" not in run(reg, "note_read", path="ideas").output  # a question about it: the model's
    run(reg, "note_append", path="ideas", text="- notes by name")  # the one note of that name, not a new one
    assert (vault / "projects" / "ideas.md").read_text().endswith("- notes by name\n")
    assert not (vault / "ideas.md").exists()
    (vault / "archive").mkdir()
    (vault / "archive" / "Ideas.txt").write_text("old\n")  # two notes of that name: which is not guessed
    for tool, args in (("note_read", {}), ("note_append", {"text": "x"})):
        told = run(reg, tool, path="ideas", **args)
        assert told.is_error and "2 notes are named 'ideas' (archive/Ideas.txt, projects/ideas.md)" in told.text
    assert not (vault / "ideas.md").exists()  # no third note made in the vault's root


def test_todays_note_is_where_the_settings_put_it_not_a_note_of_that_name_elsewhere(vault):
    (vault / "archive").mkdir()
    today = datetime.now().strftime("%Y-%m-%d")
    (vault / "archive" / f"{today}.md").write_text("an old copy\n")
    reg = registry(vault, TARS_DAILY_FOLDER="")
    assert run(reg, "note_daily").output["text"] == ""
    assert run(reg, "note_daily", text="Called Mum").output["path"] == f"{today}.md"
    assert (vault / "archive" / f"{today}.md").read_text() == "an old copy\n"


@pytest.mark.parametrize("message,read,append", [
    ("what's in my trip note?", {"path": "trip", "show": True}, None),
    ("show me the groceries note", {"path": "groceries", "show": True}, None),
    ("open the note called ideas", {"path": "ideas", "show": True}, None),
    ('add "check passport" to my trip note', None, {"path": "trip", "text": "check passport"}),
    ("add eggs to my groceries note please", None, {"path": "groceries", "text": "eggs"}),
    ("what's in my daily note?", None, None), ("read my notes", None, None),
    ("add a meeting at 3pm to my calendar", None, None),
])
def test_the_note_a_request_names(message, read, append):
    from tars.tools.note_requests import append_asked, read_asked

    assert (read_asked(message), append_asked(message)) == (read, append)


@pytest.mark.parametrize("message,args", [
    ("create a note called trip with packing list", {"path": "trip", "content": "packing list"}),
    ("write a note called shopping: eggs, milk, bread", {"path": "shopping", "content": "eggs, milk, bread"}),
    ('please create a note titled "Q4 goals" saying ship tars 2', {"path": "Q4 goals", "content": "ship tars 2"}),
    # quotes that only wrap the text are not the text's
    ("Create a note called ideas.md with the text 'build a bird feeder'",
     {"path": "ideas.md", "content": "build a bird feeder"}),
    ("write a note called q: “it's done” she said", {"path": "q", "content": "“it's done” she said"}),
    # no content, no name, or a word that names no note: the model's to read
    ("create a note called trip", None), ("write a note about my trip", None),
    ("create a note called daily with stuff", None),
    # content that points at something else: the model writes it out
    ("create a note called trip with what we discussed", None), ("create a note called shopping with this", None),
    ("create a note called w with today's weather", None),
])
def test_the_note_to_create_and_what_goes_in_it(message, args):
    """The embedded model wrote "create a note called trip with packing list" to notes/trip.md."""
    from tars.tools.note_requests import write_asked

    assert write_asked(message) == args


@pytest.mark.parametrize("message", ["add it to my trip note", "add this to my trip note please"])
def test_a_pronoun_is_no_text_to_append(message):
    """What "it" is, a model reads from the conversation: tars had appended the word "it"."""
    from tars.tools.note_requests import append_asked

    assert append_asked(message) is None
    assert append_asked('add "it" to my trip note') == {"path": "trip", "text": "it"}


@pytest.mark.parametrize("message,args", [
    ("list my notes", {}), ("what notes do I have?", {}), ("can you list my notes?", {}),
    ("show me all my notes please", {}),
    # a folder or a topic said: the model's to read
    ("list my notes about cats", None), ("which notes do i have in projects?", None),
    ("what notes do I have to sing", None),
])
def test_listing_every_note_takes_no_folder(message, args):
    """The embedded model, asked to "list my notes" after writing groceries.md, listed a folder
    named groceries."""
    from tars.tools.note_requests import list_asked

    assert list_asked(message) == args


@pytest.mark.parametrize("message", ["delete the groceries note", "please remove the old shopping note",
                                     "rename the trip note"])
def test_what_no_note_tool_does_is_told_not_pretended(router, message):
    """The embedded model answered "delete the groceries note" with "Deleted groceries.md"; nothing was."""
    decision = router.decide(message)
    assert not decision.needs_tools and decision.told.startswith("I can't do that: my note tools"), decision




# -- a change inside a note ------------------------------------------------------------------------
YES = lambda *_: True  # noqa: E731  # the user said yes at the prompt


@pytest.mark.parametrize("before, args, after", [
    # taken out of a list, its comma goes too; a line that held nothing else goes
    ("eggs, milk, bread\n- butter\n", {"old": "milk"}, "eggs, bread\n- butter\n"),
    ("eggs, milk, bread\n- butter\n", {"old": "Butter"}, "eggs, milk, bread\n"),
    ("- [ ] call Bob\n- [ ] buy milk\n", {"old": "call bob"}, "- [ ] buy milk\n"),
    # the line that is wholly the text wins over lines that mention it
    ("milk\nmilk chocolate\n", {"old": "milk"}, "milk chocolate\n"),
    ("eggs, milk\r\njam\r\n", {"old": "jam", "new": "honey"}, "eggs, milk\r\nhoney\r\n"),
    ("trip on Tuesday\n", {"old": "Tuesday", "new": "Wednesday"}, "trip on Wednesday\n"),
    # whole words, in the line's own case and spacing
    ("- eggs\n- egg timer\n", {"old": "egg", "new": "kitchen"}, "- eggs\n- kitchen timer\n"),
    ("Straße milk\n", {"old": "MILK", "new": "oat milk"}, "Straße oat milk\n"),
    ("- list\n    - milk, eggs\n", {"old": "eggs"}, "- list\n    - milk\n"),
    ("Buy milk.\n# Shopping\n", {"old": "shopping"}, "Buy milk.\n"),
])
def test_an_edit_changes_one_line_and_keeps_the_rest(vault, before, args, after):
    (vault / "shopping.md").write_bytes(before.encode())
    result = run(registry(vault), "note_edit", confirm=YES, path="shopping", **args)
    assert not result.is_error, result.text
    assert (vault / "shopping.md").read_bytes().decode() == after


def test_an_edit_of_text_on_no_line_or_on_several_changes_nothing(vault):
    (vault / "shopping.md").write_text("milk chocolate\noat milk\n")
    reg = registry(vault)
    several = run(reg, "note_edit", confirm=YES, path="shopping", old="milk")
    assert several.is_error and "2 lines" in several.text and "oat milk" in several.text
    missing = run(reg, "note_edit", confirm=YES, path="shopping", old="bread")
    assert missing.is_error and "no line" in missing.text
    assert run(reg, "note_edit", confirm=YES, path="nothing", old="x").is_error
    assert run(reg, "note_edit", confirm=YES, path="shopping", old="milk chocolate", new="a\nb").is_error
    assert run(reg, "note_edit", confirm=YES, path="shopping", old="choc").is_error  # no whole word
    assert (vault / "shopping.md").read_text() == "milk chocolate\noat milk\n"
    (vault / "latin1.md").write_bytes("caf\xe9 milk\n".encode("latin-1"))
    broken = run(reg, "note_edit", confirm=YES, path="latin1", old="milk")
    assert broken.is_error and "not UTF-8" in broken.text


def test_an_edit_asks_first_and_says_what_changed(vault):
    (vault / "shopping.md").write_text("eggs, milk, bread\n")
    reg = registry(vault)
    refused = run(reg, "note_edit", path="shopping", old="milk")  # nobody can answer here
    assert refused.is_error and "--yes" in refused.text
    assert (vault / "shopping.md").read_text() == "eggs, milk, bread\n"
    done = run(reg, "note_edit", confirm=YES, path="shopping", old="milk")
    assert done.output["confirmation"] == "Took “milk” out of shopping.md: the line is now “eggs, bread”."


def test_taking_out_several_items_takes_out_each(vault):
    """"cross bread and milk off my shopping note" named two items that no line holds together."""
    (vault / "shopping.md").write_text("eggs, milk, bread\n- butter\n")
    reg = registry(vault)
    done = run(reg, "note_edit", confirm=YES, path="shopping", old="bread and milk")
    assert done.output["confirmation"] == "Took “bread” and “milk” out of shopping.md: the line is now “eggs”."
    assert (vault / "shopping.md").read_text() == "eggs\n- butter\n"
    both = run(reg, "note_edit", confirm=YES, path="shopping", old="eggs, butter")
    assert "removed the line “eggs”; removed the line “- butter”" in both.text
    assert (vault / "shopping.md").read_text() == ""
    (vault / "shopping.md").write_text("eggs, milk\n")
    missing = run(reg, "note_edit", confirm=YES, path="shopping", old="jam and milk")
    assert missing.is_error and "holds 'jam'" in missing.text  # the item no line holds is named; nothing changes
    assert (vault / "shopping.md").read_text() == "eggs, milk\n"
    (vault / "shopping.md").write_text("- mac and cheese\n- milk\n- eggs and ham\n")
    run(reg, "note_edit", confirm=YES, path="shopping", old="mac and cheese and milk")  # an item with "and"
    assert (vault / "shopping.md").read_text() == "- eggs and ham\n"
    run(reg, "note_edit", confirm=YES, path="shopping", old="ham and eggs")  # both items of the line
    assert (vault / "shopping.md").read_text() == ""
    (vault / "shopping.md").write_text("Shopping: bread, milk, eggs\nMeeting with Bob, Alice and Carol\n"
                                       "ham, jam and cream\n")
    for item in ("bread", "Alice", "cream"):  # after a label, before "and", between "," and "and"
        assert not run(reg, "note_edit", confirm=YES, path="shopping", old=item).is_error, item
    assert (vault / "shopping.md").read_text() == "Shopping: milk, eggs\nMeeting with Bob and Carol\nham, jam\n"


def test_taking_out_part_of_a_listed_item_is_refused_not_left_broken(vault):
    """"take milk off my shopping note" had left "- almond" of "- almond milk"."""
    (vault / "shopping.md").write_text("- almond milk\n- bread\n")
    reg = registry(vault)
    part = run(reg, "note_edit", confirm=YES, path="shopping", old="milk")
    assert part.is_error and "part of the item 'almond milk'" in part.text
    assert (vault / "shopping.md").read_text() == "- almond milk\n- bread\n"
    (vault / "shopping.md").write_text("milk, almond milk\nCall mum about the trip tomorrow\n")
    run(reg, "note_edit", confirm=YES, path="shopping", old="milk")  # the whole item "milk" is there
    run(reg, "note_edit", confirm=YES, path="shopping", old="tomorrow")  # prose is edited as asked
    assert (vault / "shopping.md").read_text() == "almond milk\nCall mum about the trip\n"
    # a request read without its article ("remove The Hobbit" as "Hobbit") takes the whole item
    (vault / "reading.md").write_text("- The Hobbit\n- Dune\n")
    done = run(reg, "note_edit", confirm=YES, path="reading", old="Hobbit")
    assert done.output["confirmation"] == "Took “The Hobbit” out of reading.md: removed the line “- The Hobbit”."
    (vault / "shopping.md").write_text("salt and pepper\nsalt\n")
    run(reg, "note_edit", confirm=YES, path="shopping", old="salt and pepper")  # held whole: one item
    assert (vault / "shopping.md").read_text() == "salt\n"


@pytest.mark.parametrize("message, args", [
    ("delete the milk line in my shopping note", {"path": "shopping", "old": "milk"}),
    ("remove milk from my shopping note", {"path": "shopping", "old": "milk"}),
    ('please remove "call Bob" from my todo note', {"path": "todo", "old": "call Bob"}),
    ("change eggs to 12 eggs in my shopping note", {"path": "shopping", "old": "eggs", "new": "12 eggs"}),
    ("replace 'Tuesday' with 'Wednesday' in the trip note", {"path": "trip", "old": "Tuesday", "new": "Wednesday"}),
    # a place in the note rather than its text, a whole note, other things: the model's to read
    ("remove the last line of my shopping note", None), ("remove the duplicate lines from my notes", None),
    ("remove the date from my journal note", None), ("remove the line about milk from my shopping note", None),
    ("change eggs to 12 eggs and milk to oat milk in my shopping note", None),
    ("delete my shopping note", None), ("remove the milk from the fridge", None),
    # crossed or taken off, and a two-word name
    ("cross bread off my shopping list note", {"path": "shopping list", "old": "bread"}),
    ("take the milk line out of my shopping note", {"path": "shopping", "old": "milk"}),
    ("take a look at my shopping note", None),
])
def test_the_edit_a_request_states(message, args):
    from tars.tools.note_requests import edit_asked

    assert edit_asked(message) == args


def test_an_edit_request_reaches_the_edit_tool_not_append(tmp_path):
    """Offered note_append only, the embedded model had added "delete the milk line in my shopping
    note" to a new note called "shopping notes"."""
    from tars.pipeline import PipelineProvider
    from tars.pipeline.grounding import Grounds
    from tars.providers.scripted import ScriptedProvider
    from tars.session import Session

    vault = tmp_path / "vault"
    vault.mkdir()
    (vault / "shopping.md").write_text("eggs, milk, bread\n")
    config = load_config(environ={"TARS_NOTES_DIR": str(vault)}).replace(tool_mode="pipeline")
    tools = note_tools(config, SearchIndex(tmp_path / "index.db"))
    session = Session(config, primary=PipelineProvider(ScriptedProvider([]), grounds=Grounds()),
                      tools=ToolRegistry(tools), confirm=YES)
    reply = session.send("delete the milk line in my shopping note")
    assert reply.text == "Took “milk” out of shopping.md: the line is now “eggs, bread”."
    assert sorted(p.name for p in vault.glob("*.md")) == ["shopping.md"]
    assert (vault / "shopping.md").read_text() == "eggs, bread\n"


def test_a_note_named_in_other_words_is_found_or_its_likes_are_named(vault):
    """"my shopping list note" is Shopping-List.md when that is what there is; with only shopping.md,
    tars says there is no such note and names shopping.md rather than editing a note it guessed."""
    reg = registry(vault)
    (vault / "Shopping-List.md").write_text("eggs, milk\n")
    assert run(reg, "note_read", path="shopping list").output["path"] == "Shopping-List.md"
    (vault / "Shopping-List.md").unlink()
    (vault / "shopping.md").write_text("eggs, milk\n")
    missing = run(reg, "note_edit", confirm=YES, path="shopping list", old="milk")
    assert missing.is_error and "no note 'shopping list.md'" in missing.text and "shopping.md" in missing.text
    assert (vault / "shopping.md").read_text() == "eggs, milk\n"
    assert "like name" not in run(reg, "note_read", path="recipes").text
    # with its folder given, in that folder; two spellings side by side are told apart by name
    (vault / "Projects").mkdir()
    (vault / "Projects" / "Packing-List.md").write_text("socks\n")
    run(reg, "note_append", path="Projects/packing list", text="hat")
    assert (vault / "Projects" / "Packing-List.md").read_text() == "socks\nhat\n"
    assert sorted(p.name for p in (vault / "Projects").iterdir()) == ["Packing-List.md"]
    (vault / "To-Do.md").write_text("a\n")
    (vault / "to_do.md").write_text("b\n")
    assert "give the note's exact name" in run(reg, "note_read", path="to do").text
    # the likeliest named first, and how many more there are
    for year in (2019, 2020, 2021):
        (vault / f"shopping-{year}.md").write_text("x\n")
    told = run(reg, "note_read", path="shopping list").text
    assert "like name: shopping.md, shopping-2019.md, shopping-2020.md and 1 more" in told


@pytest.mark.parametrize("message", ["remove milk from my shopping list note", "cross bread off the shopping note",
                                     "delete eggs from the shopping list note"])
def test_a_change_to_a_named_note_is_routed_to_the_edit(vault, message):
    """"remove milk from my shopping list note" had no notes cue (two words before "note"), and the
    embedded model answered it with a remembered fact."""
    from tars.routing import Router
    from tars.tools.builtin import builtin_tools

    decision = Router(builtin_tools(load_config(environ={"TARS_NOTES_DIR": str(vault)}))).decide(message)
    assert decision.family == "notes" and "note_edit" in decision.tool_hints and not decision.told


@pytest.mark.parametrize("message, args", [
    ("search my notes for passport", {"query": "passport"}), ("what did I write about the trip?", {"query": "trip"}),
    ('find "hotel" in my notes', {"query": "hotel"}), ("any notes about the dentist?", {"query": "dentist"}),
    # a pointer: what it points at, a model reads from the conversation
    ("what did I write about it?", None), ("search my notes for that", None),
    # more asked after it: the model's
    ("what did I write about the trip? Summarise it", None),
    ("search my notes for the word 'tax'", {"query": "tax"}),
])
def test_the_search_a_request_states(message, args):
    """The embedded model searched for the whole question ("what did I write about the trip")."""
    from tars.tools.note_requests import search_asked

    assert search_asked(message) == args


@pytest.mark.parametrize("message, args", [
    ("jot down: call the plumber", {"text": "call the plumber"}),
    ("add buy stamps to today's note", {"text": "buy stamps"}), ("what's in today's note?", {}),
    ("what did I jot down today?", {}), ("add it to today's note", None),
    ("what did I jot down about the trip?", None), ("add the summary to today's note", None),
    ("add your answer to today's note", None),
])
def test_the_daily_note_a_request_states(message, args):
    """The embedded model wrote "Buy stamps to today's note." into the note, and told today's note
    by its title rather than what it says."""
    from tars.tools.note_requests import daily_asked

    assert daily_asked(message) == args


def test_todays_note_read_is_shown_as_it_is(vault):
    reg = registry(vault)
    assert run(reg, "note_daily").output["confirmation"].startswith("There is no note for today yet (Daily/")
    run(reg, "note_daily", text="call the plumber")
    told = run(reg, "note_daily").output["confirmation"]
    assert told.startswith("Daily/") and told.endswith(":\n\n- call the plumber")


def test_an_addition_to_a_list_is_an_item_of_that_list(vault):
    """"add Neuromancer to my reading list note" had left a bare line, which markdown joins to the
    item before it ("Project Hail Mary Neuromancer")."""
    reg = registry(vault)
    (vault / "reading list.md").write_text("1. Dune\n2. Emma\n3. Project Hail Mary\n")
    run(reg, "note_append", path="reading list", text="Neuromancer")
    assert (vault / "reading list.md").read_text().endswith("3. Project Hail Mary\n4. Neuromancer\n")
    (vault / "shopping.md").write_text("- [x] milk\n")
    run(reg, "note_append", path="shopping", text="eggs, butter and flour")
    assert (vault / "shopping.md").read_text() == "- [x] milk\n- [ ] eggs\n- [ ] butter\n- [ ] flour\n"
    (vault / "diary.md").write_text("A quiet day.\n")
    run(reg, "note_append", path="diary", text="Rain, then sun, and a walk by the river.")  # prose stays prose
    assert (vault / "diary.md").read_text() == "A quiet day.\nRain, then sun, and a walk by the river.\n"


def test_one_thing_with_and_in_it_is_one_item_and_a_list_is_told_as_items(vault):
    """"add 'mac and cheese' to my shopping note" had written "- mac" and "- cheese", told as one."""
    reg = registry(vault)
    (vault / "shopping.md").write_text("- eggs\n")
    assert run(reg, "note_append", path="shopping", text="mac and cheese").output["confirmation"] == \
        "Added to shopping.md: mac and cheese"
    told = run(reg, "note_append", path="shopping", text="bread, butter and jam").output["confirmation"]
    assert told == "Added to shopping.md: bread, butter and jam (3 items)"
    assert (vault / "shopping.md").read_text() == "- eggs\n- mac and cheese\n- bread\n- butter\n- jam\n"


def test_adding_to_a_note_that_is_not_there_says_it_made_one_and_names_the_likely_one(vault):
    reg = registry(vault)
    (vault / "groceries.md").write_text("- milk\n")
    out = run(reg, "note_append", path="grocery", text="cheese").output
    assert out["status"] == "created"
    assert out["confirmation"] == "Created the note grocery.md (notes with a like name: groceries.md) with: cheese"


@pytest.mark.parametrize("message,tool", [("What's in my trip note?", "note_read"),
                                          ("what is in my trip note", "note_read"),
                                          ("put the passport in my trip note", "note_append")])
def test_asking_what_a_note_holds_is_a_read_not_an_addition(vault, message, tool):
    """README: "What's in my trip note?" shows the note with no model; it had been offered the
    append tool too, and a model asked to choose."""
    from tars.routing import Router
    from tars.tools.builtin import builtin_tools

    decision = Router(builtin_tools(load_config(environ={"TARS_NOTES_DIR": str(vault)}))).decide(message)
    assert decision.tool_hints == (tool,)


def test_a_long_note_asked_to_be_shown_is_shown_whole_with_no_model(vault, tmp_path):
    """A note of 11 KB had been cut to fit the small model's window, then handed to it."""
    (vault / "meeting.md").write_text("# Meeting\n" + "".join(
        f"- point {i}: discussed the quarterly budget and next steps for team {i}\n" for i in range(160)))
    env = dict(os.environ, TARS_MODEL_DEFAULT="openai:none", TARS_OPENAI_BASE_URL="http://127.0.0.1:9/v1",
               TARS_TOOL_MODE="pipeline", TARS_NOTES_DIR=str(vault), TARS_DATA_DIR=str(tmp_path / "data"),
               TARS_CONFIG_DIR=str(tmp_path / "config"))
    done = subprocess.run([sys.executable, "-m", "tars", "ask", "show me the meeting note"], capture_output=True,
                          text=True, stdin=subprocess.DEVNULL, timeout=60, env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.rstrip().endswith("- point 159: discussed the quarterly budget and next steps for team 159")
    assert "compacted" not in done.stderr
