import math

import numpy as np


def clean(values, x):
    # ruleid: nan-equality-comparison
    if x == float("nan"):
        return None
    # ruleid: nan-equality-comparison
    kept = [v for v in values if v != math.nan]
    # ruleid: nan-equality-comparison
    if np.nan == kept[0]:
        return None
    # ok: nan-equality-comparison
    if math.isnan(x):
        return None
    # ok: nan-equality-comparison
    if x == float("inf") or x == math.pi:
        return None
    return kept
