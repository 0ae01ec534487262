"""Project hints from the working folder: paths, git name (worktrees too), roots, aliases."""

from __future__ import annotations

from pathlib import Path

from jezero_pipeline.config import ProjectsConfig
from jezero_pipeline.sessions.projects import project_hint, sidecar_project, slug


def test_paths_tilde_matches_any_home_and_longest_wins():
    cfg = ProjectsConfig(paths={"~/work": "work-misc", "~/work/acme/api": "acme-api"})
    assert project_hint("/home/ana/work/acme/api/src", cfg) == "acme-api"
    assert project_hint("/Users/ana/work/acme/api", cfg) == "acme-api"
    assert project_hint("/root/work/other", cfg) == "work-misc"
    # component boundary: ~/workshop is not inside ~/work
    assert project_hint("/home/ana/workshop/x", ProjectsConfig(paths={"~/work": "w"}, roots=[])) is None


def test_absolute_path_key():
    cfg = ProjectsConfig(paths={"/srv/apps/billing": "Billing Service"})
    assert project_hint("/srv/apps/billing/worker", cfg) == "billing-service"


def test_git_repository_name(tmp_path: Path):
    repo = tmp_path / "Fancy_Repo"
    (repo / ".git").mkdir(parents=True)
    sub = repo / "pkg" / "mod"
    sub.mkdir(parents=True)
    assert project_hint(str(sub), ProjectsConfig(roots=[])) == "fancy_repo"
    assert project_hint(str(sub), ProjectsConfig(git=False, roots=[])) is None


def test_git_worktree_maps_to_main_repository(tmp_path: Path):
    main = tmp_path / "mainrepo"
    (main / ".git" / "worktrees" / "feature-x").mkdir(parents=True)
    wt = tmp_path / "checkouts" / "feature-x"
    wt.mkdir(parents=True)
    (wt / ".git").write_text(f"gitdir: {main}/.git/worktrees/feature-x\n")
    assert project_hint(str(wt / "src"), ProjectsConfig(roots=[])) is None  # src does not exist
    (wt / "src").mkdir()
    assert project_hint(str(wt / "src"), ProjectsConfig(roots=[])) == "mainrepo"


def test_git_worktree_relative_gitdir(tmp_path: Path):
    main = tmp_path / "core"
    (main / ".git" / "worktrees" / "wt1").mkdir(parents=True)
    wt = tmp_path / "wt1"
    wt.mkdir()
    (wt / ".git").write_text("gitdir: ../core/.git/worktrees/wt1")
    assert project_hint(str(wt), ProjectsConfig(roots=[])) == "core"


def test_paths_beat_git(tmp_path: Path):
    repo = tmp_path / "repo-name"
    (repo / ".git").mkdir(parents=True)
    cfg = ProjectsConfig(paths={str(repo): "configured"})
    assert project_hint(str(repo), cfg) == "configured"


def test_roots_take_the_folder_after_the_root_not_the_user_name():
    cfg = ProjectsConfig()
    assert project_hint("/home/ana/projects/Agent-Library/src", cfg) == "agent-library"
    assert project_hint("/Users/macmini/Code/homelab-migration", cfg) == "homelab-migration"
    # a user named `dev` (a root name) is not taken for a root
    assert project_hint("/home/dev/projects/agent-library", cfg) == "agent-library"
    assert project_hint("/home/dscv/Repo/basic", cfg) is None  # "Repo" is not a root


def test_fallback_and_aliases():
    cfg = ProjectsConfig(aliases={"agent-library": "library"})
    assert project_hint(None, cfg, fallback="Misc") == "misc"
    assert project_hint("/home/a/projects/agent-library", cfg) == "library"
    # the connector's aliases win over [projects] aliases
    assert project_hint("/home/a/projects/agent-library", cfg, {"agent-library": "lib2"}) == "lib2"
    assert project_hint("/opt/x", ProjectsConfig(roots=[]), fallback=None) is None


def test_slug_and_sidecar(tmp_path: Path):
    assert slug("  My Project!! ") == "my-project"
    assert slug("***") is None
    f = tmp_path / "s.jsonl"
    f.write_text("{}\n")
    assert sidecar_project(f) is None
    (tmp_path / "s.jsonl.project").write_text("Uploaded Project\n")
    assert sidecar_project(f) == "uploaded-project"
