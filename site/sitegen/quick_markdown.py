"""The generated pages' Markdown turned into HTML without Python-Markdown's machinery, for
the same HTML.

A first build spends about a third of its work in Python-Markdown: every one of the site's
1,700 pages is parsed into a tree, run through some thirty processors and serialised
again, though the pages the generator writes use a small, regular part of the language
(headings, paragraphs, pipe tables, simple lists, quotes, admonitions, fenced code and raw
HTML blocks; code spans, links, entities, inline tags and asterisk emphasis). `QuickMarkdown.convert`
reads that part directly and writes what Python-Markdown and MkDocs' own processors would
leave on the page: the HTML, the table of contents, the title, the anchors present and the
links to anchors (page_renders.py keeps the same five things).

It never guesses. A page holding anything outside that part (a backslash, an underscore
outside code, a loose or nested list, a setext heading, a raw block with a ``markdown``
attribute or a comment, a link it cannot resolve, a line break, ...) is declined, and
MkDocs converts it as before: the hand-written guide is mostly declined, and so is a page
whose link is broken, so the warning strict mode counts is still given. Where it cannot
be told apart cheaply, the library's own code decides: fenced code is highlighted by
converting the fence alone with the site's own Markdown settings (each distinct block
once), the ids of raw HTML are read by MkDocs' parser, slugs and the table of contents'
nesting come from the toc extension's functions, and the patterns are the library's.
It is used only with the settings it was written for (`SETTINGS`) and the versions of
Python-Markdown and MkDocs it was checked against (`FOLLOWS`); anything else: every page
declined. The test suite checks its output against MkDocs' own on every page of a real
build of the site, in both languages, and against Python-Markdown's on random mixtures of
Markdown, tags and text.
"""

from __future__ import annotations

import html
import posixpath
import re
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from importlib.metadata import PackageNotFoundError, version
from typing import Any
from urllib.parse import unquote, urlsplit, urlunsplit

import markdown
from markdown.extensions.toc import nest_toc_tokens, slugify, strip_tags, unique
from markdown.inlinepatterns import AUTOLINK_RE, AUTOMAIL_RE, ENTITY_RE, HTML_RE
from mkdocs.structure import pages as _mkdocs_pages
from mkdocs.utils import get_relative_url

# MkDocs' reader of the ids in a page's raw HTML (a private name: another MkDocs may not
# have it, and a page needing it is then left to MkDocs)
_RAW_IDS: Any = getattr(_mkdocs_pages, "_HTMLHandler", None)

# the Markdown settings this reader follows (MkDocs' own three, then the site's)
SETTINGS = (("toc", "tables", "fenced_code", "attr_list", "admonition", "md_in_html",
             "pymdownx.highlight", "pymdownx.superfences", "pymdownx.details"),
            {"toc": {"permalink": True}, "pymdownx.highlight": {"anchor_linenums": False}})
# the versions whose behaviour it follows, checked on every page of the site by the tests:
# with another version of either library every page is left to the library
FOLLOWS = (("markdown", "3.11."), ("mkdocs", "1.6."))
PERMALINK = '<a class="headerlink" href="#{0}" title="Permanent link">&para;</a>'

_HTML = re.compile(HTML_RE, re.DOTALL)
_ENTITY = re.compile(ENTITY_RE)
_AUTO = re.compile(AUTOLINK_RE + "|" + AUTOMAIL_RE)
_AMP = re.compile(r"&(?!(?:\#[0-9]+|\#x[0-9a-f]+|[0-9a-z]+);)", re.I)  # the serializer's
_STARS = re.compile(r"\*+")
_LINK = re.compile(r"\[([^\[\]\n]+)\]\(([^()\s\"'<>\\]+)\)")
_HEADING = re.compile(r"(#{1,6})(.*?)#*$")
_HEADING_ID = re.compile(r"[ ]+\{:?[ ]*#([A-Za-z0-9_-]+)[ ]*\}[ ]*$")
_FENCE = re.compile(r"```([A-Za-z0-9_+-]*)[ ]*$")
_ULIST = re.compile(r"[-][ ]+(.*)")
_OLIST = re.compile(r"\d+\.[ ]+(.*)")
# a list item's next line: indented less than a nested block, starting no block
_CONTINUED = re.compile(r"[ ]{1,3}(?![ #>*+<|`!=_-]|\d+\.)")
_ADMONITION = re.compile(r'!!! ?([\w\-]+(?: +[\w\-]+)*)(?: +"([^"]*)")? *$')
_BRACKETS = re.compile(r"\[[^\[\]]*\]")
_REFERENCE = re.compile(r"^[ ]{0,3}\[[^\]]*\]:", re.M)  # a reference link's definition
_CELL_ALIGN = re.compile(r":?-+:?")
_OPENING_TAG = re.compile(r"<([a-zA-Z][a-zA-Z0-9-]*)")
_TAG_NAME = re.compile(r"</?([a-zA-Z][a-zA-Z0-9-]*)")
# what would start a block inside a list item (Python-Markdown reads an item as blocks)
_BLOCK_START = re.compile(r"[#>|]|[*+-][ ]|\d+\.[ ]|```|!!!|[ ]{4}")
# a tag in a raw block: its name, whether it closes or closes itself; attributes quoted
_TAG = re.compile(r"""<(/?)([a-zA-Z][a-zA-Z0-9-]*)"""
                  r"""((?:\s+[^\s"'=<>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(/?)>""")
_MARKDOWN_ATTRIBUTE = re.compile(r"(?i)\bmarkdown\b")
_RAW_TEXT = ("script", "style", "pre", "textarea", "title", "xmp", "iframe", "noembed",
             "noframes", "plaintext")
_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
         "param", "source", "track", "wbr"}
_SETEXT_OR_RULE = re.compile(r"[ ]{0,3}(?:[=-]+|(?:[-*_][ ]{0,2}){3,})[ ]*$")
_LONE_UNDERSCORE = re.compile(r"(?<!\w)_")
_HOLE = "\x02{0}\x03"  # a placeholder for a finished piece of inline HTML
_HOLES = re.compile("\x02([0-9]+)\x03")
# every character that any inline step below reads or changes: a text holding none of
# them (most table cells, names and numbers) is given back as it is
_INLINE_SPECIAL = re.compile("[`\\[\\]<>&{*_\x02\x03\x05\x06]")


def follows() -> bool:
    """Whether the installed Python-Markdown and MkDocs are the versions it follows."""
    try:
        return all(version(name).startswith(prefix) for name, prefix in FOLLOWS)
    except PackageNotFoundError:  # pragma: no cover - both are dependencies
        return False


class Declined(Exception):
    """The page holds something this reader leaves to Python-Markdown."""


@dataclass
class QuickPage:
    """What a conversion leaves on the page (as page_renders.py keeps it), and the code
    blocks it holds (the search reads them without their highlighting)."""

    content: str
    title: str | None
    anchors: set[str]
    toc: list[dict]
    links: dict[Hashable, dict[str, str]]  # by the page linked to: anchor -> link
    blocks: list[str] = field(default_factory=list)


@dataclass
class _Heading:
    level: int
    inner: str  # its HTML without the permalink
    id: str | None


class QuickMarkdown:
    """Converts the pages of one build; ``fences`` counts the code blocks highlighted
    (each distinct block once)."""

    def __init__(self, extensions: Any, configs: Any) -> None:
        self.usable = (tuple(extensions) == SETTINGS[0] and (configs or {}) == SETTINGS[1]
                       and follows())
        self._md: markdown.Markdown | None = None
        self._extensions, self._configs = extensions, configs
        self._fences: dict[tuple[str, str], str] = {}
        self.fences = 0

    def convert(self, text: str, here: Hashable, src_uri: str, url: str,
                lookup: Callable[[str], tuple[Hashable, str] | None]) -> QuickPage | None:
        """``text`` as MkDocs would render it for the page ``src_uri`` at ``url``, or None
        (declined); ``lookup`` gives a docs path's page (as the links to anchors name it,
        ``here`` for this one) and URL, or None (a missing or excluded page: declined, so
        MkDocs says so)."""
        if not self.usable:
            return None
        try:
            return _Page(self, here, src_uri, url, lookup).convert(text)
        except Declined:
            return None

    def fence(self, language: str, source: str) -> str:
        """A fenced block's HTML, as the site's own Markdown settings make it."""
        key = (language, source)
        found = self._fences.get(key)
        if found is None:
            library = self.library()
            library.reset()
            self.fences += 1
            found = library.convert(f"```{language}\n{source}\n```")
            if not (found.startswith("<div") and found.endswith("</div>")):
                raise Declined("a fence that is not one block")
            self._fences[key] = found
        return found

    def library(self) -> markdown.Markdown:
        """Python-Markdown with the site's settings (made once, when first needed)."""
        if self._md is None:
            self._md = markdown.Markdown(extensions=list(self._extensions),
                                         extension_configs=self._configs or {})
        return self._md

    def block_tag(self, text: str) -> bool:
        """Whether ``text`` starts with a block-level tag (a raw HTML block's start)."""
        first = _OPENING_TAG.match(text)
        return first is not None and self.library().is_block_level(first.group(1).lower())


class _Page:
    """One page's conversion (see the module)."""

    def __init__(self, reader: QuickMarkdown, here: Hashable, src_uri: str, url: str,
                 lookup: Callable[[str], tuple[Hashable, str] | None]) -> None:
        self.reader = reader
        self.here, self.src_uri, self.url, self.lookup = here, src_uri, url, lookup
        self.headings: list[_Heading] = []
        self.links: dict[Hashable, dict[str, str]] = {}
        self.blocks: list[str] = []

    # -- blocks ------------------------------------------------------------------------

    def convert(self, text: str) -> QuickPage:
        if re.search(r"[\\\t\r\x00-\x08]", text):
            raise Declined("backslashes, tabs, carriage returns or control characters")
        if _REFERENCE.search(text):
            raise Declined("a reference link's definition")
        lines = text.split("\n")
        if lines[0] and not lines[0].strip():  # the library keeps a first line of spaces
            raise Declined("a first line of spaces")
        lines = [line if line.strip() else "" for line in lines]
        if any(line.endswith(" ") for line in lines):
            raise Declined("trailing spaces (two make a line break)")
        out = self.blocks_of(lines, top=True)
        content = "".join(out).strip()
        return self.finish(content, text)

    def blocks_of(self, lines: list[str], top: bool) -> list[str]:
        """The HTML of ``lines``' blocks, each with the tail Python-Markdown gives it."""
        out: list[str] = []
        last = ""  # the kind of the last block
        i, n = 0, len(lines)
        while i < n:
            line = lines[i]
            if not line:
                i += 1
                continue
            end = self.block_end(lines, i)
            if line.startswith("```"):
                if not top:
                    raise Declined("a fence inside a block")
                i = self.fence(lines, i, out)
                last = "fence"
                continue
            if line.startswith("</"):
                raise Declined("a line starting with an end tag")
            if self.reader.block_tag(line):
                if not top:
                    raise Declined("raw HTML inside a block")
                i = self.raw_block(lines, i, out)
                last = "raw"
                continue
            block = lines[i:end]
            if line.startswith("!!!") and top:
                i = self.admonition(lines, i, out)
                last = "admonition"
                continue
            if line.startswith("#"):
                if len(block) > 1:
                    raise Declined("a heading with more lines")
                out.append(self.heading(line) + "\n")
                last = "heading"
            elif line.startswith("|"):
                out.append(self.table(block))
                last = "table"
            elif line.startswith(">"):
                inner = self.quote(block)
                if last == "quote":  # Python-Markdown adds it to the quote before
                    out[-1] = out[-1][:-len("</blockquote>\n")] + inner
                else:
                    out.append("<blockquote>\n" + inner)
                out[-1] += "</blockquote>\n"
                last = "quote"
            elif _ULIST.match(line) or _OLIST.match(line):
                out.append(self.plain_list(block, lines, end))
                last = "list"
            elif (line.startswith((" ", "!!!", "???", "* ", "+ ", "<!"))
                  or _SETEXT_OR_RULE.match(line)):
                raise Declined("a block this reader leaves alone")
            else:
                out.append(self.paragraph(block))
                last = "paragraph"
            i = end
        return out

    @staticmethod
    def block_end(lines: list[str], i: int) -> int:
        while i < len(lines) and lines[i]:
            i += 1
        return i

    def fence(self, lines: list[str], i: int, out: list[str]) -> int:
        opening = _FENCE.match(lines[i])
        if opening is None or (i and lines[i - 1]):
            raise Declined("a fence with attributes, or not after a blank line")
        j = i + 1
        while j < len(lines) and lines[j].rstrip() != "```":
            if lines[j].startswith("```"):
                raise Declined("a nested fence")
            j += 1
        if j >= len(lines) or (j + 1 < len(lines) and lines[j + 1]):
            raise Declined("an unclosed fence, or one not before a blank line")
        block = self.reader.fence(opening.group(1), "\n".join(lines[i + 1:j]))
        self.blocks.append(block)
        out.append(block + "\n")
        return j + 1

    def raw_block(self, lines: list[str], i: int, out: list[str]) -> int:
        """A raw HTML block: from its opening tag to the end tag that balances it, at the
        end of a line, kept as it is."""
        if i and lines[i - 1]:
            raise Declined("raw HTML right after other lines")
        open_tags: list[str] = []  # each end tag must close the last one opened
        for j in range(i, len(lines)):  # line by line: a tag never spans two here
            line, pos = lines[j], 0
            for tag in _TAG.finditer(line):
                if "<" in line[pos:tag.start()]:
                    raise Declined("a raw block with a comment or a bare '<'")
                closing, name, attributes, selfclosing = tag.groups()
                name = name.lower()
                if name in _RAW_TEXT or _MARKDOWN_ATTRIBUTE.search(attributes):
                    raise Declined("raw text or Markdown inside raw HTML")
                if closing:
                    if not open_tags or open_tags.pop() != name:
                        raise Declined("raw HTML whose tags do not nest")
                elif not selfclosing and name not in _VOID:
                    open_tags.append(name)
                pos = tag.end()
                if not open_tags:
                    if pos != len(line):
                        raise Declined("a raw block that ends inside a line")
                    after = j + 1
                    if after < len(lines) and lines[after]:
                        raise Declined("raw HTML followed by more lines")
                    out.append("\n".join(lines[i:after]) + "\n\n")
                    return after
            if "<" in line[pos:]:
                raise Declined("a raw block with a comment, a bare '<' or a tag over lines")
        raise Declined("an unbalanced raw block")

    def admonition(self, lines: list[str], i: int, out: list[str]) -> int:
        """``!!! kind "Title"`` and the indented paragraphs under it, up to a blank line
        after which no indented line follows (the admonition extension's block)."""
        head = _ADMONITION.match(lines[i])
        if head is None:
            raise Declined("an admonition of another form")
        j = i + 1
        while j < len(lines) and lines[j].startswith("    "):
            j += 1
        following = _next_line(lines, j)
        if j == i + 1 or (j < len(lines) and lines[j]) or following.startswith(" "):
            raise Declined("an admonition without its text, or going on")
        kind = " ".join(head.group(1).lower().split())
        title = head.group(2)
        if title is None:
            title = kind.split(" ", 1)[0].capitalize()
        body = "".join(self.blocks_of([line[4:] for line in lines[i + 1:j]], top=False))
        heading = f'<p class="admonition-title">{self.inline(title)}</p>\n' if title else ""
        out.append(f'<div class="admonition {_attribute(kind)}">\n{heading}{body}</div>\n')
        return j

    def heading(self, line: str) -> str:
        match = _HEADING.match(line)
        if match is None or line.startswith("#######"):
            raise Declined("seven '#'s")
        level, text = len(match.group(1)), match.group(2).strip()
        ident = None
        given = _HEADING_ID.search(text)
        if given is not None:
            ident, text = given.group(1), text[:given.start()]
            if text.endswith("#"):
                raise Declined("closing hashes before a heading's attributes")
        elif "{" in text:
            raise Declined("attributes on a heading")
        inner = self.inline(text, links=False)
        self.headings.append(_Heading(level, inner, ident))
        return f"\x04{len(self.headings) - 1}\x04"  # filled in by finish()

    def table(self, block: list[str]) -> str:
        if len(block) < 3 or not all(line.startswith("|") for line in block):
            raise Declined("a table without rows, or with lines that are not rows")
        header, separator, *rows = (self.cells(line) for line in block)
        aligns = []
        for cell in separator:
            if not _CELL_ALIGN.fullmatch(cell):
                raise Declined("a table without its separator")
            left, right = cell.startswith(":"), cell.endswith(":")
            aligns.append("center" if left and right else "left" if left else
                          "right" if right else None)
        if len(separator) != len(header):
            raise Declined("a separator of another width")
        out = ["<table>\n<thead>\n<tr>\n"]
        out += [self.cell("th", text, align) for text, align in zip(header, aligns, strict=True)]
        out.append("</tr>\n</thead>\n<tbody>\n")
        for row in rows:
            out.append("<tr>\n")
            for k, align in enumerate(aligns):
                out.append(self.cell("td", row[k] if k < len(row) else "", align))
            out.append("</tr>\n")
        out.append("</tbody>\n</table>\n")
        return "".join(out)

    @staticmethod
    def cells(line: str) -> list[str]:
        body = line.strip()
        if body.startswith("|"):
            body = body[1:]
        if body.endswith("|"):
            body = body[:-1]
        if "`" in body and (body.count("`") % 2
                            or any("|" in code for code in body.split("`")[1::2])):
            raise Declined("a '|' in code in a table cell, or a lone backtick")
        return [cell.strip() for cell in body.split("|")]

    def cell(self, tag: str, text: str, align: str | None) -> str:
        style = f' style="text-align: {align};"' if align else ""
        return f"<{tag}{style}>{self.inline(text)}</{tag}>\n"

    def quote(self, block: list[str]) -> str:
        inner = []
        for line in block:
            if not line.startswith(">"):
                raise Declined("a lazy quote line")
            inner.append(line[2:] if line.startswith("> ") else line[1:])
        if any(line.startswith((">", " ")) for line in inner) or not any(inner):
            raise Declined("a quote inside a quote, indented or empty")
        return "".join(self.blocks_of(inner, top=False))

    def plain_list(self, block: list[str], lines: list[str], end: int) -> str:
        kind = _ULIST if _ULIST.match(block[0]) else _OLIST
        items = []
        for line in block:
            item = kind.match(line)
            if item is not None:
                if self.starts_block(item.group(1)):
                    raise Declined("a list item holding another block")
                items.append(item.group(1))
            elif _CONTINUED.match(line) and items:  # a lazy line: the item goes on
                items[-1] += "\n" + line
            else:
                raise Declined("a list item with lines this reader leaves alone")
        following = _next_line(lines, end)
        if following and (following.startswith((" ", "* ", "+ ")) or _ULIST.match(following)
                          or _OLIST.match(following)):
            raise Declined("a loose or continued list")
        tag = "ul" if kind is _ULIST else "ol"
        if tag == "ol" and not block[0].startswith("1."):
            raise Declined("an ordered list not starting at 1")
        body = "".join(f"<li>{self.inline(item)}</li>\n" for item in items)
        return f"<{tag}>\n{body}</{tag}>\n"

    def starts_block(self, text: str) -> bool:
        """Whether ``text`` (a list item's) would start another block in the item."""
        return bool(_BLOCK_START.match(text) or _SETEXT_OR_RULE.match(text)
                    or text.startswith("</") or self.reader.block_tag(text))

    def paragraph(self, block: list[str]) -> str:
        for line in block[1:]:
            if (line.startswith(("#", ">", " ", "!!!")) or _SETEXT_OR_RULE.match(line)
                    or self.reader.block_tag(line)):
                raise Declined("a paragraph another block breaks into")
        if _SETEXT_OR_RULE.match(block[0]):
            raise Declined("a rule")
        return f"<p>{self.inline(chr(10).join(block).lstrip())}</p>\n"

    # -- inline ------------------------------------------------------------------------

    def inline(self, text: str, links: bool = True) -> str:
        """Python-Markdown's inline patterns in their order: code spans, links, inline
        tags, entities, then emphasis; the rest escaped as its serializer does."""
        if _INLINE_SPECIAL.search(text) is None:
            return text
        holes: list[str] = []

        def hole(piece: str) -> str:
            holes.append(piece)
            return _HOLE.format(len(holes) - 1)

        text = self.code_spans(text, hole)
        if "[" in text or "]" in text:
            if not links:
                raise Declined("a link in a heading")
            text = self.link_spans(text, hole, holes)
        return self.rest(text, hole, holes)

    @staticmethod
    def code_spans(text: str, hole: Callable[[str], str]) -> str:
        if "`" not in text:
            return text
        out, pos = [], 0
        while (start := text.find("`", pos)) != -1:
            end = text.find("`", start + 1)
            if end == -1 or text[start + 1:start + 2] == "`" or text[end + 1:end + 2] == "`":
                raise Declined("backticks this reader leaves alone")
            out.append(text[pos:start])
            code = text[start + 1:end].strip()
            code = code.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            out.append(hole(f"<code>{code}</code>"))
            pos = end + 1
        out.append(text[pos:])
        return "".join(out)

    def link_spans(self, text: str, hole: Callable[[str], str], holes: list[str]) -> str:
        out, pos = [], 0
        for link in _LINK.finditer(text):
            if not _plain_brackets(text[pos:link.start()]) or (
                    link.start() and text[link.start() - 1] == "!"):
                raise Declined("brackets that are not a link")
            out.append(text[pos:link.start()])
            href = self.href(link.group(2))
            inner = self.rest(link.group(1), hole, holes)
            out.append(hole(f'<a href="{_attribute(href)}">{inner}</a>'))
            pos = link.end()
        if not _plain_brackets(text[pos:]):
            raise Declined("brackets that are not a link")
        out.append(text[pos:])
        return "".join(out)

    def rest(self, text: str, hole: Callable[[str], str], holes: list[str]) -> str:
        """Inline tags and entities kept as they are, emphasis, the text escaped."""
        if "<" in text:
            if _AUTO.search(text):
                raise Declined("an automatic link")
            for tag in _TAG_NAME.finditer(text):
                if self.reader.library().is_block_level(tag.group(1).lower()):
                    raise Declined("a block-level tag among the text")
            text = _HTML.sub(lambda m: hole(m.group(0)), text)
        if "&" in text:
            text = _ENTITY.sub(lambda m: hole(m.group(0)), text)
            if "&#" in text:
                raise Declined("'&#' that is no entity")
        if "{" in text:
            raise Declined("a brace: attributes for the element before it")
        if "*" in text and ("[" in text or "]" in text):
            raise Declined("asterisks beside brackets that are no link")
        # an underscore after a letter or digit opens nothing (each of the library's
        # underscore patterns wants none before it, or three underscores)
        if "_" in text and ("___" in text or _LONE_UNDERSCORE.search(text)):
            raise Declined("underscores that may be emphasis")
        if "![" in text:
            raise Declined("an image")
        text = self.emphasis(text)
        text = _AMP.sub("&amp;", text).replace("<", "&lt;").replace(">", "&gt;")
        text = text.replace("\x05", "<").replace("\x06", ">")
        while _HOLES.search(text):
            text = _HOLES.sub(lambda m: holes[int(m.group(1))], text)
        return text

    @staticmethod
    def emphasis(text: str) -> str:
        """Asterisks as the library's delimiter processor pairs them, in the cases where
        that leaves no doubt: runs of one or two, each opening (not followed by a space)
        or closing (not preceded by one) the last one opened, of its own length; any
        other run (a lone one, three or more, one that would close another length, one
        left open) is declined."""
        if "*" not in text:
            return text
        runs = [(m.start(), m.end()) for m in _STARS.finditer(text)]
        opened: list[tuple[int, int]] = []
        pairs: list[tuple[int, int, int]] = []  # opening run's start, closing run's start, size
        for start, end in runs:
            size = end - start
            if size > 2:
                raise Declined("three asterisks or more")
            before = text[start - 1] if start else ""
            after = text[end] if end < len(text) else ""
            can_open = bool(after) and not after.isspace()
            can_close = bool(before) and not before.isspace()
            if can_close and opened and opened[-1][1] == size:
                pairs.append((opened.pop()[0], start, size))
            elif can_close and opened:
                raise Declined("asterisks that would close another run")
            elif can_open:
                opened.append((start, size))
            else:
                raise Declined("asterisks that open and close nothing")
        if opened:
            raise Declined("asterisks left open")
        marks: dict[int, str] = {}
        for opening, closing, size in pairs:
            tag = "strong" if size == 2 else "em"
            # \x05 and \x06 stand for < and > until the text is escaped
            marks[opening] = f"\x05{tag}\x06"
            marks[closing] = f"\x05/{tag}\x06"
        out, pos = [], 0
        for start, end in runs:
            out.append(text[pos:start])
            out.append(marks[start])
            pos = end
        out.append(text[pos:])
        return "".join(out)

    def href(self, url: str) -> str:
        """MkDocs' rewriting of a link to a docs file (its `_RelativePathTreeprocessor`)."""
        scheme, netloc, path, query, anchor = urlsplit(url)
        if scheme or netloc:
            return url
        if url.startswith(("/", "\\")):
            raise Declined("an absolute link")
        if not path:
            if anchor:
                self.links.setdefault(self.here, {}).setdefault(anchor, url)
            return url
        target = posixpath.normpath(
            posixpath.join(posixpath.dirname(self.src_uri), unquote(path)).lstrip("/"))
        found = self.lookup(target)
        if found is None:
            raise Declined("a link MkDocs warns about")
        target_src, target_url = found
        if anchor:
            self.links.setdefault(target_src, {}).setdefault(anchor, url)
        return urlunsplit(("", "", get_relative_url(target_url, self.url), query, anchor))

    # -- the page ----------------------------------------------------------------------

    def finish(self, content: str, text: str) -> QuickPage:
        """Headings' ids (the toc extension's), their permalinks, the table of contents,
        the title (MkDocs') and the anchors present."""
        used = {h.id for h in self.headings if h.id}
        counters: dict[str, int] = {}
        tokens, ids = [], []
        for heading in self.headings:
            name = strip_tags(heading.inner)
            if heading.id is None:
                heading.id = unique(slugify(html.unescape(name), "-"), used, counters)
            ids.append(heading.id)
            tokens.append({"level": heading.level, "id": heading.id, "name": name,
                           "html": heading.inner, "data-toc-label": ""})

        def filled(m: re.Match[str]) -> str:
            heading = self.headings[int(m.group(1))]
            ident = heading.id or ""
            self.links.setdefault(self.here, {}).setdefault(ident, "#" + ident)
            return (f'<h{heading.level} id="{_attribute(ident)}">{heading.inner}'
                    f"{PERMALINK.format(_attribute(ident))}</h{heading.level}>")

        first = content
        # the permalinks' links come in the page's order, after the links before them
        content = re.sub("\x04([0-9]+)\x04", filled, content)
        title = None
        if first.startswith("\x040\x04") and self.headings[0].level == 1:
            title = " ".join(re.sub(r"<[^>]*>", "", self.headings[0].inner).split())
        anchors = set(ids)
        if re.search(r"(?i)\b(?:id|name)\s*=", text):
            if _RAW_IDS is None:  # pragma: no cover - another MkDocs
                raise Declined("raw HTML ids, and no reader of them")
            handler = _RAW_IDS()  # MkDocs reads the raw HTML's ids from the whole text
            handler.feed(text)
            handler.close()
            anchors |= handler.present_anchor_ids
        return QuickPage(content, title, anchors, nest_toc_tokens(tokens), self.links,
                         self.blocks)


def _next_line(lines: list[str], k: int) -> str:
    """The first line from ``k`` on that is not blank ("" for none)."""
    while k < len(lines) and not lines[k]:
        k += 1
    return lines[k] if k < len(lines) else ""


def _plain_brackets(text: str) -> bool:
    """Whether the brackets of ``text`` stay as they are: simple pairs, none right
    before a '(' (the page defines no reference, so a reference link finds nothing)."""
    if "[" not in text and "]" not in text:
        return True
    rest = _BRACKETS.sub("", text)
    return "[" not in rest and "]" not in rest and not re.search(r"\]\s?\(", text)


def _attribute(value: str) -> str:
    """An attribute's value as Python-Markdown's serializer writes it."""
    return (_AMP.sub("&amp;", value).replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))
