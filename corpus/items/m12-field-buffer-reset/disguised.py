"""Streaming decoder for Morse code keyed as dots, dashes and gaps."""

ALPHABET = {
    ".-": "A", "-...": "B", "-.-.": "C", "-..": "D", ".": "E", "..-.": "F",
    "--.": "G", "....": "H", "..": "I", ".---": "J", "-.-": "K", ".-..": "L",
    "--": "M", "-.": "N", "---": "O", ".--.": "P", "--.-": "Q", ".-.": "R",
    "...": "S", "-": "T", "..-": "U", "...-": "V", ".--": "W", "-..-": "X",
    "-.--": "Y", "--..": "Z",
}


class MorseDecoder:
    """Keys are '.', '-', ' ' (end of letter) and '/' (end of word)."""

    def __init__(self, unknown="?"):
        self.unknown = unknown
        self.letters_decoded = 0
        self._symbol = ""
        self._word = []
        self._words = []

    def _end_letter(self):
        if not self._symbol:
            return
        self._word.append(ALPHABET.get(self._symbol, self.unknown))
        self.letters_decoded += 1

    def _end_word(self):
        self._end_letter()
        if self._word:
            self._words.append("".join(self._word))
            self._word = []

    def key(self, signal):
        for mark in signal:
            if mark in ".-":
                self._symbol += mark
            elif mark == " ":
                self._end_letter()
            elif mark == "/":
                self._end_word()
            else:
                raise ValueError(f"unexpected key {mark!r}")
        return self

    def text(self):
        """Decoded text so far, finishing any letter or word still being keyed."""
        self._end_word()
        return " ".join(self._words)


def decode(signal):
    return MorseDecoder().key(signal).text()
