-- Which dialect a file is, judged as `decklint lint` judges it, without running decklint.
--
-- A port of decklint's detection (the functions decklint.inputs.signs.LOGIC names, each
-- below under its Python name) reading decklint's own tables (tables.lua, written by
-- scripts/editor_tables.py): the `decklint: dialect=NAME` directive, the evidence that a file
-- is no deck (a script, JSON, YAML, ...), the registry's file names, then each dialect's
-- content sniffer; the strongest at 0.5 or more wins. The configuration's `dialects:` globs
-- are not read (nothing here reads YAML): name such a deck's dialect with the directive.
-- Plain Lua and Neovim's API only; it works on Neovim 0.7 and later.

local T = require("decklint.tables")
local regex = require("decklint.regex")

local M = {}

-- The Python functions this file ports, with the fingerprint of the code it follows
-- (decklint.inputs.signs.logic()). When decklint's detection changes, the test names the
-- function: port the change here and in decklint.el, then write the new fingerprints down
-- (python scripts/editor_tables.py --ported prints them).
M.PORTED = {
  ["decklint.inputs.discover.detect"] = "60babe674a844046",
  ["decklint.inputs.discover._name"] = "4d486395674b277d",
  ["decklint.dialects.named"] = "44d86a9070b7d41a",
  ["decklint.dialects._matches"] = "7008961f2ccfe7f4",
  ["decklint.inputs.evidence.against"] = "ed392776d8bc307c",
  ["decklint.inputs.evidence.semicolon_comments"] = "8307be04ca885be0",
  ["decklint.inputs.evidence._reason"] = "d822de24164977eb",
  ["decklint.inputs.evidence._yaml_mappings"] = "cd35c1d000bf5283",
  ["decklint.inputs.evidence._prose"] = "31b3351bbaf82460",
  ["decklint.inputs.evidence._other_product"] = "aee09e826670f3cf",
  ["decklint.inputs.evidence._count"] = "8de238abe1d8fae0",
  ["decklint.readers.base._heads"] = "3545b34b3e7d46cb",
  ["decklint.readers.base.line_heads"] = "18f53a77e5d51b4d",
  ["decklint.readers.base.sniff_keywords"] = "b3b98540df9af749",
  ["decklint.readers.base.sniff_count"] = "cf381ac89dc45f94",
  ["decklint.dialects.aix.reader.sniff"] = "bed387901f1e4623",
  ["decklint.dialects.as400.reader.sniff"] = "92a77be155b59a2f",
  ["decklint.dialects.bpxprm.reader.sniff"] = "915cab324af2a680",
  ["decklint.dialects.bpxprm.reader._statement_line"] = "8a24f3e0261bff68",
  ["decklint.dialects.cics.reader.sniff"] = "3d0f75a511cae0ad",
  ["decklint.dialects.cicssit.reader.sniff"] = "c000584c15d4a6a1",
  ["decklint.dialects.cicssit.reader._macro"] = "a4dc7af266930f6d",
  ["decklint.dialects.cicssit.reader._parameter"] = "b9e3b7d0c8a8e8a8",
  ["decklint.dialects.cm2.reader.sniff"] = "420018890864046a",
  ["decklint.dialects.ezacicd.reader.sniff"] = "94f697d311215370",
  ["decklint.dialects.ivtprm.reader.sniff"] = "5906b9e7837c12fc",
  ["decklint.dialects.ivtprm.reader._csm"] = "0ab3ee5b5c227468",
  ["decklint.dialects.ncp.reader.sniff"] = "38edf7532f32a884",
  ["decklint.dialects.ncp.reader._statement"] = "db29b1ca12882fb1",
  ["decklint.dialects.nsdos.reader.sniff"] = "48cf5ef8026e3816",
  ["decklint.dialects.scf.reader.sniff"] = "ad7bea832478fada",
  ["decklint.dialects.scf.reader._scf"] = "e87f09121ba51861",
  ["decklint.dialects.tcpdata.reader.sniff"] = "bc44472120247269",
  ["decklint.dialects.tcpdata.reader._statement_line"] = "e042c12338480e22",
  ["decklint.dialects.tcpip.reader.sniff"] = "bb11d656a8b4b6f5",
  ["decklint.dialects.tcpip.reader._statement"] = "4c81eff7121848d0",
  ["decklint.dialects.tcpip.reader._interface_then_action"] = "1b7eecc564b4ba66",
  ["decklint.dialects.tsm.reader.sniff"] = "3a294a18b1fd7bba",
  ["decklint.dialects.tsm.reader._option_line"] = "0c3978b7fdb9fc67",
  ["decklint.dialects.vtam.reader.sniff"] = "a6e82fe1bc14030c",
  ["decklint.dialects.vtam.reader._line_matches"] = "0d0a1180ef6fb57f",
  ["decklint.dialects.vtam.reader._config_list"] = "112daf0bfdb07efd",
  ["decklint.dialects.vtam.reader._marked"] = "8eed01184fc2846a",
  ["decklint.dialects.vtam.reader._catalogued"] = "0860ec92bfc531d0",
}

local compiled = setmetatable({}, { __mode = "k" })

local function P(tree)
  local p = compiled[tree]
  if not p then
    p = regex.compile(tree)
    compiled[tree] = p
  end
  return p
end

local function starts(s, prefix)
  return s:sub(1, #prefix) == prefix
end

local function ends(s, suffix)
  return suffix == "" or s:sub(-#suffix) == suffix
end

local function starts_any(s, prefixes)
  for _, p in ipairs(prefixes) do
    if starts(s, p) then
      return true
    end
  end
  return false
end

local function lstrip(s)
  return (s:gsub("^%s+", ""))
end

local function rstrip(s)
  return (s:gsub("%s+$", ""))
end

-- str.isupper() of an ASCII word: a cased letter, and none in lower case.
local function isupper(s)
  return s:find("%u") ~= nil and s:find("%l") == nil
end

-- The first `n` characters of a line (ln[:n]), counting a multibyte character once.
local function cut(ln, n)
  if #ln <= n or not ln:find("[\128-\255]") then
    return ln:sub(1, n)
  end
  local chars, i = 0, 1
  while i <= #ln do
    local b = ln:byte(i)
    if b < 128 or b >= 192 then
      chars = chars + 1
      if chars > n then
        return ln:sub(1, i - 1)
      end
    end
    i = i + 1
  end
  return ln
end

local function joined(src, n, width)
  local key = n .. ":" .. (width or 0)
  local got = src.joined[key]
  if not got then
    local out = {}
    for i = 1, math.min(n, #src.lines) do
      out[i] = width and cut(src.lines[i], width) or src.lines[i]
    end
    got = table.concat(out, "\n")
    src.joined[key] = got
  end
  return got
end

-- ---------------------------------------------------------------- decklint.inputs.evidence

-- _yaml_mappings
local function yaml_mappings(head)
  local pats = T.evidence.patterns
  if not P(pats["yaml opener"]):search(head) or not P(pats["yaml nested"]):search(head) then
    return false
  end
  local mapped = P(pats["yaml key"]):count(head) + P(pats["yaml nested"]):count(head)
  return mapped * 5 >= P(pats["significant"]):count(head) * 4
end

-- _count: whether a pattern matches `least` lines of the head at least
local function count_at_least(name, head, least)
  local n = 0
  for _ in P(T.evidence.patterns[name]):each(head) do
    n = n + 1
    if n >= least then
      return true
    end
  end
  return false
end

-- _other_product: another product's file, by enough lines of its own kind
local function other_product(head, start)
  local enough = T.evidence.own_lines
  if (head:find("USING", 1, true) or head:find("BALR", 1, true) or head:find("BR ", 1, true))
    and count_at_least("machine instruction", head, enough["machine instruction"])
    and not P(T.evidence.patterns["definition"]):search(head)
  then
    return true
  end
  if head:sub(start, start + 1) == "/*" and count_at_least("quoted command", head, enough["quoted command"]) then
    return true
  end
  if head:upper():find("SET", 1, true) and count_at_least("xedit set", head, enough["xedit set"]) then
    return true
  end
  if head:find("_", 1, true) and count_at_least("cp config", head, enough["cp config"]) then
    return true
  end
  return false
end

-- _prose: lines that read as sentences, enough of them
local function prose(head)
  local E = T.evidence
  local word = P(E.patterns["prose word"])
  local lines, count = 0, 0
  for ln in (head .. "\n"):gmatch("([^\n]*)\n") do
    local toks = {}
    for tok in ln:gmatch("%S+") do
      toks[#toks + 1] = tok
    end
    if #toks > 0 and not starts_any(toks[1], E.comment_starts) then
      lines = lines + 1
      if #toks >= E.prose_words and not ln:find("=", 1, true) and word:fullmatch(toks[1]) then
        local words = 0
        for _, tok in ipairs(toks) do
          if word:fullmatch(tok) then
            words = words + 1
          end
        end
        if words * 10 >= #toks * 7 then
          count = count + 1
        end
      end
    end
  end
  return count >= E.prose_lines and count * 5 >= lines * 3
end

-- _reason: true when the text shows it is no deck (the reason's words are decklint's).
local function reason(head)
  local E, pats = T.evidence, T.evidence.patterns
  if starts(head, "#!") then
    return true
  end
  local top400 = head:sub(1, 400)
  if top400:upper():find("REXX", 1, true) and P(pats["rexx"]):search(top400) then
    return true
  end
  local start = #head - #lstrip(head) + 1
  local first = head:sub(start, start)
  local eol = head:find("\n", start, true)
  if first == "<" and head:sub(start, eol and eol - 1 or #head):find(">", 1, true) then
    local tag = head:sub(start + 1, start + 5):lower()
    if not starts_any(tag, E.shown) then
      return true
    end
  end
  if first == "{" or (first == "[" and P(pats["json array"]):match(head, start)) then
    return true
  end
  if head:sub(start, start + 4) == "%YAML" or (first == "-" and P(pats["yaml start"]):match(head, start)) then
    return true
  end
  local top = head:sub(1, E.shell_head)
  for _, hint in ipairs(E.shell_hints) do
    if top:find(hint, 1, true) then
      local n = 0
      for _ in P(pats["shell"]):each(top) do
        n = n + 1
        if n >= E.shell_lines then
          return true
        end
      end
      break
    end
  end
  if head:find(":", 1, true) then
    if P(pats["cms"]):search(head) then
      return true
    end
    if yaml_mappings(head) then
      return true
    end
  end
  return other_product(head, start) or prose(head)
end

-- against
local function against(src)
  return reason(src.head)
end

-- semicolon_comments
local function semicolon_comments(src)
  local head, pats = src.head, T.evidence.patterns
  return head:find(";", 1, true) ~= nil
    and P(pats["semicolon comment"]):search(head) ~= nil
    and P(pats["other comment"]):search(head) == nil
end

-- ---------------------------------------------------------------- decklint.readers.base

-- _heads, line_heads: the first words of the first lines (a prompt such as `1->` left out).
local function line_heads(src, n)
  n = n or T.head_lines
  if not src.heads then
    local heads, pat = {}, P(T.head)
    for i = 1, math.min(#src.lines, T.head_lines) do
      local m = pat:match(src.lines[i])
      local a = m and m:group(1) or ""
      if a ~= "" then
        local b, c = (m:group(4) or ""):upper(), (m:group(5) or ""):upper()
        local mark, paren = m:group(2) or "", m:group(3) or ""
        local sep = mark ~= "" and mark or paren ~= "" and paren or (b ~= "" and " " or "")
        heads[i] = { a = a:upper(), b = b, c = c, sep = sep }
      else
        heads[i] = false
      end
    end
    src.heads, src.kept = heads, {}
  end
  local got = src.kept[n]
  if not got then
    got = {}
    for i = 1, math.min(n, #src.heads) do
      if src.heads[i] then
        got[#got + 1] = src.heads[i]
      end
    end
    src.kept[n] = got
  end
  return got
end

local function keyword(h)
  return ends(h.a, ":") and h.b or h.a
end

-- sniff_keywords
local function sniff_keywords(src, strong, known, comments, base, step, top)
  local heads = line_heads(src)
  local n = 0
  for _, h in ipairs(heads) do
    if strong(h) then
      n = n + 1
    end
  end
  if n == 0 then
    return 0
  end
  local lines, good = 0, 0
  for _, h in ipairs(heads) do
    if not starts_any(h.a, comments) then
      lines = lines + 1
      if known[keyword(h)] then
        good = good + 1
      end
    end
  end
  if good < (n < 3 and lines or math.floor((lines + 1) / 2)) then
    return 0
  end
  return math.min(base + step * n, top)
end

-- sniff_count
local function sniff_count(src, pattern, lines, base, step, top)
  local n = P(pattern):count(joined(src, lines))
  return n == 0 and 0 or math.min(base + step * n, top)
end

-- ---------------------------------------------------------------- the dialects' sniffers

local D = T.dialects
local sniff = {}

sniff.aix = function(src)
  return P(D.aix.line):search(joined(src, 300)) and 0.85 or 0
end

sniff.as400 = function(src)
  return sniff_count(src, D.as400.line, 500, 0.7, 0.1, 0.97)
end

sniff.bpxprm = function(src)
  local t = D.bpxprm
  local function statement_line(h)
    return (t.first[h.a] and h.sep == "(") or t.pairs[h.a .. " " .. h.b] == true
  end
  return sniff_keywords(src, statement_line, t.known, { "/*", "*/", "*" }, 0.7, 0.08, 0.96)
end

sniff.cics = function(src)
  return sniff_count(src, D.cics.line, 400, 0.6, 0.1, 0.95)
end

sniff.cm2 = function(src)
  return sniff_count(src, D.cm2.line, 500, 0.7, 0.1, 0.97)
end

sniff.cicssit = function(src)
  local t = D.cicssit
  -- _macro: a DFHSIT macro
  if P(t.macro):search(joined(src, 600, 71)) then
    return 0.96
  end
  -- _parameter: a record that starts with a parameter only CICS codes
  local heads = line_heads(src, 400)
  local strong = 0
  for _, h in ipairs(heads) do
    if h.sep == "=" and t.first[h.a] then
      strong = strong + 1
    end
  end
  if strong == 0 then
    return 0
  end
  local lines, pairs = 0, 0
  for _, h in ipairs(heads) do
    if not starts(h.a, "*") then
      lines = lines + 1
      if h.sep == "=" or h.a == ".END" then
        pairs = pairs + 1
      end
    end
  end
  if pairs * 5 < lines * 4 then
    return 0
  end
  return math.min(0.8 + 0.05 * strong, 0.95)
end

sniff.ezacicd = function(src)
  return P(D.ezacicd.line):search(joined(src, 600, 71)) and 0.96 or 0
end

sniff.ivtprm = function(src)
  local n = 0
  for _, h in ipairs(line_heads(src, 400)) do
    local csm
    if h.a == "FIXED" or h.a == "ECSA" or h.a == "HVCOMM" then
      csm = h.b == "MAX" and h.c ~= ""
    else
      csm = h.a == "POOL" and h.sep == "("
    end
    if csm then
      n = n + 1
    end
  end
  return n == 0 and 0 or math.min(0.75 + 0.08 * n, 0.95)
end

sniff.ncp = function(src)
  local t = D.ncp
  local function statement(op, key)
    if key == nil then
      return op == "GENEND"
    end
    if isupper(op) and isupper(key) then
      return true
    end
    local operands = t.operands[op:upper()]
    return operands ~= nil and operands[key:upper()] == true
  end
  local hits = {}
  for m in P(t.statement):each(joined(src, 600, 71)) do
    if statement(m:group(1), m:group(2)) then
      hits[m:group(1):upper()] = true
    end
  end
  if (hits.BUILD and hits.GENEND) or (hits.PCCU and hits.BUILD) then
    return 0.97
  end
  if hits.BUILD and hits.HOST then
    return 0.9
  end
  if hits.PCCU or hits.GENEND or hits.SYSCNTRL or hits.CLUSTER or hits.TERMINAL then
    return 0.85
  end
  return 0
end

sniff.nsdos = function(src)
  if ends(src.name:upper(), ".NSD") then
    return 0.9
  end
  return P(D.nsdos.line):search(joined(src, 200)) and 0.8 or 0
end

sniff.scf = function(src)
  local t = D.scf
  local function scf(a, b, c)
    if t.verbs[a] and t.objects[b] and (starts_any(c, { "$", "#", "\\", "*" })) then
      return true
    end
    if t.subsystems[a] and (b == "INFO" or b == "STATUS") and t.objects[c] then
      return true
    end
    if t.subsystems[a] and b == "DETAILED" and (c == "INFO" or c == "STATUS") then
      return true
    end
    local bare = a:gsub("^%*+", "")
    for detail in pairs(t.details) do
      if starts(bare, detail) then
        return true
      end
    end
    return false
  end
  local n = 0
  for _, h in ipairs(line_heads(src, 600)) do
    if scf(h.a, h.b, h.c) then
      n = n + 1
    end
  end
  return n == 0 and 0 or math.min(0.7 + 0.08 * n, 0.95)
end

sniff.tcpdata = function(src)
  local t = D.tcpdata
  local function statement_line(h)
    if ends(h.a, ":") then
      return t.first[h.b] == true and h.c ~= ""
    end
    return t.first[h.a] == true and (h.sep == " " or h.sep == "(")
  end
  return sniff_keywords(src, statement_line, t.known, { "#" }, 0.6, 0.08, 0.93)
end

sniff.tcpip = function(src)
  local t = D.tcpip
  local function statement(h)
    local a, b, c = h.a, h.b, h.c
    if h.sep == "=" or h.sep == "(" then
      return false
    end
    return t.first[a] == true
      or ((a == "DEVICE" or a == "LINK") and t.devices[c] == true)
      or (a == "INTERFACE" and t.interface[c] == true)
      or (a == "INCLUDE" and P(t.data_set):fullmatch(b) ~= nil)
      or (a == "HOME" and P(t.ipv4):match(b) ~= nil)
  end
  -- _interface_then_action: `INTERFACE name` alone, its action first on the next line
  local function interface_then_action(h, following)
    return h.a == "INTERFACE"
      and h.sep == " "
      and h.c == ""
      and following ~= nil
      and t.interface[following.a] == true
  end
  local heads = line_heads(src)
  local n, own = 0, 0
  for i, h in ipairs(heads) do
    if statement(h) or interface_then_action(h, heads[i + 1]) then
      n = n + 1
      if t.first[h.a] then
        own = own + 1
      end
    end
  end
  if n == 0 then
    return 0
  end
  if own < 3 and not (heads[1] and t.top[heads[1].a]) then
    return 0
  end
  return math.min(0.7 + 0.08 * n, 0.96)
end

sniff.tsm = function(src)
  local t = D.tsm
  local function option_line(h)
    return t.first[h.a] == true and h.sep == " "
  end
  return sniff_keywords(src, option_line, t.known, { "*", "#" }, 0.6, 0.1, 0.95)
end

sniff.vtam = function(src)
  local t = D.vtam
  local function catalogued(op, key)
    local operands = t.operands[op:upper()]
    return operands ~= nil and operands[key:upper()] == true
  end
  -- _config_list: every line but comments is member names, a comma ending each but the last
  local function config_list()
    if src.count > 400 then
      return false
    end
    local lines = {}
    for i = 1, math.min(400, #src.lines) do
      local ln = src.lines[i]
      local card = cut(ln, 71)
      if card:find("%S") and not starts_any(lstrip(ln), { "*", "/*", ".*" }) then
        lines[#lines + 1] = rstrip(card)
      end
    end
    if #lines == 0 then
      return false
    end
    -- _marked: a line ending, after a blank, in a continuation mark alone
    local function marked(ln)
      local mark, before = ln:sub(-1), ln:sub(-2, -2)
      return #ln > 2 and ("*X+-"):find(mark, 1, true) ~= nil and (before == " " or before == "\t")
    end
    local pat = P(t.config_line)
    for n, ln in ipairs(lines) do
      local m = pat:fullmatch(ln)
      local last = n == #lines
      if m == nil or ((m:group(1) ~= "") == last and (last or not marked(ln))) then
        return false
      end
    end
    return #lines > 1 or lines[1]:find(",", 1, true) ~= nil
  end
  local head = joined(src, 400, 71)
  local score = 0
  for m in P(t.statement):each(head) do
    local op, key = m:group(1), m:group(2)
    if t.ops[op:upper()] and ((isupper(op) and isupper(key)) or catalogued(op, key)) then
      if t.table_ops[op:upper()] then
        return 0.95
      end
      score = 0.8
    end
  end
  for _, h in ipairs(line_heads(src, 400)) do
    if t.start_options[h.a] then
      if P(t.start_values):search(head) then
        score = math.max(score, 0.9)
      end
      break
    end
  end
  if score < 0.6 and head:find(",", 1, true) and config_list() then
    score = 0.6
  end
  return score
end

-- ---------------------------------------------------------------- decklint.inputs.discover

-- _name: a file's name, or its member's: SYS1.VTAMLST(ATCSTR00) is ATCSTR00.
local function member_or_name(path)
  local name = path:match("[^/]*$")
  local m = P(T.member):search(name)
  return m and m:group(1) or name
end

-- dialects.named, _matches: the registry's globs, in any case (fnmatch's * and ?).
local glob_patterns = {}

local function glob_matches(upper, glob)
  local pat = glob_patterns[glob]
  if not pat then
    pat = "^" .. glob:upper():gsub("[%^%$%(%)%%%.%[%]%+%-]", "%%%0"):gsub("%*", ".*"):gsub("%?", ".") .. "$"
    glob_patterns[glob] = pat
  end
  return upper:find(pat) ~= nil
end

local function named(file_name)
  local upper = file_name:upper()
  for _, dialect in ipairs(T.order) do
    for _, glob in ipairs(D[dialect].globs) do
      if glob_matches(upper, glob) then
        return dialect
      end
    end
  end
  return nil
end

local function has(list, item)
  for _, x in ipairs(list) do
    if x == item then
      return true
    end
  end
  return false
end

--- A file's source as detection reads it: `lines` (the first 800 at least, as the buffer or
--- the file has them, without line ends) and `count`, how many lines it has in all.
function M.source(path, lines, count)
  local head, size = {}, 0
  for i = 1, #lines do
    head[#head + 1] = lines[i] .. "\n"
    size = size + #lines[i] + 1
    if size >= T.evidence.head then
      break
    end
  end
  return {
    path = path,
    name = path:match("[^/]*$"),
    lines = lines,
    count = count or #lines,
    head = table.concat(head):sub(1, T.evidence.head),
    joined = {},
  }
end

--- detect: the dialect and how it was told ("directive", "glob", "content"), or nil and
--- "against" (the file shows it is no deck) or "none".
function M.detect(src)
  local directive = P(T.directive)
  for i = 1, math.min(10, #src.lines) do
    local m = directive:search(src.lines[i])
    if m and D[m:group(1):lower()] then
      return m:group(1):lower(), "directive"
    end
  end
  if against(src) then
    return nil, "against"
  end
  local found = named(member_or_name(src.path))
  if found then
    return found, "glob"
  end
  local semicolons = semicolon_comments(src)
  local best, score = nil, 0
  for _, dialect in ipairs(T.order) do
    if not semicolons or has(D[dialect].comments, ";") then
      local s = sniff[dialect](src)
      if s > score then
        best, score = dialect, s
      end
    end
  end
  if best and score >= 0.5 then
    return best, "content"
  end
  return nil, semicolons and "against" or "none"
end

--- Whether a folder walk of decklint leaves the file out by its name: hidden, or an
--- extension that is never a deck (.py, .json, .md, ...).
function M.skipped(path)
  local name = path:match("[^/]*$")
  if starts(name, ".") then
    return true
  end
  local ext = name:match("%.([^.]+)$")
  return ext ~= nil and T.skipped[ext:upper()] == true
end

--- The dialect of the deck in buffer `buf` (its name and its first lines), or nil when
--- decklint would not lint it as a deck.
function M.buffer(buf)
  local path = vim.api.nvim_buf_get_name(buf)
  if path == "" or M.skipped(path) then
    return nil
  end
  local count = vim.api.nvim_buf_line_count(buf)
  local lines = vim.api.nvim_buf_get_lines(buf, 0, math.min(count, T.head_lines), false)
  return (M.detect(M.source(path, lines, count)))
end

--- The dialect a path's name alone says (the registry's globs), or nil.
function M.named_path(path)
  return named(member_or_name(path))
end

--- The comment prefixes of a dialect, the first being the one to write.
function M.comments(dialect)
  return D[dialect] and D[dialect].comments or {}
end

--- Whether a dialect's decks are card images (columns 72 and 73-80 set apart).
function M.card(dialect)
  return D[dialect] ~= nil and D[dialect].card == true
end

return M
