"""Model prices for cost estimates: the shipped table (prices.toml, beside this module) under a user's [prices].

USD per million input and output tokens. The figures are typed in by hand: see prices.toml for where they come
from, and check them before relying on a cost.
"""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path
from typing import Annotated, Any

import msgspec
import rtoml

from redpen_bench.errors import InputError
from redpen_bench.model.rows import token_count

_DATED = re.compile(r"-(\d{4}-\d{2}-\d{2}|\d{8}|latest)$")


def load_prices(path: Path | None = None) -> dict[str, dict[str, float]]:
    text = (Path(path).read_text(encoding="utf-8") if path else
            resources.files("redpen_bench").joinpath("prices.toml").read_text(encoding="utf-8"))
    return check_prices(rtoml.loads(text).get("prices", {}), str(path or "prices.toml"))


class Price(msgspec.Struct, forbid_unknown_fields=True):
    """USD per million tokens, both given (strict: true is not a number)."""

    input: Annotated[float, msgspec.Meta(ge=0)]
    output: Annotated[float, msgspec.Meta(ge=0)]


def check_prices(table: Any, where: str) -> dict[str, dict[str, float]]:
    if not isinstance(table, dict):
        raise InputError(f"{where}: field 'prices': expected a table of model = {{ input = USD, output = USD }}")
    prices = {}
    for model, entry in table.items():  # one by one: the error names the model (msgspec's path would not)
        try:
            price = msgspec.convert(entry, Price)
        except msgspec.ValidationError:
            raise InputError(f"{where}: field 'prices.\"{model}\"': expected {{ input = USD, output = USD }} per "
                             f"million tokens, both numbers >= 0") from None
        prices[model] = {"input": float(price.input), "output": float(price.output)}
    return prices


def find_price(model: str, overrides: dict[str, dict[str, float]] | None = None) -> dict[str, float] | None:
    table = load_prices() | (overrides or {})
    for name in (model, model.rsplit("/", 1)[-1]):
        for candidate in (name, _DATED.sub("", name)):
            if candidate in table:
                return table[candidate]
    return None


def cost_usd(price: dict[str, float] | None, input_tokens: int | None, output_tokens: int | None) -> float | None:
    input_tokens, output_tokens = token_count(input_tokens), token_count(output_tokens)
    if price is None or input_tokens is None or output_tokens is None:  # a count a server did not give: unknown
        return None
    return round((input_tokens * price["input"] + output_tokens * price["output"]) / 1e6, 8)
