"""gzip byte for byte as Go's compress/gzip writes it at the default level (6), the way
Terraform's base64gzip calls it: one Write of the whole text, a Flush, a Close.

Go's DEFLATE is its own (not zlib's): hash chains over 4-byte hashes, lazy matching with
level 6's limits (good 8, lazy 16, nice 128, chain 128), matches of 4 bytes only within 4,096
bytes, blocks of at most 16,384 tokens, each written stored, with the fixed codes or with
codes of its own, whichever is smallest, its Huffman code lengths limited to 15 bits by Go's
own algorithm. The same choices are made here, so the bytes are the same. (Written after
reading Go's compress/flate to learn what it does; the code is ours.)
"""

from __future__ import annotations

import zlib
from bisect import bisect_right
from typing import Final

__all__ = ["go_gzip"]

_WINDOW: Final = 1 << 15
_WINDOW_MASK: Final = _WINDOW - 1
_MIN_MATCH: Final = 4
_MAX_MATCH: Final = 258
_BLOCK_TOKENS: Final = 1 << 14
_MAX_STORED: Final = 65535
_HASH_SHIFT: Final = 32 - 17
_HASH_MUL: Final = 0x1E35A7BD
_MAX_HASH_OFFSET: Final = 1 << 24
_GOOD, _LAZY, _NICE, _CHAIN = 8, 16, 128, 128  # (level 6)
_FAR: Final = 2**31 - 1
_MATCH: Final = 1 << 30
_LENGTH_SHIFT: Final = 22
_OFFSET_MASK: Final = (1 << _LENGTH_SHIFT) - 1
_END_BLOCK: Final = 256
_LENGTH_CODES_START: Final = 257
_LITERALS: Final = 286
_OFFSETS: Final = 30
_BAD_CODE: Final = 255

_LENGTH_EXTRA: Final = (0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4,
                        5, 5, 5, 5, 0)
_LENGTH_BASE: Final = (0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 20, 24, 28, 32, 40, 48, 56,
                       64, 80, 96, 112, 128, 160, 192, 224, 255)
_OFFSET_EXTRA: Final = (0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10,
                        10, 11, 11, 12, 12, 13, 13)
_OFFSET_BASE: Final = (0x0, 0x1, 0x2, 0x3, 0x4, 0x6, 0x8, 0xC, 0x10, 0x18, 0x20, 0x30, 0x40,
                       0x60, 0x80, 0xC0, 0x100, 0x180, 0x200, 0x300, 0x400, 0x600, 0x800, 0xC00,
                       0x1000, 0x1800, 0x2000, 0x3000, 0x4000, 0x6000)
_CODEGEN_ORDER: Final = (16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15)
_MAX_FREQ: Final = 2**31 - 1


def _reverse(code: int, width: int) -> int:
    return int(format(code, f"0{width}b")[::-1], 2) if width else 0


class _Code:
    """A Huffman code: each symbol's (bit-reversed) code and length."""

    def __init__(self, size: int) -> None:
        self.codes = [0] * size
        self.lengths = [0] * size

    def bit_length(self, freq: list[int]) -> int:
        return sum(f * n for f, n in zip(freq, self.lengths, strict=False) if f)

    def generate(self, freq: list[int], max_bits: int) -> None:
        """Codes for *freq* (Go's huffmanEncoder.generate)."""
        nodes = []
        for symbol, f in enumerate(freq):
            if f:
                nodes.append((f, symbol))
            else:
                self.lengths[symbol] = 0
        if len(nodes) <= 2:
            for i, (_, symbol) in enumerate(nodes):
                self.codes[symbol], self.lengths[symbol] = i, 1
            return
        nodes.sort()
        counts = _bit_counts([f for f, _ in nodes], max_bits)
        code = 0
        remaining = [symbol for _, symbol in nodes]
        for width, count in enumerate(counts):
            code <<= 1
            if width == 0 or count == 0:
                continue
            chunk = sorted(remaining[len(remaining) - count:])
            for symbol in chunk:
                self.codes[symbol], self.lengths[symbol] = _reverse(code, width), width
                code += 1
            remaining = remaining[:len(remaining) - count]


def _bit_counts(freqs: list[int], max_bits: int) -> list[int]:
    """How many symbols get each code length, for symbols of these frequencies (ascending),
    with no code longer than *max_bits*: Go's package-merge variant (bitCounts)."""
    n = len(freqs)
    freqs = [*freqs, _MAX_FREQ]
    max_bits = min(max_bits, n - 1)
    last = [0] * 18
    next_char = [0] * 18
    next_pair = [0] * 18
    needed = [0] * 18
    leaves = [[0] * 17 for _ in range(17)]
    for level in range(1, max_bits + 1):
        last[level], next_char[level] = freqs[1], freqs[2]
        next_pair[level] = _MAX_FREQ if level == 1 else freqs[0] + freqs[1]
        leaves[level][level] = 2
    needed[max_bits] = 2 * n - 4
    level = max_bits
    while True:
        if next_pair[level] == _MAX_FREQ and next_char[level] == _MAX_FREQ:
            needed[level] = 0
            next_pair[level + 1] = _MAX_FREQ
            level += 1
            continue
        previous = last[level]
        if next_char[level] < next_pair[level]:
            count = leaves[level][level] + 1
            last[level] = next_char[level]
            leaves[level][level] = count
            next_char[level] = freqs[count]
        else:
            last[level] = next_pair[level]
            leaves[level][:level] = leaves[level - 1][:level]
            needed[level - 1] = 2
        needed[level] -= 1
        if needed[level] == 0:
            if level == max_bits:
                break
            next_pair[level + 1] = previous + last[level]
            level += 1
        else:
            while needed[level - 1] > 0:
                level -= 1
    counts = [0] * (max_bits + 1)
    final = leaves[max_bits]
    for bits, level in enumerate(range(max_bits, 0, -1), start=1):
        counts[bits] = final[level] - final[level - 1]
    return counts


def _fixed_literals() -> _Code:
    code = _Code(_LITERALS)
    for symbol in range(_LITERALS):
        if symbol < 144:
            bits, width = symbol + 48, 8
        elif symbol < 256:
            bits, width = symbol + 400 - 144, 9
        elif symbol < 280:
            bits, width = symbol - 256, 7
        else:
            bits, width = symbol + 192 - 280, 8
        code.codes[symbol], code.lengths[symbol] = _reverse(bits, width), width
    return code


def _fixed_offsets() -> _Code:
    code = _Code(_OFFSETS)
    for symbol in range(_OFFSETS):
        code.codes[symbol], code.lengths[symbol] = _reverse(symbol, 5), 5
    return code


_FIXED_LITERALS: Final = _fixed_literals()
_FIXED_OFFSETS: Final = _fixed_offsets()


def _length_code(length: int) -> int:
    return bisect_right(_LENGTH_BASE, length) - 1


def _offset_code(offset: int) -> int:
    return bisect_right(_OFFSET_BASE, offset) - 1


class _BitWriter:
    """DEFLATE's bit stream (least significant bit first) and the blocks written to it."""

    def __init__(self) -> None:
        self.out = bytearray()
        self.bits = 0
        self.nbits = 0
        self.literal_freq = [0] * _LITERALS
        self.offset_freq = [0] * _OFFSETS
        self.codegen: list[int] = []
        self.codegen_freq = [0] * 19
        self.literals = _Code(_LITERALS)
        self.offsets = _Code(_OFFSETS)
        self.codegen_code = _Code(19)

    def write_bits(self, value: int, count: int) -> None:
        self.bits |= value << self.nbits
        self.nbits += count
        if self.nbits >= 48:
            self.out += (self.bits & (1 << 48) - 1).to_bytes(6, "little")
            self.bits >>= 48
            self.nbits -= 48

    def flush(self) -> None:
        """Out with the bits, the last byte padded with zeros."""
        if self.nbits:
            self.out += self.bits.to_bytes((self.nbits + 7) // 8, "little")
        self.bits = self.nbits = 0

    def write_bytes(self, data: bytes) -> None:
        self.flush()
        self.out += data

    def write_stored_header(self, length: int, final: bool) -> None:
        self.write_bits(1 if final else 0, 3)
        self.flush()
        self.write_bits(length, 16)
        self.write_bits(~length & 0xFFFF, 16)

    def write_block(self, tokens: list[int], data: bytes | None) -> None:
        """One block (never the final one: Close writes an empty stored block for that)."""
        tokens.append(_END_BLOCK)
        literals, offsets = self._index(tokens)
        storable = data is not None and len(data) <= _MAX_STORED
        extra = 0
        if storable:
            for code in range(_LENGTH_CODES_START + 8, literals):
                extra += self.literal_freq[code] * _LENGTH_EXTRA[code - _LENGTH_CODES_START]
            for code in range(4, offsets):
                extra += self.offset_freq[code] * _OFFSET_EXTRA[code]
        size = 3 + _FIXED_LITERALS.bit_length(self.literal_freq) + \
            _FIXED_OFFSETS.bit_length(self.offset_freq) + extra
        literal_code, offset_code = _FIXED_LITERALS, _FIXED_OFFSETS
        self._generate_codegen(literals, offsets)
        self.codegen_code.generate(self.codegen_freq, 7)
        dynamic, codegens = self._dynamic_size(extra)
        if dynamic < size:
            size = dynamic
            literal_code, offset_code = self.literals, self.offsets
        if data is not None and storable and (len(data) + 5) * 8 < size:
            self.write_stored_header(len(data), False)
            self.write_bytes(data)
            return
        if literal_code is _FIXED_LITERALS:
            self.write_bits(2, 3)
        else:
            self._write_dynamic_header(literals, offsets, codegens)
        self._write_tokens(tokens, literal_code, offset_code)

    def _index(self, tokens: list[int]) -> tuple[int, int]:
        literal_freq = self.literal_freq = [0] * _LITERALS
        offset_freq = self.offset_freq = [0] * _OFFSETS
        for t in tokens:
            if t < _MATCH:
                literal_freq[t] += 1
            else:
                literal_freq[_LENGTH_CODES_START + _length_code(
                    (t - _MATCH) >> _LENGTH_SHIFT)] += 1
                offset_freq[_offset_code(t & _OFFSET_MASK)] += 1
        literals = _LITERALS
        while literal_freq[literals - 1] == 0:
            literals -= 1
        offsets = _OFFSETS
        while offsets > 0 and offset_freq[offsets - 1] == 0:
            offsets -= 1
        if offsets == 0:
            offset_freq[0] = 1
            offsets = 1
        self.literals.generate(literal_freq, 15)
        self.offsets.generate(offset_freq, 15)
        return literals, offsets

    def _generate_codegen(self, literals: int, offsets: int) -> None:
        """The code lengths, run-length coded as DEFLATE's header holds them (Go's runs)."""
        freq = self.codegen_freq = [0] * 19
        lengths = self.literals.lengths[:literals] + self.offsets.lengths[:offsets] + [_BAD_CODE]
        out: list[int] = []
        size, count = lengths[0], 1
        at = 1
        while size != _BAD_CODE:
            following = lengths[at]
            at += 1
            if following == size:
                count += 1
                continue
            if size != 0:
                out.append(size)
                freq[size] += 1
                count -= 1
                while count >= 3:
                    n = min(6, count)
                    out += (16, n - 3)
                    freq[16] += 1
                    count -= n
            else:
                while count >= 11:
                    n = min(138, count)
                    out += (18, n - 11)
                    freq[18] += 1
                    count -= n
                if count >= 3:
                    out += (17, count - 3)
                    freq[17] += 1
                    count = 0
            out += [size] * count
            freq[size] += count
            size, count = following, 1
        out.append(_BAD_CODE)
        self.codegen = out

    def _dynamic_size(self, extra: int) -> tuple[int, int]:
        freq = self.codegen_freq
        codegens = 19
        while codegens > 4 and freq[_CODEGEN_ORDER[codegens - 1]] == 0:
            codegens -= 1
        header = 3 + 5 + 5 + 4 + 3 * codegens + self.codegen_code.bit_length(freq) + \
            freq[16] * 2 + freq[17] * 3 + freq[18] * 7
        return header + self.literals.bit_length(self.literal_freq) + \
            self.offsets.bit_length(self.offset_freq) + extra, codegens

    def _write_dynamic_header(self, literals: int, offsets: int, codegens: int) -> None:
        self.write_bits(4, 3)
        self.write_bits(literals - 257, 5)
        self.write_bits(offsets - 1, 5)
        self.write_bits(codegens - 4, 4)
        code = self.codegen_code
        for i in range(codegens):
            self.write_bits(code.lengths[_CODEGEN_ORDER[i]], 3)
        items = iter(self.codegen)
        for word in items:
            if word == _BAD_CODE:
                break
            self.write_bits(code.codes[word], code.lengths[word])
            if word >= 16:
                self.write_bits(next(items), (2, 3, 7)[word - 16])

    def _write_tokens(self, tokens: list[int], literal_code: _Code, offset_code: _Code) -> None:
        lc, ll = literal_code.codes, literal_code.lengths
        oc, ol = offset_code.codes, offset_code.lengths
        bits, nbits, out = self.bits, self.nbits, self.out
        for t in tokens:
            if t < _MATCH:
                bits |= lc[t] << nbits
                nbits += ll[t]
            else:
                length = (t - _MATCH) >> _LENGTH_SHIFT
                code = _length_code(length)
                bits |= lc[code + _LENGTH_CODES_START] << nbits
                nbits += ll[code + _LENGTH_CODES_START]
                extra = _LENGTH_EXTRA[code]
                if extra:
                    bits |= (length - _LENGTH_BASE[code]) << nbits
                    nbits += extra
                offset = t & _OFFSET_MASK
                code = _offset_code(offset)
                bits |= oc[code] << nbits
                nbits += ol[code]
                extra = _OFFSET_EXTRA[code]
                if extra:
                    bits |= (offset - _OFFSET_BASE[code]) << nbits
                    nbits += extra
            if nbits >= 48:
                out += (bits & (1 << 48) - 1).to_bytes(6, "little")
                bits >>= 48
                nbits -= 48
        self.bits, self.nbits = bits, nbits


def _match_length(window: bytearray, a: int, b: int, known: int, limit: int) -> int:
    """How many bytes at *a* and *b* agree, up to *limit* (the first *known* do)."""
    if window[a:a + limit] == window[b:b + limit]:
        return limit
    low, high = known, limit - 1  # (the first *low* agree; not all *high* + 1 do)
    while low < high:
        middle = (low + high + 1) // 2
        if window[a:a + middle] == window[b:b + middle]:
            low = middle
        else:
            high = middle - 1
    return low


class _Deflater:
    """Go's compressor at level 6: its window, hash chains and lazy matching."""

    def __init__(self, writer: _BitWriter) -> None:
        self.w = writer
        self.window = bytearray(2 * _WINDOW)
        self.head = [0] * (1 << 17)
        self.prev = [0] * _WINDOW
        self.hash_offset = 1
        self.chain_head = -1
        self.tokens: list[int] = []
        self.length = _MIN_MATCH - 1
        self.offset = 0
        self.byte_available = False
        self.index = 0
        self.window_end = 0
        self.block_start = 0
        self.sync = False

    def write(self, data: bytes) -> None:
        while data:
            self.step()
            data = data[self.fill(data):]

    def fill(self, data: bytes) -> int:
        if self.index >= 2 * _WINDOW - (_MIN_MATCH + _MAX_MATCH):
            self.window[:_WINDOW] = self.window[_WINDOW:]
            self.index -= _WINDOW
            self.window_end -= _WINDOW
            self.block_start = self.block_start - _WINDOW if self.block_start >= _WINDOW \
                else _FAR
            self.hash_offset += _WINDOW
            if self.hash_offset > _MAX_HASH_OFFSET:
                delta = self.hash_offset - 1
                self.hash_offset -= delta
                self.chain_head -= delta
                self.prev = [v - delta if v > delta else 0 for v in self.prev]
                self.head = [v - delta if v > delta else 0 for v in self.head]
        n = min(len(data), 2 * _WINDOW - self.window_end)
        self.window[self.window_end:self.window_end + n] = data[:n]
        self.window_end += n
        return n

    def _write_block(self, index: int) -> None:
        if index > 0:
            data = bytes(self.window[self.block_start:index]) if self.block_start <= index \
                else None
            self.block_start = index
            self.w.write_block(self.tokens, data)
        self.tokens = []

    def _hash(self, at: int) -> int:
        w = self.window
        return ((w[at] << 24 | w[at + 1] << 16 | w[at + 2] << 8 | w[at + 3]) * _HASH_MUL
                & 0xFFFFFFFF) >> _HASH_SHIFT

    def step(self) -> None:
        if self.window_end - self.index < _MIN_MATCH + _MAX_MATCH and not self.sync:
            return
        window, head, prev, tokens = self.window, self.head, self.prev, self.tokens
        max_insert = self.window_end - (_MIN_MATCH - 1)
        index = self.index
        while True:
            lookahead = self.window_end - index
            if lookahead < _MIN_MATCH + _MAX_MATCH:
                if not self.sync:
                    break
                if lookahead == 0:
                    if self.byte_available:
                        tokens.append(window[index - 1])
                        self.byte_available = False
                    if tokens:
                        self._write_block(index)
                        tokens = self.tokens
                    break
            if index < max_insert:
                h = self._hash(index)
                self.chain_head = head[h]
                prev[index & _WINDOW_MASK] = self.chain_head
                head[h] = index + self.hash_offset
            prev_length, prev_offset = self.length, self.offset
            self.length, self.offset = _MIN_MATCH - 1, 0
            min_index = max(index - _WINDOW, 0)
            if self.chain_head - self.hash_offset >= min_index and lookahead > prev_length \
                    and prev_length < _LAZY:
                found = self._find_match(index, self.chain_head - self.hash_offset,
                                         _MIN_MATCH - 1, lookahead)
                if found is not None:
                    self.length, self.offset = found
            if prev_length >= _MIN_MATCH and self.length <= prev_length:
                tokens.append(_MATCH | (prev_length - 3) << _LENGTH_SHIFT | (prev_offset - 1))
                end = index + prev_length - 1
                at = index + 1
                while at < end:
                    if at < max_insert:
                        h = self._hash(at)
                        prev[at & _WINDOW_MASK] = head[h]
                        head[h] = at + self.hash_offset
                    at += 1
                index = at
                self.byte_available = False
                self.length = _MIN_MATCH - 1
                if len(tokens) == _BLOCK_TOKENS:
                    self._write_block(index)
                    tokens = self.tokens
            else:
                if self.byte_available:
                    tokens.append(window[index - 1])
                    if len(tokens) == _BLOCK_TOKENS:
                        self._write_block(index)
                        tokens = self.tokens
                index += 1
                self.byte_available = True
        self.index = index

    def _find_match(self, pos: int, candidate: int, length: int, lookahead: int
                    ) -> tuple[int, int] | None:
        window = self.window
        limit = min(_MAX_MATCH, lookahead)
        nice = min(limit, _NICE)
        tries = _CHAIN >> 2 if length >= _GOOD else _CHAIN
        end_byte = window[pos + length]
        min_index = pos - _WINDOW
        found = None
        i = candidate
        while tries > 0:
            if end_byte == window[i + length] and \
                    window[i:i + length] == window[pos:pos + length]:
                n = _match_length(window, i, pos, length + 1, limit)
                if n > _MIN_MATCH or pos - i <= 4096:
                    length = n
                    found = (n, pos - i)
                    if n >= nice:
                        break
                    end_byte = window[pos + n]
            if i == min_index:
                break
            i = self.prev[i & _WINDOW_MASK] - self.hash_offset
            if i < min_index or i < 0:
                break
            tries -= 1
        return found


_GZIP_HEADER: Final = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"
"""Go's gzip header with nothing set: no name, no time, the default level, OS unknown."""


def go_gzip(data: bytes) -> bytes:
    """*data* gzipped as Terraform's base64gzip gzips it (Go's gzip.Writer: Write, Flush,
    Close)."""
    writer = _BitWriter()
    deflater = _Deflater(writer)
    deflater.write(data)
    deflater.sync = True  # (Flush: everything out, then an empty stored block)
    deflater.step()
    writer.write_stored_header(0, False)
    writer.flush()
    deflater.sync = True  # (Close: nothing left; the final empty stored block)
    deflater.step()
    writer.write_stored_header(0, True)
    writer.flush()
    trailer = (zlib.crc32(data) & 0xFFFFFFFF).to_bytes(4, "little") + \
        (len(data) & 0xFFFFFFFF).to_bytes(4, "little")
    return _GZIP_HEADER + bytes(writer.out) + trailer
