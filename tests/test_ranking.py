"""Which row of a piped table is highest or lowest is tars's to find: the embedded model, piped
`apple,3 / banana,5 / cherry,12` and asked which fruit had the highest count, said apple."""

from __future__ import annotations

import pytest

from tars.attachments.compose import Attached
from tars.attachments.ranking import ranked_told
from tars.routing import Router

FRUIT = "apple,3\nbanana,5\ncherry,12\n"
SCORES = "name\tpoints\tage\nann\t30\t41\nbob\t45\t39\ncid\t12\t50\n"
PRICES = "fruit,price\napple,1.20\nkiwi,0.40\nmango,2.10\n"


def piped(text: str) -> str:
    return Attached.piped(text).block()


@pytest.mark.parametrize("request_,table,told", [
    ("which fruit has the highest count?", FRUIT, "cherry has the highest count: 12 (of 3 rows)."),
    ("Which one has the lowest?", FRUIT, "apple has the lowest value: 3 (of 3 rows)."),
    # a header names the number; among several, the one the question names
    ("who scored the most points?", SCORES, "bob has the highest points: 45 (of 3 rows)."),
    ("which fruit is the cheapest?", PRICES, "kiwi has the lowest price: 0.40 (of 3 rows)."),
    ("which is the most expensive?", "tea 2.50\ncoffee 3.20\ncake 4.10\n",
     "cake has the highest value: 4.10 (of 3 rows)."),
    ("which city has the largest population in this file?", "city\tpopulation\nTokyo\t37,400,068\nDelhi\t28,514,000\n"
     "Oslo\t709,000\n", "Tokyo has the largest population: 37,400,068 (of 3 rows)."),
    ("which has the highest?", "a,1\nb,1\nc,0\n", "a and b share the highest value: 1 (of 3 rows)."),
])
def test_the_top_or_bottom_row_of_a_table(request_, table, told):
    assert ranked_told(request_, piped(table)) == told


@pytest.mark.parametrize("request_,table", [
    ("who is the oldest?", SCORES),  # no number named, and two to choose from: a model reads it
    ("which has the highest score?", SCORES),  # no such column
    ("what's the highest number?", "1\n2\n3\n"),  # no labels: the calculator's max
    ("which fruit has the highest count?", "apple 3 red\nbanana five\n"),  # no table
    ("summarise this", FRUIT), ("which fruit is healthiest?", FRUIT),
    # a label column that is not the rows the question asks about, or rows to filter or combine
    ("which product has the highest sales?", "month,product,sales\nJan,A,5\nJan,B,7\nFeb,A,9\n"),
    ("which region has the highest sales?", "product,sales\nA,100\nB,300\nC,200\n"),
    ("which has the highest sales excluding B?", "product,sales\nA,100\nB,300\nC,200\n"),
    ("which has the highest total sales?", "product,sales\nA,100\nB,300\nC,200\n"),
    ("which runner has the best time?", "runner,time\na,10.5\nb,9.8\nc,11.2\n"),  # best is lowest here
    ("which fruit has the highest count?", "apple,3\npear,5\nTotal,8\n"),  # a total row
    ("which has the highest?", "name,2024\nann,5\nbob,7\n"),  # names or a row?
    ("which has the largest population?", "China 1 412 000 000\nIndia 1 428 000 000\n"),  # spaces group digits
    ("which has the highest weight?", "product;weight\nA;1,250\nB;0,750\nC;2,100\n"),  # decimal commas
])
def test_anything_else_is_for_a_model(request_, table):
    assert ranked_told(request_, piped(table)) is None


def test_the_router_answers_it_when_the_table_came_with_the_message():
    decision = Router([]).decide("which fruit has the highest count?", attached=piped(FRUIT))
    assert decision.told == "cherry has the highest count: 12 (of 3 rows)." and not decision.needs_tools
    assert Router([]).decide("which fruit has the highest count?").told == ""
