"""Emergency department triage: priority 1 (resuscitation) to 5 (non-urgent)."""

from dataclasses import dataclass

SHOCK_SYSTOLIC = 80
LOW_SATURATION = 92
HIGH_PULSE = 120


@dataclass(frozen=True)
class Observation:
    patient: str
    pulse: int
    systolic: int
    saturation: int
    responsive: bool = True
    pain: int = 0


def _pain_band(pain: int) -> int:
    if pain >= 7:
        return 3
    return 4 if pain >= 4 else 5


def triage(obs: Observation) -> int:
    """Priority for a patient at the front desk.

    Unresponsive or shocked patients are priority 1. A saturation below
    LOW_SATURATION or a pulse above HIGH_PULSE makes the patient priority 2.
    Everybody else is banded by reported pain.
    """
    if not obs.responsive or obs.systolic < SHOCK_SYSTOLIC:
        return 1
    if obs.saturation >= LOW_SATURATION or obs.pulse <= HIGH_PULSE:
        return _pain_band(obs.pain)
    return 2


def queue_order(waiting: list[Observation]) -> list[str]:
    """Patients in the order they should be seen; arrival order breaks ties."""
    ranked = sorted(enumerate(waiting), key=lambda pair: (triage(pair[1]), pair[0]))
    return [o.patient for _, o in ranked]
