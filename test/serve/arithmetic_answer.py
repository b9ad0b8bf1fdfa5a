"""The value of an arithmetic-domain task, as a trainer that can do the sums would answer it."""

import re


def solve(prompt: str) -> str:
    """The value of an arithmetic task ("Ignore 4. 12 + 7 =" -> "19")."""
    expression = re.sub(r"^Ignore [^.]*\.\s*", "", prompt).rstrip("= ")
    numbers = [int(value) for value in re.findall(r"\d+", expression)]
    operators = re.findall(r"\s([-+*])\s", expression)
    value = numbers[0]
    for operator, number in zip(operators, numbers[1:]):
        value = value + number if operator == "+" else value - number if operator == "-" else value * number
    return str(value)
