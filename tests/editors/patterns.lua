-- For tests/test_editor_detection.py: every match of each pattern of the tables in each text,
-- as Neovim's matcher finds them. $DECKLINT_IN is JSON {patterns = {{path...}}, lines = {...},
-- texts = {...}}; $DECKLINT_OUT gets, by pattern and text, each match as {start, end, group
-- starts and ends} (0-based, ends exclusive, -1 for a group that took no part), as Python's
-- finditer gives; for a pattern `lines` marks (one that matches nothing, read a line at a
-- time), the first match in each line of the text.
local T = require("decklint.tables")
local regex = require("decklint.regex")
local input = vim.fn.json_decode(table.concat(vim.fn.readfile(vim.env.DECKLINT_IN), "\n"))
local result = {}
for n, path in ipairs(input.patterns) do
  local tree
  if path[1] == "evidence" then
    tree = T.evidence.patterns[path[2]]
  elseif path[1] == "dialects" then
    tree = T.dialects[path[2]][path[3]]
  else
    tree = T[path[1]]
  end
  local p = regex.compile(tree)
  local per_text = {}
  local function row(m)
    local r = { m.s - 1, m.e - 1 }
    for g = 1, p.groups do
      local s, e = m.caps[2 * g - 1], m.caps[2 * g]
      r[#r + 1] = s and s - 1 or -1
      r[#r + 1] = s and e - 1 or -1
    end
    return r
  end
  for _, text in ipairs(input.texts) do
    local found = {}
    if input.lines[n] then
      for _, line in ipairs(vim.split(text, "\n", true)) do
        local m = p:search(line)
        found[#found + 1] = m and row(m) or vim.NIL
      end
    else
      for m in p:each(text) do
        found[#found + 1] = row(m)
      end
    end
    per_text[#per_text + 1] = found
  end
  result[#result + 1] = per_text
end
vim.fn.writefile({ vim.fn.json_encode(result) }, vim.env.DECKLINT_OUT)
