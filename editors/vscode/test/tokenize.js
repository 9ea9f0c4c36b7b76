// Tokenizes documents with the extension's TextMate grammars as VS Code does (vscode-textmate
// over the Oniguruma regular expressions of vscode-oniguruma), for tests/test_vscode_extension.py.
//
//     node test/tokenize.js FOLDER < request.json
//
// FOLDER holds node_modules with vscode-textmate and vscode-oniguruma (the extension's
// development packages). request.json: {"grammars": {"source.decklint.cards": "syntaxes/
// cards.tmLanguage.json", ...}, "documents": [{"scope": "source.decklint.cards", "text":
// "..."}]}. Prints, for each document, its lines' tokens: [[start, end, [scope, ...]], ...].
"use strict";

const fs = require("fs");
const path = require("path");

const folder = process.argv[2];
const need = (name) => require(require.resolve(name, { paths: [folder] }));
const textmate = need("vscode-textmate");
const oniguruma = need("vscode-oniguruma");

async function main() {
  const request = JSON.parse(fs.readFileSync(0, "utf8"));
  const wasm = path.join(path.dirname(require.resolve("vscode-oniguruma", { paths: [folder] })), "onig.wasm");
  await oniguruma.loadWASM(fs.readFileSync(wasm).buffer);
  const registry = new textmate.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
      createOnigString: (text) => new oniguruma.OnigString(text),
    }),
    loadGrammar: async (scope) => {
      const file = request.grammars[scope];
      return file ? textmate.parseRawGrammar(fs.readFileSync(file, "utf8"), file) : null;
    },
  });
  const out = [];
  for (const doc of request.documents) {
    const grammar = await registry.loadGrammar(doc.scope);
    if (!grammar) {
      throw new Error(`no grammar for ${doc.scope}`);
    }
    let state = textmate.INITIAL;
    const lines = [];
    for (const line of doc.text.split(/\r?\n/)) {
      const result = grammar.tokenizeLine(line, state, 5000);
      if (result.stoppedEarly) {
        throw new Error(`tokenizing took too long: ${JSON.stringify(line)}`);
      }
      lines.push(result.tokens.map((t) => [t.startIndex, Math.min(t.endIndex, line.length), t.scopes]));
      state = result.ruleStack;
    }
    out.push(lines);
  }
  process.stdout.write(JSON.stringify(out));
}

main().catch((error) => {
  process.stderr.write(`${error.stack || error}\n`);
  process.exit(1);
});
