def check_original(module):
    assert module.bin_index(7, 5) == 1 and module.bin_index(0, 5) == 0
    got = module.bin_index(-3, 5)
    assert got == -1, f"-3 with width 5 belongs to bin -1 [-5, 0), got {got}"
    rows = module.histogram([-3.0, -7.5, 2.0, 4.9, 6.0, None, float("nan")], 5)
    expected = [(-10.0, -5.0, 1), (-5.0, 0.0, 1), (0.0, 5.0, 2), (5.0, 10.0, 1)]
    assert rows == expected, f"got {rows}, expected {expected}"
    assert module.histogram([19.0, 21.5], 2, origin=20.0) == [(18.0, 20.0, 1), (20.0, 22.0, 1)]
    assert module.modal_bin([-0.5, -1.0, 0.5], 2) == (-2.0, 0.0), module.modal_bin([-0.5, -1.0, 0.5], 2)
    assert module.modal_bin([], 2) is None


def check_disguised(module):
    grid = module.TileGrid(10)
    assert grid.tile_of(15, 25) == (1, 2)
    got = grid.tile_of(-4, 3)
    assert got == (-1, 0), f"(-4, 3) lies in tile (-1, 0), got {got}"
    grid.insert("a", -25.0, 0.5)
    grid.insert("b", -19.0, 0.5)
    grid.insert("c", 5.0, 5.0)
    got = grid.within(-14.0, 0.5, 8)
    assert got == ["b"], f"expected ['b'] near (-14, 0.5), got {got}"
    assert grid.within(-20.0, 0.5, 6) == ["a", "b"], grid.within(-20.0, 0.5, 6)
