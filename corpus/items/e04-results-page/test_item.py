def check_original(module):
    results = [f"r{i}" for i in range(1, 46)]
    first = module.paginate(results, 1, per_page=20)
    assert first.rows == results[:20], f"page 1 rows {first.rows[0]}..{first.rows[-1]} ({len(first.rows)} rows), expected r1..r20"
    assert first.summary == "Showing 1-20 of 45", f"page 1 summary {first.summary!r}"
    assert first.has_next, "page 1 of 3 should have a next page"
    last = module.paginate(results, 3, per_page=20)
    assert last.rows == results[40:], f"page 3 rows {last.rows}, expected r41..r45"
    assert not last.has_next, "page 3 of 3 has no next page"
    clamped = module.paginate(results, 9, per_page=20)
    assert clamped.number == 3 and clamped.rows == results[40:], "page 9 should clamp to the last page"
    single = module.paginate(["only"], 1, per_page=10)
    assert single.rows == ["only"], f"a single result paged to {single.rows}"
    empty = module.paginate([], 1)
    assert empty.rows == [] and empty.summary == "No results", "empty result set"
    seen = [row for n in (1, 2, 3) for row in module.paginate(results, n, per_page=20).rows]
    assert seen == results, "walking all pages must visit every result exactly once"
    assert module.page_links(5, 10) == [1, 3, 4, 5, 6, 7, 10], "page links around page 5"


def check_disguised(module):
    lines = [f"line {i}" for i in range(100)]
    tail = module.LogTail(lines, height=40)
    assert tail.screens() == 3, f"{tail.screens()} screens for 100 lines, expected 3"
    newest = tail.screen(0)
    assert newest == lines[60:], f"newest screen has {len(newest)} lines ending {newest[-1:]}, expected line 60..line 99"
    assert tail.screen(1) == lines[20:60], "second screen should hold line 20..line 59"
    assert tail.screen(2) == lines[:20], "oldest screen should hold line 0..line 19"
    assert tail.locate("line 99") == 0 and tail.locate("line 19") == 2, "locate picks the wrong screen"
    short = module.LogTail(["boot"], height=10)
    assert short.screen(0) == ["boot"], f"one-line log shows {short.screen(0)}"
