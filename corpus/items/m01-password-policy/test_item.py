def check_original(module):
    cp = module.check_password
    assert cp("Sunflower42garden").accepted, "a password meeting every rule must be accepted"
    assert not cp("sunflower42garden").accepted, "a password without an uppercase letter must be rejected"
    assert not cp("SunflowerGarden").accepted, "a password without a digit must be rejected"
    assert not cp("Sun42").accepted, "a short password must be rejected"
    assert not cp("Marta1990Secret", username="marta").accepted, "a password containing the username must be rejected"
    rejected = cp("sunflowergarden7")
    assert rejected.reasons, "a rejected password must come with a reason"


def check_disguised(module):
    App = module.Application
    good = App("Ana", 48_000, 720, 600.0, 36)
    assert module.prescreen(good)[0], "a solid application must be forwarded"
    low_score = App("Ben", 95_000, 540, 500.0, 36)
    assert not module.prescreen(low_score)[0], "a credit score below the minimum must decline, whatever the income"
    low_income = App("Cy", 18_000, 800, 100.0, 24)
    assert not module.prescreen(low_income)[0], "an income below the minimum must decline, whatever the score"
    heavy_debt = App("Di", 40_000, 700, 2_000.0, 24)
    assert not module.prescreen(heavy_debt)[0], "a high debt ratio must decline"
    fwd, dec = module.split_batch([good, low_score, low_income])
    assert fwd == ["Ana"] and dec == ["Ben", "Cy"], f"batch split wrong: {fwd} {dec}"
