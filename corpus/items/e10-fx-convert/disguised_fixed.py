"""Scale a recipe's ingredient quantities to a different number of servings."""

from fractions import Fraction
from typing import NamedTuple


class Ingredient(NamedTuple):
    name: str
    qty: Fraction
    unit: str


# Smallest amount worth measuring out in each unit.
MEASURE_STEP = {
    "g": Fraction(5),
    "ml": Fraction(5),
    "tsp": Fraction(1, 4),
    "tbsp": Fraction(1, 2),
    "pcs": Fraction(1, 2),
}


def snap(qty, unit):
    """Round a quantity to a measurable step, never below one step."""
    step = MEASURE_STEP.get(unit, Fraction(1, 8))
    steps = round(qty / step)
    return max(steps, 1) * step


def scale_recipe(ingredients, base_servings, servings):
    """Return the ingredient list adjusted from base_servings to servings."""
    if base_servings <= 0 or servings <= 0:
        raise ValueError("servings must be positive")
    factor = Fraction(servings, base_servings)
    scaled = []
    for item in ingredients:
        qty = Fraction(item.qty) * factor
        scaled.append(item._replace(qty=snap(qty, item.unit)))
    return scaled


def shopping_totals(recipes):
    """Sum quantities per (name, unit) over several already scaled ingredient lists."""
    totals = {}
    for ingredients in recipes:
        for item in ingredients:
            key = (item.name, item.unit)
            totals[key] = totals.get(key, Fraction(0)) + item.qty
    return totals
