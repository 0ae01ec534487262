"""Writes the round-3 labelled lines (tune and heldout 1 to 234 .jsonl) from the templates beside it.

Each template is a transcript-style line of our own around a value of a shape that a public
scanner documents (its rule's documented format, example or negative example), tagged with
that scanner so scores can be computed leaving one source out. Every value is generated here
from a seeded random source in the documented shape: no scanner's fixture value or code is
copied, and no value is a key of a real account.

    python jezero_pipeline_tests/redaction_corpus/round3/build.py
"""

from __future__ import annotations

import json
import random
import string
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
SEED = 38

Maker = Callable[[random.Random], str]
B62 = string.ascii_letters + string.digits
B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
LOWER_ALNUM = string.ascii_lowercase + string.digits
UPPER_ALNUM = string.ascii_uppercase + string.digits


def pick(alphabet: str, n: int) -> Maker:
    """n characters drawn from `alphabet`, with at least one digit and one letter when it has both."""

    def make(rng: random.Random) -> str:
        while True:
            v = "".join(rng.choice(alphabet) for _ in range(n))
            has_digit = any(c.isdigit() for c in alphabet)
            has_alpha = any(c.isalpha() for c in alphabet)
            if (not has_digit or any(c.isdigit() for c in v)) and (not has_alpha or any(c.isalpha() for c in v)):
                return v

    return make


def b62(n: int) -> Maker:
    return pick(B62, n)


def hexl(n: int) -> Maker:
    return pick("0123456789abcdef", n)


def hexu(n: int) -> Maker:
    return pick("0123456789ABCDEF", n)


def digits(n: int) -> Maker:
    return pick(string.digits, n)


def lower_alnum(n: int) -> Maker:
    return pick(LOWER_ALNUM, n)


def upper_alnum(n: int) -> Maker:
    return pick(UPPER_ALNUM, n)


def b64(n: int, pad: str = "") -> Maker:
    base = pick(B62 + "+/", n)
    return lambda rng: base(rng) + pad


def b64url(n: int) -> Maker:
    return pick(B62 + "-_", n)


def b58(n: int) -> Maker:
    return pick(B58, n)


def password(n: int) -> Maker:
    return pick(B62 + "!#%^*@$&", n)


def uuid(rng: random.Random) -> str:
    h = hexl(32)(rng)
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-a{h[17:20]}-{h[20:]}"


def const(value: str) -> Maker:
    return lambda rng: value


def join(*parts: Maker | str) -> Maker:
    """Concatenate makers and literal strings."""
    return lambda rng: "".join(p if isinstance(p, str) else p(rng) for p in parts)


def groups(maker: Maker, n: int, sep: str = "-") -> Maker:
    return lambda rng: sep.join(maker(rng) for _ in range(n))


# --------------------------------------------------------------------------- placeholder shapes


def alphabet_run(n: int, upper: bool = False, offset: bool = True) -> Maker:
    def make(rng: random.Random) -> str:
        letters = string.ascii_uppercase if upper else string.ascii_lowercase
        start = rng.randrange(3) if offset else 0
        return (letters * 2)[start : start + n]

    return make


def mixed_case_alphabet(n: int) -> Maker:
    """`AbCdEf…` then a counting run: the scanners' own filler shape."""

    def make(rng: random.Random) -> str:
        s = "".join(c.upper() if i % 2 == 0 else c for i, c in enumerate(string.ascii_lowercase))
        return (s + "1234567890")[:n]

    return make


def interleaved(n: int, upper: bool = False, digit_first: bool = False) -> Maker:
    """`a1b2c3…` / `1a2b3c…`."""

    def make(rng: random.Random) -> str:
        letters = string.ascii_uppercase if upper else string.ascii_lowercase
        out = []
        for i in range(n):
            pair = [letters[i % 26], str((i + 1) % 10)]
            out += pair[::-1] if digit_first else pair
        return "".join(out)[:n]

    return make


KEYBOARD_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm", "1234567890")


def keyboard_run(n: int, upper: bool = False) -> Maker:
    def make(rng: random.Random) -> str:
        row = rng.choice(("qwertyuiopasdfghjklzxcvbnm", "1qaz2wsx3edc4rfv5tgb6yhn7ujm", "qazwsxedcrfvtgbyhnujm"))
        s = (row * 3)[:n]
        return s.upper() if upper else s

    return make


def counting(n: int, hex_digits: bool = False) -> Maker:
    def make(rng: random.Random) -> str:
        unit = "0123456789abcdef" if hex_digits else rng.choice(("0123456789", "1234567890"))
        return (unit * (n // len(unit) + 1))[:n]

    return make


def repeated(unit: Maker, times: int) -> Maker:
    return lambda rng: unit(rng) * times


# --------------------------------------------------------------------------- templates


@dataclass
class Template:
    """One line shape; `{v}` is the labelled value, other fields are filled from `fill`."""

    scanner: str
    kind: str
    text: str
    value: Maker
    secret: bool = True
    n: int = 1
    note: str = ""
    fill: dict[str, Maker] = field(default_factory=dict)


def S(scanner: str, kind: str, text: str, value: Maker, n: int = 1, note: str = "", **fill: Maker) -> Template:
    return Template(scanner, kind, text, value, True, n, note, dict(fill))


def L(scanner: str, kind: str, text: str, value: Maker, n: int = 1, note: str = "", **fill: Maker) -> Template:
    return Template(scanner, kind, text, value, False, n, note, dict(fill))


def build(templates: list[Template], rng: random.Random) -> list[dict]:
    rows = []
    for t in templates:
        for _ in range(t.n):
            v = t.value(rng)
            values = {k: m(rng) for k, m in t.fill.items()}
            text = t.text.replace("{v}", v)
            for k, x in values.items():
                text = text.replace("{" + k + "}", x)
            assert v in text, t.text
            rows.append(
                {
                    "text": text,
                    "secret": v if t.secret else None,
                    "kind": t.kind,
                    "scanner": t.scanner,
                    "source": f"{t.scanner}: {t.note or t.kind}",
                }
            )
    return rows


def main() -> int:
    sys.path.insert(0, str(HERE))
    import heldout2_templates
    import heldout3_templates
    import heldout4_templates
    import heldout5_templates
    import heldout6_templates
    import heldout7_templates
    import heldout8_templates
    import heldout9_templates
    import heldout10_templates
    import heldout11_templates
    import heldout12_templates
    import heldout13_templates
    import heldout14_templates
    import heldout15_templates
    import heldout16_templates
    import heldout17_templates
    import heldout18_templates
    import heldout19_templates
    import heldout20_templates
    import heldout21_templates
    import heldout22_templates
    import heldout23_templates
    import heldout24_templates
    import heldout25_templates
    import heldout26_templates
    import heldout27_templates
    import heldout28_templates
    import heldout29_templates
    import heldout30_templates
    import heldout31_templates
    import heldout32_templates
    import heldout33_templates
    import heldout34_templates
    import heldout35_templates
    import heldout36_templates
    import heldout37_templates
    import heldout38_templates
    import heldout39_templates
    import heldout40_templates
    import heldout41_templates
    import heldout42_templates
    import heldout43_templates
    import heldout44_templates
    import heldout45_templates
    import heldout46_templates
    import heldout47_templates
    import heldout48_templates
    import heldout49_templates
    import heldout50_templates
    import heldout51_templates
    import heldout52_templates
    import heldout53_templates
    import heldout54_templates
    import heldout55_templates
    import heldout56_templates
    import heldout57_templates
    import heldout58_templates
    import heldout59_templates
    import heldout60_templates
    import heldout61_templates
    import heldout62_templates
    import heldout63_templates
    import heldout64_templates
    import heldout65_templates
    import heldout66_templates
    import heldout67_templates
    import heldout68_templates
    import heldout69_templates
    import heldout70_templates
    import heldout71_templates
    import heldout72_templates
    import heldout73_templates
    import heldout74_templates
    import heldout75_templates
    import heldout76_templates
    import heldout77_templates
    import heldout78_templates
    import heldout79_templates
    import heldout80_templates
    import heldout81_templates
    import heldout82_templates
    import heldout83_templates
    import heldout84_templates
    import heldout85_templates
    import heldout86_templates
    import heldout87_templates
    import heldout88_templates
    import heldout89_templates
    import heldout90_templates
    import heldout91_templates
    import heldout92_templates
    import heldout93_templates
    import heldout94_templates
    import heldout95_templates
    import heldout96_templates
    import heldout97_templates
    import heldout98_templates
    import heldout99_templates
    import heldout100_templates
    import heldout101_templates
    import heldout102_templates
    import heldout103_templates
    import heldout104_templates
    import heldout105_templates
    import heldout106_templates
    import heldout107_templates
    import heldout108_templates
    import heldout109_templates
    import heldout110_templates
    import heldout111_templates
    import heldout112_templates
    import heldout113_templates
    import heldout114_templates
    import heldout115_templates
    import heldout116_templates
    import heldout117_templates
    import heldout118_templates
    import heldout119_templates
    import heldout120_templates
    import heldout121_templates
    import heldout122_templates
    import heldout123_templates
    import heldout124_templates
    import heldout125_templates
    import heldout126_templates
    import heldout127_templates
    import heldout128_templates
    import heldout129_templates
    import heldout130_templates
    import heldout131_templates
    import heldout132_templates
    import heldout133_templates
    import heldout134_templates
    import heldout135_templates
    import heldout136_templates
    import heldout137_templates
    import heldout138_templates
    import heldout139_templates
    import heldout140_templates
    import heldout141_templates
    import heldout142_templates
    import heldout143_templates
    import heldout144_templates
    import heldout145_templates
    import heldout146_templates
    import heldout147_templates
    import heldout148_templates
    import heldout149_templates
    import heldout150_templates
    import heldout151_templates
    import heldout152_templates
    import heldout153_templates
    import heldout154_templates
    import heldout155_templates
    import heldout156_templates
    import heldout157_templates
    import heldout158_templates
    import heldout159_templates
    import heldout160_templates
    import heldout161_templates
    import heldout162_templates
    import heldout163_templates
    import heldout164_templates
    import heldout165_templates
    import heldout166_templates
    import heldout167_templates
    import heldout168_templates
    import heldout169_templates
    import heldout170_templates
    import heldout171_templates
    import heldout172_templates
    import heldout173_templates
    import heldout174_templates
    import heldout175_templates
    import heldout176_templates
    import heldout177_templates
    import heldout178_templates
    import heldout179_templates
    import heldout180_templates
    import heldout181_templates
    import heldout182_templates
    import heldout183_templates
    import heldout184_templates
    import heldout185_templates
    import heldout186_templates
    import heldout187_templates
    import heldout188_templates
    import heldout189_templates
    import heldout190_templates
    import heldout191_templates
    import heldout192_templates
    import heldout193_templates
    import heldout194_templates
    import heldout195_templates
    import heldout196_templates
    import heldout197_templates
    import heldout198_templates
    import heldout199_templates
    import heldout200_templates
    import heldout201_templates
    import heldout202_templates
    import heldout203_templates
    import heldout204_templates
    import heldout205_templates
    import heldout206_templates
    import heldout207_templates
    import heldout208_templates
    import heldout209_templates
    import heldout210_templates
    import heldout211_templates
    import heldout212_templates
    import heldout213_templates
    import heldout214_templates
    import heldout215_templates
    import heldout216_templates
    import heldout217_templates
    import heldout218_templates
    import heldout219_templates
    import heldout220_templates
    import heldout221_templates
    import heldout222_templates
    import heldout223_templates
    import heldout224_templates
    import heldout225_templates
    import heldout226_templates
    import heldout227_templates
    import heldout228_templates
    import heldout229_templates
    import heldout230_templates
    import heldout231_templates
    import heldout232_templates
    import heldout233_templates
    import heldout234_templates
    import heldout_templates
    import tune_templates

    for name, module, seed in (
        ("tune", tune_templates, SEED),
        ("heldout", heldout_templates, SEED + 1),
        ("heldout2", heldout2_templates, SEED + 2),
        ("heldout3", heldout3_templates, SEED + 3),
        ("heldout4", heldout4_templates, SEED + 4),
        ("heldout5", heldout5_templates, SEED + 5),
        ("heldout6", heldout6_templates, SEED + 6),
        ("heldout7", heldout7_templates, SEED + 7),
        ("heldout8", heldout8_templates, SEED + 8),
        ("heldout9", heldout9_templates, SEED + 9),
        ("heldout10", heldout10_templates, SEED + 10),
        ("heldout11", heldout11_templates, SEED + 11),
        ("heldout12", heldout12_templates, SEED + 12),
        ("heldout13", heldout13_templates, SEED + 13),
        ("heldout14", heldout14_templates, SEED + 14),
        ("heldout15", heldout15_templates, SEED + 15),
        ("heldout16", heldout16_templates, SEED + 16),
        ("heldout17", heldout17_templates, SEED + 17),
        ("heldout18", heldout18_templates, SEED + 18),
        ("heldout19", heldout19_templates, SEED + 19),
        ("heldout20", heldout20_templates, SEED + 20),
        ("heldout21", heldout21_templates, SEED + 21),
        ("heldout22", heldout22_templates, SEED + 22),
        ("heldout23", heldout23_templates, SEED + 23),
        ("heldout24", heldout24_templates, SEED + 24),
        ("heldout25", heldout25_templates, SEED + 25),
        ("heldout26", heldout26_templates, SEED + 26),
        ("heldout27", heldout27_templates, SEED + 27),
        ("heldout28", heldout28_templates, SEED + 28),
        ("heldout29", heldout29_templates, SEED + 29),
        ("heldout30", heldout30_templates, SEED + 30),
        ("heldout31", heldout31_templates, SEED + 31),
        ("heldout32", heldout32_templates, SEED + 32),
        ("heldout33", heldout33_templates, SEED + 33),
        ("heldout34", heldout34_templates, SEED + 34),
        ("heldout35", heldout35_templates, SEED + 35),
        ("heldout36", heldout36_templates, SEED + 36),
        ("heldout37", heldout37_templates, SEED + 37),
        ("heldout38", heldout38_templates, SEED + 38),
        ("heldout39", heldout39_templates, SEED + 39),
        ("heldout40", heldout40_templates, SEED + 40),
        ("heldout41", heldout41_templates, SEED + 41),
        ("heldout42", heldout42_templates, SEED + 42),
        ("heldout43", heldout43_templates, SEED + 43),
        ("heldout44", heldout44_templates, SEED + 44),
        ("heldout45", heldout45_templates, SEED + 45),
        ("heldout46", heldout46_templates, SEED + 46),
        ("heldout47", heldout47_templates, SEED + 47),
        ("heldout48", heldout48_templates, SEED + 48),
        ("heldout49", heldout49_templates, SEED + 49),
        ("heldout50", heldout50_templates, SEED + 50),
        ("heldout51", heldout51_templates, SEED + 51),
        ("heldout52", heldout52_templates, SEED + 52),
        ("heldout53", heldout53_templates, SEED + 53),
        ("heldout54", heldout54_templates, SEED + 54),
        ("heldout55", heldout55_templates, SEED + 55),
        ("heldout56", heldout56_templates, SEED + 56),
        ("heldout57", heldout57_templates, SEED + 57),
        ("heldout58", heldout58_templates, SEED + 58),
        ("heldout59", heldout59_templates, SEED + 59),
        ("heldout60", heldout60_templates, SEED + 60),
        ("heldout61", heldout61_templates, SEED + 61),
        ("heldout62", heldout62_templates, SEED + 62),
        ("heldout63", heldout63_templates, SEED + 63),
        ("heldout64", heldout64_templates, SEED + 64),
        ("heldout65", heldout65_templates, SEED + 65),
        ("heldout66", heldout66_templates, SEED + 66),
        ("heldout67", heldout67_templates, SEED + 67),
        ("heldout68", heldout68_templates, SEED + 68),
        ("heldout69", heldout69_templates, SEED + 69),
        ("heldout70", heldout70_templates, SEED + 70),
        ("heldout71", heldout71_templates, SEED + 71),
        ("heldout72", heldout72_templates, SEED + 72),
        ("heldout73", heldout73_templates, SEED + 73),
        ("heldout74", heldout74_templates, SEED + 74),
        ("heldout75", heldout75_templates, SEED + 75),
        ("heldout76", heldout76_templates, SEED + 76),
        ("heldout77", heldout77_templates, SEED + 77),
        ("heldout78", heldout78_templates, SEED + 78),
        ("heldout79", heldout79_templates, SEED + 79),
        ("heldout80", heldout80_templates, SEED + 80),
        ("heldout81", heldout81_templates, SEED + 81),
        ("heldout82", heldout82_templates, SEED + 82),
        ("heldout83", heldout83_templates, SEED + 83),
        ("heldout84", heldout84_templates, SEED + 84),
        ("heldout85", heldout85_templates, SEED + 85),
        ("heldout86", heldout86_templates, SEED + 86),
        ("heldout87", heldout87_templates, SEED + 87),
        ("heldout88", heldout88_templates, SEED + 88),
        ("heldout89", heldout89_templates, SEED + 89),
        ("heldout90", heldout90_templates, SEED + 90),
        ("heldout91", heldout91_templates, SEED + 91),
        ("heldout92", heldout92_templates, SEED + 92),
        ("heldout93", heldout93_templates, SEED + 93),
        ("heldout94", heldout94_templates, SEED + 94),
        ("heldout95", heldout95_templates, SEED + 95),
        ("heldout96", heldout96_templates, SEED + 96),
        ("heldout97", heldout97_templates, SEED + 97),
        ("heldout98", heldout98_templates, SEED + 98),
        ("heldout99", heldout99_templates, SEED + 99),
        ("heldout100", heldout100_templates, SEED + 100),
        ("heldout101", heldout101_templates, SEED + 101),
        ("heldout102", heldout102_templates, SEED + 102),
        ("heldout103", heldout103_templates, SEED + 103),
        ("heldout104", heldout104_templates, SEED + 104),
        ("heldout105", heldout105_templates, SEED + 105),
        ("heldout106", heldout106_templates, SEED + 106),
        ("heldout107", heldout107_templates, SEED + 107),
        ("heldout108", heldout108_templates, SEED + 108),
        ("heldout109", heldout109_templates, SEED + 109),
        ("heldout110", heldout110_templates, SEED + 110),
        ("heldout111", heldout111_templates, SEED + 111),
        ("heldout112", heldout112_templates, SEED + 112),
        ("heldout113", heldout113_templates, SEED + 113),
        ("heldout114", heldout114_templates, SEED + 114),
        ("heldout115", heldout115_templates, SEED + 115),
        ("heldout116", heldout116_templates, SEED + 116),
        ("heldout117", heldout117_templates, SEED + 117),
        ("heldout118", heldout118_templates, SEED + 118),
        ("heldout119", heldout119_templates, SEED + 119),
        ("heldout120", heldout120_templates, SEED + 120),
        ("heldout121", heldout121_templates, SEED + 121),
        ("heldout122", heldout122_templates, SEED + 122),
        ("heldout123", heldout123_templates, SEED + 123),
        ("heldout124", heldout124_templates, SEED + 124),
        ("heldout125", heldout125_templates, SEED + 125),
        ("heldout126", heldout126_templates, SEED + 126),
        ("heldout127", heldout127_templates, SEED + 127),
        ("heldout128", heldout128_templates, SEED + 128),
        ("heldout129", heldout129_templates, SEED + 129),
        ("heldout130", heldout130_templates, SEED + 130),
        ("heldout131", heldout131_templates, SEED + 131),
        ("heldout132", heldout132_templates, SEED + 132),
        ("heldout133", heldout133_templates, SEED + 133),
        ("heldout134", heldout134_templates, SEED + 134),
        ("heldout135", heldout135_templates, SEED + 135),
        ("heldout136", heldout136_templates, SEED + 136),
        ("heldout137", heldout137_templates, SEED + 137),
        ("heldout138", heldout138_templates, SEED + 138),
        ("heldout139", heldout139_templates, SEED + 139),
        ("heldout140", heldout140_templates, SEED + 140),
        ("heldout141", heldout141_templates, SEED + 141),
        ("heldout142", heldout142_templates, SEED + 142),
        ("heldout143", heldout143_templates, SEED + 143),
        ("heldout144", heldout144_templates, SEED + 144),
        ("heldout145", heldout145_templates, SEED + 145),
        ("heldout146", heldout146_templates, SEED + 146),
        ("heldout147", heldout147_templates, SEED + 147),
        ("heldout148", heldout148_templates, SEED + 148),
        ("heldout149", heldout149_templates, SEED + 149),
        ("heldout150", heldout150_templates, SEED + 150),
        ("heldout151", heldout151_templates, SEED + 151),
        ("heldout152", heldout152_templates, SEED + 152),
        ("heldout153", heldout153_templates, SEED + 153),
        ("heldout154", heldout154_templates, SEED + 154),
        ("heldout155", heldout155_templates, SEED + 155),
        ("heldout156", heldout156_templates, SEED + 156),
        ("heldout157", heldout157_templates, SEED + 157),
        ("heldout158", heldout158_templates, SEED + 158),
        ("heldout159", heldout159_templates, SEED + 159),
        ("heldout160", heldout160_templates, SEED + 160),
        ("heldout161", heldout161_templates, SEED + 161),
        ("heldout162", heldout162_templates, SEED + 162),
        ("heldout163", heldout163_templates, SEED + 163),
        ("heldout164", heldout164_templates, SEED + 164),
        ("heldout165", heldout165_templates, SEED + 165),
        ("heldout166", heldout166_templates, SEED + 166),
        ("heldout167", heldout167_templates, SEED + 167),
        ("heldout168", heldout168_templates, SEED + 168),
        ("heldout169", heldout169_templates, SEED + 169),
        ("heldout170", heldout170_templates, SEED + 170),
        ("heldout171", heldout171_templates, SEED + 171),
        ("heldout172", heldout172_templates, SEED + 172),
        ("heldout173", heldout173_templates, SEED + 173),
        ("heldout174", heldout174_templates, SEED + 174),
        ("heldout175", heldout175_templates, SEED + 175),
        ("heldout176", heldout176_templates, SEED + 176),
        ("heldout177", heldout177_templates, SEED + 177),
        ("heldout178", heldout178_templates, SEED + 178),
        ("heldout179", heldout179_templates, SEED + 179),
        ("heldout180", heldout180_templates, SEED + 180),
        ("heldout181", heldout181_templates, SEED + 181),
        ("heldout182", heldout182_templates, SEED + 182),
        ("heldout183", heldout183_templates, SEED + 183),
        ("heldout184", heldout184_templates, SEED + 184),
        ("heldout185", heldout185_templates, SEED + 185),
        ("heldout186", heldout186_templates, SEED + 186),
        ("heldout187", heldout187_templates, SEED + 187),
        ("heldout188", heldout188_templates, SEED + 188),
        ("heldout189", heldout189_templates, SEED + 189),
        ("heldout190", heldout190_templates, SEED + 190),
        ("heldout191", heldout191_templates, SEED + 191),
        ("heldout192", heldout192_templates, SEED + 192),
        ("heldout193", heldout193_templates, SEED + 193),
        ("heldout194", heldout194_templates, SEED + 194),
        ("heldout195", heldout195_templates, SEED + 195),
        ("heldout196", heldout196_templates, SEED + 196),
        ("heldout197", heldout197_templates, SEED + 197),
        ("heldout198", heldout198_templates, SEED + 198),
        ("heldout199", heldout199_templates, SEED + 199),
        ("heldout200", heldout200_templates, SEED + 200),
        ("heldout201", heldout201_templates, SEED + 201),
        ("heldout202", heldout202_templates, SEED + 202),
        ("heldout203", heldout203_templates, SEED + 203),
        ("heldout204", heldout204_templates, SEED + 204),
        ("heldout205", heldout205_templates, SEED + 205),
        ("heldout206", heldout206_templates, SEED + 206),
        ("heldout207", heldout207_templates, SEED + 207),
        ("heldout208", heldout208_templates, SEED + 208),
        ("heldout209", heldout209_templates, SEED + 209),
        ("heldout210", heldout210_templates, SEED + 210),
        ("heldout211", heldout211_templates, SEED + 211),
        ("heldout212", heldout212_templates, SEED + 212),
        ("heldout213", heldout213_templates, SEED + 213),
        ("heldout214", heldout214_templates, SEED + 214),
        ("heldout215", heldout215_templates, SEED + 215),
        ("heldout216", heldout216_templates, SEED + 216),
        ("heldout217", heldout217_templates, SEED + 217),
        ("heldout218", heldout218_templates, SEED + 218),
        ("heldout219", heldout219_templates, SEED + 219),
        ("heldout220", heldout220_templates, SEED + 220),
        ("heldout221", heldout221_templates, SEED + 221),
        ("heldout222", heldout222_templates, SEED + 222),
        ("heldout223", heldout223_templates, SEED + 223),
        ("heldout224", heldout224_templates, SEED + 224),
        ("heldout225", heldout225_templates, SEED + 225),
        ("heldout226", heldout226_templates, SEED + 226),
        ("heldout227", heldout227_templates, SEED + 227),
        ("heldout228", heldout228_templates, SEED + 228),
        ("heldout229", heldout229_templates, SEED + 229),
        ("heldout230", heldout230_templates, SEED + 230),
        ("heldout231", heldout231_templates, SEED + 231),
        ("heldout232", heldout232_templates, SEED + 232),
        ("heldout233", heldout233_templates, SEED + 233),
        ("heldout234", heldout234_templates, SEED + 234),
    ):
        rows = build(module.TEMPLATES, random.Random(seed))
        out = HERE / f"{name}.jsonl"
        out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
        print(
            f"{out.name}: {sum(1 for r in rows if r['secret'])} secrets, {sum(1 for r in rows if not r['secret'])} look-alikes"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
