"""What a person wrote in one mail: HTML turned into text, quoted replies and signatures cut.

A reply quotes the whole thread below it; kept, every message would repeat every earlier
one. So lines quoted with `>`, the attribution line before them ("On … wrote:" and its
translations), everything under an "Original Message" or Outlook `From:`/`Sent:` header
block, and a signature (the `-- ` delimiter of RFC 3676, or "Sent from my phone") go.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

_BLOCK_TAGS = frozenset(
    {"p", "div", "br", "li", "tr", "table", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "hr", "section"}
)
_SKIPPED_TAGS = frozenset({"script", "style", "head", "title", "template", "noscript"})
_ATTRIBUTION = re.compile(
    r"^\s*(?:on\b.{0,300}\bwrote:|am\b.{0,300}\bschrieb\b.{0,80}:|le\b.{0,300}\ba écrit\s*:|el\b.{0,300}\bescribió:)\s*$",
    re.I | re.S,
)
_CUT_BELOW = re.compile(
    r"^\s*(?:-{2,}\s*(?:original message|forwarded message|ursprüngliche nachricht)\s*-{2,}"
    r"|_{8,}|begin forwarded message:)\s*$",
    re.I,
)
_OUTLOOK_FROM = re.compile(r"^\s*\**(?:from|von|de):\**\s.+", re.I)
_OUTLOOK_NEXT = re.compile(r"^\s*\**(?:sent|date|gesendet|envoyé|to|an|subject|betreff):\**\s", re.I)
_SENT_FROM = re.compile(r"^\s*(?:sent from my \w+|get outlook for \w+|sent from (?:mail|outlook) for \w+)", re.I)


class _TextExtractor(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skipping = 0
        self.quoting = 0
        self.links: list[str | None] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _SKIPPED_TAGS:
            self.skipping += 1
        elif tag == "blockquote":
            self.quoting += 1  # a quoted earlier message: left out like `>` lines
        if tag in _BLOCK_TAGS:
            self.parts.append("\n")
        if tag == "a":
            href = dict(attrs).get("href")
            self.links.append(href if href and href.startswith(("http://", "https://")) else None)

    def handle_endtag(self, tag: str) -> None:
        if tag in _SKIPPED_TAGS and self.skipping:
            self.skipping -= 1
        elif tag == "blockquote" and self.quoting:
            self.quoting -= 1
        if tag in _BLOCK_TAGS:
            self.parts.append("\n")
        if tag == "a" and self.links:
            href = self.links.pop()
            if href and not self.skipping and not self.quoting:
                self.parts.append(f" <{href}>")

    def handle_data(self, data: str) -> None:
        if not self.skipping and not self.quoting:
            self.parts.append(data)


def html_to_text(html: str) -> str:
    """The readable text of an HTML mail body: no markup, scripts, styles or quoted blocks."""
    parser = _TextExtractor()
    try:
        parser.feed(html)
        parser.close()
    except (AssertionError, ValueError):  # malformed markup: keep what was read
        pass
    lines = [" ".join(line.split()) for line in "".join(parser.parts).splitlines()]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip()


def own_words(text: str) -> str:
    """A message body without the quoted replies and the signature below what was written."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    kept: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.rstrip() in ("-- ", "--") or _SENT_FROM.match(line) or _CUT_BELOW.match(line):
            break
        if _OUTLOOK_FROM.match(line) and any(_OUTLOOK_NEXT.match(x) for x in lines[i + 1 : i + 4]):
            break
        two = line + " " + lines[i + 1] if i + 1 < len(lines) else line
        if _ATTRIBUTION.match(line):
            i += 1
            continue
        if i + 1 < len(lines) and _ATTRIBUTION.match(two) and lines[i + 1].rstrip().endswith(":"):
            i += 2
            continue
        if not line.lstrip().startswith(">"):
            kept.append(line.rstrip())
        i += 1
    return re.sub(r"\n{3,}", "\n\n", "\n".join(kept)).strip()
