"""The VS Code extension's languages, made from decklint's dialect registry: one language a
dialect, recognised by the registry's file names and by a line that tells a deck of it.

    python editors/vscode/languages.py           # print the generated part of package.json
    python editors/vscode/languages.py --write   # write it into package.json, and the grammars
    python editors/vscode/languages.py --check   # exit 1 when any of them is out of step

The generated part is `contributes.languages`, `activationEvents`, `decklint.dialects`
(dialect -> language id, for the `decklint: dialect=NAME` directive), `version` (decklint's
latest release, the first version heading of docs/changelog.md: decklint's own version is a
git tag's, or a development version between tags, which a .vsix cannot carry),
the languages' grammars and configurations (syntaxes.py: `contributes.grammars`, the files in
syntaxes/ and language-configuration/, the rulers of `contributes.configurationDefaults`) and
`contributes.codeActions` (the fix-all kind, so that settings offer it for codeActionsOnSave).
The language ids are the registry's (`language` in `decklint.dialects`), which the server reads
too: a document opened with one of them is linted as that dialect.
Not part of the package: decklint never imports it. tests/test_vscode_extension.py keeps
package.json in step.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import re
import sys
from pathlib import Path
from typing import Any, NamedTuple

from decklint import dialects

HERE = Path(__file__).resolve().parent
PACKAGE = HERE / "package.json"
SYNTAXES = HERE / "syntaxes"
CONFIGURATIONS = HERE / "language-configuration"
FIX_ALL = "source.fixAll.decklint"  # the server's code action kind (decklint.server.actions)


def _sibling(name: str) -> Any:
    """A module beside this one (this folder is no package)."""
    spec = importlib.util.spec_from_file_location(f"vscode_{name}", HERE / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    written, sys.dont_write_bytecode = sys.dont_write_bytecode, True  # no __pycache__ here
    try:
        spec.loader.exec_module(module)
    finally:
        sys.dont_write_bytecode = written
    return module


syntaxes = _sibling("syntaxes")


class Language(NamedTuple):
    """A dialect's language in the editor (its id is the registry's: `dialects.language`).

    `lines` is a regular expression for a line that tells a deck of the dialect, written in
    the part of the syntax JavaScript and Python read alike. VS Code tries it, case sensitive,
    on the first line of a file it cannot place by name (`firstLine`); the extension tries it
    without regard to case on each of the first lines of a plain-text document, as decklint's
    content sniffers look at a deck's first lines."""

    alias: str
    lines: str


LANGUAGES: dict[str, Language] = {
    "aix": Language(
        "AIX SNA",
        r"^\s*(no\s+-[oa]\b|(thewall|lowclust|lowmbuf|mb_cl_hiwat|prof_name)\s*="
        r"|[A-Za-z0-9_.$#@]+_(CONNECTION|ATTACHMENT|LOCALLU|TPN|REMOTETPN|CONTROL_POINT)\s*:"
        r"|\[define_(node_config_file|domain_config_file|node|(tr|ethernet|fddi|sdlc|qllc|ip)_(dlc|port|ls)"
        r"|mode|local_lu|partner_lu)\])",
    ),
    "as400": Language(
        "AS/400 CL configuration",
        r"^\s*([A-Z0-9_$#@]+:\s*)?(CRTMODD|CHGMODD|CRTLINTRN|CRTLINETH|CRTLINSDLC|CRTLINX25"
        r"|CRTCTLAPPC|CHGCTLAPPC|CRTDEVAPPC|CHGSYSVAL|CRTCTLHOST|CRTDEVHOST)\b",
    ),
    "bpxprm": Language(
        "z/OS UNIX BPXPRMxx",
        r"^\s*(MAXPROCSYS|MAXPROCUSER|MAXUIDS|MAXFILEPROC|MAXTHREADTASKS|MAXTHREADS|MAXPTYS"
        r"|MAXASSIZE|MAXCPUTIME|MAXMMAPAREA|MAXSHAREPAGES|MAXFILESIZE|MAXCORESIZE|FORKCOPY"
        r"|STEPLIBLIST|SUPERUSER|TTYGROUP|AUTOCVT|KERNELSTACKS|MAXQUEUEDSIGS|USERIDALIASTABLE"
        r"|PRIORITYPG|PRIORITYGOAL|IPC(MSG|SEM|SHM)[A-Z]+|SHRLIBRGNSIZE|SHRLIBMAXPAGES"
        r"|STARTUP_PROC|RESOLVER_PROC|NONEMPTYMOUNTPT|AUTHPGMLIST|SC_EXRTX|SUBFILESYSTYPE"
        r"|FILESYSTYPE\s+TYPE"
        r"|ROOT\s+FILESYSTEM|MOUNT\s+FILESYSTEM|NETWORK\s+DOMAINNAME)\b",
    ),
    "cics": Language(
        "CICS CSD (DFHCSDUP)",
        r"^\s*(DEFINE|DEF|ALTER|ADD|REMOVE|DELETE)\s+(ATOMSERVICE|BUNDLE|CONNECTION|CORBASERVER"
        r"|DB2CONN|DB2ENTRY|DB2TRAN|DJAR|DOCTEMPLATE|ENQMODEL|FILE|GROUP|IPCONN|JOURNALMODEL"
        r"|JVMSERVER|LIBRARY|LSRPOOL|MAPSET|MQCONN|MQMONITOR|PARTITIONSET|PARTNER|PIPELINE"
        r"|PROCESSTYPE|PROFILE|PROGRAM|REQUESTMODEL|SESSIONS|TCPIPSERVICE|TDQUEUE|TERMINAL"
        r"|TRANCLASS|TRANSACTION|TSMODEL|TYPETERM|URIMAP|WEBSERVICE)\s*\(",
    ),
    "cicssit": Language(
        "CICS SIT overrides",
        r"^\s*((APPLID|GRPLIST|SYSIDNT|GRNAME|IRCSTRT|AKPFREQ)=|\S*\s+DFHSIT\s+TYPE=)",
    ),
    "cm2": Language(
        "CM/2 node definitions (NDF)",
        r"^\s*DEFINE_(LOCAL_CP|LOGICAL_LINK|MODE|PARTNER_LU|DEFAULTS|TP)\b",
    ),
    "ezacicd": Language("CICS Sockets EZACICD", r"^\S*\s+EZACICD\s+TYPE="),
    "ivtprm": Language("CSM IVTPRMxx", r"^\s*((FIXED|ECSA)\s+MAX|HVCOMM\b|POOL\b)"),
    "ncp": Language("NCP", r"^\S*\s+((PCCU|BUILD|SYSCNTRL|HOST|GENEND)\s+[A-Z0-9]+=|GENEND\s*$)"),
    "nsdos": Language("NS/DOS", r"^\s*(TRLD|TRMF)\b"),
    "scf": Language(
        "NonStop SCF",
        r"^\s*(\S+\s+)?(ASSUME|INFO|ALTER|ADD|STATUS|START)\s+(PROCESS|LINE|PORT|SUBNET)\b"
        r"|^\s*\S+\s+DETAILED\s+(INFO|STATUS)\b|^\s*\**(DATAFORWARD|QIOMODE|PPID|PRIMARYCPU)",
    ),
    "tcpdata": Language(
        "TCPIP.DATA / FTP.DATA",
        r"^\s*(\S+:\s+)?(TCPIPJOBNAME|DATASETPREFIX|NSINTERADDR|NAMESERVER|RESOLVEVIA"
        r"|RESOLVERTIMEOUT|DOMAINORIGIN|HOSTNAME|CHKPTINT|BLKSIZE|JESLRECL|JESRECFM|FILETYPE"
        r"|CONDDISP|AUTORECALL|GLOBALTCPIPDATA|DEFAULTTCPIPDATA|GLOBALIPNODES|DEFAULTIPNODES)"
        r"(\s+[^\s=]|\s*\(|\s*$)",
    ),
    "tcpip": Language(
        "TCP/IP profile",
        r"^\s*(TCPCONFIG|UDPCONFIG|IPCONFIG|GLOBALCONFIG|BEGINROUTES|ENDROUTES|SOMAXCONN"
        r"|TELNETPARMS|TELNETGLOBALS|BEGINVTAM|VIPADYNAMIC|INTERNALCLIENTPARMS|AUTOLOG"
        r"|ENDAUTOLOG|PRIMARYINTERFACE|ASSORTEDPARMS|ENDOBEY|[A-Z]*POOLSIZE"
        r"|(DEVICE|LINK)\s+\S+\s+(MPCIPA|CLAW|CTC|LCS|IPAQENET|IPAQIDIO|OSD|QDIOETHERNET"
        r"|IBMTR|ETHERNET|ETHEROR802\.3|VIRTUAL|MPCPTP|CDLC|IP)|HOME\s+\d+\.\d+\.\d+\.\d+)\b",
    ),
    "tsm": Language(
        "TSM / ADSM client options",
        r"^\s*(\S+:\s+)?(SERVERNAME|COMMMETHOD|TCPSERVERADDRESS|TCPPORT|TCPWINDOWSIZE"
        r"|TCPBUFFSIZE|PASSWORDACCESS|NODENAME|SCHEDLOGNAME|ERRORLOGNAME)(\s+[^\s=]|\s*\(|\s*$)",
    ),
    "vtam": Language(
        "VTAM (VTAMLST)",
        r"^( {0,8}[A-Z0-9@#$&.]+)?\s+(VBUILD|APPL|MODETAB|MODEENT|MODEEND|COSTAB|COSEND|APPNCOS"
        r"|USSTAB|MDLTAB|MDLENT|CDRSC|CDRM|ADJCDRM|TRLE|LBUILD)\b"
        r"|^\s*(SSCPID|SSCPNAME|HOSTSA|HOSTPU)\s*="
        r"|^\s*[A-Z@#$][A-Z0-9@#$]{0,7}(,\s*[A-Z0-9@#$]{1,8})*,\s*(-|/\*.*\*/)",  # ATCCONxx
    ),
}


def directive(dialect: str) -> str:
    """The in-file directive that names the dialect (decklint reads it in the first lines)."""
    return rf"decklint:\s*dialect\s*=\s*{dialect}\b"


def first_line(dialect: str) -> str:
    return f"{directive(dialect)}|{LANGUAGES[dialect].lines}"


_MEMBER = re.compile(r"[A-Za-z0-9@#$*?]+")  # a glob that can match a member's name


def _wild(text: str) -> bool:
    return any(c in text for c in "*?[")


def associations(globs: tuple[str, ...]) -> dict[str, list[str]]:
    """A dialect's globs as VS Code reads file names (all of them without regard to case):
    a plain name is a file name, `*.suffix` an extension, anything else a pattern. A name
    is also recognised as the member of a data set, `SYS1.VTAMLST(ATCSTR00)`, the way the
    CLI reads a member's name."""
    names: list[str] = []
    extensions: list[str] = []
    patterns: list[str] = []
    for glob in globs:
        if not _wild(glob):
            names.append(glob)
        elif glob.startswith("*.") and not _wild(glob[1:]):
            extensions.append(glob[1:])
            continue
        else:
            patterns.append(glob)
        if _MEMBER.fullmatch(glob):
            patterns.append(f"*({glob})")
    out = {"extensions": extensions, "filenames": names, "filenamePatterns": patterns}
    return {key: value for key, value in out.items() if value}


def contributed() -> list[dict[str, Any]]:
    """`contributes.languages`: in the order decklint tries dialects, so that a tie between
    two dialects' lines goes the way the CLI's sniffing goes."""
    out = []
    for name in dialects.names():
        lang = LANGUAGES[name]
        entry: dict[str, Any] = {"id": dialects.language(name), "aliases": [lang.alias]}
        entry.update(associations(dialects.REGISTRY[name].globs))
        entry["firstLine"] = first_line(name)
        entry["configuration"] = f"./{CONFIGURATIONS.name}/{syntaxes.family(name)}.json"
        out.append(entry)
    return out


def grammars() -> list[dict[str, Any]]:
    """`contributes.grammars`: each language's TextMate grammar."""
    return [
        {
            "language": dialects.language(name),
            "scopeName": syntaxes.scope(name),
            "path": f"./{SYNTAXES.name}/{syntaxes.family(name)}.tmLanguage.json",
        }
        for name in dialects.names()
    ]


def defaults() -> dict[str, Any]:
    """`contributes.configurationDefaults`: rulers where columns matter; no tabs in a card
    deck, where a tab would move every column after it."""
    out: dict[str, Any] = {}
    for name in dialects.names():
        rulers = syntaxes.RULERS.get(name)
        if rulers:
            editor: dict[str, Any] = {"editor.rulers": list(rulers)}
            if len(rulers) > 1:
                editor["editor.insertSpaces"] = True
            out[f"[{dialects.language(name)}]"] = editor
    return out


def code_actions() -> list[dict[str, Any]]:
    return [
        {
            "languages": [dialects.language(name) for name in dialects.names()],
            "actions": [
                {
                    "kind": FIX_ALL,
                    "title": "Apply every safe fix (decklint)",
                    "description": "Applies the safe fixes of decklint's findings, as "
                    "`decklint lint --fix` does",
                }
            ],
        }
    ]


def files() -> dict[Path, str]:
    """The grammar and language configuration files, by path, as they should read."""
    out: dict[Path, str] = {}
    for fam, first in syntaxes.families(dialects.names()).items():
        out[SYNTAXES / f"{fam}.tmLanguage.json"] = render(syntaxes.grammar(fam))
        out[CONFIGURATIONS / f"{fam}.json"] = render(syntaxes.configuration(first))
    return out


def generated() -> dict[str, Any]:
    """The parts of package.json this script owns."""
    ids = [dialects.language(name) for name in dialects.names()]
    return {
        "activationEvents": [f"onLanguage:{i}" for i in ids] + ["onLanguage:plaintext"],
        "languages": contributed(),
        "dialects": {name: dialects.language(name) for name in dialects.names()},
    }


def released() -> str:
    """decklint's latest release: the first version heading of docs/changelog.md."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "changelog.md").read_text()
    found = re.search(r"^## (\d+\.\d+\.\d+)", text, re.MULTILINE)
    if found is None:
        raise SystemExit("docs/changelog.md names no release (## X.Y.Z)")
    return found.group(1)


def updated(manifest: dict[str, Any]) -> dict[str, Any]:
    """The manifest with its generated parts replaced, every other key kept in its place."""
    gen = generated()
    manifest = json.loads(json.dumps(manifest))
    manifest["version"] = released()  # the extension and the server it starts
    manifest["activationEvents"] = gen["activationEvents"]
    contributes = manifest.setdefault("contributes", {})
    contributes["languages"] = gen["languages"]
    contributes["grammars"] = grammars()
    contributes["configurationDefaults"] = defaults()
    contributes["codeActions"] = code_actions()
    manifest.setdefault("decklint", {})["dialects"] = gen["dialects"]
    return manifest


def render(manifest: dict[str, Any]) -> str:
    """package.json's text as npm writes it."""
    return json.dumps(manifest, indent=2, ensure_ascii=False) + "\n"


def problems() -> list[str]:
    """What is wrong with the table itself: a dialect without a language, a language without
    a dialect, a language id used twice or that is another dialect's name, or a line pattern
    Python cannot read."""
    out = []
    known = set(dialects.names())
    out += [f"dialect {d} has no language" for d in sorted(known - set(LANGUAGES))]
    out += [f"language for unknown dialect {d}" for d in sorted(set(LANGUAGES) - known)]
    ids = [dialects.language(name) for name in dialects.names()]
    out += [f"language id {i} is used twice" for i in sorted({i for i in ids if ids.count(i) > 1})]
    out += [  # the server takes a dialect's name for that dialect, whatever language has it
        f"language id {dialects.language(d)} of {d} is another dialect's name"
        for d in dialects.names()
        if dialects.language(d) in known - {d}
    ]
    for name in sorted(known & set(LANGUAGES)):
        try:
            re.compile(first_line(name))
        except re.error as exc:
            out.append(f"{name}: firstLine is not a regular expression: {exc}")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--write", action="store_true", help="write the block into package.json")
    group.add_argument("--check", action="store_true", help="exit 1 if package.json is stale")
    args = parser.parse_args(argv)
    wrong = problems()
    if wrong:
        print("\n".join(wrong), file=sys.stderr)
        return 1
    text = PACKAGE.read_text(encoding="utf-8")
    wanted = {PACKAGE: render(updated(json.loads(text))), **files()}
    stale = sorted(
        path for path, new in wanted.items() if not path.is_file() or path.read_text() != new
    )
    if args.write:
        for path in stale:
            path.parent.mkdir(exist_ok=True)
            path.write_text(wanted[path], encoding="utf-8")
        return 0
    if args.check:
        if stale:
            names = ", ".join(str(p.relative_to(HERE)) for p in stale)
            print(f"out of step: {names}: run {Path(__file__).name} --write")
            return 1
        return 0
    print(render(generated()), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
