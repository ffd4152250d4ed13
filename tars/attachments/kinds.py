"""What a file's bytes are, by their content rather than their name: an image tars sends as an
image (PNG, JPEG, GIF, WebP), text (UTF-8, or an 8-bit legacy encoding without control bytes), or a
binary, with what it looks like."""

from __future__ import annotations

__all__ = ["IMAGE_TYPES", "binary_kind", "image_type", "text_of"]

IMAGE_TYPES = ("image/png", "image/jpeg", "image/gif", "image/webp")
_SNIFF = 8192  # a NUL in the first bytes marks a binary
_BINARY_CONTROLS = bytes(b for b in [*range(32), 127] if b not in b"\t\n\r\x0c\x1b")

_MAGIC = (
    (b"%PDF-", "a PDF document"),
    (b"PK\x03\x04", "a ZIP archive (also .docx, .xlsx, .odt, .jar)"),
    (b"\x7fELF", "an ELF executable"),
    (b"MZ", "a Windows executable"),
    (b"\xca\xfe\xba\xbe", "a Mach-O or Java class file"),
    (b"\xcf\xfa\xed\xfe", "a Mach-O executable"),
    (b"\x1f\x8b", "gzip-compressed data"),
    (b"BZh", "bzip2-compressed data"),
    (b"\xfd7zXZ\x00", "xz-compressed data"),
    (b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive"),
    (b"\x28\xb5\x2f\xfd", "zstd-compressed data"),
    (b"SQLite format 3\x00", "an SQLite database"),
    (b"II*\x00", "a TIFF image (PNG, JPEG, GIF and WebP are sent as images)"),
    (b"MM\x00*", "a TIFF image (PNG, JPEG, GIF and WebP are sent as images)"),
    (b"BM", "a BMP image (PNG, JPEG, GIF and WebP are sent as images)"),
    (b"OggS", "Ogg audio or video"),
    (b"ID3", "MP3 audio"),
    (b"fLaC", "FLAC audio"),
    (b"\x1aE\xdf\xa3", "a Matroska/WebM video"),
)


def image_type(data: bytes) -> str | None:
    """The MIME type of a PNG, JPEG, GIF or WebP image, from its first bytes; else None."""
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "image/png"
    if data.startswith(b"\xff\xd8\xff"):
        return "image/jpeg"
    if data.startswith((b"GIF87a", b"GIF89a")):
        return "image/gif"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    return None


def text_of(data: bytes) -> str | None:
    """The bytes as text: UTF-8 (a BOM dropped), else a legacy 8-bit encoding (Windows-1252) when
    there is no control byte but tab, newline, form feed and escape; None for anything else."""
    if b"\x00" in data[:_SNIFF]:
        return None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    if len(data.translate(None, _BINARY_CONTROLS)) != len(data):
        return None
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError:  # the five bytes cp1252 leaves out
        return data.decode("latin-1")


def binary_kind(data: bytes) -> str:
    """What a binary looks like, for the message that refuses it ("a PDF document")."""
    for magic, kind in _MAGIC:
        if data.startswith(magic):
            return kind
    if data[4:8] == b"ftyp":
        brand = data[8:12]
        if brand in (b"heic", b"heix", b"mif1", b"avif"):
            return "a HEIC/AVIF image (PNG, JPEG, GIF and WebP are sent as images)"
        return "an MP4/QuickTime video or audio file"
    if data[:4] == b"RIFF":
        return "a RIFF file (WAV audio, AVI video)"
    return "binary data"
