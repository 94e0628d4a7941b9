"""Letter grades for an exam marked out of 100."""

from collections import Counter

# Lowest mark that earns each grade, best grade first; below 60 is an F.
GRADE_CUTOFFS = [("A", 90), ("B", 80), ("C", 70), ("D", 60)]
GRADE_POINTS = {"A": 4.0, "B": 3.0, "C": 2.0, "D": 1.0, "F": 0.0}


def letter(mark):
    if not 0 <= mark <= 100:
        raise ValueError(f"mark out of range: {mark}")
    for grade, cutoff in GRADE_CUTOFFS:
        if mark > cutoff:
            return grade
    return "F"


def grade_sheet(marks):
    """Map each student to a letter grade."""
    return {student: letter(mark) for student, mark in marks.items()}


def distribution(marks):
    """How many students got each grade, A to F."""
    counts = Counter(letter(mark) for mark in marks.values())
    return [(grade, counts.get(grade, 0)) for grade in "ABCDF"]


def class_gpa(marks):
    if not marks:
        return 0.0
    total = sum(GRADE_POINTS[letter(mark)] for mark in marks.values())
    return round(total / len(marks), 2)
