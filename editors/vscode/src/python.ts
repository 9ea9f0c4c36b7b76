// The Python environment that the Python extension (ms-python.python) has selected for the
// workspace: where decklint runs when decklint.path is not set. Its API is read without its npm
// package: `environments.getActiveEnvironmentPath` and `resolveEnvironment` (2023 and later),
// else the older `settings.getExecutionDetails`.

import { execFile } from "child_process";
import * as os from "os";
import * as vscode from "vscode";

export const PYTHON_EXTENSION = "ms-python.python";
const READY_MS = 15000;

interface EnvironmentPath {
  readonly id: string;
  readonly path: string;
}

export interface PythonApi {
  readonly ready?: Promise<void>;
  readonly environments?: {
    getActiveEnvironmentPath(resource?: vscode.Uri): EnvironmentPath;
    resolveEnvironment(
      environment: EnvironmentPath | string,
    ): Promise<{ readonly executable: { readonly uri?: vscode.Uri } } | undefined>;
    readonly onDidChangeActiveEnvironmentPath?: vscode.Event<unknown>;
  };
  readonly settings?: {
    getExecutionDetails(resource?: vscode.Uri): { execCommand: string[] | undefined };
    readonly onDidChangeExecutionDetails?: vscode.Event<unknown>;
  };
}

// The Python extension's API once it is ready; undefined when it is not installed or fails.
export async function pythonApi(): Promise<PythonApi | undefined> {
  const extension = vscode.extensions.getExtension<PythonApi>(PYTHON_EXTENSION);
  if (extension === undefined) {
    return undefined;
  }
  try {
    const api = extension.isActive ? extension.exports : await extension.activate();
    // ready once it has found the environments; it answers before that too, so a slow
    // discovery delays the server by READY_MS at most
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise((resolve) => (timer = setTimeout(resolve, READY_MS)));
    await Promise.race([api?.ready, late]);
    clearTimeout(timer);
    return api;
  } catch {
    return undefined;
  }
}

// The interpreter of the environment selected for `resource`; undefined when there is none, or
// when the environment is run through another program (`conda run ...`), which is no
// interpreter to start decklint with.
export async function interpreter(
  api: PythonApi,
  resource?: vscode.Uri,
): Promise<string | undefined> {
  try {
    if (api.environments) {
      const active = api.environments.getActiveEnvironmentPath(resource);
      const resolved = await api.environments.resolveEnvironment(active);
      return resolved?.executable.uri?.fsPath || undefined;
    }
    const command = api.settings?.getExecutionDetails(resource).execCommand;
    return command?.length === 1 && command[0] ? command[0] : undefined;
  } catch {
    return undefined;
  }
}

// Calls `listener` when another environment is selected.
export function onEnvironmentChange(
  api: PythonApi,
  listener: () => void,
): vscode.Disposable | undefined {
  const event =
    api.environments?.onDidChangeActiveEnvironmentPath ?? api.settings?.onDidChangeExecutionDetails;
  return event?.(() => listener());
}

// Python code run with `python -c`: the import path is cut to its absolute folders before
// anything is imported, as decklint.platform.children does for every decklint it starts, because
// `python -m decklint` would look in the current folder (the workspace) first.
const SAFE_PATH = "import os, sys; sys.path[:] = [p for p in sys.path if p and os.path.isabs(p)]; ";
export const BOOT =
  SAFE_PATH + "sys.argv[:1] = ['decklint']; from decklint._entry import main; main()";
const PROBE =
  SAFE_PATH +
  "from importlib.util import find_spec; " +
  "sys.exit(0 if find_spec('decklint') and find_spec('pygls') else 3)";

// Whether `python` has decklint with its server extra (pygls); nothing of decklint is run.
export function hasServer(python: string): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(python, ["-c", PROBE], { cwd: os.tmpdir(), timeout: 20000 }, (error) =>
      resolve(error === null),
    );
  });
}
