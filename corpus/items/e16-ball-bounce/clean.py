"""Bouncing ball on a flat floor, integrated with a constant time step."""

from dataclasses import dataclass, replace

GRAVITY = 9.81  # m/s^2


@dataclass(frozen=True)
class BallState:
    height: float  # metres above the floor
    velocity: float  # m/s, positive is upwards


def _rebound(state, restitution):
    speed = abs(state.velocity)
    return replace(state, height=0.0, velocity=speed * restitution)


def step(state, dt, restitution=0.8):
    """Move the ball forward by dt; returns (next state, True when it hit the floor)."""
    moved = BallState(state.height, state.velocity - GRAVITY * dt)
    moved = replace(moved, height=moved.height + moved.velocity * dt)
    falling_into_floor = moved.velocity < 0.0 and moved.height <= 0.0
    if not falling_into_floor:
        return moved, False
    return _rebound(moved, restitution), True


def simulate(drop_height, seconds, dt=0.001, restitution=0.8):
    """Release a ball at rest from drop_height; count bounces and record each rebound's peak."""
    ball = BallState(drop_height, 0.0)
    peaks = []
    steps = round(seconds / dt)
    while steps > 0:
        steps -= 1
        ball, hit = step(ball, dt, restitution)
        if hit:
            peaks.append(0.0)
            continue
        if peaks:
            peaks[-1] = max(peaks[-1], ball.height)
    return len(peaks), peaks


def settle_time(restitution, drop_height):
    """Closed-form time for the bouncing to stop."""
    fall = (2 * drop_height / GRAVITY) ** 0.5
    ratio_sum = 1 + 2 * restitution / (1 - restitution)
    return fall * ratio_sum
