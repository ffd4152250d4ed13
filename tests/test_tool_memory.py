"""Memory tools on a temporary folder: the markdown file, no duplicates, search, prompt context."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tars.config import load_config
from tars.events import ToolCall
from tars.routing import Router
from tars.tools import ToolRegistry
from tars.tools.builtin import builtin_tools, context_sections, memory_tools
from tars.tools.search_index import SearchIndex

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "memory"


def config(folder: Path, **env):
    return load_config(environ={"TARS_MEMORY_DIR": str(folder), **env})


def registry(folder: Path) -> ToolRegistry:
    return ToolRegistry(memory_tools(config(folder), SearchIndex(folder.parent / "index.db")))


def run(reg, name, **arguments):
    """Run as a user who confirms (memory_forget asks first)."""
    return reg.run(ToolCall(name=name, arguments=arguments), confirm=lambda tool, call: True)


def test_remember_writes_readable_markdown_sections(folder):
    reg = registry(folder)
    run(reg, "memory_remember", text="My sister Ana lives in Lisbon")
    run(reg, "memory_remember", text="Answer in metric units", kind="rule")
    run(reg, "memory_remember", text="Passport expires in March", kind="pinned")
    text = (folder / "memory.md").read_text()
    pinned, facts, rules = text.index("## Pinned"), text.index("## Facts"), text.index("## Rules")
    assert pinned < text.index("- Passport expires in March") < facts
    assert facts < text.index("- The user's sister Ana lives in Lisbon") < rules
    assert rules < text.index("- Answer in metric units")


def test_no_duplicates(folder):
    reg = registry(folder)
    assert run(reg, "memory_remember", text="I am allergic to peanuts").output["status"] == "remembered"
    again = run(reg, "memory_remember", text="  i am allergic to peanuts. ", kind="pinned").output
    assert again["status"] == "already remembered" and again["kind"] == "fact"
    assert (folder / "memory.md").read_text().count("peanuts") == 1


def test_update_and_forget_by_text(folder):
    reg = registry(folder)
    run(reg, "memory_remember", text="I drink green tea in the morning")
    run(reg, "memory_remember", text="I work at Acme")
    out = run(reg, "memory_update", old="green tea", new="I drink black coffee in the morning").output
    assert out["old"] == "The user drinks green tea in the morning"
    assert run(reg, "memory_forget", text="I work at Acme").output["status"] == "forgotten"
    items = run(reg, "memory_recall").output["items"]
    assert items == [{"kind": "fact", "text": "The user drinks black coffee in the morning"}]


def test_forgetting_my_dentist_forgets_what_is_known_of_the_dentist(folder):
    """The embedded model passed the whole request, "forget my dentist", which no memory says."""
    from tars.tools.stated import stated_args

    reg = registry(folder)
    run(reg, "memory_remember", text="My dentist is Dr. Park")
    run(reg, "memory_remember", text="My doctor is Dr. Lee")
    args = stated_args("memory_forget", "please forget my dentist")
    assert args == {"text": "my dentist"}
    assert run(reg, "memory_forget", **args).output["text"] == "The user's dentist is Dr. Park"
    assert [it["text"] for it in run(reg, "memory_recall").output["items"]] == ["The user's doctor is Dr. Lee"]
    assert stated_args("memory_forget", "forget it") is None


def test_ambiguous_or_unknown_changes_nothing(folder):
    reg = registry(folder)
    run(reg, "memory_remember", text="Ana likes jazz")
    run(reg, "memory_remember", text="Ana likes hiking")
    before = (folder / "memory.md").read_text()
    result = run(reg, "memory_forget", text="Ana likes")
    assert result.is_error and "jazz" in result.text and "hiking" in result.text
    result = run(reg, "memory_update", old="Bob's car", new="x")
    assert result.is_error and "no memory matches" in result.text
    assert (folder / "memory.md").read_text() == before


def test_a_change_to_something_never_remembered_is_remembered_when_it_is_said_whole(folder):
    """"My address is now 5 Elm St" with no address remembered: the new fact, not an error."""
    reg = registry(folder)
    run(reg, "memory_remember", text="My dentist is Dr. Lee")
    out = run(reg, "memory_update", old="my address", new="My address is 5 Elm St").output
    assert out["status"] == "remembered" and out["confirmation"] == (
        "Remembered: Your address is 5 Elm St. (Nothing about your address was remembered before.)")
    assert run(reg, "memory_update", old="my dentist", new="My dentist is Dr. Park").output["confirmation"] == \
        "Updated: Your dentist is Dr. Lee -> Your dentist is Dr. Park."


def test_users_own_edits_are_kept_and_understood(folder):
    folder.mkdir(parents=True)
    (folder / "memory.md").write_text(
        "# My memory\n\nSome intro I wrote.\n\n## Procedural rules\n\n* Never book flights before 9am\n\n"
        "## Semantic facts\n\n- Cat is called Miso\n\n## Misc\n\n- not a memory item\n")
    reg = registry(folder)
    kinds = {i["text"]: i["kind"] for i in run(reg, "memory_recall").output["items"]}
    assert kinds == {"Never book flights before 9am": "rule", "Cat is called Miso": "fact"}
    run(reg, "memory_remember", text="Dog is called Pixel")
    text = (folder / "memory.md").read_text()
    assert "Some intro I wrote." in text and "- not a memory item" in text
    assert text.index("- Dog is called Pixel") < text.index("## Misc")


def test_search_is_ranked_and_follows_outside_edits(folder):
    reg = registry(folder)
    run(reg, "memory_remember", text="My dentist is Dr. Silva on Rua Augusta")
    run(reg, "memory_remember", text="Favourite food is ramen")
    hits = run(reg, "memory_search", query="who is my dentist").output["results"]
    assert hits[0]["snippet"].startswith("The user's [dentist]") and hits[0]["section"] == "Facts"
    text = (folder / "memory.md").read_text().replace("Dr. Silva", "Dr. Costa")
    (folder / "memory.md").write_text(text)  # the user edits the file in their editor
    (folder / "people.md").write_text("# People\n- Costa's receptionist is Rita\n")
    snippets = [h["snippet"] for h in run(reg, "memory_search", query="Costa").output["results"]]
    assert len(snippets) == 2 and not any("Silva" in s for s in snippets)


def test_context_section_pins_rules_and_relevant_facts_within_budget(folder):
    reg = registry(folder)
    run(reg, "memory_remember", text="Partner's birthday is 12 June", kind="pinned")
    run(reg, "memory_remember", text="Reply in British English", kind="rule")
    run(reg, "memory_remember", text="My bike is a green Brompton")
    run(reg, "memory_remember", text="My sister lives in Porto")
    [section] = context_sections(config(folder))
    text = section("should I cycle to work on my bike today?")
    assert "12 June" in text and "British English" in text and "Brompton" in text
    assert "Porto" not in text
    assert "Porto" in section("when do I visit my sister?")
    small = context_sections(config(folder, TARS_MEMORY_BUDGET="120"))[0]("my bike")
    assert len(small) <= 120 and "12 June" in small
    assert context_sections(config(folder.parent / "empty"))[0]("hello") is None


_REMEMBERER = """
import sys, time
from pathlib import Path
from tars.tools.search_index import SearchIndex
from tars.tools.memory import MemoryStore
folder, tag, go = Path(sys.argv[1]), sys.argv[2], Path(sys.argv[3])
m = MemoryStore(folder, SearchIndex(folder.parent / f"{tag}.db"))
while not go.exists():
    time.sleep(0.005)
for i in range(30):
    m.remember(f"{tag} fact number {i} " + "xyz" * (i % 3), "fact")
"""


def test_two_processes_remembering_at_once_lose_nothing(folder, tmp_path):
    go = tmp_path / "go"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    procs = [subprocess.Popen([sys.executable, "-c", _REMEMBERER, str(folder), tag, str(go)], env=env)
             for tag in ("red", "blue")]
    go.touch()
    assert [p.wait(timeout=60) for p in procs] == [0, 0]
    assert run(registry(folder), "memory_recall").output["count"] == 60
    lines = (folder / "memory.md").read_text().splitlines()
    for tag in ("red", "blue"):
        assert sum(ln.startswith(f"- {tag} fact number") for ln in lines) == 30


def test_near_but_different_items_are_both_kept(folder):
    reg = registry(folder)
    run(reg, "memory_remember", text="Team meeting is at 3pm on Mondays")
    assert run(reg, "memory_remember", text="Team meeting is at 4pm on Fridays").output["status"] == "remembered"
    assert run(reg, "memory_remember", text="the team meeting is at 3pm on mondays").output["status"] == \
        "already remembered"


def test_the_same_words_in_another_order_are_another_fact(folder):
    reg = registry(folder)
    run(reg, "memory_remember", text="my flight goes from Lisbon to Paris")
    assert run(reg, "memory_remember", text="my flight goes from Paris to Lisbon").output["status"] == "remembered"
    run(reg, "memory_remember", text="Ben is older than Anna")
    assert run(reg, "memory_remember", text="Anna is older than Ben").output["status"] == "remembered"


def test_a_near_spelling_names_an_item_but_another_word_does_not(folder):
    reg = registry(folder)
    run(reg, "memory_remember", text="I live in Braga")
    run(reg, "memory_remember", text="my dentist is Dr. Lee")
    before = (folder / "memory.md").read_text()
    wrong_place = run(reg, "memory_forget", text="I live in Lisbon")
    assert wrong_place.is_error and "no memory matches" in wrong_place.text
    wrong_role = run(reg, "memory_update", old="The user doctor is Dr. Lee", new="my doctor is Dr. Kim")
    assert wrong_role.is_error and "no memory matches" in wrong_role.text
    assert (folder / "memory.md").read_text() == before
    assert run(reg, "memory_forget", text="The user lives in Bragga").output["text"] == "The user lives in Braga"


def test_a_new_value_of_something_remembered_replaces_the_old_one(folder):
    """"my dentist is Dr. Patel" after "my dentist is Dr. Lee": recall had told both as true."""
    reg = registry(folder)
    run(reg, "memory_remember", text="my dentist is Dr. Lee")
    changed = run(reg, "memory_remember", text="my dentist is Dr. Patel").output
    assert changed["status"] == "updated" and changed["old"] == "The user's dentist is Dr. Lee"
    assert changed["confirmation"] == "Updated: Your dentist is Dr. Lee -> Your dentist is Dr. Patel."
    assert [it["text"] for it in run(reg, "memory_recall", query="dentist").output["items"]] == \
        ["The user's dentist is Dr. Patel"]
    # not a value: where it is, what it is called, one more of several, a state beside a name
    for first, second in [("my wifi password is hunter2", "my wifi password is in the blue notebook"),
                          ("my sister is called Ana", "my sister is called Eva"),
                          ("my favourite colour is blue", "my favourite colour is also green"),
                          ("my favourite food is pizza", "my favourite food is sushi too"),
                          ("my wife is Jane", "my wife is pregnant"), ("my mother is Linda", "my mother is 70"),
                          ("my flight is BA123", "my flight is delayed"), ("my friend is Bob", "my friend is Alice")]:
        run(reg, "memory_remember", text=first)
        assert run(reg, "memory_remember", text=second).output["status"] == "remembered", second
    text = (folder / "memory.md").read_text()
    assert all(kept in text for kept in ("hunter2", "Ana", "blue", "pizza", "Jane", "Linda", "BA123", "Bob"))
    # ... nor a nationality beside a name, any words beside a code, a time beside a flight number
    for first, second in [("my wife is Jane", "my wife is Spanish"), ("my doctor is Dr. Lee", "my doctor is Korean"),
                          ("my wifi password is hunter2", "my wifi password is written on the router"),
                          ("my pin is 1234", "my pin is secret"), ("my flight is BA123", "my flight is 9am")]:
        run(reg, "memory_remember", text=first)
        assert run(reg, "memory_remember", text=second).output["status"] == "remembered", second
    # a titled neighbour is one more neighbour; a favourite is one, whatever its form
    run(reg, "memory_remember", text="my neighbour is Mr. Smith")
    assert run(reg, "memory_remember", text="my neighbour is Mrs. Jones").output["status"] == "remembered"
    # one home: living somewhere new replaces where the user lived
    run(reg, "memory_remember", text="I live in Lisbon")
    moved = run(reg, "memory_remember", text="I live in Porto").output
    assert moved["status"] == "updated" and moved["old"] == "The user lives in Lisbon"
    run(reg, "memory_remember", text="my favourite band is the Beatles")
    assert run(reg, "memory_remember", text="my favourite band is Radiohead").output["status"] == "updated"
    # a new value, however the subject is spelled; a pinned one stays pinned
    run(reg, "memory_remember", text="my favorite color is red")
    run(reg, "memory_remember", text="my gym code is 4411", kind="pinned")
    assert run(reg, "memory_remember", text="my gym code is 9000").output["kind"] == "pinned"
    assert "4411" not in (folder / "memory.md").read_text()


def test_a_correction_or_a_fact_taken_back_replaces_the_old_one(folder):
    """"my sister's birthday is actually 13 March" had been kept beside "… is 12 March", and "I'm not
    allergic to peanuts anymore" beside "I am allergic to peanuts"."""
    reg = registry(folder)
    for fact in ("my sister's birthday is 12 March", "I am allergic to peanuts"):
        run(reg, "memory_remember", text=fact)
    assert run(reg, "memory_remember", text="my sister's birthday is actually 13 March").output["status"] == "updated"
    assert run(reg, "memory_remember", text="I'm not allergic to peanuts anymore").output["status"] == "updated"
    text = (folder / "memory.md").read_text()
    assert "12 March" not in text and "- The user is allergic to peanuts" not in text
    # "forget my sister" is about her things too
    assert run(reg, "memory_forget", text="my sister").output["text"] == \
        "The user's sister's birthday is 13 March"


def test_asked_for_a_birthday_recall_finds_when_the_user_was_born(folder):
    """"when is my birthday?" had told everyone's birthday but the user's ("born on 14 July 1990")."""
    reg = registry(folder)
    for fact in ("my sister's birthday is 12 March", "I was born on 14 July 1990", "I drink tea"):
        run(reg, "memory_remember", text=fact)
    told = run(reg, "memory_recall", query="my birthday").output
    assert "The user was born on 14 July 1990" in [item["text"] for item in told["items"]]
    assert "tea" not in told["confirmation"]


def test_a_rule_said_as_one_is_kept_among_the_rules(folder):
    """"remember: rule: always use celsius" had been kept as the fact "Rule: always use celsius"."""
    reg = registry(folder)
    done = run(reg, "memory_remember", text="rule: always use celsius").output
    assert done["kind"] == "rule" and done["text"] == "always use celsius"
    assert (folder / "memory.md").read_text().split("## Rules")[1].strip() == "- always use celsius"


def test_a_fact_kept_in_one_spelling_is_found_asked_in_the_other(folder):
    """"what's my favourite colour?" had found nothing of "my favorite color is red"."""
    reg = registry(folder)
    run(reg, "memory_remember", text="my favorite color is red")
    run(reg, "memory_remember", text="I drink tea")
    found = run(reg, "memory_recall", query="favourite colour").output
    assert found["count"] == 1 and found["confirmation"] == "From memory: Your favorite color is red."


def test_asked_about_someones_thing_recall_tells_the_facts_about_them(folder):
    """"what is my cat's name?" had been told every name kept, the user's own first."""
    reg = registry(folder)
    for fact in ("my name is Sam", "my wife's name is Ana", "my cat is called Tom"):
        run(reg, "memory_remember", text=fact)
    for query in ("cat's name", "what's my cat's name"):
        told = run(reg, "memory_recall", query=query).output["confirmation"]
        assert told == "From memory: Your cat is called Tom.", query
    # ... and of two favourites, the one asked for
    for fact in ("my favourite colour is green", "my favourite food is pizza"):
        run(reg, "memory_remember", text=fact)
    told = run(reg, "memory_recall", query="what's my favourite food").output["confirmation"]
    assert told == "From memory: Your favourite food is pizza."


def test_forgetting_asks_first_and_is_refused_when_nobody_can_answer(folder):
    reg = registry(folder)
    run(reg, "memory_remember", text="I work at Acme")
    refused = reg.run(ToolCall(name="memory_forget", arguments={"text": "Acme"}))
    assert refused.is_error and "--yes" in refused.text
    assert "Acme" in run(reg, "memory_recall").text


def test_a_fact_in_the_first_person_is_kept_as_a_sentence_about_the_user(folder):
    reg = registry(folder)
    out = run(reg, "memory_remember", text="my cat is called Miso").output
    assert out["text"] == "The user's cat is called Miso" and "file" not in out
    assert out["confirmation"] == "Remembered: Your cat is called Miso."  # stored about the user, told to them
    run(reg, "memory_remember", text="I always drink tea at 5")
    text = (folder / "memory.md").read_text()
    assert "- The user's cat is called Miso" in text and "- The user always drinks tea at 5" in text
    assert run(reg, "memory_forget", text="my cat is called Miso").output["status"] == "forgotten"
    # an adverb before the verb: it had become "The user nows live in Madrid"
    assert run(reg, "memory_remember", text="I now live in Madrid").output["text"] == "The user now lives in Madrid"
    assert run(reg, "memory_remember", text="I currently work at Acme").output["text"] == \
        "The user currently works at Acme"


def test_recall_tells_every_item_found_to_the_user_as_it_stands(folder):
    """Of two facts about the cat a small model retold one ("You remember that the user's cat is called
    Tom"); tars's own answer is every item found, in the second person."""
    reg = registry(folder)
    run(reg, "memory_remember", text="my cat is called Tom")
    run(reg, "memory_remember", text="I always walk to work")
    run(reg, "memory_remember", text="Miso is my cat")
    found = run(reg, "memory_recall", query="cat").output
    assert found["confirmation"] == "From memory: Your cat is called Tom. Miso is your cat."
    assert run(reg, "memory_recall", query="walk").output["confirmation"] == "From memory: You always walk to work."
    # nothing shares a word with the question: all of memory, since it may answer it in other words
    assert run(reg, "memory_recall", query="dog").output["confirmation"] == (
        "Nothing in memory mentions 'dog'. All it has: Your cat is called Tom. You always walk to work. "
        "Miso is your cat.")
    assert run(reg, "memory_recall", kind="rule").output["confirmation"] == "Nothing in memory among the rules."


@pytest.mark.parametrize("stored,told", [
    ("The user's sister lives in Porto and the user visits her", "Your sister lives in Porto and you visit her"),
    ("The user is allergic to peanuts", "You are allergic to peanuts"),
    ("The user's boss told the user lots of things", "Your boss told you lots of things"),
    ("when the user travels, the user brings tea", "when you travel, you bring tea"),
    ("The user doesn't eat pork", "You don't eat pork"), ("Answer in metric units", "Answer in metric units"),
    ("Anna thinks the user is funny", "Anna thinks you are funny"), ("only the user knows it", "only you know it"),
    ("The user's wife says the user snores", "Your wife says you snore"),
    ("The user moved to Rome", "You moved to Rome"),
    # "the user" before a word that is no verb is a thing, not the person: left as it is
    ("the user table has 5 columns", "the user table has 5 columns"),
])
def test_a_stored_line_told_back_in_the_second_person(stored, told):
    from tars.tools.fact_wording import second_person
    assert second_person(stored) == told


def test_a_day_named_from_today_is_stored_with_its_date(folder):
    """"My exam is tomorrow", read back next week, would be wrong: the day is kept with its date."""
    import datetime as dt

    reg = registry(folder)
    tomorrow = dt.datetime.now().astimezone().date() + dt.timedelta(days=1)
    stored = run(reg, "memory_remember", text="My exam is tomorrow").output
    assert stored["text"] == f"The user's exam is tomorrow ({tomorrow:%A %-d %B %Y})"
    assert run(reg, "memory_remember", text="Mum visits every monday").output["text"] == \
        "Mum visits every monday"  # a habit, not a day


@pytest.mark.parametrize("said,kept", [
    ("my passport expires next year", "The user's passport expires next year"),  # a year, not 1 January
    ("my sister is visiting next month", "The user's sister is visiting next month"),
    ("my last day at work was friday", "The user's last day at work was friday"),  # past: not next friday
])
def test_a_span_or_a_past_day_gets_no_date_made_up(folder, fixed_today, said, kept):
    assert run(registry(folder), "memory_remember", text=said).output["text"] == kept


def test_a_past_day_named_as_past_gets_its_date(folder, fixed_today):
    stored = run(registry(folder), "memory_remember", text="I started yoga last monday").output
    assert stored["text"] == "The user started yoga last monday (Monday 23 November 2026)"


@pytest.fixture
def fixed_today(monkeypatch):
    import datetime as dt

    from tars.tools import dates

    monkeypatch.setattr(dates, "now", lambda: dt.datetime(2026, 11, 27, 10, 0, tzinfo=dt.UTC))


@pytest.mark.parametrize("fact,told", [
    ("The user's daughter Ana was born on 2019-04-12", "7 years old; next birthday Monday 2027-04-12, in 136 days"),
    ("Sam was born on 14 march 1990 in Lyon", "36 years old; next birthday Sunday 2027-03-14, in 107 days"),
    ("The user's wife's birthday is on december 3", "next birthday Thursday 2026-12-03, in 6 days"),
    ("Tom's birthday is 27 november", "next birthday Friday 2026-11-27, today"),
    ("born 2020-02-29", "6 years old; next birthday Sunday 2027-02-28, in 93 days"),
    # no year: 29 February is still a birthday; a day past 12 says which of "31/12" is the month
    ("The user's son's birthday is february 29", "next birthday Sunday 2027-02-28, in 93 days"),
    ("Ana's birthday is 31/12", "next birthday Thursday 2026-12-31, in 34 days"),
    ("Ana's birthday is 12/31", "next birthday Thursday 2026-12-31, in 34 days"), ("Ana's birthday is 3/4", ""),
    ("Ana's birthday is 12/12", "next birthday Saturday 2026-12-12, in 15 days"),
    # no day of birth, or no birth at all: nothing to count
    ("The user's son was born in 2015", ""), ("The user's dentist appointment is on december 3", ""),
])
def test_a_remembered_birth_date_is_told_with_the_age_and_the_next_birthday(fixed_today, fact, told):
    from tars.tools.birthdays import counted

    assert counted(fact) == told


def test_asked_about_a_birthday_recall_counts_the_days_to_it(folder, fixed_today, router):
    """The embedded model, with "Ana was born on 2019-04-12" in its prompt, said she was 20 and
    counted the days to her birthday from her birth."""
    from tars.tools.stated import stated_args

    reg = registry(folder)
    run(reg, "memory_remember", text="My daughter Ana was born on 2019-04-12", kind="fact")
    for message in ("when is Ana's birthday?", "how many days until Ana's birthday?", "how many days until her "
                    "birthday?", "how long until my daughter's birthday"):
        assert router.decide(message).tool_hints == ("memory_recall",), message
    assert router.decide("how many days until christmas?").tool_hints == ("days_between",)
    args = stated_args("memory_recall", "how many days until Ana's birthday?")
    assert args == {"query": "Ana"}
    assert run(reg, "memory_recall", **args).output["confirmation"] == (
        "From memory: Your daughter Ana was born on 2019-04-12 (7 years old; next birthday Monday 2027-04-12, "
        "in 136 days).")


@pytest.mark.parametrize("message,args", [
    # the embedded model kept this as "Dr. Lee is the dentist, and you remember that your dentist is Dr. Lee"
    ("remember that my dentist is Dr. Lee", {"text": "My dentist is Dr. Lee"}),
    ("my sister lives in Porto, keep that in mind", {"text": "My sister lives in Porto"}),
    ("remember that I live at 5 Elm St. in Leeds", {"text": "I live at 5 Elm St. in Leeds"}),
    ("please remember: always answer in Spanish", {"text": "Always answer in Spanish", "kind": "rule"}),
    # the user's name said plainly (kept as "Sam, my name is Sam" by the embedded model)
    ("hi, my name is Sam", {"text": "My name is Sam", "kind": "pinned"}),
    ("call me Sam", {"text": "My name is Sam", "kind": "pinned"}), ("my name is not important", None),
    # a task, a question, a pointer, two facts: not one fact stated
    ("remember to buy milk", None), ("do you remember my name?", None), ("remember this", None),
    ("remember when we went to Paris?", None), ("remember my cat is Tom. And my dog is Rex.", None),
    ("remember my wife is vegetarian so dont suggest meat recipes", None),
    ("remember that my wife said no. My cat is Tom.", None),
    # one lasting fact, told plainly: the embedded model answered "The user's message: I live in Lisbon."
    ("I live in Lisbon", {"text": "I live in Lisbon"}), ("my cat is called Tom.", {"text": "my cat is called Tom"}),
    ("I'm allergic to peanuts", {"text": "I'm allergic to peanuts"}),
    # the embedded model answered "The user's memory file does not contain …" and kept nothing
    ("my favourite colour is green", {"text": "my favourite colour is green"}),
    ("my birthday is on 3 May.", {"text": "my birthday is on 3 May"}),
    ("my favourite colour is green, what's yours?", None), ("my birthday is tomorrow", None),
    ("my birthday is on which day", None), ("my birthday is ruined", None), ("my birthday is .", None),
    ("I work at a bank and need help with a cover letter", None), ("I'm tired", None),
    ("my car is red and old", None), ("actually my dentist is Dr. Park now", None),
])
def test_the_fact_a_request_to_remember_states(message, args):
    from tars.tools.memory_requests import remember_asked

    assert remember_asked(message) == args


@pytest.mark.parametrize("message,args", [
    # the embedded model echoed this back and changed nothing
    ("actually my dentist is Dr. Park now", {"old": "my dentist", "new": "My dentist is Dr. Park"}),
    ("my address is now 5 Elm St", {"old": "my address", "new": "My address is 5 Elm St"}),
    ("my favorite food is now sushi", {"old": "my favorite food", "new": "My favorite food is sushi"}),
    # no sign that it replaces anything, something else than one holder of a role, a negation, a
    # question: the model's to read
    ("my dentist is Dr. Park", None), ("is my dentist Dr. Park now?", None), ("my code is broken now", None),
    ("actually my son is 7 now", None), ("my wife is no longer vegetarian", None), ("my boss is no longer Tom", None),
    ("actually my question is about Python", None), ("my dentist is now Dr. Park, is that ok?", None),
])
def test_the_change_a_message_states(message, args):
    from tars.tools.memory_requests import update_asked

    assert update_asked(message) == args


def test_a_change_replaces_only_the_item_about_that_role(folder):
    """Matched by likeness, "my favorite food is now sushi" replaced the favourite colour."""
    reg = registry(folder)
    for fact in ("My favorite color is blue", "My son's teacher is Mrs. Brown", "My dentist is Dr. Lee"):
        run(reg, "memory_remember", text=fact)
    assert run(reg, "memory_update", old="my favorite food", new="My favorite food is sushi").output["status"] == \
        "remembered"
    assert run(reg, "memory_update", old="my son", new="My son is 7").output["status"] == "remembered"
    run(reg, "memory_update", old="my dentist", new="My dentist is Dr. Park")
    assert [i["text"] for i in run(reg, "memory_recall").output["items"]] == [
        "The user's favorite color is blue", "The user's son's teacher is Mrs. Brown", "The user's dentist is Dr. Park",
        "The user's favorite food is sushi", "The user's son is 7"]


def test_a_change_is_routed_to_the_update_and_a_new_fact_to_remember():
    router = Router(builtin_tools(load_config(environ={})))
    assert router.decide("actually my dentist is Dr. Park now").tool_hints == ("memory_update",)
    assert router.decide("remember that my dentist is Dr. Lee").tool_hints == ("memory_remember",)
    assert router.decide("what time is it now").family == "clock"
    for chat in ("my code is broken now", "my baby is crying now", "actually my question is about Python",
                 "my son is now 5, what books should he read?"):
        assert not router.decide(chat).needs_tools, chat
    assert router.decide("remember that I'm vegetarian now").tool_hints == ("memory_remember",)


@pytest.mark.parametrize("message, tool", [
    ("remind me what my wifi password is", "memory_recall"), ("what am I allergic to?", "memory_recall"),
    ("am I allergic to nuts?", "memory_recall"), ("don't remember that", "memory_forget"),
    ("oops, don't save that", "memory_forget"), ("forget that", "memory_forget"), ("what do I drive?", "memory_recall"),
])
def test_the_users_own_facts_asked_back_or_taken_back_go_to_memory(message, tool):
    """"remind me what my wifi password is" had no cue, and the embedded model answered with the
    user's name from the prompt ("Your wifi password is Sam")."""
    router = Router(builtin_tools(load_config(environ={})))
    assert router.decide(message).tool_hints == (tool,), message
    assert router.decide("remind me to call mum").family == "tasks"
    assert router.decide("remind me when I get home to feed the cat").family == "tasks"
    assert router.decide("how old is my son?").tool_hints[0] == "memory_recall"
    for passing in ("oh forget it", "never mind, forget it"):  # a change of mind, not a memory to forget
        assert router.decide(passing).family != "memory", passing
    assert "memory_forget" not in router.decide("I don't remember that movie").tool_hints


def test_dont_remember_that_forgets_what_was_just_remembered_and_asks_when_nothing_was(folder):
    from tars.pipeline import PipelineProvider
    from tars.pipeline.grounding import Grounds
    from tars.providers.scripted import ScriptedProvider
    from tars.session import Session

    cfg = config(folder).replace(tool_mode="pipeline")

    def session() -> Session:
        return Session(cfg, primary=PipelineProvider(ScriptedProvider([]), grounds=Grounds()),
                       tools=registry(folder), confirm=lambda tool, call: True)

    run(registry(folder), "memory_remember", text="my sister is called Ana")
    fresh = session().send("don't remember that")
    assert fresh.text == "Which memory should I forget? Nothing was remembered just before this."
    chat = session()
    assert chat.send("I'm allergic to peanuts").text == "Remembered: You are allergic to peanuts."
    assert chat.send("oops, don’t remember that").text == "Forgotten: You are allergic to peanuts."
    assert "peanuts" not in (folder / "memory.md").read_text() and "Ana" in (folder / "memory.md").read_text()
    # said again, or a turn later: nothing was just remembered, and nothing else is forgotten
    assert chat.send("forget that").text.startswith("Which memory should I forget?")
    assert "Ana" in (folder / "memory.md").read_text()
    # a change replaced an earlier memory: forgetting it would lose both, so tars asks
    chat.send("my favourite colour is blue")
    assert chat.send("my favourite colour is green").text.startswith("Updated:")
    assert chat.send("don't remember that").text == ("That replaced an earlier memory (“Your favourite colour is "
                                                      "blue”). Which should I keep: the earlier one, the new one, or "
                                                      "neither?")


@pytest.mark.parametrize("said,thing", [("remember my wifi password", "your wifi password"),
                                        ("don't forget my wife's birthday", "your wife's birthday")])
def test_a_thing_named_with_nothing_said_of_it_is_asked_about_not_stored(folder, tmp_path, said, thing):
    """"remember my wifi password" had been kept as the fact "Your wifi password.", then recalled as an answer."""
    env = dict(os.environ, TARS_MODEL_DEFAULT="openai:none", TARS_OPENAI_BASE_URL="http://127.0.0.1:9/v1",
               TARS_TOOL_MODE="pipeline", TARS_MEMORY_DIR=str(folder), TARS_DATA_DIR=str(tmp_path / "data"),
               TARS_CONFIG_DIR=str(tmp_path / "config"))
    done = subprocess.run([sys.executable, "-m", "tars", "ask", said], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=60, env=env, cwd=tmp_path)
    assert done.returncode == 0 and done.stdout.strip() == f"What should I remember about {thing}?", done.stderr
    memory = folder / "memory.md"
    assert not memory.exists() or thing.split()[-1] not in memory.read_text()
    refused = run(registry(folder), "memory_remember", text=said.split(" ", 1)[1].removeprefix("forget "))
    assert refused.is_error and "nothing was stored" in refused.text
    assert run(registry(folder), "memory_remember", text="my cat Tom").output["status"] == "remembered"


def test_a_memory_file_saved_in_the_windows_encoding_is_read_and_kept(folder):
    folder.mkdir()
    (folder / "memory.md").write_bytes("## Facts\n- my café is called Blue\n- my cat is called Tom\n".encode("cp1252"))
    reg = registry(folder)
    assert [it["text"] for it in run(reg, "memory_recall", query="cat").output["items"]] == ["my cat is called Tom"]
    assert run(reg, "memory_remember", text="my dog is called Rex").output["status"] == "remembered"
    text = (folder / "memory.md").read_text(encoding="utf-8")  # written back as UTF-8, nothing lost
    assert "my café is called Blue" in text and "dog is called Rex" in text


@pytest.mark.parametrize("setting", ["TARS_MEMORY_DIR", "TARS_NOTES_DIR"])
def test_a_memory_or_notes_folder_that_is_a_file_is_a_configuration_error(tmp_path, setting):
    a_file = tmp_path / "not-a-folder"
    a_file.write_text("x")
    env = dict(os.environ, TARS_MODEL_DEFAULT="openai:none", TARS_OPENAI_BASE_URL="http://127.0.0.1:9/v1",
               TARS_DATA_DIR=str(tmp_path / "data"), TARS_CONFIG_DIR=str(tmp_path / "config"), **{setting: str(a_file)})
    done = subprocess.run([sys.executable, "-m", "tars", "ask", "what is my dog called?"], capture_output=True,
                          text=True, stdin=subprocess.DEVNULL, timeout=60, env=env, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip() == f"tars: {setting}: {a_file} is a file, not a folder; point {setting} at a folder"
