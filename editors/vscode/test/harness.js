// Runs the built extension under plain node with a stand-in for the `vscode` module, for
// tests/test_vscode_extension.py: activates it with the documents given on stdin, waits, and
// prints what it did as JSON (languages set, error messages shown, what went to its output, the
// codes of the diagnostics the server published, by URI).
//
//     node test/harness.js EXTENSION_FOLDER DECKLINT_PATH [MILLISECONDS] < documents.json
//
// DECKLINT_PATH is the decklint.path setting ("" for none). In the environment:
// HARNESS_UNTRUSTED=1: the workspace is not trusted;
// HARNESS_FOLDERS='["/abs/folder"]': the workspace folders (none by default);
// HARNESS_SETTINGS='{"debounce": 300}': more decklint.* settings;
// HARNESS_CHANGE='{"when": "text", "settings": {...}}': once the extension's output holds the
//   text, the settings change (and VS Code's onDidChangeConfiguration fires);
// HARNESS_PYTHON='{"interpreter": "/abs/python"}' (or '{"execCommand": [...]}' for the older
//   API): the Python extension is installed and has selected that environment.
//
// It stops at the first error message shown, at the first diagnostics, or after MILLISECONDS
// (20000).
//
// documents.json: [{"uri": "zowe-ds:/lpar/SYS1.VTAMLST/APPLS01", "languageId": "plaintext",
// "text": "..."}]. Only what the extension and the language client touch is stood in for;
// anything else is a no-op.
"use strict";

const Module = require("module");
const path = require("path");

const [folder, decklintPath, wait] = process.argv.slice(2);
const documents = JSON.parse(require("fs").readFileSync(0, "utf8"));
const report = { languages: [], errors: [], infos: [], output: "", diagnostics: {} };

function inert(name) {
  const f = function () {
    return inert(`${name}()`);
  };
  return new Proxy(f, {
    get: (_t, p) => {
      if (p === "then") {
        return undefined; // not a promise
      }
      return p === "dispose" ? () => undefined : inert(`${name}.${String(p)}`);
    },
    construct: () => inert(`new ${name}`),
  });
}

function uri(text) {
  const scheme = text.slice(0, text.indexOf(":"));
  const rest = text.slice(scheme.length + 1);
  const file = scheme === "file" ? decodeURIComponent(rest.replace(/^\/\/[^/]*/, "")) : undefined;
  return { scheme, path: file ?? rest, fsPath: file ?? text, toString: () => text };
}

function document(d) {
  const lines = d.text.split(/\r?\n/);
  return {
    uri: uri(d.uri),
    languageId: d.languageId,
    version: 1,
    isClosed: false,
    lineCount: lines.length,
    lineAt: (i) => ({ text: lines[i] }),
    getText: () => d.text,
  };
}

const listeners = {};
const settings = {
  path: decklintPath,
  args: [],
  detectByContent: true,
  ...JSON.parse(process.env.HARNESS_SETTINGS || "{}"),
};
const folders = JSON.parse(process.env.HARNESS_FOLDERS || "null");
const change = JSON.parse(process.env.HARNESS_CHANGE || "null");
const python = JSON.parse(process.env.HARNESS_PYTHON || "null");
report.python = 0; // how many times the Python extension's environment was asked for

// The Python extension's API, as ms-python.python exports it.
function pythonExtension() {
  const file = (f) => (f ? uri(`file://${f}`) : undefined);
  const api = {
    ready: Promise.resolve(),
    environments: python.interpreter !== undefined
      ? {
          getActiveEnvironmentPath: () => {
            report.python++;
            return { id: "active", path: python.interpreter };
          },
          resolveEnvironment: async (env) => ({ executable: { uri: file(env.path) } }),
          onDidChangeActiveEnvironmentPath: () => ({ dispose: () => undefined }),
        }
      : undefined,
    settings: {
      getExecutionDetails: () => {
        report.python++;
        return { execCommand: python.execCommand };
      },
    },
  };
  return { id: "ms-python.python", isActive: false, exports: undefined, activate: async () => api };
}
const open = documents.map(document);
const events = (area) =>
  new Proxy(
    {},
    {
      get: (_t, name) =>
        String(name).startsWith("onDid")
          ? (fn) => {
              (listeners[name] = listeners[name] || []).push(fn);
              return { dispose: () => undefined };
            }
          : name in area
            ? area[name]
            : inert(String(name)),
    },
  );

class Diagnostic {
  constructor(range, message, severity) {
    Object.assign(this, { range, message, severity });
  }
}

class CancellationTokenSource {
  constructor() {
    const never = () => ({ dispose() {} });
    this.token = { isCancellationRequested: false, onCancellationRequested: never };
  }
  cancel() {
    this.token.isCancellationRequested = true;
  }
  dispose() {}
}

const vscode = {
  version: "1.82.0",
  Diagnostic,
  CancellationTokenSource,
  env: { appName: "harness", language: "en", machineId: "m", sessionId: "s", uiKind: 1 },
  Uri: { parse: uri, file: (f) => uri(`file://${f}`) },
  workspace: events({
    isTrusted: process.env.HARNESS_UNTRUSTED !== "1",
    textDocuments: open,
    workspaceFolders: folders
      ? folders.map((f, index) => ({ uri: uri(`file://${f}`), name: f, index }))
      : undefined,
    getConfiguration: (section) => ({
      get: (key, fallback) => {
        if (section === undefined && key === "decklint") {
          return { ...settings }; // the whole section, as the language client asks for it
        }
        return section === "decklint" && key in settings ? settings[key] : fallback;
      },
      has: () => false,
      inspect: () => undefined,
      update: async () => undefined,
    }),
    createFileSystemWatcher: () => events({ dispose: () => undefined }),
  }),
  window: events({
    showErrorMessage: async (message) => {
      report.errors.push(message);
      return undefined;
    },
    showInformationMessage: async (message) => {
      report.infos.push(message);
      return undefined;
    },
    createOutputChannel: (name) => ({
      name,
      append: (v) => (report.output += v),
      appendLine: (v) => (report.output += `${v}\n`),
      replace: () => undefined,
      clear: () => undefined,
      show: () => undefined,
      hide: () => undefined,
      dispose: () => undefined,
    }),
  }),
  languages: events({
    match: (selector, doc) =>
      [].concat(selector).some((s) => s.scheme === doc.uri.scheme && s.language === doc.languageId)
        ? 10
        : 0,
    createDiagnosticCollection: (name) => ({
      name,
      set: (target, diagnostics) => {
        if (diagnostics !== undefined) {
          report.diagnostics[String(target)] = diagnostics.map((d) =>
            d.code && typeof d.code === "object" ? d.code.value : d.code,
          );
        }
      },
      delete: () => undefined,
      clear: () => undefined,
      forEach: () => undefined,
      get: () => undefined,
      has: () => false,
      dispose: () => undefined,
    }),
    setTextDocumentLanguage: async (doc, id) => {
      report.languages.push([doc.uri.toString(), id]);
      return doc;
    },
  }),
  commands: events({
    registerCommand: () => ({ dispose: () => undefined }),
    executeCommand: async () => undefined,
  }),
  extensions: events({
    getExtension: (id) => (id === "ms-python.python" && python ? pythonExtension() : undefined),
    all: [],
  }),
};
const stand = new Proxy(vscode, { get: (t, p) => (p in t ? t[p] : inert(String(p))) });

const load = Module._load;
Module._load = function (request, ...rest) {
  return request === "vscode" ? stand : load.call(this, request, ...rest);
};
process.on("unhandledRejection", () => undefined); // the client's own, when a server dies early

const manifest = require(path.join(folder, "package.json"));
const extension = require(path.join(folder, manifest.main));
extension.activate({ extension: { packageJSON: manifest }, subscriptions: [] });

const deadline = Date.now() + Number(wait || 20000);
let changed = false;
(function poll() {
  if (change && !changed && report.output.includes(change.when)) {
    changed = true;
    Object.assign(settings, change.settings);
    const keys = Object.keys(change.settings).map((k) => `decklint.${k}`);
    const event = {
      affectsConfiguration: (s) => keys.some((k) => k === s || k.startsWith(`${s}.`)),
    };
    (listeners.onDidChangeConfiguration || []).forEach((fn) => fn(event));
  }
  const published = Object.values(report.diagnostics).some((d) => d.length);
  if (report.errors.length || published || Date.now() > deadline) {
    process.stdout.write(JSON.stringify(report));
    process.exit(0);
  }
  setTimeout(poll, 50);
})();
