"""Seating chart for a wedding reception: fill tables in order, keeping households together."""


def flatten_households(households):
    """Guests in invitation order, each household's members kept adjacent."""
    order = []
    for family in households:
        order.extend(family)
    return order


def seating_chart(households, seats_per_table, first_table=1):
    """Return guest -> (table number, chair number); chairs are numbered from 1.

    Tables are filled one after another, so a household is only split when it
    does not fit in the chairs left at the current table.
    """
    if seats_per_table < 1:
        raise ValueError("a table needs at least one chair")
    chart = {}
    for index, guest in enumerate(flatten_households(households)):
        table_no = first_table + index // seats_per_table
        chair = index // seats_per_table + 1
        chart[guest] = (table_no, chair)
    return chart


def tables_needed(households, seats_per_table):
    total = sum(len(family) for family in households)
    return -(-total // seats_per_table)


def place_cards(chart):
    """Lines for the place-card printer, ordered by table then chair."""
    by_position = sorted(chart.items(), key=lambda item: item[1])
    return [f"Table {t}, seat {c}: {guest}" for guest, (t, c) in by_position]
