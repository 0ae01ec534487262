"""Project hints from a session's working folder, with Jezero's order of precedence.

A `.project` sidecar (a connector's business) wins; then `[projects] paths`, then the git
repository name, then the folder after a common root such as ~/projects/<name>, then the
connector's `project`. Aliases map the result, which is always a lowercase slug. Guessing
from the folder costs nothing and spares the model a guess it often gets wrong.
"""

from __future__ import annotations

import os
import re
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..config import ProjectsConfig

# a home folder on Linux, macOS or root, so `~` in `[projects] paths` matches any of them
_HOME = re.compile(r"^(/home/[^/]+|/Users/[^/]+|/root)(?=/|$)")
_NOT_SLUG = re.compile(r"[^a-z0-9._-]+")


def slug(name: str) -> str | None:
    """Lowercase slug: anything outside a-z, 0-9, '.', '_' and '-' becomes '-'."""
    s = _NOT_SLUG.sub("-", name.strip().lower()).strip("-.")
    return s or None


def sidecar_project(path: Path) -> str | None:
    """The project named in a `<file>.project` sidecar (written for uploaded transcripts)."""
    side = path.with_name(path.name + ".project")
    try:
        text = side.read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return slug(text.splitlines()[0]) if text else None


def project_hint(
    cwd: str | None, projects: ProjectsConfig, aliases: dict[str, str] | None = None, fallback: str | None = None
) -> str | None:
    """The project a session belongs to, judged from its working folder, or None."""
    name = None
    if cwd:
        path = _normalise(cwd)
        name = (
            _from_paths(path, projects.paths)
            or (_from_git(path) if projects.git else None)
            or _from_roots(path, projects.roots)
        )
    if not name:
        name = fallback
    return _alias(name, {**projects.aliases, **(aliases or {})})


def _normalise(cwd: str) -> str:
    p = cwd.replace("\\", "/")  # Windows paths recorded by some agents
    return str(PurePosixPath(os.path.normpath(p))) if p.startswith("/") else p.rstrip("/")


def _home_relative(path: str) -> str | None:
    """`~/rest` for a path inside any home folder, else None."""
    m = _HOME.match(path)
    return "~" + path[m.end() :] if m else None


def _inside(path: str, folder: str) -> bool:
    folder = folder.rstrip("/") or "/"
    return path == folder or path.startswith(folder if folder.endswith("/") else folder + "/")


def _from_paths(path: str, paths: dict[str, str]) -> str | None:
    """The longest `[projects] paths` folder containing the path."""
    home_form = _home_relative(path)
    best: tuple[int, str] | None = None
    for folder, project in paths.items():
        folder = folder.replace("\\", "/").rstrip("/") or "/"
        if folder == "~" or folder.startswith("~/"):
            hit = home_form is not None and _inside(home_form, folder)
            if not hit:  # also accept the folder expanded on this machine
                expanded = os.path.expanduser(folder)
                hit = _inside(path, expanded)
        else:
            hit = _inside(path, folder)
        depth = len([c for c in folder.split("/") if c])
        if hit and (best is None or depth > best[0]):
            best = (depth, project)
    return best[1] if best else None


def _from_git(path: str) -> str | None:
    """Name of the git repository holding the path (a worktree maps to its main repository)."""
    if not path.startswith("/"):
        return None
    here = Path(path)
    try:
        if not here.exists():
            return None
    except OSError:
        return None
    for folder in (here, *here.parents):
        if folder == Path("/") or _HOME.fullmatch(str(folder)):
            return None  # a dotfiles repository in ~ names no project
        dot_git = folder / ".git"
        try:
            if dot_git.is_dir():
                return folder.name or None
            if dot_git.is_file():
                return _repo_of_gitfile(dot_git) or folder.name or None
        except OSError:
            return None
    return None


def _repo_of_gitfile(dot_git: Path) -> str | None:
    """A `.git` FILE (worktree or submodule): `gitdir: <main>/.git/worktrees/<name>`."""
    try:
        text = dot_git.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    m = re.match(r"\s*gitdir:\s*(.+?)\s*$", text, re.M)
    if not m:
        return None
    gitdir = Path(m.group(1))
    if not gitdir.is_absolute():
        gitdir = dot_git.parent / gitdir
    parts = PurePosixPath(os.path.normpath(str(gitdir))).parts
    if "worktrees" in parts:
        i = len(parts) - 1 - parts[::-1].index("worktrees")
        if i >= 2 and parts[i - 1] == ".git":
            return parts[i - 2]
    return None  # a submodule or separate git dir: the folder's own name


def _from_roots(path: str, roots: list[str]) -> str | None:
    """The folder right after the first common root, e.g. ~/projects/<name>/…"""
    wanted = {r.lower() for r in roots}
    home = _HOME.match(path)
    if home:  # the user name is never a root (a user called `dev` or `code`)
        path = path[home.end() :]
    parts = [p for p in path.split("/") if p]
    for i, part in enumerate(parts[:-1]):
        if part.lower() in wanted:
            return parts[i + 1]
    return None


def _alias(name: str | None, aliases: dict[str, str]) -> str | None:
    if not name:
        return None
    s = slug(name)
    if s is None:
        return None
    lowered = {k.strip().lower(): v for k, v in aliases.items()}
    for key in (name.strip().lower(), s):
        if key in lowered:
            return slug(lowered[key])
    return s
