def check_original(module):
    job = module.JobProgress("nightly", 4)
    for ok in (True, True, False):
        job.record(ok)
    assert job.percent_done() == 75.0, f"3 of 4 tasks is 75.0, got {job.percent_done()}"
    assert job.status_line() == "nightly: 75.0% running, 1 failed", job.status_line()
    job.record(True)
    assert job.finished and job.percent_done() == 100.0, "a finished job is at 100.0"
    third = module.JobProgress("thirds", 3)
    third.record(True)
    assert third.percent_done() == 33.3, f"1 of 3 is 33.3, got {third.percent_done()}"
    empty = module.JobProgress("empty", 0)
    assert empty.finished, "a job without tasks is finished"
    assert empty.percent_done() == 100.0, "a job without tasks must report 100.0"
    assert empty.status_line() == "empty: 100.0% done, 0 failed", empty.status_line()
    try:
        empty.record(True)
    except RuntimeError:
        pass
    else:
        raise AssertionError("recording on a job without tasks left must fail")


def check_disguised(module):
    got = module.step_rates([1000, 200, 50, 10])
    assert got == {"visit->signup": 0.2, "signup->trial": 0.25, "trial->purchase": 0.2}, f"wrong rates {got}"
    assert module.weakest_step([1000, 200, 50, 10]) == "visit->signup", "weakest step"
    assert module.overall_rate([1000, 200, 50, 10]) == 0.01, "overall rate"
    got = module.step_rates([400, 0, 0, 0])
    assert got == {"visit->signup": 0.0, "signup->trial": 0.0, "trial->purchase": 0.0}, \
        f"stages nobody reached convert at 0.0, got {got}"
    got = module.step_rates([0, 0, 0, 0])
    assert set(got.values()) == {0.0}, f"a day without visitors converts at 0.0, got {got}"
    assert module.overall_rate([0, 0, 0, 0]) == 0.0, "overall rate without visitors"
    assert module.weakest_step([50, 20, 0, 0]) == "signup->trial", "weakest step with an empty stage"
