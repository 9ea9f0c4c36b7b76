-- For tests/test_neovim.py, run after the documented init.lua: opens the example site's decks
-- and a text that is no deck, then uses the keys as a user would, and writes what it saw as
-- JSON to $DECKLINT_OUT. Nothing here sets a file type or starts a client.
local env = vim.env
local site, out = env.DECKLINT_SITE, env.DECKLINT_OUT
local seen = { filetypes = {}, steps = {} }

local function step(name)
  table.insert(seen.steps, name)
end

local function edit(path)
  vim.cmd("edit " .. vim.fn.fnameescape(path))
  return vim.api.nvim_get_current_buf()
end

local function attached(buf)
  if vim.lsp.get_clients then
    return #vim.lsp.get_clients({ bufnr = buf }) > 0
  end
  return next(vim.lsp.buf_get_clients(buf)) ~= nil
end

local function floating_text()
  for _, win in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_win_get_config(win).relative ~= "" then
      local lines = vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(win), 0, -1, false)
      return win, table.concat(lines, "\n")
    end
  end
end

local function close_floats()
  vim.wait(300) -- a float the last key opens may come a moment later
  for _, win in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_win_get_config(win).relative ~= "" then
      vim.api.nvim_win_close(win, true)
    end
  end
end

local function find(buf, text)
  for n, line in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    local col = line:find(text, 1, true)
    if col then
      return n, col - 1
    end
  end
end

local function finish()
  local fh = io.open(out, "w")
  fh:write(vim.fn.json_encode(seen))
  fh:close()
  vim.cmd("qa!")
end

local ok, err = pcall(function()
  for _, rel in ipairs({ "MVS1/SWLAB", "LAB45/LAB45", "MVS1/TUNEMODE", "MVS1/PROFILE.TCPIP" }) do
    edit(site .. "/" .. rel)
    seen.filetypes[rel] = vim.bo.filetype
  end
  for _, path in ipairs(vim.split(env.DECKLINT_OTHERS, ":", { plain = true })) do
    edit(path)
    seen.filetypes[path] = vim.bo.filetype
  end
  step("filetypes")

  local buf = edit(site .. "/MVS1/SWLAB")
  seen.attached = vim.wait(30000, function()
    return attached(buf)
  end, 20)
  seen.keys = {}
  for _, lhs in ipairs({ "K", "gd", "grr", "[d", "]d" }) do
    seen.keys[lhs] = vim.fn.maparg(lhs, "n", false, true).buffer == 1
  end
  seen.keys.gra = vim.fn.maparg("gra", "n", false, true).buffer == 1
  step("attached")

  local function count()
    return #vim.diagnostic.get(buf)
  end
  seen.waited = vim.wait(90000, function()
    return count() > 0
  end, 50)
  local last, since = count(), vim.loop.now()
  vim.wait(10000, function() -- until the count has held a while (a whole lint may follow)
    if count() ~= last then
      last, since = count(), vim.loop.now()
    end
    return vim.loop.now() - since > 1500
  end, 50)
  seen.diagnostics = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    local lsp = d.user_data and d.user_data.lsp or {}
    table.insert(seen.diagnostics, {
      line = d.lnum,
      col = d.col,
      code = d.code or lsp.code,
      message = d.message,
      source = d.source,
    })
  end
  step("diagnostics")

  -- ]d from the top goes to the first finding, [d back from there to none before it
  vim.api.nvim_win_set_cursor(0, { 1, 0 })
  vim.cmd("normal ]d")
  seen.next_finding = vim.api.nvim_win_get_cursor(0)
  close_floats()
  vim.cmd("normal ]d")
  seen.second_finding = vim.api.nvim_win_get_cursor(0)
  close_floats()
  vim.cmd("normal [d")
  seen.previous_finding = vim.api.nvim_win_get_cursor(0)
  close_floats()
  step("[d ]d")

  -- K on MAXOUT: the server's hover in a floating window
  local line, col = find(buf, "MAXOUT=7")
  vim.api.nvim_win_set_cursor(0, { line, col + 1 })
  seen.hover_at = { line, col }
  assert(floating_text() == nil, "a float is open before K")
  vim.cmd("normal K")
  vim.wait(20000, function()
    return floating_text() ~= nil
  end, 20)
  local _, text = floating_text()
  seen.hover = text or vim.NIL
  close_floats()
  step("K")

  -- gra on the same line: the server's code actions, offered through vim.ui.select
  local offered
  vim.ui.select = function(items, opts, on_choice)
    offered = {}
    for _, item in ipairs(items) do
      local action = item.action or item[2] or item
      table.insert(offered, action.title or (opts.format_item and opts.format_item(item)) or "")
    end
    on_choice(nil)
  end
  vim.cmd("normal gra")
  vim.wait(20000, function()
    return offered ~= nil
  end, 20)
  seen.actions = offered or vim.NIL
  step("gra")

  -- gd on the mode a PU names: the mode table's entry
  line, col = find(buf, "DLOGMOD=#INTER")
  vim.api.nvim_win_set_cursor(0, { line, col + #"DLOGMOD=#" })
  vim.cmd("normal gd")
  vim.wait(20000, function()
    return vim.api.nvim_get_current_buf() ~= buf
  end, 20)
  local here = vim.api.nvim_get_current_buf()
  local row = vim.api.nvim_win_get_cursor(0)[1]
  seen.definition = {
    file = vim.api.nvim_buf_get_name(here),
    line = row,
    text = vim.api.nvim_buf_get_lines(here, row - 1, row, false)[1],
  }
  step("gd")
end)
if not ok then
  seen.error = tostring(err)
end
finish()
