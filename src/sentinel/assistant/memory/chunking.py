"""Chunks of a memory for embedding: the dense model reads all of a long memory.

A sentence-embedding model reads a bounded window (all-MiniLM-L6-v2: 256 word pieces, trained
on 128), so a long memory embedded whole is judged on its opening lines only. A memory is
therefore embedded as chunks of at most ``MAX_CHUNK_CHARS`` characters, cut at line and
sentence ends (a sentence longer than that is cut at word ends), each chunk repeating the last
sentence of the one before so that a fact split across the cut is read whole once. A memory
scores by its best chunk. Short memories (most) are one chunk: the text itself.
"""

from __future__ import annotations

import re

# About 100–130 word pieces of English: inside the window MiniLM was trained on.
MAX_CHUNK_CHARS = 500
# A memory is embedded as at most this many chunks (64 × 500 characters covers the longest
# memory the service accepts with the overlap); the cap bounds the cost of one write.
MAX_CHUNKS = 64

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=\S)")


def _pieces(text: str) -> list[str]:
    """The text's lines, each cut into sentences, each cut into ``MAX_CHUNK_CHARS`` pieces."""
    pieces: list[str] = []
    for line in text.splitlines():
        for sentence in _SENTENCE_END.split(line.strip()):
            if not sentence:
                continue
            while len(sentence) > MAX_CHUNK_CHARS:
                cut = sentence.rfind(" ", 0, MAX_CHUNK_CHARS)
                cut = cut if cut > MAX_CHUNK_CHARS // 2 else MAX_CHUNK_CHARS
                pieces.append(sentence[:cut].strip())
                sentence = sentence[cut:].strip()
            if sentence:
                pieces.append(sentence)
    return pieces


def chunks(text: str) -> list[str]:
    """The texts to embed for a memory of ``text``: ``[text]`` when it fits one chunk."""
    stripped = text.strip()
    if len(stripped) <= MAX_CHUNK_CHARS:
        return [stripped]
    out: list[str] = []
    current: list[str] = []
    size = 0
    for piece in _pieces(stripped):
        if current and size + 1 + len(piece) > MAX_CHUNK_CHARS:
            out.append("\n".join(current))
            # Carry the last piece over when it leaves room for the next one.
            carried = current[-1]
            current, size = [], 0
            if len(carried) + 1 + len(piece) <= MAX_CHUNK_CHARS:
                current, size = [carried], len(carried)
        current.append(piece)
        size += len(piece) + (1 if size else 0)
    if current:
        out.append("\n".join(current))
    if len(out) > MAX_CHUNKS:
        out = out[:MAX_CHUNKS]
    return out
