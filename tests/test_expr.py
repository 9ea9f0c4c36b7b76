"""The rule expression language: compiles against declared fields, null-aware, never eval."""

from __future__ import annotations

import pytest

from decklint.core.entities import Attr, Entity
from decklint.core.source import Span
from decklint.lint.expr import ExprError, compile_expr, render

FIELDS = {"name", "ru_max", "bulk", "cos", "pacing_min"}


def ent(**attrs: object) -> Entity:
    return Entity(
        "mode",
        "M",
        "p",
        "vtam",
        Span(1, 1, 1, 2),
        "n",
        {k: Attr(v, str(v), Span(1, 1, 1, 2)) for k, v in attrs.items()},
    )


def ev(src: str, opts: dict[str, object] | None = None, **attrs: object) -> object:
    fn = compile_expr(src, FIELDS, set(opts or {}))
    return fn({"entity": ent(**attrs), "opt": opts or {}})


def test_arithmetic_comparison_and_logic() -> None:
    assert ev("ru_max * 2 >= 8192 and bulk", ru_max=4096, bulk=True) is True
    assert ev("not bulk or ru_max < 10", ru_max=4096, bulk=True) is False
    assert ev("ru_max % 1000 == 96", ru_max=4096) is True
    assert ev("-ru_max + 1 < 0", ru_max=5) is True


def test_null_is_unknown_not_false() -> None:
    assert ev("ru_max >= 4096", ru_max=None) is None
    assert ev("ru_max >= 4096 and false", ru_max=None) is False
    assert ev("ru_max >= 4096 or true", ru_max=None) is True
    assert ev("coalesce(ru_max, 0) >= 4096", ru_max=None) is False
    assert ev("defined(ru_max)", ru_max=None) is False


def test_functions_lists_and_membership() -> None:
    assert ev("cos in ['#BATCH', '#BATCHSC']", cos="#BATCH") is True
    assert ev("cos not in opt.hi", {"hi": ["#INTER"]}, cos="#INTER") is False
    assert ev("matches(name, '#[A-Z]+')", name="#BATCH") is True
    assert ev("len(upper(name)) == 6 and lower(name) == '#batch'", name="#BATCH") is True
    assert ev("min(ru_max, 30720) == 30720 and max(1, 2) == 2", ru_max=65536) is True
    assert ev("ceil(ru_max / 4000) == 2", ru_max=4060) is True
    assert ev("coded('ru_max')", ru_max=1) is True


def test_unknown_names_fail_at_compile_time() -> None:
    with pytest.raises(ExprError, match="unknown field 'rux'"):
        compile_expr("rux > 1", FIELDS, set())
    with pytest.raises(ExprError, match="unknown option"):
        compile_expr("opt.nope > 1", FIELDS, set())
    with pytest.raises(ExprError, match="unknown function 'eval'"):
        compile_expr("eval('1')", FIELDS, set())
    with pytest.raises(ExprError, match="does not parse"):
        compile_expr("ru_max >", FIELDS, set())
    with pytest.raises(ExprError):
        compile_expr("name.__class__", FIELDS, set())


def test_templates_never_format_user_data() -> None:
    values = {"a": "{b}", "b": "secret", "n": 4096.0, "t": (1, None, 2)}
    assert (
        render("x={a} n={n} t={t} m={missing}", values.get) == "x={b} n=4096 t=(1,,2) m=not coded"
    )
    assert render("{a.__class__}", values.get) == "not coded"
