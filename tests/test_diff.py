"""`decklint diff`: git repositories of two commits, each change reported with both places."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from decklint.cli import main

from .conftest import FIXTURES

LAB = FIXTURES / "networks" / "rtp-lab"
GOLDEN = FIXTURES / "diff" / "rtp-lab.md"


def git(repo: Path, *args: str) -> str:
    out = subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True, text=True)
    return out.stdout.strip()


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The RTP lab's baseline decks committed on main, a branch `change` checked out."""
    for key, value in {
        "GIT_CONFIG_GLOBAL": os.devnull,
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_AUTHOR_NAME": "a",
        "GIT_AUTHOR_EMAIL": "a@example.com",
        "GIT_COMMITTER_NAME": "a",
        "GIT_COMMITTER_EMAIL": "a@example.com",
        "GIT_AUTHOR_DATE": "2026-01-01T00:00:00Z",
        "GIT_COMMITTER_DATE": "2026-01-01T00:00:00Z",
    }.items():
        monkeypatch.setenv(key, value)
    root = tmp_path / "repo"
    root.mkdir()
    git(root, "init", "-q", "-b", "main")
    for f in (LAB / "baseline").iterdir():
        shutil.copyfile(f, root / f.name)
    git(root, "add", "-A")
    git(root, "commit", "-qm", "baseline")
    git(root, "checkout", "-qb", "change")
    monkeypatch.chdir(root)
    return root


def card_edit(path: Path, line: int, old: str, new: str) -> None:
    """Replace `old` with `new` on a card, keeping column 72 and the sequence columns."""
    lines = path.read_text().split("\n")
    text = lines[line - 1]
    body, tail = text[:71], text[71:]
    assert old in body, (old, body)
    body = body.replace(old, new, 1)
    assert not body[71:].strip(), "the edit runs past column 71"
    lines[line - 1] = body[:71].ljust(71) + tail
    path.write_text("\n".join(lines))


def commit(repo: Path, message: str = "change") -> None:
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", message)


def diff(*args: str) -> tuple[int, Any]:
    res = CliRunner().invoke(main, ["diff", "--format", "json", *args])
    if res.exit_code == 2:
        return 2, res.output
    return res.exit_code, json.loads(res.output)


def changed(doc: dict[str, Any], subject: str) -> dict[str, Any]:
    found = [c for c in doc["changes"] if c["subject"] == subject]
    assert len(found) == 1, [c["subject"] for c in doc["changes"]]
    return found[0]


def at(loc: dict[str, Any] | None) -> str | None:
    return None if loc is None else f"{loc['path']}:{loc['line']}:{loc['column']}"


def codes(findings: list[dict[str, Any]]) -> list[str]:
    return [f"{f['path']}:{f['line']}:{f['code']}" for f in findings]


def test_a_raised_mode_ru_is_decoded_with_both_places_and_what_it_reaches(repo: Path) -> None:
    card_edit(repo / "TUNEMODE", 10, "RUSIZES=X'8585',     256 ", "RUSIZES=X'8989',     4K  ")
    commit(repo)
    _, doc = diff("main", "HEAD")
    mode = changed(doc, "mode #INTER in TUNEMODE")
    assert mode["change"] == "changed"
    (ru,) = mode["differences"]
    assert ru["detail"] == "RUSIZES X'8585' -> X'8989': 256 -> 4096 both ways"
    assert (at(ru["base"]), at(ru["head"])) == ("TUNEMODE:10:16", "TUNEMODE:10:16")
    reached = {r["subject"]: r["usage"] for r in mode["reaches"]}
    assert reached["APPL TOMVSAP"] == "DLOGMOD, MODETAB"
    assert reached["APPL CICSLAB"] == "DLOGMOD, MODETAB"
    assert reached["PU OS2PU"] == "DLOGMOD, MODETAB"
    assert codes(doc["findings"]["new"]) == ["TUNEMODE:10:SNA001"], doc["findings"]["new"]


def test_an_ncp_unitsz_change_names_both_lines(repo: Path) -> None:
    lab = repo / "LAB45"
    card_edit(lab, 17, "UNITSZ=384,", "UNITSZ=512,")
    lab.write_text("* A NEW COMMENT CARD\n" + lab.read_text())  # the HOST moves down one line
    commit(repo)
    _, doc = diff("main", "HEAD")
    host = changed(doc, "NCP HOST LAB45.LAB45H")
    (unitsz,) = host["differences"]
    assert unitsz["detail"] == "UNITSZ 384 -> 512"
    assert (at(unitsz["base"]), at(unitsz["head"])) == ("LAB45:17:16", "LAB45:18:16")
    assert [c["subject"] for c in doc["changes"]] == ["NCP HOST LAB45.LAB45H"]
    # NCP001 still holds (512 is below 4000), one line down: moved, neither fixed nor new;
    # VTAM's IOBUF (384) is still judged against the NCP it owns: it agreed with UNITSZ below
    # 4000 and now differs from it, one finding of one place and rule in both revisions
    assert codes(doc["findings"]["new"]) == []
    assert doc["findings"]["fixed"] == []
    moved = {
        (m["head"]["code"], m["base"]["line"], m["head"]["line"]) for m in doc["findings"]["moved"]
    }
    assert ("NCP001", 17, 18) in moved


def test_a_renamed_member_is_followed_not_added_and_removed(repo: Path) -> None:
    git(repo, "mv", "APPLLAB", "APPLS01")
    commit(repo)
    _, doc = diff("main", "HEAD")
    assert doc["files"]["renamed"] == [{"base": "APPLLAB", "head": "APPLS01"}]
    assert doc["files"]["added"] == doc["files"]["removed"] == []
    assert doc["changes"] == []
    assert doc["findings"]["new"] == doc["findings"]["fixed"] == []
    moved = [
        (m["base"]["path"], m["head"]["path"], m["head"]["code"]) for m in doc["findings"]["moved"]
    ]
    assert moved == [("APPLLAB", "APPLS01", "VTM009")] * 2


def test_a_member_renamed_in_the_work_tree_is_followed(repo: Path) -> None:
    git(repo, "mv", "APPLLAB", "APPLS01")  # staged, not committed
    _, doc = diff()
    assert doc["files"]["renamed"] == [{"base": "APPLLAB", "head": "APPLS01"}]
    assert doc["changes"] == [] and doc["findings"]["new"] == []


def test_a_second_run_from_the_run_memo_says_the_same(repo: Path) -> None:
    card_edit(repo / "LAB45", 4, "BFRS=240,", "BFRS=120,")
    card_edit(repo / "TUNEMODE", 10, "RUSIZES=X'8585',     256 ", "RUSIZES=X'8989',     4K  ")
    commit(repo)
    first = diff("main", "HEAD")
    assert first[1]["changes"] and first[1]["findings"]["new"]
    assert any((Path(os.environ["DECKLINT_CACHE_DIR"]) / "runs").rglob("*"))
    assert diff("main", "HEAD") == first  # both revisions' findings now from the run memo
    assert diff("main", "HEAD", "--no-cache") == first


@pytest.mark.parametrize("color", ["--color", "--no-color"])
def test_text_shows_names_as_they_are(repo: Path, color: str) -> None:
    git(repo, "mv", "APPLLAB", "[red]APPL\x1b[2J")
    commit(repo)
    out = CliRunner().invoke(main, ["diff", color, "main", "HEAD"]).output
    assert "  renamed APPLLAB -> [red]APPL\\x1b[2J\n" in out.replace("\x1b[0m", "")
    assert "\x1b[2J" not in out


def test_a_change_in_a_renamed_member_shows_both_names(repo: Path) -> None:
    git(repo, "mv", "APPLLAB", "APPLS01")
    card_edit(repo / "APPLS01", 7, "VPACING=0,", "VPACING=9,")
    commit(repo)
    _, doc = diff("main", "HEAD")
    appl = changed(doc, "APPL TOMVSAP")
    (vp,) = appl["differences"]
    assert vp["detail"] == "VPACING 0 -> 9"
    assert (at(vp["base"]), at(vp["head"])) == ("APPLLAB:7:16", "APPLS01:7:16")
    assert [c["subject"] for c in doc["changes"]] == ["APPL TOMVSAP"]


def test_a_renamed_definition_is_one_rename(repo: Path) -> None:
    card_edit(
        repo / "TUNEMODE",
        25,
        "SNASVCMG MODEENT LOGMODE=SNASVCMG,",
        "SNASVCMX MODEENT LOGMODE=SNASVCMX,",
    )
    commit(repo)
    _, doc = diff("main", "HEAD")
    (rename,) = doc["changes"]
    assert (rename["change"], rename["subject"], rename["note"]) == (
        "renamed",
        "mode SNASVCMX in TUNEMODE",
        "was SNASVCMG",
    )
    assert (at(rename["base"]), at(rename["head"])) == ("TUNEMODE:25:1", "TUNEMODE:25:1")


def test_a_removed_mode_says_what_still_names_it(repo: Path) -> None:
    table = repo / "TUNEMODE"
    lines = table.read_text().split("\n")
    table.write_text("\n".join(lines[:3] + lines[12:]))  # the #INTER entry, 9 cards, gone
    commit(repo)
    _, doc = diff("main", "HEAD")
    gone = changed(doc, "mode #INTER in TUNEMODE")
    assert (gone["change"], at(gone["base"]), gone["head"]) == ("removed", "TUNEMODE:4:1", None)
    reached = {r["subject"]: r["usage"] for r in gone["reaches"]}
    assert reached["APPL TOMVSAP"] == "DLOGMOD" and reached["PU OS2PU"] == "DLOGMOD"
    assert "LU OS2LU" not in reached  # it names #BATCH
    assert "VTM006" in {f["code"] for f in doc["findings"]["new"]}
    text = CliRunner().invoke(main, ["diff", "main", "HEAD"]).output
    assert "      still named by APPL TOMVSAP (DLOGMOD) APPLLAB:6:24\n" in text


def test_a_broken_link_changes_status(repo: Path) -> None:
    card_edit(repo / "LAB45", 27, "LOCADD=400000001088,", "LOCADD=400000001099,")
    commit(repo)
    _, doc = diff("main", "HEAD")
    link = changed(doc, "dlc link from dlc link HOSTLINK (OS2CP)")
    (status,) = link["differences"]
    assert (status["field"], status["before"], status["after"]) == (
        "status",
        "matched",
        "unknown-peer",
    )
    assert status["detail"].startswith("matched to LINE LABTRL1 (LAB45) -> unknown-peer to MAC")
    assert (at(status["base"]), at(status["head"])) == ("OS2CP.NDF:13:22", "OS2CP.NDF:13:22")
    line = changed(doc, "LINE LABTRL1")
    assert [d["detail"] for d in line["differences"]] == ["LOCADD 400000001088 -> 400000001099"]


def test_a_link_that_disappears_and_one_that_appears(repo: Path) -> None:
    sw = repo / "SWLAB"
    lines = sw.read_text().split("\n")
    sw.write_text("\n".join(lines[:16] + lines[18:]))  # OS2PU's PATH (2 cards) gone
    commit(repo)
    _, doc = diff("main", "HEAD")
    gone = changed(doc, "path link from PATH OS2PT (RTPVTAM)")
    assert (gone["change"], at(gone["base"]), gone["head"]) == ("disappeared", "SWLAB:18:16", None)
    assert gone["note"].startswith("to LABTRLG via LINE LABTRL1 (LAB45), matched")
    assert changed(doc, "PATH OS2PT")["change"] == "removed"
    git(repo, "revert", "--no-edit", "HEAD")
    _, back = diff("HEAD~1", "HEAD")
    came = changed(back, "path link from PATH OS2PT (RTPVTAM)")
    assert (came["change"], came["base"], at(came["head"])) == ("appeared", None, "SWLAB:18:16")


def test_a_finding_fixed_and_one_added(repo: Path) -> None:
    card_edit(repo / "LAB45", 4, "BFRS=240,", "BFRS=120,")
    card_edit(repo / "LAB45", 5, "SLODOWN=50,", "SLODOWN=6, ")
    commit(repo)
    code, doc = diff("main", "HEAD")
    assert codes(doc["findings"]["new"]) == ["LAB45:4:NCP004"]
    assert codes(doc["findings"]["fixed"]) == ["LAB45:5:NCP005"]
    assert doc["summary"]["failing"] == 1
    assert code == 1
    assert diff("main", "HEAD", "--fail-on", "error")[0] == 0
    assert diff("main", "HEAD", "--exit-zero")[0] == 0


def test_a_revision_against_itself_reports_nothing(repo: Path) -> None:
    card_edit(repo / "LAB45", 4, "BFRS=240,", "BFRS=120,")
    commit(repo)
    for args in (("HEAD", "HEAD"), ("main", "main")):
        code, doc = diff(*args)
        assert code == 0
        assert doc["changes"] == []
        assert doc["findings"] == {"new": [], "fixed": [], "moved": []}
        assert doc["files"]["modified"] == doc["files"]["renamed"] == []
    res = CliRunner().invoke(main, ["diff", "HEAD", "HEAD"])
    assert res.exit_code == 0
    assert "model: 0 changes" in res.output and "0 new, 0 fixed, 0 moved" in res.output


def test_the_default_compares_the_work_tree_with_the_merge_base(repo: Path) -> None:
    card_edit(repo / "LAB45", 4, "BFRS=240,", "BFRS=120,")  # not committed
    (repo / "NOTES").write_text("* NOT A DECK\n")  # untracked, not ignored: linted
    code, doc = diff()
    assert doc["base"]["revision"] == "merge base with main"
    assert doc["head"] == {"revision": "work tree", "commit": None}
    # a file no dialect is recognised in is new information (PRS009), as in `decklint lint`
    assert codes(doc["findings"]["new"]) == ["LAB45:4:NCP004", "NOTES:1:PRS009"]
    assert doc["files"]["modified"] == ["LAB45"] and doc["files"]["added"] == ["NOTES"]
    assert code == 1


def test_the_work_tree_and_index_are_left_alone(repo: Path) -> None:
    card_edit(repo / "LAB45", 4, "BFRS=240,", "BFRS=120,")
    before = (git(repo, "status", "--porcelain"), (repo / ".git" / "index").read_bytes())
    diff()
    diff("main", "HEAD")
    after = (git(repo, "status", "--porcelain"), (repo / ".git" / "index").read_bytes())
    assert before == after


def test_path_narrows_the_files(repo: Path) -> None:
    (repo / "ncp").mkdir()
    git(repo, "mv", "LAB45", "ncp/LAB45")
    card_edit(repo / "ncp" / "LAB45", 4, "BFRS=240,", "BFRS=120,")
    card_edit(repo / "TUNEMODE", 10, "RUSIZES=X'8585',     256 ", "RUSIZES=X'8989',     4K  ")
    commit(repo)
    _, doc = diff("main", "HEAD", "--path", "ncp")
    assert doc["files"]["linted"] == {"base": 0, "head": 1}
    assert "mode #INTER in TUNEMODE" not in [c["subject"] for c in doc["changes"]]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("nosuchrev", "HEAD"), "unknown revision 'nosuchrev'"),
        (("--bad",), "No such option"),
        (("-x1", "HEAD"), "No such option"),
        (("main", "HEAD", "extra"), "at most two revisions"),
    ],
)
def test_usage_and_git_errors_exit_2(repo: Path, args: tuple[str, ...], said: str) -> None:
    res = CliRunner().invoke(main, ["diff", *args])
    assert res.exit_code == 2, res.output
    assert said in res.output
    assert "Traceback" not in res.output


def test_outside_a_repository_is_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path.parent))
    res = CliRunner().invoke(main, ["diff"])
    assert res.exit_code == 2
    assert "not in a git repository" in res.output and "Traceback" not in res.output


def test_a_configuration_that_differs_is_named_and_not_applied_to_the_base(repo: Path) -> None:
    config = repo / ".decklint.yaml"
    config.write_text(config.read_text() + "ignore: [NCP005]\n")
    (repo / "pyproject.toml").write_text("[project]\nname = 'decks'\n")  # no decklint table
    commit(repo)
    _, doc = diff("main", "HEAD")
    assert doc["configuration_changed"] == [".decklint.yaml"]
    # both revisions judged with the checkout's: NCP005 is not "fixed" by the configuration
    assert doc["findings"]["fixed"] == [] and doc["changes"] == []


def test_json_shape(repo: Path) -> None:
    card_edit(repo / "LAB45", 4, "BFRS=240,", "BFRS=120,")
    commit(repo)
    _, doc = diff("main", "HEAD")
    assert set(doc) == {
        "schema_version",
        "tool",
        "base",
        "head",
        "files",
        "configuration_changed",
        "summary",
        "changes",
        "findings",
    }
    assert doc["schema_version"] == 1
    assert doc["base"] == {"revision": "main", "commit": git(repo, "rev-parse", "main")}
    assert doc["summary"] == {
        "changes": 1,
        "new": 1,
        "fixed": 0,
        "moved": 0,
        "fail_on": "warning",
        "failing": 1,
    }
    (c,) = doc["changes"]
    assert set(c) == {
        "change",
        "kind",
        "subject",
        "note",
        "judged",
        "base",
        "head",
        "differences",
        "reaches",
    }
    assert set(c["differences"][0]) == {
        "field",
        "detail",
        "before",
        "after",
        "base",
        "head",
        "judged",
    }
    assert set(doc["findings"]["new"][0]) >= {
        "path",
        "line",
        "column",
        "code",
        "severity",
        "message",
    }


def test_markdown_comment_is_golden(repo: Path, update_golden: bool) -> None:
    for f in (LAB / "tuned").iterdir():
        shutil.copyfile(f, repo / f.name)
    commit(repo, "tuned")
    res = CliRunner().invoke(main, ["diff", "--format", "markdown", "main", "HEAD"])
    text = res.output
    for rev in ("main", "HEAD"):
        full = git(repo, "rev-parse", rev).strip()
        text = text.replace(full, f"<{rev}>").replace(full[:12], f"<{rev}>")
    assert text.startswith("<!-- decklint-diff -->\n")
    # every place links to the file at its revision: the head's, or the base's where removed
    assert "](../blob/<HEAD>/APPLLAB#L7)" in text
    if update_golden or not GOLDEN.exists():
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(text)
    assert text == GOLDEN.read_text()
    assert res.exit_code == 0


def test_fields_are_named_by_the_operand_the_product_codes() -> None:
    from decklint.review.changes import operand

    assert operand("line", "maxtsl") == "MAXTSL"
    assert operand("ncp_host", "unitsz") == "UNITSZ"
    assert operand("ncp", "slodown") == "BUILD SLODOWN"
    assert operand("tcpip_stack", "tcpsendbfrsize") == "TCPCONFIG TCPSENDBFRSIZE"
    assert operand("tcpip_stack", "delayacks") == "TCPCONFIG DELAYACKS"
    assert operand("tsm_options", "tcpwindowsize") == "TCPWINDOWSIZE"  # ", KB": a unit
    assert operand("group", "ecltype") == "ECLTYPE"
    # a description that lists values, or opens with a subject, is not an operand
    assert operand("tcpip_port", "protocol") == "protocol"
    assert operand("line_desc", "type") == "type"
    assert operand("nsdos_frame", "frame") == "frame"
    assert operand("buffer_pool", "bufsize") == "bufsize"


def test_markdown_escapes_deck_text() -> None:
    from decklint.report.review_markdown import md

    assert md("<!-- decklint-diff --> @team #12 | *x* `y`") == (
        "&lt;!-- decklint-diff --&gt; &#64;&#8203;team &#35;&#8203;12 \\| \\*x\\* \\`y\\`"
    )
    # GitHub reads mentions, issues and bare addresses in the text the entities become: a
    # zero-width space breaks each; a name that is no mention or issue stays as it was
    assert md("www.evil-example.com.vtam https://x.example #BATCH") == (
        "www&#8203;.evil-example.com.vtam https:&#8203;//x.example &#35;BATCH"
    )


ACTION = Path(__file__).resolve().parents[1] / "action.yml"


def _action_step(step_id: str | None = None, name: str | None = None) -> dict[str, Any]:
    import yaml

    steps = yaml.safe_load(ACTION.read_text())["runs"]["steps"]
    if step_id is not None:
        return next(s for s in steps if s.get("id") == step_id)
    return next(s for s in steps if s.get("name") == name)


def _fake(folder: Path, name: str, body: str) -> None:
    folder.mkdir(exist_ok=True)
    (folder / name).write_text("#!/bin/sh\n" + body)
    (folder / name).chmod(0o755)


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash")
def test_action_diff_mode_passes_inputs_as_words_and_writes_the_comment(tmp_path: Path) -> None:
    step = _action_step("diff")
    assert "${{" not in step["run"] and step["if"] == "${{ inputs.mode == 'diff' }}"
    bin_ = tmp_path / "bin"
    _fake(
        bin_,
        "decklint",
        'prev=""; for a in "$@"; do echo "<$a>"; [ "$prev" = --output ] && out=$a; prev=$a; done\n'
        '[ -n "$out" ] && echo "<!-- decklint-diff -->" > "$out"\nexit 1\n',
    )
    _fake(bin_, "git", "exit 0\n")  # the base commit is there
    env = {
        "PATH": f"{bin_}:/usr/bin:/bin",
        "GITHUB_OUTPUT": str(tmp_path / "out"),
        "GITHUB_STEP_SUMMARY": str(tmp_path / "summary"),
        "DECKLINT_ARGS": "--fail-on error $(touch pwned) `touch pwned`;touch pwned",
        "DECKLINT_PATHS": "decks -x$(touch pwned)",
        "DECKLINT_BASE": "0123abcd",
        "GITHUB_SERVER_URL": "https://github.com",
        "GITHUB_REPOSITORY": "site/decks",
    }
    res = subprocess.run(
        ["bash", "-c", step["run"]], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert not (tmp_path / "pwned").exists()
    words = res.stdout.splitlines()
    first = words[: words.index("<0123abcd>") + 1]
    assert first == [
        "<diff>",
        "<--format>",
        "<markdown>",
        "<--links>",
        "<https://github.com/site/decks>",
        "<--output>",
        "<decklint-diff.md>",
        "<--fail-on>",
        "<error>",
        "<$(touch>",
        "<pwned)>",
        "<`touch>",
        "<pwned`;touch>",
        "<pwned>",
        "<--path>",
        "<decks>",
        "<--path>",
        "<-x$(touch>",
        "<--path>",
        "<pwned)>",
        "<0123abcd>",
    ]
    assert (tmp_path / "out").read_text() == "status=1\n"
    assert (tmp_path / "summary").read_text() == "<!-- decklint-diff -->\n"
    env["DECKLINT_BASE"] = "--upload-pack=touch pwned"
    res = subprocess.run(["bash", "-c", step["run"]], cwd=tmp_path, env=env, capture_output=True)
    assert not (tmp_path / "pwned").exists()
    assert (tmp_path / "out").read_text().endswith("status=2\n")


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash")
@pytest.mark.parametrize("found", ["4242", ""])
@pytest.mark.parametrize("login", ["a-person", ""])  # a personal token, the workflow's token
def test_action_updates_its_one_comment_or_posts_it(tmp_path: Path, found: str, login: str) -> None:
    step = _action_step(name="Comment on the pull request")
    assert "${{" not in step["run"]
    bin_ = tmp_path / "bin"
    _fake(
        bin_,
        "gh",
        'echo "$*" >> "$GH_LOG"\n'
        'case "$*" in "api user"*) [ -n "$LOGIN" ] && echo "$LOGIN" && exit 0; exit 1;; esac\n'
        'case "$*" in *--paginate*) [ -n "$FOUND" ] && echo "$FOUND";; esac\n',
    )
    (tmp_path / "decklint-diff.md").write_text("<!-- decklint-diff -->\nreview\n")
    env = {
        "PATH": f"{bin_}:/usr/bin:/bin",
        "GH_LOG": str(tmp_path / "gh.log"),
        "FOUND": found,
        "LOGIN": login,
        "PULL": "7",
        "REPOSITORY": "site/decks",
    }
    res = subprocess.run(["bash", "-c", step["run"]], cwd=tmp_path, env=env, capture_output=True)
    assert res.returncode == 0, res.stderr
    calls = (tmp_path / "gh.log").read_text().splitlines()
    assert calls[0] == "api user --jq .login"
    calls = calls[1:]
    assert calls[0].startswith("api --paginate repos/site/decks/issues/7/comments --jq")
    assert "<!-- decklint-diff -->" in calls[0]
    # its own comment, by the token's user: a personal token's login, else the Actions bot
    assert f'.user.login == "{login or "github-actions[bot]"}"' in calls[0]
    if found:
        assert calls[1:] == [
            "api --silent --method PATCH repos/site/decks/issues/comments/4242 "
            "-F body=@decklint-diff.md"
        ]
    else:
        assert calls[1:] == [
            "api --silent --method POST repos/site/decks/issues/7/comments "
            "-F body=@decklint-diff.md"
        ]


def test_markdown_places_link_to_the_head_and_a_moved_finding_shows_one_path(repo: Path) -> None:
    lab = repo / "LAB45"
    lab.write_text("* A NEW COMMENT CARD ON TOP\n" + lab.read_text())  # findings move a line
    commit(repo)
    head = git(repo, "rev-parse", "HEAD")
    res = CliRunner().invoke(
        main,
        [
            "diff",
            "--format",
            "markdown",
            "--links",
            "https://github.com/site/decks",
            "main",
            "HEAD",
        ],
    )
    text = res.output
    assert "Findings that only moved" in text
    moved = [ln for ln in text.splitlines() if "LAB45:" in ln and "\u2192" in ln]
    assert moved, text
    row = moved[0]
    assert row.count("LAB45") == 2  # one path in the text, one in the link: no second column
    assert f"](https://github.com/site/decks/blob/{head}/LAB45#L" in row
    bad = CliRunner().invoke(main, ["diff", "--format", "markdown", "--links", "javascript:x"])
    assert bad.exit_code == 2


def test_text_diff_names_cannot_start_a_workflow_command(repo: Path) -> None:
    """The Action's log shows `decklint diff --no-color`: the runner obeys `##[` anywhere in
    a line and `::` at its start, so a name added by a pull request must not form either."""
    for name in ("##[add-mask]MASKME.vtam", "::error::pwn.vtam", "x\u202egpj.vtam"):
        shutil.copyfile(repo / "SWLAB", repo / name)
    commit(repo)
    res = CliRunner().invoke(main, ["diff", "--no-color", "main"])
    assert "MASKME" in res.output and "pwn" in res.output, res.output
    assert "##[" not in res.output and "\u202e" not in res.output
    assert not [ln for ln in res.output.splitlines() if ln.lstrip().startswith("::")]


def _four_operands(repo: Path) -> None:
    """MAXDATA (modelled), DISCNT and ISTATUS (not modelled) on a PU; LOGTAB (a reference) on
    its LU: each changed, in one deck."""
    card_edit(repo / "SWLAB", 10, "MAXDATA=4000,", "MAXDATA=4105,")
    card_edit(repo / "SWLAB", 15, "CONNTYPE=APPN,", "DISCNT=YES,")
    card_edit(repo / "SWLAB", 16, "ISTATUS=ACTIVE", "ISTATUS=INACTIVE")
    card_edit(repo / "SWLAB", 19, "LOCADDR=0,", "LOCADDR=0,LOGTAB=INTAB2,")


def test_every_changed_operand_is_listed_modelled_or_not(repo: Path) -> None:
    _four_operands(repo)
    _, doc = diff("main")
    pu = changed(doc, "PU OS2PU")
    got = {d["detail"]: d["judged"] for d in pu["differences"]}
    assert got == {
        "MAXDATA 4000 -> 4105": True,
        "CONNTYPE APPN -> not coded": True,
        "DISCNT not coded -> YES (not judged: decklint does not model it)": False,
        "ISTATUS ACTIVE -> INACTIVE (not judged: decklint does not model it)": False,
    }
    (lu,) = changed(doc, "LU OS2LU")["differences"]
    assert (lu["detail"], lu["judged"], lu["head"]["line"]) == (
        "LOGTAB not coded -> INTAB2",
        True,
        19,
    )


def test_text_and_markdown_list_every_changed_operand(repo: Path) -> None:
    _four_operands(repo)
    text = CliRunner().invoke(main, ["diff", "main", "--no-color"]).output
    markdown = CliRunner().invoke(main, ["diff", "main", "--format", "markdown"]).output
    for operand in ("MAXDATA 4000", "DISCNT not coded", "ISTATUS ACTIVE", "LOGTAB not coded"):
        assert operand in text, text
        assert operand in markdown, markdown
    assert "DISCNT not coded -> YES (not judged: decklint does not model it)" in text
    assert "DISCNT not coded \u2192 YES (not judged: decklint does not model it)" in markdown


def test_a_statement_decklint_does_not_model_is_listed_as_not_judged(repo: Path) -> None:
    """The NCP's SYSCNTRL is not modelled: an operand of it changed is a change of the
    statement, not judged. (Its PATH statement is modelled, as the subarea route the links
    read: renamed, it is a renamed route.)"""
    text = (repo / "LAB45").read_text()
    text = text.replace("LAB45VR  PATH", "LAB45VX  PATH", 1).replace("RIMM,ENDCALL", "RIMM", 1)
    (repo / "LAB45").write_text(text)
    _, doc = diff("main")
    got = {(c["change"], c["kind"], c["subject"], c["judged"]) for c in doc["changes"]}
    assert got == {
        ("renamed", "subarea_route", "PATH LAB45VX", True),
        ("changed", "statement", "SYSCNTRL", False),
    }
    renamed = changed(doc, "PATH LAB45VX")
    assert renamed["note"] == "was LAB45VR"
    assert renamed["head"] == {"path": "LAB45", "line": 19, "column": 1}
    (d,) = changed(doc, "SYSCNTRL")["differences"]
    assert d["detail"] == (
        "OPTIONS (MODE,RCNTRL,RCOND,RECMD,RIMM,ENDCALL) -> (MODE,RCNTRL,RCOND,RECMD,RIMM) "
        "(not judged: decklint does not model it)"
    )
    # a statement added is one change; the statements after it are not changed
    git(repo, "checkout", "--", "LAB45")
    text = (
        (repo / "LAB45").read_text().replace("LAB45VR  PATH", "         GENEND\nLAB45VR  PATH", 1)
    )
    (repo / "LAB45").write_text(text)
    _, doc = diff("main")
    added = [c for c in doc["changes"] if c["change"] == "added"]
    assert [(c["subject"], c["note"], c["head"]["line"]) for c in added] == [
        ("GENEND", "not judged: decklint does not model it", 19)
    ]


def test_an_inserted_card_does_not_read_as_changed_statements(repo: Path) -> None:
    text = (repo / "SWLAB").read_text().split("\n")
    text.insert(1, "* A NEW COMMENT CARD")
    (repo / "SWLAB").write_text("\n".join(text))
    _, doc = diff("main")
    assert doc["changes"] == []


def test_links_that_change_disappear_and_appear(repo: Path) -> None:
    """The network a change makes: the NCP's route to the host's subarea goes nowhere after
    DESTSA is mistyped; a configuration list that activates the NCP gives its channel link
    another evidence (the list's entry) in place of the system's one VTAM."""
    card_edit(repo / "LAB45", 19, "DESTSA=1,", "DESTSA=9,")
    (repo / "ATCCON00").write_text("APPLLAB,\nLAB45,\nSWLAB\n")
    commit(repo)
    _, doc = diff("main", "HEAD")
    subjects = {c["subject"]: c for c in doc["changes"]}
    route = subjects["route link from PATH DESTSA=1 (LAB45)"]
    assert route["change"] == "disappeared"
    new = subjects["route link from PATH DESTSA=9 (LAB45)"]
    assert new["change"] == "appeared"
    assert codes(doc["findings"]["new"]) == ["LAB45:19:SNA014"]
    channel = subjects["channel link from NCP LAB45 (LAB45)"]
    assert channel["change"] == "changed"
    (status,) = channel["differences"]
    assert "VTAM RTPVTAM" in status["detail"]
    text = CliRunner().invoke(main, ["diff", "main", "HEAD"]).output
    assert "route link from PATH DESTSA=9 (LAB45)" in text


def test_a_link_one_host_stated_that_both_now_state_is_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A CDRM the VM host defines for the MVS host, half-open while the MVS host defines none
    back: adding MVS's makes one link both hosts state, reported as that link changed (its
    status, its other end), not as one gone and one new."""
    for key, value in {
        "GIT_CONFIG_GLOBAL": os.devnull,
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_AUTHOR_NAME": "a",
        "GIT_AUTHOR_EMAIL": "a@example.com",
        "GIT_COMMITTER_NAME": "a",
        "GIT_COMMITTER_EMAIL": "a@example.com",
    }.items():
        monkeypatch.setenv(key, value)
    root = tmp_path / "repo"
    shutil.copytree(FIXTURES / "links" / "vm-mvs", root)
    cdrms = root / "MVSHOST" / "CDRMS"
    full = cdrms.read_text()
    cdrms.write_text("".join(ln for ln in full.splitlines(True) if not ln.startswith("VMHOST")))
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "base")
    cdrms.write_text(full)
    commit(root)
    monkeypatch.chdir(root)
    _, doc = diff("main~1", "main")
    cdrm = [c for c in doc["changes"] if c["subject"].startswith("cdrm link")]
    assert [c["change"] for c in cdrm] == ["changed"], [c["subject"] for c in cdrm]
    details = " ".join(d["detail"] for d in cdrm[0]["differences"])
    assert "half-open" in details and "matched" in details
