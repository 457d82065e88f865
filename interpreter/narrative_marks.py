"""What the two play-by-plays share: a line whose template or terms a translation lacks is
told in English and, in another language, starts with the marker (⚑) as the rules
sentences do, so a reader knows the English is not the translation (`nuffle.i18n` passes
the marker; the English words have none). Content names are not marked: a team or card
keeps its English name where its translation has none."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from nuffle.template import fill_translated

Values = Callable[[], Mapping[str, object]]  # works out a line's values, when it is filled


class MarkedWords:
    """The marking of lines for a play-by-play's Words (``templates``: the translated
    message templates by key; ``english``: the English ones)."""

    def __init__(self, templates: dict[str, str], english: Mapping[str, str],
                 marker: str = "") -> None:
        self.templates = templates
        self.english = english
        self.marker = marker
        self._lacking = False  # a word of the line being filled fell back to English

    def lacks(self) -> None:
        """A word of the line being filled is English: the line is marked."""
        if self.marker:
            self._lacking = True

    def fill(self, key: str, values: Values) -> tuple[str, bool]:
        """Line ``key`` filled with ``values()``, and whether anything in it fell back to
        English (lines filled inside it, as values, count for it)."""
        outer, self._lacking = self._lacking, False
        try:
            line, translated = fill_translated(self.templates.get(key), self.english[key],
                                               values())
            return line, bool(self.marker) and (self._lacking or not translated)
        finally:
            self._lacking = outer

    def inner(self, key: str, values: Values) -> str:
        """A line used as a value of another: unmarked, its lack counted for the outer."""
        line, lacking = self.fill(key, values)
        if lacking:
            self._lacking = True
        return line

    def line(self, key: str, values: Values) -> str:
        """Line ``key``, marked if anything in it is English."""
        return self.mark(*self.fill(key, values))

    def mark(self, line: str, lacking: bool) -> str:
        return f"{self.marker} {line}" if lacking else line

    def by_rule(self, line: str, rule: str) -> str:
        """``line`` (as `line` gave it) with the names of the items whose rules brought it
        about (`by-rule`), marked once if either is English."""
        lacking = bool(self.marker) and line.startswith(self.marker + " ")
        text = line[len(self.marker) + 1:] if lacking else line
        filled, more = self.fill("by-rule", lambda: {"line": text, "rule": rule})
        return self.mark(filled, lacking or more)
