"""The rule reference (docs/rules.md), rendered from the manifests."""

from __future__ import annotations

from collections.abc import Iterable

from decklint.lint.manifest import Example, Manifest

PRODUCTS = {
    "SNA": "SNA, any product",
    "VTM": "VTAM",
    "NCP": "NCP",
    "CIC": "CICS",
    "CM2": "OS/2 Communications Manager/2",
    "NSD": "Networking Services/DOS",
    "AIX": "SNA Services/6000 (AIX)",
    "AS4": "AS/400",
    "TCP": "z/OS TCP/IP",
    "BPX": "z/OS UNIX (BPXPRMxx)",
    "VMT": "VM TCP/IP",
    "MP3": "Multiprise 3000 Integrated LAN Adapter",
    "NSK": "NonStop",
    "TSM": "ADSM / TSM client options",
    "JCL": "Jobs that carry decks (JCL, IEBUPDTE, assembler steps)",
    "REL": "Releases: what an upgrade removes, deprecates or changes",
    "PRS": "Parsing and references, every dialect",
    "SUP": "Suppressions and baselines",
}


# What decides a rule's findings (`decided-by`), where it is more than the whole network:
# what a user sees in the editor before the whole network is linted.
DECIDED = {
    "file": "Decided by the deck alone: the editor shows it as soon as the deck is opened.",
    "part": "Decided by the decks it names: a lint of some of the decks never gives a finding "
    "of it that the whole network does not give.",
}


def example_files(ex: Example) -> dict[str, str]:
    """An example's files as a reader would write them: with the configuration it runs under
    (`.decklint.yaml`), where it has one, so that it gives what it says it gives."""
    if not ex.config:
        return dict(ex.files)
    import yaml

    return {".decklint.yaml": yaml.safe_dump(ex.config, sort_keys=False), **ex.files}


def _graded(m: Manifest) -> str:
    return "/".join(s.label for s in m.reports)


def _fence(text: str) -> list[str]:
    return ["```", *text.rstrip("\n").splitlines(), "```"]


def render(manifests: Iterable[Manifest]) -> str:
    ms = sorted(manifests, key=lambda m: m.code)
    out = [
        "# decklint rules",
        "",
        "Generated from the manifests in `rules/` (`decklint rules --format markdown`); a test",
        "keeps this file in step with them. `decklint explain CODE` shows the same text.",
        "",
    ]
    for prefix, title in PRODUCTS.items():
        group = [m for m in ms if m.prefix == prefix]
        if not group:
            continue
        out += [f"## {title}", "", "| code | name | severity | summary |", "|---|---|---|---|"]
        out += [
            f"| [{m.code}](#{m.code.lower()}) | {m.name} | {_graded(m)} | "
            f"{m.summary.replace('|', '/')} |"
            for m in group
        ]
        out.append("")
        for m in group:
            out += [
                f"### {m.code}",
                "",
                f"**{m.name}** ({m.graded}"
                + (f"; dialects: {', '.join(m.dialects)}" if m.dialects else "")
                + ")",
                "",
                m.summary,
                "",
                *(
                    [*(f"- {s.label}: {when}" for s, when in m.severities), ""]
                    if m.severities
                    else []
                ),
                m.rationale,
                "",
                f"Source: {m.cited}",
                "",
            ]
            if m.decided_by in DECIDED:
                out += [DECIDED[m.decided_by], ""]
            if m.options:
                out += ["Options:", ""]
                out += [
                    f"- `{o.name}` ({o.type}, default `{o.default!r}`): {o.doc}"
                    for o in m.options.values()
                ]
                out.append("")
            for ex in m.examples:
                out += ["Fails:" if ex.expect_fail else "Passes:", ""]
                for name, body in example_files(ex).items():
                    out += [f"`{name}`", "", *_fence(body), ""]
    return "\n".join(out).rstrip("\n") + "\n"
