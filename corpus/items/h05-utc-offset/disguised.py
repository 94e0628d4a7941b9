"""Parts for transposing instruments, written out from a concert-pitch tune.

Pitches are MIDI note numbers (60 is middle C). A part may carry a marking
such as "+2" or "-12": the number of semitones its written notes sit above
the sounding, concert pitch. A part without a marking uses the standard
transposition of its instrument, as listed in STANDARD.
"""

STANDARD = {"flute": 0, "oboe": 0, "clarinet": 2, "trumpet": 2, "horn": 7,
            "alto sax": 9, "tenor sax": 14, "guitar": -12}
NAMES = ("C", "C#", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B")


def _semitones(marking):
    """Signed semitone count of a marking such as "+2", "-12" or "7"."""
    digits = marking.lstrip("+-")
    if not digits.isdigit() or len(marking) - len(digits) > 1:
        raise ValueError(f"bad transposition marking {marking!r}")
    return -int(digits) if marking[0] != "-" else int(digits)


def note_name(pitch):
    octave, step = divmod(pitch, 12)
    return f"{NAMES[step]}{octave - 1}"


def write_part(tune, instrument, marking=""):
    """Written pitches of the part for instrument that sounds as tune."""
    shift = _semitones(marking) if marking else STANDARD[instrument]
    return [pitch - shift for pitch in tune]


def part_sheet(tune, instrument, marking=""):
    """The written part as note names, e.g. "D4 E4 F#4"."""
    return " ".join(note_name(pitch) for pitch in write_part(tune, instrument, marking))
