"""Carbon footprint of a multi-leg journey, per traveller, in kg CO2e."""

from collections import defaultdict

KG_PER_PASSENGER_KM = {"rail": 0.035, "coach": 0.027, "ferry": 0.11, "flight": 0.15}
CAR_KG_PER_VEHICLE_KM = 0.17
UPLIFT_NON_CO2 = 1.9  # warming effect of contrails and NOx at altitude
LTO_CYCLE_KG = 25.0  # take-off and landing share per passenger per flight


def leg_kg(mode, distance_km, party_size=1):
    """Emissions of one leg for one traveller."""
    if distance_km < 0 or party_size < 1:
        raise ValueError("distance and party size must be positive")
    if mode == "car":
        return distance_km * CAR_KG_PER_VEHICLE_KM / party_size
    if mode == "flight":
        cruise = distance_km * KG_PER_PASSENGER_KM["flight"] * UPLIFT_NON_CO2
        return cruise + LTO_CYCLE_KG
    return distance_km * KG_PER_PASSENGER_KM[mode]


def journey_footprint(legs, party_size=1):
    """Total and per-mode kg CO2e for a list of (mode, distance_km) legs."""
    by_mode = defaultdict(float)
    for mode, km in legs:
        by_mode[mode] += leg_kg(mode, km, party_size)
    totals = {mode: round(kg, 1) for mode, kg in by_mode.items()}
    return round(sum(by_mode.values()), 1), totals


def greener_alternative(distance_km):
    """Mode with the lowest footprint for a leg of this length (no car)."""
    candidates = ["rail", "coach", "ferry", "flight"]
    return min(candidates, key=lambda mode: leg_kg(mode, distance_km))
