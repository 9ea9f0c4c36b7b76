// Which deck language a plain-text document's first lines tell, read the way decklint reads a
// deck it cannot place by name: its `decklint: dialect=NAME` directive in the first lines, else
// the lines that tell a dialect. No VS Code import, so that it runs under plain node too.

export interface DeckLanguage {
  id: string;
  firstLine?: string;
}

const DIRECTIVE = /decklint:\s*dialect\s*=\s*([a-z0-9_]+)/i;
const DIRECTIVE_LINES = 10;
export const SNIFF_LINES = 200;

interface LineTest {
  id: string;
  exact: RegExp;
  loose: RegExp;
}

export class Sniffer {
  private readonly tests: LineTest[];
  private readonly dialects: Map<string, string>;

  // `languages` are the manifest's contributes.languages, in the order decklint tries dialects;
  // `dialects` maps a dialect's name to its language id.
  constructor(languages: readonly DeckLanguage[], dialects: Readonly<Record<string, string>>) {
    this.tests = languages
      .filter((lang) => lang.firstLine)
      .map((lang) => ({
        id: lang.id,
        exact: new RegExp(lang.firstLine as string),
        loose: new RegExp(lang.firstLine as string, "i"),
      }));
    this.dialects = new Map(Object.entries(dialects));
  }

  // A line counts 1 when it matches as written (decks are upper case) and 1/2 when it matches
  // only without regard to case; the language with the highest count of at least 1 wins, the
  // first one on a tie.
  languageOf(lines: readonly string[]): string | undefined {
    for (const line of lines.slice(0, DIRECTIVE_LINES)) {
      const named = DIRECTIVE.exec(line);
      const id = named ? this.dialects.get(named[1].toLowerCase()) : undefined;
      if (id) {
        return id;
      }
    }
    // a directive further down is a comment like any other (decklint reads it only at the top)
    const head = lines.slice(0, SNIFF_LINES).filter((line) => !DIRECTIVE.test(line));
    let best: string | undefined;
    let score = 0;
    for (const test of this.tests) {
      let count = 0;
      for (const line of head) {
        count += test.exact.test(line) ? 1 : test.loose.test(line) ? 0.5 : 0;
      }
      if (count >= 1 && count > score) {
        best = test.id;
        score = count;
      }
    }
    return best;
  }
}
