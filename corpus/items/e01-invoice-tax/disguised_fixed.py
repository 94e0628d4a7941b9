"""Weight-based dosing of oral liquid medicines for children."""

from typing import NamedTuple


class Preparation(NamedTuple):
    drug: str
    mg_per_ml: float  # concentration of the liquid
    mg_per_kg: float  # single dose per kilogram of body weight
    max_single_mg: float
    doses_per_day: int


def single_dose_mg(prep, weight_kg):
    """Dose for one administration, capped at the adult maximum."""
    if weight_kg <= 0:
        raise ValueError("body weight must be positive")
    return min(weight_kg * prep.mg_per_kg, prep.max_single_mg)


def volume_ml(prep, weight_kg):
    """Volume of liquid to draw up, to the nearest 0.1 mL syringe mark."""
    dose = single_dose_mg(prep, weight_kg)
    return round(dose / prep.mg_per_ml, 1)


def daily_plan(prep, weight_kg):
    """Per-dose volume and the total amount the child receives per day."""
    per_dose = volume_ml(prep, weight_kg)
    return {
        "drug": prep.drug,
        "dose_ml": per_dose,
        "times_per_day": prep.doses_per_day,
        "daily_ml": round(per_dose * prep.doses_per_day, 1),
        "daily_mg": round(per_dose * prep.mg_per_ml * prep.doses_per_day, 1),
    }


def bottles_needed(prep, weight_kg, days, bottle_ml):
    """Whole bottles required to cover a course of `days` days."""
    total = daily_plan(prep, weight_kg)["daily_ml"] * days
    full, rest = divmod(total, bottle_ml)
    return int(full) + (1 if rest > 1e-9 else 0)
