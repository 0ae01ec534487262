"""The model's tokenizer in plain Python: BERT's uncased WordPiece, as its `tokenizer.json` says.

Why not Hugging Face's `tokenizers`, which runs that file: a reader that searches by meaning
held 10 MB for it (4 of its code, 6 of tokenizer, thread pool and module) to cut queries of a
dozen words; this holds the vocabulary in a dict (3.5 MB), and cuts a query in 8 µs (23 with
`tokenizers`) and a 1,500-character transcript piece in 0.3 ms (0.6). A test holds the ids
equal to `tokenizers` running the model's published `tokenizer.json`, on generated text and on
the real transcripts; every character was also checked one by one, inside a word and alone.

The steps are that file's, in its order:
1. the special tokens (`[CLS]`, `[MASK]`…) are matched whole in the raw text;
2. BertNormalizer: NUL, U+FFFD and control, format and private-use characters dropped (tab,
   newline and return are whitespace), whitespace made a space, CJK ideographs spaced apart, accents stripped (NFD,
   then nonspacing marks dropped), lower case;
3. BertPreTokenizer: split at whitespace, every punctuation character a word of its own;
4. WordPiece: each word cut greedily into the longest pieces in the vocabulary (`##` before
   a piece that continues a word), `[UNK]` for a word that cannot be cut or is over 100
   characters;
5. `[CLS] … [SEP]`, cut to `max_tokens` in all.

Character classes come from `unicodedata`; `tokenizers` uses its own, older Unicode tables, so
the code points Unicode assigned or reclassed since (a recent emoji, a new punctuation or
combining mark: 503 of 1,112,064 under Python 3.11's Unicode 14) are cut differently. None is
in the vocabulary: the word that holds one is `[UNK]` either way, or cut at it here where
Unicode now calls it punctuation; and queries and items are cut by this same code.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

SPECIAL_TOKENS = ("[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]")
MAX_WORD_CHARS = 100
CONTINUES = "##"
# Unicode's White_Space characters after control characters are dropped (tab, newline and
# return are kept and read as spaces, as are these).
WHITESPACE = frozenset("\t\n\r \u00a0\u1680\u2028\u2029\u202f\u205f\u3000" + "".join(map(chr, range(0x2000, 0x200B))))
# CJK ideographs as `tokenizers` lists them (its 0x2B920 is 0x2B820 in BERT's own code).
CJK = ((0x4E00, 0x9FFF), (0x3400, 0x4DBF), (0x20000, 0x2A6DF), (0x2A700, 0x2B73F), (0x2B740, 0x2B81F),
       (0x2B920, 0x2CEAF), (0xF900, 0xFAFF), (0x2F800, 0x2FA1F))  # fmt: skip
_ASCII_CLEAN = {i: None for i in (*range(32), 127) if chr(i) not in "\t\n\r"} | {ord(c): " " for c in "\t\n\r"}
_ASCII_PUNCTUATION = re.compile(r"""([!-/:-@\[-`{-~])""")


class WordPiece:
    """Text to the model's token ids, from its vocabulary (one token a line, its id the line's)."""

    def __init__(self, vocabulary: str):
        self.ids = {w: i for i, w in enumerate(vocabulary.splitlines())}
        missing = [t for t in SPECIAL_TOKENS if t not in self.ids]
        if missing:
            raise ValueError(f"no {', '.join(missing)} in the vocabulary")
        self.pad, self.unk, self.cls, self.sep = (self.ids[t] for t in SPECIAL_TOKENS[:4])
        self._special = re.compile("(" + "|".join(map(re.escape, SPECIAL_TOKENS)) + ")")

    def encode(self, text: str, max_tokens: int) -> list[int]:
        """`[CLS]`, the text's tokens, `[SEP]`: at most `max_tokens` ids."""
        out = [self.cls]
        room = max_tokens - 2
        for n, piece in enumerate(self._special.split(text)):
            if len(out) > room:
                break
            if n % 2:
                out.append(self.ids[piece])
                continue
            for word in words(piece):
                out += self._pieces(word)
                if len(out) > room:
                    break
        del out[room + 1 :]
        out.append(self.sep)
        return out

    def _pieces(self, word: str) -> list[int]:
        if len(word) > MAX_WORD_CHARS:
            return [self.unk]
        ids, out, start = self.ids, [], 0
        while start < len(word):
            end = len(word)
            while end > start:
                got = ids.get(word[start:end] if not start else CONTINUES + word[start:end])
                if got is not None:
                    break
                end -= 1
            else:
                return [self.unk]
            out.append(got)
            start = end
        return out


def words(text: str) -> list[str]:
    """The text normalised and cut into words and punctuation (steps 2 and 3)."""
    if text.isascii():
        return _ASCII_PUNCTUATION.sub(r" \1 ", text.translate(_ASCII_CLEAN).lower()).split()
    cleaned = unicodedata.normalize("NFD", "".join(map(_cleaned, text)))
    out: list[str] = []
    word: list[str] = []
    for c in "".join(map(_lowered, cleaned)):
        if c == " " or _is_punctuation(c):
            if word:
                out.append("".join(word))
                word = []
            if c != " ":
                out.append(c)
        else:
            word.append(c)
    if word:
        out.append("".join(word))
    return out


@lru_cache(maxsize=4096)
def _cleaned(ch: str) -> str:
    """A character as BertNormalizer cleans it: dropped, a space, or CJK spaced apart."""
    if ch in WHITESPACE:
        return " "
    if ch in "\0\ufffd" or unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cs"):
        return ""
    if any(lo <= ord(ch) <= hi for lo, hi in CJK):
        return f" {ch} "
    return ch


@lru_cache(maxsize=4096)
def _lowered(c: str) -> str:
    """A character of the decomposed text: nonspacing marks dropped, the rest in lower case."""
    return "" if unicodedata.category(c) == "Mn" else c.lower()


@lru_cache(maxsize=4096)
def _is_punctuation(c: str) -> bool:
    return bool(_ASCII_PUNCTUATION.fullmatch(c)) or unicodedata.category(c)[0] == "P"
