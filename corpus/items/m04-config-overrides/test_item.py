def check_original(module):
    d = dict(module.DEFAULTS)
    got = module.layer(d, {"port": "9000"})
    assert got["port"] == 9000 and got["host"] == "127.0.0.1", f"a partial override must work: {got}"
    got = module.layer(d, {"host": None, "port": None, "workers": None, "log_level": None, "debug": None})
    assert got == d, f"None overrides must leave every value untouched: {got}"
    got = module.resolve({"port": 8000, "log_level": "warning"}, {"port": None, "workers": "8", "debug": "yes",
                                                                   "host": None, "log_level": None})
    want = {"host": "127.0.0.1", "port": 8000, "workers": 8, "log_level": "warning", "debug": True}
    assert got == want, f"flags not given must not hide file settings: {got}"
    got = module.resolve({}, {})
    assert got == d, f"no overrides must give the defaults: {got}"


def check_disguised(module):
    stored = {"display_name": "Ada", "bio": "Engines.", "timezone": "Europe/London",
              "avatar_url": "https://img.example/ada.png", "newsletter": True}
    got = module.patch_profile(stored, {"bio": "Analytical engines."})
    assert got["bio"] == "Analytical engines." and got["display_name"] == "Ada", f"a partial patch must work: {got}"
    body = {"display_name": None, "bio": None, "timezone": "Europe/Paris", "avatar_url": None, "newsletter": None}
    got = module.patch_profile(stored, body)
    want = dict(stored, timezone="Europe/Paris")
    assert got == want, f"null fields must keep their stored value: {got}"
    assert stored["timezone"] == "Europe/London", "the stored profile must not be modified"
    try:
        module.patch_profile(stored, {"email": "x@example.org"})
    except module.ProfileError:
        pass
    else:
        raise AssertionError("unknown fields must be rejected")
