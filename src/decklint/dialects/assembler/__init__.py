"""The assembler layer beneath the macro dialects (VTAM, NCP, mode, USS, COS and interpret
tables, EZACICD): High Level Assembler source read as the assembler reads it.

* `conditional`: conditional assembly over one file: MACRO ... MEND definitions, the
  expansion of the macros a file defines, open-code SET symbols and branches;
* `expressions`: SETA, SETB and SETC expressions;
* `instructions`: which operations are assembler instructions, machine instructions or
  known system macros (the HLASM catalog, `grammars/catalogs/hlasm.yaml`);
* `dc`: the operands of DC and DS (types, duplication factors, modifiers, constants).
"""
