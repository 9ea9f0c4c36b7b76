"""Configuration files: discovery, nearest-wins, extends, validation with line numbers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from decklint.cli import main

BAD_NCP = "H1       HOST  UNITSZ=384,MAXBFRU=2\nB1       BUILD SLODOWN=50,SUBAREA=4\n"
MODES = "T        MODETAB\nFILEX    MODEENT LOGMODE=FILEX,RUSIZES=X'8585'\n         MODEEND\n"


def lint(*args: str) -> tuple[int, list[dict]]:  # type: ignore[type-arg]
    res = CliRunner().invoke(main, ["lint", "--format", "json", *args])
    assert res.exception is None or isinstance(res.exception, SystemExit), res.output
    if res.exit_code == 2:
        return 2, []
    return res.exit_code, json.loads(res.output)["findings"]


def codes(findings: list[dict]) -> list[str]:  # type: ignore[type-arg]
    return sorted(f["code"] for f in findings)


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "ncp").mkdir()
    (tmp_path / "ncp" / "LAB45.ncp").write_text(BAD_NCP)
    return tmp_path


def test_without_configuration_everything_runs(repo: Path) -> None:
    code, found = lint("ncp")
    assert code == 1 and codes(found) == ["NCP001", "NCP005"]


def test_select_ignore_severity_and_options(repo: Path) -> None:
    (repo / ".decklint.yaml").write_text(
        yaml.safe_dump(
            {
                "select": ["NCP"],
                "ignore": ["NCP001"],
                "rules": {
                    "slodown": {"severity": "error", "options": {"slodown": 50}},
                    "NCP014": "disable",
                },
            }
        )
    )
    code, found = lint("ncp")
    assert code == 0 and found == []  # NCP005 accepts 50 now; NCP001 ignored
    (repo / ".decklint.yaml").write_text(
        yaml.safe_dump({"rules": {"NCP005": {"severity": "info"}}})
    )
    code, found = lint("ncp")
    sev = {f["code"]: f["severity"] for f in found}
    assert sev == {"NCP001": "warning", "NCP005": "info"}


def test_cli_select_overrides_and_ignore_adds(repo: Path) -> None:
    (repo / ".decklint.yaml").write_text("select: [NCP001]\n")
    assert codes(lint("ncp")[1]) == ["NCP001"]
    assert codes(lint("ncp", "--select", "NCP005")[1]) == ["NCP005"]
    assert codes(lint("ncp", "--ignore", "NCP001")[1]) == []


def test_per_file_ignores_and_exclude(repo: Path) -> None:
    (repo / "old").mkdir()
    (repo / "old" / "N99.ncp").write_text(BAD_NCP)
    (repo / ".decklint.yaml").write_text(
        "per-file-ignores:\n  'ncp/*.ncp': [NCP001]\nexclude: [old]\n"
    )
    found = lint(".")[1]
    assert codes(found) == ["NCP005"] and found[0]["path"] == "ncp/LAB45.ncp"


def test_fail_on_from_config_and_cli(repo: Path) -> None:
    (repo / ".decklint.yaml").write_text("fail-on: error\n")
    assert lint("ncp")[0] == 0
    assert lint("ncp", "--fail-on", "warning")[0] == 1
    (repo / ".decklint.yaml").write_text(
        "fail-on: info\nrules: {NCP001: {severity: info}}\nignore: [NCP005]\n"
    )
    assert lint("ncp")[0] == 1


def test_nearest_configuration_wins_for_its_files(repo: Path) -> None:
    (repo / ".decklint.yaml").write_text("ignore: [NCP005]\n")
    (repo / "ncp" / ".decklint.yaml").write_text("rules: {NCP001: {severity: error}}\n")
    (repo / "other").mkdir()
    (repo / "other" / "N2.ncp").write_text(BAD_NCP)
    found = lint(".")[1]
    by_file = {(Path(f["path"]).name, f["code"]): f["severity"] for f in found}
    assert by_file == {
        ("LAB45.ncp", "NCP001"): "error",
        ("LAB45.ncp", "NCP005"): "warning",
        ("N2.ncp", "NCP001"): "warning",
    }


def test_extends(repo: Path) -> None:
    (repo / "base.yaml").write_text("ignore: [NCP005]\nbulk-modes: [FILEX]\n")
    (repo / ".decklint.yaml").write_text("extends: base.yaml\nselect: [NCP, VTM002]\n")
    (repo / "modes.vtam").write_text(MODES)
    found = lint(".")[1]
    assert codes(found) == ["NCP001", "VTM002"]


def test_bulk_modes_and_network_reach_the_rules(repo: Path) -> None:
    (repo / "modes.vtam").write_text(MODES)
    assert "VTM002" not in codes(lint(".")[1])
    (repo / ".decklint.yaml").write_text("bulk-modes: [filex]\nnetwork: appn\n")
    assert "VTM002" in codes(lint(".")[1])


def test_dialect_globs(repo: Path) -> None:
    (repo / "DECK1").write_text("* no telling content\n")
    (repo / ".decklint.yaml").write_text("dialects: {'DECK*': ncp}\n")
    res = CliRunner().invoke(main, ["lint", "--format", "json", "DECK1"])
    assert json.loads(res.output)["files"][0]["dialect"] == "ncp"


def test_pyproject_table(repo: Path) -> None:
    (repo / "pyproject.toml").write_text(
        "[project]\nname = 'x'\n\n[tool.decklint]\nignore = ['NCP005']\n\n"
        "[tool.decklint.rules.NCP001]\nseverity = 'error'\n"
    )
    found = lint("ncp")[1]
    assert [(f["code"], f["severity"]) for f in found] == [("NCP001", "error")]


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ("select: [NCP]\nfrob: 1\n", 2, "unknown setting 'frob'"),
        ("rules:\n  NCP005:\n    severity: loud\n", 2, "unknown severity"),
        ("rules:\n  NOPE77: disable\n", 2, "no rule has the code or name 'NOPE77'"),
        ("rules:\n  NCP005:\n    options: {slowdown: 6}\n", 2, "has no option 'slowdown'"),
        ("rules:\n  NCP005:\n    options: {slodown: six}\n", 2, "must be of type int"),
        ("ignore: [NCP]\nselect: [XYZ]\n", 2, "no rule has the code, name, prefix or group"),
        ("network: token\n", 1, "network must be appn or subarea"),
        ("select: [NCP\n", 2, "not valid YAML"),
        ("extends: nothere.yaml\n", 1, "does not exist"),
        ("dialects: {'*.x': cobol}\n", 1, "not a dialect"),
        ("nodes:\n  SYSA:\n    bulk-ports: 3\n", 3, "must be a list of names"),
        ("nodes:\n  SYSA:\n    rfc1323: maybe\n", 3, "must be true or false"),
        ("nodes:\n  MVS1:\n    ftp-cpu-per-kb: -1.0\n", 3, "must be above 0"),
        ("nodes:\n  MVS1:\n    processors: 1.5\n", 3, "must be a whole number"),
        ("nodes:\n  MP1:\n    adapter: ethernet\n", 3, "adapter is one of fast-ethernet"),
        ("nodes:\n  MP1:\n    sna-framing: ii\n", 3, "sna-framing is one of dix, 802.3"),
        ("topology:\n  wires: []\n", 2, "topology: unknown key 'wires'"),
        ("topology:\n  nodes:\n    H1:\n      files: 3\n", 4, "files must be a list of globs"),
        ("topology:\n  nodes:\n    H1:\n      frame: big\n", 4, "must be a whole number"),
        ("topology:\n  links:\n    - {between: [A]}\n", 3, "between names exactly two nodes"),
        (
            "topology:\n  links:\n    - between: [A, B]\n      speed: 4\n",
            3,
            "unknown link fact 'speed'",
        ),
    ],
)
def test_invalid_configuration_exits_2_with_file_and_line(
    repo: Path, text: str, line: int, words: str
) -> None:
    (repo / ".decklint.yaml").write_text(text)
    res = CliRunner().invoke(main, ["lint", "ncp"])
    assert res.exit_code == 2, res.output
    assert f".decklint.yaml:{line}:" in res.output and words in res.output
    assert "Traceback" not in res.output


def test_config_show(repo: Path) -> None:
    (repo / ".decklint.yaml").write_text(
        "ignore: [NCP005]\nrules: {slodown: {options: {slodown: 12}}}\n"
    )
    res = CliRunner().invoke(main, ["config", "--show"])
    shown = yaml.safe_load(res.output)
    assert shown["config"].endswith(".decklint.yaml")
    assert "NCP005" not in shown["rules-run"] and "NCP001" in shown["rules-run"]
    assert shown["rules"] == {"NCP005": {"options": {"slodown": 12}}}
    isolated = yaml.safe_load(CliRunner().invoke(main, ["config", "--show", "--isolated"]).output)
    assert isolated["config"] is None and "NCP005" in isolated["rules-run"]


def test_readme_configuration_example_is_valid(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    blocks = [b.split("```", 1)[0] for b in readme.split("```yaml\n")[1:]]
    (block,) = [b for b in blocks if "per-file-ignores:" in b]  # the configuration's example
    monkeypatch.chdir(tmp_path)
    (tmp_path / "site-rules").mkdir()
    (tmp_path / ".decklint.yaml").write_text(block)
    res = CliRunner().invoke(main, ["config", "--show"])
    assert res.exit_code == 0, res.output
    shown = yaml.safe_load(res.output)
    assert shown["network"] == "appn" and "FILEXFER" in shown["bulk-modes"]
    assert shown["nodes"]["MVS1"]["release"] == "V1R5" and "peer" in shown["node-facts"]
    assert "SNA007" not in shown["rules-run"] and shown["rules"]["NCP005"]["severity"] == "error"


def test_node_facts_of_every_type_reach_the_model(repo: Path) -> None:
    from decklint import api
    from decklint.project import Project

    (repo / ".decklint.yaml").write_text(
        "nodes:\n"
        "  SYSA: {product: NonStop, bulk-ports: [$chama.#ip], rfc1323: false}\n"
        "  MVS1: {release: V1R5, peer: ws1, ftp-cpu-per-kb: 0.00000542, processors: 2,\n"
        "         ftp-kb-per-second: 57617}\n"
    )
    (repo / "MVS1").mkdir()
    (repo / "MVS1" / "PROFILE.TCPIP").write_text("SOMAXCONN 1024\n")
    opts = Project.load(Path(".decklint.yaml")).options(None)
    res = api.lint_paths(["MVS1"], opts)
    nodes = {e.name: e for e in res.topology.of("declared_node")}
    assert nodes["SYSA"].value("product") == "nonstop"
    assert nodes["SYSA"].value("bulk_ports") == ("$CHAMA.#IP",)
    assert nodes["SYSA"].value("rfc1323") is False
    assert nodes["MVS1"].value("release") == "V1R5" and nodes["MVS1"].value("peer") == "WS1"
    assert nodes["MVS1"].value("ftp_kb_per_second") == 57617.0
    assert nodes["SYSA"].get("bulk_ports").span.line == 2
    (stack,) = res.topology.of("tcpip_stack")
    assert stack.value("release") == "z/OS V1R5 (declared)"


def test_topology_section_reaches_the_model(repo: Path) -> None:
    from decklint import api
    from decklint.project import Project

    (repo / "host").mkdir()
    (repo / "host" / "APPLS").write_text("APPLS    VBUILD TYPE=APPL\nA1       APPL  APPC=YES\n")
    (repo / ".decklint.yaml").write_text(
        "topology:\n"
        "  nodes:\n"
        "    HOSTA: {files: [host/*], product: vtam}\n"
        "  links:\n"
        "    - between: [HOSTA, WS1]\n"
        "      medium: token-ring\n"
        "      frame: 4060\n"
    )
    opts = Project.load(Path(".decklint.yaml")).options(None)
    res = api.lint_paths(["host"], opts)
    assert res.topology.site == {"host/APPLS": "HOSTA"}
    (lk,) = res.topology.of("link")
    assert (lk.value("kind"), lk.value("frame"), lk.span.line) == ("token-ring", 4060, 5)


def test_readme_topology_example_is_valid(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    blocks = [b.split("```", 1)[0] for b in readme.split("```yaml\n")[1:]]
    (block,) = [b for b in blocks if "topology:" in b]
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".decklint.yaml").write_text(block)
    res = CliRunner().invoke(main, ["config", "--show"])
    assert res.exit_code == 0, res.output
    shown = yaml.safe_load(res.output)
    assert shown["topology"]["links"][0]["between"] == ["OS2CP", "DOSCP"]


def test_find_with_a_shared_memo_gives_the_answers_of_separate_lookups(tmp_path: Path) -> None:
    from decklint.project.config import find

    (tmp_path / "repo" / "a" / "x").mkdir(parents=True)
    (tmp_path / "repo" / "a" / "y").mkdir()
    (tmp_path / "repo" / "b" / "z").mkdir(parents=True)
    (tmp_path / "repo" / ".decklint.yaml").write_text("fail-on: error\n")
    (tmp_path / "repo" / "b" / ".decklint.yaml").write_text("fail-on: info\n")
    folders = [tmp_path / "repo" / p for p in ("a/x", "a/y", "b/z", "b", "a", ".")]
    memo: dict[Path, Path | None] = {}
    assert [find(f, memo) for f in folders] == [find(f) for f in folders]
    assert find(folders[2], memo) == tmp_path / "repo" / "b" / ".decklint.yaml"
    assert memo[(tmp_path / "repo" / "a").resolve()] == tmp_path / "repo" / ".decklint.yaml"
