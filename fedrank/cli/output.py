"""One meaning of ``--out`` for every command that writes files.

A path ending in a known extension (:data:`EXTENSIONS`) is a file of that format, and
``--format``, when given, must agree with it; any other path is a folder (made when missing),
into which the command writes its file under its own name. ``site build`` writes a folder only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from fedrank.cli.common import CliError

#: Every extension a command's file may end in, with the format it means.
EXTENSIONS: Mapping[str, str] = {
    ".csv": "csv",
    ".xlsx": "xlsx",
    ".html": "html",
    ".json": "json",
    ".txt": "egd",
}


@dataclass(frozen=True)
class Out:
    """Where a command writes: the file ``--out`` names, or a folder to put its file in."""

    fmt: str
    file: Path | None = None
    folder: Path | None = None

    def path(self, name: str) -> Path:
        """The file to write; ``name`` (the command's own) is used in a folder only."""
        if self.file is not None:
            return self.file
        assert self.folder is not None
        return self.folder / name

    def write(self, name: str, content: bytes) -> Path:
        target = self.path(name)
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(content)
        except OSError as exc:
            raise CliError(f"cannot write {target}: {exc.strerror or exc}") from None
        return target


def extension(fmt: str) -> str:
    """The extension of a format's file (``egd`` lists are plain text)."""
    return next(ext for ext, name in EXTENSIONS.items() if name == fmt)


def resolve_out(out: Path, fmt: str | None, formats: tuple[str, ...], default: str) -> Out:
    """What ``--out`` and ``--format`` mean together, or one line saying why they disagree."""
    if fmt is not None and fmt not in formats:
        raise CliError(f"--format must be one of {', '.join(formats)}, not '{fmt}'")
    implied = EXTENSIONS.get(out.suffix.lower())
    if implied is not None:
        if implied not in formats:
            files = ", ".join(f"{extension(name)} ({name})" for name in formats)
            raise CliError(
                f"--out {out}: this command writes {files} files, or into a folder; "
                f"not {out.suffix} ({implied})"
            )
        if fmt is not None and fmt != implied:
            raise CliError(
                f"--out {out} names a {implied} file but --format is {fmt}: "
                "drop --format, or make them agree"
            )
        if out.is_dir():
            raise CliError(f"--out {out} is a folder, but a name ending in {out.suffix} is a file")
        return Out(implied, file=out)
    if out.exists() and not out.is_dir():
        raise CliError(f"--out {out} is a file, not a folder (a file's name ends in its format)")
    return Out(fmt or default, folder=out)


def folder_out(out: Path) -> Path:
    """``--out`` of a command that writes a folder of files (``site build``)."""
    if out.suffix.lower() in EXTENSIONS:
        raise CliError(f"--out {out} names a {out.suffix} file; the site is written into a folder")
    if out.exists() and not out.is_dir():
        raise CliError(f"--out {out} is a file, not a folder")
    return out
