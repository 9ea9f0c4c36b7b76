"""The assembler layer beneath the macro dialects (VTAM, NCP, mode, USS, COS and interpret
tables, EZACICD): High Level Assembler source read as the assembler reads it.

* `reader`: a macro dialect's deck read into IR statements, each classified by its operation
  (the product's statement, parsed by the dialect's grammar; an assembler, machine or
  conditional assembly instruction; a known system macro);
* `conditional`: conditional assembly over one file: MACRO ... MEND definitions, the
  expansion of the macros a file defines, open-code SET symbols and branches (`assemble`,
  the entry point; its docstring is the contract). Beneath it:
  * `results`: what `assemble` returns (`Emitted`, `MacroInfo`, `Assembled`) and `Limits`;
  * `opencode`: the file's open code, in the assembler's order;
  * `expansion`: macro calls: binding operands, running a body, nested calls, the limits;
  * `definitions`: reading MACRO ... MEND (prototype, body, sequence symbols);
  * `statements`: reading one conditional assembly instruction's operand;
  * `substitution`: variable symbols substituted in model and open-code statements;
  * `symbols`: SET symbols, macro operands and sublists, system variable symbols;
  * `text`: character values with the places their characters were written, and the
    `SourceMap` of a generated statement;
  * `syntax`: fields, symbols, quotes, parentheses, self-defining terms, the two exceptions;
* `expressions`: SETA, SETB and SETC expressions read into a tree; `evaluation` evaluates
  them; `functions`: the built-in functions;
* `instructions`: which operations are assembler instructions, machine instructions or
  known system macros (the HLASM catalog, `grammars/catalogs/hlasm.yaml`);
* `dc`: the operands of DC and DS (types, duplication factors, modifiers, constants).
"""
