"""The passes of the card reader that a clean deck skips, and the one switch that runs them all.

Most decks are clean: no markup or Unicode blanks, no macro or conditional assembly, no
remark that reads as operands. Each pass for such content is guarded, in the pass itself, by
a cheap look at the text that says whether the deck may hold it; the look is conservative (a
deck that holds such content always runs the pass, and the pass finds nothing and changes
nothing where there is none), so skipping changes no result, only the time:

* damage repair (`damage.needs_cleaning`: no `<`, `&` or non-ASCII blank in the text): no
  markup cleaned from each card, the deck read card by card without the laid-out reading,
  its indentation measured on the text as it is (`cards.read_assembler`, `damage.indentation`);
* moved continuation marks (`cards.read_assembler`): the census of mark columns is taken only
  when a mark was found standing outside column 72;
* conditional assembly and macro expansion (`assembler.conditional.assemble`: no `&` and no
  MACRO, SETx, AIF, AGO, COPY, ... as an operation): the units are emitted as they are;
* operands lost to a remark (`lost_operands.lost`: no `=` in a statement's remarks);
* the content sniffers of another product's patterns (`base.may_hold`, `base.may_start`):
  a pattern that cannot match without a word of its own, or without a line that starts with
  one, is not tried on a file that holds none (tests/test_detect_guards.py: every sniffer's
  score of every fixture, rule case and corpus file, both ways);
* the assembler's classification is one set lookup per statement (`assembler.reader.classify`):
  a product statement is parsed by the dialect's grammar at once.

`ALWAYS` makes every guard say "run it". It is a switch for the tests (`tests/test_skips.py`
runs every fixture, golden input and corpus deck both ways and requires the same statements,
diagnostics and findings), not an option for users. What each stage costs is measured by
`benchmarks/stages.py` (docs/performance.md).
"""

from __future__ import annotations

ALWAYS = False
