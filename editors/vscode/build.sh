#!/bin/sh
# Builds the extension into decklint-<version>.vsix in this folder: installs the exact packages
# of package-lock.json (no install scripts: none is needed to build), then `vsce package`
# compiles src/ to out/ (the vscode:prepublish script) and packs it with the runtime
# dependencies (vscode-languageclient). Needs node 20 or later and npm.
#
#     editors/vscode/build.sh                 # writes editors/vscode/decklint-<version>.vsix
#     editors/vscode/build.sh -o /tmp/x.vsix  # arguments go to vsce package
set -eu
cd "$(dirname "$0")"
npm ci --ignore-scripts --no-audit --no-fund
npm run package -- "$@"
