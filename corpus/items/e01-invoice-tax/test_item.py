from decimal import Decimal as D


def check_original(module):
    Line = module.InvoiceLine
    widget = Line("Widget", 3, D("41.15"), D("19"))
    book = Line("Book", 2, D("12.99"), D("7"), D("10"))
    assert module.line_net(widget) == D("123.45"), f"net of widget line {module.line_net(widget)}"
    assert module.line_tax(widget) == D("23.46"), f"19% VAT on 123.45 gave {module.line_tax(widget)}, expected 23.46"
    assert module.line_tax(book) == D("1.64"), f"7% VAT on 23.38 gave {module.line_tax(book)}, expected 1.64"
    totals = module.invoice_totals([widget, book])
    assert totals["net"] == D("146.83"), f"net total {totals['net']}"
    assert totals["tax"] == D("25.10"), f"tax total {totals['tax']}, expected 25.10"
    assert totals["gross"] == D("171.93"), f"gross total {totals['gross']}, expected 171.93"
    assert totals["by_rate"] == {D("19"): D("23.46"), D("7"): D("1.64")}, f"tax by rate {totals['by_rate']}"


def check_disguised(module):
    syrup = module.Preparation("paracetamol 120 mg/5 mL", 24.0, 15.0, 1000.0, 4)
    got = module.volume_ml(syrup, 12.5)
    assert abs(got - 7.8) < 1e-9, f"12.5 kg child: {got} mL, expected 7.8 mL"
    got = module.volume_ml(syrup, 9.0)
    assert abs(got - 5.6) < 1e-9, f"9 kg child: {got} mL, expected 5.6 mL"
    plan = module.daily_plan(syrup, 12.5)
    assert abs(plan["daily_ml"] - 31.2) < 1e-9, f"daily volume {plan['daily_ml']}, expected 31.2"
    assert abs(plan["daily_mg"] - 748.8) < 1e-9, f"daily dose {plan['daily_mg']} mg, expected 748.8"
    assert module.bottles_needed(syrup, 12.5, 5, 100) == 2, "5-day course needs two 100 mL bottles"
