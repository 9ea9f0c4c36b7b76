-- Python's regular expressions as decklint's detection writes them, matched in Lua.
--
-- scripts/editor_tables.py gives each pattern parsed by Python (tables.lua): a tree of
-- string, character-set, anchor, group, alternative and repeat nodes, with sets already
-- resolved to the bytes they take (case folded when the pattern ignores case). This matcher
-- backtracks as Python's does, trying alternatives in order and repeats greedy or lazy, so a
-- pattern finds here what it finds in decklint. Text is bytes: a character beyond ASCII is
-- taken by a set that takes a letter beyond ASCII. Vim's own regex engine is not used: it
-- reads another syntax and gives up on bounded repeats such as \S{0,62}.

local M = {}

local byte, sub, lower = string.byte, string.sub, string.lower

-- The match in progress: its subject, length and captures (start, end + 1 by group).
local S, N = "", 0
local caps, open = {}, {}

local function bytes_of(ranges)
  local t = {}
  for i = 1, #ranges, 2 do
    for b = ranges[i], ranges[i + 1] do
      t[b] = true
    end
  end
  return t
end

-- Python's \w: letters, digits and '_'; bytes of characters beyond ASCII count as letters.
local WORD = bytes_of({ 48, 57, 65, 90, 95, 95, 97, 122, 128, 255 })

local function word_at(i)
  local b = byte(S, i)
  return b ~= nil and WORD[b] == true
end

local AT = {
  bol = function(i) return i == 1 or byte(S, i - 1) == 10 end,
  eol = function(i) return i == N + 1 or byte(S, i) == 10 end,
  bos = function(i) return i == 1 end,
  eos = function(i) return i == N + 1 end,
  eosnl = function(i) return i == N + 1 or (i == N and byte(S, i) == 10) end,
  word = function(i) return word_at(i - 1) ~= word_at(i) end,
  nonword = function(i) return word_at(i - 1) == word_at(i) end,
}

local compile_seq

-- The byte set a node takes, when it takes exactly one byte (else nil).
local function one_byte(node)
  if node[1] == "set" then
    return bytes_of(node[2])
  end
  if (node[1] == "str" or node[1] == "istr") and #node[2] == 1 then
    local b = byte(node[2])
    local t = { [b] = true }
    if node[1] == "istr" then
      t[byte(string.upper(node[2]))] = true
    end
    return t
  end
  return nil
end

-- A repeat of one byte: count the run, then give back from the longest (greedy) or take
-- more from the shortest (lazy).
local function compile_run(set, lo, hi, greedy, k)
  return function(i)
    if greedy then
      local j, n = i, 0
      while (hi < 0 or n < hi) and set[byte(S, j)] do
        j, n = j + 1, n + 1
      end
      while n >= lo do
        local r = k(j)
        if r then
          return r
        end
        j, n = j - 1, n - 1
      end
      return nil
    end
    local j, n = i, 0
    while n < lo do
      if not set[byte(S, j)] then
        return nil
      end
      j, n = j + 1, n + 1
    end
    while true do
      local r = k(j)
      if r then
        return r
      end
      if (hi >= 0 and n >= hi) or not set[byte(S, j)] then
        return nil
      end
      j, n = j + 1, n + 1
    end
  end
end

-- A repeat of anything else: each pass of the body goes on to the next pass or to `k`.
local function compile_repeat(node, k)
  local lo, hi, greedy = node[2], node[3], node[4]
  local frames = {} -- (start, count) of the passes in progress, innermost last
  local loop
  local body = compile_seq(node[5], function(j)
    local f = frames[#frames]
    if j == f[1] then
      return nil -- an empty pass goes nowhere
    end
    return loop(j, f[2] + 1)
  end)
  local function pass(i, n)
    frames[#frames + 1] = { i, n }
    local r = body(i)
    frames[#frames] = nil
    return r
  end
  loop = function(i, n)
    if greedy then
      if hi < 0 or n < hi then
        local r = pass(i, n)
        if r then
          return r
        end
      end
      if n >= lo then
        return k(i)
      end
      return nil
    end
    if n >= lo then
      local r = k(i)
      if r then
        return r
      end
    end
    if hi < 0 or n < hi then
      return pass(i, n)
    end
    return nil
  end
  return function(i)
    return loop(i, 0)
  end
end

local function compile_node(node, k)
  local kind = node[1]
  if kind == "str" then
    local text, len = node[2], #node[2]
    return function(i)
      if sub(S, i, i + len - 1) == text then
        return k(i + len)
      end
    end
  elseif kind == "istr" then
    local text, len = node[2], #node[2]
    return function(i)
      if lower(sub(S, i, i + len - 1)) == text then
        return k(i + len)
      end
    end
  elseif kind == "set" then
    local set = bytes_of(node[2])
    return function(i)
      local b = byte(S, i)
      if b and set[b] then
        return k(i + 1)
      end
    end
  elseif kind == "at" then
    local test = assert(AT[node[2]], node[2])
    return function(i)
      if test(i) then
        return k(i)
      end
    end
  elseif kind == "grp" then
    local n = node[2]
    if n == 0 then
      return compile_seq(node[3], k)
    end
    local inner = compile_seq(node[3], function(j)
      local s0, e0 = caps[2 * n - 1], caps[2 * n]
      caps[2 * n - 1], caps[2 * n] = open[n], j
      local r = k(j)
      if not r then
        caps[2 * n - 1], caps[2 * n] = s0, e0
      end
      return r
    end)
    return function(i)
      local saved = open[n]
      open[n] = i
      local r = inner(i)
      open[n] = saved
      return r
    end
  elseif kind == "alt" then
    local branches = {}
    for b = 2, #node do
      branches[#branches + 1] = compile_seq(node[b], k)
    end
    return function(i)
      for b = 1, #branches do
        local r = branches[b](i)
        if r then
          return r
        end
      end
    end
  elseif kind == "rep" then
    local body = node[5]
    local set = #body == 1 and one_byte(body[1]) or nil
    if set then
      return compile_run(set, node[2], node[3], node[4], k)
    end
    return compile_repeat(node, k)
  end
  error("decklint.regex: unknown node " .. tostring(kind))
end

compile_seq = function(seq, k)
  for n = #seq, 1, -1 do
    k = compile_node(seq[n], k)
  end
  return k
end

local Pattern = {}
Pattern.__index = Pattern

local function found(i)
  return i
end

local function ends_the_text(i)
  if i == N + 1 then
    return i
  end
end

-- The bytes a match can start with, added to `acc`: "done" when every match starts with one
-- of them, "empty" when the nodes from `i` on can match nothing, "any" when it is not known.
local function scan(seq, i, acc)
  local node = seq[i]
  if node == nil then
    return "empty"
  end
  local kind = node[1]
  if (kind == "str" or kind == "istr") and #node[2] > 0 then
    local b = byte(node[2])
    acc[b] = true
    if kind == "istr" then
      acc[byte(string.upper(node[2]))] = true
    end
    return "done"
  elseif kind == "set" then
    for b in pairs(bytes_of(node[2])) do
      acc[b] = true
    end
    return "done"
  elseif kind == "at" then
    return scan(seq, i + 1, acc)
  end
  local open_end = false
  if kind == "grp" or kind == "rep" then
    local r = scan(kind == "grp" and node[3] or node[5], 1, acc)
    if r == "any" then
      return "any"
    end
    open_end = r == "empty" or (kind == "rep" and node[2] == 0)
  elseif kind == "alt" then
    for b = 2, #node do
      local r = scan(node[b], 1, acc)
      if r == "any" then
        return "any"
      end
      open_end = open_end or r == "empty"
    end
  else
    return "any"
  end
  if open_end then
    return scan(seq, i + 1, acc)
  end
  return "done"
end

--- A pattern from its tree (tables.lua), compiled once.
function M.compile(tree)
  local p = setmetatable({ groups = tree.groups, tree = tree }, Pattern)
  p.run = compile_seq(tree.seq, found)
  local first = tree.seq[1]
  p.at_line_starts = first ~= nil and first[1] == "at" and first[2] == "bol"
  p.at_start = first ~= nil and first[1] == "at" and first[2] == "bos"
  local firsts = {}
  if scan(tree.seq, 1, firsts) == "done" then
    p.firsts = firsts -- a match can start only at one of these bytes
  end
  return p
end

local Match = {}
Match.__index = Match

--- The text group `n` took (0: the whole match), or nil when it took part in no match.
function Match:group(n)
  if n == 0 then
    return sub(self.subject, self.s, self.e - 1)
  end
  local s, e = self.caps[2 * n - 1], self.caps[2 * n]
  if s == nil then
    return nil
  end
  return sub(self.subject, s, e - 1)
end

-- Captures are put back as a match backtracks, so one table serves every attempt of a search.
local function attempt(run, i)
  local e = run(i)
  if e then
    local m = setmetatable({ subject = S, s = i, e = e, caps = caps }, Match)
    caps, open = {}, {}
    return m
  end
end

local function begin(text)
  S, N = text, #text
  caps, open = {}, {}
end

--- The first match at or after byte `init` (1 when nil), as re.search.
function Pattern:search(text, init)
  begin(text)
  local i, firsts = init or 1, self.firsts
  while i <= N + 1 do
    if self.at_line_starts and i > 1 and byte(S, i - 1) ~= 10 then
      local nl = string.find(S, "\n", i, true)
      if not nl then
        return nil
      end
      i = nl + 1
    end
    if firsts == nil or firsts[byte(S, i)] then
      local m = attempt(self.run, i)
      if m then
        return m
      end
    end
    if self.at_start then
      return nil
    end
    i = i + 1
  end
  return nil
end

--- A match that starts at byte `init` (1 when nil), as re.match.
function Pattern:match(text, init)
  begin(text)
  return attempt(self.run, init or 1)
end

--- A match of the whole text, as re.fullmatch.
function Pattern:fullmatch(text)
  begin(text)
  self.full = self.full or compile_seq(self.tree.seq, ends_the_text)
  return attempt(self.full, 1)
end

--- Each match in turn, as re.finditer.
function Pattern:each(text)
  local at = 1
  return function()
    if at > #text + 1 then
      return nil
    end
    local m = self:search(text, at)
    if m then
      at = m.e > m.s and m.e or m.e + 1
    else
      at = #text + 2
    end
    return m
  end
end

--- How many times the pattern matches, as len(re.findall).
function Pattern:count(text)
  local n = 0
  for _ in self:each(text) do
    n = n + 1
  end
  return n
end

return M
