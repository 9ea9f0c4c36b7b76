-- A deck's buffer: comments as its dialect writes them (`*` in column 1 of a card image,
-- `;` in a TCP/IP profile, `/* */` in CL and BPXPRMxx, ...), blanks rather than tabs on cards.
if vim.b.did_ftplugin then
  return
end
vim.b.did_ftplugin = true

local detect = require("decklint.detect")
local buf = vim.api.nvim_get_current_buf()
local dialect = vim.b.decklint_dialect or require("decklint").dialect(buf)
local prefix = dialect and detect.comments(dialect)[1] or "*"
local card = dialect ~= nil and detect.card(dialect)

if prefix == "/*" then
  vim.bo.commentstring = "/* %s */"
elseif card then
  vim.bo.commentstring = prefix .. "%s"
else
  vim.bo.commentstring = prefix .. " %s"
end
if card then
  vim.bo.expandtab = true
end
vim.b.undo_ftplugin = "setlocal commentstring< expandtab<"
