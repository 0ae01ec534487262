"""The Protocol Buffers wire format, both halves: decode any message into its fields, encode one.

Antigravity keeps its steps as protobuf with no published schema, so there is no generated
code to use: a message is read as field number -> values (varints as ints, length-delimited
fields as bytes, fixed32/64 as ints), and the reader picks the field numbers it knows. Nested
messages are length-delimited bytes decoded again on demand. Damage (a truncated varint, a
length past the end, an unknown or group wire type) raises `WireError` naming the byte, so a
caller can skip that one record and keep the others. The writer half builds test fixtures.
"""

from __future__ import annotations

from collections.abc import Iterable

VARINT, FIXED64, LENGTH, FIXED32 = 0, 1, 2, 5
MAX_VARINT_BYTES = 10

Value = int | bytes
Fields = dict[int, list[Value]]


class WireError(ValueError):
    """Bytes that are not a well-formed protobuf message; the message names where."""


def read_varint(data: bytes, pos: int) -> tuple[int, int]:
    """(value, position after it) of the base-128 varint at `pos`."""
    result = shift = 0
    for i in range(MAX_VARINT_BYTES):
        if pos + i >= len(data):
            raise WireError(f"truncated varint at byte {pos}")
        byte = data[pos + i]
        result |= (byte & 0x7F) << shift
        if not byte & 0x80:
            return result, pos + i + 1
        shift += 7
    raise WireError(f"varint longer than {MAX_VARINT_BYTES} bytes at byte {pos}")


def decode(data: bytes) -> Fields:
    """Every field of a message, in order: field number -> values. Raises WireError."""
    fields: Fields = {}
    pos, end = 0, len(data)
    while pos < end:
        start = pos
        key, pos = read_varint(data, pos)
        number, wire = key >> 3, key & 7
        if number == 0:
            raise WireError(f"field number 0 at byte {start}")
        if wire == VARINT:
            value, pos = read_varint(data, pos)
        elif wire == LENGTH:
            length, pos = read_varint(data, pos)
            if pos + length > end:
                raise WireError(f"field {number} at byte {start}: length {length} runs past the end ({end - pos} left)")
            value, pos = data[pos : pos + length], pos + length
        elif wire in (FIXED64, FIXED32):
            size = 8 if wire == FIXED64 else 4
            if pos + size > end:
                raise WireError(f"field {number} at byte {start}: truncated fixed{size * 8}")
            value, pos = int.from_bytes(data[pos : pos + size], "little"), pos + size
        else:
            raise WireError(f"field {number} at byte {start}: unsupported wire type {wire}")
        fields.setdefault(number, []).append(value)
    return fields


def first(fields: Fields, number: int) -> Value | None:
    values = fields.get(number)
    return values[0] if values else None


def integer(fields: Fields, number: int) -> int | None:
    value = first(fields, number)
    return value if isinstance(value, int) else None


def string(fields: Fields, number: int) -> str | None:
    """A length-delimited field as UTF-8 text, or None (absent, not bytes, not UTF-8)."""
    value = first(fields, number)
    if not isinstance(value, bytes):
        return None
    try:
        return value.decode("utf-8")
    except UnicodeDecodeError:
        return None


def message(fields: Fields, number: int) -> Fields | None:
    """A nested message field decoded, or None when absent or not a message."""
    return next(iter(messages(fields, number)), None)


def messages(fields: Fields, number: int) -> list[Fields]:
    """Every value of a repeated message field that decodes (others are left out). Decoding
    never recurses by itself, so a deeply nested blob costs only the levels a reader asks for."""
    out = []
    for value in fields.get(number, []):
        if isinstance(value, bytes):
            try:
                out.append(decode(value))
            except WireError:
                continue
    return out


# the writer half (fixtures and tests) -----------------------------------------------------


def encode_varint(value: int) -> bytes:
    """A non-negative int as a varint (a negative one as its 64-bit two's complement)."""
    if value < 0:
        value += 1 << 64
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def key(number: int, wire: int) -> bytes:
    return encode_varint(number << 3 | wire)


def varint_field(number: int, value: int) -> bytes:
    return key(number, VARINT) + encode_varint(value)


def bytes_field(number: int, value: bytes | str) -> bytes:
    """A length-delimited field: bytes, UTF-8 text, or an encoded nested message."""
    data = value.encode("utf-8") if isinstance(value, str) else value
    return key(number, LENGTH) + encode_varint(len(data)) + data


def fixed64_field(number: int, value: int) -> bytes:
    return key(number, FIXED64) + value.to_bytes(8, "little")


def fixed32_field(number: int, value: int) -> bytes:
    return key(number, FIXED32) + value.to_bytes(4, "little")


def encode(parts: Iterable[bytes]) -> bytes:
    """A message from its encoded fields, in order."""
    return b"".join(parts)
