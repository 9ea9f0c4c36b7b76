-- For tests/test_editor_detection.py: the dialect Neovim's detector gives each file listed in
-- $DECKLINT_LIST (one a line), as named and with its name hidden (MEMBER), one a line of
-- $DECKLINT_OUT: path TAB dialect-as-named TAB dialect-name-hidden ("-" for none).
local detect = require("decklint.detect")

local function lines_of(text)
  local lines = {}
  text = text:gsub("\26+\n?$", "") -- a DOS end-of-file byte after the last line
  local start = 1
  while start <= #text do
    local s, e = text:find("\r\n?", start)
    local n = text:find("\n", start, true)
    if n and (not s or n < s) then
      s, e = n, n
    end
    if not s then
      lines[#lines + 1] = text:sub(start)
      break
    end
    lines[#lines + 1] = text:sub(start, s - 1)
    start = e + 1
  end
  return lines
end

local out = assert(io.open(vim.env.DECKLINT_OUT, "w"))
for path in io.lines(vim.env.DECKLINT_LIST) do
  local fh = assert(io.open(path, "rb"))
  local lines = lines_of(fh:read("*a"))
  fh:close()
  local named = detect.detect(detect.source(path, lines, #lines))
  local hidden = detect.detect(detect.source("MEMBER", lines, #lines))
  out:write(path, "\t", named or "-", "\t", hidden or "-", "\n")
end
out:close()
