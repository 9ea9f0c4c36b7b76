// The decklint extension: starts `decklint server` (over stdio) for the deck languages that the
// manifest declares, on files, untitled editors and Zowe Explorer data set members and USS
// files, and gives a plain-text document that reads as a deck its deck language. decklint is
// decklint.path if set, else the decklint of the Python environment the Python extension has
// selected, else `decklint` on the PATH; the server's settings (decklint.baseline, .debounce,
// .wholeDelay) go to it as initialization options and with every change.

import { ChildProcessWithoutNullStreams, spawn } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { Writable } from "stream";
import * as vscode from "vscode";
import {
  CloseAction,
  ErrorHandler,
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  StreamInfo,
} from "vscode-languageclient/node";
import { BOOT, hasServer, interpreter, onEnvironmentChange, pythonApi } from "./python";
import { DeckLanguage, Sniffer, SNIFF_LINES } from "./sniff";

// The part of package.json this code reads: languages.py writes `languages` and `dialects`.
interface Manifest {
  contributes: { languages: DeckLanguage[] };
  decklint: {
    serverArgs: string[];
    install: string;
    schemes: string[];
    dialects: Record<string, string>;
  };
}

// How the server is started: `program` with `args` (undefined: not found, as `shown`), and
// what to tell the user it is.
interface Launch {
  program: string | undefined;
  command: string; // as the user wrote it, or the interpreter
  args: string[];
  shown: string;
  python?: string; // the Python extension's interpreter, when it was asked and not used
}

// The settings the server reads (decklint.server.app's `_settings`), under its names.
export function serverSettings(config: { get<T>(key: string, fallback: T): T }): object {
  return {
    baseline: config.get<string>("baseline", ""),
    debounce: config.get<number>("debounce", 150),
    wholeDelay: config.get<number>("wholeDelay", 1000),
  };
}

let extension: Extension | undefined;

export function activate(context: vscode.ExtensionContext): void {
  extension = new Extension(context.extension.packageJSON as Manifest);
  context.subscriptions.push(extension);
}

export function deactivate(): Promise<void> | undefined {
  return extension?.stop();
}

// A LanguageClient that keeps quiet while it starts: when `decklint server` cannot start, the
// extension says why in one message of its own instead of the client's generic ones.
class DecklintClient extends LanguageClient {
  starting = true;
  // what the client does by default once the server has started: restart it after a crash,
  // up to 4 times in 3 minutes
  readonly running: ErrorHandler = this.createDefaultErrorHandler(4);

  override error(message: string, data?: unknown, notify: boolean | "force" = true): void {
    super.error(message, data, this.starting ? false : notify);
  }
}

class Extension implements vscode.Disposable {
  private readonly languages: Set<string>;
  private readonly sniffer: Sniffer;
  private readonly output: vscode.OutputChannel;
  private readonly configFiles: vscode.FileSystemWatcher;
  private readonly disposables: vscode.Disposable[] = [];
  // documents that had a deck language or were sniffed once, by URI: never sniffed again, so
  // that choosing Plain Text for one sticks
  private readonly decided = new Set<string>();
  private readonly pending = new Map<string, NodeJS.Timeout>();
  private client: DecklintClient | undefined;
  private server: ChildProcessWithoutNullStreams | undefined;
  private stderr = ""; // the end of what the server last started wrote to stderr
  private starting: Promise<void> | undefined;
  private failed = false; // until the restart command or a change of decklint.path or .args
  private launches = 0; // counts starts and stops: a start that a stop overtook gives up
  private pythonWatch: vscode.Disposable | undefined;

  constructor(private readonly manifest: Manifest) {
    const languages = manifest.contributes.languages;
    this.languages = new Set(languages.map((lang) => lang.id));
    this.sniffer = new Sniffer(languages, manifest.decklint.dialects);
    this.output = vscode.window.createOutputChannel("decklint");
    this.configFiles = vscode.workspace.createFileSystemWatcher(
      "**/{.decklint.yaml,.decklint.yml,pyproject.toml}",
    );
    this.disposables.push(
      this.output,
      this.configFiles,
      vscode.commands.registerCommand("decklint.restartServer", () => this.restart()),
      // trusted now: the server starts again with the workspace's configuration in full
      vscode.workspace.onDidGrantWorkspaceTrust(() => {
        if (this.client || this.failed) {
          void this.restart();
        }
      }),
      vscode.workspace.onDidOpenTextDocument((doc) => this.opened(doc)),
      vscode.workspace.onDidChangeTextDocument((event) => this.changed(event.document)),
      vscode.workspace.onDidChangeConfiguration((event) => {
        const server = ["decklint.path", "decklint.args"];
        if ((this.client || this.failed) && server.some((s) => event.affectsConfiguration(s))) {
          void this.restart();
        }
      }),
    );
    vscode.workspace.textDocuments.forEach((doc) => this.opened(doc));
  }

  private opened(doc: vscode.TextDocument): void {
    if (!this.manifest.decklint.schemes.includes(doc.uri.scheme)) {
      return;
    }
    if (this.languages.has(doc.languageId)) {
      this.decided.add(doc.uri.toString());
      void this.start();
    } else if (doc.languageId === "plaintext") {
      void this.sniff(doc);
    }
  }

  // An untitled editor is sniffed again as it is typed or pasted into, until it reads as a deck.
  private changed(doc: vscode.TextDocument): void {
    const key = doc.uri.toString();
    if (doc.uri.scheme !== "untitled" || doc.languageId !== "plaintext" || this.decided.has(key)) {
      return;
    }
    clearTimeout(this.pending.get(key));
    const timer = setTimeout(() => {
      this.pending.delete(key);
      void this.sniff(doc);
    }, 500);
    this.pending.set(key, timer);
  }

  private async sniff(doc: vscode.TextDocument): Promise<void> {
    const key = doc.uri.toString();
    const config = vscode.workspace.getConfiguration("decklint", doc.uri);
    if (this.decided.has(key) || doc.isClosed || !config.get<boolean>("detectByContent", true)) {
      return;
    }
    const lines: string[] = [];
    for (let i = 0; i < Math.min(doc.lineCount, SNIFF_LINES); i++) {
      lines.push(doc.lineAt(i).text);
    }
    const id = this.sniffer.languageOf(lines);
    if (id !== undefined || doc.uri.scheme !== "untitled") {
      this.decided.add(key);
    }
    if (id !== undefined) {
      await vscode.languages.setTextDocumentLanguage(doc, id); // reopens it: see opened()
    }
  }

  private serverArgs(): string[] {
    const config = vscode.workspace.getConfiguration("decklint");
    const args = [...this.manifest.decklint.serverArgs];
    if (!vscode.workspace.isTrusted) {
      args.push("--untrusted"); // its decks only: no site rules, extends or rule-paths
    }
    return [...args, ...config.get<string[]>("args", [])];
  }

  // decklint.path if set (from the user's settings in an untrusted workspace), else the
  // decklint of the Python extension's environment (not one inside an untrusted workspace:
  // that would run the workspace's code), else `decklint` on the PATH.
  private async launch(): Promise<Launch> {
    const folder = vscode.workspace.workspaceFolders?.find((f) => f.uri.scheme === "file");
    const args = this.serverArgs();
    const configured = vscode.workspace.getConfiguration("decklint").get<string>("path")?.trim();
    const onPath = (command: string, python?: string): Launch => ({
      program: executable(command, workspacePaths(), folder?.uri.fsPath),
      command,
      args,
      shown: `"${[command, ...args].join(" ")}"`,
      python,
    });
    if (configured) {
      return onPath(configured);
    }
    const api = await pythonApi();
    if (api === undefined) {
      return onPath("decklint");
    }
    this.pythonWatch ??= onEnvironmentChange(api, () => {
      const path = vscode.workspace.getConfiguration("decklint").get<string>("path")?.trim();
      if (!path && (this.client || this.failed)) {
        void this.restart();
      }
    });
    const found = await interpreter(api, folder?.uri);
    const python = found && executable(found, workspacePaths(), folder?.uri.fsPath);
    if (!python) {
      return onPath("decklint");
    }
    if (!vscode.workspace.isTrusted && workspacePaths().some((w) => inside(python, w))) {
      this.output.appendLine(
        `decklint: the Python environment ${python} is inside the workspace, which is not ` +
          "trusted: decklint on the PATH is used instead.",
      );
      return onPath("decklint");
    }
    if (!(await hasServer(python))) {
      this.output.appendLine(
        `decklint: the Python environment ${python} has no decklint with its server extra: ` +
          "decklint on the PATH is used instead.",
      );
      return onPath("decklint", python);
    }
    return {
      program: python,
      command: python,
      args: ["-c", BOOT, ...args],
      shown: `decklint ${args.join(" ")} in the Python environment ${python}`,
    };
  }

  // In an untrusted workspace the server reads its decks only; said once per session.
  private toldUntrusted = false;

  private tellUntrusted(): void {
    if (vscode.workspace.isTrusted || this.toldUntrusted) {
      return;
    }
    this.toldUntrusted = true;
    const message =
      "decklint: this workspace is not trusted, so decklint lints its decks only: its site " +
      "rules and the extends and rule-paths of its configuration are not used. Trust the " +
      "workspace to use them.";
    this.output.appendLine(message);
    void vscode.window.showInformationMessage(message);
  }

  private start(): Promise<void> {
    if (this.starting || this.failed) {
      return this.starting ?? Promise.resolve();
    }
    this.starting = this.run(++this.launches);
    return this.starting;
  }

  private async run(launches: number): Promise<void> {
    this.tellUntrusted();
    const launch = await this.launch();
    if (launches !== this.launches) {
      return; // stopped meanwhile
    }
    const serverOptions: ServerOptions = () => this.spawn(launch);
    const errorHandler: ErrorHandler = {
      error: (error, message, count) => client.running.error(error, message, count),
      // a server that stops before it has started is not started again: it would stop again
      closed: () =>
        client.starting
          ? { action: CloseAction.DoNotRestart, handled: true }
          : client.running.closed(),
    };
    const clientOptions: LanguageClientOptions = {
      // the server is sent each document's text, so a Zowe member needs no file on disk
      documentSelector: this.manifest.decklint.schemes.flatMap((scheme) =>
        [...this.languages].map((language) => ({ scheme, language })),
      ),
      outputChannel: this.output,
      errorHandler,
      initializationFailedHandler: () => false, // stop, and cannotStart() says why
      // the server's settings when it starts, then with each change (didChangeConfiguration),
      // and as the answer to workspace/configuration
      initializationOptions: () => serverSettings(vscode.workspace.getConfiguration("decklint")),
      synchronize: { fileEvents: this.configFiles, configurationSection: "decklint" },
    };
    const client = new DecklintClient("decklint", "decklint", serverOptions, clientOptions);
    this.client = client;
    // start() also resolves when the server exits before it has answered `initialize`
    await client.start().then(
      () => {
        client.starting = false;
        return client.isRunning() ? undefined : this.cannotStart(client, launch, "it exited");
      },
      (reason: unknown) => this.cannotStart(client, launch, reason),
    );
  }

  private async cannotStart(client: DecklintClient, launch: Launch, why: unknown): Promise<void> {
    if (this.client !== client) {
      return; // stopped while it started: restarted, or VS Code is closing
    }
    this.failed = true;
    await new Promise((resolve) => setTimeout(resolve, 300)); // the last of the server's stderr
    const text = why instanceof Error ? why.message : String(why);
    const install = this.manifest.decklint.install;
    const missing = /ENOENT/.test(text);
    const said = this.stderr.split(/\r?\n/).filter((l) => l.trim());
    const last = (said.length ? said[said.length - 1].trim() : text).replace(/\.$/, "");
    const cause = missing ? `${launch.command} was not found` : last;
    const where = launch.python ? ` in the Python environment ${launch.python}` : "";
    const fix = missing
      ? `Install decklint with ${install}${where}, or set decklint.path to the decklint executable.`
      : `The language server needs decklint with its server extra: ${install}.`;
    const message = `decklint: could not start ${launch.shown}: ${cause}.`;
    this.output.appendLine(message);
    const choice = await vscode.window.showErrorMessage(
      `${message} ${fix}`,
      "Open Settings",
      "Show Output",
    );
    if (choice === "Open Settings") {
      await vscode.commands.executeCommand("workbench.action.openSettings", "decklint.path");
    } else if (choice === "Show Output") {
      this.output.show(true);
    }
  }

  // The server is spawned here rather than by the client: over stdin and stdout, without the
  // `--stdio` argument the client's stdio transport would add, with the end of its stderr kept
  // for cannotStart(), and with what is written to it once it has exited dropped (the exit, not
  // a failed write, says what went wrong).
  private spawn({ program, command, args }: Launch): Promise<StreamInfo> {
    const folder = vscode.workspace.workspaceFolders?.find((f) => f.uri.scheme === "file");
    if (program === undefined) {
      const error = Object.assign(new Error(`spawn ${command} ENOENT`), { code: "ENOENT" });
      this.output.appendLine(`decklint: ${error.message}`);
      return Promise.reject(error);
    }
    this.output.appendLine(`decklint: starting ${[program, ...args].join(" ")}`);
    return new Promise((resolve, reject) => {
      const child = spawn(program, args, { cwd: folder?.uri.fsPath, stdio: "pipe" });
      this.server = child;
      this.stderr = "";
      child.stderr.on("data", (data: Buffer) => {
        this.output.append(data.toString());
        this.stderr = (this.stderr + data.toString()).slice(-4000);
      });
      child.stdin.on("error", () => undefined);
      const writer = new Writable({
        write(chunk: Buffer, _encoding, done: () => void): void {
          if (child.exitCode !== null || child.signalCode !== null || child.stdin.destroyed) {
            done();
          } else {
            child.stdin.write(chunk, () => done());
          }
        },
      });
      child.on("error", (error) => {
        this.output.appendLine(`decklint: ${error.message}`);
        reject(error); // the executable cannot be run (after "spawn", this does nothing)
      });
      child.on("exit", (code, signal) => {
        if (this.server === child && code !== 0) {
          this.output.appendLine(`decklint server exited with ${signal ?? `code ${code}`}`);
        }
      });
      child.on("spawn", () => resolve({ reader: child.stdout, writer }));
    });
  }

  async stop(): Promise<void> {
    const client = this.client;
    const server = this.server;
    this.client = undefined;
    this.server = undefined;
    this.starting = undefined;
    this.launches++;
    if (client) {
      try {
        await client.stop(); // asks the server to shut down and exit
      } catch {
        // a client that never started has nothing to stop
      }
      await client.dispose().catch(() => undefined);
    }
    if (server && server.exitCode === null && server.signalCode === null) {
      server.kill();
    }
  }

  private async restart(): Promise<void> {
    await this.stop();
    this.failed = false;
    await this.start();
  }

  dispose(): void {
    this.pending.forEach((timer) => clearTimeout(timer));
    this.pythonWatch?.dispose();
    void this.stop();
    this.disposables.forEach((d) => d.dispose());
  }
}

function workspacePaths(): string[] {
  return (vscode.workspace.workspaceFolders ?? [])
    .filter((f) => f.uri.scheme === "file")
    .map((f) => path.resolve(f.uri.fsPath));
}

function inside(child: string, parent: string): boolean {
  const rel = path.relative(parent, path.resolve(child));
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
}

// The program to start for `command`: a path as given (decklint.path, from the user's settings
// in an untrusted workspace), a bare name looked up on the PATH's absolute folders outside the
// workspace. Never a bare name left to the system: on Windows that looks in the current folder
// (the workspace) first. undefined: not found.
export function executable(
  command: string,
  workspace: string[],
  base?: string,
): string | undefined {
  if (path.isAbsolute(command) || command.includes("/") || command.includes("\\")) {
    return path.resolve(base ?? "", command); // a relative path, as before, from the folder
  }
  const windows = process.platform === "win32";
  const extensions = windows
    ? ["", ...(process.env.PATHEXT ?? ".COM;.EXE;.BAT;.CMD").split(";").filter((e) => e)]
    : [""];
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (!dir || !path.isAbsolute(dir) || workspace.some((w) => inside(dir, w))) {
      continue;
    }
    for (const extension of extensions) {
      const candidate = path.join(dir, command + extension);
      try {
        if (fs.statSync(candidate).isFile()) {
          fs.accessSync(candidate, windows ? fs.constants.F_OK : fs.constants.X_OK);
          return candidate;
        }
      } catch {
        // not here
      }
    }
  }
  return undefined;
}
