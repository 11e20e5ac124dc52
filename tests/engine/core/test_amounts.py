"""Rows of numbers from answers (engine.core.amounts): answers of one group become one row with a
spin box per part whose number differs; anything ambiguous stays a button."""
from __future__ import annotations

from engine.core.amounts import Amounts, amount_problems, amount_rows


def lose(infantry: int, ranged: int) -> Amounts:
    return Amounts("lose", "Lose", (("infantry", "Infantry", infantry), ("cavalry", "Cavalry", 0),
                                    ("ranged", "Ranged", ranged)), "tip")


def test_a_group_is_one_row_of_the_parts_that_vary_where_its_first_answer_stood():
    answers = [("decline", None), ("a", lose(2, 0)), ("b", lose(1, 1)), ("pass", None), ("c", lose(0, 2))]
    row, = amount_rows(answers)
    assert (row.at, row.group, row.title, row.tip) == (1, "lose", "Lose", "tip")
    assert row.parts == ("Infantry", "Ranged")                    # cavalry never changes
    assert row.choices == (((2, 0), "a"), ((1, 1), "b"), ((0, 2), "c"))
    assert amount_problems(answers) == []


def test_a_part_an_answer_leaves_out_counts_0_there():
    answers = [("x", Amounts("g", "G", (("a", "A", 1),))), ("y", Amounts("g", "G", (("b", "B", 2),)))]
    row, = amount_rows(answers)
    assert row.parts == ("A", "B") and row.choices == (((1, 0), "x"), ((0, 2), "y"))


def test_a_lone_answer_or_answers_with_the_same_numbers_stay_buttons():
    alone = [("x", Amounts("g", "G", (("a", "A", 1),))), ("y", Amounts("h", "H", (("a", "A", 2),)))]
    assert amount_rows(alone) == []
    twins = [("x", Amounts("g", "G", (("a", "A", 1),))), ("y", Amounts("g", "G", (("a", "A", 1),))),
             ("z", Amounts("g", "G", (("a", "A", 2),)))]
    assert amount_rows(twins) == []
    assert amount_problems(twins) == ["'x' and 'y' of group 'g' hold the same numbers (1,)"]


def test_problems_name_a_negative_number_a_part_named_twice_and_two_titles():
    answers = [("x", Amounts("g", "G", (("a", "A", -1),))),
               ("y", Amounts("g", "Other", (("a", "A", 1), ("a", "A", 2))))]
    found = amount_problems(answers)
    assert "'x' has a negative amount" in found
    assert "'y' names a part twice: ['a', 'a']" in found
    assert any("several titles" in problem for problem in found)
