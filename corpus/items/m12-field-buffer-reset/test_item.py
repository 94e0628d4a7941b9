def check_original(module):
    text = 'id,name,note\n1,"Smith, J","said ""hi"""\n2,Lee,\n'
    rows = module.parse_records(text)
    expected = [["id", "name", "note"], ["1", "Smith, J", 'said "hi"'], ["2", "Lee", ""]]
    assert rows == expected, f"fields run into each other: got {rows!r}, expected {expected!r}"
    parser = module.RecordParser(delimiter=";")
    for piece in ("a;b", "b;", '"c;c"', "\r\nx;y"):
        parser.feed(piece)
    rows = parser.close()
    assert rows == [["a", "bb", "c;c"], ["x", "y"]], f"chunked feed gave {rows!r}"


def check_disguised(module):
    got = module.decode("... --- .../.... . .-.. .--.")
    assert got == "SOS HELP", f"decoded {got!r}, expected 'SOS HELP' (letters bleed into each other?)"
    decoder = module.MorseDecoder()
    decoder.key("-.-. .- ")
    decoder.key("-")
    assert decoder.text() == "CAT", decoder.text()
    assert decoder.letters_decoded == 3, decoder.letters_decoded
