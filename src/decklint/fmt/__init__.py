"""`decklint format`: card decks laid out as the assembler wants them, meaning unchanged;
free-format files only as the configuration asks.

* `statement`: a statement as the card reader read it, layout faults read as meant;
* `layout`: the deck's habits (operation column, operands per card, mark, remarks, sequence
  numbers) and a statement's cards laid out by them;
* `deck`: a deck's statements laid out again, as hunks of lines;
* `meaning`: the deck read and parsed before and after: same statements, or left alone;
* `free`: a free-format file (PROFILE.TCPIP, BPXPRMxx) indented by its blocks, a line for
  each statement, when `format:` asks;
* `files`: a file's text, its line ends kept, decks inside jobs and markdown in place.

Library code: nothing here prints; the command line (`decklint.cli`) and the language server
say what it found.
"""

from decklint.fmt.files import Formatted, format_text
from decklint.fmt.layout import PER_CARD, Settings

__all__ = ["PER_CARD", "Formatted", "Settings", "format_text"]
