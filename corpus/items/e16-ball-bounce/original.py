"""Fixed-step simulation of a ball dropped onto a floor, losing energy on each bounce."""

from dataclasses import dataclass

GRAVITY = 9.81  # m/s^2


@dataclass(frozen=True)
class BallState:
    height: float  # metres above the floor
    velocity: float  # m/s, positive is upwards


def step(state, dt, restitution=0.8):
    """Advance the ball by dt seconds; returns (new state, whether it bounced)."""
    velocity = state.velocity - GRAVITY * dt
    height = state.height + velocity * dt
    if height <= 0.0 and velocity < 0.0:
        velocity = velocity * restitution
        return BallState(0.0, velocity), True
    return BallState(height, velocity), False


def simulate(drop_height, seconds, dt=0.001, restitution=0.8):
    """Drop a ball from rest; return the number of bounces and the peak after each one."""
    state = BallState(drop_height, 0.0)
    bounces = 0
    peaks = []
    for _ in range(round(seconds / dt)):
        state, bounced = step(state, dt, restitution)
        if bounced:
            bounces += 1
            peaks.append(0.0)
        elif peaks and state.height > peaks[-1]:
            peaks[-1] = state.height
    return bounces, peaks


def settle_time(restitution, drop_height):
    """Analytical time until the bounces die out (geometric series of flight times)."""
    first_fall = (2 * drop_height / GRAVITY) ** 0.5
    return first_fall * (1 + restitution) / (1 - restitution)
