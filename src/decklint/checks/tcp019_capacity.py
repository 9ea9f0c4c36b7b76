"""TCP019 checks that the planned FTP and TN3270 load fits the CPU of the processors."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check


@check("TCP019")
def capacity(ctx: Context) -> Iterator[Hit]:
    cap = float(ctx.options["max-utilisation"])
    for n in ctx.topo.of("declared_node"):
        parts: list[tuple[str, float]] = []
        kb, per_kb = n.value("ftp_kb_per_second"), n.value("ftp_cpu_per_kb")
        if isinstance(kb, (int, float)) and isinstance(per_kb, (int, float)):
            parts.append((f"FTP {kb:g} KB/s x {per_kb:g} CPU s/KB", kb * per_kb))
        users = n.value("tn3270_users")
        rate = n.value("tn3270_transactions_per_minute")
        per_tran = n.value("tn3270_cpu_per_transaction")
        if all(isinstance(x, (int, float)) for x in (users, rate, per_tran)):
            parts.append(
                (
                    f"TN3270 {rate:g} tr/min x {users} users x {per_tran:g} CPU s/tr / 60",
                    rate * users * per_tran / 60,
                )
            )
        if not parts:
            continue
        ratio = sum(x for _w, x in parts)
        procs = n.value("processors")
        how = " + ".join(w for w, _x in parts)
        if isinstance(procs, int):
            util = ratio / procs * 100
            if util <= cap:
                continue  # the declared processors carry it
            what = (
                f"planned load {how} = {ratio:.3f} CPU s per elapsed s, {util:.1f}% of "
                f"{procs} processor{'s' if procs > 1 else ''}"
                + ("; it needs more than one processor" if ratio > 1 else "")
            )
            if util > cap:
                what += f" (above {cap:g}%)"
        else:
            if ratio <= 1:
                continue
            what = (
                f"planned load {how} = {ratio:.3f} CPU s per elapsed s: more than one "
                "processor (declare processors: to see the utilisation)"
            )
        first = "ftp_kb_per_second" if n.coded("ftp_kb_per_second") else "tn3270_users"
        yield Hit(
            n.path, n.anchor(first), {"node": n.name, "what": what}, subject=n.id, dialect="config"
        )
