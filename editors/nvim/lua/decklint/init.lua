-- decklint in Neovim: decks get the file type `decklint` by their content, as `decklint lint`
-- tells them (decklint.detect), and the language server `decklint server` attaches to them,
-- with K, gd, grr, gra, [d and ]d mapped to it in their buffers.
--
--   require("decklint").setup({ cmd = { "decklint", "server" } })
--
-- Works on Neovim 0.7 (Debian 12) and later: vim.filetype.add and vim.lsp.start where they
-- exist (0.8), an autocommand and vim.lsp.start_client before. Detection runs nothing: no
-- program, and no code of the folder a deck is in. docs/editors.md in decklint says more.

local M = {}

local uv = vim.uv or vim.loop

M.config = {
  -- the server's command; add "--untrusted" for a repository you did not write
  cmd = { "decklint", "server" },
  -- the nearest folder up from a deck holding one of these is the network the server lints
  root_markers = { ".decklint.yaml", ".git" },
  init_options = nil, -- { baseline = FILE, debounce = MS, wholeDelay = MS }
  settings = nil, -- sent with workspace/didChangeConfiguration, as { decklint = { ... } }
  keys = true, -- K, gd, grr, gra, [d, ]d in a deck's buffer
  on_attach = nil, -- function(client, bufnr) of your own, called after decklint's
}

local detect = function()
  return require("decklint.detect")
end

--- The dialect of the deck in buffer `buf` (nil when decklint would not lint it), kept in
--- b:decklint_dialect for the file type plugin.
function M.dialect(buf)
  local dialect = detect().buffer(buf)
  vim.b[buf].decklint_dialect = dialect
  return dialect
end

--- Decks get the file type `decklint`, whatever their name, by what `decklint lint` reads
--- in them. Called by ftdetect/decklint.lua and by setup(); once is enough.
function M.filetype()
  if vim.g.decklint_filetype then
    return
  end
  vim.g.decklint_filetype = true
  if vim.fn.has("nvim-0.8") == 1 then
    vim.filetype.add({
      pattern = {
        [".*"] = {
          function(path, buf)
            if buf == nil then -- asked of a name alone (a picker's preview): the name tells
              local d = require("decklint.detect")
              return not d.skipped(path) and d.named_path(path) and "decklint" or nil
            end
            return M.dialect(buf) and "decklint" or nil
          end,
          { priority = math.huge }, -- before a name's file type: a deck may be a .txt
        },
      },
    })
    return
  end
  -- Neovim 0.7: filetype.vim decides first or after; a deck is a deck whatever it said.
  local group = vim.api.nvim_create_augroup("decklint_filetype", { clear = true })
  vim.api.nvim_create_autocmd({ "BufRead", "BufNewFile" }, {
    group = group,
    callback = function(args)
      if vim.bo[args.buf].filetype ~= "decklint" and M.dialect(args.buf) then
        vim.bo[args.buf].filetype = "decklint"
      end
    end,
  })
end

--- The folder the server lints for the deck in `buf`: the nearest one up holding one of
--- `root_markers` (.decklint.yaml or .git), else the deck's own folder.
function M.root(buf)
  local dir = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(buf), ":p:h")
  local at = dir
  while true do
    for _, marker in ipairs(M.config.root_markers) do
      if uv.fs_stat(at .. "/" .. marker) then
        return at
      end
    end
    local parent = vim.fn.fnamemodify(at, ":h")
    if parent == at then
      return dir
    end
    at = parent
  end
end

local function jump(count)
  return function()
    if vim.diagnostic.jump then -- 0.11
      vim.diagnostic.jump({ count = count, float = true })
    elseif count < 0 then
      vim.diagnostic.goto_prev()
    else
      vim.diagnostic.goto_next()
    end
  end
end

--- The deck's buffer once the server has attached: completion, and its keys.
function M.on_attach(client, buf)
  vim.bo[buf].omnifunc = "v:lua.vim.lsp.omnifunc"
  if M.config.keys then
    local function map(mode, lhs, rhs, desc)
      vim.keymap.set(mode, lhs, rhs, { buffer = buf, silent = true, desc = "decklint: " .. desc })
    end
    map("n", "K", vim.lsp.buf.hover, "what the operand means")
    map("n", "gd", vim.lsp.buf.definition, "go to the definition")
    map("n", "grr", vim.lsp.buf.references, "list the uses")
    map({ "n", "x" }, "gra", vim.lsp.buf.code_action, "fixes and suppressions")
    map("n", "[d", jump(-1), "previous finding")
    map("n", "]d", jump(1), "next finding")
  end
  if M.config.on_attach then
    M.config.on_attach(client, buf)
  end
end

local clients = {} -- Neovim 0.7: the client of each root

--- Start the server for the deck in `buf`, or attach it to the one its folder has.
function M.start(buf)
  buf = (buf == nil or buf == 0) and vim.api.nvim_get_current_buf() or buf
  local config = {
    name = "decklint",
    cmd = M.config.cmd,
    root_dir = M.root(buf),
    init_options = M.config.init_options,
    settings = M.config.settings,
    on_attach = M.on_attach,
  }
  if vim.lsp.start then -- 0.8: one client per root, reused
    return vim.lsp.start(config, { bufnr = buf })
  end
  local id = clients[config.root_dir]
  local client = id and vim.lsp.get_client_by_id(id)
  if client == nil or client.is_stopped() then
    id = vim.lsp.start_client(config)
    clients[config.root_dir] = id
  end
  if id then
    vim.lsp.buf_attach_client(buf, id)
  end
  return id
end

--- Decks by content, and the server started for each: call it from your init.lua.
function M.setup(opts)
  M.config = vim.tbl_deep_extend("force", M.config, opts or {})
  M.filetype()
  local group = vim.api.nvim_create_augroup("decklint", { clear = true })
  vim.api.nvim_create_autocmd("FileType", {
    group = group,
    pattern = "decklint",
    callback = function(args)
      M.start(args.buf)
    end,
  })
end

return M
