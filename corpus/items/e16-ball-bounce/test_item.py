def check_original(module):
    state, bounced = module.step(module.BallState(0.01, -3.0), 0.01)
    assert bounced, "ball moving into the floor should bounce"
    assert state.height == 0.0
    assert state.velocity > 0.0, f"after a bounce the ball must move upwards, velocity {state.velocity}"
    assert abs(state.velocity - 0.8 * (3.0 + 9.81 * 0.01)) < 1e-9, f"rebound speed {state.velocity}"
    state, bounced = module.step(module.BallState(1.0, 0.0), 0.01)
    assert not bounced and state.velocity < 0.0 and state.height < 1.0
    bounces, peaks = module.simulate(1.0, 1.0, dt=0.001, restitution=0.8)
    assert bounces == 1, f"expected one bounce within 1 s, got {bounces}"
    assert 0.6 < peaks[0] < 0.68, f"first rebound should reach about 0.64 m, got {peaks[0]}"
    assert abs(module.settle_time(0.5, 1.0) - 3 * (2 / 9.81) ** 0.5) < 1e-12


def check_disguised(module):
    P = module.Position
    long = P("ES", 4, 5000.0)
    assert module.reversal_order(long) == -8, f"flip of +4 should sell 8, got {module.reversal_order(long)}"
    qty, pos = module.stop_and_reverse(long, 4990.0)
    assert (qty, pos.quantity, pos.avg_price) == (-8, -4, 4990.0), f"after reversal {qty}, {pos}"
    short = P("NQ", -10, 17000.0)
    assert module.reversal_order(short, size_factor=0.5, lot_size=5) == 15
    qty, pos = module.stop_and_reverse(short, 17100.0, size_factor=0.5, lot_size=5)
    assert pos.quantity == 5 and pos.avg_price == 17100.0, f"after reversal {pos}"
    added = module.apply_fill(P("CL", 2, 80.0), 2, 82.0)
    assert added.quantity == 4 and added.avg_price == 81.0
